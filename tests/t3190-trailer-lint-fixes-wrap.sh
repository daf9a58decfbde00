#!/bin/sh
# quill trailer lint: a Fixes: wrapped onto a second line that is not
# indented (git then reads that line as another one of the block) is said
# to be wrapped, not to lack its subject (issue 10, item 32; checkpatch's
# advice: do not wrap Fixes: lines).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-lint.sh"

test_expect_success 'setup' 'lint_repo'

SOB="Signed-off-by: Ada Author <ada@example.org>"
# wrapped FIRST SECOND: a message whose Fixes: is FIRST on line 5, SECOND on 6
wrapped() {
	printf 'zone: fix it\n\nThe fix.\n\nFixes:%s\n%s\n%s\n' "$1" "$2" "$SOB"
}
says_wrapped() {
	for o in commit.out mail.out; do
		lint_out fixes-format $o | grep -q "Fixes: it is wrapped onto the next line: keep it on one line, however long" &&
		! grep -q "subject is missing\|names no commit" $o || { cat $o; return 1; }
	done
}

test_expect_success 'wrapped inside the subject' '
	wrapped " $BASE (\"zone: add the" "watermark\")" | lint_case fixes-format fires 5 &&
	says_wrapped
'

test_expect_success 'wrapped before the ("subject")' '
	wrapped " $BASE" "(\"$BASE_SUBJ\")" | lint_case fixes-format fires 5 &&
	says_wrapped
'

test_expect_success 'wrapped after Fixes: itself' '
	wrapped "" "$BASE (\"$BASE_SUBJ\")" | lint_case fixes-format fires 5 &&
	says_wrapped
'

test_expect_success 'a Fixes: with no subject and no wrap: the subject is missing' '
	printf "zone: fix it\n\nThe fix.\n\nFixes: %s\n%s\n" "$BASE" "$SOB" |
		lint_case fixes-format fires 5 &&
	grep -q "the subject is missing" commit.out
'

test_done
