#!/bin/sh
# Text plots of benchmark samples for mail: quill bench show --plot on a
# benchmark bench run recorded and on known samples, and {{bench NAME plot}}
# in a cover through series format (an earlier version's marked, a wrong
# word refused).  Every line of a plot is exactly 72 characters.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

SOURCE_DATE_EPOCH=1764590400	# 2025-12-01 12:00:00 UTC
export SOURCE_DATE_EPOCH

set_cover() {
	printf '%b' "$1" | quill series edit-cover -F - >/dev/null
}

# every line of FILE exactly 72 characters (UTF-8), none ending in a space
all_72() {
	python3 -c '
import sys
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
assert lines[-1] == "", "no newline at the end"
bad = [l for l in lines[:-1] if len(l) != 72 or l.endswith(" ")]
if bad or len(lines) < 2:
    sys.exit("not 72 characters: %r" % bad)
' "$1"
}

test_expect_success 'setup: bench run records base, then patched' '
	bench_repo r 0 && cd r &&
	quill bench run boot -n 5 -- true >/dev/null &&
	add_patches 2 &&
	quill bench run boot -n 6 -- true >/dev/null
'

test_expect_success 'bench show --plot on a recorded benchmark: 72 columns, a row per role' '
	cd r &&
	quill bench show --plot boot >plot &&
	all_72 plot &&
	grep -q "^boot: wall ---*\$" plot &&
	grep -q "^base      | .* |\$" plot &&
	grep -q "^patched   | .* |\$" plot &&
	test "$(grep -c "^  runs    | " plot)" = 2 &&
	test "$(grep "^  runs    | " plot | grep -c "[.:=#]")" = 2 &&
	grep "^  runs    | " plot | grep -q "#" &&
	grep -Eq "^\[(s|ms|us|ns)\] +\| " plot &&
	grep -q "^          +-.*\^.*-+\$" plot &&
	tail -n 1 plot | grep -q "\[=\] quartiles  | median  \* mean" &&
	test "$(wc -l <plot)" = 8
'

test_expect_success 'known samples: the plot, column by column' '
	cd r &&
	printf "10.1\\n10.3\\n10.2\\n10.4\\n10.2\\n11.9\\n" >base.txt &&
	printf "9.1\\n9.3\\n9.2\\n9.0\\n9.2\\n" >patched.txt &&
	quill bench add rebind base.txt --role base --format samples --unit ms >/dev/null &&
	quill bench add rebind patched.txt --role patched --format samples --unit ms >/dev/null &&
	quill bench show --plot rebind >rebind.plot &&
	all_72 rebind.plot &&
	cat >expect <<-\EOF &&
	rebind: value ----------------------------------------------------------
	base      |                       |-[|=]| *                          o |
	  runs    |                       : # : :                            : |
	patched   | |-[*|-|                                                    |
	  runs    | : : # :                                                    |
	          +-^---------------------------^----------------------------^-+
	[ms]      | 9.00                      10.42                      11.90 |
	          [=] quartiles  | median  * mean  + both  -| 1.5 IQR  o outlier
	EOF
	test_cmp expect rebind.plot
'

test_expect_success 'every benchmark: the plots, a blank line between' '
	cd r &&
	quill bench show --plot >all.plot &&
	grep -v "^\$" all.plot >nonblank &&
	all_72 nonblank &&
	test "$(grep -c "^\$" all.plot)" = 1 &&
	grep -q "^boot: " all.plot && grep -q "^rebind: " all.plot
'

test_expect_success '--plot --format markdown: fenced as code; --json: the same document' '
	cd r &&
	quill bench show --plot --format markdown rebind >md &&
	{ echo "\`\`\`" && cat rebind.plot && echo "\`\`\`"; } >expect &&
	test_cmp expect md &&
	quill bench show --json rebind >plain.json &&
	quill bench show --json --plot rebind >plot.json &&
	test_cmp plain.json plot.json
'

test_expect_success '--plot with --width: a usage error' '
	cd r &&
	quill_fails 2 "--plot draws 72 columns" bench show --plot --width 60 rebind
'

test_expect_success '{{bench NAME plot}} in the cover: the plot bench show --plot prints' '
	cd r &&
	set_cover "s: the frob\\n\\nFaster rebinds:\\n\\n{{bench rebind plot}}\\n\\nThe end.\\n" &&
	quill series format -o ../out >/dev/null &&
	sed "1,/^\$/d" ../out/0000-cover-letter.patch >body &&
	sed -n "/^rebind: /,/^\$/p" body | sed "\$d" >got &&
	test_cmp rebind.plot got &&
	grep -q "^Faster rebinds:\$" body && grep -q "^The end.\$" body
'

test_expect_success '{{bench NAME}} next to it: the tables, unchanged' '
	cd r &&
	quill bench show rebind >rebind.table &&
	set_cover "s: the frob\\n\\n{{bench rebind}}\\n\\n{{bench rebind plot}}\\n" &&
	quill series format -o ../out2 >/dev/null 2>&1 &&
	sed "1,/^\$/d" ../out2/0000-cover-letter.patch >body &&
	sed -n "1,/^\$/p" body | sed "\$d" >got &&
	test_cmp rebind.table got &&
	grep -q "^rebind: value ---" body
'

test_expect_success '{{bench NAME WORD}}: exit 3 naming the token, nothing written' '
	cd r &&
	set_cover "s: the frob\\n\\n{{bench rebind frob}}\\n" &&
	quill_fails 3 "cover:3: \\{\\{bench rebind frob\\}\\}: names a benchmark" series format -o ../bad &&
	test ! -e ../bad
'

test_expect_success 'after a freeze: v1'"'"'s plot, marked under its title' '
	cd r &&
	set_cover "s: the frob\\n\\n{{bench rebind plot}}\\n" &&
	quill series new-version -m "nothing yet" >/dev/null 2>&1 &&
	quill series format -o ../v2 >/dev/null 2>&1 &&
	sed "1,/^\$/d" ../v2/0000-cover-letter.patch >body &&
	sed -n "/^rebind: /,/^\$/p" body | sed "\$d" >got &&
	sed "1a\\
  (measured on v1)" rebind.plot >want &&
	test_cmp want got
'

test_done
