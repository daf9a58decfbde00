#!/bin/sh
# series format -o DIR into a directory it wrote before: the files of the
# series' earlier format that it does not write again are removed (they are
# recorded in DIR/.quill-format); files it did not write stay.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH

test_expect_success 'setup: v1 of five patches formatted into out' '
	test_repo r && cd r &&
	quill series new zone >/dev/null &&
	quill series edit-cover -m "zone: frob the zones

Why." >/dev/null &&
	add_patches 5 zone &&
	quill series format -o out >printed &&
	test $(ls out | wc -l) = 6 &&
	test -f out/.quill-format &&
	echo "foreign" >out/notes.txt &&
	echo "mine" >out/0009-my-own.patch
'

test_expect_success 'v2 of four patches into the same out: v1 0005 goes, the rest stays' '
	cd r &&
	quill series new-version >/dev/null 2>&1 &&
	git reset -q --hard HEAD~1 &&
	quill series format -o out >printed &&
	test $(wc -l <printed) = 5 &&
	test ! -e out/0005-zone-add-file-5.patch &&
	(cd out && ls) >got &&
	cat >want <<-\EOT &&
	0000-cover-letter.patch
	0001-zone-add-file-1.patch
	0002-zone-add-file-2.patch
	0003-zone-add-file-3.patch
	0004-zone-add-file-4.patch
	0009-my-own.patch
	notes.txt
	EOT
	test_cmp want got &&
	grep -q "^Subject: \[PATCH v2 0/4\]" out/0000-cover-letter.patch &&
	test "$(cat out/notes.txt)" = foreign &&
	test "$(cat out/0009-my-own.patch)" = mine
'

test_expect_success 'a renamed patch: its old file goes, --json names what was removed' '
	cd r &&
	git commit -q --amend -m "zone: a new name for file 4" &&
	quill series format --json -o out >j &&
	test ! -e out/0004-zone-add-file-4.patch &&
	test -f out/0004-zone-a-new-name-for-file-4.patch &&
	test "$(jget j "d[\"removed\"]")" = "[\"out/0004-zone-add-file-4.patch\"]" &&
	quill series format --json -o out >j &&
	test "$(jget j "d[\"removed\"]")" = "[]" &&
	quill series format --json >j &&
	test "$(jget j "d[\"removed\"]")" = null
'

test_expect_success 'another series into the same directory: each keeps its own files' '
	cd r &&
	git checkout -q main &&
	quill series new other >/dev/null &&
	add_patches 7 oth &&
	quill series format -o out >/dev/null &&
	test -f out/0007-oth-add-file-7.patch &&
	test -f out/0009-my-own.patch &&
	git checkout -q zone &&
	quill series format zone -o out >/dev/null &&
	test -f out/0007-oth-add-file-7.patch &&
	test -f out/0005-oth-add-file-5.patch &&
	git checkout -q other &&
	git reset -q --hard HEAD~2 &&
	quill series format other -o out >/dev/null &&
	test ! -e out/0007-oth-add-file-7.patch &&
	test ! -e out/0006-oth-add-file-6.patch &&
	test -f out/0009-my-own.patch &&
	test -f out/notes.txt
'

test_expect_success 'the record is never followed outside DIR, nor to a dot file' '
	cd r &&
	echo keep >victim &&
	echo keep >out/.hidden &&
	printf "other\t../victim\nother\t.hidden\nother\t\n" >>out/.quill-format &&
	quill series format other -o out >/dev/null &&
	test "$(cat victim)" = keep &&
	test "$(cat out/.hidden)" = keep &&
	! grep -q "victim" out/.quill-format
'

test_expect_success 'a directory written by hand (no record): nothing is removed' '
	cd r &&
	mkdir hand &&
	echo x >hand/0005-zone-add-file-5.patch &&
	quill series format other -o hand >/dev/null &&
	test -f hand/0005-zone-add-file-5.patch
'

test_expect_success 'a record that is a link or a FIFO is refused (3), not followed or waited on' '
	cd r &&
	mkdir lnk fifo &&
	echo "other	0001-x.patch" >elsewhere &&
	ln -s ../elsewhere lnk/.quill-format &&
	test_expect_code 3 quill series format other -o lnk >/dev/null 2>err &&
	grep "^quill: lnk/.quill-format: a symbolic link, not a regular file" err &&
	test -L lnk/.quill-format &&
	mkfifo fifo/.quill-format &&
	test_expect_code 3 timeout 10 quill series format other -o fifo >/dev/null 2>err &&
	grep "^quill: fifo/.quill-format: a FIFO, not a regular file" err
'

test_done
