#!/bin/sh
# quill trailer lint: Fixes:, commits named in the body, and the lines of
# the message; each rule failing and passing, on a real commit and on its
# format-patch mail (commit-only where git am would not keep the text).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-lint.sh"

test_expect_success 'setup' 'lint_repo'

SOB="Signed-off-by: Ada Author <ada@example.org>"
# fixes VALUE: a message with "Fixes: VALUE" on line 5
fixes() {
	printf 'zone: fix it\n\nThe fix.\n\nFixes: %s\n%s\n' "$1" "$SOB"
}
# body TEXT: a message whose line 3 is TEXT
body() {
	printf 'zone: fix it\n\n%s\n\n%s\n' "$1" "$SOB"
}

test_expect_success 'fixes-format: <sha> ("subject") on one line' '
	fixes "$BASE $BASE_SUBJ" | lint_case fixes-format fires 5 &&
	fixes "$BASE ($BASE_SUBJ)" | lint_case fixes-format fires 5 &&
	lint_expect <<-\EOF &&
	<id12>:5: error: fixes-format: Fixes: the subject goes in double quotes: the form is Fixes: <12 hex digits> ("<subject>")
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	fixes "commit $BASE (\"$BASE_SUBJ\")" | lint_case fixes-format fires 5 &&
	fixes "$BASE (\"$BASE_SUBJ\") and more" | lint_case fixes-format fires 5 &&
	printf "zone: fix it\n\nThe fix.\n\nFixes: %s (\"zone: add\n the watermark\")\n%s\n" "$BASE" "$SOB" |
		lint_case fixes-format fires 5 &&
	lint_expect <<-\EOF &&
	<id12>:5: error: fixes-format: Fixes: keep it on one line, however long: the form is Fixes: <12 hex digits> ("<subject>")
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	fixes "$BASE (\"$BASE_SUBJ\")" | lint_case fixes-format quiet -
'

test_expect_success 'fixes-sha: at least 12 hex digits, lower case' '
	short=$(printf %s "$BASE" | cut -c1-8) &&
	fixes "$short (\"$BASE_SUBJ\")" | lint_case fixes-sha fires 5 &&
	lint_expect <<-EOF &&
	<id12>:5: error: fixes-sha: Fixes: $short has 8 hex digits: give at least 12 (git log -1 --abbrev=12 --format=${SQ}%h ("%s")${SQ})
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	upper=$(printf %s "$BASE" | tr a-f A-F) &&
	fixes "$upper (\"$BASE_SUBJ\")" | lint_case fixes-sha fires 5 &&
	fixes "$BASE (\"$BASE_SUBJ\")" | lint_case fixes-sha quiet -
'

test_expect_success 'fixes-unknown: the commit must exist (resolved through libgit2)' '
	fixes "0123456789ab (\"zone: no such\")" | lint_case fixes-unknown fires 5 &&
	lint_expect <<-\EOF &&
	<id12>:5: error: fixes-unknown: Fixes: no commit 0123456789ab in this repository
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	fixes "$BASE (\"$BASE_SUBJ\")" | lint_case fixes-unknown quiet -
'

test_expect_success 'fixes-subject: the subject is the commit'"'"'s' '
	fixes "$BASE (\"zone: add a watermark\")" | lint_case fixes-subject fires 5 &&
	lint_expect <<-EOF &&
	<id12>:5: warning: fixes-subject: Fixes: the subject of $BASE is "zone: add the watermark"
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	fixes "$BASE (\"$BASE_SUBJ\")" | lint_case fixes-subject quiet -
'

test_expect_success 'fixes-unknown, fixes-subject: without a repository, only the form is checked' '
	mkdir -p norepo && cp case.patch norepo/ &&
	(cd norepo && GIT_CEILING_DIRECTORIES=$TRASH quill trailer lint case.patch >../out; test $? -le 1) &&
	grep -q "^total: 0 errors, 0 warnings, 0 info in 1 mail" out
'

test_expect_success 'fixes-missing: a crash report or a stable Cc wants a Fixes:' '
	body "Found by syzbot, a use-after-free." | lint_case fixes-missing fires 3 &&
	printf "zone: fix it\n\nThe fix.\n\n%s\nCc: stable@vger.kernel.org # 6.1+\n" "$SOB" |
		lint_case fixes-missing fires 6 &&
	printf "zone: fix it\n\nFound by syzbot.\n\nFixes: %s (\"%s\")\n%s\n" "$BASE" "$BASE_SUBJ" "$SOB" |
		lint_case fixes-missing quiet -
'

test_expect_success 'commit-ref-format: commit <12+ hex> ("subject") in the body' '
	short=$(printf %s "$BASE" | cut -c1-8) &&
	body "As done in commit $short, the fix." | lint_case commit-ref-format fires 3 &&
	lint_expect <<-EOF &&
	<id12>:3: error: commit-ref-format: commit $short: name a commit as commit $BASE ("zone: add the watermark")
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	body "As done in commit $BASE, the fix." | lint_case commit-ref-format fires 3 &&
	body "As done in $BASE, the fix." | lint_case commit-ref-format fires 3 &&
	lint_expect <<-EOF &&
	<id12>:3: error: commit-ref-format: $BASE is a commit: name it as commit $BASE ("zone: add the watermark")
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	printf "zone: fix it\n\nAs done in commit %s\n(\"%s\"), the fix.\n\n%s\n" "$BASE" "$BASE_SUBJ" "$SOB" |
		lint_case commit-ref-format quiet - &&
	body "This reverts commit $(git -C repo rev-parse HEAD)." | lint_case commit-ref-format quiet - &&
	body "The build id 0123456789abcdef0123 is not a commit." | lint_case commit-ref-format quiet -
