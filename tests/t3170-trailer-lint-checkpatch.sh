#!/bin/sh
# quill trailer lint beside the kernel's checkpatch.pl (Debian's
# linux-source-6.1, through scripts/checkpatch.sh): on the same patch mail,
# what checkpatch's commit-message checks report quill reports too, under
# its own rule; where checkpatch is quiet, quill is quiet; and what
# checkpatch cannot see (tag order, combined tags, a Reported-by with no
# link, one person under two addresses, the submitter) quill reports.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-lint.sh"

CHECKPATCH=$("$QUILL_BUILD_DIR/scripts/checkpatch.sh" 2>/dev/null) ||
	skip_all "no checkpatch.pl (scripts/deps.sh bench installs linux-source-6.1)"

SOB="Signed-off-by: Ada Author <ada@example.org>"

# both TYPE RULE [AUTHOR] < MESSAGE: commit MESSAGE, mail it with git
# format-patch, run checkpatch.pl (inside the repository, so that it can
# ask git about commits) and quill on the mail.  TYPE: the checkpatch type
# that must be reported ("-": checkpatch reports nothing at all); RULE: the
# quill rule that must be reported ("-": quill reports nothing).
both() {
	_type=$1 _rule=$2 _author=${3:-}
	cat >"$TRASH/msg" &&
	(cd "$TRASH/repo" && printf 'x\n' >>zone.c && git add zone.c && test_tick &&
	 git commit -q --cleanup=verbatim -F "$TRASH/msg" ${_author:+"--author=$_author"} &&
	 git format-patch -q -1 -o "$TRASH/p" HEAD >/dev/null &&
	 perl "$CHECKPATCH" --no-tree --show-types "$TRASH"/p/0001-*.patch \
		>"$TRASH/cp.out" 2>"$TRASH/cp.err";
	 quill trailer lint "$TRASH"/p/0001-*.patch >"$TRASH/q.out"; test $? -le 1) || return 1
	rm -f "$TRASH"/p/0001-*.patch
	grep -q "^total: " "$TRASH/q.out" || { echo "quill did not finish"; return 1; }
	grep -q "^total: " "$TRASH/cp.out" || { echo "checkpatch did not finish"; cat "$TRASH/cp.err"; return 1; }
	if [ "$_type" = - ]; then
		if grep -Eq "^(ERROR|WARNING|CHECK):" "$TRASH/cp.out"; then
			echo "checkpatch reported:"; cat "$TRASH/cp.out"; return 1
		fi
	elif ! grep -q "^[A-Z]*:$_type:" "$TRASH/cp.out"; then
		echo "checkpatch did not report $_type:"; cat "$TRASH/cp.out"; return 1
	fi
	if [ "$_rule" = - ]; then
		if grep -Eq ": (error|warning|info): " "$TRASH/q.out"; then
			echo "quill reported:"; cat "$TRASH/q.out"; return 1
		fi
	elif ! lint_out "$_rule" "$TRASH/q.out" >/dev/null; then
		echo "quill did not report $_rule:"; cat "$TRASH/q.out"; return 1
	fi
	return 0
}

test_expect_success 'setup' 'lint_repo'

test_expect_success 'a clean patch: both quiet' '
	printf "zone: fix it\n\nThe fix.\n\nFixes: %s (\"%s\")\n%s\nLink: https://lore.kernel.org/r/20251201.1@example.org/with/a/long/path/that/goes/on\n" \
		"$BASE" "$BASE_SUBJ" "$SOB" | both - -
'

test_expect_success 'signatures: MISSING_SIGN_OFF, NO_AUTHOR_SIGN_OFF, FROM_SIGN_OFF_MISMATCH' '
	printf "zone: fix it\n\nThe fix.\n" | both MISSING_SIGN_OFF sign-off-missing &&
	printf "zone: fix it\n\nThe fix.\n\n%s\n" "$SOB" |
		both NO_AUTHOR_SIGN_OFF sign-off-author "Bo Brenn <bo@example.org>" &&
	printf "zone: fix it\n\nThe fix.\n\nSigned-off-by: Ada Author <ada@home.example.org>\n" |
		both FROM_SIGN_OFF_MISMATCH from-sign-off-mismatch
'

