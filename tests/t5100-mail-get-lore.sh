#!/bin/sh
# quill mail get --source lore:URL against a real public-inbox server on
# 127.0.0.1 (tests/testbed/lore-server.sh): whole threads, a 404, searches
# by change-id and by subject, many threads in one run, and the cache
# (answers kept, --offline, an unreachable server fails even when cached).
# The bad answers public-inbox cannot give are in t5100-mail-get-lore-bad.sh.
. "$(dirname "$0")/lib.sh"

command -v public-inbox-httpd >/dev/null 2>&1 || skip_all "public-inbox-httpd is not installed"

XDG_CACHE_HOME=$TRASH/cache
export XDG_CACHE_HOME
QUILL_HTTP_RETRY_MS=10
export QUILL_HTTP_RETRY_MS

# mail ID DATE FROM SUBJECT [IN-REPLY-TO [REFERENCES]]: one mboxrd message,
# its body from stdin.
mail() {
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
	printf 'From: %s\nSubject: %s\nDate: %s\nMessage-ID: <%s>\nTo: test-list@example.org\n' \
		"$3" "$4" "$2" "$1"
	[ -z "${5:-}" ] || printf 'In-Reply-To: <%s>\nReferences: %s\n' "$5" "${6:-<$5>}"
	printf 'MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n'
	cat
	printf '\n'
}

ADA="Ada Author <ada@example.org>"
V1=20251201-frob-v1-0-aa11@example.org
CHANGE=20251201-frob-fast-3f9c2a1b7d4e

thread_v1() {
	mail $V1 "Mon, 01 Dec 2025 10:00:00 +0000" "$ADA" "[PATCH 0/2] frob: make the widget faster" <<-EOF
	This makes the widget faster.

	---
	Ada Author (2):
	      frob: cache the widget
	      frob: drop the slow path

	---
	base-commit: 0123456789abcdef0123456789abcdef01234567
	change-id: $CHANGE

	Best regards,
	-- 
	Ada Author <ada@example.org>
	EOF
	mail 20251201-frob-v1-1-aa11@example.org "Mon, 01 Dec 2025 10:00:01 +0000" "$ADA" \
		"[PATCH 1/2] frob: cache the widget" $V1 <<-EOF
	Cache it.

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	mail 20251201-frob-v1-2-aa11@example.org "Mon, 01 Dec 2025 10:00:02 +0000" "$ADA" \
		"[PATCH 2/2] frob: drop the slow path" $V1 <<-EOF
	Drop it.

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	mail ben-1+x@example.net "Tue, 02 Dec 2025 09:00:00 +0000" "Ben Reviewer <ben@example.net>" \
		"Re: [PATCH 1/2] frob: cache the widget" 20251201-frob-v1-1-aa11@example.org \
		"<$V1> <20251201-frob-v1-1-aa11@example.org>" <<-EOF
	> Cache it.

	What's the object file size change?
	EOF
}

thread_v2() {
	mail 20251205-frob-v2-0-bb22@example.org "Fri, 05 Dec 2025 10:00:00 +0000" "$ADA" \
		"[PATCH v2 0/1] frob: make the widget faster" <<-EOF
	v2: folded into one patch.

	---
	change-id: $CHANGE
	EOF
	mail cy-quotes@example.com "Sat, 06 Dec 2025 08:00:00 +0000" "Cy Maintainer <cy@example.com>" \
		"Re: [PATCH v2 0/1] frob: make the widget faster" 20251205-frob-v2-0-bb22@example.org <<-EOF
	> change-id: $CHANGE

	Quoting the footer is no match for nq:.
	EOF
}

other_threads() {
	mail cy-typo@example.com "Sat, 06 Dec 2025 09:00:00 +0000" "Cy Maintainer <cy@example.com>" \
		"[PATCH] docs: fix a typo in the widget guide" <<-EOF
	Fix it.
	EOF
	for i in $(seq 1 20); do
		mail many-$i@example.org "Sun, 07 Dec 2025 10:00:$(printf %02d $i) +0000" \
			"Dee Developer <dee@example.org>" "[PATCH] many: thread $i" <<-EOF
		Thread $i.
		EOF
	done
}

test_expect_success 'setup: a public-inbox server with the threads' '
	{ thread_v1 && thread_v2 && other_threads; } >all.mbox &&
	thread_v1 >v1.expect &&
	url=$("$TEST_SRC/testbed/lore-server.sh" start all.mbox "$TRASH/lore" 2>lore.err) &&
	echo "${url}all" >base &&
	git config --global quill.lore "${url}all"
'
# every test below may fail: the server is stopped when the script ends
trap '"$TEST_SRC/testbed/lore-server.sh" stop "$TRASH/lore" 2>/dev/null; test_cleanup_trash' EXIT

