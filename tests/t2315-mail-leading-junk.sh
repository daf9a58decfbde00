#!/bin/sh
# An mbox with bytes before its first "From " line (a blank line, a UTF-8
# BOM, a line of text) is read whole, as git mailsplit reads it: the bytes
# are skipped with one warning naming them, and every mail is there.  A
# message file that starts with its header stays one message, whatever
# "From " lines its body holds.
. "$(dirname "$0")/lib.sh"

# lines_are N FILE: FILE has N lines
lines_are() {
	[ "$(wc -l <"$2")" -eq "$1" ] || { echo "$2 has $(wc -l <"$2") lines, not $1:"; cat "$2"; false; }
}

mail() {	# mail N: one patch mail of a two-patch series
	printf 'From quill Mon Dec  1 10:00:00 2025\nFrom: Ada Author <ada@example.org>\nSubject: [PATCH %d/2] part %d\nMessage-ID: <p%d@example.org>\nDate: Mon, 01 Dec 2025 10:00:0%d +0000\n\nDo part %d.\n\nSigned-off-by: Ada Author <ada@example.org>\n---\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n\n' $1 $1 $1 $1 $1
}

test_expect_success 'setup: the same two mails behind a blank line, a BOM, a line of text' '
	{ mail 1; mail 2; } >plain &&
	{ echo; cat plain; } >blank &&
	{ printf "\357\273\277"; cat plain; } >bom &&
	{ echo "saved from the web"; echo; cat plain; } >text &&
	quill mail thread plain >expect-thread &&
	quill mail series --json plain >expect-series
'

for box in blank bom text; do
	test_expect_success "mail thread and mail series read both mails of '$box'" "
		quill mail thread $box >out 2>err &&
		test_cmp expect-thread out &&
		quill mail series --json $box >out 2>err2 &&
		test_cmp expect-series out &&
		lines_are 1 err &&
		test_cmp err err2
	"
	test_expect_success "mail split writes both mails of '$box'" "
		quill mail split -o split-$box $box >out 2>err &&
		echo 2 >expect && test_cmp expect out &&
		lines_are 1 err
	"
	test_expect_success "trailer lint --mbox lints both mails of '$box'" "
		quill trailer lint --mbox $box >out 2>err &&
		tail -n 1 out >total &&
		echo 'total: 0 errors, 0 warnings, 0 info in 2 mails' >expect &&
		test_cmp expect total &&
		lines_are 1 err
	"
done

test_expect_success 'the warning names the bytes skipped' '
	quill mail thread blank 2>err >/dev/null &&
	echo "quill: warning: blank: byte 0 before the first \"From \" line is not mail; skipped" >expect &&
	test_cmp expect err &&
	quill mail thread - <bom 2>err >/dev/null &&
	echo "quill: warning: standard input: bytes 0-2 before the first \"From \" line are not mail; skipped" >expect &&
	test_cmp expect err &&
	quill mail thread text 2>err >/dev/null &&
	echo "quill: warning: text: bytes 0-19 before the first \"From \" line are not mail; skipped" >expect &&
	test_cmp expect err
'

test_expect_success 'lint lines stay lines of the file after skipped bytes' '
	{ echo; echo; mail 1; } | sed "s/^Signed-off-by: .*/Signed-off-by: Ada/" >shifted &&
	quill trailer lint --mbox shifted >out 2>/dev/null;
	grep "^shifted:11: error: trailer-malformed: " out &&
	grep "^shifted:5: warning: series-numbering: " out
'

test_expect_success 'a message file that starts with its header stays one message' '
	printf "From: Ada Author <ada@example.org>\nSubject: one\nMessage-ID: <one@example.org>\n\nquoted:\n\nFrom quill Mon Dec  1 10:00:00 2025\nnot a separator here\n" >one.eml &&
	quill mail thread one.eml >out 2>err &&
	lines_are 1 out &&
	test_cmp /dev/null err
'

test_done
