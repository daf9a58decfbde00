# lib.sh - the shell test harness: TAP output for prove, a scratch HOME,
# fixed dates and locale.  A test script does:
#
#   #!/bin/sh
#   . "$(dirname "$0")/lib.sh"
#   test_expect_success 'what it checks' '
#           quill series new x &&
#           quill series show >out &&
#           grep "series x" out
#   '
#   test_done
#
# Each test body runs with `eval` in the test shell, in $TRASH (it is cd'ed
# back there after every test); chain commands with && so a failing one fails
# the test.  Helpers: test_cmp, test_cmp_json, test_mask_ids, test_must_fail,
# test_expect_code, test_tick, test_commit, test_repo, skip_all, test_skip;
# $SQ is a single quote.  QUILL_BUILD_DIR (set by make check) names the tree
# whose ./quill is tested; it is first in PATH.
#
# Where a command's whole output is fixed, compare all of it with test_cmp
# against the expected text (a here-document), not a line of it with grep;
# JSON with test_cmp_json; ids that need not be in the expectation masked
# with test_mask_ids.

TEST_NAME=$(basename "$0" .sh)
if [ -z "${QUILL_BUILD_DIR:-}" ]; then
	QUILL_BUILD_DIR=$(cd "$(dirname "$0")/.." && pwd)
fi
export QUILL_BUILD_DIR
TEST_SRC=$(cd "$(dirname "$0")" && pwd)
export TEST_SRC
PATH="$QUILL_BUILD_DIR:$PATH"
export PATH

TRASH=$(mktemp -d "${TMPDIR:-/tmp}/quill-$TEST_NAME.XXXXXX")
export TRASH
HOME="$TRASH/home"
mkdir -p "$HOME"
export HOME
unset XDG_CONFIG_HOME XDG_DATA_HOME GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE EDITOR VISUAL GIT_EDITOR
LC_ALL=C
LANG=C
TZ=UTC
export LC_ALL LANG TZ
GIT_CONFIG_NOSYSTEM=1
export GIT_CONFIG_NOSYSTEM
GIT_AUTHOR_NAME="Ada Author"
GIT_AUTHOR_EMAIL="ada@example.org"
GIT_COMMITTER_NAME="Ada Author"
GIT_COMMITTER_EMAIL="ada@example.org"
export GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
test_tick_time=1764583200	# 2025-12-01 10:00:00 UTC
GIT_AUTHOR_DATE="@$test_tick_time +0000"
GIT_COMMITTER_DATE="@$test_tick_time +0000"
export GIT_AUTHOR_DATE GIT_COMMITTER_DATE
git config --global user.name "$GIT_COMMITTER_NAME"
git config --global user.email "$GIT_COMMITTER_EMAIL"
git config --global init.defaultBranch main
git config --global advice.detachedHead false

# a single quote, for expected texts inside the single-quoted test bodies
SQ="'"

test_count=0
test_failed=0
test_cleanup_trash() {
	if [ "$test_failed" = 0 ] && [ -z "${QUILL_TEST_KEEP:-}" ]; then
		rm -rf "$TRASH"
	else
		echo "# scratch kept in $TRASH" >&2
	fi
}
trap test_cleanup_trash EXIT

# test_tick: advance the fixed clock by one minute.
test_tick() {
	test_tick_time=$((test_tick_time + 60))
	GIT_AUTHOR_DATE="@$test_tick_time +0000"
	GIT_COMMITTER_DATE="@$test_tick_time +0000"
	export GIT_AUTHOR_DATE GIT_COMMITTER_DATE
}

# test_repo DIR: a new repository with one commit (README) on main.
test_repo() {
	git init -q "$1" &&
	(cd "$1" && printf 'a project\n' >README && git add README &&
	 test_tick && git commit -q -m "initial import")
}

# test_commit MESSAGE [FILE [CONTENT]]: change FILE (default: a file named
# after the message) and commit, in the current directory.
test_commit() {
	_f=${2:-$(printf '%s' "$1" | tr -c 'a-zA-Z0-9\n' '-').t}
	printf '%s\n' "${3:-$1}" >>"$_f" &&
	git add "$_f" &&
	test_tick &&
	git commit -q -m "$1"
}

test_ok_() {
	test_count=$((test_count + 1))
	echo "ok $test_count - $1"
}

test_fail_() {
	test_count=$((test_count + 1))
	test_failed=$((test_failed + 1))
	echo "not ok $test_count - $1"
	printf '%s\n' "$2" | sed 's/^/#	/'
}

# The body runs inside this function so that a `return 1` in it (in a
# loop: `... || return 1`) fails the test instead of returning from
# test_expect_success and leaving the test unreported.
test_eval_body_() {
	eval "$1"
}

test_expect_success() {
	if [ $# -ne 2 ]; then
		echo "bug: test_expect_success needs a title and a body" >&2
		exit 1
	fi
	cd "$TRASH" || exit 1
	if test_eval_body_ "$2" >"$TRASH/.out" 2>&1; then
		test_ok_ "$1"
	else
		test_fail_ "$1" "$2"
		# what the body said, on stderr too: prove shows it without -v
		# (a rare failure under load must say why in CI's log)
		sed 's/^/#	> /' "$TRASH/.out" | tee -a "$TRASH/.failed" >&2
	fi
	cd "$TRASH" || exit 1
}

# test_skip TITLE REASON: a test that cannot run here.
test_skip() {
	test_count=$((test_count + 1))
	echo "ok $test_count # skip $1 ($2)"
}

# skip_all REASON: the whole script cannot run here.
skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" = 0 ]
	exit $?
}

test_cmp() {
	diff -u "$1" "$2"
}

# test_cmp_json EXPECT ACTUAL: the same JSON document (keys in any order,
# any layout); the diff is of both normalised.
test_cmp_json() {
	python3 -m json.tool --sort-keys "$1" >"$1.norm" &&
	python3 -m json.tool --sort-keys "$2" >"$2.norm" &&
	diff -u "$1.norm" "$2.norm"
}

# test_mask_ids [FILE]: FILE (or stdin) with every full object id (40 hex)
# as <id> and every 12-hex word (a short id) as <id12>, for expectations
# that should not hold ids.
test_mask_ids() {
	sed -E 's/[0-9a-f]{40}/<id>/g; s/\b[0-9a-f]{12}\b/<id12>/g' "$@"
}

# test_must_fail CMD...: CMD fails, but not by a signal (a crash).
test_must_fail() {
	"$@"
	_rc=$?
	if [ $_rc -eq 0 ]; then
		echo "test_must_fail: '$*' succeeded" >&2
		return 1
	elif [ $_rc -gt 128 ]; then
		echo "test_must_fail: '$*' died of signal $((_rc - 128))" >&2
		return 1
	fi
	return 0
}

# test_expect_code N CMD...: CMD exits with status N.
test_expect_code() {
	_want=$1
	shift
	"$@"
	_rc=$?
	if [ $_rc -ne "$_want" ]; then
		echo "test_expect_code: '$*' exited $_rc, wanted $_want" >&2
		return 1
	fi
	return 0
}

cd "$TRASH" || exit 1
