#!/bin/sh
# quill series send cut short by the server: a refused 4th message, then a
# rerun that sends only the rest; a connection dropped after DATA leaves
# that mail in doubt, sent again only with --resend-in-doubt.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-send.sh"

# no_twice SINK: no Message-ID is in the sink twice
no_twice() {
	sink_ids "$1" | sort | uniq -d >"$TRASH/twice" &&
	test_cmp /dev/null "$TRASH/twice"
}

test_expect_success 'setup' '
	send_repo repo 10
'

test_expect_success 'a server refusing the 4th DATA: exit 4, three sent, the rest pending' '
	sink_start fail --fail-data 4 &&
	cd repo &&
	use_sink &&
	test_expect_code 4 quill series send --json >../run1.json 2>../run1.err &&
	test "$(sink_count fail)" = 3 &&
	test "$(jget ../run1.json "d[\"sent\"]")" = 3 &&
	test "$(jget ../run1.json "d[\"pending\"]")" = 8 &&
	test "$(jget ../run1.json "d[\"frozen\"]")" = null &&
	grep -q "451" ../run1.err &&
	git show refs/quill/series/x:v1/outbox.json >../outbox.json &&
	test "$(jget ../outbox.json "[m[\"status\"] for m in d[\"mails\"]]")" = \
	     "$(python3 -c "print(str([\"sent\"] * 3 + [\"pending\"] * 8).replace(chr(39), chr(34)))")" &&
	quill series show --json >../show.json &&
	test "$(jget ../show.json "d[\"version\"]")" = 1
'

test_expect_success 'the rerun sends the other eight, none twice, and freezes v1' '
	cd repo &&
	quill series send --json >../run2.json &&
	test "$(jget ../run2.json "d[\"sent\"]")" = 8 &&
	test "$(jget ../run2.json "d[\"already\"]")" = 3 &&
	test "$(jget ../run2.json "d[\"frozen\"]")" = 1 &&
	test "$(sink_count fail)" = 11 &&
	no_twice fail &&
	git show refs/quill/series/x:v1/version.conf >../v1.conf &&
	sink_ids fail >../sent.ids &&
	sed -n "s/^cover-msgid=//p" ../v1.conf >../rec.ids &&
	sed -n "s/^msgid=//p" ../v1.conf >>../rec.ids &&
	test_cmp ../sent.ids ../rec.ids
'

test_expect_success 'a mail that went without an answer is in doubt: exit 1, listed' '
	sink_start drop --drop-after-data 5 &&
	cd repo &&
	use_sink &&
	signed_commit "zone: one more" zone-11.c &&
	set_cover Again. &&
	test_expect_code 1 quill series send --json >../drop1.json 2>../drop1.err &&
	test "$(jget ../drop1.json "d[\"in_doubt\"]")" = 1 &&
	test "$(jget ../drop1.json "d[\"sent\"]")" = 11 &&
	test "$(jget ../drop1.json "[m[\"index\"] for m in d[\"mails\"] if m[\"in_doubt\"]]")" = "[4]" &&
	test "$(jget ../drop1.json "d[\"frozen\"]")" = null &&
	grep -q "in doubt" ../drop1.err &&
	test "$(sink_count drop)" = 12 &&
	jget ../drop1.json "[m[\"msgid\"] for m in d[\"mails\"] if m[\"in_doubt\"]][0]" >../doubt.id
'

test_expect_success 'a rerun without --resend-in-doubt sends nothing more and lists it again' '
	cd repo &&
	test_expect_code 1 quill series send >../drop2.out 2>../drop2.err &&
	test "$(sink_count drop)" = 12 &&
	grep -q "^in-doubt " ../drop2.out &&
	grep -q "resend-in-doubt" ../drop2.err &&
	quill series show --json >../show.json &&
	test "$(jget ../show.json "d[\"version\"]")" = 2
'

test_expect_success '--resend-in-doubt sends it again, and v2 is frozen' '
	cd repo &&
	quill series send --resend-in-doubt --json >../drop3.json &&
	test "$(jget ../drop3.json "d[\"sent\"]")" = 1 &&
	test "$(jget ../drop3.json "d[\"frozen\"]")" = 2 &&
	test "$(sink_count drop)" = 13 &&
	sink_ids drop | sort | uniq -d >../twice &&
	test_cmp ../doubt.id ../twice
'

test_expect_success 'a send that is complete sends nothing when run again' '
	cd repo &&
	quill series show --json >../show.json &&
	test "$(jget ../show.json "d[\"version\"]")" = 3 &&
	test "$(jget ../show.json "d[\"versions\"][1][\"sent\"]")" = true
'

test_expect_success '--resend 1 sends v1 again as it went, and freezes nothing' '
	sink_start resend &&
	cd repo &&
	use_sink &&
	before=$(state_ref) &&
	quill series send --resend 1 >../resend.out &&
	test "$(state_ref)" = "$before" &&
	test "$(sink_count resend)" = 11 &&
	sink_ids resend >../resent.ids &&
	sink_ids fail >../sent1.ids &&
	test_cmp ../sent1.ids ../resent.ids &&
	for i in 1 2 3 4 5 6 7 8 9 10 11; do
		f=$(printf "%06d.eml" "$i") &&
		cmp "$TRASH/fail/messages/$f" "$TRASH/resend/messages/$f" || return 1
	done
'

test_done
