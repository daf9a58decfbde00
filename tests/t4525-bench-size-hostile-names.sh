#!/bin/sh
# Names bench size takes from outside reach the terminal and the mail
# escaped (issue 10, item 5): a file whose name holds ESC, a --label, and
# what {{objsize}} prints; a --label with a control character is refused,
# and one with "{{" is printed as it is, not read as a token.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

command -v gcc >/dev/null || skip_all "no gcc to compile the test objects"

OBJ=$TEST_SRC/data/objsize
ESC=$(printf "\033")

test_expect_success 'setup: two objects, the new one named with an ESC' '
	gcc -O2 -c -DVARIANT=1 "$OBJ/zone.c" -o old.o &&
	gcc -O2 -c -DVARIANT=2 "$OBJ/zone.c" -o "new${ESC}[31m.o" &&
	bench_repo r 2
'

test_expect_success 'bench size writes the name escaped' '
	quill bench size old.o "new${ESC}[31m.o" >out &&
	! grep -q "$ESC" out &&
	grep -F "new\\033[31m.o" out
'

test_expect_success 'a --label with a control character is refused (2)' '
	cd r &&
	test_expect_code 2 quill bench size --attach m --label "$(printf "a\nb"),c" ../old.o "../new${ESC}[31m.o" 2>err &&
	grep "^quill: bench size: --label: .a\\\\nb. holds a control character" err
'

test_expect_success 'the cover shows the file name escaped, a {{ label as it is' '
	cd r &&
	quill bench size --attach m ../old.o "../new${ESC}[31m.o" >/dev/null 2>&1 &&
	quill bench size --attach l --label "old{{signature}},new" ../old.o "../new${ESC}[31m.o" >/dev/null 2>&1 &&
	printf "s: sizes\\n\\n{{objsize m}}\\n\\n{{objsize l}}\\n" | quill series edit-cover -F - >/dev/null &&
	quill series format -o ../cv >/dev/null 2>&1 &&
	! grep -q "$ESC" ../cv/0000-cover-letter.patch &&
	grep -F "new\\033[31m.o" ../cv/0000-cover-letter.patch &&
	grep -F "old{{signature}}" ../cv/0000-cover-letter.patch
'

test_done
