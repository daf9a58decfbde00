#!/bin/sh
# Two writers at once, and writers killed midway: the state ref is always
# the old or the new state, the loser says so, derived tags are repaired,
# and a stale lock is reported.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

[ -d /proc/self/fd ] || skip_all "needs /proc to see when a process has opened a file"

# frozen NAME: the number of frozen versions, read by git alone
frozen() {
	echo $(($(git show refs/quill/series/$1:series.conf | sed -n "s/^version=//p") - 1))
}

# tags_ok NAME: every frozen version has its tag, on its tip (git alone)
tags_ok() {
	tk_n=$(frozen $1)
	tk_i=1
	while [ $tk_i -le $tk_n ]; do
		tk_tip=$(git show refs/quill/series/$1:v$tk_i/version.conf | sed -n "s/^tip=//p")
		if [ "$(git rev-parse -q --verify refs/tags/quill/$1/v$tk_i^{commit})" != "$tk_tip" ]; then
			echo "quill/$1/v$tk_i is missing or not on $tk_tip" >&2
			return 1
		fi
		tk_i=$((tk_i + 1))
	done
}

# consistent NAME: show --json works and agrees with the state tree:
# versions 1..N contiguous, every vK/version.conf there and parsed
consistent() {
	quill series show --json "$1" >cons.json 2>cons.err || {
		echo "show --json $1 failed:" >&2; cat cons.err >&2; return 1; }
	python3 - cons.json "$1" "$(frozen $1)" <<-\EOF
	import json, sys
	d = json.load(open(sys.argv[1]))
	name, frozen = sys.argv[2], int(sys.argv[3])
	assert d["version"] == frozen + 1, (d["version"], frozen)
	vs = d["versions"]
	assert [v["version"] for v in vs] == list(range(1, frozen + 2)), vs
	for v in vs[:-1]:
	    assert v["tag"] == "quill/%s/v%d" % (name, v["version"]), v
	    assert len(v["tip"]) == 40 and len(v["base"]) == 40 and v["patches"] > 0, v
	EOF
}

# one_loser_line FILE: the loser's stderr, one clear line
loser_says() {
	test "$(wc -l <"$1")" = 1 &&
	grep -Eq "^quill: series .* (was changed by someone else meanwhile|is locked)" "$1" || {
		echo "unclear loser message:" >&2; cat "$1" >&2; return 1; }
}

test_expect_success 'setup' '
	test_repo r && cd r &&
	cp "$QUILL_BUILD_DIR/templates/cover-letter.txt" "$TRASH/template" &&
	for who in a b; do
		mkdir -p "$TRASH/home-$who" &&
		cp "$HOME/.gitconfig" "$TRASH/home-$who/.gitconfig" &&
		git config -f "$TRASH/home-$who/.gitconfig" quill.coverTemplate "$TRASH/fifo-$who" || exit 1
	done
'

# alive PID: PID runs (a zombie, done but not waited for, does not).
alive() {
	[ -r /proc/$1/stat ] && ! grep -q '^[0-9]* (.*) Z' /proc/$1/stat
}

# wait_or_kill PID: its exit status, waiting two minutes at most; a quill
# that opened its FIFO only after the writer had gone would block for
# ever, and must not hang the suite.
wait_or_kill() {
	_w=0
	while alive "$1" && [ $_w -lt 1200 ]; do
		sleep 0.1
		_w=$((_w + 1))
	done
	if alive "$1"; then
		echo "pid $1 still runs after two minutes: killed" >&2
		kill -9 "$1"
	fi
	wait "$1"
}

# holds_fifo PID NAME: PID runs quill (it has exec'd) and has FIFO NAME open
holds_fifo() {
	case "$(readlink "/proc/$1/exe" 2>/dev/null)" in
	*/quill) ls -l "/proc/$1/fd" 2>/dev/null | grep -q "$2" ;;
	*) return 1 ;;
	esac
}

