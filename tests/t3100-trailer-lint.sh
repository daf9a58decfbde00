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
	cat >expect <<-EOF &&
	$(git -C repo rev-parse --short=12 HEAD):3: warning: long-line: a line of 76 characters, over 75 (wrap the text)
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	test_cmp expect out &&
	git -C repo reset -q --hard HEAD~1
'

test_expect_success '--json: one document, the same findings' '
	(cd repo && test_expect_code 1 quill trailer lint --json HEAD~2..HEAD >../j) &&
	f() { # LINE SEVERITY RULE MESSAGE
		printf "{ \"where\": \"%s\", \"commit\": \"%s\", \"file\": null, \"msgid\": null," \
			"$BAD" "$(git -C repo rev-parse HEAD)" &&
		printf " \"line\": %s, \"column\": null, \"severity\": \"%s\", \"rule\": \"%s\"," "$1" "$2" "$3" &&
		printf " \"message\": \"%s\", \"ignored\": false }" "$4"
	} &&
	{
		printf "{ \"checked\": 2, \"cover\": false, \"kind\": \"commits\", \"errors\": 1, \"warnings\": 2," &&
		printf " \"info\": 0, \"ignored\": 0, \"skipped\": 0, \"findings\": [" &&
		f 3 warning long-line "a line of 80 characters, over 75 (wrap the text)" && printf , &&
		f 5 error trailer-malformed "Reviewed-by: Bo Brenn has no <address>" && printf , &&
		f 6 warning tag-order "Signed-off-by: should come before Reviewed-by: (tag order: Fixes, Reported-by, Closes, Originally-by, Suggested-by, Co-developed-by/Signed-off-by, Tested-by, Reviewed-by, Acked-by, Cc, Link)" &&
		printf "] }\n"
	} >expect &&
	test_cmp_json expect j
'

test_expect_success 'no arguments and no series: HEAD alone' '
	(cd repo && test_expect_code 1 quill trailer lint >../out) &&
	cat >expect <<-EOF &&
	$BAD:3: warning: long-line: a line of 80 characters, over 75 (wrap the text)
	$BAD:5: error: trailer-malformed: Reviewed-by: Bo Brenn has no <address>
	$BAD:6: warning: tag-order: Signed-off-by: should come before Reviewed-by: (tag order: Fixes, Reported-by, Closes, Originally-by, Suggested-by, Co-developed-by/Signed-off-by, Tested-by, Reviewed-by, Acked-by, Cc, Link)
	total: 1 error, 2 warnings, 0 info in 1 commit
	EOF
	test_cmp expect out
'

