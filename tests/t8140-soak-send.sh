#!/bin/sh
# kill -9 at random points during quill series send (10 patches, a sink
# that waits a little before each answer): after each the state is
# readable (fsck clean, show works), reruns (with --resend-in-doubt once
# mails are left in doubt) complete and freeze v1 as an uninterrupted send
# does, every mail arrived, and none twice unless it was in doubt.
# (t7020 kills one send 20 times over; this kills a fresh one per run.)
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-send.sh"
. "$TEST_SRC/lib-soak.sh"

soak_fresh() {
	cp -a "$TRASH/template" "$1" &&
	sink_count sink >"$1.before" &&
	: >"$1.doubt"
}

# a rerun after mails were left in doubt (sending when the kill came)
# sends them again: they are listed in DIR.doubt
soak_cmd() {
	if git show refs/quill/series/x:v1/outbox.json 2>/dev/null | grep -q "\"status\": \"sending\""; then
		git show refs/quill/series/x:v1/outbox.json | python3 -c '
import json, sys
for m in json.load(sys.stdin)["mails"]:
    if m["status"] == "sending":
        print(m["msgid"])' >>"$PWD.doubt"
		exec quill series send --resend-in-doubt
	fi
	exec quill series send
}

soak_result() {
	git show refs/quill/series/x:v1/version.conf &&
	git rev-parse quill/x/v1^{commit} &&
	quill series show x | sed -n "/^series/p"
}

# the mails the sink took since the run began, one Message-ID a line
new_ids() {
	_b=$(cat "$PWD.before")
	for _f in "$TRASH"/sink/messages/*.eml; do
		[ "$(expr "$(basename "$_f" .eml)" + 0)" -gt "$_b" ] || continue
		awk 'tolower($0) ~ /^message-id:/ { sub(/^[^:]*: */, ""); gsub(/[<>]/, ""); print; exit }
		     /^$/ { exit }' "$_f"
	done
}

soak_after() {
	sed -n "s/^cover-msgid=//p; s/^msgid=//p" "$TRASH/soak.got" | sort >../all.ids &&
	test "$(wc -l <../all.ids)" = 11 &&
	new_ids | sort >../got.ids &&
	sort -u ../got.ids >../got.uniq &&
	test_cmp ../all.ids ../got.uniq &&
	uniq -d ../got.ids >../twice.ids &&
	sort -u "$PWD.doubt" >../doubt.ids &&
	comm -23 ../twice.ids ../doubt.ids >../twice.unlisted &&
	test_cmp /dev/null ../twice.unlisted &&
	uniq -c ../got.ids | awk "\$1 > 2" >../thrice &&
	test_cmp /dev/null ../thrice
}

test_expect_success 'setup: 10 patches, a sink; an uninterrupted send' '
	send_repo template 10 &&
	sink_start sink --delay-data 0.02 &&
	use_sink &&
	cd .. &&
	soak_calibrate
'

soak_all send

test_done
