#!/bin/sh
# The report of `make demo`'s series (scripts/demo.sh, kept through
# QUILL_DEMO_OUT): every version, the review and the plot on the page,
# tidy clean, and a screenshot that is not blank - the picture in the
# README.  QUILL_SCREENSHOT_TO=FILE copies the screenshot there (how
# docs/report.png is made: see README).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-browser.sh"

test_expect_success 'make demo keeps its series report' '
	QUILL_DEMO_OUT=$TRASH/out "$TEST_SRC/../scripts/demo.sh" >demo.out 2>&1 &&
	f=out/ringbuf-peek.html &&
	test -s $f &&
	grep -q "<h1>" $f &&
	for v in 1 2 3; do grep -q "id=\"v$v\"" $f || exit 1; done &&
	grep -q "Range-diff against v1" $f &&
	grep -q "<svg role=\"img\"" $f &&
	grep -q "trailer-objection" $f &&
	grep -q "not carried: declined by Oren Vasko" $f &&
	! grep -qi "<script\|<img" $f
'

if command -v tidy >/dev/null 2>&1; then
	test_expect_success 'tidy finds no error or warning in it' '
		test -s out/ringbuf-peek.html &&
		tidy -q -e out/ringbuf-peek.html >tidy.out 2>&1 || { cat tidy.out; exit 1; }
	'
else
	test_skip 'tidy finds no error or warning in it' 'no tidy here'
fi

if [ -n "$have_chromium" ]; then
	test_expect_success 'chromium renders it; the screenshot is not blank' '
		screenshot "$TRASH/out/ringbuf-peek.html" "$TRASH/report.png" 900 1400 &&
		if [ -n "${QUILL_SCREENSHOT_TO:-}" ]; then cp report.png "$QUILL_SCREENSHOT_TO"; fi
	'
else
	test_skip 'chromium renders it; the screenshot is not blank' 'no chromium here'
fi
test_done
