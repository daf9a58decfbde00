#!/bin/sh
# quill mail split --mbox OUT where OUT is a FIFO (made here with mkfifo):
# it is written to, the mbox arriving at its reader, and stays a FIFO (it
# was renamed over before); a FIFO nobody reads is an error at once, not a
# wait; a directory named as OUT is refused, left as it is, no temporary
# file left beside it.  The same guard as every whole-file write
# (file_open_special in lib/core/file.c).
. "$(dirname "$0")/lib.sh"

DATA=$TEST_SRC/data/mail

# to_fifo ARGS...: quill mail split ARGS... while a reader (cat, started
# here) copies the FIFO d/fifo to got.  The reader may not have opened the
# FIFO yet when quill opens it (ENXIO, nothing written): tried again, up to
# 50 times; a reader left waiting is killed (by its pid).  Its status is
# quill's.
to_fifo() {
	cat d/fifo >got &
	tf_reader=$!
	tf_i=0
	while :; do
		timeout 20 quill mail split "$@" && tf_rc=0 && break
		tf_rc=$?
		tf_i=$((tf_i + 1))
		[ "$tf_i" -lt 50 ] || break
		sleep 0.1
	done
	# a FIFO renamed over leaves the reader waiting on it: killed too
	{ [ "$tf_rc" = 0 ] && [ -p d/fifo ]; } || kill "$tf_reader" 2>/dev/null
	wait "$tf_reader"
	return "$tf_rc"
}

test_expect_success 'a FIFO as --mbox: written to, the reader gets the mbox, still a FIFO' '
	quill mail split --mbox plain.mbox "$DATA/escapes.mboxrd" >count &&
	echo 3 >expect && test_cmp expect count &&
	mkdir d && mkfifo d/fifo &&
	to_fifo --mbox d/fifo "$DATA/escapes.mboxrd" >count 2>err &&
	test_cmp expect count &&
	test_cmp plain.mbox got &&
	test -p d/fifo &&
	(cd d && ls -A) >names && echo fifo >expect && test_cmp expect names
'

test_expect_success 'a FIFO nobody reads: exit 4 at once, naming it, still a FIFO' '
	test_expect_code 4 timeout 20 quill mail split --mbox d/fifo "$DATA/escapes.mboxrd" \
		>out 2>err &&
	grep -q "^quill: cannot write d/fifo: No such device or address$" err &&
	test -p d/fifo &&
	(cd d && ls -A) >names && echo fifo >expect && test_cmp expect names
'

test_expect_success 'a directory as --mbox: exit 4, the directory untouched, no temporary file' '
	mkdir e e/box &&
	test_expect_code 4 quill mail split --mbox e/box "$DATA/escapes.mboxrd" >out 2>err &&
	grep -q "^quill: cannot write e/box: a directory$" err &&
	test -d e/box && test -z "$(ls -A e/box)" &&
	(cd e && ls -A) >names && echo box >expect && test_cmp expect names
'

test_expect_success '--json names the FIFO as the mbox' '
	test -p d/fifo &&
	to_fifo --json --mbox d/fifo "$DATA/escapes.mboxrd" >out.json 2>err &&
	echo "{\"count\": 3, \"skipped\": 0, \"mbox\": \"d/fifo\"}" >expect.json &&
	test_cmp_json expect.json out.json &&
	test_cmp plain.mbox got
'

test_done
