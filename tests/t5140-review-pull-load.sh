#!/bin/sh
# review pull --all-series under load: 50 series pulled in one run from a
# real public-inbox server (tests/testbed/lore-server.sh) behind a slow
# proxy (tests/testbed/slow-proxy.sh) that lets QUILL_LOAD_RATE requests a
# second through (8 here, so the test stays short; 1 for a soak run).
# At most --jobs / quill.pullJobs transfers are open at once (8 by
# default); the progress count never goes back nor past the total and
# names the transfer waited on; the timeout is each transfer's own: one
# that stalls mid-body fails alone, named in one line, exit 4, its series
# untouched (state and notes), the other 49 stored; a rerun completes it;
# git fsck is clean.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

command -v public-inbox-httpd >/dev/null 2>&1 || skip_all "public-inbox-httpd is not installed"
test -x /usr/bin/python3 || skip_all "/usr/bin/python3 is not installed"

LORE=$TEST_SRC/testbed/lore-server.sh
PROXY=$TEST_SRC/testbed/slow-proxy.sh
RATE=${QUILL_LOAD_RATE:-8}
N=50
# a transfer waits up to 8/RATE s for its turn at the proxy: the timeout
# of the stall test leaves room for that (5 s at 8 req/s)
TIMEOUT_MS=$(awk -v r="$RATE" 'BEGIN { printf "%d", 3000 + 16000 / r }')
XDG_CACHE_HOME=$TRASH/cache
export XDG_CACHE_HOME
unset QUILL_HTTP_TIMEOUT_MS QUILL_PROGRESS

# proxy DIR [OPTIONS]: a slow proxy in DIR in front of the server; its base
# URL (with all/) in DIR/base.
proxy() {
	pd=$1 && shift &&
	"$PROXY" start "$TRASH/$pd" "$(cat "$TRASH/pi/url")" --rate "$RATE" "$@" >"$TRASH/$pd/u" &&
	echo "$(cat "$TRASH/$pd/u")all" >"$TRASH/$pd/base"
}

# pulled FILE: series, version, replies and new items of an --all-series
# --json report, one line a series, the failed ones named.
pulled() {
	jget "$1" '"\n".join("%s %s" % (s["series"], " ".join("v%d:%d:%d:%s" % (v["version"],
		v["replies"], v["new_items"], "failed" if v["failed"] else "ok")
		for v in s.get("versions", []))) for s in d["series"])'
}

# want_pulled [SERIES]: what pulled prints when every series got its two
# replies but SERIES, whose thread failed.
want_pulled() {
	for i in $(seq 1 $N); do
		if [ "s$i" = "${1:-}" ]; then echo "s$i v1:0:0:failed"; else echo "s$i v1:2:2:ok"; fi
	done | sort
}

# progress_ok FILE TOTAL: the "threads D/T" lines of FILE count up from
# at most TOTAL to TOTAL, never back, never past it, the total always TOTAL.
progress_ok() {
	python3 - "$1" "$2" <<-\PY
	import re, sys
	total, last, n = int(sys.argv[2]), 0, 0
	for line in open(sys.argv[1], encoding="utf-8"):
	    m = re.match(r"threads (\d+)/(\d+), \d+ messages, \d+ bytes", line)
	    if not m:
	        continue
	    d, t = int(m.group(1)), int(m.group(2))
	    if t != total or d < last or d > total:
	        sys.exit("progress went wrong at: " + line.strip())
	    last, n = d, n + 1
	if n == 0 or last != total:
	    sys.exit("progress did not end at %d/%d (%d lines)" % (total, total, n))
	PY
}

# notes_of REPO SERIES: the patch commits of SERIES's v1 that carry a note.
notes_of() {
	for c in $(git -C "$1" rev-list "quill/$2/v1" ^main); do
		git -C "$1" notes --ref=quill list "$c" 2>/dev/null
	done | wc -l
}

test_expect_success "setup: $N series sent, their threads on public-inbox, a proxy at $RATE req/s" '
	python3 "$TEST_SRC/bench/gen-pull-load.py" $N >load.mbox &&
	"$LORE" start load.mbox "$TRASH/pi" >/dev/null &&
	"$TEST_SRC/bench/gen-pull-load-repo.sh" quill r $N >/dev/null &&
	test "$(git -C r for-each-ref refs/quill/series | wc -l)" = $N &&
	cp -R r r2 &&
	mkdir px1 && proxy px1
'
trap '"$PROXY" stop "$TRASH/px1"; "$PROXY" stop "$TRASH/px2"; "$PROXY" stop "$TRASH/px3";
	"$PROXY" stop "$TRASH/px4"; "$LORE" stop "$TRASH/pi"; test_cleanup_trash' EXIT

test_expect_success "all $N series in one run, 8 transfers at once: each pulled, progress honest" '
	cd r &&
	QUILL_PROGRESS=1 quill review pull --all-series --json --source "lore:$(cat ../px1/base)" \
		>out 2>err &&
	pulled out | sort >got && want_pulled >want && test_cmp want got &&
	! grep -v "^threads " err &&
	progress_ok err $N &&
	test "$(cat ../px1/max-inflight)" -le 8 &&
	test "$(cat ../px1/max-inflight)" -ge 2 &&
	test "$(grep -c " 200 " ../px1/log)" = $N &&
	for i in $(seq 1 $N); do
		git show "refs/quill/series/s$i:v1/review.json" >/dev/null &&
		test "$(notes_of . s$i)" = 2 || exit 1
	done &&
	git fsck --no-dangling --no-progress >fsck 2>&1 && test ! -s fsck
