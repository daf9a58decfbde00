#!/bin/sh
# mail thread --json skips over the plain bytes of ids, subjects and names
# a word at a time (cmd/mail-thread.c): what needs escaping or checking
# (quotes, backslashes, control characters, invalid UTF-8, non-ASCII)
# before, inside and after the first eight bytes, and strings shorter than
# eight, are written as before, kept in tests/data/mail/thread-json.expect.
. "$(dirname "$0")/lib.sh"

DATA=$TEST_SRC/data/mail

test_expect_success 'escapes and invalid UTF-8 anywhere in a string: as before' '
	quill mail thread --json "$DATA/thread-json.mbox" >out &&
	test_cmp "$DATA/thread-json.expect" out
'

test_done
