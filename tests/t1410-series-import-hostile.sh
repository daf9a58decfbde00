#!/bin/sh
# quill series import of an export that is not to be trusted: files that
# are links, FIFOs, devices or too large (issue 10 item 2), ref names an
# import may not create (item 7), numbers out of range (item 38).  Each is
# exit 3 naming the file (and the line), and leaves no ref behind.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

EXAMPLE=$TEST_SRC/../series/ringbuf-resize

# refuses NAME PATTERN SETUP: a copy of the example export changed by
# SETUP (run in TRASH, the copy is x/) imports with exit 3 and one line
# matching PATTERN, in time, into a new repository that keeps no ref
refuses() {
	rm -rf x "r-$1" && cp -r "$EXAMPLE" x && eval "$3" &&
	git init -q "r-$1" && cd "r-$1" &&
	{ timeout 20 quill series import ../x >../out 2>../err; rc=$?; } &&
	{ [ $rc = 3 ] || { echo "exit $rc, wanted 3"; cat ../err; return 1; }; } &&
	{ [ "$(wc -l <../err)" = 1 ] || { cat ../err; return 1; }; } &&
	{ grep -E "$2" ../err || { echo "wanted: $2"; cat ../err; return 1; }; } &&
	{ [ -z "$(git for-each-ref)" ] || { git for-each-ref; return 1; }; } &&
	test -z "$(git status --porcelain)" &&
	cd ..
}

test_expect_success 'setup: a secret outside the export' '
	printf "password=hunter2\n" >secret
'

test_expect_success 'a cover that is a symbolic link (item 2)' '
	refuses cover-link "x/cover: a symbolic link, not a regular file" \
		"rm x/cover && ln -s \"\$TRASH/secret\" x/cover" &&
	! git -C r-cover-link cat-file --batch-all-objects --batch 2>/dev/null | grep -q hunter2
'

test_expect_success 'a version cover or changes that is a link (item 2)' '
	refuses v1-changes "x/v1/changes: a symbolic link" \
		"rm x/v1/changes && ln -s \"\$TRASH/secret\" x/v1/changes" &&
	refuses v2-cover "x/v2/cover: a symbolic link" \
		"rm x/v2/cover && ln -s \"\$TRASH/secret\" x/v2/cover"
'

test_expect_success 'a link to /dev/zero, a FIFO: refused at once (item 2)' '
	refuses zero "x/cover: a symbolic link" "rm x/cover && ln -s /dev/zero x/cover" &&
	refuses fifo "x/v3/changes: a FIFO, not a regular file" \
		"rm x/v3/changes && mkfifo x/v3/changes"
'

test_expect_success 'a directory where a file is expected (item 2)' '
	refuses dir "x/v1/cover: a directory, not a regular file" \
		"rm x/v1/cover && mkdir x/v1/cover" &&
	refuses conf-dir "x/v2/version.conf: a directory" \
		"rm x/v2/version.conf && mkdir x/v2/version.conf"
'

test_expect_success 'series.conf, a patch file, a version directory as links (item 2)' '
	refuses conf-link "x/series.conf: a symbolic link" \
		"mv x/series.conf conf.real && ln -s \"\$TRASH/conf.real\" x/series.conf" &&
	refuses patch-link "x/v2/0002-ringbuf-add-ringbuf_resize.patch: a symbolic link" \
		"mv x/v2/0002-*.patch p.real && ln -s \"\$TRASH/p.real\" x/v2/0002-ringbuf-add-ringbuf_resize.patch" &&
	refuses upstream-link "x/upstream/0001-ringbuf-initial-import.patch: a symbolic link" \
		"mv x/upstream/0001-*.patch u.real && ln -s \"\$TRASH/u.real\" x/upstream/0001-ringbuf-initial-import.patch" &&
	refuses vdir-link "x/v3: a symbolic link, not a directory" \
		"mv x/v3 v3.real && ln -s \"\$TRASH/v3.real\" x/v3"
'

test_expect_success 'a text file over 16 MiB, a patch over 128 MiB, a FIFO patch (item 2)' '
	refuses big "x/cover: larger than 16 MiB" \
		"head -c 17000000 /dev/zero >x/cover" &&
	refuses big-patch "x/v1/0001-ringbuf-add-ringbuf_capacity.patch: larger than 128 MiB" \
		"truncate -s 129M x/v1/0001-ringbuf-add-ringbuf_capacity.patch" &&
	refuses fifo-patch "x/v1/0002-ringbuf-add-ringbuf_resize.patch: a FIFO" \
		"rm x/v1/0002-*.patch && mkfifo x/v1/0002-ringbuf-add-ringbuf_resize.patch"
