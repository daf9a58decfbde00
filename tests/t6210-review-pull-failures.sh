#!/bin/sh
# review pull against the bad answers of tests/testbed/bad-http.py on
# 127.0.0.1: a pull that got one thread and not the other stores the one
# that arrived, names the other and exits 4, and a rerun asks only that
# one; each bad answer (500, HTML, a truncated gzip, a slow server, too
# large) is exit 4, one line naming the URL and the cause, the state
# unchanged; --offline answers from the cache when the server is gone; no
# progress text when standard error is not a terminal.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 is not installed"

SOURCE_DATE_EPOCH=1764590400
XDG_CACHE_HOME=$TRASH/cache
QUILL_HTTP_TIMEOUT_MS=3000	# the "slow" server answers after 5 s; a loaded machine needs the margin
QUILL_HTTP_MAX_BYTES=100000
QUILL_HTTP_RETRY_MS=10
export SOURCE_DATE_EPOCH XDG_CACHE_HOME QUILL_HTTP_TIMEOUT_MS QUILL_HTTP_MAX_BYTES QUILL_HTTP_RETRY_MS

# cover_of MBOX: the Message-ID (without <>) of the cover letter in MBOX.
cover_of() {
	sed -n '/^Subject: .*0\/2\]/,/^$/s/^Message-I[Dd]: <\(.*\)>$/\1/p' "$1" | head -n 1
}

# thread MBOX MSGID WHO TEXT: MBOX and a reply from WHO to MSGID saying TEXT,
# gzipped, as FILES/MSGID.mbox.gz.
thread() {
	{
		cat "$1" &&
		printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\nFrom: %s\n' "$3" &&
		printf 'Subject: Re: [PATCH] zone\nDate: Tue, 02 Dec 2025 09:00:00 +0000\n' &&
		printf 'Message-ID: <re-%s>\nIn-Reply-To: <%s>\nReferences: <%s>\n\n%s\n\n' \
			"$2" "$2" "$2" "$4"
	} | gzip -n >"$TRASH/files/$2.mbox.gz"
}

# build DIR: series zone in DIR, v1 and v2 sent (cover Message-IDs
# recorded, in DIR/c1 and DIR/c2), v3 the working one; v1.mbox, v2.mbox.
build() {
	test_repo "$1" &&
	(
	cd "$1" &&
	quill series new zone >/dev/null &&
	quill series edit-cover -m "zone: frob the zones" >/dev/null &&
	add_patches 2 zone &&
	quill series format >v1.mbox &&
	cover_of v1.mbox >c1 && test -s c1 &&
	quill series new-version --msgid "$(cat c1)" -m v1 >/dev/null 2>&1 &&
	echo more >>zone-2 && git add zone-2 && test_tick && git commit -q --amend --no-edit &&
	quill series format >v2.mbox &&
	cover_of v2.mbox >c2 && test -s c2 && ! test_cmp c1 c2 >/dev/null &&
	quill series new-version --msgid "$(cat c2)" -m v2 >/dev/null 2>&1
	)
}

state() {
	git rev-parse refs/quill/series/zone
}

test_expect_success 'setup: the bad server, two series, the thread of v1 as a file' '
	mkdir files &&
	python3 "$TEST_SRC/testbed/bad-http.py" "$TRASH/port" "$TRASH/log" "$TRASH/files" \
		</dev/null >/dev/null 2>&1 &
	echo $! >pid &&
	for i in $(seq 1 100); do test -s port && break; sleep 0.05; done &&
	test -s port &&
	echo "http://127.0.0.1:$(cat port)" >url &&
	build p && build b &&
	thread p/v1.mbox "$(cat p/c1)" "Rita Reviewer <rita@example.com>" \
		"Reviewed-by: Rita Reviewer <rita@example.com>"
'
trap 'kill "$(cat "$TRASH/pid")" 2>/dev/null; test_cleanup_trash' EXIT
URL=$(cat url)

test_expect_success 'one thread arrives, one gives 500: the one stored, the other named, exit 4' '
	cd p &&
	before=$(state) &&
	test_expect_code 4 quill review pull --source "lore:$URL/files" >out 2>err &&
	echo "quill: warning: v2: $URL/files/$(cat c2)/t.mbox.gz: HTTP 500" >want &&
	test_cmp want err &&
	test "$(git rev-parse refs/quill/series/zone~1)" = "$before" &&
	git show refs/quill/series/zone:v1/review.json >j1 &&
	jget j1 "[r[\"msgid\"] for r in d[\"replies\"]]" >got &&
	echo "[\"re-$(cat c1)\"]" >want && test_cmp want got &&
	test_must_fail git show refs/quill/series/zone:v2/review.json &&
	cat >want <<-\EOF &&
	v1: 1 reply, 1 new item
	v2: 0 replies, 0 new items (its thread failed: see the warning)
	EOF
	test_cmp want out
'

