#!/bin/sh
# quill bench run: measuring a command (exec or --shell), warmup, roles,
# what is attached to the state, failures that attach nothing, progress
# only on a terminal.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

test_expect_success 'setup: a series with no patches yet (HEAD at its base)' '
	bench_repo r 0
'

test_expect_success 'run at the base: role base, attached to v1' '
	cd r &&
	before=$(state_tip) &&
	quill bench run boot -n 3 -- true >out &&
	grep -q "^attached boot to s v1: base (3 values)\$" out &&
	test "$(state_tip)" != "$before" &&
	state_file v1/bench/boot.json >boot.json &&
	test "$(jget boot.json "d[\"name\"]")" = boot &&
	test "$(jget boot.json "[r[\"role\"] for r in d[\"roles\"]]")" = "[\"base\"]" &&
	test "$(jget boot.json "[m[\"name\"] for m in d[\"roles\"][0][\"metrics\"]]")" = \
		"[\"wall\", \"user\", \"sys\", \"maxrss\"]" &&
	test "$(jget boot.json "len(d[\"roles\"][0][\"metrics\"][0][\"samples\"])")" = 3
'

test_expect_success 'the role records the command, HEAD, the host and the date' '
	cd r &&
	test "$(jget boot.json "d[\"roles\"][0][\"command\"]")" = true &&
	test "$(jget boot.json "d[\"roles\"][0][\"head\"]")" = "$(git rev-parse HEAD)" &&
	test "$(jget boot.json "d[\"roles\"][0][\"source\"]")" = run &&
	jget boot.json "d[\"roles\"][0][\"host\"]" | grep -q "CPU" &&
	jget boot.json "d[\"roles\"][0][\"date\"]" | grep -Eq "^20[0-9]{2}-[0-9]{2}-[0-9]{2}T"
'

test_expect_success 'the state commit says what was attached' '
	cd r &&
	git log -1 --format=%B refs/quill/series/s >msg &&
	printf "bench: run boot: base (3 values)\n\n" >expect &&
	test_cmp expect msg
'

test_expect_success 'after a commit the default role is patched' '
	cd r &&
	add_patches 1 &&
	quill bench run boot -n 2 -- true >out &&
	grep -q "^attached boot to s v1: patched (2 values)\$" out &&
	state_file v1/bench/boot.json >boot.json &&
	test "$(jget boot.json "[r[\"role\"] for r in d[\"roles\"]]")" = "[\"base\", \"patched\"]"
'

test_expect_success 'a second run of a role replaces it; base stays first' '
	cd r &&
	quill bench run boot --role base -n 4 -- true >out &&
	grep -q "base (4 values), replacing the earlier one" out &&
	state_file v1/bench/boot.json >boot.json &&
	test "$(jget boot.json "[(r[\"role\"], len(r[\"metrics\"][0][\"samples\"])) for r in d[\"roles\"]]")" = \
		"[[\"base\", 4], [\"patched\", 2]]"
'

test_expect_success 'warmup runs run but are not recorded' '
	cd r &&
	rm -f count &&
	quill bench run counted -n 3 --warmup 2 --shell -- "echo x >>count" >/dev/null &&
	test "$(wc -l <count)" = 5 &&
	state_file v1/bench/counted.json >c.json &&
	test "$(jget c.json "len(d[\"roles\"][0][\"metrics\"][0][\"samples\"])")" = 3 &&
	test "$(jget c.json "d[\"roles\"][0][\"warmup\"]")" = 2
'

test_expect_success 'without --shell the command is executed, not interpreted' '
	cd r &&
	quill bench run ex -n 1 -- touch "a;touch b" >/dev/null &&
	test -f "a;touch b" && ! test -e b &&
	state_file v1/bench/ex.json >ex.json &&
	test "$(jget ex.json "d[\"roles\"][0][\"command\"]")" = "touch '"'"'a;touch b'"'"'"
'

test_expect_success 'with --shell it is run by sh -c' '
	cd r &&
	quill bench run sh1 -n 1 --shell -- "touch c; touch d" >/dev/null &&
	test -f c && test -f d
'

test_expect_success 'wall time is measured per run' '
	cd r &&
	quill bench run nap -n 2 -- sleep 0.05 >/dev/null &&
	quill bench show nap --json >nap.json &&
	mean=$(jget nap.json "d[\"benchmarks\"][0][\"roles\"][0][\"mean\"]") &&
	python3 -c "import sys; m = float(sys.argv[1]); sys.exit(not (0.05 <= m < 1))" "$mean" &&
	test "$(jget nap.json "d[\"benchmarks\"][0][\"unit\"]")" = s
'

test_expect_success 'user time and peak RSS are measured' '
	cd r &&
	quill bench run mem -n 1 -- python3 -c "x = b\"x\" * (64 << 20); sum(range(3000000))" >/dev/null &&
	quill bench show mem --json >mem.json &&
	rss=$(jget mem.json "[b for b in d[\"benchmarks\"] if b[\"name\"] == \"mem:maxrss\"][0][\"roles\"][0][\"mean\"]") &&
	python3 -c "import sys; sys.exit(not float(sys.argv[1]) >= 64 * 1024)" "$rss" &&
	test "$(jget mem.json "[b[\"unit\"] for b in d[\"benchmarks\"] if b[\"name\"] == \"mem:maxrss\"][0]")" = KiB &&
	user=$(jget mem.json "[b for b in d[\"benchmarks\"] if b[\"name\"] == \"mem:user\"][0][\"roles\"][0][\"mean\"]") &&
	python3 -c "import sys; sys.exit(not float(sys.argv[1]) > 0.005)" "$user"
'

test_expect_success 'a failing run attaches nothing (exit 1, one line)' '
	cd r &&
	before=$(state_tip) &&
	quill_fails 1 "^quill: broken: .false. failed on run 1 of 3: exit status 1; nothing attached" \
		bench run broken -n 3 -- false &&
	test "$(state_tip)" = "$before"
'

test_expect_success 'a failing warmup run attaches nothing either' '
	cd r &&
	before=$(state_tip) &&
	quill_fails 1 "failed on warmup run 1 of 1: exit status 3" \
		bench run broken -n 3 --warmup 1 --shell -- "exit 3" &&
	test "$(state_tip)" = "$before"
'

test_expect_success '--ignore-failure keeps failed runs, with a warning' '
	cd r &&
	quill bench run flaky -n 2 --ignore-failure -- false >out 2>err &&
	echo "quill: warning: ${SQ}false${SQ} failed on 2 of 2 runs (kept: --ignore-failure)" >expect &&
	test_cmp expect err &&
	state_file v1/bench/flaky.json >/dev/null
'

test_expect_success 'a command that cannot start is a usage error, nothing attached' '
	cd r &&
	before=$(state_tip) &&
	quill_fails 2 "cannot run .\./no/such/tool.: No such file or directory" \
		bench run nope -- ./no/such/tool &&
	test "$(state_tip)" = "$before"
'

test_expect_success '--dry-run measures and shows, attaches nothing' '
	cd r &&
	before=$(state_tip) &&
	quill bench run trial -n 2 --dry-run -- true >out &&
	grep -q "^would attach trial to s v1: patched (2 values)\$" out &&
	grep -q "^wall \[" out &&
	test "$(state_tip)" = "$before" &&
	! git cat-file -e refs/quill/series/s:v1/bench/trial.json
'

test_expect_success '--json prints the bench show document' '
	cd r &&
	quill bench run js -n 2 --json -- true >js.json &&
	test "$(jget js.json "d[\"benchmarks\"][0][\"name\"]")" = js &&
	test "$(jget js.json "d[\"benchmarks\"][0][\"roles\"][0][\"n\"]")" = 2
'

test_expect_success 'a label as the role' '
	cd r &&
	quill bench run boot --role tuned-v2 -n 2 -- true >/dev/null &&
	state_file v1/bench/boot.json >boot.json &&
	test "$(jget boot.json "[r[\"role\"] for r in d[\"roles\"]]")" = "[\"base\", \"patched\", \"tuned-v2\"]"
'

test_expect_success 'no progress on a pipe' '
	cd r &&
	quill bench run quiet -n 2 -- true >out 2>err &&
	test ! -s err
'

if command -v script >/dev/null 2>&1; then
	test_expect_success 'progress on a terminal, erased at the end' '
		cd r &&
		script -qec "quill bench run tty -n 3 -- true" /dev/null >tty.out </dev/null &&
		grep -q "tty: run 3/3" tty.out &&
		grep -q "attached tty to s v1" tty.out
	'
else
	test_skip 'progress on a terminal, erased at the end' 'no script(1) here'
fi

test_expect_success 'usage errors: exit 2, one line, nothing attached' '
	cd r &&
	before=$(state_tip) &&
	quill_fails 2 "give a benchmark NAME and a COMMAND" bench run boot &&
	quill_fails 2 "cannot name a benchmark" bench run "a/b" -- true &&
	quill_fails 2 "cannot name a role" bench run boot --role "x y" -- true &&
	quill_fails 2 "-n needs at least 1" bench run boot -n 0 -- true &&
	quill_fails 2 "no series .nope." bench run boot --series nope -- true &&
	test "$(state_tip)" = "$before"
'

test_expect_success 'outside a repository: exit 2' '
	mkdir -p norepo && cd norepo &&
	GIT_CEILING_DIRECTORIES=$TRASH quill_fails 2 "not in a git repository" bench run x -- true
'

test_expect_success '--help describes it and exits 0' '
	cd r &&
	quill bench run --help >help &&
	grep -q -- "--warmup" help && grep -q -- "--dry-run" help && grep -q -- "--shell" help
'

test_done
