#!/bin/sh
# quill mail split when a write fails (a full disk: a 64k tmpfs, or
# /dev/full as standard output): exit 4 with an error naming the file, no
# empty or partial file left under a message's name, no temporary file
# left, with -o DIR as with --mbox OUT.
. "$(dirname "$0")/lib.sh"

# msg SUBJECT KBYTES: one mbox message with a body of about KBYTES kB
msg() {
	printf 'From a@example.org Mon Dec  1 10:00:00 2025\nSubject: %s\n\n' "$1"
	head -c $(($2 * 1024)) /dev/zero | tr '\000' x | fold -w 64
	printf '\n\n'
}
msg small 1 >"$TRASH/small.mbox"
{ msg small 1; msg big 200; } >"$TRASH/two.mbox"

# the names in DIR, hidden ones too
names() {
	(cd "$1" && ls -A)
}

full=
if mkdir "$TRASH/full" && mount -t tmpfs -o size=64k tmpfs "$TRASH/full" 2>/dev/null; then
	full=$TRASH/full
	trap 'umount "$full" 2>/dev/null; test_cleanup_trash' EXIT
fi

if [ -n "$full" ]; then
	test_expect_success '-o DIR on a full disk: exit 4 naming the file, no part of it left' '
		test_expect_code 4 quill mail split -o "$full/out" two.mbox >out 2>err &&
		test ! -s out &&
		echo "quill: cannot write $full/out/0002: No space left on device" >expect &&
		test_cmp expect err &&
		echo 0001 >expect.ls && names "$full/out" >ls && test_cmp expect.ls ls &&
		grep -q "^Subject: small" "$full/out/0001" &&
		rm -r "$full/out"
	'

	test_expect_success '-o DIR, the first message too large: no file at all' '
		{ msg big 200; } >big.mbox &&
		test_expect_code 4 quill mail split -o "$full/big" big.mbox 2>err &&
		grep -q "^quill: cannot write $full/big/0001: No space left on device$" err &&
		test -z "$(names "$full/big")" &&
		rm -r "$full/big"
	'

	test_expect_success '--mbox OUT on a full disk: exit 4, no OUT, no temporary file' '
		test_expect_code 4 quill mail split --mbox "$full/all.mbox" two.mbox >out 2>err &&
		test ! -s out &&
		echo "quill: $full/all.mbox: No space left on device" >expect &&
		test_cmp expect err &&
		test -z "$(names "$full")"
	'

	test_expect_success '--mbox OUT on a full disk keeps an older OUT as it was' '
		quill mail split --mbox "$full/all.mbox" small.mbox >/dev/null &&
		cp "$full/all.mbox" before.mbox &&
		test_expect_code 4 quill mail split --mbox "$full/all.mbox" two.mbox 2>err &&
		test_cmp before.mbox "$full/all.mbox" &&
		echo all.mbox >expect.ls && names "$full" >ls && test_cmp expect.ls ls &&
		rm "$full/all.mbox"
	'
else
	test_skip '-o DIR on a full disk' 'cannot mount a tmpfs here'
	test_skip '-o DIR, the first message too large' 'cannot mount a tmpfs here'
	test_skip '--mbox OUT on a full disk' 'cannot mount a tmpfs here'
	test_skip '--mbox OUT on a full disk keeps an older OUT' 'cannot mount a tmpfs here'
fi

test_expect_success '--mbox - to /dev/full: exit 4, standard output named' '
	if [ -w /dev/full ]; then
		test_expect_code 4 quill mail split --mbox - two.mbox >/dev/full 2>err &&
		echo "quill: standard output: No space left on device" >expect &&
		test_cmp expect err
	fi
'

test_expect_success '--mbox OUT that cannot be renamed (a directory): no temporary file left' '
	mkdir sub sub/taken &&
	test_expect_code 4 quill mail split --mbox sub/taken small.mbox 2>err &&
	grep -q "^quill: cannot write sub/taken: a directory$" err &&
	echo taken >expect.ls && names sub >ls && test_cmp expect.ls ls
'

test_expect_success '-o DIR whose 0001 is a directory: exit 4, no temporary file left' '
	mkdir d d/0001 &&
	test_expect_code 4 quill mail split -o d small.mbox 2>err &&
	grep -q "^quill: cannot write d/0001: " err &&
	echo 0001 >expect.ls && names d >ls && test_cmp expect.ls ls &&
	test -d d/0001
'

test_done
