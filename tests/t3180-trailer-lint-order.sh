#!/bin/sh
# quill trailer lint: tag-order and tag-follow agree (issue 10, item 31).
# The kernel's process docs have Reported-by followed at once by Closes:
# or Link: (the report); that tag goes with its Reported-by, so tag-order
# never asks to move it away.  (Every ordered pair of the known tags is
# tried in tests/unit/test-lint.c.)
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-lint.sh"

test_expect_success 'setup' 'lint_repo'

SOB="Signed-off-by: Ada Author <ada@example.org>"
REP="Reported-by: Bo Brenn <bo@example.org>"
LINK="Link: https://lore.kernel.org/r/1@example.org"
msg() {
	printf 'zone: fix it\n\nThe fix.\n\n'
	for t in "$@"; do printf '%s\n' "$t"; done
}

test_expect_success 'Reported-by, its Link:, Signed-off-by: neither rule fires' '
	msg "$REP" "$LINK" "$SOB" | lint_case tag-order quiet - &&
	! lint_out tag-follow commit.out &&
	! lint_out tag-follow mail.out
'

test_expect_success 'the Link: moved after Signed-off-by: tag-follow says where it goes' '
	msg "$REP" "$SOB" "$LINK" | lint_case tag-follow fires 5 &&
	! lint_out tag-order commit.out
'

test_expect_success 'two reporters, Closes: and Link: after them, a Cc: later' '
	msg "$REP" "Reported-by: Cleo Corvid <cleo@example.org>" \
	    "Closes: https://lore.kernel.org/r/2@example.org" "$LINK" "$SOB" \
	    "Cc: stable@vger.kernel.org # 6.1+" | lint_case tag-order quiet - &&
	! lint_out tag-follow commit.out
'

test_expect_success 'tag-order still holds for the rest: a Reported-by after Signed-off-by' '
	msg "$SOB" "$REP" "$LINK" | lint_case tag-order fires 6 &&
	grep -q "Reported-by: should come before Signed-off-by:" commit.out &&
	test $(lint_out tag-order commit.out | wc -l) = 1
'

test_done
