#!/bin/sh
# quill series format: the working version's commits and fork point from
# one walk of what the branch has and its base has not - the fork point is
# git merge-base's when the base moved on, a branch behind its base has no
# patches, one with no history in common is refused, a merge is refused.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400	# 2025-12-01 12:00:00 UTC
export SOURCE_DATE_EPOCH

test_expect_success 'setup: a series, then its base moves on' '
	test_repo r && cd r &&
	quill series new zone >/dev/null &&
	add_patches 3 zone &&
	git checkout -q main &&
	test_commit "upstream: one" &&
	test_commit "upstream: two" &&
	git checkout -q zone
'

test_expect_success 'the fork point is the merge base, the patches only the branch'"'"'s' '
	cd r &&
	quill series format --stdout >out 2>err &&
	grep "^base-commit: " out >actual &&
	echo "base-commit: $(git merge-base main zone)" >expect &&
	test_cmp expect actual &&
	grep "^Subject: " out >actual &&
	cat >expect <<-\EOF &&
	Subject: [PATCH 0/3] EDITME: the subject of the cover letter
	Subject: [PATCH 1/3] zone: add file 1
	Subject: [PATCH 2/3] zone: add file 2
	Subject: [PATCH 3/3] zone: add file 3
	EOF
	test_cmp expect actual &&
	test "$(git merge-base main zone)" != "$(git rev-parse main)"
'

test_expect_success 'a branch forked from an older base commit: that commit' '
	cd r &&
	git checkout -q -b zone2 main~1 &&
	add_patches 2 two &&
	quill series new two --branch zone2 --base main >/dev/null &&
	quill series format two --stdout >out 2>err &&
	grep "^base-commit: " out >actual &&
	echo "base-commit: $(git rev-parse main~1)" >expect &&
	test_cmp expect actual &&
	test "$(grep -c "^Subject: \[PATCH [12]/2\] two: add file" out)" = 2
'

test_expect_success 'a branch behind its base has no patches (exit 1)' '
	cd r &&
	git branch behind main~2 &&
	quill series new behind --branch behind --base main >/dev/null &&
	test_expect_code 1 quill series format behind --stdout >out 2>err &&
	grep "branch behind holds nothing on top of its base" err
'

test_expect_success 'no history in common with the base: refused (exit 2)' '
	cd r &&
	git checkout -q --orphan lone &&
	git rm -rqf . &&
	test_commit "lone: a root of its own" &&
	quill series new lone --branch lone --base main >/dev/null &&
	test_expect_code 2 quill series format lone --stdout >out 2>err &&
	echo "quill: branch '"'"'lone'"'"' has no history in common with the base '"'"'main'"'"'" >expect &&
	test_cmp expect err &&
	test_cmp /dev/null out
'

test_expect_success 'a merge on the branch: refused (exit 2), naming it' '
	cd r &&
	git checkout -q -b merged zone &&
	git merge -q --no-edit main >/dev/null &&
	quill series new merged --branch merged --base main >/dev/null &&
	test_expect_code 2 quill series format merged --stdout >out 2>err &&
	grep "commit $(git rev-parse --short=12 HEAD) is a merge; a patch series must be linear" err
'

test_done
