#!/bin/sh
# quill mail am --apply: a series made with quill, frozen as v1 and v2 and
# formatted with its base-commit:/change-id: footers, applied in a clone of
# the base with libgit2 (no git am): the trees and authors of v2; a patch
# that does not apply (or does not parse) is named and nothing is written.  (Lint warnings on
# the fixture's unsigned patches go to stderr too: the error is its last line.)
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

# fails CODE PATTERN ARGS...: quill ARGS exits CODE, its last stderr line is
# "quill: " and matches PATTERN
fails() {
	f_code=$1 f_pat=$2
	shift 2
	quill "$@" >out.fail 2>err.fail
	f_rc=$?
	test "$f_rc" = "$f_code" || { echo "exit $f_rc, wanted $f_code" >&2; cat err.fail >&2; return 1; }
	tail -n 1 err.fail | grep -E -- "^quill: .*$f_pat" || { cat err.fail >&2; return 1; }
}

git config --global user.name "Mira Kovac"
git config --global user.email "mira@example.org"

test_expect_success 'a series posted as v1 and v2' '
	test_repo up &&
	(cd up && git branch -M main && git clone -q . ../base &&
	 quill series new zones >/dev/null && add_patches 2 z &&
	 quill series new-version -m "first" >/dev/null &&
	 printf "more\n" >>z-2 && git commit -q -a --amend -m "z: add file 2

With a body." &&
	 quill series format --stdout >../v1.mbox 2>/dev/null &&
	 quill series format -v 1 --stdout >../v1.mbox 2>/dev/null &&
	 quill series format --stdout >../v2.mbox 2>/dev/null &&
	 quill series new-version -m "second" >/dev/null &&
	 git rev-parse HEAD^{tree} >../v2.tree) &&
	cat v1.mbox v2.mbox >both.mbox &&
	grep -q "^base-commit: " v2.mbox
'

test_expect_success 'mail am --apply makes a branch with the trees of v2' '
	(cd base && quill mail am --mbox ../both.mbox --apply --branch x >../out 2>../err) &&
	git -C base rev-parse x^{tree} >got &&
	test_cmp v2.tree got &&
	git -C base log --reverse --format="%an <%ae>|%ad|%s" \
		--date="format:%a, %d %b %Y %H:%M:%S %z" main..x >log &&
	d1=$(sed -n "s/^Date: //p" v2.mbox | sed -n 2p) &&
	d2=$(sed -n "s/^Date: //p" v2.mbox | sed -n 3p) &&
	printf "%s\n" "Ada Author <ada@example.org>|$d1|z: add file 1" \
		"Ada Author <ada@example.org>|$d2|z: add file 2" >want &&
	test_cmp want log &&
	git -C base log --format="%cn <%ce>" -1 x >cn &&
	git -C base var GIT_COMMITTER_IDENT | sed "s/> .*/>/" >want && test_cmp want cn &&
	test "$(git -C base rev-parse x~2)" = "$(git -C base rev-parse main)" &&
	test "$(git -C base symbolic-ref --short HEAD)" = main
'

test_expect_success 'the message has the posted body' '
	git -C base log -1 --format=%B x >msg &&
	cat >expect <<-\EOF &&
	z: add file 2

	With a body.

	EOF
	test_cmp expect msg
'

test_expect_success 'an existing branch is refused' '
	(cd base && fails 2 "branch .x. exists" mail am --mbox ../both.mbox --apply --branch x)
'

test_expect_success 'the default branch name, --checkout' '
	(cd base && quill mail am --mbox ../both.mbox --apply --checkout >/dev/null 2>../err) &&
	grep "branch am/" err &&
	case "$(git -C base symbolic-ref --short HEAD)" in am/*) ;; *) false ;; esac &&
	git -C base checkout -q main
'

test_expect_success 'a broken diff: exit 3' '
	sed "s/^@@ -0,0 +1 @@/@@ -0,0 +1,7 @@/" both.mbox >broken.mbox &&
	(cd base && fails 3 "patch 1/2 .*does not parse" \
		mail am --mbox ../broken.mbox --apply --branch z &&
	 test_must_fail git rev-parse -q --verify refs/heads/z)
'

test_expect_success 'a patch that does not apply: exit 1, named, no branch' '
	(cd up && git checkout -q main && quill series new readme >/dev/null &&
	 printf "more\n" >>README && git commit -q -a -m "readme: say more" &&
	 quill series format --stdout 2>/dev/null |
		sed "/^base-commit: /d" >../readme.mbox) &&
	grep -q "^ a project\$" readme.mbox &&
	(cd base && printf "another project\n" >README && git commit -q -a -m "reword" &&
	 fails 1 "patch 1/1 \(readme: say more\) does not apply" \
		mail am --mbox ../readme.mbox --apply --branch rd &&
	 test_must_fail git rev-parse -q --verify refs/heads/rd &&
	 test "$(git symbolic-ref --short HEAD)" = main)
'

test_done
