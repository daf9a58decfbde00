#!/bin/sh
# quill mail split -o DIR writes nothing outside DIR: each file is made
# under a temporary name in DIR and renamed over its name, so a symlink
# DIR/0001 is replaced, its target (or the place a dangling one names) left
# alone; the files get the mode 0666 & ~umask.
. "$(dirname "$0")/lib.sh"

DATA=$TEST_SRC/data/mail

test_expect_success 'a symlink DIR/0001 to a file outside: replaced, the file unchanged' '
	quill mail split -o plain "$DATA/escapes.mboxrd" >/dev/null &&
	echo secret >outside && cp outside outside.orig &&
	mkdir out && ln -s ../outside out/0001 &&
	quill mail split -o out "$DATA/escapes.mboxrd" >count &&
	echo 3 >expect && test_cmp expect count &&
	test_cmp outside.orig outside &&
	test ! -h out/0001 && test -f out/0001 &&
	test_cmp plain/0001 out/0001 &&
	(cd out && ls -a) >ls && printf ".\n..\n0001\n0002\n0003\n" >expect.ls && test_cmp expect.ls ls
'

test_expect_success 'a dangling symlink: replaced, nothing made where it points' '
	mkdir dang && ln -s ../made-outside dang/0002 &&
	quill mail split -o dang "$DATA/escapes.mboxrd" >/dev/null &&
	test ! -e made-outside && test ! -h made-outside &&
	test ! -h dang/0002 && test_cmp plain/0002 dang/0002
'

test_expect_success 'a symlink to a directory outside: nothing written into it' '
	mkdir elsewhere lnk && ln -s ../elsewhere lnk/0003 &&
	quill mail split -o lnk "$DATA/escapes.mboxrd" >/dev/null &&
	test_cmp plain/0003 lnk/0003 && test ! -h lnk/0003 &&
	test -z "$(ls -A elsewhere)"
'

test_expect_success 'an existing regular file is replaced; the mode is 0666 & ~umask' '
	mkdir again && echo old >again/0001 &&
	(umask 027 && quill mail split -o again "$DATA/escapes.mboxrd" >/dev/null) &&
	test_cmp plain/0001 again/0001 &&
	test "$(stat -c %a again/0001)" = 640 && test "$(stat -c %a again/0003)" = 640 &&
	(umask 022 && quill mail split -o again "$DATA/escapes.mboxrd" >/dev/null) &&
	test "$(stat -c %a again/0002)" = 644
'

test_done
