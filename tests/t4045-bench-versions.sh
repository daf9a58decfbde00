#!/bin/sh
# Results and versions (issue 10, item 15): benchmarks and size diffs stay
# with the version they were attached to, while the cover's {{bench NAME}}
# and {{objsize NAME}} go on into the next version's cover.  There they
# show the latest earlier version's results, marked "(measured on vK)", so
# a freeze never breaks series format; {{bench}} shows only the version's
# own; a name no version has is an error naming the token as written.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400	# 2025-12-01 12:00:00 UTC
export SOURCE_DATE_EPOCH

set_cover() {
	printf '%b' "$1" | quill series edit-cover -F - >/dev/null
}

# the cover letter's body (after its headers) of the mails in DIR
cover_body() {
	sed "1,/^\$/d" "$1/0000-cover-letter.patch"
}

# TABLE with "  (measured on vK)" put under its first line
measured() {
	sed "1a\\
  (measured on v$2)" "$1"
}

have_gcc=
command -v gcc >/dev/null && have_gcc=1

test_expect_success 'setup: v1 with results for the series and for patch 2' '
	series_repo repo zone 3 &&
	cd repo &&
	printf "10.1\\n10.3\\n10.2\\n10.4\\n10.2\\n" >base.txt &&
	printf "9.1\\n9.3\\n9.2\\n9.0\\n9.2\\n" >patched.txt &&
	printf "7.5\\n7.7\\n7.6\\n" >step.txt &&
	quill bench add rebind base.txt --role base --format samples --unit ms >/dev/null &&
	quill bench add rebind patched.txt --role patched --format samples --unit ms >/dev/null &&
	quill bench add probe step.txt --role patched --format samples --unit ms --patch HEAD~ >/dev/null &&
	quill bench show rebind >rebind.table &&
	quill bench show probe >probe.table &&
	set_cover "zone: the frob\\n\\nFaster rebinds.\\n\\n{{bench rebind}}\\n\\nAll:\\n\\n{{bench}}\\n\\nEnd.\\n" &&
	quill series format -o ../v1 >/dev/null 2>&1 &&
	cover_body ../v1 | sed -n "/^Faster rebinds/,/^All:/p" | sed "1,2d;\$d" | sed "\$d" >got &&
	test_cmp rebind.table got
'

test_expect_success 'after the freeze format works: {{bench NAME}} shows v1'"'"'s results, marked' '
	cd repo &&
	quill series new-version -m "nothing yet" >/dev/null 2>&1 &&
	quill series format -o ../v2 >/dev/null 2>err &&
	cover_body ../v2 >body &&
	sed -n "/^Faster rebinds/,/^All:/p" body | sed "1,2d;\$d" | sed "\$d" >got &&
	measured rebind.table 1 >want &&
	test_cmp want got
'

test_expect_success '{{bench}} shows only the version'"'"'s own results; no patch notes carried' '
	cd repo &&
	sed -n "/^All:/,/^End\\./p" body >all &&
	printf "All:\\n\\n\\nEnd.\\n" >want &&
	test_cmp want all &&
	! grep -q "^probe" ../v2/0002-*.patch
'

test_expect_success '{{bench NAME}} of a benchmark for a patch: carried too, marked under its title' '
	cd repo &&
	set_cover "zone: the frob\\n\\nThe probe:\\n\\n{{bench probe}}\\n" &&
	quill series format -o ../v2p >/dev/null 2>&1 &&
	cover_body ../v2p | sed -n "/^probe (for/,/^\$/p" | sed "/^\$/d" >got &&
	measured probe.table 1 >want &&
	test_cmp want got
'

