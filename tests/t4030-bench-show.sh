#!/bin/sh
# quill bench show: text that fits 72 columns (for mail), markdown, the
# JSON shape DESIGN.md fixes, NAME and --version, files of other tools.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

LONG_ROLE=a-role-label-that-is-as-long-as-a-role-name-may-be-sixty-four-ch
LONG_WORD=/opt/benchmarks/with/a/path/that/is/much/longer/than/one/line/of/a/mail/can/hold/run.sh

test_expect_success 'setup: benchmarks with short and very long names' '
	bench_repo r 1 && cd r &&
	test ${#LONG_ROLE} = 64 &&
	quill bench add rebind "$DATA/rebind-base.txt" --role base >/dev/null &&
	quill bench add rebind "$DATA/rebind-patched.txt" --role patched --unit ms >/dev/null &&
	quill bench add sched "$DATA/sched-base.kv" --role base >/dev/null &&
	quill bench add sched "$DATA/sched-patched.kv" --role patched >/dev/null &&
	printf "label,value,unit\n\"%s\",1.5,ms\n\"%s\",1.7,ms\n" \
		"a metric whose name goes on and on: cpu_core/event=0x3c,umask=0x00,cmask=0x1,edge/" \
		"a metric whose name goes on and on: cpu_core/event=0x3c,umask=0x00,cmask=0x1,edge/" >long.csv &&
	quill bench add wide long.csv --role base --command "$LONG_WORD --driver ixgbe" >/dev/null &&
	quill bench add wide long.csv --role "$LONG_ROLE" --command "$LONG_WORD --driver ixgbe" >/dev/null
'

test_expect_success 'text: every line fits 72 columns' '
	cd r &&
	quill bench show >all.txt &&
	test "$(max_width all.txt)" -le 72 &&
	cat >expect <<-\EOF &&
	rebind
	value [ms]   n    mean  stddev  median     min     max
	  base      30  244.41    2.65  245.16  238.89  249.62
	  patched   30  231.61    2.44  231.66  226.26  235.93
	  patched vs base: -5.24% (95% CI -5.78% to -4.70%), p < 0.001

	sched
	Total time [s]  n       mean    stddev     median        min        max
	  base          5  16.033342  0.141687  15.989429  15.873012  16.240158
	  patched       5  16.050840  0.107267  16.034518  15.912260  16.187943
	  patched vs base: +0.11% (95% CI -1.05% to +1.27%), within noise,
	    p = 0.832

	wide: /opt/benchmarks/with/a/path/that/is/much/longer/than/one/line/of/a
	    /mail/can/hold/run.sh --driver ixgbe
	a metric whose name goes on and on:
	    cpu_core/event=0x3c,umask=0x00,cmask=0x1,edge/ [ms]
	  base
	    n 2, mean 1.60, stddev 0.14, median 1.60, min 1.50, max 1.70
	  a-role-label-that-is-as-long-as-a-role-name-may-be-sixty-four-ch
	    n 2, mean 1.60, stddev 0.14, median 1.60, min 1.50, max 1.70
	  a-role-label-that-is-as-long-as-a-role-name-may-be-sixty-four-ch vs
	    base: +0.00% (95% CI -38.03% to +38.03%), within noise, p = 1.000
	EOF
	test_cmp expect all.txt &&
	grep -q "^  $LONG_ROLE\$" all.txt
'

test_expect_success 'text: the table of a metric' '
	cd r &&
	quill bench show rebind >rebind.txt &&
	cat >expect <<-\EOF &&
	rebind
	value [ms]   n    mean  stddev  median     min     max
	  base      30  244.41    2.65  245.16  238.89  249.62
	  patched   30  231.61    2.44  231.66  226.26  235.93
	  patched vs base: -5.24% (95% CI -5.78% to -4.70%), p < 0.001
	EOF
	test_cmp expect rebind.txt
'

test_expect_success 'text: --width gives wider lines' '
	cd r &&
	quill bench show wide --width 100 >w100.txt &&
	test "$(max_width w100.txt)" -le 100 &&
	test "$(max_width w100.txt)" -gt 72 &&
	quill_fails 2 "--width needs at least 40" bench show --width 10
'

test_expect_success 'markdown: a bold name and a table per metric' '
	cd r &&
	quill bench show rebind --format markdown >md &&
	cat >expect <<-\EOF &&
	**rebind**

	| value [ms] | n | mean | stddev | median | min | max |
	| :-- | --: | --: | --: | --: | --: | --: |
	| base | 30 | 244.41 | 2.65 | 245.16 | 238.89 | 249.62 |
	| patched | 30 | 231.61 | 2.44 | 231.66 | 226.26 | 235.93 |

	patched vs base: -5.24% (95% CI -5.78% to -4.70%), p < 0.001
	EOF
	test_cmp expect md
'

test_expect_success 'markdown escapes what markdown would read' '
	cd r &&
	quill bench show wide --format markdown >wide.md &&
	cat >expect <<-\EOF &&
	**wide**: `/opt/benchmarks/with/a/path/that/is/much/longer/than/one/line/of/a/mail/can/hold/run.sh --driver ixgbe`

	| a metric whose name goes on and on: cpu\_core/event=0x3c,umask=0x00,cmask=0x1,edge/ [ms] | n | mean | stddev | median | min | max |
	| :-- | --: | --: | --: | --: | --: | --: |
	| base | 2 | 1.60 | 0.14 | 1.60 | 1.50 | 1.70 |
	| a-role-label-that-is-as-long-as-a-role-name-may-be-sixty-four-ch | 2 | 1.60 | 0.14 | 1.60 | 1.50 | 1.70 |

	a-role-label-that-is-as-long-as-a-role-name-may-be-sixty-four-ch vs base: +0.00% (95% CI -38.03% to +38.03%), within noise, p = 1.000
	EOF
	test_cmp expect wide.md
'

test_expect_success 'json: the shape DESIGN.md fixes' '
	cd r &&
	quill bench show --json >all.json &&
	python3 - all.json <<-\EOF
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert list(d) == ["benchmarks"], list(d)
	names = [b["name"] for b in d["benchmarks"]]
	assert names == ["rebind", "sched", "wide"], names
	for b in d["benchmarks"]:
	    assert set(b) == {"name", "unit", "roles", "delta_pct", "p_value", "significant"}, set(b)
	    assert isinstance(b["unit"], str)
	    assert isinstance(b["significant"], bool)
	    assert isinstance(b["delta_pct"], float) and isinstance(b["p_value"], float)
	    for r in b["roles"]:
	        assert set(r) == {"role", "n", "mean", "median", "stddev", "min", "max", "ci95"}, set(r)
	        assert isinstance(r["n"], int) and not isinstance(r["n"], bool)
	        for k in ("mean", "median", "stddev", "min", "max"):
	            assert isinstance(r[k], float), (k, r[k])
	        assert len(r["ci95"]) == 2 and r["ci95"][0] < r["mean"] < r["ci95"][1]
	assert [r["role"] for r in d["benchmarks"][0]["roles"]] == ["base", "patched"]
	assert d["benchmarks"][0]["unit"] == "ms" and d["benchmarks"][1]["unit"] == "s"
	assert d["benchmarks"][0]["significant"] is True and d["benchmarks"][1]["significant"] is False
	EOF
'

test_expect_success 'json: --json is --format json; values at full precision' '
	cd r &&
	quill bench show --format json >fmt.json &&
	test_cmp all.json fmt.json &&
	grep -q "\"mean\": 244.40633333333" all.json
'

test_expect_success 'NAME shows one benchmark' '
	cd r &&
	quill bench show sched --json >one.json &&
	test "$(jget one.json "[b[\"name\"] for b in d[\"benchmarks\"]]")" = "[\"sched\"]" &&
	quill bench show sched >one.txt &&
	cat >expect <<-\EOF &&
	sched
	Total time [s]  n       mean    stddev     median        min        max
	  base          5  16.033342  0.141687  15.989429  15.873012  16.240158
	  patched       5  16.050840  0.107267  16.034518  15.912260  16.187943
	  patched vs base: +0.11% (95% CI -1.05% to +1.27%), within noise,
	    p = 0.832
	EOF
	test_cmp expect one.txt
'

test_expect_success 'an unknown NAME: exit 2, naming those there' '
	cd r &&
	quill_fails 2 "no benchmark .nope. in v1 of s \(there: rebind, sched, wide\)" bench show nope
'

test_expect_success 'a file of another tool beside them is skipped' '
	cd r &&
	printf "{\"tool\": \"kselftest\", \"passed\": 12}\n" >other.json &&
	state_put v1/bench/kselftest.json other.json &&
	quill bench show --json >with-other.json &&
	test_cmp all.json with-other.json
'

test_expect_success 'a quill benchmark that does not parse: exit 3 naming its path' '
	cd r &&
	printf "{\"name\": \"broken\", \"roles\": [{\"role\": \"base\"}]}\n" >broken.json &&
	state_put v1/bench/broken.json broken.json &&
	quill_fails 3 "v1/bench/broken.json: role 1 is not a valid role" bench show &&
	printf "{\"name\": \"broken\", \"roles\": [\n" >broken.json &&
	state_put v1/bench/broken.json broken.json &&
	quill_fails 3 "v1/bench/broken.json:2: not JSON" bench show
'

test_expect_success 'after new-version the working version has none; --version N shows a frozen one' '
	cd r &&
	git update-ref -d refs/quill/series/s-scratch 2>/dev/null;
	state_put v1/bench/broken.json other.json &&
	quill series new-version -m "first" >/dev/null &&
	quill bench show >out 2>err;
	test $? = 1 &&
	test ! -s out &&
	echo "quill: no benchmarks attached to v2 of s (v1 has some: --version N)" >expect &&
	test_cmp expect err &&
	quill bench show --version 1 --json >v1.json &&
	test_cmp all.json v1.json &&
	quill_fails 2 "series s has versions 1 to 2" bench show --version 3
'

test_expect_success 'json with nothing to show: an empty list, exit 1' '
	cd r &&
	quill bench show --json >empty.json 2>err;
	test $? = 1 &&
	test "$(jget empty.json "d")" = "{\"benchmarks\": []}"
'

test_expect_success 'usage errors' '
	cd r &&
	quill_fails 2 "no format .html." bench show --format html &&
	quill_fails 2 "--json and --format text disagree" bench show --json --format text &&
	quill_fails 2 "too many arguments" bench show a b
'

test_done
