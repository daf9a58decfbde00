#!/bin/sh
# quill mail split: one file per message like git mailsplit (compared with it
# on the same input), mboxrd/mboxo/raw unescaping, CRLF, Maildir, standard
# input, --mbox round trips, --json, usage errors.
. "$(dirname "$0")/lib.sh"

DATA=$TEST_SRC/data/mail

# git_msg FILE: a git mailsplit output file as quill writes it: without the
# "From " line git keeps at its top and the framing blank line at its end.
git_msg() {
	sed '1d' "$1" | sed '${/^$/d}'
}

# same_as_git QUILLDIR GITDIR: the same files, same contents (but git's framing).
same_as_git() {
	(cd "$2" && ls) >git.ls && (cd "$1" && ls) >quill.ls && test_cmp git.ls quill.ls &&
	for f in $(cat git.ls); do
		git_msg "$2/$f" >expect.msg &&
		test_cmp expect.msg "$1/$f" || { echo "differs: $f"; return 1; }
	done
}

test_expect_success 'splits an mbox into numbered files and prints the count' '
	quill mail split -o out "$DATA/escapes.mboxrd" >count &&
	echo 3 >expect && test_cmp expect count &&
	(cd out && ls) >ls && printf "0001\n0002\n0003\n" >expect.ls && test_cmp expect.ls ls &&
	head -n 1 out/0001 >first && echo "From: Ann Vale <ann@example.org>" >expect && test_cmp expect first &&
	grep -q "^Subject: Re: \[PATCH 1/2\]" out/0002 &&
	grep -q "^Subject: a last message" out/0003
'

test_expect_success 'mboxrd (the default): each >*From line loses one >' '
	grep "^>*From " out/0001 >got &&
	cat >expect <<-\EOF &&
	From the start, this line was "From " once.
	>From here it was ">From ".
	>>From here ">>From ".
	From a line like this (no date) is not a separator either.
	EOF
	test_cmp expect got &&
	grep -q "^>From the start" out/0002
'

test_expect_success 'the same files as git mailsplit --mboxrd (but its From line and framing)' '
	mkdir g && git mailsplit --mboxrd -og "$DATA/escapes.mboxrd" >git.count &&
	test_cmp git.count count &&
	same_as_git out g
'

test_expect_success 'a message that ends without a newline is written as it is' '
	tail -c 5 out/0003 >tail && printf "wline" >expect && test_cmp expect tail
'

test_expect_success '--raw unescapes nothing, as git mailsplit without --mboxrd' '
	quill mail split --raw -o raw "$DATA/escapes.mboxrd" >/dev/null &&
	mkdir graw && git mailsplit -ograw "$DATA/escapes.mboxrd" >/dev/null &&
	same_as_git raw graw &&
	grep -q "^>>>From here" raw/0001
'

test_expect_success '--mboxo: only ">From " loses its >' '
	quill mail split --mboxo -o o "$DATA/escapes.mboxrd" >/dev/null &&
	grep "^>*From " o/0001 >got &&
	cat >expect <<-\EOF &&
	From the start, this line was "From " once.
	>>From here it was ">From ".
	>>>From here ">>From ".
	From a line like this (no date) is not a separator either.
	EOF
	test_cmp expect got
'

test_expect_success 'mboxrd round trip through --mbox is byte for byte' '
	printf "From a@example.org Mon Dec  1 10:00:00 2025\nSubject: one\n\n>From x\n>>From y\nplain\n\n" >rt.in &&
	printf "From b@example.org Mon Dec  1 10:01:00 2025\nSubject: two\n\n>>>From z\n\n" >>rt.in &&
	quill mail split --mbox rt.out rt.in >rt.count &&
	echo 2 >expect && test_cmp expect rt.count &&
	test_cmp rt.in rt.out
'

test_expect_success 'mboxo read, mboxrd written: the escaping changes as it must' '
	quill mail split --mboxo --mbox rto.out rt.in >/dev/null &&
	grep "^>*From [xyz]" rto.out >got &&
	printf ">From x\n>>>From y\n>>>>From z\n" >expect &&
	test_cmp expect got &&
	quill mail split -o back rto.out >/dev/null &&
	quill mail split --mboxo -o backo rt.in >/dev/null &&
	test_cmp backo/0001 back/0001 && test_cmp backo/0002 back/0002
'

test_expect_success '--mbox keeps the From lines, gives a final newline, writes - to stdout' '
	quill mail split --mbox all.mbox "$DATA/escapes.mboxrd" >/dev/null &&
	grep "^From [a-z]*@example.org Mon Dec" all.mbox >froms &&
	test_line_count() { test $(wc -l <"$2") -eq "$1"; } &&
	test_line_count 3 froms &&
	tail -c 2 all.mbox | od -c >nl && grep -q "\\\\n  *\\\\n" nl &&
	quill mail split --mbox - "$DATA/escapes.mboxrd" >stdout.mbox &&
	test_cmp all.mbox stdout.mbox &&
	quill mail split -o again all.mbox >/dev/null && test_cmp out/0002 again/0002
'

test_expect_success '--json: the count and the file names' '
	quill mail split --json -o j "$DATA/escapes.mboxrd" >json &&
	echo "{ \"count\": 3, \"skipped\": 0, \"files\": [ \"j/0001\", \"j/0002\", \"j/0003\" ] }" >expect &&
	test_cmp_json expect json &&
	quill mail split --json --mbox j.mbox "$DATA/escapes.mboxrd" >json2 &&
	echo "{ \"count\": 3, \"skipped\": 0, \"mbox\": \"j.mbox\" }" >expect &&
	test_cmp_json expect json2
