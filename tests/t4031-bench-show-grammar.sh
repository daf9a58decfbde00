#!/bin/sh
# The counts in bench's messages agree with their nouns (issue 10, item
# 40): "v1 has some" for one other version, "v1, v2 have some" for more;
# "holds 1 result" for a file of one.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

test_expect_success 'setup: a benchmark in v1, then v2 without any' '
	bench_repo r 1 && cd r &&
	quill bench add rebind "$DATA/rebind-base.txt" --role base >/dev/null &&
	quill series new-version -m "first" >/dev/null
'

test_expect_success 'one other version with benchmarks: "v1 has some"' '
	cd r &&
	quill bench show >out 2>err;
	test $? = 1 &&
	echo "quill: no benchmarks attached to v2 of s (v1 has some: --version N)" >expect &&
	test_cmp expect err
'

test_expect_success 'two other versions: "v1, v2 have some"' '
	cd r &&
	quill bench add rebind "$DATA/rebind-base.txt" --role base >/dev/null &&
	quill series new-version -m "second" >/dev/null &&
	quill bench show >out 2>err;
	test $? = 1 &&
	echo "quill: no benchmarks attached to v3 of s (v1, v2 have some: --version N)" >expect &&
	test_cmp expect err
'

test_expect_success 'a file of one result named by two roles: "holds 1 result"' '
	cd r &&
	quill bench add one "$DATA/rebind-base.txt" --role a,b >out 2>err;
	test $? = 2 &&
	echo "quill: $DATA/rebind-base.txt holds 1 result but --role names 2" >expect &&
	test_cmp expect err
'

test_done