test_expect_success 'the rerun asks only the thread that failed; the next pull asks both' '
	cd p &&
	thread v2.mbox "$(cat c2)" "Bob Builder <bob@example.net>" "Acked-by: Bob Builder <bob@example.net>" &&
	: >"$TRASH/log" &&
	before=$(state) &&
	quill review pull --source "lore:$URL/files" >out 2>err &&
	test ! -s err &&
	cut -d" " -f1-3 "$TRASH/log" >got &&
	echo "GET /files/$(cat c2)/t.mbox.gz 200" >want && test_cmp want got &&
	cat >want <<-\EOF &&
	only the versions whose last fetch failed (the next pull asks every one)
	v2: 1 reply, 1 new item
	EOF
	test_cmp want out &&
	test "$(git rev-parse refs/quill/series/zone~1)" = "$before" &&
	git show refs/quill/series/zone:v2/review.json >j2 &&
	jget j2 "[r[\"msgid\"] for r in d[\"replies\"]]" >got &&
	echo "[\"re-$(cat c2)\"]" >want && test_cmp want got &&
	: >"$TRASH/log" &&
	before=$(state) &&
	quill review pull --source "lore:$URL/files" >out 2>err &&
	test ! -s err &&
	cut -d" " -f1-3 "$TRASH/log" | sort >got &&
	printf "GET /files/%s/t.mbox.gz 200\n" "$(cat c1)" "$(cat c2)" | sort >want &&
	test_cmp want got &&
	tail -n 1 out >got && echo "nothing new" >want && test_cmp want got &&
	test "$(state)" = "$before"
'

test_expect_success 'a FIFO where the record of failed versions goes is no record: ignored, never waited on' '
	cd p &&
	key=$(cd .git && pwd)/ &&
	hex=$(printf "%s\nzone" "$key" | sha256sum | cut -d" " -f1) &&
	mkdir -p "$XDG_CACHE_HOME/quill/review-pull" &&
	mkfifo "$XDG_CACHE_HOME/quill/review-pull/$hex" &&
	: >"$TRASH/log" &&
	timeout 20 quill review pull --source "lore:$URL/files" >out 2>err &&
	test ! -s err &&
	test "$(wc -l <"$TRASH/log")" = 2 &&
	tail -n 1 out >got && echo "nothing new" >want && test_cmp want got
'

# bad MODE CAUSE: review pull --version 1 of series b from MODE is exit 4,
# one line naming the URL and the cause, the state unchanged.
bad() {
	(
	cd b &&
	before=$(state) &&
	test_expect_code 4 quill review pull --version 1 --source "lore:$URL/$1" >out 2>err &&
	echo "quill: warning: v1: $URL/$1/$(cat c1)/t.mbox.gz: $2" >want &&
	test_cmp want err &&
	test "$(state)" = "$before" &&
	test_must_fail git show refs/quill/series/zone:v1/review.json
	)
}

test_expect_success 'HTTP 500 (after the retries): exit 4, the state unchanged' '
	bad 500 "HTTP 500"
'

test_expect_success 'a web page where an mbox was expected' '
	bad html "not an mbox (text/html)"
'

test_expect_success 'a truncated gzip' '
	bad truncated "truncated gzip"
'

test_expect_success 'a server slower than QUILL_HTTP_TIMEOUT_MS' '
	bad slow "timed out after 3000 ms"
'

test_expect_success 'an answer over QUILL_HTTP_MAX_BYTES, plain or gunzipped' '
	bad big "answer larger than 100000 bytes" &&
	bad bomb "answer larger than 100000 bytes"
'

test_expect_success 'a bad QUILL_HTTP_RETRY_MS is a usage error for review pull too' '
	cd b &&
	QUILL_HTTP_RETRY_MS=0 quill_fails 2 "QUILL_HTTP_RETRY_MS=0: not a positive number" \
		review pull --source "lore:$URL/ok"
'

test_expect_success 'standard error not a terminal: no progress text' '
	cd p &&
	quill review pull --source "lore:$URL/files" >out 2>err &&
	test ! -s err
'

test_expect_success 'standard error a terminal: the progress line, threads, messages, bytes' '
	cd p &&
	python3 - "$URL" <<-\PY &&
	import os, pty, sys
	pid, fd = pty.fork()
	if pid == 0:
	    os.execvp("sh", ["sh", "-c", "quill review pull --source lore:%s/files >out" % sys.argv[1]])
	buf = b""
	while True:
	    try:
	        d = os.read(fd, 4096)
	    except OSError:
	        break
	    if not d:
	        break
	    buf += d
	open("tty.err", "wb").write(buf)
	sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
	PY
	tr "\r" "\n" <tty.err | grep -E "^threads 2/2, 8 messages, [0-9]+ bytes" &&
	tail -n 1 out >got && echo "nothing new" >want && test_cmp want got
'

test_expect_success 'the server gone: --offline answers from the cache, nothing new; else exit 4' '
	cd p &&
	kill "$(cat "$TRASH/pid")" &&
	{ wait "$(cat "$TRASH/pid")" 2>/dev/null || :; } &&
	before=$(state) &&
	quill review pull --offline --source "lore:$URL/files" >out 2>err &&
	test ! -s err &&
	tail -n 1 out >got && echo "nothing new" >want && test_cmp want got &&
	test "$(state)" = "$before" &&
	test_expect_code 4 quill review pull --source "lore:$URL/files" >out 2>err &&
	grep -c "^quill: warning: v[12]: $URL/files/.*/t.mbox.gz: Couldn${SQ}t connect to server\$" err >n &&
	echo 2 >want && test_cmp want n &&
	test "$(state)" = "$before"
'

test_done
