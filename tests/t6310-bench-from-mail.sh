#!/bin/sh
# quill bench add NAME --from-mail MSGID|FILE: the results items of a reply
# on the list (labelled blocks, "Key: value unit" lines) attached as roles,
# with the link to the mail kept beside them (issue 11, "Results into
# benchmarks").
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

LORE=https://lore.kernel.org/all

# mail FROM MSGID <BODY: one mail of an mboxrd, a reply to the patch
mail() {
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
	printf 'From: %s\nDate: Tue, 2 Dec 2025 10:00:00 +0000\nMessage-ID: <%s>\n' "$1" "$2"
	printf 'Subject: Re: [PATCH] zone: take the lock once\nIn-Reply-To: <p1@example.org>\n\n'
	cat
	printf '\n'
}

test_expect_success 'setup: a series, a reply with before/after blocks, one with key lines' '
	bench_repo r 1 &&
	mail "Bo Tester <bo@example.org>" blocks@example.org >r/blocks.eml <<-\EOM &&
	On Tue, 2 Dec 2025 at 09:00, Ada Author <ada@example.org> wrote:
	> This makes the rebind path take the lock once.

	I ran the rebind test three times on each kernel:

	before:
	Total time: 15.989429 seconds
	Total time: 16.102377 seconds
	Total time: 15.873012 seconds

	after:
	Total time: 14.201113 seconds
	Total time: 14.350002 seconds
	Total time: 14.122334 seconds

	Tested-by: Bo Tester <bo@example.org>
	EOM
	mail "David Hildenbrand <david@example.org>" keys@example.org >r/keys.eml <<-\EOM &&
	> What is the rebind time with and without it?

	Measured on my box:

	Without: 244.28 ms
	With: 215.55 ms
	EOM
	mail "Cleo Cole <cleo@example.org>" words@example.org >r/words.eml <<-\EOM &&
	Looks fine to me, but please reword the subject.
	EOM
	cat r/blocks.eml r/words.eml r/keys.eml >r/thread.mbox
'

test_expect_success 'FILE, one mail: the blocks are roles, named by --role, the link kept' '
	(cd r && quill bench add rebind --from-mail blocks.eml --role base,patched >../out) &&
	grep "attached rebind to s v1" out &&
	(cd r && state_file v1/bench/rebind.json) >rebind.json &&
	test "$(jget rebind.json "[r[\"role\"] for r in d[\"roles\"]]")" = "[\"base\", \"patched\"]" &&
	test "$(jget rebind.json "[len(r[\"metrics\"][0][\"samples\"]) for r in d[\"roles\"]]")" = "[3, 3]" &&
	test "$(jget rebind.json "[r[\"link\"] for r in d[\"roles\"]]")" = "[\"$LORE/blocks@example.org/\", \"$LORE/blocks@example.org/\"]" &&
	test "$(jget rebind.json "[r[\"command\"] for r in d[\"roles\"]]")" = "[\"before\", \"after\"]" &&
	test "$(jget rebind.json "d[\"roles\"][1][\"metrics\"][0][\"samples\"][0]")" = 14.201113
'

test_expect_success '"Key: value unit" lines: one role per key, in order' '
	(cd r && quill bench add keys --from-mail keys.eml --role base,patched --json >../keys.out) &&
	(cd r && state_file v1/bench/keys.json) >keys.json &&
	test "$(jget keys.json "[[r[\"role\"], r[\"command\"], r[\"metrics\"][0][\"samples\"]] for r in d[\"roles\"]]")" = "[[\"base\", \"Without\", [244.28]], [\"patched\", \"With\", [215.55]]]"
'

test_expect_success 'an mbox with results in two mails: exit 2 naming them; --msgid picks one' '
	(cd r && quill_fails 2 "2 mails give results: <blocks@example.org>, <keys@example.org>; pick one with --msgid ID" \
		bench add again --from-mail thread.mbox) &&
	(cd r && quill bench add again --from-mail thread.mbox --msgid "<keys@example.org>" --role base,patched >/dev/null &&
	 state_file v1/bench/again.json) >again.json &&
	test "$(jget again.json "d[\"roles\"][0][\"link\"]")" = "$LORE/keys@example.org/"
'

test_expect_success 'MSGID: the mail fetched with its thread from --source' '
	(cd r && quill bench add fetched --from-mail "<blocks@example.org>" --source mbox:thread.mbox --role base,patched >/dev/null &&
	 state_file v1/bench/fetched.json) >fetched.json &&
	test "$(jget fetched.json "[r[\"link\"] for r in d[\"roles\"]]")" = "[\"$LORE/blocks@example.org/\", \"$LORE/blocks@example.org/\"]" &&
	test "$(jget fetched.json "d[\"roles\"][0][\"file\"]")" = null
'

test_expect_success 'a mail without results: exit 1, nothing attached' '
	T=$(cd r && state_tip) &&
	(cd r && quill_fails 1 "no mail with results" bench add none --from-mail words.eml) &&
	test "$(cd r && state_tip)" = "$T"
'

test_expect_success 'usage: --from-mail takes no FILE operand; --msgid needs --from-mail' '
	(cd r && quill_fails 2 "with --from-mail, give a benchmark NAME only" bench add x blocks.eml --from-mail blocks.eml &&
	 quill_fails 2 "go with --from-mail" bench add x blocks.eml --msgid a@b)
'

test_expect_success 'bench add FILE as before: no link in the JSON' '
	printf "1.5 ms\n1.6 ms\n" >r/plain.txt &&
	(cd r && quill bench add plain plain.txt --role base >/dev/null && state_file v1/bench/plain.json) >plain.json &&
	test "$(jget plain.json "\"link\" in d[\"roles\"][0]")" = false
'

test_done
