#!/bin/sh
# The series commands count in words that agree with the number: one
# version is "only version 1", one patch "1 patch", one tag "1 tag".
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

test_expect_success 'setup: a series of one patch, nothing frozen' '
	series_repo r solo 1
'

test_expect_success 'one version: "has only version 1", never "versions 1 to 1"' '
	cd r &&
	quill_fails 2 "^quill: series format: series solo has only version 1 \(the working one\) \(see" \
		series format --version 2 &&
	quill_fails 2 "^quill: series show: series solo has only version 1 \(see" \
		series show --version 2 &&
	quill_fails 2 "^quill: series diff: series solo has only version 1 \(the working one\) \(see" \
		series diff v1 v2 &&
	! grep -r "versions 1 to 1" err.fail
'

test_expect_success 'two versions and more: "versions 1 to N"' '
	cd r &&
	quill series new-version >/dev/null 2>&1 &&
	quill_fails 2 "series solo has versions 1 to 2 \(v2 is the working one\)" \
		series format --version 3 &&
	quill_fails 2 "series solo has versions 1 to 2 \(see" series show --version 3
'

test_expect_success 'one patch is "1 patch" in new-version, show and list' '
	series_repo r2 one 1 && cd r2 &&
	quill series new-version --dry-run >out 2>/dev/null &&
	grep "^would freeze v1 of one: 1 patch on " out &&
	quill series new-version >out 2>/dev/null &&
	grep "^froze v1 of one: 1 patch, tag quill/one/v1\$" out &&
	quill series show >out &&
	grep "^  v1  .*  1 patch  " out &&
	! grep "1 patches" out
'

test_done