test_expect_success 'its own results win: a benchmark attached to v2 shows unmarked' '
	cd repo &&
	set_cover "zone: the frob\\n\\nFaster rebinds.\\n\\n{{bench rebind}}\\n\\nAll:\\n\\n{{bench}}\\n\\nEnd.\\n" &&
	printf "8.1\\n8.3\\n8.2\\n8.0\\n8.2\\n" >patched2.txt &&
	quill bench add rebind base.txt --role base --format samples --unit ms >/dev/null &&
	quill bench add rebind patched2.txt --role patched --format samples --unit ms >/dev/null &&
	quill bench show rebind >rebind2.table &&
	quill series format -o ../v2own >/dev/null 2>&1 &&
	cover_body ../v2own >body &&
	sed -n "/^Faster rebinds/,/^All:/p" body | sed "1,2d;\$d" | sed "\$d" >got &&
	test_cmp rebind2.table got &&
	! grep -q "measured on v" body
'

test_expect_success 'the latest earlier version wins: v3 shows v2'"'"'s results' '
	cd repo &&
	quill series new-version -m "faster" >/dev/null 2>&1 &&
	quill series format -o ../v3 >/dev/null 2>&1 &&
	cover_body ../v3 | sed -n "/^Faster rebinds/,/^All:/p" | sed "1,2d;\$d" | sed "\$d" >got &&
	measured rebind2.table 2 >want &&
	test_cmp want got
'

test_expect_success 'a frozen version renders as it did: format --version 2 is unmarked' '
	cd repo &&
	quill series format --version 2 -o ../v2again >/dev/null 2>&1 &&
	cover_body ../v2again | sed -n "/^Faster rebinds/,/^All:/p" | sed "1,2d;\$d" | sed "\$d" >got &&
	test_cmp rebind2.table got
'

test_expect_success '{{bench NAME}} that no version has: exit 3 naming the token as written' '
	cd repo &&
	set_cover "zone: the frob\\n\\nText.\\n\\n{{bench nosuch}}\\n" &&
	quill_fails 3 "cover:5: \\{\\{bench nosuch\\}\\}: no benchmark nosuch in v3 \\(there: none\\)" \
		series format -o ../bad &&
	test ! -e ../bad
'

if test -n "$have_gcc"; then
	test_expect_success '{{objsize NAME}}: the size diff of v1 carried into v2, marked' '
		rm -rf sz && series_repo sz zone 2 &&
		cd sz &&
		gcc -O2 -c -DVARIANT=1 "$TEST_SRC/data/objsize/zone.c" -o old.o &&
		gcc -O2 -c -DVARIANT=2 "$TEST_SRC/data/objsize/zone.c" -o new.o &&
		quill bench size --attach mm old.o new.o >/dev/null 2>&1 &&
		set_cover "zone: sizes\\n\\nThe object:\\n\\n{{objsize mm}}\\n\\nThat is all.\\n" &&
		quill series format -o ../s1 >/dev/null 2>&1 &&
		cover_body ../s1 | sed -n "/^The object:/,/^That is all\\./p" | sed "1,2d;\$d" | sed "\$d" >table &&
		grep -q "^Total: " table &&
		quill series new-version -m "nothing yet" >/dev/null 2>&1 &&
		quill series format -o ../s2 >/dev/null 2>&1 &&
		cover_body ../s2 | sed -n "/^The object:/,/^That is all\\./p" | sed "1,2d;\$d" | sed "\$d" >got &&
		{ echo "(measured on v1)" && cat table; } >want &&
		test_cmp want got
	'

	test_expect_success '{{objsize NAME}} that no version has: exit 3 naming the token as written' '
		cd sz &&
		set_cover "zone: sizes\\n\\n{{objsize nope}}\\n" &&
		quill_fails 3 "cover:3: \\{\\{objsize nope\\}\\}: no size comparison .nope. attached to v2" \
			series format -o ../s-bad &&
		test ! -e ../s-bad
	'
else
	test_skip '{{objsize NAME}}: the size diff of v1 carried into v2, marked' 'no gcc'
	test_skip '{{objsize NAME}} that no version has: exit 3 naming the token as written' 'no gcc'
fi

test_done
