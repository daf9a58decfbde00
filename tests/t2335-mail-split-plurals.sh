#!/bin/sh
# Messages about one thing say so in the singular: mail split's warning
# about one NUL byte in a message ("a NUL byte ... (at byte N)"), about
# several ("NUL bytes ... (the first at byte N)"); mail series' counts.
. "$(dirname "$0")/lib.sh"

FROM='From a@example.org Mon Dec  1 10:00:00 2025'

test_expect_success 'one NUL byte: a NUL byte, at its offset' '
	{ echo "$FROM"; printf "Subject: one\n\nbefore\000after\n\n"; } >one.mbox &&
	quill mail split -o one one.mbox >count 2>err &&
	echo 1 >expect && test_cmp expect count &&
	echo "quill: warning: one.mbox: message 1 (byte 44): a NUL byte in the message (at byte 20)" >expect &&
	test_cmp expect err
'

test_expect_success 'two NUL bytes: NUL bytes, the first at its offset' '
	{ echo "$FROM"; printf "Subject: two\n\nbe\000fore\000after\n\n"; } >two.mbox &&
	quill mail split -o two two.mbox >count 2>err &&
	echo 1 >expect && test_cmp expect count &&
	echo "quill: warning: two.mbox: message 1 (byte 44): NUL bytes in the message (the first at byte 16)" >expect &&
	test_cmp expect err
'

test_expect_success 'mail series: one of each in the singular' '
	{
		echo "$FROM"
		printf "From: A <a@example.org>\nSubject: [PATCH 0/1] x\nMessage-ID: <c@x>\n\ncover\n\n"
		echo "$FROM"
		printf "From: A <a@example.org>\nSubject: [PATCH 1/1] x\nMessage-ID: <p@x>\n"
		printf "In-Reply-To: <c@x>\n\nx\n---\ndiff --git a/f b/f\n\n"
		echo "$FROM"
		printf "From: B <b@example.org>\nSubject: Re: [PATCH 1/1] x\nMessage-ID: <r@x>\n"
		printf "In-Reply-To: <p@x>\n\nok\n\n"
	} >series.mbox &&
	quill mail series series.mbox >out &&
	head -n 1 out >first &&
	echo "1 cover, 1 patch, 1 comment: 1 posting" >expect && test_cmp expect first
'

test_done
