#!/bin/sh
# The statistics bench show reports, end to end, against reference values
# computed apart from quill:
#   n, mean, median, stdev (n-1), min, max: python3's statistics module;
#   Student-t quantiles: mpmath 1.3 (findroot on the integral of the t
#     density), which agree with the printed table (t(0.975, 29) = 2.045,
#     t(0.975, 4) = 2.776, t(0.975, 9) = 2.262);
#   Welch's t, df, p: the textbook formulas in python3 floats, p by
#     mpmath.quad of the t density from |t| to infinity.
# The data are tests/data/bench/rebind-{base,patched}.txt (30 driver
# rebind timings each) and sched-{base,patched}.kv (5 runs each).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

test_expect_success 'setup: rebind (30 + 30 samples) and sched (5 + 5) attached' '
	bench_repo r 1 && cd r &&
	quill bench add rebind "$DATA/rebind-base.txt" --role base >/dev/null &&
	quill bench add rebind "$DATA/rebind-patched.txt" --role patched --unit ms >/dev/null &&
	quill bench add sched "$DATA/sched-base.kv" --role base >/dev/null &&
	quill bench add sched "$DATA/sched-patched.kv" --role patched >/dev/null &&
	quill bench show --json >all.json
'

# check EXPR WANT: EXPR over all.json is WANT (relative 1e-9)
check() {
	num_is "$(jget all.json "$1")" "$2" 1e-9
}

R='d["benchmarks"][0]'	# rebind (the benchmarks come sorted by name)
S='d["benchmarks"][1]'	# sched

test_expect_success 'rebind base: n, mean, median, stddev, min, max (statistics module)' '
	cd r &&
	test "$(jget all.json "$R[\"name\"]")" = rebind &&
	test "$(jget all.json "$R[\"roles\"][0][\"n\"]")" = 30 &&
	check "$R[\"roles\"][0][\"mean\"]" 244.406333333333 &&
	check "$R[\"roles\"][0][\"median\"]" 245.16 &&
	check "$R[\"roles\"][0][\"stddev\"]" 2.64876091178802 &&
	check "$R[\"roles\"][0][\"min\"]" 238.89 &&
	check "$R[\"roles\"][0][\"max\"]" 249.62
'

test_expect_success 'rebind base: the 95% CI of the mean, t(0.975, 29) = 2.04523' '
	cd r &&
	check "$R[\"roles\"][0][\"ci95\"][0]" 243.417269754067 &&
	check "$R[\"roles\"][0][\"ci95\"][1]" 245.3953969126
'

test_expect_success 'rebind patched: the same for the other role' '
	cd r &&
	check "$R[\"roles\"][1][\"mean\"]" 231.608 &&
	check "$R[\"roles\"][1][\"median\"]" 231.665 &&
	check "$R[\"roles\"][1][\"stddev\"]" 2.44252469722452 &&
	check "$R[\"roles\"][1][\"ci95\"][0]" 230.695946288873 &&
	check "$R[\"roles\"][1][\"ci95\"][1]" 232.520053711127
'

test_expect_success 'rebind: delta -5.2365%, Welch p = 5.2857e-27, significant' '
	cd r &&
	check "$R[\"delta_pct\"]" -5.23649823586131 &&
	num_is "$(jget all.json "$R[\"p_value\"]")" 5.28567351456116e-27 1e-6 &&
	test "$(jget all.json "$R[\"significant\"]")" = true
'

test_expect_success 'rebind in text: the delta, the CI of the difference in percent, p' '
	cd r &&
	quill bench show rebind >text &&
	grep -q "^  patched vs base: -5.24% (95% CI -5.78% to -4.70%), p < 0.001\$" text &&
	grep -q "^  base      30  244.41    2.65  245.16  238.89  249.62\$" text
'

test_expect_success 'sched: n = 5, CI with t(0.975, 4) = 2.77645' '
	cd r &&
	test "$(jget all.json "$S[\"name\"]")" = sched &&
	check "$S[\"roles\"][0][\"mean\"]" 16.033342 &&
	check "$S[\"roles\"][0][\"median\"]" 15.989429 &&
	check "$S[\"roles\"][0][\"stddev\"]" 0.141686674756309 &&
	check "$S[\"roles\"][0][\"ci95\"][0]" 15.8574147569299 &&
	check "$S[\"roles\"][0][\"ci95\"][1]" 16.2092692430701 &&
	check "$S[\"roles\"][1][\"stddev\"]" 0.10726710490966
'

test_expect_success 'sched: delta +0.109%, p = 0.8317 (df 7.45), within noise' '
	cd r &&
	check "$S[\"delta_pct\"]" 0.109133828742613 &&
	check "$S[\"p_value\"]" 0.831652018059028 &&
	test "$(jget all.json "$S[\"significant\"]")" = false &&
	quill bench show sched >text &&
	grep -q "^  patched vs base: +0.11% (95% CI -1.05% to +1.27%), within noise,\$" text &&
	grep -q "^    p = 0.832\$" text
'

test_expect_success 'means to the precision of the data: six decimals for sched' '
	cd r &&
	grep -q "^  base          5  16.033342  0.141687  15.989429  15.873012  16.240158\$" text
'

test_expect_success 'perf stat -r: the CI from perf'"'"'s error of the mean, t(0.975, 9) = 2.26216' '
	cd r &&
	quill bench add hw "$DATA/perf-stat-hw-r10.txt" --role base --json >hw.json &&
	num_is "$(jget hw.json "d[\"benchmarks\"][0][\"roles\"][0][\"ci95\"][0]")" \
		"$(python3 -c "print(1.5334 - 2.2621571627982 * 0.0063)")" &&
	num_is "$(jget hw.json "d[\"benchmarks\"][0][\"roles\"][0][\"ci95\"][1]")" \
		"$(python3 -c "print(1.5334 + 2.2621571627982 * 0.0063)")"
'

test_expect_success 'a single value: no stddev, no CI, no verdict' '
	cd r &&
	printf "12.5 ms\n" >one.txt &&
	printf "12.0 ms\n" >other.txt &&
	quill bench add one one.txt --role base >/dev/null &&
	quill bench add one other.txt --role patched >/dev/null &&
	quill bench show one --json >one.json &&
	test "$(jget one.json "d[\"benchmarks\"][0][\"roles\"][0][\"stddev\"]")" = null &&
	test "$(jget one.json "d[\"benchmarks\"][0][\"roles\"][0][\"ci95\"]")" = null &&
	test "$(jget one.json "d[\"benchmarks\"][0][\"p_value\"]")" = null &&
	test "$(jget one.json "d[\"benchmarks\"][0][\"significant\"]")" = false &&
	check_delta=$(jget one.json "d[\"benchmarks\"][0][\"delta_pct\"]") &&
	num_is "$check_delta" -4 &&
	quill bench show one | grep -q "patched vs base: -4.00% (noise unknown: a single value)"
'

test_done
