#!/bin/sh
# quill bench size on damaged ELF files: an object gcc compiles, cut short
# and with its headers, section headers, symbols and string tables set to
# values out of range (tests/data/objsize/damage.py writes some 300 such
# files).  Each is read with what is sound (exit 0) or refused as bad
# input naming the file (exit 3), never a crash; under ASan (make check
# SANITIZE=1) an out-of-bounds read aborts and fails the test too.  And
# what is not a regular file: a FIFO is refused at once, not waited on.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

DATA=$TEST_SRC/data/objsize

command -v gcc >/dev/null || skip_all "no gcc to compile the test object"
command -v python3 >/dev/null || skip_all "no python3 to damage the test object"

test_expect_success 'setup: an object and its damaged copies' '
	gcc -O2 -c -DVARIANT=1 "$DATA/zone.c" -o good.o &&
	n=$(python3 "$DATA/damage.py" good.o damaged) &&
	test "$n" -gt 200 &&
	test "$(ls damaged | wc -l)" = "$n"
'

test_expect_success 'every damaged file: exit 0 or 3 (the file named), never a signal' '
	ok=0 refused=0 &&
	for f in damaged/*; do
		quill bench size good.o "$f" >out 2>err
		rc=$?
		case $rc in
		0)	grep -q "^add/remove: " out || { echo "$f: no table"; return 1; }
			ok=$((ok + 1)) ;;
		3)	test "$(wc -l <err)" = 1 &&
			grep -q "^quill: bench size: $f: " err || { echo "$f:"; cat err; return 1; }
			refused=$((refused + 1)) ;;
		*)	echo "$f: exit $rc"; cat err; return 1 ;;
		esac
	done &&
	echo "read $ok, refused $refused" &&
	test "$ok" -gt 0 && test "$refused" -gt 0
'

test_expect_success 'a section name outside the names table: read, without a name' '
	quill bench size good.o damaged/*-sh-all-names >out &&
	grep -q "^add/remove: 0/0 grow/shrink: 0/0 up/down: 0/0 (0)\$" out
'

test_expect_success 'a FIFO: refused at once (2), naming it, not waited on' '
	mkfifo fifo &&
	timeout 20 quill bench size good.o fifo >out 2>err
	test $? = 2 &&
	test "$(cat err)" = "quill: bench size: fifo: not a regular file (a FIFO)" &&
	test ! -s out
'

test_expect_success 'a device, a directory: refused (2), naming them' '
	quill_fails 2 "^quill: bench size: /dev/null: not a regular file \\(a character device\\)\$" \
		bench size /dev/null good.o &&
	mkdir dir &&
	quill_fails 2 "^quill: bench size: dir: a directory\$" bench size good.o dir
'

test_expect_success 'a symbolic link is followed' '
	ln -s good.o link.o &&
	quill bench size link.o good.o >out &&
	grep -q "^add/remove: 0/0 grow/shrink: 0/0 up/down: 0/0 (0)\$" out
'

test_done