# race_round NAME: two new-version of NAME at once.  Each reads the state,
# then its cover template (quill.coverTemplate in its own HOME) from a
# FIFO; only once both hold their FIFO open, so both have read the same
# state, are the templates written, and both race to commit.  The exit
# codes go to rc-a and rc-b, stderr to err-a and err-b.
race_round() {
	rm -f "$TRASH/fifo-a" "$TRASH/fifo-b" &&
	mkfifo "$TRASH/fifo-a" "$TRASH/fifo-b" || return 1
	exec 3<>"$TRASH/fifo-a" 4<>"$TRASH/fifo-b"
	HOME="$TRASH/home-a" quill series new-version "$1" >out-a 2>err-a 3>&- 4>&- &
	rr_a=$!
	HOME="$TRASH/home-b" quill series new-version "$1" >out-b 2>err-b 3>&- 4>&- &
	rr_b=$!
	rr_n=0
	# each must be quill itself holding its FIFO: the forked shell child
	# still holds fds 3 and 4 until it execs, and a FIFO written and closed
	# then would leave quill's own open() waiting for a writer forever
	until holds_fifo $rr_a fifo-a && holds_fifo $rr_b fifo-b; do
		rr_n=$((rr_n + 1))
		# a minute: a loaded machine (parallel make check) is slow to start them
		if [ $rr_n -ge 6000 ]; then
			echo "the two new-versions did not both reach their template" >&2
			break
		fi
		sleep 0.01
	done
	cat "$TRASH/template" >&3
	cat "$TRASH/template" >&4
	exec 3>&- 4>&-
	wait_or_kill $rr_a
	echo $? >rc-a
	wait_or_kill $rr_b
	echo $? >rc-b
}

test_expect_success 'two new-version at once, 10 rounds: exactly one wins each time' '
	cd r &&
	( i=1
	while [ $i -le 10 ]; do
		git checkout -q main && quill series new race$i >/dev/null &&
		quill series edit-cover -m "race: round $i" >/dev/null && add_patches 2 race$i &&
		before=$(git rev-parse refs/quill/series/race$i) &&
		race_round race$i &&
		wins=0 &&
		for who in a b; do
			if [ "$(cat rc-$who)" = 0 ]; then
				wins=$((wins + 1))
			else
				test "$(cat rc-$who)" = 4 && loser_says err-$who || exit 1
			fi
		done &&
		{ [ $wins = 1 ] || { echo "round $i: $wins winners" >&2; cat err-a err-b >&2; exit 1; }; } &&
		test "$(git rev-parse "refs/quill/series/race$i^1")" = "$before" &&
		test "$(frozen race$i)" = 1 &&
		tags_ok race$i && consistent race$i || exit 1
		i=$((i + 1))
	done )
'

test_expect_success 'two new-version started together, 10 rounds, unsynchronised: never half' '
	cd r &&
	( i=1
	while [ $i -le 10 ]; do
		git checkout -q main && quill series new free$i >/dev/null &&
		quill series edit-cover -m "free: round $i" >/dev/null && add_patches 2 free$i || exit 1
		quill series new-version free$i >out-a 2>err-a &
		pa=$!
		quill series new-version free$i >out-b 2>err-b &
		pb=$!
		wait $pa; echo $? >rc-a
		wait $pb; echo $? >rc-b
		wins=0 &&
		for who in a b; do
			if [ "$(cat rc-$who)" = 0 ]; then
				wins=$((wins + 1))
			else
				test "$(cat rc-$who)" = 4 && loser_says err-$who || exit 1
			fi
		done &&
		[ $wins -ge 1 ] &&
		test "$(frozen free$i)" = $wins &&
		tags_ok free$i && consistent free$i || exit 1
		i=$((i + 1))
	done )
'

test_expect_success 'setup: a 30-patch series' '
	cd r && git checkout -q main &&
	quill series new big >/dev/null && add_patches 30 big &&
	quill series edit-cover -m "big: thirty" >/dev/null &&
	quill series new-version big >/dev/null
'

test_expect_success 'new-version killed with -9 at random points, 20 times: old or new, never half' '
	cd r &&
	( i=1
	while [ $i -le 20 ]; do
		old=$(frozen big) &&
		delay=$(awk -v s="$i$$" "BEGIN { srand(s); printf \"%.3f\", rand() * 0.05 }") || exit 1
		quill series new-version -m "round $i" big >/dev/null 2>&1 &
		pid=$!
		sleep $delay
		kill -9 $pid 2>/dev/null
		wait $pid 2>/dev/null
		now=$(frozen big) &&
		{ [ $now = $old ] || [ $now = $((old + 1)) ]; } || {
			echo "round $i (after ${delay}s): $old frozen before, $now after" >&2; exit 1; }
		lock=.git/refs/quill/series/big.lock
		if [ -e $lock ]; then
			echo "round $i: a stale lock" &&
			quill series edit big --to "T <t$i@example.org>" >/dev/null 2>err &&
			grep -q "^quill: warning: removed the stale lock .*big\\.lock" err &&
			test ! -e $lock &&
			test "$(frozen big)" = $now || exit 1
		fi
		for l in $(find .git/refs/tags -name "*.lock"); do
			echo "round $i: a stale tag lock $l" &&
			quill series show big >/dev/null 2>err &&
			# the warning names the lock by its absolute path
			grep -q "^quill: warning: removed the stale lock /.*/$l " err &&
			test ! -e "$l" || { cat err >&2; exit 1; }
		done
		consistent big && tags_ok big || {
			echo "round $i (after ${delay}s) left an inconsistent state" >&2; exit 1; }
		i=$((i + 1))
	done ) &&
	test "$(git rev-list --count main..big)" = 30
