#!/bin/sh
# series fetch and a series' patch branch missing here: made from the
# remote-tracking branch REMOTE/BRANCH when a git fetch left one (the
# report says so), else named with the git command that fetches it.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

test_expect_success 'setup: a server with series demo and its branch, two clones' '
	git init -q --bare server.git &&
	test_repo seed &&
	(cd seed && git push -q ../server.git main) &&
	git clone -q server.git a &&
	git clone -q server.git b &&
	git clone -q server.git c &&
	cd a &&
	quill series new demo >/dev/null &&
	add_patches 2 demo &&
	quill series new-version >/dev/null 2>&1 &&
	git push -q origin demo &&
	quill series push >/dev/null
'

test_expect_success 'origin/demo there: fetch creates demo from it and says so' '
	(cd b && git fetch -q origin) &&
	(cd b && quill series fetch >../out) &&
	grep "^series demo: adopted" out &&
	grep "^  note: branch demo created from origin/demo\$" out &&
	! grep "missing locally" out &&
	test "$(git -C b rev-parse refs/heads/demo)" = "$(git -C a rev-parse demo)" &&
	test "$(git -C b symbolic-ref --short HEAD)" = main &&
	test_must_fail git -C b config branch.demo.merge &&
	(cd b && quill series show demo >../show 2>../err) &&
	! test -s err &&
	grep "v2  (working) .* 2 patches .* 2 unchanged" show
'

test_expect_success '--json names the branch created and where from' '
	git -C b branch -D demo >/dev/null &&
	(cd b && quill series fetch --json >../out.json) &&
	test "$(jget out.json "d[\"series\"][0][\"branch_created\"]")" = demo &&
	test "$(jget out.json "d[\"series\"][0][\"branch_from\"]")" = origin/demo &&
	test "$(jget out.json "d[\"series\"][0].get(\"hint\")")" = null &&
	(cd b && quill series fetch >../out) &&
	grep "^everything is up to date" out &&
	! grep "note: branch" out
'

test_expect_success 'no origin/demo: the hint stays, no branch is made' '
	(cd c && quill series fetch >../out) &&
	grep "^series demo: adopted" out &&
	grep "^  note: branch demo missing locally: git fetch origin demo:demo\$" out &&
	test_must_fail git -C c rev-parse -q --verify refs/heads/demo
'

test_expect_success 'a remote given as a path has no tracking branches: the hint' '
	git -C c update-ref refs/remotes/origin/demo "$(git -C a rev-parse demo)" &&
	(cd c && quill series fetch ../server.git >../out) &&
	grep "branch demo missing locally: git fetch ../server.git demo:demo" out &&
	test_must_fail git -C c rev-parse -q --verify refs/heads/demo
'

test_done
