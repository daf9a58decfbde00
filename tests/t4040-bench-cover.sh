#!/bin/sh
# Benchmark tables in the mail: {{bench}} and {{bench NAME}} in the cover,
# a benchmark attached to one patch (--patch) below that patch's "---",
# frozen with the version, and nothing of it in what git am makes.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400	# 2025-12-01 12:00:00 UTC
export SOURCE_DATE_EPOCH

set_cover() {
	printf '%b' "$1" | quill series edit-cover -F - >/dev/null
}

# the lines of FILE between the line matching START and the next blank line
para() {
	sed -n "/$2/,/^\$/p" "$1"
}

test_expect_success 'setup: a series of 3 patches, results for the series and for patch 2' '
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
	cat >expect <<-\EOF &&
	rebind
	value [ms]  n   mean  stddev  median    min    max
	  base      5  10.24    0.11   10.20  10.10  10.40
	  patched   5   9.16    0.11    9.20   9.00   9.30
	  patched vs base: -10.55% (95% CI -12.17% to -8.92%), p < 0.001
	EOF
	test_cmp expect rebind.table &&
	cat >expect <<-\EOF &&
	probe (for "p: add file 2")
	value [ms]  n  mean  stddev  median   min   max
	  patched   3  7.60    0.10    7.60  7.50  7.70
	EOF
	test_cmp expect probe.table
'

test_expect_success '{{bench}}: the series-wide tables, exactly as bench show prints them' '
	cd repo &&
	set_cover "zone: the frob\\n\\nFaster rebinds.\\n\\n{{bench}}\\n\\nThe end.\\n" &&
	quill series format -o ../out >/dev/null 2>&1 &&
	sed "1,/^\$/d" ../out/0000-cover-letter.patch >body &&
	para body "^rebind\$" | sed "/^\$/d" >got &&
	test_cmp rebind.table got &&
	sed "/^---\$/,\$d" body >got &&
	{ printf "Faster rebinds.\n\n" && cat rebind.table && printf "\nThe end.\n\n"; } >expect &&
	test_cmp expect got &&
	! grep -q "^probe" body
'

test_expect_success '{{bench NAME}}: one benchmark, even one that belongs to a patch' '
	cd repo &&
	set_cover "zone: the frob\\n\\nThe probe:\\n\\n{{bench probe}}\\n" &&
	quill series format -o ../out-n >/dev/null 2>&1 &&
	sed "1,/^\$/d" ../out-n/0000-cover-letter.patch >body &&
	para body "^probe" | sed "/^\$/d" >got &&
	test_cmp probe.table got &&
	sed "/^---\$/,\$d" body >got &&
	{ printf "The probe:\n\n" && cat probe.table && printf "\n"; } >expect &&
	test_cmp expect got &&
	! grep -q "^rebind" body
'

test_expect_success 'the patch notes: the table of patch 2 below its ---, before the diffstat' '
	cd repo &&
	sed -n "/^---\$/,/^diff --git/p" ../out/0002-*.patch >notes &&
	sed -n "2,4p" notes >got &&
	test_cmp probe.table got &&
	{ echo "---" && cat probe.table && cat <<-\EOF; } >expect &&

	 p-2 | 1 +
	 1 file changed, 1 insertion(+)
	 create mode 100644 p-2

	diff --git a/p-2 b/p-2
	EOF
	test_cmp expect notes &&
	for f in ../out/0001-*.patch ../out/0003-*.patch; do
		! grep -q "^probe" "$f" || return 1
	done
'

test_expect_success 'git am of the mails: the same commits, no table in any message' '
	cd repo &&
	git log --format="%an %ae%n%B" main..zone >want &&
	git clone -q . ../am &&
	(cd ../am && git checkout -q -b am origin/main && git am -q ../out/000[1-3]-*.patch &&
	 git log --format="%an %ae%n%B" origin/main..am >../got) &&
	test_cmp want ../got &&
	test "$(git -C ../am rev-parse am^{tree})" = "$(git rev-parse zone^{tree})"
'

test_expect_success 'frozen with the version: format --version 1 after new-version' '
	cd repo &&
	set_cover "zone: the frob\\n\\nFaster rebinds.\\n\\n{{bench}}\\n" &&
	quill series new-version -m "nothing" >/dev/null 2>&1 &&
	quill series format --version 1 -o ../out-v1 >/dev/null 2>&1 &&
	sed "1,/^\$/d" ../out-v1/0000-cover-letter.patch >body &&
	para body "^rebind\$" | sed "/^\$/d" >got &&
	test_cmp rebind.table got &&
	sed -n "/^---\$/,/^diff --git/p" ../out-v1/0002-*.patch | sed -n "2,4p" >got &&
	test_cmp probe.table got
'

test_expect_success 'v2 has no results yet: {{bench}} is empty and leaves no line' '
	cd repo &&
	quill series format -o ../out-v2 >/dev/null 2>&1 &&
	sed "1,/^\$/d" ../out-v2/0000-cover-letter.patch >body &&
	! grep -q "^rebind" body &&
	sed "/^---\$/,\$d" body >got &&
	printf "Faster rebinds.\n\n\n" >expect &&
	test_cmp expect got &&
	! grep -q "^probe" ../out-v2/0002-*.patch &&
	sed -n "/^---\$/,/^diff --git/p" ../out-v2/0002-*.patch >notes &&
	cat >expect <<-\EOF &&
	---
	 p-2 | 1 +
	 1 file changed, 1 insertion(+)
	 create mode 100644 p-2

	diff --git a/p-2 b/p-2
	EOF
	test_cmp expect notes
'

test_expect_success '{{bench NAME}} with no such benchmark: exit 3 naming the line, nothing written' '
	cd repo &&
	set_cover "zone: the frob\\n\\nText.\\n\\n{{bench nosuch}}\\n" &&
	quill_fails 3 "cover:5: \\{\\{bench nosuch\\}\\}: no benchmark nosuch in v2" series format -o ../bad &&
	test ! -e ../bad
'

test_done
