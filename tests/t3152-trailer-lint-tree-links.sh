#!/bin/sh
# The control files of a work tree (.quill/lint-ignore, .quill/trailers.conf,
# trailers.conf at its root) are the tree's, not the user's: a committed
# symbolic link among them is not followed (one warning, the file taken as
# absent), and a bad line in one is refused with FILE:LINE and what is wrong,
# never its text.  The files the user names (--policy, --ignore-file) are
# followed and quoted.  (Issue 10, item 3: a link to ~/.git-credentials made
# lint print the token.)
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-lint.sh"

TOKEN=ghp_s3cr3tT0ken4711
SOB="Signed-off-by: Ada Author <ada@example.org>"

# no_token FILE...: the token is in none of them
no_token() {
	! grep -l "$TOKEN" "$@"
}

# committed LINK TARGET: LINK (in repo) a committed symbolic link to TARGET,
# checked out from a clone as a user would get it
committed() {
	(cd upstream && mkdir -p "$(dirname "$1")" && ln -s "$2" "$1" && git add "$1" &&
	 test_tick && git commit -q -m "zone: add $1

The link.

$SOB") &&
	rm -rf repo && git clone -q upstream repo &&
	test -L "repo/$1"
}

test_expect_success 'setup: a token in ~/.git-credentials, a repository' '
	printf "https://ada:%s@github.com\n" "$TOKEN" >"$HOME/.git-credentials" &&
	test_repo upstream &&
	(cd upstream && printf "x\n" >f && git add f && test_tick &&
	 git commit -q -m "zone: a change

The change.

$SOB") &&
	git clone -q upstream repo &&
	(cd repo && quill trailer lint HEAD >../clean.out) &&
	grep -q "^total: 0 errors, 0 warnings, 0 info in 1 commit$" clean.out
'

for f in .quill/lint-ignore .quill/trailers.conf trailers.conf; do
	test_expect_success "a committed link $f -> ~/.git-credentials: one warning, not read" '
		committed '"$f"' "$HOME/.git-credentials" &&
		(cd repo && quill trailer lint HEAD >../out 2>../err) &&
		test_cmp clean.out out &&
		echo "quill: warning: $TRASH/repo/'"$f"': a symbolic link; not read" >want &&
		test_cmp want err &&
		no_token out err &&
		(cd repo && quill trailer lint --json HEAD >../out 2>../err) &&
		test "$(jget out "d[\"errors\"], d[\"checked\"]")" = "[0, 1]" &&
		test_cmp want err &&
		rm -rf upstream/.quill upstream/trailers.conf &&
		(cd upstream && git add -A && test_tick && git commit -q -m "drop the link

$SOB")
	'
done

test_expect_success 'a link to a policy file that parses is not read either' '
	printf "[rule \"sign-off-missing\"]\n\tseverity = off\n" >"$HOME/lax.conf" &&
	committed .quill/trailers.conf "$HOME/lax.conf" &&
	(cd repo && git commit -q --amend --allow-empty -m "zone: no sign-off

The change." && test_expect_code 1 quill trailer lint HEAD >../out 2>../err) &&
	lint_out sign-off-missing out &&
	grep -q "trailers.conf: a symbolic link; not read$" err &&
	rm -rf upstream/.quill && (cd upstream && git add -A && test_tick && git commit -q -m "drop

$SOB")
'

test_expect_success 'a linked .quill directory: neither file under it is read' '
	mkdir -p "$HOME/dot-quill" &&
	cp "$HOME/.git-credentials" "$HOME/dot-quill/lint-ignore" &&
	cp "$HOME/.git-credentials" "$HOME/dot-quill/trailers.conf" &&
	committed .quill "$HOME/dot-quill" &&
	(cd repo && quill trailer lint HEAD >../out 2>../err) &&
	test_cmp clean.out out &&
	cat >want <<-EOF &&
	quill: warning: $TRASH/repo/.quill/trailers.conf: under the symbolic link $TRASH/repo/.quill; not read
	quill: warning: $TRASH/repo/.quill/lint-ignore: under the symbolic link $TRASH/repo/.quill; not read
	EOF
	test_cmp want err && no_token out err &&
	rm -f upstream/.quill && (cd upstream && git add -A && test_tick && git commit -q -m "drop

$SOB") &&
	rm -rf repo && git clone -q upstream repo
'

test_expect_success 'a bad line in the tree s lint-ignore: FILE:LINE and what, not the line' '
	mkdir -p repo/.quill &&
	cp "$HOME/.git-credentials" repo/.quill/lint-ignore &&
	(cd repo && quill_fails 3 "^quill: $TRASH/repo/\\.quill/lint-ignore:1: want COMMIT RULE-ID \\[# why\\]$" trailer lint HEAD) &&
	no_token repo/err.fail &&
	printf "# ok\n0123456789ab no-such-rule  # %s\n" "$TOKEN" >repo/.quill/lint-ignore &&
	(cd repo && quill_fails 3 "lint-ignore:2: no such rule$" trailer lint HEAD) &&
	no_token repo/err.fail &&
	rm repo/.quill/lint-ignore
'

test_expect_success 'a bad line in the tree s trailers.conf: FILE:LINE and what, not the line' '
	cp "$HOME/.git-credentials" repo/.quill/trailers.conf &&
	(cd repo && quill_fails 3 "^quill: $TRASH/repo/\\.quill/trailers\\.conf:1: " trailer lint HEAD) &&
	no_token repo/err.fail &&
	for conf in "[policy]\n\tmaxLineLength = $TOKEN\n" "[policy]\n\t$TOKEN = 1\n" \
		    "[sendemail]\n\tsmtpPass = $TOKEN\n" "[trailer \"$TOKEN\"]\n\tkind = person\n" \
		    "[trailer \"Bug\"]\n\tkind = $TOKEN\n" "[rule \"$TOKEN\"]\n\tseverity = off\n" \
		    "[rule \"tag-order\"]\n\tseverity = $TOKEN\n" "[policy]\n\torder = Fixes $TOKEN/x.y\n" \
		    "[policy]\n\tstableAddress = $TOKEN\n" "[policy]\n\tarchive = a $TOKEN\n" \
		    "[trailer \"Bug\"]\n\townWord = $TOKEN\n" "[trailer \"Bug\"]\n\tpair = $TOKEN.x\n" \
		    "[$TOKEN\n"; do
		printf "$conf" >repo/.quill/trailers.conf &&
		(cd repo && quill_fails 3 "^quill: $TRASH/repo/\\.quill/trailers\\.conf:[12]: " trailer lint HEAD) &&
		no_token repo/err.fail || { cat repo/err.fail; return 1; }
	done &&
	printf "[policy]\n\tmaxLineLength = $TOKEN\n" >repo/.quill/trailers.conf &&
	(cd repo && quill_fails 3 "trailers\\.conf:2: the value is not a number from 20 to 1000$" trailer lint HEAD) &&
	mv repo/.quill/trailers.conf repo/trailers.conf &&
	(cd repo && quill_fails 3 "^quill: $TRASH/repo/trailers\\.conf:2: the value is not a number from 20 to 1000$" trailer lint HEAD) &&
	rm repo/trailers.conf
'

test_expect_success 'the user s own files: followed when links, and quoted' '
	printf "0123456789ab no-such-rule  # mine\n" >"$HOME/my-ignore" &&
	ln -s "$HOME/my-ignore" my-ignore.link &&
	(cd repo && quill_fails 3 "my-ignore\\.link:1: no such rule: .0123456789ab no-such-rule  # mine.$" trailer lint --ignore-file ../my-ignore.link HEAD) &&
	printf "[policy]\n\tmaxLineLength = many\n" >"$HOME/my.conf" &&
	ln -s "$HOME/my.conf" my.conf.link &&
	(cd repo && quill_fails 3 "my\\.conf\\.link:2: policy\\.maxlinelength: .many. is not a number from 20 to 1000$" trailer lint --policy ../my.conf.link HEAD) &&
	(cd repo && git commit -q --amend --allow-empty -m "zone: no sign-off

The change.") &&
	printf "%s sign-off-missing\n" "$(git -C repo rev-parse --short=12 HEAD)" >"$HOME/my-ignore" &&
	(cd repo && test_expect_code 1 quill trailer lint --ignore-file ../my-ignore.link HEAD >../out 2>../err) &&
	! lint_out sign-off-missing out && grep -q "(1 ignored)" out && test ! -s err
'

test_expect_success 'bench check: the same files, the same refusal' '
	(cd repo && git reset -q --hard origin/main && quill series new s >/dev/null &&
	 printf "y\n" >g && git add g && test_tick && git commit -q -m "zone: another

More.

$SOB") &&
	committed_in_repo() { mkdir -p repo/.quill && ln -s "$HOME/.git-credentials" repo/.quill/$1; } &&
	committed_in_repo trailers.conf && committed_in_repo lint-ignore &&
	(cd repo && quill bench check >../out 2>../err) &&
	grep -q "^total: 0 errors" out &&
	cat >want <<-EOF &&
	quill: warning: $TRASH/repo/.quill/trailers.conf: a symbolic link; not read
	quill: warning: $TRASH/repo/.quill/lint-ignore: a symbolic link; not read
	EOF
	test_cmp want err && no_token out err
'

test_done
