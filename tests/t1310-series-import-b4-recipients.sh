#!/bin/sh
# import-b4 takes the To:/Cc: lines b4 keeps at the end of its cover into
# the series' To and Cc (b4 send takes them out of the cover the same way);
# a frozen version from a sent tag keeps b4's Message-IDs when formatted.
# On branches made here the b4 way, and with the real b4 when installed.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

# hdr FILE NAME: the first NAME: header of FILE
hdr() {
	sed -n "/^\$/q; s/^$2: //p" "$1" | head -n 1
}

# b4_branch NAME REVISION [HISTORY-JSON]: branch b4/NAME as b4 prep makes
# it: an empty cover commit on main with the text of file "cover" and the
# tracking data, then two patches
b4_branch() {
	git checkout -q -b "b4/$1" main &&
	{
		cat cover &&
		printf "\n--- b4-submit-tracking ---\n# This section is used internally by b4 prep.\n" &&
		printf "{\"series\": {\"revision\": %s, \"change-id\": \"20251201-%s-0123456789ab\", " "$2" "$1" &&
		printf "\"base-branch\": \"main\", \"prefixes\": []%s}}\n" "${3:+, \"history\": $3}"
	} >msg &&
	test_tick &&
	git commit -q --allow-empty -F msg &&
	test_commit "frob: one $1" &&
	test_commit "frob: two $1"
}

test_expect_success 'setup: a b4 branch whose cover ends in To:/Cc: lines' '
	test_repo r && cd r &&
	cat >cover <<-\EOF &&
	frob: the frobnicator

	# Lines starting with # will be removed from the cover letter.

	Why the frobnicator.

	To: List One <list@example.org>
	Cc: cc@example.org
	cc: "Doe, Jane" <jane@example.org>
	Signed-off-by: Ada Author <ada@example.org>
	EOF
	b4_branch demo 1
'

