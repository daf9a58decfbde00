#!/bin/sh
# quill bench add: every reader (hyperfine's real --export-json, perf stat
# -x and its text with and without -r, csv, samples, kv), roles, units, and
# bad files: one line naming file:line, exit 3, nothing attached.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

test_expect_success 'setup: a series with one patch' '
	bench_repo r 1
'

if command -v hyperfine >/dev/null 2>&1; then
	test_expect_success 'hyperfine: its real export, statistics as hyperfine computed them' '
		cd r &&
		hyperfine -N --runs 6 --warmup 1 --export-json hf.json "sleep 0.002" >/dev/null 2>&1 &&
		quill bench add nap hf.json --role base >out &&
		grep -q "^attached nap to s v1: base (6 values)\$" out &&
		quill bench show nap --json >nap.json &&
		json_checks nap.json <<-EOF
		$(jget hf.json "d[\"results\"][0][\"mean\"]")~1e-12 d["benchmarks"][0]["roles"][0]["mean"]
		$(jget hf.json "d[\"results\"][0][\"median\"]")~1e-12 d["benchmarks"][0]["roles"][0]["median"]
		$(jget hf.json "d[\"results\"][0][\"stddev\"]")~1e-12 d["benchmarks"][0]["roles"][0]["stddev"]
		$(jget hf.json "d[\"results\"][0][\"min\"]")~1e-12 d["benchmarks"][0]["roles"][0]["min"]
		$(jget hf.json "d[\"results\"][0][\"max\"]")~1e-12 d["benchmarks"][0]["roles"][0]["max"]
		6 d["benchmarks"][0]["roles"][0]["n"]
		"s" d["benchmarks"][0]["unit"]
		EOF
	'

	test_expect_success 'hyperfine: the command, and user and sys as means' '
		cd r &&
		state_file v1/bench/nap.json >nap-file.json &&
		test "$(jget nap-file.json "d[\"roles\"][0][\"command\"]")" = "sleep 0.002" &&
		test "$(jget nap-file.json "d[\"roles\"][0][\"source\"]")" = hyperfine &&
		test "$(jget nap-file.json "d[\"roles\"][0][\"file\"]")" = hf.json &&
		num_is "$(jget nap-file.json "[m for m in d[\"roles\"][0][\"metrics\"] if m[\"name\"] == \"user\"][0][\"mean\"]")" \
			"$(jget hf.json "d[\"results\"][0][\"user\"]")"
	'

	test_expect_success 'hyperfine: -n base -n patched names the roles' '
		cd r &&
		hyperfine -N --runs 3 --export-json two.json -n base "sleep 0.001" -n patched "sleep 0.003" \
			>/dev/null 2>&1 &&
		quill bench add two two.json >out &&
		grep -q "base (3 values), patched (3 values)" out &&
		quill bench show two --json >two-show.json &&
		test "$(jget two-show.json "[r[\"role\"] for r in d[\"benchmarks\"][0][\"roles\"]]")" = "[\"base\", \"patched\"]" &&
		jget two-show.json "d[\"benchmarks\"][0][\"delta_pct\"]" | grep -Eq "^[0-9.e+-]+\$"
	'

	test_expect_success 'hyperfine: unnamed commands need --role A,B' '
		cd r &&
		hyperfine -N --runs 2 --export-json anon.json "sleep 0.001" "sleep 0.002" >/dev/null 2>&1 &&
		before=$(state_tip) &&
		quill_fails 2 "holds 2 results; name their roles with --role" bench add anon anon.json &&
		quill_fails 2 "holds 2 results but --role names 3" bench add anon anon.json --role a,b,c &&
		test "$(state_tip)" = "$before" &&
		quill bench add anon anon.json --role base,fast >out &&
		grep -q "base (2 values), fast (2 values)" out
	'
else
	test_skip 'hyperfine: its real export' 'hyperfine is not installed (scripts/deps.sh test)'
fi

test_expect_success 'hyperfine: a value of the wrong type names its line' '
	cd r &&
	before=$(state_tip) &&
	quill_fails 3 "bad-hyperfine.json:5: results\[0\]\.times\[1\]: not a number" \
		bench add x "$DATA/bad-hyperfine.json" &&
	quill_fails 3 "truncated-hyperfine.json:6: not JSON" bench add x "$DATA/truncated-hyperfine.json" &&
	test "$(state_tip)" = "$before"
'

test_expect_success 'perf stat -r 5 (text): mean and stddev from perf'"'"'s mean and error of the mean' '
	cd r &&
	quill bench add pr "$DATA/perf-stat-r5.txt" --role base >out 2>err &&
	echo "quill: warning: $DATA/perf-stat-r5.txt: not counted, left out: cycles, instructions, branches, branch-misses" >expect &&
	test_cmp expect err &&
	cat >expect <<-\EOF &&
	attached pr to s v1: base (5 values)

	pr: sleep 0.01
	wall [ms]  n    mean  stddev
	  base     5  11.681   1.111
	task-clock [us]  n    mean  stddev
	  base           5  760.00   36.71
	context-switches  n  mean  stddev
	  base            5  1.00    0.00
	cpu-migrations  n  mean  stddev
	  base          5  0.00    0.00
	page-faults  n   mean  stddev
	  base       5  75.00    0.45
	EOF
	test_cmp expect out &&
	quill bench show pr --json >pr-show.json &&
	json_checks pr-show.json <<-EOF &&
	"s" d["benchmarks"][0]["unit"]
	5 d["benchmarks"][0]["roles"][0]["n"]
	0.011681 d["benchmarks"][0]["roles"][0]["mean"]
	$(python3 -c "print(0.000497 * 5 ** 0.5)") d["benchmarks"][0]["roles"][0]["stddev"]
	null d["benchmarks"][0]["roles"][0]["median"]
	["pr","pr:task-clock","pr:context-switches","pr:cpu-migrations","pr:page-faults"] [b["name"] for b in d["benchmarks"]]
	"ms" d["benchmarks"][1]["unit"]
	$(python3 -c "print(0.76 * 0.0216 * 5 ** 0.5)") d["benchmarks"][1]["roles"][0]["stddev"]
	EOF
	state_file v1/bench/pr.json >pr.json &&
	test "$(jget pr.json "d[\"roles\"][0][\"command\"]")" = "sleep 0.01"
'

test_expect_success 'perf stat (text, one run): elapsed, user and sys' '
	cd r &&
	quill bench add p1 "$DATA/perf-stat.txt" 2>/dev/null >/dev/null &&
	quill bench show p1 --json >p1.json &&
	json_checks p1.json <<-EOF
	"patched" d["benchmarks"][0]["roles"][0]["role"]
	0.011439257 d["benchmarks"][0]["roles"][0]["mean"]
	null d["benchmarks"][0]["roles"][0]["stddev"]
	0.001408 [b for b in d["benchmarks"] if b["name"] == "p1:user"][0]["roles"][0]["mean"]
	0 [b for b in d["benchmarks"] if b["name"] == "p1:sys"][0]["roles"][0]["mean"]
	EOF
'

test_expect_success 'perf stat with hardware counters: grouped digits, ten runs' '
	cd r &&
	quill bench add hw "$DATA/perf-stat-hw-r10.txt" >/dev/null &&
	quill bench show hw --json >hw.json &&
	json_checks hw.json <<-EOF
	5842112930 [b for b in d["benchmarks"] if b["name"] == "hw:cycles"][0]["roles"][0]["mean"]
	1530.42 [b for b in d["benchmarks"] if b["name"] == "hw:task-clock"][0]["roles"][0]["mean"]
	21448360 [b for b in d["benchmarks"] if b["name"] == "hw:branch-misses"][0]["roles"][0]["mean"]
	$(python3 -c "print(0.0063 * 10 ** 0.5)") d["benchmarks"][0]["roles"][0]["stddev"]
	10 d["benchmarks"][0]["roles"][0]["n"]
	EOF
'

test_expect_success 'perf stat -x, (one run): one metric per event, the first primary' '
	cd r &&
	quill bench add px "$DATA/perf-stat-x.csv" 2>/dev/null >/dev/null &&
	quill bench show px --json >px.json &&
	json_checks px.json <<-EOF
	["px","px:context-switches","px:cpu-migrations","px:page-faults"] [b["name"] for b in d["benchmarks"]]
	"ms" d["benchmarks"][0]["unit"]
	0.92 d["benchmarks"][0]["roles"][0]["mean"]
	EOF
'

test_expect_success 'perf stat -x, -r 5: the CSV does not say the runs, --runs does' '
	cd r &&
	before=$(state_tip) &&
	quill_fails 2 "perf-stat-x-r5.csv:3: perf stat -r output: .*give --runs N" \
		bench add pxr "$DATA/perf-stat-x-r5.csv" &&
	test "$(state_tip)" = "$before" &&
	quill bench add pxr "$DATA/perf-stat-x-r5.csv" --runs 5 2>/dev/null >/dev/null &&
	quill bench show pxr --json >pxr.json &&
	json_checks pxr.json <<-EOF
	5 d["benchmarks"][0]["roles"][0]["n"]
	$(python3 -c "print(0.82 * 0.0135 * 5 ** 0.5)") d["benchmarks"][0]["roles"][0]["stddev"]
	EOF
'

test_expect_success 'csv: label,value,unit rows with a header, one metric per label' '
	cd r &&
	quill bench add build "$DATA/build.csv" >/dev/null &&
	quill bench show build --json >build.json &&
	json_checks build.json <<-EOF
	["build","build:vmlinux text"] [b["name"] for b in d["benchmarks"]]
	4 d["benchmarks"][0]["roles"][0]["n"]
	411.95 d["benchmarks"][0]["roles"][0]["mean"]
	411.7 d["benchmarks"][0]["roles"][0]["median"]
	"bytes" d["benchmarks"][1]["unit"]
	14823405 d["benchmarks"][1]["roles"][0]["mean"]
	EOF
'

test_expect_success 'samples: one number per line, the unit on the line or from --unit' '
	cd r &&
	quill bench add rebind "$DATA/rebind-base.txt" --role base >out &&
	cat >expect <<-\EOF &&
	attached rebind to s v1: base (30 values)

	rebind
	value [ms]   n    mean  stddev  median     min     max
	  base      30  244.41    2.65  245.16  238.89  249.62
	EOF
	test_cmp expect out &&
	quill bench add rebind "$DATA/rebind-patched.txt" --role patched --unit ms >/dev/null &&
	quill bench show rebind --json >rebind.json &&
	json_checks rebind.json <<-EOF
	"ms" d["benchmarks"][0]["unit"]
	[30,30] [r["n"] for r in d["benchmarks"][0]["roles"]]
	EOF
'

test_expect_success 'samples: a unit that converts is converted to the one there' '
	cd r &&
	printf "0.2435\n0.2441\n0.2452\n" >secs.txt &&
	quill bench add rebind secs.txt --role tuned --unit s >/dev/null &&
	quill bench show rebind --json >rebind.json &&
	json_checks rebind.json <<-EOF
	243.5 d["benchmarks"][0]["roles"][2]["min"]
	"tuned" d["benchmarks"][0]["roles"][2]["role"]
	EOF
'

test_expect_success 'samples: a unit that does not convert attaches nothing (exit 3)' '
	cd r &&
	before=$(state_tip) &&
	printf "12\n13\n" >bytes.txt &&
	quill_fails 3 "rebind: metric .value. is in bytes here but in ms in the other roles" \
		bench add rebind bytes.txt --role odd --unit bytes &&
	test "$(state_tip)" = "$before"
'

test_expect_success 'kv: "key: value unit" lines' '
	cd r &&
	quill bench add sched "$DATA/sched-base.kv" --role base >/dev/null &&
	quill bench show sched --json >sched-show.json &&
	json_checks sched-show.json <<-EOF &&
	"s" d["benchmarks"][0]["unit"]
	5 d["benchmarks"][0]["roles"][0]["n"]
	EOF
	state_file v1/bench/sched.json >sched.json &&
	json_checks sched.json <<-EOF
	"Total time" d["roles"][0]["metrics"][0]["name"]
	"kv" d["roles"][0]["source"]
	EOF
'

test_expect_success 'standard input, --metric and --command' '
	cd r &&
	quill bench add stdin - --metric rebind --command "./rebind.sh ixgbe" <"$DATA/rebind-base.txt" >/dev/null &&
	state_file v1/bench/stdin.json >stdin.json &&
	test "$(jget stdin.json "d[\"roles\"][0][\"metrics\"][0][\"name\"]")" = rebind &&
	test "$(jget stdin.json "d[\"roles\"][0][\"command\"]")" = "./rebind.sh ixgbe" &&
	test "$(jget stdin.json "d[\"roles\"][0][\"file\"]")" = "(standard input)"
'

test_expect_success '--format overrides the guess' '
	cd r &&
	before=$(state_tip) &&
	quill_fails 3 "sched-base.kv:2: not a number" bench add y "$DATA/sched-base.kv" --format samples &&
	test "$(state_tip)" = "$before"
'

test_expect_success 'every bad file: one line naming file:line, exit 3, nothing attached' '
	cd r &&
	before=$(state_tip) &&
	while read file line fmt; do
		quill_fails 3 "^quill: .*/$file:$line: " bench add bad "$DATA/$file" ${fmt:+--format $fmt} ||
			return 1
	done <<-EOF &&
	bad-samples.txt 4
	bad.csv 3
	bad.kv 2
	bad-unit.kv 2
	bad-perf.txt 6
	bad-perf-x.csv 2 perf-stat
	bad-hyperfine.json 5
	truncated-hyperfine.json 6
	EOF
	test "$(state_tip)" = "$before" &&
	! git cat-file -e refs/quill/series/s:v1/bench/bad.json
'

test_expect_success 'a file that is none of the formats' '
	cd r &&
	printf "hello world\n" >prose.txt &&
	quill_fails 3 "prose.txt:1: cannot tell what this is" bench add x prose.txt
'

test_expect_success 'a file that cannot be read: exit 2' '
	cd r &&
	quill_fails 2 "cannot read no-such-file: No such file or directory" bench add x no-such-file
'

test_expect_success '--dry-run reads and shows, attaches nothing' '
	cd r &&
	before=$(state_tip) &&
	quill bench add sched "$DATA/sched-patched.kv" --dry-run >out &&
	cat >expect <<-\EOF &&
	would attach sched to s v1: patched (5 values)

	sched
	Total time [s]  n       mean    stddev     median        min        max
	  base          5  16.033342  0.141687  15.989429  15.873012  16.240158
	  patched       5  16.050840  0.107267  16.034518  15.912260  16.187943
	  patched vs base: +0.11% (95% CI -1.05% to +1.27%), within noise,
	    p = 0.832
	EOF
	test_cmp expect out &&
	test "$(state_tip)" = "$before"
'

test_expect_success '--patch ties the benchmark to a patch of the series' '
	cd r &&
	quill bench add onpatch "$DATA/sched-base.kv" --patch HEAD >out &&
	cat >expect <<-\EOF &&
	attached onpatch to s v1: patched (5 values)

	onpatch (for "p: add file 1")
	Total time [s]  n       mean    stddev     median        min        max
	  patched       5  16.033342  0.141687  15.989429  15.873012  16.240158
	EOF
	test_cmp expect out &&
	state_file v1/bench/onpatch.json >onpatch.json &&
	test "$(jget onpatch.json "d[\"patch\"][\"commit\"]")" = "$(git rev-parse HEAD)" &&
	test "$(jget onpatch.json "d[\"patch\"][\"subject\"]")" = "p: add file 1" &&
	jget onpatch.json "d[\"patch\"][\"patch_id\"]" | grep -Eq "^[0-9a-f]{40}\$" &&
	before=$(state_tip) &&
	quill_fails 2 "main is not a patch of series s v1" bench add onpatch "$DATA/sched-base.kv" --patch main &&
	test "$(state_tip)" = "$before"
'

test_expect_success 'usage errors' '
	cd r &&
	quill_fails 2 "give a benchmark NAME and a FILE" bench add x &&
	quill_fails 2 "no format .xml." bench add x "$DATA/build.csv" --format xml &&
	quill_fails 2 "cannot name a benchmark" bench add ../x "$DATA/build.csv"
'

test_done
