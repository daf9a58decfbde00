#!/bin/sh
# quill trailer lint REVS: git rev-list's syntax (A..B, A...B, ^A B, REV^!,
# REV^-N; a REV alone is one commit, as checkpatch -g has it), merges left
# out, --rev-range, --series [--version], and the default.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-lint.sh"

# commit NAME: a commit whose one finding (tag-spelling, info) names it
commit() {
	printf '%s\n' "$1" >>"$1.t" && git add "$1.t" && test_tick &&
	git commit -q -m "zone: $1

Step $1.

Signed-Off-By: Ada Author <ada@example.org>"
}

# linted ARGS...: the commits `quill trailer lint ARGS` checked, by name
linted() {
	quill trailer lint --json "$@" >"$TRASH/j"
	[ $? -le 1 ] || return 1
	python3 -c '
import json, subprocess, sys
d = json.load(open(sys.argv[1]))
names = []
for f in d["findings"]:
    s = subprocess.check_output(["git", "log", "-1", "--format=%s", f["commit"]], text=True).split()[1]
    if not names or names[-1] != s:
        names.append(s)
print(" ".join(names), "/", d["checked"], d["skipped"])
' "$TRASH/j"
}

test_expect_success 'setup: main a1..a3, side b1..b2, a merge' '
	lint_repo &&
	(cd repo && commit a1 && git branch side && commit a2 && commit a3 &&
	 git checkout -q side && commit b1 && commit b2 && git checkout -q main &&
	 git branch pre-merge && test_tick &&
	 git merge -q --no-ff -m "Merge side" side)
'

test_expect_success 'a REV alone is that one commit; several are several' '
	(cd repo && linted pre-merge >../out) && test "$(cat out)" = "a3 / 1 0" &&
	(cd repo && linted pre-merge side~1 >../out) && test "$(cat out)" = "a3 b1 / 2 0"
'

test_expect_success 'A..B, ^A B, A...B' '
	(cd repo && linted pre-merge~2..pre-merge >../out) && test "$(cat out)" = "a3 a2 / 2 0" &&
	(cd repo && linted ^pre-merge~2 pre-merge >../out) && test "$(cat out)" = "a3 a2 / 2 0" &&
	(cd repo && linted pre-merge...side >../out) &&
	test "$(tr " " "\n" <out | sed -n "/^[ab][0-9]/p" | sort | tr "\n" " ")" = "a2 a3 b1 b2 " &&
	(cd repo && linted ..pre-merge~1 >../out; true) && grep -q "/ 0 " out
'

test_expect_success 'REV^! and REV^-N: one commit; merges are skipped' '
	(cd repo && linted side^! >../out) && test "$(cat out)" = "b2 / 1 0" &&
	(cd repo && linted main^- >../out) &&
	test "$(cat out)" = "b2 b1 / 2 1" &&
	(cd repo && linted main^-2 >../out) && test "$(cat out)" = "a3 a2 / 2 1" &&
	(cd repo && linted main >../out) && test "$(cat out)" = " / 0 1"
'

test_expect_success '--rev-range REV: the whole history, in git log'"'"'s order' '
	(cd repo && linted --rev-range main >../out) &&
	test "$(cat out)" = "b2 b1 a3 a2 a1 add import / 7 1" &&
	git -C repo log --no-merges --format=%h --abbrev=12 main >want &&
	(cd repo && quill trailer lint --rev-range main >../text; test $? = 1) &&
	sed -n "s/^\\([0-9a-f]*\\):.*/\\1/p" text | uniq >got &&
	test_cmp want got
'

test_expect_success 'bad revisions: exit 2, one line' '
	(cd repo && quill_fails 2 "names no commit" trailer lint nope..main) &&
	(cd repo && quill_fails 2 "names no commit" trailer lint "main^-x") &&
	(cd repo && quill_fails 2 "bad revision range" trailer lint --rev-range "nope")
'

test_expect_success '--series NAME: the working version, the sender as submitter' '
	(cd repo && git checkout -q pre-merge && quill series new feat --base pre-merge >/dev/null &&
	 commit f1 && commit f2 && linted --series feat >../out) &&
	test "$(cat out)" = "f1 f2 / 2 0" &&
	(cd repo && linted >../out) && test "$(cat out)" = "f1 f2 / 2 0" &&
	(cd repo && git -c user.name=Mira -c user.email=mira@example.org \
		quill trailer lint >../out 2>&1; test $? = 0) &&
	(cd repo && GIT_COMMITTER_NAME="Mira Marrow" GIT_COMMITTER_EMAIL=mira@example.org \
		test_expect_code 1 quill trailer lint --series feat >../out) &&
	f1=$(git -C repo rev-parse --short=12 feat~1) && f2=$(git -C repo rev-parse --short=12 feat) &&
	cat >expect <<-EOF &&
	$f1:5: error: sign-off-submitter: no Signed-off-by by the submitter, Mira Marrow <mira@example.org>, who sends it on
	$f1:5: info: tag-spelling: ${SQ}Signed-Off-By${SQ} is spelled Signed-off-by
	$f2:5: error: sign-off-submitter: no Signed-off-by by the submitter, Mira Marrow <mira@example.org>, who sends it on
	$f2:5: info: tag-spelling: ${SQ}Signed-Off-By${SQ} is spelled Signed-off-by
	total: 2 errors, 0 warnings, 2 info in the cover and 2 commits
	EOF
	test_cmp expect out &&
	(cd repo && git config quill.from "Ada Author <ada@example.org>" &&
	 GIT_COMMITTER_NAME="Mira Marrow" GIT_COMMITTER_EMAIL=mira@example.org quill trailer lint --series feat >../out) &&
	! lint_out sign-off-submitter out && git -C repo config --unset quill.from
'

test_expect_success '--series NAME --version N: a frozen version' '
	(cd repo && quill series new-version feat >/dev/null 2>&1 && commit f3 &&
	 linted --series feat --version 1 >../out1 && linted --series feat >../out2) &&
	test "$(cat out1)" = "f1 f2 / 2 0" && test "$(cat out2)" = "f1 f2 f3 / 3 0" &&
	(cd repo && quill_fails 2 "no frozen version 7" trailer lint --series feat --version 7)
'

test_done