'

test_expect_success 'several inputs number on; standard input is -' '
	cat "$DATA/escapes.mboxrd" | quill mail split -o multi - rt.in >count &&
	echo 5 >expect && test_cmp expect count &&
	test_cmp out/0003 multi/0003 &&
	grep -q "^Subject: two" multi/0005
'

test_expect_success 'a single message file (no From line) is one message' '
	printf "Subject: lone\n\nbody\n" >lone.eml &&
	quill mail split -o lone lone.eml >count && echo 1 >expect && test_cmp expect count &&
	test_cmp lone.eml lone/0001
'

test_expect_success 'CRLF mbox: split as git does, CR removed, or kept with --keep-cr' '
	sed "s/\$/\r/" "$DATA/escapes.mboxrd" >crlf.mbox &&
	quill mail split -o crlf crlf.mbox >count && echo 3 >expect && test_cmp expect count &&
	mkdir gcrlf && git mailsplit --mboxrd -ogcrlf crlf.mbox >/dev/null &&
	same_as_git crlf gcrlf &&
	test_cmp out/0001 crlf/0001 &&
	quill mail split --keep-cr -o kcr crlf.mbox >/dev/null &&
	mkdir gkcr && git mailsplit --mboxrd --keep-cr -ogkcr crlf.mbox >/dev/null &&
	git_msg gkcr/0001 | sed "\$ {/^\r\$/d}" >expect.msg && test_cmp expect.msg kcr/0001 &&
	! cmp -s kcr/0001 crlf/0001 && tr -d "\r" <kcr/0001 | test_cmp crlf/0001 -
'

test_expect_success 'CRs that end no line are kept: a lone CR, CR CR LF, a CR at the end' '
	printf "From a@b Mon Dec  1 10:00:00 2025\r\nSubject: cr\r\n\r\none\rtwo\r\r\nthree\r" >odd-cr.mbox &&
	quill mail split -o oddcr odd-cr.mbox >/dev/null &&
	printf "Subject: cr\n\none\rtwo\r\nthree\r" >expect &&
	test_cmp expect oddcr/0001
'

test_expect_success 'a Maildir: cur/ then new/, names in order; same as git mailsplit' '
	mkdir -p md/cur md/new md/tmp &&
	printf "Subject: c1\n\none\n" >md/cur/1700000001.a:2,S &&
	printf "Subject: c2\n\ntwo\n" >md/cur/1700000002.b:2,S &&
	printf "Subject: n1\n\nthree\n" >md/new/1700000000.c &&
	printf "Subject: hidden\n\n" >md/cur/.dotfile &&
	quill mail split -o mdout md >count && echo 3 >expect && test_cmp expect count &&
	test_cmp md/cur/1700000001.a:2,S mdout/0001 &&
	test_cmp md/cur/1700000002.b:2,S mdout/0002 &&
	test_cmp md/new/1700000000.c mdout/0003 &&
	mkdir gmd && git mailsplit -ogmd md >/dev/null &&
	for f in 0001 0002 0003; do test_cmp gmd/$f mdout/$f || return 1; done
'

test_expect_success '-o is made when missing; existing files are replaced' '
	quill mail split -o deep/er/dir rt.in >/dev/null && test -f deep/er/dir/0002 &&
	echo stale >deep/er/dir/0001 &&
	quill mail split -o deep/er/dir rt.in >/dev/null &&
	printf "Subject: one\n\nFrom x\n>From y\nplain\n" >expect &&
	test_cmp expect deep/er/dir/0001
'

test_expect_success 'usage errors exit 2 and write nothing' '
	usage() { echo "quill: mail split: $1 (see ${SQ}quill mail split --help${SQ})"; } &&
	test_expect_code 2 quill mail split -o u 2>err &&
	usage "give at least one MBOX (${SQ}-${SQ}: standard input)" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill mail split --mboxo --raw -o u rt.in 2>err &&
	usage "--mboxrd, --mboxo and --raw exclude each other" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill mail split -o u --mbox x rt.in 2>err &&
	usage "-o and --mbox exclude each other" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill mail split --json --mbox - rt.in 2>err &&
	usage "--json needs --mbox to name a file, not standard output" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill mail split -o u rt.in no-such-file 2>err &&
	echo "quill: no-such-file: No such file or directory" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill mail split -o u - - </dev/null 2>err &&
	usage "${SQ}-${SQ} (standard input) given twice" >expect &&
	test_cmp expect err &&
	test ! -e u
'

test_expect_success 'an unwritable output fails with 4, naming it' '
	if [ "$(id -u)" = 0 ]; then
		mkdir -p ro && echo x >ro/0001 && mkdir -p ro/0002 &&
		test_expect_code 4 quill mail split -o ro rt.in 2>err && grep -q "ro/0002" err
	else
		mkdir ro && chmod 555 ro &&
		test_expect_code 4 quill mail split -o ro rt.in 2>err && grep -q "ro/0001" err
	fi &&
	test_expect_code 4 quill mail split --mbox no/such/dir/out rt.in 2>err &&
	echo "quill: no/such/dir/out: No such file or directory" >expect &&
	test_cmp expect err
'

test_expect_success 'mail split needs no repository and answers --help' '
	test_must_fail git rev-parse --git-dir 2>/dev/null &&
	quill mail split --help >help && grep -q -- "--mboxrd" help && grep -q -- "--mboxo" help &&
	grep -q -- "--raw" help && grep -q -- "--mbox=OUT" help && grep -q "git mailsplit" help
'

test_done
