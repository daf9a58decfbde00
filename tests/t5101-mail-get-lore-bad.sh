#!/bin/sh
# quill mail get --source lore:URL against the bad answers a real
# public-inbox cannot give (tests/testbed/bad-http.py on 127.0.0.1): each
# is exit 4 with one line naming the URL and the cause, nothing on stdout;
# 429 is retried; an ETag is revalidated (304 answers from the cache).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 is not installed"

XDG_CACHE_HOME=$TRASH/cache
QUILL_HTTP_TIMEOUT_MS=3000	# the "slow" server answers after 5 s; a loaded machine needs the margin
QUILL_HTTP_MAX_BYTES=100000
QUILL_HTTP_RETRY_MS=10
export XDG_CACHE_HOME QUILL_HTTP_TIMEOUT_MS QUILL_HTTP_MAX_BYTES QUILL_HTTP_RETRY_MS

test_expect_success 'setup: the bad server' '
	python3 "$TEST_SRC/testbed/bad-http.py" "$TRASH/port" "$TRASH/log" </dev/null >/dev/null 2>&1 &
	echo $! >pid &&
	for i in $(seq 1 100); do test -s port && break; sleep 0.05; done &&
	test -s port &&
	echo "http://127.0.0.1:$(cat port)" >url
'
trap 'kill "$(cat "$TRASH/pid")" 2>/dev/null; test_cleanup_trash' EXIT
URL=$(cat url)

# bad MODE CAUSE: a thread from MODE is exit 4 and "URL: CAUSE", and the
# bad answer is not kept in the cache
bad() {
	test_expect_code 4 quill mail get --source "lore:$URL/$1" some-thread@example.org >out 2>err &&
	echo "quill: $URL/$1/some-thread@example.org/t.mbox.gz: $2" >expect &&
	test_cmp expect err &&
	! test -s out &&
	! grep -rqa "^url $URL/$1/" "$XDG_CACHE_HOME/quill"
}

test_expect_success 'HTTP 500 (after the retries)' '
	bad 500 "HTTP 500" &&
	test "$(grep -c "^GET /500/" log)" -eq 4
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

test_expect_success '503 forever: exit 4 after three retries' '
	bad 503 "HTTP 503" &&
	test "$(grep -c "^GET /503/" log)" -eq 4
'

test_expect_success '429 then 200: the retry gets the thread' '
	quill mail get --source "lore:$URL/429" retry@example.org >out &&
	grep "^Message-ID: <retry@example.org>\$" out &&
	grep "^GET /429/retry@example.org/t.mbox.gz " log >reqs &&
	cat >expect <<-EOF &&
	GET /429/retry@example.org/t.mbox.gz 429 -
	GET /429/retry@example.org/t.mbox.gz 200 -
	EOF
	test_cmp expect reqs
'

test_expect_success 'an ETag is sent back; the 304 answers from the cache' '
	quill mail get --source "lore:$URL/etag" tag@example.org >first &&
	quill mail get --source "lore:$URL/etag" tag@example.org >second &&
	test_cmp first second &&
	grep "^Message-ID: <tag@example.org>\$" second &&
	grep "^GET /etag/" log >reqs &&
	cat >expect <<-EOF &&
	GET /etag/tag@example.org/t.mbox.gz 200 -
	GET /etag/tag@example.org/t.mbox.gz 304 "v1"
	EOF
	test_cmp expect reqs &&
	grep -rla "^url $URL/etag/tag@example.org/t.mbox.gz\$" "$XDG_CACHE_HOME/quill" >files &&
	test "$(wc -l <files)" -eq 1 &&
	grep -qa "^etag \"v1\"\$" "$(cat files)"
'

test_expect_success 'several threads at once: each gets its answer or its error' '
	quill mail get --source "lore:$URL/ok" a@example.org b@example.org c@example.org >out &&
	grep "^Message-ID:" out >ids &&
	cat >expect <<-EOF &&
	Message-ID: <a@example.org>
	Message-ID: <b@example.org>
	Message-ID: <c@example.org>
	EOF
	test_cmp expect ids &&
	test_expect_code 1 quill mail get --source "lore:$URL/ok" a@example.org \
		missing@example.org c@example.org >out 2>err &&
	echo "quill: missing@example.org: no such thread" >expect &&
	test_cmp expect err &&
	grep "^Message-ID:" out >ids &&
	cat >expect <<-EOF &&
	Message-ID: <a@example.org>
	Message-ID: <c@example.org>
	EOF
	test_cmp expect ids
'

test_expect_success 'twenty slow threads: asked at once, at most eight in flight' '
	ids="" &&
	for i in $(seq 1 20); do ids="$ids par-$i@example.org"; done &&
	QUILL_HTTP_TIMEOUT_MS=10000 quill mail get --source "lore:$URL/par" $ids >out &&
	test "$(grep -c "^Message-ID: <par-" out)" -eq 20 &&
	peak=$(cat log.peak) &&
	test "$peak" -ge 2 && test "$peak" -le 8
'

test_expect_success 'a bad QUILL_HTTP_TIMEOUT_MS is a usage error' '
	test_expect_code 2 env QUILL_HTTP_TIMEOUT_MS=soon \
		quill mail get --source "lore:$URL/ok" a@example.org 2>err &&
	echo "quill: QUILL_HTTP_TIMEOUT_MS=soon: not a positive number" >expect &&
	test_cmp expect err
'

# other MODE CMD...: `quill CMD... --source lore:URL/MODE` in repository br
# is exit 4, the one line naming the URL of big@example.org's thread
other() {
	om_mode=$1 && shift &&
	(cd br && test_expect_code 4 quill "$@" --source "lore:$URL/$om_mode" >/dev/null 2>../err) &&
	echo "quill: $URL/$om_mode/big@example.org/t.mbox.gz: answer larger than 100000 bytes" >expect &&
	test_cmp expect err
}

test_expect_success 'review scan --thread, trailer lint --thread, bench add --from-mail honour QUILL_HTTP_*' '
	series_repo br one 1 &&
	other big review scan --thread big@example.org &&
	other big trailer lint --thread big@example.org &&
	other big bench add size --from-mail big@example.org &&
	(cd br && test_expect_code 2 env QUILL_HTTP_RETRY_MS=x \
		quill review scan --thread a@example.org --source "lore:$URL/ok" 2>../err) &&
	echo "quill: QUILL_HTTP_RETRY_MS=x: not a positive number" >expect &&
	test_cmp expect err
'

test_expect_success 'the server gone: exit 4 although the thread is cached; --offline has it' '
	quill mail get --source "lore:$URL/ok" gone@example.org >cached &&
	kill "$(cat pid)" &&
	{ wait "$(cat pid)" 2>/dev/null || :; } &&
	test_expect_code 4 quill mail get --source "lore:$URL/ok" gone@example.org >out 2>err &&
	echo "quill: $URL/ok/gone@example.org/t.mbox.gz: Couldn${SQ}t connect to server" >expect &&
	test_cmp expect err &&
	! test -s out &&
	quill mail get --offline --source "lore:$URL/ok" gone@example.org >out &&
	test_cmp cached out
'

test_done