test_expect_success 'import-b4: the lines become the series To and Cc, and leave the cover' '
	cd r &&
	quill series import-b4 --json b4/demo >out.json 2>err &&
	! test -s err &&
	test "$(jget out.json "d[\"to\"]")" = "[\"List One <list@example.org>\"]" &&
	quill series show --json demo >j &&
	test "$(jget j "d[\"to\"]")" = "[\"List One <list@example.org>\"]" &&
	test "$(jget j "d[\"cc\"]")" = "[\"cc@example.org\", \"\\\"Doe, Jane\\\" <jane@example.org>\"]" &&
	quill series show --json -v 1 demo >d &&
	jget d "d[\"detail\"][\"cover\"]" >cover.got &&
	! grep -qi "^to:" cover.got &&
	! grep -qi "^cc:" cover.got &&
	grep -q "^Signed-off-by: Ada Author <ada@example.org>\$" cover.got &&
	grep -q "^Why the frobnicator.\$" cover.got
'

test_expect_success 'format sends to them, with no To:/Cc: line left in the cover text' '
	cd r &&
	git checkout -q demo &&
	quill series format -o out >/dev/null 2>&1 &&
	c=out/0000-cover-letter.patch &&
	test "$(hdr $c To)" = "List One <list@example.org>" &&
	hdr $c Cc | grep -q "^cc@example.org, \"Doe, Jane\" <jane@example.org>\$" &&
	sed "1,/^\$/d" $c >body &&
	! grep -qi "^to:\|^cc:" body
'

test_expect_success 'a To:/Cc: line that is no address stays, with a warning; earlier paragraphs stay' '
	cd r &&
	git checkout -q main &&
	cat >cover <<-\EOF &&
	frob: the second

	To: not-the-last-paragraph@example.org

	Cc: nobody
	To: Evil <e@example.org>, victim@example.org
	Cc: fine@example.org
	EOF
	b4_branch odd 1 &&
	quill series import-b4 b4/odd >/dev/null 2>err &&
	grep -q "^quill: warning: b4 cover line kept in the cover: Cc: .nobody. is not one address" err &&
	grep -q "^quill: warning: b4 cover line kept in the cover: To: .Evil <e@example.org>, victim@example.org. is not one address: it is a list" err &&
	quill series show --json odd >j &&
	test "$(jget j "d[\"to\"]")" = "[]" &&
	test "$(jget j "d[\"cc\"]")" = "[\"fine@example.org\"]" &&
	quill series show --json -v 1 odd >d &&
	jget d "d[\"detail\"][\"cover\"]" >cover.got &&
	grep -q "^To: not-the-last-paragraph@example.org\$" cover.got &&
	grep -q "^Cc: nobody\$" cover.got &&
	! grep -q "fine@example.org" cover.got
'

test_expect_success 'a sent version: format --version 1 carries b4 Message-IDs' '
	cd r &&
	git checkout -q main &&
	printf "frob: sent\n\nThe third.\n" >cover &&
	b4_branch sent 2 "{\"v1\": [\"<20251201-sent-v1-0-00112233aabb@example.org>\"]}" &&
	git checkout -q --detach main &&
	git cherry-pick b4/sent~1 b4/sent >/dev/null &&
	git tag -a -m "frob: sent

The third.

base-commit: $(git rev-parse main)" sent/sent-v1 HEAD &&
	git checkout -q b4/sent &&
	quill series import-b4 b4/sent >/dev/null 2>&1 &&
	quill series format sent --version 1 -o v1 >/dev/null 2>&1 &&
	test "$(hdr v1/0000-cover-letter.patch Message-ID)" = "<20251201-sent-v1-0-00112233aabb@example.org>" &&
	test "$(hdr v1/0001-*.patch Message-ID)" = "<20251201-sent-v1-1-00112233aabb@example.org>" &&
	test "$(hdr v1/0002-*.patch Message-ID)" = "<20251201-sent-v1-2-00112233aabb@example.org>" &&
	test ! -e v1/0003-*.patch &&
	test "$(hdr v1/0002-*.patch In-Reply-To)" = "<20251201-sent-v1-0-00112233aabb@example.org>" &&
	SOURCE_DATE_EPOCH=1900000000 quill series format sent --version 1 -o v1b >/dev/null 2>&1 &&
	diff -r v1 v1b
'

if ! command -v b4 >/dev/null 2>&1; then
	test_skip 'the real b4 prep --auto-to-cc: its To:/Cc: become the series' 'b4 is not installed'
	test_done
fi

test_expect_success 'the real b4 prep --auto-to-cc: its To:/Cc: become the series' '
	# b4 finds its cover with git log --since=1.year: a clock of today
	test_tick_time=$(( ($(date +%s) - 86400) / 60 * 60 )) &&
	test_tick &&
	XDG_CACHE_HOME=$TRASH/cache && export XDG_CACHE_HOME &&
	test_repo rb && cd rb &&
	git config b4.attestation-policy off &&
	b4 prep -n real -f main >../b4.out 2>&1 &&
	test_commit "frob: add the frobnicator" &&
	git config b4.send-series-to "List Two <list2@example.org>" &&
	git config b4.send-series-cc "cc2@example.org" &&
	b4 prep --auto-to-cc >>../b4.out 2>&1 &&
	git log -1 --format=%B "$(git rev-list main..b4/real | tail -n 1)" >b4cover &&
	grep -q "^To: List Two <list2@example.org>\$" b4cover &&
	quill series import-b4 b4/real >/dev/null &&
	quill series show --json real >j &&
	test "$(jget j "d[\"to\"]")" = "[\"List Two <list2@example.org>\"]" &&
	test "$(jget j "d[\"cc\"]")" = "[\"cc2@example.org\"]" &&
	quill series show --json -v 1 real >d &&
	! jget d "d[\"detail\"][\"cover\"]" | grep -qi "^to:\|^cc:"
'

test_done
