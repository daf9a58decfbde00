#!/bin/sh
# quill trailer lint: the output (lines, summary, --json), exit codes,
# --list-rules, what runs without a repository, usage errors.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-lint.sh"

SOB="Signed-off-by: Ada Author <ada@example.org>"

test_expect_success 'setup: a clean commit and a bad one' '
	lint_repo &&
	(cd repo && printf "x\n" >>zone.c && git commit -qam "zone: fix it

The fix.

$SOB" &&
	 printf "y\n" >>zone.c && git commit -qam "zone: break it

The break, in a line that is longer than it ought to be, by quite a margin, yes.

Reviewed-by: Bo Brenn
Signed-off-by: Ada Author <ada@example.org>") &&
	GOOD=$(git -C repo rev-parse --short=12 HEAD~1) &&
	BAD=$(git -C repo rev-parse --short=12 HEAD)
'

test_expect_success 'a clean commit: only the summary, exit 0' '
	(cd repo && quill trailer lint HEAD~1 >../out) &&
	test_cmp - out <<-EOF
	total: 0 errors, 0 warnings, 0 info in 1 commit
	EOF
'

test_expect_success 'findings: COMMIT:LINE: SEVERITY: RULE-ID: message, then the summary; exit 1' '
	(cd repo && test_expect_code 1 quill trailer lint HEAD >../out) &&
	test_cmp - out <<-EOF
	$BAD:3: warning: long-line: a line of 80 characters, over 75 (wrap the text)
	$BAD:5: error: trailer-malformed: Reviewed-by: Bo Brenn has no <address>
	$BAD:6: warning: tag-order: Signed-off-by: should come before Reviewed-by: (tag order: Fixes, Reported-by, Closes, Originally-by, Suggested-by, Co-developed-by/Signed-off-by, Tested-by, Reviewed-by, Acked-by, Cc, Link)
	total: 1 error, 2 warnings, 0 info in 1 commit
	EOF
'

test_expect_success 'warnings alone: exit 0' '
	(cd repo && printf "z\n" >>zone.c && git commit -qam "zone: warn

The warning, in a line that is longer than it ought to be by quite a margin.

$SOB" && quill trailer lint HEAD >../out) &&
	grep -q "^total: 0 errors, 1 warning, 0 info in 1 commit$" out &&
	git -C repo reset -q --hard HEAD~1
'

test_expect_success '--json: one document, the same findings' '
	(cd repo && test_expect_code 1 quill trailer lint --json HEAD~2..HEAD >../j) &&
	test "$(jget j "d[\"checked\"]")" = 2 &&
	test "$(jget j "d[\"kind\"]")" = commits &&
	test "$(jget j "(d[\"errors\"], d[\"warnings\"], d[\"info\"], d[\"ignored\"])")" = "[1, 2, 0, 0]" &&
	test "$(jget j "[f[\"rule\"] for f in d[\"findings\"]]")" = "[\"long-line\", \"trailer-malformed\", \"tag-order\"]" &&
	test "$(jget j "d[\"findings\"][1][\"line\"]")" = 5 &&
	test "$(jget j "d[\"findings\"][1][\"severity\"]")" = error &&
	test "$(jget j "d[\"findings\"][1][\"commit\"]")" = "$(git -C repo rev-parse HEAD)" &&
	test "$(jget j "d[\"findings\"][1][\"where\"]")" = "$BAD" &&
	test "$(jget j "d[\"findings\"][1][\"file\"]")" = null
'

test_expect_success 'no arguments and no series: HEAD alone' '
	(cd repo && test_expect_code 1 quill trailer lint >../out) &&
	grep -q "in 1 commit$" out && grep -q "^$BAD:5:" out
'

test_expect_success '--list-rules: every rule, its severity and what it needs' '
	(cd repo && quill trailer lint --list-rules >../rules) &&
	test "$(wc -l <rules)" = 49 &&
	grep -Eq "^sign-off-missing +error +no Signed-off-by" rules &&
	grep -Eq "^tag-spelling +info " rules &&
	grep -Eq "^fixes-unknown +error +Fixes: naming no commit of the repository$" rules &&
	grep -Eq "^review-declined +off .*\\(needs the review history\\)$" rules &&
	grep -Eq "^series-numbering +off .*\\(needs several mails\\)$" rules &&
	(cd repo && quill trailer lint --list-rules --json >../rules.json) &&
	test "$(jget rules.json "len(d[\"rules\"])")" = 49 &&
	test "$(jget rules.json "[r[\"default\"] for r in d[\"rules\"] if r[\"rule\"] == \"review-declined\"][0]")" = error
'

test_expect_success 'outside a repository: REVS are refused, mail FILEs are checked' '
	mkdir -p away && git -C repo format-patch -q -1 -o ../away HEAD &&
	(cd away && GIT_CEILING_DIRECTORIES=$TRASH quill_fails 2 "not in a git repository" trailer lint HEAD) &&
	(cd away && GIT_CEILING_DIRECTORIES=$TRASH test_expect_code 1 quill trailer lint 0001-zone-break-it.patch >../out) &&
	grep -q "^0001-zone-break-it.patch:8: error: trailer-malformed: " out &&
	grep -q "^total: 1 error, 2 warnings, 0 info in 1 mail$" out &&
	(cd away && GIT_CEILING_DIRECTORIES=$TRASH test_expect_code 1 quill trailer lint --mbox 0001-zone-break-it.patch >../out2) &&
	test_cmp out out2 &&
	(cd away && GIT_CEILING_DIRECTORIES=$TRASH test_expect_code 1 quill trailer lint - <0001-zone-break-it.patch >../out3) &&
	sed "s/^0001-zone-break-it.patch:/-:/" out >want3 && test_cmp want3 out3
'

test_expect_success 'usage errors exit 2 with one line' '
	(cd repo && quill_fails 2 "--version needs --series" trailer lint --version 2) &&
	(cd repo && quill_fails 2 "names no commit" trailer lint no-such-rev) &&
	(cd repo && quill_fails 2 "one of REVS, --rev-range, --series" trailer lint --series x HEAD) &&
	cp away/0001-zone-break-it.patch repo/ &&
	(cd repo && quill_fails 2 "give mail FILEs or REVS, not both" trailer lint 0001-zone-break-it.patch HEAD) &&
	rm repo/0001-zone-break-it.patch &&
	(cd repo && printf x >HEAD~1 && quill_fails 2 "both a file and a revision" trailer lint HEAD~1 && rm HEAD~1)
'

test_expect_success 'a file that is no mail: skipped with a warning; exit 3 when nothing is' '
	printf "not a mail at all\n" >junk &&
	(cd away && GIT_CEILING_DIRECTORIES=$TRASH quill trailer lint ../junk >../out 2>../err; test $? = 3) &&
	grep -q "^quill: warning: ../junk: message 1: .*: skipped$" err &&
	grep -q "no mail in the input" err
'

test_expect_success '--help names every option' '
	quill trailer lint --help >help &&
	for o in --series --version --mbox --rev-range --policy --ignore-file --mailmap --submitter \
		 --list-rules --json; do
		grep -q -- "$o" help || { echo "no $o"; return 1; }
	done
'

test_done
