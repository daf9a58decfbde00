#!/bin/sh
# quill bench check: the numbers a cover and commit messages quote, against
# the benchmarks attached (bench add --format samples): a right claim
# passes, a wrong one is reported at its line with what the data says, a
# change within noise is reported with its CI and p; trailer lint --series
# says the same; --json, exit codes, trailers.conf, exceptions, versions.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

# commit_msg FILE: commit a change with the message in FILE
commit_msg() {
	cm_n=$((${cm_n:-0} + 1)) &&
	echo "$cm_n" >"f-$cm_n" && git add "f-$cm_n" && test_tick && git commit -q -F "$1"
}

test_expect_success 'setup: a series, its data, a cover and a commit that quote it' '
	test_repo r && cd r &&
	quill series new s >/dev/null &&
	printf "244.18 ms\n244.38 ms\n244.28 ms\n244.08 ms\n244.48 ms\n" >rebind-base.txt &&
	printf "215.45\n215.65\n215.55\n215.35\n215.75\n" >rebind-patched.txt &&
	printf "70190 bytes\n" >size-base.txt &&
	printf "68445 bytes\n" >size-patched.txt &&
	printf "100 ms\n102 ms\n98 ms\n101 ms\n99 ms\n" >sched-base.txt &&
	printf "99\n101\n100\n97\n102\n" >sched-patched.txt &&
	for b in rebind size sched; do
		quill bench add $b $b-base.txt --role base --format samples >/dev/null &&
		quill bench add $b $b-patched.txt --role patched --format samples \
			$( [ $b = size ] || echo --unit ms) >/dev/null || return 1
	done &&
	cat >msg1 <<-\EOF &&
	rebind: cache the lookup

	This brings the rebind time from 244.28 ms to 215.55 ms, about 11%.
	Tested on v2 of 1/3 on x86_64, 2024-01-05, 12:30.

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	commit_msg msg1 &&
	printf "rebind: faster\n\nThe text shrank by 2.49%% (70190 -> 68445 bytes),\nand rebind went 244.28 ms \342\206\222 215.55 ms.\n" |
		quill series edit-cover -F - >/dev/null
'

test_expect_success 'right claims pass: exit 0, the summary counts them' '
	cd r &&
	quill bench check >out &&
	cat >expect <<-\EOF &&
	total: 0 errors, 0 warnings, 0 info in the cover and 1 commit of v1: 3 claims, 3 confirmed (benchmarks: rebind, sched, size)
	EOF
	test_cmp expect out
'

test_expect_success 'a wrong claim: its line, what the data says, exit 1' '
	cd r &&
	cat >msg2 <<-\EOF &&
	rebind: drop the second walk

	The walk is gone.
	Rebind now takes 244.31 ms -> 215.55 ms.

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	commit_msg msg2 &&
	c2=$(git rev-parse --short=12 HEAD) &&
	test_expect_code 1 quill bench check >out &&
	cat >expect <<-EOF &&
	$c2:4: error: claim-mismatch: "244.31 ms -> 215.55 ms": the data says 244.28 ms -> 215.55 ms (-11.76%) in rebind
	total: 1 error, 0 warnings, 0 info in the cover and 2 commits of v1: 4 claims, 3 confirmed (benchmarks: rebind, sched, size)
	EOF
	test_cmp expect out
'

test_expect_success 'a claimed change within noise: a warning with the CI and p' '
	cd r &&
	cat >msg3 <<-\EOF &&
	sched: pick the idle sibling

	With this sched is 0.2% faster.

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	commit_msg msg3 &&
	c3=$(git rev-parse --short=12 HEAD) &&
	test_expect_code 1 quill bench check >out &&
	cat >expect <<-EOF &&
	$c2:4: error: claim-mismatch: "244.31 ms -> 215.55 ms": the data says 244.28 ms -> 215.55 ms (-11.76%) in rebind
	$c3:3: warning: claim-noise: "0.2% faster": within noise in sched: -0.20% (100.00 ms -> 99.80 ms), 95% CI of the difference -2.78 to +2.38 ms, p = 0.862
	total: 1 error, 1 warning, 0 info in the cover and 3 commits of v1: 5 claims, 3 confirmed (benchmarks: rebind, sched, size)
	EOF
	test_cmp expect out