test_expect_success 'a thread, asked by any of its messages, is all of it' '
	quill mail get "<ben-1+x@example.net>" >out &&
	test_cmp v1.expect out &&
	quill mail get $V1 >out &&
	test_cmp v1.expect out
'

test_expect_success '-o writes the thread to a file' '
	quill mail get -o got.mbox 20251201-frob-v1-2-aa11@example.org >out &&
	test_cmp v1.expect got.mbox &&
	! test -s out
'

test_expect_success 'a Message-ID the archive does not have: exit 1, no such thread' '
	test_expect_code 1 quill mail get nobody-wrote-this@example.org >out 2>err &&
	echo "quill: nobody-wrote-this@example.org: no such thread" >expect &&
	test_cmp expect err &&
	! test -s out
'

test_expect_success 'search by change-id: every version, not the reply quoting the footer' '
	quill mail get --change-id $CHANGE >out &&
	grep "^Subject:" out >subjects &&
	cat >expect <<-EOF &&
	Subject: [PATCH v2 0/1] frob: make the widget faster
	Subject: [PATCH 0/2] frob: make the widget faster
	EOF
	test_cmp expect subjects
'

test_expect_success 'search by subject and sender' '
	quill mail get --subject "frob: make the widget faster" --from ada@example.org >out &&
	grep "^Subject:" out >subjects &&
	cat >expect <<-EOF &&
	Subject: [PATCH v2 0/1] frob: make the widget faster
	Subject: [PATCH 0/2] frob: make the widget faster
	EOF
	test_cmp expect subjects &&
	quill mail get --subject "frob: make the widget faster" >out &&
	grep "^Subject:" out >subjects &&
	cat >expect <<-EOF &&
	Subject: Re: [PATCH v2 0/1] frob: make the widget faster
	Subject: [PATCH v2 0/1] frob: make the widget faster
	Subject: [PATCH 0/2] frob: make the widget faster
	EOF
	test_cmp expect subjects
'

test_expect_success 'a search that matches nothing: exit 1, no output' '
	test_expect_code 1 quill mail get --change-id 20990101-no-such-change-000000000000 >out 2>err &&
	! test -s out && ! test -s err &&
	test_expect_code 1 quill mail get --subject "frob: make the widget faster" \
		--from ben@example.net >out 2>err &&
	! test -s out && ! test -s err
'

test_expect_success 'twenty threads in one run' '
	ids="" &&
	for i in $(seq 1 20); do ids="$ids many-$i@example.org"; done &&
	quill mail get $ids >out &&
	grep "^Subject:" out >subjects &&
	for i in $(seq 1 20); do echo "Subject: [PATCH] many: thread $i"; done >expect &&
	test_cmp expect subjects
'

test_expect_success 'the cache holds each answer with its URL' '
	base=$(cat base) &&
	grep -l -a "^url $base/$V1/t.mbox.gz\$" "$XDG_CACHE_HOME"/quill/http/* >hit &&
	test "$(wc -l <hit)" -eq 1
'

test_expect_success '--offline answers from the cache alone; a miss is exit 4' '
	quill mail get --offline $V1 >out &&
	test_cmp v1.expect out &&
	quill mail get --offline --change-id $CHANGE >out &&
	grep -c "^Subject:" out >count && echo 2 >expect && test_cmp expect count &&
	test_expect_code 4 quill mail get --offline cy-typo@example.com >out 2>err &&
	echo "quill: $(cat base)/cy-typo@example.com/t.mbox.gz: not in the cache (--offline)" >expect &&
	test_cmp expect err
'

test_expect_success '--no-cache neither reads nor writes the cache' '
	rm -rf "$XDG_CACHE_HOME" &&
	quill mail get --no-cache cy-typo@example.com >out &&
	grep "^Subject: \[PATCH\] docs: fix a typo" out &&
	! test -e "$XDG_CACHE_HOME/quill/http" &&
	quill mail get $V1 >out &&
	test_expect_code 4 quill mail get --offline --no-cache $V1 >out 2>err &&
	grep "not in the cache" err
'

test_expect_success 'the server stopped: exit 4 even for a cached thread; --offline still works' '
	"$TEST_SRC/testbed/lore-server.sh" stop "$TRASH/lore" &&
	test_expect_code 4 quill mail get $V1 >out 2>err &&
	echo "quill: $(cat base)/$V1/t.mbox.gz: Couldn${SQ}t connect to server" >expect &&
	test_cmp expect err &&
	! test -s out &&
	quill mail get --offline $V1 >out &&
	test_cmp v1.expect out
'

test_done
