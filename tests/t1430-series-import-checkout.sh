#!/bin/sh
# quill series import into a repository whose HEAD is unborn (issue 10 item
# 9): the README's first step, `git init` then the import, checks the
# series' branch out (HEAD, index and work tree), so `git status` is clean;
# what would overwrite a file is not checked out, and HEAD is left alone.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

EXAMPLE=$TEST_SRC/../series/ringbuf-resize

test_expect_success 'git init, then the import: the branch checked out, status clean' '
	git init -q fresh && cd fresh &&
	quill series import "$EXAMPLE" >../out 2>../err &&
	grep -q "imported series ringbuf-resize" ../out && test ! -s ../err &&
	test -z "$(git status --porcelain)" &&
	test "$(git symbolic-ref HEAD)" = refs/heads/ringbuf-resize &&
	git diff --quiet HEAD && git diff --cached --quiet HEAD &&
	test -f ringbuf.c && test -f test.c &&
	test "$(git rev-parse main)" = "$(git rev-parse v1.1^{commit})"
'

test_expect_success 'then the branch work goes on: main checks out clean' '
	cd fresh && git checkout -q main &&
	test -z "$(git status --porcelain)" &&
	git checkout -q ringbuf-resize && test -z "$(git status --porcelain)"
'

test_expect_success 'an unborn HEAD named like the series branch: checked out too' '
	git init -q --initial-branch=ringbuf-resize same && cd same &&
	quill series import "$EXAMPLE" >../out 2>../err && test ! -s ../err &&
	test -z "$(git status --porcelain)" &&
	test "$(git symbolic-ref HEAD)" = refs/heads/ringbuf-resize &&
	git diff --quiet HEAD &&
	! git rev-parse -q --verify refs/heads/main
'

test_expect_success 'a file in the way: imported, not checked out, HEAD left alone' '
	git init -q inway && cd inway &&
	printf "mine\n" >ringbuf.c &&
	quill series import "$EXAMPLE" >../out 2>../err &&
	grep -q "imported series ringbuf-resize" ../out &&
	grep -q "warning: branch ringbuf-resize not checked out: ringbuf.c in the work tree is not the branch" ../err &&
	test "$(cat ringbuf.c)" = mine &&
	test "$(git symbolic-ref HEAD)" = refs/heads/main &&
	! git rev-parse -q --verify HEAD &&
	test "$(git status --porcelain)" = "?? ringbuf.c" &&
	quill series show ringbuf-resize >/dev/null
'

test_expect_success 'the file moved away, the import run again checks the branch out' '
	cd inway && mv ringbuf.c ../ringbuf.c.mine &&
	quill series import "$EXAMPLE" >../out &&
	grep -q "finished the import" ../out &&
	test -z "$(git status --porcelain)" &&
	test "$(git symbolic-ref HEAD)" = refs/heads/ringbuf-resize &&
	git rev-parse -q --verify refs/heads/main
'

test_expect_success 'untracked files elsewhere stay, and stay untracked' '
	git init -q other && cd other &&
	printf "notes\n" >NOTES &&
	quill series import "$EXAMPLE" >/dev/null 2>../err && test ! -s ../err &&
	test "$(git status --porcelain)" = "?? NOTES" &&
	test "$(git symbolic-ref HEAD)" = refs/heads/ringbuf-resize
'

test_expect_success 'a bare repository: no checkout, main holds the upstream' '
	git init -q --bare bare.git && cd bare.git &&
	quill series import "$EXAMPLE" >/dev/null &&
	test "$(git rev-parse HEAD)" = "$(git rev-parse v1.1^{commit})" &&
	git rev-parse -q --verify refs/heads/ringbuf-resize
'

test_expect_success 'a repository with a checked out branch: HEAD stays where it is' '
	test_repo born && cd born && before=$(git rev-parse main) &&
	quill series import "$EXAMPLE" >/dev/null &&
	test "$(git symbolic-ref HEAD)" = refs/heads/main &&
	test "$(git rev-parse main)" = "$before" &&
	test -z "$(git status --porcelain)"
'

test_expect_success 'make demo: its repository is clean after the import' '
	env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL -u GIT_COMMITTER_NAME -u GIT_COMMITTER_EMAIL \
		"$TEST_SRC/../scripts/demo.sh" >demo.out 2>demo.err ||
		{ cat demo.err; return 1; } &&
	grep -q "imported series ringbuf-resize" demo.out
'

test_expect_success 'make demo: the review of v1 comes back, lint and v2 use it' '
	grep -q "^v1: 4 replies, 5 new items$" demo.out &&
	grep -q "error: review-declined: Suggested-by: Oren Vasko declined it on the list" demo.out &&
	grep -q "still open on v1 0/2: .* promise from Mira Castell" demo.err &&
	grep -q "^- Dropped Suggested-by: Oren Vasko, as they asked" demo.out
'

test_done
