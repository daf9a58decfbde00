#!/bin/sh
# mail series --json writes its document directly (cmd/mail-series.c), not
# through jansson: byte for byte what jansson's dump (JSON_INDENT(2)) made
# of it, kept in tests/data/mail/series-json.expect: \b \f \t \" \\ and
# \u00XX escapes, invalid UTF-8 made valid, a number not received, a
# version that follows another, and an empty list of series.
. "$(dirname "$0")/lib.sh"

DATA=$TEST_SRC/data/mail

test_expect_success 'escapes, invalid UTF-8, lists and links: as jansson wrote them' '
	quill mail series --json "$DATA/series-json.mbox" >out &&
	test_cmp "$DATA/series-json.expect" out
'

test_expect_success 'no series: an empty list' '
	printf "From a@x Mon Jan  1 00:00:00 2024\nFrom: a <a@x>\nSubject: Re: hi\nMessage-ID: <r@x>\n\nbody\n" >replies &&
	quill mail series --json replies >out &&
	cat >expect <<-\EOF &&
	{
	  "counts": {
	    "covers": 0,
	    "patches": 0,
	    "comments": 1
	  },
	  "series": []
	}
	EOF
	test_cmp expect out
'

test_done
