#!/bin/sh
# quill series send killed with SIGKILL at random points, 20 times, each
# time run again: in the end every mail is in the sink exactly once, or
# twice only when it was listed in doubt and sent again on request; the
# state ref is readable after every kill.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-send.sh"

test_expect_success 'setup: 50 patches, a sink that waits before each answer' '
	send_repo repo 50 &&
	sink_start sink --delay-data 0.1 &&
	use_sink
'

# the kill points, the same at every run: "t D", D seconds after the start
# (so also before any mail, while the outbox is made), or "m D", D seconds
# after the sink took one more mail (while it waits to answer, while the
# answer is recorded, or in the next mail), so that every such run gets on
awk "BEGIN { srand(7013); for (i = 0; i < 20; i++)
	if (i % 2) printf \"m %.3f\\n\", rand() * 0.15; else printf \"t %.3f\\n\", 0.02 + rand() * 0.3 }" \
	>"$TRASH/delays"

# wait_mail N PID: until the sink holds more than N mails, or PID ended
wait_mail() {
	_w=0
	while [ "$(sink_count sink)" -le "$1" ] && kill -0 "$2" 2>/dev/null && [ $_w -lt 1500 ]; do
		sleep 0.02
		_w=$((_w + 1))
	done
}

test_expect_success 'killed 20 times at random points; the state is readable after each' '
	cd repo &&
	: >../kills &&
	while read how d; do
		n=$(sink_count sink)
		quill series send >../run.out 2>../run.err &
		pid=$! &&
		if [ "$how" = m ]; then wait_mail "$n" "$pid"; fi &&
		sleep "$d" &&
		kill -9 "$pid" 2>/dev/null
		wait "$pid"
		echo "$how $d $?" >>../kills &&
		# a kill inside a ref update leaves the ref lock file: the next
		# send finds no live quill holding the lease and removes it
		if test -e .git/refs/quill/series/x.lock; then
			echo locked >>../kills
		fi &&
		quill series show >../show.out &&
		grep -q "^series x  v1 " ../show.out &&
		if git cat-file -e refs/quill/series/x:v1/outbox.json 2>/dev/null; then
			git show refs/quill/series/x:v1/outbox.json >>../outboxes.json || return 1
		else
			echo "{\"mails\": []}" >>../outboxes.json
		fi &&
		echo >>../outboxes.json &&
		test ! -e .git/refs/tags/quill/x/v1 || return 1
	done <../delays &&
	test "$(grep -c " 137$" ../kills)" -ge 15 &&
	python3 -c "
import json, sys
docs = [json.loads(d) for d in open(sys.argv[1]).read().split(\"\n\n\") if d.strip()]
last = [m[\"status\"] for m in docs[-1][\"mails\"]]
print(len(docs), int(last.count(\"pending\") < len(last)))" ../outboxes.json >../n &&
	echo "20 1" >../n.want &&
	test_cmp ../n.want ../n
'

test_expect_success 'a rerun sends what is left and lists the mails in doubt' '
	cd repo &&
	quill series send --json >../rest.json 2>../rest.err
	rc=$? &&
	case $rc in
	0) test "$(jget ../rest.json "d[\"in_doubt\"]")" = 0 ;;
	1) test "$(jget ../rest.json "d[\"in_doubt\"]")" -gt 0 ;;
	*) false ;;
	esac &&
	test "$(jget ../rest.json "d[\"pending\"]")" = 0 &&
	test ! -e .git/refs/quill/series/x.lock &&
	jget ../rest.json "\"\\n\".join(m[\"msgid\"] for m in d[\"mails\"] if m[\"in_doubt\"])" |
		sed "/^$/d" | sort >../doubt.ids
'

test_expect_success '--resend-in-doubt sends those again and v1 is frozen' '
	cd repo &&
	if test -s ../doubt.ids; then
		quill series send --resend-in-doubt --json >../final.json
	fi &&
	quill series show --json >../show.json &&
	test "$(jget ../show.json "d[\"version\"]")" = 2 &&
	test "$(jget ../show.json "d[\"versions\"][0][\"sent\"]")" = true
'

test_expect_success 'every mail arrived once, or twice only when it was in doubt' '
	cd repo &&
	git show refs/quill/series/x:v1/version.conf >../v1.conf &&
	sed -n "s/^cover-msgid=//p" ../v1.conf >../all.ids &&
	sed -n "s/^msgid=//p" ../v1.conf >>../all.ids &&
	test "$(wc -l <../all.ids)" = 51 &&
	sink_ids sink | sort >../got.ids &&
	sort -u ../got.ids >../got.uniq &&
	sort ../all.ids >../all.sorted &&
	test_cmp ../all.sorted ../got.uniq &&
	uniq -d ../got.ids >../twice.ids &&
	uniq -c ../got.ids | awk "\$1 > 2" >../thrice &&
	test_cmp /dev/null ../thrice &&
	comm -23 ../twice.ids ../doubt.ids >../twice.unlisted &&
	test_cmp /dev/null ../twice.unlisted
'

test_done
