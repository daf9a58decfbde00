#!/bin/sh
# quill series send to a real SMTP server on 127.0.0.1: a 10-patch series
# arrives whole, threaded, byte for byte what series format writes; the
# version is frozen with every Message-ID; --dry-run, --to-mbox, --reflect.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-send.sh"

# strip_from DIR OUT: each file of DIR (sorted) without its first line, into OUT/
strip_from() {
	mkdir -p "$2" &&
	for _f in $(ls "$1" | sort); do
		sed 1d "$1/$_f" >"$2/$_f" || return 1
	done
}

# same_mails DIR SINK: the files of DIR (format -o) are, in order, the
# messages the sink kept, minus their mbox "From " line
same_mails() {
	rm -rf "$TRASH/cmp" &&
	strip_from "$1" "$TRASH/cmp" &&
	_n=0 &&
	for _f in $(ls "$TRASH/cmp" | sort); do
		_n=$((_n + 1)) &&
		_eml=$(printf '%s/%s/messages/%06d.eml' "$TRASH" "$2" "$_n") &&
		test_cmp "$TRASH/cmp/$_f" "$_eml" || return 1
	done &&
	test "$_n" = "$(sink_count "$2")"
}

test_expect_success 'setup: a 10-patch series and a sink' '
	send_repo repo 10 &&
	sink_start sink &&
	use_sink &&
	quill series format -o ../formatted >/dev/null &&
	test "$(ls ../formatted | wc -l)" = 11
'