'

test_expect_success 'quill.pullJobs=1: one transfer at a time; --jobs 3 over it: at most 3' '
	cd r && mkdir ../px2 && proxy px2 &&
	git config quill.pullJobs 1 &&
	quill review pull --all-series --json --source "lore:$(cat ../px2/base)" >out 2>err &&
	test ! -s err &&
	test "$(cat ../px2/max-inflight)" = 1 &&
	jget out "sorted(set(s[\"committed\"] for s in d[\"series\"]))" >got &&
	echo "[false]" >want && test_cmp want got &&
	"$PROXY" stop ../px2 && rm ../px2/max-inflight && proxy px2 &&
	quill review pull --all-series --jobs 3 --source "lore:$(cat ../px2/base)" >out 2>err &&
	test ! -s err &&
	test "$(cat ../px2/max-inflight)" -le 3 &&
	test "$(cat ../px2/max-inflight)" -ge 2 &&
	git config quill.pullJobs lots &&
	quill_fails 2 "quill.pullJobs=lots: not a positive number" review pull --all-series &&
	quill_fails 2 "--jobs" review pull --all-series --jobs 5000 &&
	quill_fails 2 "not with --version or --all" review pull --all-series --all &&
	git config --unset quill.pullJobs
'

test_expect_success 'one transfer stalls mid-body: it alone fails, named, exit 4; its series untouched' '
	cd r2 && mkdir ../px3 && proxy px3 --stall "/s17[.]v1[.]" --stall-times 1 &&
	before=$(git rev-parse refs/quill/series/s17) &&
	test_expect_code 4 env QUILL_HTTP_TIMEOUT_MS=$TIMEOUT_MS QUILL_PROGRESS=1 \
		quill review pull --all-series --json --source "lore:$(cat ../px3/base)" >out 2>err &&
	url="$(cat ../px3/base)/s17.v1.0@load.quill.invalid/t.mbox.gz" &&
	grep -v "^threads " err >warnings &&
	echo "quill: warning: s17: v1: $url: timed out after $TIMEOUT_MS ms" >want &&
	test_cmp want warnings &&
	pulled out | sort >got && want_pulled s17 >want && test_cmp want got &&
	progress_ok err $N &&
	grep -q "^threads [0-9]*/$N, .*; waiting [0-9]* s for $url\$" err &&
	grep -q "GET /all/s17.v1.0@load.quill.invalid/t.mbox.gz 200 [0-9]* [0-9]* stalled" ../px3/log &&
	test "$(git rev-parse refs/quill/series/s17)" = "$before" &&
	test_must_fail git show refs/quill/series/s17:v1/review.json &&
	test "$(notes_of . s17)" = 0 &&
	test "$(notes_of . s16)" = 2 &&
	awk "NR == 1 { a = \$1 } { b = \$2 } END { exit !(b - a > $TIMEOUT_MS / 1000) }" ../px3/log &&
	git fsck --no-dangling --no-progress >fsck 2>&1 && test ! -s fsck
'

test_expect_success 'the rerun completes the series whose fetch failed; git fsck clean' '
	cd r2 &&
	before=$(git rev-parse refs/quill/series/s17) &&
	QUILL_HTTP_TIMEOUT_MS=$TIMEOUT_MS quill review pull --all-series --json \
		--source "lore:$(cat ../px3/base)" >out 2>err &&
	test ! -s err &&
	pulled out | grep "^s17 " >got && echo "s17 v1:2:2:ok" >want && test_cmp want got &&
	jget out "[s[\"series\"] for s in d[\"series\"] if s[\"committed\"]]" >got &&
	echo "[\"s17\"]" >want && test_cmp want got &&
	test "$(git rev-parse refs/quill/series/s17~1)" = "$before" &&
	test "$(notes_of . s17)" = 2 &&
	git fsck --no-dangling --no-progress >fsck 2>&1 && test ! -s fsck
'

test_expect_success 'quill.httpLowSpeedTime: a transfer under 1 byte/s is given up as stalled' '
	cd r2 && mkdir ../px4 && proxy px4 --stall "/s3[.]v1[.]" &&
	git config quill.httpLowSpeedTime 2 &&
	test_expect_code 4 quill review pull s3 --source "lore:$(cat ../px4/base)" >out 2>err &&
	url="$(cat ../px4/base)/s3.v1.0@load.quill.invalid/t.mbox.gz" &&
	echo "quill: warning: v1: $url: stalled (under 1 byte/s for 2 s)" >want &&
	test_cmp want err &&
	git config quill.httpLowSpeedTime soon &&
	quill_fails 2 "quill.httpLowSpeedTime=soon: not a positive number" review pull s3 \
		--source "lore:$(cat ../px4/base)" &&
	git config --unset quill.httpLowSpeedTime &&
	git config http.lowSpeedTime soon &&
	quill_fails 2 "http.lowSpeedTime=soon: not a positive number" review pull s3 \
		--source "lore:$(cat ../px4/base)"
'
test_done
