#!/bin/sh
# quill mail split on bad input: each problem is one warning line naming the
# message (byte offset or file), and the rest is processed.
. "$(dirname "$0")/lib.sh"

FROM1="From ann@example.org Mon Dec  1 10:00:00 2025"
FROM2="From bob@example.org Mon Dec  1 11:00:00 2025"
FROM3="From carl@example.org Mon Dec  1 12:00:00 2025"

# msg SUBJECT: a small well-formed message, with the framing blank line.
msg() {
	printf 'From: Ann Vale <ann@example.org>\nSubject: %s\nMessage-ID: <%s@example.org>\n\nbody of %s\n\n' \
		"$1" "$1" "$1"
}

# after_line FILE TEXT: the byte offset just after the first line that is TEXT.
after_line() {
	awk -v t="$2" '{ if ($0 == t) { print n + length($0) + 1; exit } n += length($0) + 1 }' "$1"
}

# sep_end FILE N: the byte offset just after the N-th "From " separator line.
sep_end() {
	grep -a -b -o "^From [a-z]*@example.org Mon Dec  1 1[0-2]:00:00 2025\$" "$1" |
		sed -n "$2p" | awk -F: "{ print \$1 + length(\$0) - length(\$1) }"
}

# only_warnings N ERRFILE: ERRFILE has N lines, each a warning.
only_warnings() {
	test "$(wc -l <"$2")" -eq "$1" &&
	test "$(grep -c "^quill: warning: " "$2")" -eq "$1" || { cat "$2"; return 1; }
}

test_expect_success 'setup: a good three-message mbox' '
	{ echo "$FROM1"; msg one; echo "$FROM2"; msg two; echo "$FROM3"; msg three; } >good.mbox &&
	quill mail split -o good good.mbox >count 2>err && echo 3 >expect && test_cmp expect count &&
	test ! -s err
'

test_expect_success 'a file cut mid-header: one warning with the byte offset, all written' '
	off=$(after_line good.mbox "$FROM3") &&
	head -c $((off + 30)) good.mbox >cut.mbox &&
	quill mail split -o cut cut.mbox >count 2>err &&
	echo 3 >expect && test_cmp expect count &&
	echo "quill: warning: cut.mbox: message 3 (byte $off): the header block never ends (cut short?)" >expect &&
	test_cmp expect err &&
	head -c 30 cut/0003 >e3 && cmp e3 cut/0003 && test_cmp good/0001 cut/0001
'

test_expect_success 'binary garbage: not a mail, one warning, exit 3, nothing written' '
	{ printf "\200\001\n"; head -c 200000 /dev/urandom; } >garbage.bin &&
	test_expect_code 3 quill mail split -o garbage garbage.bin >count 2>err &&
	echo 0 >expect && test_cmp expect count &&
	echo "quill: warning: garbage.bin: not a mail: no header field at its start; skipped" >expect &&
	test_cmp expect err &&
	test -z "$(ls garbage)"
'

