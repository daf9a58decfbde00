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

R='d["benchmarks"][0]'	# rebind (the benchmarks come sorted by name)
S='d["benchmarks"][1]'	# sched

test_expect_success 'rebind base: n, mean, median, stddev, min, max (statistics module)' '
	cd r &&
	json_checks all.json <<-EOF
	"rebind" $R["name"]
	30 $R["roles"][0]["n"]
	244.406333333333 $R["roles"][0]["mean"]
	245.16 $R["roles"][0]["median"]
	2.64876091178802 $R["roles"][0]["stddev"]
	238.89 $R["roles"][0]["min"]
	249.62 $R["roles"][0]["max"]
	EOF
'

test_expect_success 'rebind base: the 95% CI of the mean, t(0.975, 29) = 2.04523' '
	cd r &&
	json_checks all.json <<-EOF
	243.417269754067 $R["roles"][0]["ci95"][0]
	245.3953969126 $R["roles"][0]["ci95"][1]
	EOF
'

test_expect_success 'rebind patched: the same for the other role' '
	cd r &&
	json_checks all.json <<-EOF
	231.608 $R["roles"][1]["mean"]
	231.665 $R["roles"][1]["median"]
	2.44252469722452 $R["roles"][1]["stddev"]
	230.695946288873 $R["roles"][1]["ci95"][0]
	232.520053711127 $R["roles"][1]["ci95"][1]
	EOF
'

test_expect_success 'rebind: delta -5.2365%, Welch p = 5.2857e-27, significant' '
	cd r &&
	json_checks all.json <<-EOF
	-5.23649823586131 $R["delta_pct"]
	5.28567351456116e-27~1e-6 $R["p_value"]
	true $R["significant"]
	EOF
'

test_expect_success 'rebind in text: the delta, the CI of the difference in percent, p' '
	cd r &&
	quill bench show rebind >text &&
	cat >expect <<-\EOF &&
	rebind
	value [ms]   n    mean  stddev  median     min     max
	  base      30  244.41    2.65  245.16  238.89  249.62
	  patched   30  231.61    2.44  231.66  226.26  235.93
	  patched vs base: -5.24% (95% CI -5.78% to -4.70%), p < 0.001
	EOF
	test_cmp expect text
'

test_expect_success 'sched: n = 5, CI with t(0.975, 4) = 2.77645' '
	cd r &&
	json_checks all.json <<-EOF
	"sched" $S["name"]
	16.033342 $S["roles"][0]["mean"]
	15.989429 $S["roles"][0]["median"]
	0.141686674756309 $S["roles"][0]["stddev"]
	15.8574147569299 $S["roles"][0]["ci95"][0]
	16.2092692430701 $S["roles"][0]["ci95"][1]
	0.10726710490966 $S["roles"][1]["stddev"]
	EOF
'

test_expect_success 'sched: delta +0.109%, p = 0.8317 (df 7.45), within noise' '
	cd r &&
	json_checks all.json <<-EOF &&
	0.109133828742613 $S["delta_pct"]
	0.831652018059028 $S["p_value"]
	false $S["significant"]
	EOF
	quill bench show sched >text &&
	cat >expect <<-\EOF &&
	sched
	Total time [s]  n       mean    stddev     median        min        max
	  base          5  16.033342  0.141687  15.989429  15.873012  16.240158
	  patched       5  16.050840  0.107267  16.034518  15.912260  16.187943
	  patched vs base: +0.11% (95% CI -1.05% to +1.27%), within noise,
	    p = 0.832
	EOF
	test_cmp expect text
'

test_expect_success 'means to the precision of the data: six decimals for sched' '
	cd r &&
	grep -q "^  base          5  16.033342  0.141687  15.989429  15.873012  16.240158\$" text
'

test_expect_success 'perf stat -r: the CI from perf'"'"'s error of the mean, t(0.975, 9) = 2.26216' '
	cd r &&
	quill bench add hw "$DATA/perf-stat-hw-r10.txt" --role base --json >hw.json &&
	json_checks hw.json <<-EOF
	10 d["benchmarks"][0]["roles"][0]["n"]
	1.5191484098743713 d["benchmarks"][0]["roles"][0]["ci95"][0]
	1.5476515901256287 d["benchmarks"][0]["roles"][0]["ci95"][1]
	EOF
'

test_expect_success 'a single value: no stddev, no CI, no verdict' '
	cd r &&
	printf "12.5 ms\n" >one.txt &&
	printf "12.0 ms\n" >other.txt &&
	quill bench add one one.txt --role base >/dev/null &&
	quill bench add one other.txt --role patched >/dev/null &&
	quill bench show one --json >one.json &&
	json_checks one.json <<-EOF &&
	null d["benchmarks"][0]["roles"][0]["stddev"]
	null d["benchmarks"][0]["roles"][0]["ci95"]
	null d["benchmarks"][0]["p_value"]
	false d["benchmarks"][0]["significant"]
	-4 d["benchmarks"][0]["delta_pct"]
	EOF
	quill bench show one >text &&
	cat >expect <<-\EOF &&
	one
	value [ms]  n   mean  stddev  median    min    max
	  base      1  12.50       -   12.50  12.50  12.50
	  patched   1  12.00       -   12.00  12.00  12.00
	  patched vs base: -4.00% (noise unknown: a single value)
	EOF
	test_cmp expect text
'

test_done