test_expect_success '--dry-run says who gets which mail and sends and writes nothing' '
	cd repo &&
	before=$(state_ref) &&
	quill series send --dry-run >../dry.out &&
	test "$(state_ref)" = "$before" &&
	test "$(sink_count sink)" = 0 &&
	head -n 1 ../dry.out >../dry.head &&
	echo "would send v1 of x via smtp://127.0.0.1:$PORT" >../dry.want &&
	grep -q "^would send v1 of x via " ../dry.out &&
	grep -c "^to-send  \[PATCH 0*[0-9]*/10\]" ../dry.out >../dry.n &&
	echo 11 >../dry.n.want &&
	test_cmp ../dry.n.want ../dry.n &&
	grep -c "^    To: List <list@example.org>$" ../dry.out >../dry.to &&
	test_cmp ../dry.n.want ../dry.to &&
	quill series send --dry-run --json >../dry.json &&
	test "$(jget ../dry.json "d[\"dry_run\"]")" = true &&
	test "$(jget ../dry.json "len(d[\"mails\"])")" = 11 &&
	test "$(jget ../dry.json "d[\"frozen\"]")" = null &&
	test "$(state_ref)" = "$before" &&
	test "$(sink_count sink)" = 0
'

test_expect_success '--to-mbox writes what series format writes, and records nothing' '
	cd repo &&
	before=$(state_ref) &&
	quill series send --to-mbox ../out.mbox >../to-mbox.out &&
	test "$(grep -c "^written  \[PATCH" ../to-mbox.out)" = 11 &&
	quill series format >../format.mbox &&
	test_cmp ../format.mbox ../out.mbox &&
	test "$(state_ref)" = "$before" &&
	test "$(sink_count sink)" = 0 &&
	tail -n 1 ../to-mbox.out >../to-mbox.last &&
	echo "v1: 11 mails written to ../out.mbox" >../to-mbox.want &&
	test_cmp ../to-mbox.want ../to-mbox.last
'

test_expect_success '--to-mbox names a path with a control character escaped' '
	cd repo &&
	quill series send --to-mbox "../tab$(printf "\t")x.mbox" >../tab.out &&
	test -s "../tab$(printf "\t")x.mbox" &&
	tail -n 1 ../tab.out >../tab.last &&
	printf "v1: 11 mails written to ../tab\\\\tx.mbox\n" >../tab.want &&
	test_cmp ../tab.want ../tab.last
'

test_expect_success '--reflect sends every mail to the sender alone, records nothing' '
	sink_start reflect &&
	cd repo &&
	before=$(state_ref) &&
	use_sink &&
	quill series send --reflect >../reflect.out &&
	test "$(state_ref)" = "$before" &&
	test "$(sink_count reflect)" = 11 &&
	for j in "$TRASH"/reflect/messages/*.json; do
		test "$(jget "$j" "d[\"rcpt_tos\"]")" = "[\"ada@example.org\"]" || return 1
	done &&
	grep -q "^To: List <list@example.org>" "$TRASH/reflect/messages/000001.eml" &&
	quill series show --json >../show.json &&
	test "$(jget ../show.json "d[\"version\"]")" = 1
'

test_expect_success 'send: the series arrives complete, byte for byte what format wrote' '
	cd repo &&
	use_sink sink &&
	quill series send >../send.out &&
	tail -n 1 ../send.out >../send.last &&
	echo "v1 sent: 11 mails; v2 started" >../send.last.want &&
	test_cmp ../send.last.want ../send.last &&
	test "$(sink_count sink)" = 11 &&
	same_mails ../formatted sink
'

test_expect_success 'every mail went to its To/Cc, never a Bcc, over loopback' '
	for j in "$TRASH"/sink/messages/*.json; do
		test "$(jget "$j" "sorted(d[\"rcpt_tos\"])")" = \
		     "[\"list@example.org\", \"rev@example.net\"]" &&
		test "$(jget "$j" "d[\"mail_from\"]")" = ada@example.org &&
		test "$(jget "$j" "d[\"bare_lf\"]")" = false || return 1
	done &&
	! grep -il "^bcc:" "$TRASH"/sink/messages/*.eml
'

test_expect_success 'the patches answer the cover (In-Reply-To and References)' '
	cover=$(sink_ids sink | head -n 1) &&
	for f in "$TRASH"/sink/messages/0000[0-9][0-9].eml; do
		case $f in */000001.eml) continue ;; esac
		grep -qx "In-Reply-To: <$cover>" "$f" &&
		grep -qx "References: <$cover>" "$f" || return 1
	done
'

test_expect_success 'v1 is frozen with every Message-ID as sent; v2 begun' '
	cd repo &&
	quill series show --json >../show.json &&
	test "$(jget ../show.json "d[\"version\"]")" = 2 &&
	test "$(jget ../show.json "d[\"versions\"][0][\"sent\"]")" = true &&
	git show refs/quill/series/x:v1/version.conf >../v1.conf &&
	sink_ids sink >../sent.ids &&
	sed -n "s/^cover-msgid=//p" ../v1.conf >../rec.ids &&
	sed -n "s/^msgid=//p" ../v1.conf >>../rec.ids &&
	test_cmp ../sent.ids ../rec.ids &&
	test "$(wc -l <../rec.ids)" = 11 &&
	git rev-parse -q --verify refs/tags/quill/x/v1 >/dev/null
'

test_expect_success 'series format -v 1 afterwards makes the mails that went' '
	cd repo &&
	unset SOURCE_DATE_EPOCH &&
	quill series format -v 1 -o ../again >/dev/null &&
	same_mails ../again sink
'

test_expect_success 'series format -v 1 shows what went even when the recipients changed since' '
	cd repo &&
	unset SOURCE_DATE_EPOCH &&
	quill series edit --cc "Other Person <other@example.net>" >/dev/null &&
	rm -rf ../again2 &&
	quill series format -v 1 -o ../again2 >/dev/null &&
	same_mails ../again2 sink &&
	quill series recipients >../working.rcpt &&
	grep -q "Other Person <other@example.net>" ../working.rcpt &&
	quill series edit --cc "Rev Iewer <rev@example.net>" >/dev/null
'

test_expect_success 'the outbox stays as the record of what went' '
	cd repo &&
	git show refs/quill/series/x:v1/outbox.json >../outbox.json &&
	test "$(jget ../outbox.json "[m[\"status\"] for m in d[\"mails\"]].count(\"sent\")")" = 11 &&
	git show refs/quill/series/x:v1/outbox/0001.eml >../o1.eml &&
	sed 1d ../o1.eml >../o1.body &&
	test_cmp ../o1.body "$TRASH/sink/messages/000001.eml"
'

test_expect_success '--json report of a send' '
	sink_start second &&
	cd repo &&
	use_sink &&
	signed_commit "zone: one more" zone-11.c &&
	set_cover Again. &&
	quill series send --json --in-reply-to "<old@example.org>" >../send.json &&
	test "$(jget ../send.json "d[\"version\"]")" = 2 &&
	test "$(jget ../send.json "d[\"sent\"]")" = 12 &&
	test "$(jget ../send.json "d[\"frozen\"]")" = 2 &&
	test "$(jget ../send.json "d[\"dry_run\"]")" = false &&
	test "$(jget ../send.json "[m[\"status\"] for m in d[\"mails\"]] == [\"sent\"] * 12")" = true &&
	test "$(jget ../send.json "d[\"mails\"][3][\"index\"]")" = 3 &&
	test "$(jget ../send.json "d[\"mails\"][0][\"reply\"].startswith(\"250\")")" = true &&
	grep -qx "In-Reply-To: <old@example.org>" "$TRASH/second/messages/000001.eml"
'

test_expect_success 'a mail that is not safe to send stops the send before anything goes' '
	sink_start bad &&
	cd repo &&
	use_sink &&
	printf "%01200d\n" 7 >zone-12.c &&
	git add zone-12.c &&
	test_tick &&
	git commit -q -m "zone: a long line" -m "Signed-off-by: $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL>" &&
	set_cover "Once more." &&
	before=$(state_ref) &&
	quill_fails 3 "998" series send &&
	test "$(sink_count bad)" = 0 &&
	test "$(state_ref)" = "$before"
'

test_done