'

test_expect_success 'upstream/tags: HEAD, quill/..., bad names and lines (item 7)' '
	refuses tag-head "x/upstream/tags:3: tag .HEAD. is refused" \
		"echo \"HEAD e204d6564b1dd7f07a40aebc59991382d808aa03\" >>x/upstream/tags" &&
	refuses tag-quill "x/upstream/tags:1: tag .quill/other/v1. is refused" \
		"sed -i \"1s|^v1.0 |quill/other/v1 |\" x/upstream/tags" &&
	refuses tag-quill-root "x/upstream/tags:2: tag .quill. is refused" \
		"sed -i \"2s|^v1.1 |quill |\" x/upstream/tags" &&
	refuses tag-bad "x/upstream/tags:3: tag .v2..x. is not a valid tag name" \
		"echo \"v2..x e204d6564b1dd7f07a40aebc59991382d808aa03\" >>x/upstream/tags" &&
	refuses tag-dash "x/upstream/tags:3: tag .-v2. is not a valid tag name" \
		"echo \"-v2 e204d6564b1dd7f07a40aebc59991382d808aa03\" >>x/upstream/tags" &&
	refuses tag-line "x/upstream/tags:2: not a line \"NAME OID\"" \
		"sed -i \"2s| .*| 1234|\" x/upstream/tags"
'

test_expect_success 'series.conf: a branch git cannot hold (item 7)' '
	refuses branch-dots "x/series.conf:4: branch=../../x is not a valid branch name" \
		"sed -i \"s|^branch=.*|branch=../../x|\" x/series.conf" &&
	refuses branch-head "x/series.conf:4: branch=HEAD is not a valid branch name" \
		"sed -i \"s|^branch=.*|branch=HEAD|\" x/series.conf"
'

test_expect_success 'a branch another one is in the way of: exit 2, nothing written (items 7, 8)' '
	git init -q df && cd df &&
	git commit -q --allow-empty -m root && git branch ringbuf-resize/old &&
	test_expect_code 2 quill series import "$EXAMPLE" 2>err &&
	grep -q "branch .ringbuf-resize. cannot be created: another branch is in its way" err &&
	test "$(git for-each-ref | wc -l)" = 2
'

test_expect_success 'numbers out of range name the file and line (item 38)' '
	refuses patches-big "x/v2/version.conf:8: patches=99999999999 is not a number from 0 to 9999" \
		"sed -i \"s|^patches=.*|patches=99999999999|\" x/v2/version.conf" &&
	refuses patches-neg "x/v1/version.conf:8: patches=-1 is not a number from 0 to 9999" \
		"sed -i \"s|^patches=.*|patches=-1|\" x/v1/version.conf" &&
	refuses patches-word "x/v3/version.conf:7: patches=three is not a number" \
		"sed -i \"s|^patches=.*|patches=three|\" x/v3/version.conf" &&
	refuses version-big "x/series.conf:10: version=99999999999 is not a number from 1 to 9999" \
		"sed -i \"s|^version=.*|version=99999999999|\" x/series.conf" &&
	refuses version-zero "x/series.conf:10: version=0 is not a number from 1 to 9999" \
		"sed -i \"s|^version=.*|version=0|\" x/series.conf"
'

test_expect_success 'a working version with patches out of range (item 38)' '
	git init -q src && cd src &&
	quill series import "$EXAMPLE" >/dev/null &&
	test_commit "wip" wip.c "wip" &&
	quill series export ringbuf-resize ../w --with-upstream >/dev/null &&
	grep -q "^working=true" ../w/v4/version.conf && cd .. &&
	sed -i "s|^patches=.*|patches=10000|" w/v4/version.conf &&
	git init -q wr && cd wr &&
	quill_fails 3 "w/v4/version.conf:[0-9]+: patches=10000 is not a number from 0 to 9999" \
		series import ../w &&
	test -z "$(git for-each-ref)"
'

test_expect_success 'the example export still imports' '
	git init -q fine && cd fine &&
	quill series import "$EXAMPLE" >out && grep -q "imported series ringbuf-resize" out &&
	git rev-parse -q --verify refs/tags/v1.1
'

test_done
