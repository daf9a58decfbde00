#!/bin/sh
# quill trailer lint: the form and order of tags, and links; each rule
# failing and passing, on a real commit and on its format-patch mail.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-lint.sh"

test_expect_success 'setup' 'lint_repo'

SOB="Signed-off-by: Ada Author <ada@example.org>"
# msg TAGS...: a message whose trailer block (from line 5) is the lines given
msg() {
	printf 'zone: fix it\n\nThe fix.\n\n'
	for t in "$@"; do printf '%s\n' "$t"; done
}

test_expect_success 'tag-spelling: a known tag in another case (info)' '
	msg "$SOB" "Reviewed-By: Bo Brenn <bo@example.org>" | lint_case tag-spelling fires 6 &&
	lint_expect <<-EOF &&
	<id12>:6: info: tag-spelling: ${SQ}Reviewed-By${SQ} is spelled Reviewed-by
	total: 0 errors, 0 warnings, 1 info in 1 commit
	EOF
	msg "$SOB" "Reviewed-by: Bo Brenn <bo@example.org>" | lint_case tag-spelling quiet -
'

test_expect_success 'tag-spacing: one space after the colon, none before' '
	msg "$SOB" "Reviewed-by:  Bo Brenn <bo@example.org>" | lint_case tag-spacing fires 6 &&
	msg "$SOB" "Reviewed-by :Bo Brenn <bo@example.org>" | lint_case tag-spacing fires 6 &&
	msg "$SOB" "Reviewed-by:Bo Brenn <bo@example.org>" | lint_case tag-spacing fires 6 &&
	msg "$SOB" "Reviewed-by: Bo Brenn <bo@example.org>" | lint_case tag-spacing quiet -
'

test_expect_success 'tag-unknown: a *-by tag nobody knows, a near miss' '
	msg "$SOB" "Signed-of-by: Bo Brenn <bo@example.org>" | lint_case tag-unknown fires 6 &&
	lint_expect <<-EOF &&
	<id12>:6: warning: tag-unknown: unknown tag ${SQ}Signed-of-by${SQ}: Signed-off-by?
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	msg "$SOB" "Frobbed-by: Bo Brenn <bo@example.org>" | lint_case tag-unknown fires 6 &&
	msg "Fixed: $BASE (\"$BASE_SUBJ\")" "$SOB" | lint_case tag-unknown fires 5 &&
	lint_expect <<-EOF &&
	<id12>:5: warning: tag-unknown: unknown tag ${SQ}Fixed${SQ}: Fixes?
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	msg "$SOB" "Message-ID: <1@example.org>" | lint_case tag-unknown quiet -
'

test_expect_success 'tag-combined: one tag a line' '
	msg "Reported-and-tested-by: Bo Brenn <bo@example.org>" "Closes: https://lore.kernel.org/r/1@example.org" "$SOB" |
		lint_case tag-combined fires 5 &&
	lint_expect <<-\EOF &&
	<id12>:5: warning: tag-combined: combined tag Reported-and-tested-by: give Reported-by: and Tested-by: on lines of their own
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	! lint_out tag-unknown commit.out &&
	msg "$SOB" "Tested-by: Bo Brenn <bo@example.org>" | lint_case tag-combined quiet -
'

