#!/bin/sh
# series new (and rename, import-b4): names that cannot name a series are
# bad usage (2), said with the reason, before anything is written.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

long=$(printf '%0101d' 0)	# 101 bytes
max=$(printf '%0100d' 0)	# 100 bytes

test_expect_success 'setup' '
	test_repo r
'

test_expect_success 'series new HEAD: 2, the reason, nothing written' '
	cd r &&
	git for-each-ref >before &&
	quill_fails 2 "^quill: .HEAD. is not a valid series name \(HEAD names the checked-out commit" \
		series new HEAD &&
	git for-each-ref >after &&
	test_cmp before after &&
	test "$(git symbolic-ref HEAD)" = refs/heads/main &&
	test -z "$(git config --get-regexp "^branch\.HEAD\.")"
'

test_expect_success 'series new --branch main HEAD is refused the same way' '
	cd r &&
	git for-each-ref >before &&
	quill_fails 2 "HEAD names the checked-out commit" series new --branch main HEAD &&
	git for-each-ref >after &&
	test_cmp before after
'

test_expect_success 'a name over 100 bytes: 2, nothing written; 100 bytes is fine' '
	cd r &&
	git for-each-ref >before &&
	quill_fails 2 "not a valid series name \(longer than 100 bytes\)" series new "$long" &&
	git for-each-ref >after &&
	test_cmp before after &&
	quill series new --no-checkout "$max" >/dev/null &&
	git rev-parse -q --verify "refs/quill/series/$max" &&
	git rev-parse -q --verify "refs/heads/$max"
'

test_expect_success 'a name that is no valid branch, or holds a C1 control: 2' '
	cd r &&
	git for-each-ref >before &&
	quill_fails 2 "is not a valid series name \(it holds a control character\)" \
		series new "$(printf "a\302\205b")" &&
	quill_fails 2 "not a valid series name" series new "a@{b" &&
	git for-each-ref >after &&
	test_cmp before after
'

test_expect_success 'edit --rename HEAD or a long name: 2, the series keeps its name' '
	cd r &&
	quill series new --no-checkout keep >/dev/null &&
	before=$(git rev-parse refs/quill/series/keep) &&
	quill_fails 2 "HEAD names the checked-out commit" series edit keep --rename HEAD &&
	quill_fails 2 "longer than 100 bytes" series edit keep --rename "$long" &&
	test "$(git rev-parse refs/quill/series/keep)" = "$before" &&
	test_must_fail git rev-parse -q --verify refs/quill/series/HEAD
'

test_done