test_expect_success 'garbage between good messages: skipped, named, the rest written' '
	{ echo "$FROM1"; msg one; echo "$FROM2"; printf "\200\n"; head -c 50000 /dev/urandom;
	  printf "\n\n"; echo "$FROM3"; msg three; } >mixed.mbox &&
	off=$(grep -a -b -x -F "$FROM2" mixed.mbox | cut -d: -f1) &&
	off=$((off + ${#FROM2} + 1)) &&
	test_expect_code 3 quill mail split -o mixed mixed.mbox >count 2>err &&
	echo 2 >expect && test_cmp expect count &&
	echo "quill: warning: mixed.mbox: message 2 (byte $off): not a mail: no header field at its start; skipped" >expect &&
	test_cmp expect err &&
	test_cmp good/0001 mixed/0001 && test_cmp good/0003 mixed/0002
'

test_expect_success 'NUL bytes inside a message: written as they are, one warning' '
	{ echo "$FROM1"; printf "Subject: nul\n\nbefore\000after\n\n"; echo "$FROM2"; msg two; } >nul.mbox &&
	quill mail split -o nul nul.mbox >count 2>err &&
	echo 2 >expect && test_cmp expect count &&
	echo "quill: warning: nul.mbox: message 1 (byte 46): a NUL byte in the message (at byte 20)" >expect &&
	test_cmp expect err &&
	printf "Subject: nul\n\nbefore\000after\n" >expect.nul && cmp expect.nul nul/0001 &&
	test_cmp good/0002 nul/0002
'

test_expect_success 'a 1 MB header line: one warning, the message and the next written' '
	{ echo "$FROM1"; printf "Subject: "; head -c 1000000 /dev/zero | tr "\000" x;
	  printf "\n\nlong\n\n"; echo "$FROM2"; msg two; } >long.mbox &&
	quill mail split -o long long.mbox >count 2>err &&
	echo 2 >expect && test_cmp expect count &&
	echo "quill: warning: long.mbox: message 1 (byte 46): a header line of 1000009 bytes at byte 0 (RFC 5322 allows 998)" >expect &&
	test_cmp expect err &&
	test "$(wc -c <long/0001)" -eq $((1000009 + 7)) &&
	test_cmp good/0002 long/0002
'

test_expect_success 'no blank line after the header: one warning, written' '
	{ echo "$FROM1"; printf "Subject: x\nFrom: a@example.org\nthe body starts at once\n\n";
	  echo "$FROM2"; msg two; } >noblank.mbox &&
	quill mail split -o noblank noblank.mbox >count 2>err &&
	echo 2 >expect && test_cmp expect count &&
	echo "quill: warning: noblank.mbox: message 1 (byte 46): no blank line after the header" >expect &&
	test_cmp expect err &&
	printf "Subject: x\nFrom: a@example.org\nthe body starts at once\n" >expect &&
	test_cmp expect noblank/0001
'

test_expect_success 'an empty message between two separators: skipped, exit 3' '
	{ echo "$FROM1"; echo "$FROM2"; msg two; } >empty.mbox &&
	test_expect_code 3 quill mail split -o empty empty.mbox >count 2>err &&
	echo 1 >expect && test_cmp expect count &&
	echo "quill: warning: empty.mbox: message 1 (byte 46): an empty message; skipped" >expect &&
	test_cmp expect err &&
	test_cmp good/0002 empty/0001
'

test_expect_success 'the last message without a newline: no warning, written as it is' '
	{ echo "$FROM1"; msg one; echo "$FROM2"; printf "Subject: end\n\nno newline"; } >nonl.mbox &&
	quill mail split -o nonl nonl.mbox >count 2>err &&
	test ! -s err &&
	printf "Subject: end\n\nno newline" >expect.2 && cmp expect.2 nonl/0002 &&
	quill mail split --mbox nonl.out nonl.mbox >/dev/null 2>err && test ! -s err &&
	tail -c 12 nonl.out >t && printf "no newline\n\n" >expect.t && cmp expect.t t
'

test_expect_success 'a CRLF mbox with a problem: the offset counts the CRs' '
	{ echo "$FROM1"; msg one; echo "$FROM2"; printf "Subject: cut"; } | sed "s/\$/\r/" >crlf.mbox &&
	off=$(( $(after_line good.mbox "$FROM2") + 8 )) &&	# one CR per line before
	quill mail split -o crlf crlf.mbox >count 2>err &&
	echo 2 >expect && test_cmp expect count &&
	echo "quill: warning: crlf.mbox: message 2 (byte $off): the header block never ends (cut short?)" >expect &&
	test_cmp expect err &&
	test_cmp good/0001 crlf/0001
'

test_expect_success 'a Maildir with a file that cannot be read: one warning naming it, the rest written' '
	mkdir -p md/cur md/new &&
	printf "Subject: c1\n\none\n" >md/cur/1700000001.a &&
	ln -s /nonexistent/target md/cur/1700000002.b &&
	mkdir md/cur/1700000003.c &&
	printf "Subject: n1\n\nthree\n" >md/new/1700000004.d &&
	test_expect_code 3 quill mail split -o mdout md >count 2>err &&
	echo 2 >expect && test_cmp expect count &&
	only_warnings 2 err &&
	grep -q "md/cur/1700000002.b.*; skipped" err && grep -q "md/cur/1700000003.c.*; skipped" err &&
	test_cmp md/cur/1700000001.a mdout/0001 && test_cmp md/new/1700000004.d mdout/0002
'

if [ "$(id -u)" = 0 ]; then
	test_skip 'a Maildir file with mode 000' 'root reads it all the same'
else
	test_expect_success 'a Maildir file with mode 000' '
		mkdir -p md0/cur &&
		printf "Subject: c1\n\none\n" >md0/cur/1 && printf "Subject: c2\n\ntwo\n" >md0/cur/2 &&
		chmod 000 md0/cur/1 &&
		test_expect_code 3 quill mail split -o md0out md0 >count 2>err;
		rc=$?; chmod 644 md0/cur/1; test $rc = 0 &&
		echo 1 >expect && test_cmp expect count &&
		only_warnings 1 err && grep -q "md0/cur/1" err && grep -q "^Subject: c2" md0out/0001
	'
fi

test_expect_success 'several problems in one run: one line each, each message named' '
	cat cut.mbox >all.mbox && printf "\n" >>all.mbox && cat nul.mbox long.mbox >>all.mbox &&
	quill mail split -o all all.mbox >count 2>err &&
	echo 7 >expect && test_cmp expect count &&
	cat >expect <<-EOF &&
	quill: warning: all.mbox: message 3 (byte $(sep_end all.mbox 3)): the header block never ends (cut short?)
	quill: warning: all.mbox: message 4 (byte $(sep_end all.mbox 4)): a NUL byte in the message (at byte 20)
	quill: warning: all.mbox: message 6 (byte $(sep_end all.mbox 6)): a header line of 1000009 bytes at byte 0 (RFC 5322 allows 998)
	EOF
	test_cmp expect err
'

test_expect_success 'garbage on standard input is named so' '
	test_expect_code 3 quill mail split -o stdin - <garbage.bin >count 2>err &&
	echo "quill: warning: standard input: not a mail: no header field at its start; skipped" >expect &&
	test_cmp expect err
'

test_done