test_expect_success 'tag-order: maintainer-tip order (checkpatch has no such check)' '
	msg "$SOB" "Fixes: $BASE (\"$BASE_SUBJ\")" | lint_case tag-order fires 6 &&
	lint_expect <<-\EOF &&
	<id12>:6: warning: tag-order: Fixes: should come before Signed-off-by: (tag order: Fixes, Reported-by, Closes, Originally-by, Suggested-by, Co-developed-by/Signed-off-by, Tested-by, Reviewed-by, Acked-by, Cc, Link)
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	msg "$SOB" "Acked-by: Bo Brenn <bo@example.org>" "Reviewed-by: Cleo Corvid <cleo@example.org>" |
		lint_case tag-order fires 7 &&
	msg "Fixes: $BASE (\"$BASE_SUBJ\")" "Reported-by: Bo Brenn <bo@example.org>" \
	    "Closes: https://lore.kernel.org/r/1@example.org" "Suggested-by: Cleo Corvid <cleo@example.org>" \
	    "Co-developed-by: Dee Dalby <dee@example.org>" "Signed-off-by: Dee Dalby <dee@example.org>" \
	    "$SOB" "Tested-by: Eve Estrin <eve@example.org>" "Reviewed-by: Fay Fallow <fay@example.org>" \
	    "Acked-by: Gita Grieve <gita@example.org>" "Cc: stable@vger.kernel.org # 6.1+" \
	    "Link: https://lore.kernel.org/r/2@example.org" | lint_case tag-order quiet - &&
	test "$(grep -c ": error: \|: warning: " commit.out)" = 0
'

test_expect_success 'trailer-not-in-block: a tag line git does not take as a trailer' '
	printf "zone: fix it\n\nThe fix.\nReviewed-by: Bo Brenn <bo@example.org>\n\nMore of it.\n\n%s\n" "$SOB" |
		lint_case trailer-not-in-block fires 4 &&
	printf "zone: fix it\n\nThe fix, reviewed by Bo.\nreviewed-by checks come later.\n\n%s\n" "$SOB" |
		lint_case trailer-not-in-block quiet -
'

test_expect_success 'stable-address: Cc: stable@vger.kernel.org # 6.1+' '
	msg "$SOB" "Cc: Stable <stable@vger.kernel.org>" | lint_case stable-address fires 6 &&
	msg "$SOB" "Cc: stable@kernel.org" | lint_case stable-address fires 6 &&
	lint_expect <<-\EOF &&
	<id12>:6: warning: stable-address: stable@kernel.org is the old address of the stable list: Cc: stable@vger.kernel.org
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	msg "$SOB" "Cc: stable@vger.kernel.org [6.1+]" | lint_case stable-address fires 6 &&
	msg "$SOB" "Cc: stable@vger.kernel.org # 6.1+" | lint_case stable-address quiet - &&
	msg "$SOB" "Cc: <stable@vger.kernel.org> # 5.10.x" | lint_case stable-address quiet -
'

test_expect_success 'link-url: Link:/Closes: need a URL (a <message-id> is fine, unlike checkpatch)' '
	msg "$SOB" "Link: lore.kernel.org/r/1@example.org" | lint_case link-url fires 6 &&
	msg "$SOB" "Link: https://a.example.org/ https://b.example.org/" | lint_case link-url fires 6 &&
	msg "Closes: <20251201.1@example.org>" "$SOB" "Link: https://lore.kernel.org/r/1@example.org # v1" |
		lint_case link-url quiet -
'

test_expect_success 'link-archive: links to lore, not to other archives' '
	msg "$SOB" "Link: https://lkml.org/lkml/2025/12/1/1" | lint_case link-archive fires 6 &&
	printf "zone: fix it\n\nAs said in https://www.spinics.net/lists/mm/msg1.html the fix.\n\n%s\n" "$SOB" |
		lint_case link-archive fires 3 &&
	msg "$SOB" "Link: https://lore.kernel.org/r/1@example.org" | lint_case link-archive quiet - &&
	msg "$SOB" "Link: https://notlkml.org/x" | lint_case link-archive quiet -
'

test_expect_success 'use-link: another tag with a URL' '
	msg "$SOB" "Bug: https://bugzilla.example.org/1" | lint_case use-link fires 6 &&
	msg "$SOB" "Link: https://bugzilla.example.org/1" | lint_case use-link quiet -
'

test_expect_success 'gerrit-change-id: no Change-Id above the ---' '
	msg "$SOB" "Change-Id: I0123456789abcdef0123456789abcdef01234567" |
		lint_case gerrit-change-id fires 6 &&
	msg "$SOB" | lint_case gerrit-change-id quiet -
'

test_done