'

test_expect_success 'commit-ref-unknown: a commit the repository lacks' '
	body "As done in commit 0123456789ab (\"zone: gone\")." | lint_case commit-ref-unknown fires 3 &&
	body "As done in commit $BASE (\"$BASE_SUBJ\")." | lint_case commit-ref-unknown quiet -
'

test_expect_success 'commit-ref-subject: the subject is the commit'"'"'s' '
	body "As done in commit $BASE (\"zone: other\")." | lint_case commit-ref-subject fires 3 &&
	body "As done in commit $BASE (\"$BASE_SUBJ\")." | lint_case commit-ref-subject quiet -
'

long="The watermark of an empty zone was computed from a stale counter, so it was zero."
test_expect_success 'long-line: over 75 characters, once, with the count' '
	printf "zone: fix it\n\n%s\n%s\n\n%s\n" "$long" "$long" "$SOB" | lint_case long-line fires 3 &&
	lint_expect <<-\EOF &&
	<id12>:3: warning: long-line: a line of 81 characters, over 75 (wrap the text; 1 more line)
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	test "$(lint_out long-line commit.out | wc -l)" = 1 &&
	body "$(printf %75s | tr " " x)" | lint_case long-line quiet -
'

test_expect_success 'long-line: URLs, paths, tags, diffstat and kernel logs are exempt' '
	printf "zone: fix it\n\nSee https://bugzilla.example.org/show_bug.cgi?id=123456789012345678901234567890123\nmm/zone.c:123: warning: the watermark of the zone is computed from a stale counter\n mm/zone.c | 12 ++++++++----  and a very long diffstat line that goes on and on and on\n\n[    1.234567] zone: watermark zero for the empty zone at boot, a line of the log\n the next line of the same log excerpt, long as the log line is in the kernel\n\nReported-by: Bo Brenn <bo@example.org> and a note that makes it longer than 75 chars\nCloses: https://lore.kernel.org/r/1@example.org\n%s\n" "$SOB" |
		lint_case long-line quiet -
'

test_expect_success 'diff-in-message: no diff text in the message (git am would cut there)' '
	printf "zone: fix it\n\nThe fix:\n\n  --- a/zone.c\n  +++ b/zone.c\n\n%s\n" "$SOB" |
		lint_case diff-in-message fires 5 &&
	printf "zone: fix it\n\nThe fix.\n\n%s\n---\nv2: more\n" "$SOB" |
		lint_case diff-in-message fires 6 commit-only &&
	lint_expect <<-EOF &&
	<id12>:6: error: diff-in-message: a ${SQ}---${SQ} line in the message: git am drops the rest of it, trailers too
	total: 1 error, 0 warnings, 0 info in 1 commit
	EOF
	body "The fix takes --- a/ and +++ b/ apart." | lint_case diff-in-message quiet -
'

test_expect_success 'comment-line: a line starting with #' '
	printf "zone: fix it\n\nThe fix.\n#define ZONE_MIN 1\n\n%s\n" "$SOB" | lint_case comment-line fires 4 &&
	printf "zone: fix it\n\nThe fix.\n  #define ZONE_MIN 1\n\n%s\n" "$SOB" | lint_case comment-line quiet -
'

test_expect_success 'description-missing: more than a subject and tags' '
	printf "zone: fix it\n\n%s\n" "$SOB" | lint_case description-missing fires 1 &&
	body "The fix." | lint_case description-missing quiet -
'

test_expect_success 'changelog-in-message: the changelog goes below ---' '
	body "v2: take the lock" | lint_case changelog-in-message fires 3 &&
	body "Changes in v3:" | lint_case changelog-in-message fires 3 &&
	body "v2 of the API is out." | lint_case changelog-in-message quiet -
'

test_expect_success 'invalid-utf8: the message in UTF-8' '
	# git commit would re-code the byte: write the object as it is
	c=$(cd repo && printf "tree %s\nparent %s\nauthor %s 1764583200 +0000\ncommitter %s 1764583200 +0000\n\nzone: fix it\n\ncaf\351\n\n%s\n" \
		"$(git write-tree)" "$(git rev-parse HEAD)" "Ada Author <ada@example.org>" \
		"Ada Author <ada@example.org>" "$SOB" | git hash-object -w -t commit --stdin) &&
	(cd repo && quill trailer lint $c >../out; test $? -le 1) &&
	grep -Eq "^[0-9a-f]{12}:3: warning: invalid-utf8: " out &&
	body "café" | lint_case invalid-utf8 quiet -
'

test_expect_success 'subject-format: length, and a [PATCH] prefix in a commit' '
	printf "zone: fix the watermark of an empty zone that was computed from a stale count\n\nThe fix.\n\n%s\n" "$SOB" |
		lint_case subject-format fires 1 &&
	lint_expect <<-\EOF &&
	<id12>:1: warning: subject-format: a subject of 77 characters, over 75
	total: 0 errors, 1 warning, 0 info in 1 commit
	EOF
	printf "[PATCH v2] zone: fix it\n\nThe fix.\n\n%s\n" "$SOB" | lint_case subject-format fires 1 commit-only &&
	body "The fix." | lint_case subject-format quiet -
'

test_expect_success 'subject-tool: the change, not the tool that found it' '
	printf "zone: fix a sparse warning\n\nThe fix.\n\n%s\n" "$SOB" | lint_case subject-tool fires 1 &&
	printf "checkpatch: allow Closes: after Reported-by:\n\nThe fix.\n\n%s\n" "$SOB" |
		lint_case subject-tool quiet - &&
	printf "zone: fix a sparsely used path\n\nThe fix.\n\n%s\n" "$SOB" | lint_case subject-tool quiet -
'

test_done
