#!/bin/sh
# A benchmark of one patch (bench add --patch) follows that patch as
# series diff pairs it (issue 10, item 28): reworded, it keeps its table
# under the current subject; changed, it keeps it too; reordered, the
# table moves with it; dropped, format says it leaves the table out.  A
# benchmark another version's patch was measured on (copied into the
# working version) follows that patch through the versions' pairing.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

SOURCE_DATE_EPOCH=1764590400	# 2025-12-01 12:00:00 UTC
export SOURCE_DATE_EPOCH

# redo N SUBJECT CONTENT: patch N of branch s made again with SUBJECT and
# its file p-N holding CONTENT; the patches after it picked on top
redo() {
	rd_base=$(git rev-parse "s~$((3 - $1))") &&
	git checkout -q "$rd_base" &&
	printf '%s\n' "$3" >"p-$1" && git add "p-$1" &&
	test_tick && git commit -q --amend -m "$2" &&
	for rd_c in $(git rev-list --reverse "$rd_base..s"); do
		git cherry-pick "$rd_c" >/dev/null || return 1
	done &&
	git branch -f s HEAD && git checkout -q s
}

# the patch notes of the mail of patch N in DIR: between its "---" and
# the diffstat
notes() {
	sed -n "/^---\$/,/^ p-[0-9] |/p" "$1"/000"$2"-*.patch | sed "1d;\$d" | sed "/^\$/d"
}

test_expect_success 'setup: 3 patches, a benchmark of patch 2' '
	bench_repo repo 3 &&
	cd repo &&
	printf "7.5\\n7.7\\n7.6\\n" >../step.txt &&
	quill bench add probe ../step.txt --role patched --format samples --unit ms --patch HEAD~ >/dev/null &&
	quill bench show probe >../probe.table &&
	grep -q "^probe (for \"p: add file 2\")\$" ../probe.table &&
	quill series format -o ../out0 >/dev/null 2>&1 &&
	notes ../out0 2 >got &&
	test_cmp ../probe.table got
'

test_expect_success 'reworded: the table stays, under the current subject' '
	cd repo &&
	redo 2 "p: add the second file" "line 2" &&
	quill series format -o ../out1 >/dev/null 2>err &&
	! grep -q "benchmark probe" err &&
	notes ../out1 2 >got &&
	sed "1s/.*/probe (for \"p: add the second file\")/" ../probe.table >want &&
	test_cmp want got
'

test_expect_success 'changed too (diff and subject): paired, the table stays' '
	cd repo &&
	redo 2 "p: add file two" "line 2, changed" &&
	quill series format -o ../out2 >/dev/null 2>err &&
	! grep -q "benchmark probe" err &&
	notes ../out2 2 >got &&
	sed "1s/.*/probe (for \"p: add file two\")/" ../probe.table >want &&
	test_cmp want got &&
	notes ../out2 1 >n1 && notes ../out2 3 >n3 &&
	test ! -s n1 && test ! -s n3
'

test_expect_success 'dropped: format warns that it leaves the table out' '
	cd repo &&
	git tag before-drop s &&
	git rebase -q --onto s~2 s~1 s &&
	quill series format -o ../out4 >/dev/null 2>err &&
	grep -qx "quill: warning: benchmark probe: its patch .p: add file 2. is not in v1; left out" err &&
	for f in ../out4/000[1-2]-*.patch; do
		! grep -q "^probe" "$f" || return 1
	done &&
	git reset -q --hard before-drop
'

test_expect_success 'a benchmark of v1 put into v2: it follows that patch through series diff pairing' '
	cd repo &&
	git reset -q --hard before-drop &&
	quill bench add probe ../step.txt --role patched --format samples --unit ms --patch HEAD~ >/dev/null &&
	quill series format -o ../v1 >/dev/null 2>&1 &&
	notes ../v1 2 >v1.notes &&
	sed "1s/.*/probe (for \"p: add file two\")/" ../probe.table >want &&
	test_cmp want v1.notes &&
	quill series new-version -m "reordered" >/dev/null 2>&1 &&
	state_file v1/bench/probe.json >probe.json &&
	state_put v2/bench/probe.json probe.json &&
	subj2=$(git log -1 --format=%s s~1) &&
	git checkout -q s~3 &&
	git cherry-pick s~1 >/dev/null &&
	printf "line 2, changed in v2\\n" >p-2 && git add p-2 && test_tick &&
	git commit -q --amend -m "p: the second file, for v2" &&
	git cherry-pick s~2 s >/dev/null &&
	git branch -f s HEAD && git checkout -q s &&
	quill series diff >diff.out &&
	grep -q "p: the second file, for v2" diff.out &&
	quill series format -o ../v2 >/dev/null 2>err &&
	! grep -q "benchmark probe" err &&
	notes ../v2 1 >got &&
	sed "1s/.*/probe (for \"p: the second file, for v2\")/" ../probe.table >want &&
	test_cmp want got &&
	notes ../v2 2 >n2 && notes ../v2 3 >n3 &&
	test ! -s n2 && test ! -s n3
'

test_expect_success 'a frozen version renders as it did: format --version 1' '
	cd repo &&
	quill series format --version 1 -o ../v1again >/dev/null 2>&1 &&
	notes ../v1again 2 >got &&
	test_cmp v1.notes got
'

test_expect_success 'the measured commit gone from the repository: found by patch-id' '
	bench_repo repo2 3 &&
	cd repo2 &&
	quill bench add probe ../step.txt --role patched --format samples --unit ms --patch HEAD~ >/dev/null &&
	redo 2 "p: add file two, again" "line 2" &&
	git reflog expire --expire=now --all &&
	git gc -q --prune=now &&
	quill series format -o ../gone >/dev/null 2>err &&
	! grep -q "benchmark probe" err &&
	notes ../gone 2 >got &&
	sed "1s/.*/probe (for \"p: add file two, again\")/" ../probe.table >want &&
	test_cmp want got
'

test_done
