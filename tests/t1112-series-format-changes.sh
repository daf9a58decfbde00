#!/bin/sh
# quill series format: {{changes}} says when every patch is unchanged (and
# which moved), and its items keep to 72 columns as the tables do.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400	# 2025-12-01 12:00:00 UTC
export SOURCE_DATE_EPOCH

# the body of the cover mail in DIR (below its header)
cover_body() {
	sed '1,/^$/d' "$1"/0000-cover-letter.patch
}

# section N FILE: the items of "Changes in vN:" in FILE
section() {
	sed -n "/^Changes in v$1:\$/,/^\$/p" "$2" | sed '1d;/^$/d'
}

LONG="p: a subject long enough that its changes item cannot keep to one line of mail"

test_expect_success 'setup: zone v1 of two patches, then the same two reordered' '
	series_repo repo zone 2 &&
	cd repo &&
	quill series new-version >/dev/null 2>&1 &&
	git reset -q --hard main &&
	git cherry-pick quill/zone/v1 quill/zone/v1~1 >/dev/null &&
	quill series diff >out &&
	tail -1 out | grep -q "2 unchanged\$"
'

test_expect_success 'every patch unchanged but reordered: {{changes}} says so' '
	cd repo &&
	quill series format -o ../out2 >/dev/null &&
	cover_body ../out2 >body &&
	section 2 body >items &&
	printf "%s\n" "- EDITME: what changed since v1" \
		"- 2 unchanged, reordered: 1/2 was 2/2, 2/2 was 1/2" >expect &&
	test_cmp expect items
'

test_expect_success 'every patch unchanged, in order: {{changes}} says that too' '
	cd repo &&
	quill series new-version -m "moved the test first" >/dev/null 2>&1 &&
	quill series format -o ../out3 >/dev/null &&
	cover_body ../out3 >body &&
	section 3 body >items &&
	printf "%s\n" "- EDITME: what changed since v2" "- 2 unchanged" >expect &&
	test_cmp expect items &&
	section 2 body >items &&
	printf "%s\n" "- moved the test first" \
		"- 2 unchanged, reordered: 1/2 was 2/2, 2/2 was 1/2" >expect &&
	test_cmp expect items
'

test_expect_success 'a long item wraps at 72 columns, continued under its text' '
	cd repo &&
	quill series new-version >/dev/null 2>&1 &&
	echo more >>p-1 && git add p-1 && test_tick && git commit -q -m "$LONG" &&
	quill series format -o ../out4 >/dev/null &&
	cover_body ../out4 >body &&
	section 4 body >items &&
	! grep -v "^- EDITME" items | grep ".\{73\}" &&
	test "$(grep -c "^  [^ ]" items)" -ge 1 &&
	sed "/^- EDITME/d" items | sed -e ":a" -e "N;s/\n  / /;ta" -e "P;D" >joined &&
	printf "%s\n" "- 3/3 \"$LONG\": new" "- unchanged: 1/3, 2/3" >expect &&
	test_cmp expect joined
'

test_done