test_expect_success 'BAD_SIGN_OFF: duplicates, Co-developed-by, spelling, spacing, addresses' '
	printf "zone: fix it\n\nThe fix.\n\n%s\n%s\n" "$SOB" "$SOB" | both BAD_SIGN_OFF duplicate-signature &&
	printf "zone: fix it\n\nThe fix.\n\nCo-developed-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		both BAD_SIGN_OFF tag-pair &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nSigned-of-by: Bo Brenn <bo@example.org>\n" "$SOB" |
		both BAD_SIGN_OFF tag-unknown &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nreviewed-by: Bo Brenn <bo@example.org>\n" "$SOB" |
		both BAD_SIGN_OFF tag-spelling &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by:  Bo Brenn <bo@example.org>\n" "$SOB" |
		both BAD_SIGN_OFF tag-spacing &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: Bo Brenn\n" "$SOB" |
		both BAD_SIGN_OFF trailer-malformed
'

test_expect_success 'BAD_STABLE_ADDRESS_STYLE' '
	printf "zone: fix it\n\nThe fix.\n\nFixes: %s (\"%s\")\n%s\nCc: Stable <stable@vger.kernel.org>\n" \
		"$BASE" "$BASE_SUBJ" "$SOB" | both BAD_STABLE_ADDRESS_STYLE stable-address
'

test_expect_success 'Fixes: BAD_FIXES_TAG (digits, subject), UNKNOWN_COMMIT_ID' '
	short=$(printf %s "$BASE" | cut -c1-8) &&
	printf "zone: fix it\n\nThe fix.\n\nFixes: %s (\"%s\")\n%s\n" "$short" "$BASE_SUBJ" "$SOB" |
		both BAD_FIXES_TAG fixes-sha &&
	printf "zone: fix it\n\nThe fix.\n\nFixes: %s (\"zone: other\")\n%s\n" "$BASE" "$SOB" |
		both BAD_FIXES_TAG fixes-subject &&
	printf "zone: fix it\n\nThe fix.\n\nFixes: 0123456789ab (\"zone: gone\")\n%s\n" "$SOB" |
		both UNKNOWN_COMMIT_ID fixes-unknown
'

test_expect_success 'the body: GIT_COMMIT_ID, COMMIT_LOG_LONG_LINE, COMMIT_COMMENT_SYMBOL, GERRIT_CHANGE_ID' '
	short=$(printf %s "$BASE" | cut -c1-8) &&
	printf "zone: fix it\n\nAs done in commit %s, the fix.\n\n%s\n" "$short" "$SOB" |
		both GIT_COMMIT_ID commit-ref-format &&
	printf "zone: fix it\n\nThe watermark of an empty zone was computed from a stale counter, so it was 0.\n\n%s\n" "$SOB" |
		both COMMIT_LOG_LONG_LINE long-line &&
	printf "zone: fix it\n\nThe fix.\n#define ZONE_MIN 1\n\n%s\n" "$SOB" |
		both COMMIT_COMMENT_SYMBOL comment-line &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nChange-Id: I0123456789abcdef0123456789abcdef01234567\n" "$SOB" |
		both GERRIT_CHANGE_ID gerrit-change-id
'

test_expect_success 'the message: COMMIT_MESSAGE, EMAIL_SUBJECT' '
	printf "zone: fix it\n\n%s\n" "$SOB" | both COMMIT_MESSAGE description-missing &&
	printf "zone: fix a sparse warning\n\nThe fix.\n\n%s\n" "$SOB" | both EMAIL_SUBJECT subject-tool
'

test_expect_success 'what checkpatch 6.1 does not see: tag order, combined tags, a lone Reported-by' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nFixes: %s (\"%s\")\n" "$SOB" "$BASE" "$BASE_SUBJ" |
		both - tag-order &&
	printf "zone: fix it\n\nThe fix.\n\nReported-and-tested-by: Bo Brenn <bo@example.org>\nLink: https://lore.kernel.org/r/1@example.org\n%s\n" "$SOB" |
		both - tag-combined &&
	printf "zone: fix it\n\nThe fix.\n\nReported-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB" |
		both - tag-follow
'

test_expect_success 'nor people: two addresses, a self-review, a name a mail reader splits' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nTested-by: Bo Brenn <bo@a.example.org>\nReviewed-by: Bo Brenn <bo@b.example.org>\n" "$SOB" |
		both - person-two-addresses &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: Ada Author <ada@example.org>\n" "$SOB" |
		both - self-credit &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nReviewed-by: Brenn, Bo <bo@example.org>\n" "$SOB" |
		both - person-format
'

test_expect_success 'nor archives checkpatch 6.1 does not know, nor a changelog above ---' '
	printf "zone: fix it\n\nThe fix.\n\n%s\nLink: https://lkml.org/lkml/2025/12/1/1\n" "$SOB" |
		both - link-archive &&
	printf "zone: fix it\n\nThe fix.\n\nv2: take the lock\n\n%s\n" "$SOB" | both - changelog-in-message
'

test_done
