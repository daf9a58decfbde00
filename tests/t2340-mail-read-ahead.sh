#!/bin/sh
# mail thread, mail series and review scan read a mailbox ahead on a second
# thread (lib/net/source-ahead.c): the same output and the same warnings,
# in the same order, as reading it in one thread (QUILL_READ_AHEAD=0),
# over more messages than one batch (256) holds, with warnings before the
# first message, between batches and after the last; and with the mailbox
# split between two reading threads (QUILL_SPLIT_MIN=1: any size splits).
. "$(dirname "$0")/lib.sh"

# mk N: an mbox of N messages with junk before the first separator, every
# 37th without a Message-ID, every 50th a copy of the one before, every
# 91st not mail, replies, patches and a message at the end that is not mail
mk() {
	printf 'junk before the first separator\n\n'
	i=1
	while [ "$i" -le "$1" ]; do
		printf 'From ada@example.org Mon Jan  1 00:00:00 2024\n'
		if [ $((i % 91)) = 0 ]; then
			printf 'this is no header block\n\n'
			i=$((i + 1)); continue
		fi
		printf 'From: Ada Example <ada@example.org>\n'
		printf 'Date: Mon, 1 Jan 2024 %02d:%02d:00 +0000\n' $((i / 60 % 24)) $((i % 60))
		if [ $((i % 50)) = 0 ]; then
			printf 'Message-ID: <m%d@example.org>\n' $((i - 1))
		elif [ $((i % 37)) != 0 ]; then
			printf 'Message-ID: <m%d@example.org>\n' "$i"
		fi
		if [ $((i % 5)) = 0 ]; then
			printf 'Subject: Re: [PATCH v2 %d/4] part\n' $((i % 4 + 1))
			printf 'In-Reply-To: <m%d@example.org>\n' $((i - 1))
			printf 'References: <m%d@example.org>\n <m%d@example.org>\n' $((i - 2)) $((i - 1))
		else
			printf 'Subject: [PATCH v2 %d/4] part %d\n' $((i % 4 + 1)) "$i"
			printf 'In-Reply-To: <m%d@example.org>\n' $((i - i % 4))
		fi
		printf '\nbody %d\n>From the escaped line\n\n' "$i"
		i=$((i + 1))
	done
	printf 'From ada@example.org Mon Jan  1 00:00:00 2024\nno header at the end\n'
}

test_expect_success 'a mailbox of 1500 messages, warnings all through it' '
	mk 1500 >box &&
	QUILL_READ_AHEAD=0 quill mail thread box >/dev/null 2>err &&
	grep -q "not mail" err && grep -q "no Message-ID" err && grep -q "second message" err
'

for cmd in "mail thread" "mail thread --json" "mail series" "mail series --json" \
	"review scan --json"; do
	test_expect_success "$cmd: the same with and without reading ahead" "
		QUILL_READ_AHEAD=0 quill $cmd box >expect.out 2>expect.err &&
		quill $cmd box >out 2>err &&
		test_cmp expect.out out && test_cmp expect.err err
	"
done

for cmd in "mail thread" "mail thread --json" "mail series --json" "review scan --json"; do
	test_expect_success "$cmd: the same with the mailbox split between two readers" "
		QUILL_READ_AHEAD=0 quill $cmd box >expect.out 2>expect.err &&
		QUILL_SPLIT_MIN=1 quill $cmd box >out 2>err &&
		test_cmp expect.out out && test_cmp expect.err err
	"
done

test_expect_success 'warnings stay in order with the output when both go to one file' '
	QUILL_READ_AHEAD=0 quill mail thread box >expect 2>&1 &&
	quill mail thread box >actual 2>&1 &&
	test_cmp expect actual
'

test_expect_success 'several operands and standard input, read ahead as one mailbox' '
	mk 300 >small &&
	QUILL_READ_AHEAD=0 quill mail thread --json small - box <small >expect 2>&1 &&
	quill mail thread --json small - box <small >actual 2>&1 &&
	test_cmp expect actual
'

test_expect_success 'nothing that is mail: the same error either way' '
	printf "From a@b Mon Jan  1 00:00:00 2024\nno header\n" >none &&
	test_expect_code 3 env QUILL_READ_AHEAD=0 quill mail thread none >expect 2>&1 &&
	test_expect_code 3 quill mail thread none >actual 2>&1 &&
	test_cmp expect actual
'

test_done