'

test_expect_success 'saying it is within noise is no claim of a change' '
	cd r &&
	cat >msg4 <<-\EOF &&
	sched: keep the old path

	sched went from 100.0 ms to 99.8 ms, which is within noise.

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	commit_msg msg4 &&
	test_expect_code 1 quill bench check >out &&
	cat >expect <<-EOF &&
	$c2:4: error: claim-mismatch: "244.31 ms -> 215.55 ms": the data says 244.28 ms -> 215.55 ms (-11.76%) in rebind
	$c3:3: warning: claim-noise: "0.2% faster": within noise in sched: -0.20% (100.00 ms -> 99.80 ms), 95% CI of the difference -2.78 to +2.38 ms, p = 0.862
	total: 1 error, 1 warning, 0 info in the cover and 4 commits of v1: 6 claims, 4 confirmed (benchmarks: rebind, sched, size)
	EOF
	test_cmp expect out
'

test_expect_success 'trailer lint --series reports the same claims' '
	cd r &&
	test_expect_code 1 quill bench check >check.out &&
	test_expect_code 1 quill trailer lint --series s >lint.out &&
	grep ": claim-" check.out >a &&
	grep ": claim-" lint.out >b &&
	test_cmp a b &&
	cat >expect <<-EOF &&
	$c2:4: error: claim-mismatch: "244.31 ms -> 215.55 ms": the data says 244.28 ms -> 215.55 ms (-11.76%) in rebind
	$c3:3: warning: claim-noise: "0.2% faster": within noise in sched: -0.20% (100.00 ms -> 99.80 ms), 95% CI of the difference -2.78 to +2.38 ms, p = 0.862
	total: 1 error, 1 warning, 0 info in the cover and 4 commits
	EOF
	test_cmp expect lint.out &&
	test_expect_code 1 quill trailer lint >dflt.out &&
	test_cmp expect dflt.out
'

test_expect_success 'trailer lint without a series checks no claims' '
	cd r &&
	quill trailer lint HEAD~3..HEAD >out &&
	echo "total: 0 errors, 0 warnings, 0 info in 3 commits" >expect &&
	test_cmp expect out
'