test_expect_success '--list-rules: every rule, its severity and what it needs' '
	(cd repo && quill trailer lint --list-rules >../rules) &&
	cat >expect <<-EOF &&
	sign-off-missing         error    no Signed-off-by in the trailer block
	sign-off-author          error    no Signed-off-by by the patch${SQ}s author
	sign-off-submitter       error    the last Signed-off-by is not the submitter${SQ}s
	from-sign-off-mismatch   warning  the author signs off under another name or address
	tag-pair                 error    a tag (Co-developed-by) not followed at once by its pair for the same person
	tag-follow               warning  a tag (Reported-by) not followed by Closes: or Link:
	self-credit              warning  the author named as co-developer, reviewer, tester
	duplicate-signature      warning  the same tag by the same person twice
	person-two-addresses     warning  one name under two addresses the mailmap does not join
	trailer-malformed        error    a person tag without a usable address, a tag line without its colon
	person-format            warning  quoting, comments or junk around an address
	person-name              warning  an address without a name
	tag-spelling             info     a known tag spelled in another case
	tag-spacing              warning  blanks before the colon, not one space after it
	tag-unknown              warning  an unknown *-by tag, or a near miss of a known tag
	tag-combined             warning  a combined tag such as Reported-and-tested-by
	tag-order                warning  tags out of the policy${SQ}s order
	trailer-not-in-block     warning  a tag line outside the trailer block, which git does not read as a trailer
	stable-address           warning  Cc: stable@vger.kernel.org # 6.1+ is the form
	link-url                 warning  Link:/Closes: without an http(s) URL or <message-id>
	link-archive             warning  a link to a mail archive other than lore
	use-link                 warning  another tag with a URL, where Link: or Closes: is meant
	gerrit-change-id         error    a Gerrit Change-Id in the message
	fixes-format             error    Fixes: not <sha> ("subject") on one line
	fixes-sha                error    Fixes: with too few hex digits, or upper case ones
	fixes-unknown            error    Fixes: naming no commit of the repository
	fixes-subject            warning  Fixes: with a subject that is not the commit${SQ}s
	fixes-missing            warning  a crash report or a stable Cc but no Fixes:
	commit-ref-format        error    a commit named in the body not as commit <12+ hex> ("subject")
	commit-ref-unknown       warning  a commit named in the body that the repository lacks
	commit-ref-subject       warning  a commit named in the body with a subject that is not its
	long-line                warning  body lines longer than policy.maxLineLength
	diff-in-message          error    diff text in the message
	comment-line             warning  a line starting with ${SQ}#${SQ}, which git drops
	description-missing      warning  nothing but a subject and tags
	changelog-in-message     warning  a version changelog above the --- line
	invalid-utf8             warning  bytes that are not UTF-8
	subject-format           warning  a subject over policy.maxSubjectLength, or a [PATCH] prefix in a commit
	subject-tool             warning  a subject naming the tool that found the bug
	series-numbering         off      n/N missing, repeated or out of range (needs several mails)
	series-version           off      a patch of another version than its series (needs several mails)
	series-submitter         off      patches of one series from different senders (needs several mails)
	review-declined          off      a tag the named person declined on the list (needs the review history)
	review-taken-back        off      a tag the named person took back (needs the review history)
	review-not-given         off      a tag only its person can give that the list does not show (needs the review history)
	review-patch-changed     off      a tag given on an earlier version of a patch that changed since (needs the review history)
	claim-mismatch           off      a number quoted in the message that the attached benchmarks do not give (needs --series (benchmarks))
	claim-noise              off      a change the message claims that the benchmarks say is within noise (needs --series (benchmarks))
	claim-unmatched          off      a result quoted that no attached benchmark can check (needs --series (benchmarks))
	EOF
	test_cmp expect rules &&
	test "$(wc -l <rules)" = 49 &&
	(cd repo && quill trailer lint --list-rules --json >../rules.json) &&
	test "$(jget rules.json "len(d[\"rules\"])")" = 49 &&
	test "$(jget rules.json "[r[\"default\"] for r in d[\"rules\"] if r[\"rule\"] == \"review-declined\"][0]")" = error
'

test_expect_success 'outside a repository: REVS are refused, mail FILEs are checked' '
	mkdir -p away && git -C repo format-patch -q -1 -o ../away HEAD &&
	(cd away && GIT_CEILING_DIRECTORIES=$TRASH quill_fails 2 "not in a git repository" trailer lint HEAD) &&
	(cd away && GIT_CEILING_DIRECTORIES=$TRASH test_expect_code 1 quill trailer lint 0001-zone-break-it.patch >../out) &&
	cat >expect <<-\EOF &&
	0001-zone-break-it.patch:6: warning: long-line: a line of 80 characters, over 75 (wrap the text)
	0001-zone-break-it.patch:8: error: trailer-malformed: Reviewed-by: Bo Brenn has no <address>
	0001-zone-break-it.patch:9: warning: tag-order: Signed-off-by: should come before Reviewed-by: (tag order: Fixes, Reported-by, Closes, Originally-by, Suggested-by, Co-developed-by/Signed-off-by, Tested-by, Reviewed-by, Acked-by, Cc, Link)
	total: 1 error, 2 warnings, 0 info in 1 mail
	EOF
	test_cmp expect out &&
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
	cat >expect <<-\EOF &&
	quill: warning: ../junk: message 1: not a mail: it does not start with a header field: skipped
	quill: trailer lint: no mail in the input
	EOF
	test_cmp expect err
'

test_expect_success '--help names every option' '
	quill trailer lint --help >help &&
	for o in --series --version --mbox --rev-range --policy --ignore-file --mailmap --submitter \
		 --list-rules --json; do
		grep -q -- "$o" help || { echo "no $o"; return 1; }
	done
'

test_done