'

test_expect_success 'a tag lost in a crash is written by the next command that opens the series' '
	cd r &&
	n=$(frozen big) &&
	git tag -d quill/big/v$n >/dev/null &&
	test_must_fail git rev-parse -q --verify refs/tags/quill/big/v$n &&
	quill series show big >/dev/null &&
	tags_ok big &&
	git tag -d quill/big/v1 >/dev/null &&
	quill series edit big --cc cc@example.org >/dev/null &&
	tags_ok big
'

test_expect_success 'a tag moved off its version is put back on it' '
	cd r &&
	git tag -f -a -m moved quill/big/v1 main >/dev/null &&
	quill series show big >/dev/null &&
	tags_ok big &&
	git cat-file tag quill/big/v1 | sed "1,/^\$/d" >msg &&
	git show refs/quill/series/big:v1/cover >cover &&
	test_cmp cover msg
'

test_expect_success 'a state lock while another quill lives: the writer fails (4) naming the file; readers work' '
	cd r &&
	before=$(git rev-parse refs/quill/series/big) &&
	n=$(frozen big) &&
	: >.git/refs/quill/series/big.lock &&
	lease_hold &&
	quill_fails 4 "\\.git/refs/quill/series/big\\.lock exists \\(another quill process holds the lease\\).*safe when no other quill or git runs" series new-version -m x big &&
	quill_fails 4 "big\\.lock exists" series edit big --to x@example.org &&
	quill_fails 4 "big\\.lock exists" series edit-cover big -m "another cover" &&
	test "$(git rev-parse refs/quill/series/big)" = "$before" &&
	quill series show big >/dev/null &&
	quill series list >/dev/null &&
	lease_drop &&
	test -e .git/refs/quill/series/big.lock
'

test_expect_success 'a stale state lock once no quill lives: removed with a warning, the write done' '
	cd r &&
	n=$(frozen big) &&
	quill series new-version -m y big >/dev/null 2>err &&
	grep -q "^quill: warning: removed the stale lock .*/\\.git/refs/quill/series/big\\.lock" err &&
	test ! -e .git/refs/quill/series/big.lock &&
	test "$(frozen big)" = $((n + 1)) &&
	tags_ok big && consistent big
'

test_expect_success 'a stale tag lock: new-version still freezes, warns, and a later run repairs' '
	cd r &&
	n=$(frozen big) &&
	mkdir -p .git/refs/tags/quill/big &&
	: >.git/refs/tags/quill/big/v$((n + 1)).lock &&
	lease_hold &&
	quill series new-version -m z big >out 2>err &&
	lease_drop &&
	test "$(frozen big)" = $((n + 1)) &&
	grep -q "^quill: warning: v$((n + 1)) is frozen, but its tag is not written" err &&
	grep -q "v$((n + 1))\\.lock" err &&
	test_must_fail git rev-parse -q --verify refs/tags/quill/big/v$((n + 1)) &&
	quill series show big >/dev/null 2>err &&
	grep -q "^quill: warning: removed the stale lock .*v$((n + 1))\\.lock" err &&
	test ! -e .git/refs/tags/quill/big/v$((n + 1)).lock &&
	tags_ok big
'

test_expect_success 'a quill-lease that is a symbolic link is not followed: refused, said, no lock removed' '
	cd r &&
	mv .git/quill-lease .git/quill-lease.kept &&
	ln -s "$TRASH/planted" .git/quill-lease &&
	: >.git/refs/quill/series/big.lock &&
	test_expect_code 4 quill series edit big --to y@example.org >out 2>err &&
	test "$(wc -l <err)" = 2 &&
	grep -q "^quill: warning: .*/\\.git/quill-lease is not a regular file: refused (stale lock files are not removed while it is there)$" err &&
	grep -Eq "^quill: .*big\\.lock exists \\(.*/\\.git/quill-lease is not a regular file: refused\\)" err &&
	test ! -e "$TRASH/planted" &&
	test -h .git/quill-lease &&
	test -e .git/refs/quill/series/big.lock &&
	rm .git/quill-lease && mkdir .git/quill-lease &&
	quill series show big >/dev/null 2>err &&
	grep -q "quill-lease is not a regular file: refused" err &&
	rmdir .git/quill-lease && mv .git/quill-lease.kept .git/quill-lease &&
	quill series edit big --to y@example.org >/dev/null 2>err &&
	grep -q "^quill: warning: removed the stale lock .*big\\.lock" err &&
	test ! -e .git/refs/quill/series/big.lock
'

test_done