test_expect_success '--list-rules: the claim rules and what they need' '
	cd r &&
	quill trailer lint --list-rules >rules &&
	grep -Eq "^claim-mismatch +error +a number quoted in the message that the attached benchmarks do not give\$" rules &&
	quill trailer lint --list-rules HEAD >rules &&
	grep -Eq "^claim-mismatch +off .*\\(needs --series \\(benchmarks\\)\\)\$" rules &&
	quill trailer lint --list-rules --json >rules.json &&
	test "$(jget rules.json "[r[\"default\"] for r in d[\"rules\"] if r[\"rule\"].startswith(\"claim-\")]")" = "[\"error\", \"warning\", \"info\"]"
'

test_expect_success '--json: the claims with their verdicts, the findings' '
	cd r &&
	test_expect_code 1 quill bench check --json >j &&
	id() { git rev-parse HEAD~$1; } &&
	s() { git rev-parse --short=12 HEAD~$1; } &&
	ok() { # WHERE COMMIT LINE COLUMN TEXT BENCHMARK
		printf "{\"where\": \"%s\", \"commit\": %s, \"line\": %s, \"column\": %s, \"text\": \"%s\"," "$1" "$2" "$3" "$4" "$5" &&
		printf " \"verdict\": \"ok\", \"benchmark\": \"%s\", \"metric\": \"value\", \"roles\": [\"base\", \"patched\"], \"message\": null}" "$6"
	} &&
	cat >expect <<-EOF &&
	{"series": "s", "version": 1, "benchmarks": ["rebind", "sched", "size"], "checked": 5, "confirmed": 4, "errors": 1, "warnings": 1, "info": 0, "ignored": 0,
	 "claims": [
	  $(ok cover null 3 10 "shrank by 2.49% (70190 -> 68445 bytes)" size),
	  $(ok cover null 4 17 "244.28 ms → 215.55 ms" rebind),
	  $(ok "$(s 3)" "\"$(id 3)\"" 3 29 "from 244.28 ms to 215.55 ms, about 11%" rebind),
	  {"where": "$(s 2)", "commit": "$(id 2)", "line": 4, "column": 18, "text": "244.31 ms -> 215.55 ms", "verdict": "mismatch", "benchmark": "rebind", "metric": "value", "roles": ["base", "patched"], "message": "\\"244.31 ms -> 215.55 ms\\": the data says 244.28 ms -> 215.55 ms (-11.76%) in rebind"},
	  {"where": "$(s 1)", "commit": "$(id 1)", "line": 3, "column": 20, "text": "0.2% faster", "verdict": "noise", "benchmark": "sched", "metric": "value", "roles": ["base", "patched"], "message": "\\"0.2% faster\\": within noise in sched: -0.20% (100.00 ms -> 99.80 ms), 95% CI of the difference -2.78 to +2.38 ms, p = 0.862"},
	  $(ok "$(s 0)" "\"$(id 0)\"" 3 12 "from 100.0 ms to 99.8 ms" sched)
	 ], "findings": [
	  {"where": "$(s 2)", "commit": "$(id 2)", "file": null, "msgid": null, "line": 4, "column": 18, "severity": "error", "rule": "claim-mismatch", "message": "\\"244.31 ms -> 215.55 ms\\": the data says 244.28 ms -> 215.55 ms (-11.76%) in rebind", "ignored": false},
	  {"where": "$(s 1)", "commit": "$(id 1)", "file": null, "msgid": null, "line": 3, "column": 20, "severity": "warning", "rule": "claim-noise", "message": "\\"0.2% faster\\": within noise in sched: -0.20% (100.00 ms -> 99.80 ms), 95% CI of the difference -2.78 to +2.38 ms, p = 0.862", "ignored": false}
	 ] }
	EOF
	test_cmp_json expect j &&
	test_expect_code 1 quill trailer lint --series s --json >lj &&
	cat >expect <<-EOF &&
	{"checked": 4, "cover": true, "kind": "commits", "errors": 1, "warnings": 1, "info": 0, "ignored": 0, "skipped": 0,
	 "findings": [
	  {"where": "$(s 2)", "commit": "$(id 2)", "file": null, "msgid": null, "line": 4, "column": 18, "severity": "error", "rule": "claim-mismatch", "message": "\\"244.31 ms -> 215.55 ms\\": the data says 244.28 ms -> 215.55 ms (-11.76%) in rebind", "ignored": false},
	  {"where": "$(s 1)", "commit": "$(id 1)", "file": null, "msgid": null, "line": 3, "column": 20, "severity": "warning", "rule": "claim-noise", "message": "\\"0.2% faster\\": within noise in sched: -0.20% (100.00 ms -> 99.80 ms), 95% CI of the difference -2.78 to +2.38 ms, p = 0.862", "ignored": false}
	 ] }
	EOF
	test_cmp_json expect lj
'

test_expect_success 'a wrong cover: reported as cover:LINE' '
	cd r &&
	printf "rebind: faster\n\nThe text shrank by 2.94%% (70190 -> 68445 bytes).\n" |
		quill series edit-cover -F - >/dev/null &&
	test_expect_code 1 quill bench check >out &&
	cat >expect <<-EOF &&
	cover:3: error: claim-mismatch: "shrank by 2.94% (70190 -> 68445 bytes)": the data says 70190 bytes -> 68445 bytes (-2.49%) in size
	$c2:4: error: claim-mismatch: "244.31 ms -> 215.55 ms": the data says 244.28 ms -> 215.55 ms (-11.76%) in rebind
	$c3:3: warning: claim-noise: "0.2% faster": within noise in sched: -0.20% (100.00 ms -> 99.80 ms), 95% CI of the difference -2.78 to +2.38 ms, p = 0.862
	total: 2 errors, 1 warning, 0 info in the cover and 4 commits of v1: 5 claims, 2 confirmed (benchmarks: rebind, sched, size)
	EOF
	test_cmp expect out
'

test_expect_success 'trailers.conf sets the severities, off included' '
	cd r &&
	mkdir -p .quill &&
	printf "[rule \"claim-mismatch\"]\n\tseverity = warning\n[rule \"claim-noise\"]\n\tseverity = off\n" >.quill/trailers.conf &&
	quill bench check >out &&
	cat >expect <<-EOF &&
	cover:3: warning: claim-mismatch: "shrank by 2.94% (70190 -> 68445 bytes)": the data says 70190 bytes -> 68445 bytes (-2.49%) in size
	$c2:4: warning: claim-mismatch: "244.31 ms -> 215.55 ms": the data says 244.28 ms -> 215.55 ms (-11.76%) in rebind
	total: 0 errors, 2 warnings, 0 info in the cover and 4 commits of v1: 5 claims, 2 confirmed (benchmarks: rebind, sched, size)
	EOF
	test_cmp expect out &&
	rm .quill/trailers.conf
'

test_expect_success 'lint exceptions cover claims too' '
	cd r &&
	git rev-parse HEAD~2 >ids &&
	printf "%s claim-mismatch  # measured on another box\n" $(cat ids) >.quill/lint-ignore &&
	test_expect_code 1 quill bench check >out &&
	cat >expect <<-EOF &&
	cover:3: error: claim-mismatch: "shrank by 2.94% (70190 -> 68445 bytes)": the data says 70190 bytes -> 68445 bytes (-2.49%) in size
	$c3:3: warning: claim-noise: "0.2% faster": within noise in sched: -0.20% (100.00 ms -> 99.80 ms), 95% CI of the difference -2.78 to +2.38 ms, p = 0.862
	total: 1 error, 1 warning, 0 info (1 ignored) in the cover and 4 commits of v1: 5 claims, 2 confirmed (benchmarks: rebind, sched, size)
	EOF
	test_cmp expect out &&
	! grep -q "^$(cut -c1-12 ids):" out &&
	rm .quill/lint-ignore
'

test_expect_success 'a benchmark of one patch: only that commit (and the cover) check with it' '
	cd r &&
	printf "10.0\n10.1\n9.9\n" >frob-base.txt && printf "5.0\n5.1\n4.9\n" >frob-patched.txt &&
	quill bench add frob frob-base.txt --role base --format samples --unit ms --patch HEAD~3 >/dev/null &&
	quill bench add frob frob-patched.txt --role patched --format samples --unit ms --patch HEAD~3 >/dev/null &&
	cat >msg5 <<-\EOF &&
	frob: note it

	frob went from 10.0 ms to 5.0 ms.

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	commit_msg msg5 &&
	c5=$(git rev-parse --short=12 HEAD) &&
	test_expect_code 1 quill bench check >out &&
	cat >expect <<-EOF &&
	cover:3: error: claim-mismatch: "shrank by 2.94% (70190 -> 68445 bytes)": the data says 70190 bytes -> 68445 bytes (-2.49%) in size
	$c2:4: error: claim-mismatch: "244.31 ms -> 215.55 ms": the data says 244.28 ms -> 215.55 ms (-11.76%) in rebind
	$c3:3: warning: claim-noise: "0.2% faster": within noise in sched: -0.20% (100.00 ms -> 99.80 ms), 95% CI of the difference -2.78 to +2.38 ms, p = 0.862
	$c5:3: info: claim-unmatched: "from 10.0 ms to 5.0 ms": no attached benchmark (rebind, sched, size) has these numbers
	total: 2 errors, 1 warning, 1 info in the cover and 5 commits of v1: 6 claims, 2 confirmed (benchmarks: frob, rebind, sched, size)
	EOF
	test_cmp expect out &&
	printf "rebind: faster\n\nframes: frob went from 10.0 ms to 5.0 ms.\n" |
		quill series edit-cover -F - >/dev/null &&
	test_expect_code 1 quill bench check --json >j &&
	test "$(jget j "[(c[\"where\"], c[\"verdict\"], c[\"benchmark\"]) for c in d[\"claims\"] if c[\"text\"] == \"from 10.0 ms to 5.0 ms\"]")" = "[[\"cover\", \"ok\", \"frob\"], [\"$c5\", \"unmatched\", null]]"
'

test_expect_success 'a frozen version: --version N; a version with no benchmarks' '
	cd r &&
	test_expect_code 1 quill bench check >v1.out &&
	quill series new-version s >/dev/null 2>&1 &&
	quill bench check >out &&
	echo "total: 0 errors, 0 warnings, 0 info in the cover and 5 commits of v2: no benchmarks attached, nothing to check against" >expect &&
	test_cmp expect out &&
	test_expect_code 1 quill bench check --version 1 >again.out &&
	test_cmp v1.out again.out &&
	test_expect_code 1 quill trailer lint --series s --version 1 >lint1.out &&
	grep -q ": claim-mismatch: " lint1.out
'

test_expect_success 'JSON of another tool in v<N>/bench is skipped' '
	cd r &&
	printf "{\"tool\": \"objsize\", \"symbols\": []}\n" >other.json &&
	. "$TEST_SRC/lib-bench.sh" &&
	state_put v1/bench/objsize.json other.json &&
	test_expect_code 1 quill bench check --version 1 >out &&
	test_cmp v1.out out
'

if command -v gcc >/dev/null; then
	test_expect_success 'a cover as sent, with the tables {{bench}} and {{objsize}} render: no claim findings' '
		cd r &&
		quill bench add rebind rebind-base.txt --role base --format samples >/dev/null &&
		quill bench add rebind rebind-patched.txt --role patched --format samples --unit ms >/dev/null &&
		gcc -O2 -c -DVARIANT=1 "$TEST_SRC/data/objsize/zone.c" -o old.o &&
		gcc -O2 -c -DVARIANT=2 "$TEST_SRC/data/objsize/zone.c" -o new.o &&
		quill bench size old.o new.o --attach zone-size >/dev/null &&
		printf "rebind: faster\n\nResults:\n\n{{bench}}\n\n{{objsize zone-size}}\n" |
			quill series edit-cover -F - >/dev/null &&
		quill series new-version s >/dev/null 2>&1 &&
		git show refs/quill/series/s:v2/cover >sent &&
		grep -q "patched vs base: -11.76%" sent &&
		grep -q "^Total: Before=.*chg " sent &&
		test_expect_code 1 quill bench check --version 2 >out &&
		! grep -q "^cover:" out &&
		test_expect_code 1 quill bench check --version 2 --json >j &&
		test "$(jget j "[c[\"verdict\"] for c in d[\"claims\"] if c[\"where\"] == \"cover\"]")" = "[\"ok\"]"
	'
else
	test_skip 'a cover as sent, with the tables {{bench}} and {{objsize}} render: no claim findings' 'no gcc'
fi

test_expect_success 'usage: no operands, versions that exist, a known series' '
	cd r &&
	quill_fails 2 "no operands" bench check extra &&
	quill_fails 2 "versions 1 to [23]" bench check --version 9 &&
	quill_fails 2 "no-such" bench check --series no-such
'

test_expect_success 'a benchmark file that does not read: bench check fails, trailer lint goes on' '
	cd r &&
	. "$TEST_SRC/lib-bench.sh" &&
	v=$(quill series show --json >show.json && jget show.json "d[\"version\"]") &&
	printf "{\"kind\": \"quill-bench\", \"name\": \"bad\", \"roles\": 5}\n" >bad.json &&
	state_put v$v/bench/bad.json bad.json &&
	quill_fails 3 "v$v/bench/bad.json" bench check &&
	quill trailer lint --series s >out 2>err &&
	echo "quill: warning: v$v/bench/bad.json: a benchmark needs a valid \"name\" and \"roles\"; the claims are not checked" >expect &&
	test_cmp expect err &&
	echo "total: 0 errors, 0 warnings, 0 info in the cover and 5 commits" >expect &&
	test_cmp expect out
'

test_done
