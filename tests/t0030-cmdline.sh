#!/bin/sh
# The command line as git users expect it: a reader that goes away ends
# quill quietly (as git: killed by SIGPIPE, no message), and outside a
# repository a usage error is reported as one, before "not in a git
# repository".
. "$(dirname "$0")/lib.sh"

test_expect_success 'setup: a message with many trailers, an mbox of many mails' '
	{ printf "subject\n\nbody\n\n"; i=0; while [ $i -lt 20000 ]; do
		echo "Signed-off-by: A$i <a$i@example.org>"; i=$((i + 1)); done; } >msg &&
	i=0; while [ $i -lt 3000 ]; do
		printf "From x Mon Dec  1 10:00:00 2025\nFrom: A <a@example.org>\nSubject: m%d\nMessage-ID: <m%d@x>\n\nbody\n\n" $i $i
		i=$((i + 1)); done >box
'

# piped CMD...: run CMD into `head -n 1`; its stderr goes to err, its exit
# status to rc
piped() {
	{ "$@" 2>err; echo $? >rc; } | head -n 1 >first
}

test_expect_success 'trailer parse | head: no message, killed by SIGPIPE as git is' '
	piped quill trailer parse msg &&
	echo "Signed-off-by: A0 <a0@example.org>" >expect &&
	test_cmp expect first &&
	test_cmp /dev/null err &&
	echo 141 >expect && test_cmp expect rc
'

test_expect_success 'mail thread | head: the same' '
	piped quill mail thread box &&
	test_cmp /dev/null err &&
	echo 141 >expect && test_cmp expect rc
'

test_expect_success 'mail thread --json | head: the same' '
	piped quill mail thread --json box &&
	echo "{" >expect && test_cmp expect first &&
	test_cmp /dev/null err &&
	echo 141 >expect && test_cmp expect rc
'

test_expect_success 'outside a repository, an unknown option is a usage error first' '
	mkdir -p norepo && cd norepo &&
	GIT_CEILING_DIRECTORIES=$TRASH && export GIT_CEILING_DIRECTORIES &&
	test_expect_code 2 quill series new --bogus x 2>err &&
	echo "quill: series new: Unknown option --bogus (see '\''quill series new --help'\'')" >expect &&
	test_cmp expect err &&
	test_expect_code 2 quill bench show --width 2>err &&
	grep "^quill: bench show: Missing argument for --width" err &&
	test_expect_code 2 quill series list 2>err &&
	echo "quill: series list: not in a git repository" >expect &&
	test_cmp expect err &&
	quill series show --help >out &&
	grep "^  quill series show" out
'

cat >expect-name <<\EOT
quill: 'a\nb' is not a valid series name
EOT
cat >expect-tab <<\EOT
quill: 'tab\there' is not a valid series name
EOT
cat >expect-esc <<\EOT
quill: bench size: x\033[31my: No such file or directory
EOT

test_expect_success 'an error naming a thing with a newline or an escape stays one line' '
	test_repo r && cd r &&
	test_expect_code 2 quill series show "$(printf "a\nb")" 2>err &&
	test_cmp ../expect-name err &&
	test_expect_code 2 quill series show "$(printf "tab\there")" 2>err &&
	test_cmp ../expect-tab err &&
	test_expect_code 2 quill bench size "$(printf "x\033[31my")" z 2>err &&
	test_cmp ../expect-esc err
'

test_done
