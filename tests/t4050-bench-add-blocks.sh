#!/bin/sh
# quill bench add on a reply pasted as it came: labelled blocks ("Without
# the patch:" / "With the patch:", each followed by its values) are one
# role each, named by --role A,B in order, the heading kept as the role's
# command; the prose around them (the quoted mail, the greeting, the
# trailers) is skipped with one warning that counts it.  kv and samples.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

test_expect_success 'setup: a series with one patch, a reply with two blocks' '
	bench_repo r 1 &&
	cat >r/reply.txt <<-\EOT
	On Tue, 2 Dec 2025 at 10:00, Ada Author <ada@example.org> wrote:
	> This makes the rebind path take the lock once.
	>
	> Signed-off-by: Ada Author <ada@example.org>

	Hi Ada,

	I ran perf bench sched messaging three times on each kernel:

	Without the patch:
	Total time: 15.989429 seconds
	Total time: 16.102377 seconds
	Total time: 15.873012 seconds

	With the patch:
	Total time: 14.201113 seconds
	Total time: 14.350002 seconds
	Total time: 14.122334 seconds

	Looks good to me.

	Tested-by: Bo Tester <bo@example.org>

	Thanks,
	Bo
	EOT
'

test_expect_success 'a reply as written: --role base,patched, the means of each block' '
	cd r &&
	quill bench add rebind reply.txt --role base,patched >out 2>err &&
	grep -q "^attached rebind to s v1: base (3 values), patched (3 values)\$" out &&
	echo "quill: warning: reply.txt: 10 lines of text skipped (neither a value nor a heading of values)" >expect &&
	test_cmp expect err &&
	quill bench show rebind --json >show.json &&
	json_checks show.json <<-EOF
	["base","patched"] [r["role"] for r in d["benchmarks"][0]["roles"]]
	[3,3] [r["n"] for r in d["benchmarks"][0]["roles"]]
	"s" d["benchmarks"][0]["unit"]
	$(python3 -c "print((15.989429 + 16.102377 + 15.873012) / 3)") d["benchmarks"][0]["roles"][0]["mean"]
	$(python3 -c "print((14.201113 + 14.350002 + 14.122334) / 3)") d["benchmarks"][0]["roles"][1]["mean"]
	15.989429 d["benchmarks"][0]["roles"][0]["median"]
	14.201113 d["benchmarks"][0]["roles"][1]["median"]
	EOF
'

test_expect_success 'the headings are the roles'"'"' commands, and shown' '
	cd r &&
	state_file v1/bench/rebind.json >rebind.json &&
	json_checks rebind.json <<-EOF &&
	["Without the patch","With the patch"] [r["command"] for r in d["roles"]]
	["kv","kv"] [r["source"] for r in d["roles"]]
	"Total time" d["roles"][0]["metrics"][0]["name"]
	EOF
	quill bench show rebind >show.txt &&
	grep -q "^  base: Without the patch\$" show.txt &&
	grep -q "^  patched: With the patch\$" show.txt &&
	grep -q "^  patched vs base: -11\.03%" show.txt
'

test_expect_success 'two blocks without --role: name them (2), nothing attached' '
	cd r &&
	before=$(state_tip) &&
	test_expect_code 2 quill bench add other reply.txt 2>err &&
	grep -q "^quill: reply.txt holds 2 results; name their roles with --role A,B" err &&
	test_expect_code 2 quill bench add other reply.txt --role a,b,c 2>err &&
	grep -q "^quill: reply.txt holds 2 results but --role names 3\$" err &&
	test "$(state_tip)" = "$before"
'

test_expect_success 'headings that are role names name the roles themselves' '
	cd r &&
	printf "base:\nTotal time: 2.0 s\nTotal time: 2.2 s\n\npatched:\nTotal time: 1.5 s\n" >named.txt &&
	quill bench add named named.txt 2>err >out &&
	grep -q "base (2 values), patched (1 value)" out &&
	test ! -s err
'

test_expect_success 'samples in blocks: one number a line under each heading' '
	cd r &&
	printf "Rebind times, ms.\n\nBefore:\n243.5\n244.1\n\nAfter:\n230.25\n231.75\n232\n" >samples.txt &&
	quill bench add probe samples.txt --role base,patched --unit ms >out 2>err &&
	grep -q "base (2 values), patched (3 values)" out &&
	grep -q "samples.txt: 1 line of text skipped" err &&
	quill bench show probe --json >probe.json &&
	json_checks probe.json <<-EOF
	243.8 d["benchmarks"][0]["roles"][0]["mean"]
	231.33333333333334 d["benchmarks"][0]["roles"][1]["mean"]
	"ms" d["benchmarks"][0]["unit"]
	EOF
'

test_expect_success 'a value that is meant as one but is not stops the read (3)' '
	cd r &&
	before=$(state_tip) &&
	printf "Without:\nTotal time: 15.9 seconds\nWith:\nTotal time: 14x seconds\n" >bad.txt &&
	quill_fails 3 "bad.txt:4: the value is not a number" bench add bad bad.txt --role base,patched &&
	test "$(state_tip)" = "$before"
'

test_done
