#!/bin/sh
# mail thread --json is written as it goes (cmd/output-json.c), skipping
# over the plain bytes of ids, subjects and names a word at a time: what
# needs escaping or checking (quotes, backslashes, control characters,
# invalid UTF-8, non-ASCII) before, inside and after the first eight
# bytes, and strings shorter than eight, come out as kept in
# tests/data/mail/thread-json.expect (jansson's escapes, as every other
# --json view has them).
. "$(dirname "$0")/lib.sh"

DATA=$TEST_SRC/data/mail

test_expect_success 'escapes and invalid UTF-8 anywhere in a string: as kept' '
	quill mail thread --json "$DATA/thread-json.mbox" >out &&
	test_cmp "$DATA/thread-json.expect" out
'

test_done
