#!/bin/sh
# trailer lint --series counts the cover it checks: its summary says "in
# the cover and N commits", as bench check does (issue 10, item 34: all
# errors in the cover ended "... in 2 commits"); --json says "cover".  And
# the claim forms bench check's --help lists are those lint checks: an
# amount, a quoted kv line of the data.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-lint.sh"

SOB="Signed-off-by: Ada Author <ada@example.org>"

test_expect_success 'setup: a series of two clean commits, a benchmark' '
	lint_repo && cd repo &&
	quill series new s >/dev/null &&
	for i in 1 2; do
		printf "%s\n" $i >f$i && git add f$i && test_tick &&
		git commit -q -m "zone: step $i

Step $i of the work.

$SOB" || return 1
	done &&
	printf "244.18 ms\n244.38 ms\n244.28 ms\n244.08 ms\n244.48 ms\n" >base.txt &&
	printf "215.45\n215.65\n215.55\n215.35\n215.75\n" >patched.txt &&
	quill bench add rebind base.txt --role base --format samples >/dev/null &&
	quill bench add rebind patched.txt --role patched --format samples --unit ms >/dev/null &&
	rm base.txt patched.txt
'

test_expect_success 'a clean series: its cover (the new series'"'"' template) and commits' '
	cd repo &&
	quill trailer lint --series s >out &&
	test_cmp - out <<-\EOF &&
	total: 0 errors, 0 warnings, 0 info in the cover and 2 commits
	EOF
	quill trailer lint --series s --json >j &&
	test "$(jget j "d[\"cover\"], d[\"checked\"], d[\"kind\"]")" = "[true, 2, \"commits\"]"
'

test_expect_success 'every error in the cover: "in the cover and 2 commits"' '
	cd repo &&
	printf "rebind: faster\n\nRebind went from 300.00 ms to 100.00 ms,\nand then 244.31 ms -> 215.55 ms.\n" |
		quill series edit-cover -F - >/dev/null &&
	test_expect_code 1 quill trailer lint --series s >out &&
	test "$(grep -c "^cover:[0-9]*: error: claim-mismatch: " out)" = 2 &&
	tail -n 1 out >total &&
	test_cmp - total <<-\EOF &&
	total: 2 errors, 0 warnings, 0 info in the cover and 2 commits
	EOF
	test_expect_code 1 quill trailer lint >out2 && test_cmp out out2 &&
	test_expect_code 1 quill bench check >check &&
	grep -q "^total: 2 errors, 0 warnings, 0 info in the cover and 2 commits of v1: " check &&
	test_expect_code 1 quill trailer lint --series s --json >j &&
	test "$(jget j "d[\"cover\"], d[\"checked\"], d[\"errors\"]")" = "[true, 2, 2]" &&
	test "$(jget j "sorted(set(f[\"where\"] for f in d[\"findings\"]))")" = "[\"cover\"]"
'

test_expect_success 'one commit: singular, the cover still counted' '
	cd repo &&
	test_expect_code 1 quill trailer lint --series s >out &&
	git tag two && git reset -q --hard HEAD~1 &&
	test_expect_code 1 quill trailer lint --series s >out &&
	tail -n 1 out | grep -q "^total: 2 errors, 0 warnings, 0 info in the cover and 1 commit$" &&
	git reset -q --hard two
'

test_expect_success 'REVS and mails have no cover count' '
	cd repo &&
	quill trailer lint HEAD~2..HEAD >out &&
	tail -n 1 out | grep -q "^total: 0 errors, 0 warnings, 0 info in 2 commits$" &&
	quill trailer lint --json HEAD >j && test "$(jget j "d[\"cover\"]")" = false &&
	git format-patch -q --cover-letter -2 --stdout HEAD >../box &&
	quill trailer lint ../box --json >j && test "$(jget j "d[\"cover\"], d[\"skipped\"]")" = "[false, 1]"
'

test_expect_success 'the claim forms bench check --help lists: amounts, quoted kv lines' '
	cd repo &&
	quill bench check --help >help &&
	tr "\n" " " <help | grep -q "Net code reduction of 1745 bytes" &&
	tr "\n" " " <help | grep -q "saves 64 bytes" &&
	tr "\n" " " <help | grep -q "Total time: 12.39 seconds" &&
	printf "text: 1800 bytes\n" >size-base.kv && printf "text: 1736 bytes\n" >size-patched.kv &&
	quill bench add size size-base.kv --role base --format kv >/dev/null &&
	quill bench add size size-patched.kv --role patched --format kv >/dev/null &&
	printf "Total time: 12.931696 seconds\n" >t-base.kv && printf "Total time: 12.391696 seconds\n" >t-patched.kv &&
	quill bench add total t-base.kv --role base --format kv >/dev/null &&
	quill bench add total t-patched.kv --role patched --format kv >/dev/null &&
	rm -f *.kv &&
	printf "zone: smaller\n\nThis saves 64 bytes; a net code reduction of 1745 bytes\nwould be more.  Quoted:\n\n  Total time: 12.39 seconds\n" |
		quill series edit-cover -F - >/dev/null &&
	quill bench check --json >j; test $? -le 1 &&
	jget j "[(c[\"text\"], c[\"verdict\"]) for c in d[\"claims\"]]" >claims &&
	grep -q "64 bytes" claims && grep -q "1745 bytes" claims && grep -q "Total time: 12.39 seconds" claims
'

test_done
