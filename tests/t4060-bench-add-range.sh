#!/bin/sh
# quill bench add: a value that is not finite or whose magnitude is over
# 1e18 in the file's unit (hyperfine's 1e308 s) is refused by every reader
# with the file and the place, FILE:LINE and the JSON path (exit 3), and
# nothing is attached; 1e18 itself is read, and its table keeps every
# number narrow (no 300 digits, no "inf", no "+inf%").
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

test_expect_success 'setup: a series with one patch' '
	bench_repo r 1
'

hf() {
	printf "{\n  \"results\": [\n    {\n      \"command\": \"x\",\n      \"times\": [%s],\n      \"user\": %s,\n      \"system\": 0.001,\n      \"memory_usage_byte\": [%s]\n    }\n  ]\n}\n" "$@"
}

test_expect_success 'every reader refuses 1e308 (and past 1e18), naming file and place' '
	cd r &&
	hf "0.5, 1e308" 0.01 "1000, 1000" >hf-times.json &&
	hf "0.5, 0.6" 2e18 "1000, 1000" >hf-user.json &&
	hf "0.5, 0.6" 0.01 "1000, 1.5e19" >hf-mem.json &&
	printf "1.5 ms\n1e308 ms\n" >samples.txt &&
	printf "Total time: 15.9 seconds\nTotal time: -1e300 seconds\n" >kv.txt &&
	printf "label,value,unit\nrebind,1.25,ms\nrebind,1e19,ms\n" >values.csv &&
	printf "0.92,msec,task-clock,923396,100.00,0.076,CPUs utilized\n1e308,,page-faults,923396,100.00,,\n" >perf-x.csv &&
	printf "0.82,msec,task-clock,1e300%%,817788,100.00,0.071,CPUs utilized\n" >perf-x-r.csv &&
	printf " Performance counter stats for '"'"'x'"'"':\n\n  1e19 msec task-clock\n" >perf.txt &&
	printf " Performance counter stats for '"'"'x'"'"' (5 runs):\n\n  0.011 +- 1e300 seconds time elapsed\n" >perf-sem.txt &&
	printf " Performance counter stats for '"'"'x'"'"' (5 runs):\n\n  2 context-switches ( +- 1e308%% )\n" >perf-pct.txt &&
	before=$(state_tip) &&
	while read -r file runs place; do
		quill_fails 3 "^quill: $file:$place" bench add big "$file" --runs "$runs" || return 1
	done <<-EOF &&
	hf-times.json 0 5: results\\[0\\]\\.times\\[1\\]: 1e\\+308 is out of range \\(magnitude over 1e18\\)\$
	hf-user.json 0 6: results\\[0\\]\\.user: 2e\\+18 is out of range
	hf-mem.json 0 8: results\\[0\\]\\.memory_usage_byte\\[1\\]: 1\\.5e\\+19 is out of range
	samples.txt 0 2: 1e\\+308 is out of range \\(magnitude over 1e18\\)\$
	kv.txt 0 2: -1e\\+300 is out of range
	values.csv 0 3: 1e\\+19 is out of range
	perf-x.csv 0 2: 1e\\+308 is out of range
	perf-x-r.csv 5 1: the spread given \\(.*\\) is out of range
	perf.txt 0 3: 1e\\+19 is out of range
	perf-sem.txt 0 3: the spread given \\(.*\\) is out of range
	perf-pct.txt 0 3: the spread given \\(inf\\) is out of range
	EOF
	test "$(state_tip)" = "$before"
'

test_expect_success '1e18 is read, and its table keeps to 72 columns and narrow numbers' '
	cd r &&
	printf "1e18\n9e17\n" >huge.txt &&
	quill bench add huge huge.txt --role base >out &&
	test "$(max_width out)" -le 72 &&
	quill bench show huge >show.txt &&
	test "$(wc -l <show.txt)" -le 4 &&
	test "$(max_width show.txt)" -le 72 &&
	! grep -q "inf" show.txt &&
	grep -Eq "^  base +2 +9\\.5000e\\+17 " show.txt
'

test_expect_success 'two roles far apart: the comparison prints no inf' '
	cd r &&
	printf "1e-300\n2e-300\n" >tiny.txt &&
	quill bench add huge tiny.txt --role patched >/dev/null &&
	quill bench show huge >show.txt &&
	! grep -q "inf" show.txt &&
	test "$(max_width show.txt)" -le 72 &&
	grep -q "^  patched vs base: -100\\.00%" show.txt
'

test_done
