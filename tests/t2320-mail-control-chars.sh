#!/bin/sh
# Control characters from mail (ESC sequences, OSC with BEL, CR, C1) in
# From: and Subject:, raw and RFC 2047-encoded: mail thread and mail
# series write them escaped in their text (\033, \007, \r, \302\233), so
# that none reaches the terminal; their JSON is as it was (JSON escapes).
. "$(dirname "$0")/lib.sh"

C1=$(printf '\302\233')		# U+009B, the 8-bit CSI, as UTF-8

# box: a cover and its patch from a sender whose name holds ESC [31m, a
# cover subject with an OSC and a C1; a reply whose From (OSC) and Subject
# (CR, C1, ESC) are encoded words, under a missing id that holds ESC.
from_enc=$(printf 'Eve \033]0;pwned\007' | base64 | tr -d '\n')
subject_enc=$(printf 'cr\rhere \302\233c1 \033[31mred' | base64 | tr -d '\n')
{
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
	printf 'From: Mal \033[31mRed\033[m <mal@example.org>\n'
	printf 'Subject: [PATCH 0/1] a \033]0;title\007 b \302\233c\n'
	printf 'Date: Mon, 01 Dec 2025 10:00:00 +0000\nMessage-ID: <c@x>\n\ncover\n\n'
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
	printf 'From: Mal \033[31mRed\033[m <mal@example.org>\n'
	printf 'Subject: [PATCH 1/1] one\n'
	printf 'Date: Mon, 01 Dec 2025 10:01:00 +0000\nMessage-ID: <p@x>\n'
	printf 'In-Reply-To: <c@x>\nReferences: <c@x>\n\nx\n---\ndiff --git a/f b/f\n\n'
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
	printf 'From: =?UTF-8?B?%s?= <eve@example.org>\n' "$from_enc"
	printf 'Subject: =?UTF-8?B?%s?=\n' "$subject_enc"
	printf 'Date: Mon, 01 Dec 2025 10:05:00 +0000\nMessage-ID: <r@x>\n'
	printf 'References: <c@x> <m\033[1m@x>\n\nbody\n\n'
} >"$TRASH/box"

# no_controls FILE: FILE has no control character but the newlines, no C1.
no_controls() {
	! tr -d '\n' <"$1" | grep -q "[[:cntrl:]]" && ! grep -q "$C1" "$1"
}

test_expect_success 'mail thread: names, subjects and missing ids escaped' '
	quill mail thread box >out 2>err &&
	test ! -s err &&
	no_controls out &&
	cat >expect <<-\EOF &&
	2025-12-01 10:00  Mal \033[31mRed\033~  [PATCH 0/1] a \033]0;title\007 b \302\233c
	2025-12-01 10:01  Mal \033[31mRed\033~    [PATCH 1/1] one
	                                          (missing <m\033[1m@x>)
	2025-12-01 10:05  Eve \033]0;pwned\007      cr\rhere \302\233c1 \033[31mred
	EOF
	test_cmp expect out
'

test_expect_success 'mail thread --json: the JSON escapes jansson writes, C1 as it is' '
	quill mail thread --json box >out &&
	sed "s/<C1>/$C1/g" >expect <<-\EOF &&
	{
	  "messages": [
	    {"msgid": "c@x", "parent": null, "depth": 0, "subject": "[PATCH 0/1] a \u001B]0;title\u0007 b <C1>c", "from": "Mal \u001B[31mRed\u001B[m <mal@example.org>", "date": "2025-12-01T10:00:00Z", "missing": false},
	    {"msgid": "p@x", "parent": "c@x", "depth": 1, "subject": "[PATCH 1/1] one", "from": "Mal \u001B[31mRed\u001B[m <mal@example.org>", "date": "2025-12-01T10:01:00Z", "missing": false},
	    {"msgid": "m\u001B[1m@x", "parent": "c@x", "depth": 1, "subject": null, "from": null, "date": null, "missing": true},
	    {"msgid": "r@x", "parent": "m\u001B[1m@x", "depth": 2, "subject": "cr\rhere <C1>c1 \u001B[31mred", "from": "Eve \u001B]0;pwned\u0007 <eve@example.org>", "date": "2025-12-01T10:05:00Z", "missing": false}
	  ]
	}
	EOF
	test_cmp expect out
'

test_expect_success 'mail series: the name and the author escaped' '
	quill mail series box >out 2>err &&
	test ! -s err &&
	no_controls out &&
	cat >expect <<-\EOF &&
	1 cover, 1 patch, 1 comment: 1 posting

	  #  VER  RECEIVED  COVER  NAME  (AUTHOR)
	  1  v1   1/1       yes    a \033]0;title\007 b \302\233c  (Mal \033[31mRed\033[m <mal@example.org>)
	EOF
	test_cmp expect out
'

test_expect_success 'mail series: an author from encoded words, escaped' '
	sed -n "/^From: =?UTF-8/p" box >from.line &&
	{
		printf "From mboxrd@z Thu Jan  1 00:00:00 1970\n" && cat from.line &&
		printf "Subject: [PATCH] fix \033[2Jit\nDate: Mon, 01 Dec 2025 10:00:00 +0000\n" &&
		printf "Message-ID: <q@x>\n\nx\n---\ndiff --git a/f b/f\n\n"
	} >one &&
	quill mail series one >out &&
	no_controls out &&
	tail -n 1 out >last &&
	printf "%s\n" "  1  v1   1/1       no     fix \\033[2Jit  (Eve \\033]0;pwned\\007 <eve@example.org>)" >expect &&
	test_cmp expect last
'

test_expect_success 'mail series --json: as it was' '
	quill mail series --json box >out &&
	sed "s/<C1>/$C1/g" >expect <<-\EOF &&
	{
	  "counts": {
	    "covers": 1,
	    "patches": 1,
	    "comments": 1
	  },
	  "series": [
	    {
	      "name": "a \u001B]0;title\u0007 b <C1>c",
	      "version": 1,
	      "total": 1,
	      "cover": true,
	      "cover_message": 1,
	      "patches": 1,
	      "received_all": true,
	      "change_id": null,
	      "messages": [
	        "c@x",
	        "p@x"
	      ],
	      "not_received": [],
	      "author": "Mal \u001B[31mRed\u001B[m <mal@example.org>",
	      "date": "2025-12-01T10:00:00Z",
	      "series_key": "mal@example.org a \u001B]0;title\u0007 b <C1>c",
	      "previous": null
	    }
	  ]
	}
	EOF
	test_cmp expect out
'

test_done
