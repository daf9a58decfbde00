#!/bin/sh
# quill bench check: the claims of issue 10 - where a claim ends (item 26),
# size differences and quoted kv lines as claims and wrong numbers in the
# data's unit and magnitude as mismatches (item 25), verdicts that do not
# change when an unrelated benchmark is attached (item 27).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

# commit_msg FILE: commit a change with the message in FILE; $c: its id
commit_msg() {
	cm_n=$((${cm_n:-0} + 1)) &&
	echo "$cm_n" >"f-$cm_n" && git add "f-$cm_n" && test_tick && git commit -q -F "$1" &&
	c=$(git rev-parse --short=12 HEAD)
}

# claims JSON COMMIT: "text|verdict|benchmark" of each claim of COMMIT
claims() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
for c in d["claims"]:
    if c["commit"] and c["commit"].startswith(sys.argv[2]):
        print("%s|%s|%s" % (c["text"], c["verdict"], c["benchmark"]))
' "$1" "$2"
}

# check_claims: bench check --json into j (exit 0 or 1)
check_claims() {
	quill bench check --json >j
	test $? -le 1
}

test_expect_success 'setup: a series with sizes and times attached' '
	test_repo r && cd r &&
	quill series new s >/dev/null &&
	printf "70190 bytes\n" >size-base.txt && printf "68445 bytes\n" >size-patched.txt &&
	printf "815 bytes\n" >text-base.txt && printf "1537 bytes\n" >text-patched.txt &&
	for b in size text; do
		quill bench add $b $b-base.txt --role base --format samples >/dev/null &&
		quill bench add $b $b-patched.txt --role patched --format samples >/dev/null || return 1
	done
'

test_expect_success 'item 26: each list item is a claim of its own' '
	cd r &&
	cat >msg <<-\EOF &&
	zone: grow the text

	The sizes:
	- text went from 815 to 1537 bytes
	- about 2x bigger

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	commit_msg msg &&
	check_claims &&
	claims j $c >got &&
	cat >want <<-\EOF &&
	from 815 to 1537 bytes|ok|text
	about 2x bigger|ok|text
	EOF
	test_cmp want got
'

test_expect_success 'item 25: a difference in bytes is a claim (bloat-o-meter'"'"'s net)' '
	cd r &&
	cat >msg <<-\EOF &&
	zone: drop the old tables

	Net code reduction of 1745 bytes (add/remove: 211/166).

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	commit_msg msg &&
	check_claims &&
	test "$(claims j $c)" = "reduction of 1745 bytes|ok|size" &&
	sed "s/1745/1754/" msg >msg2 &&
	commit_msg msg2 &&
	test_expect_code 1 quill bench check >out &&
	grep -q "^$c:3: error: claim-mismatch: \"reduction of 1754 bytes\": the data says -1745 bytes, -2.49% (70190 bytes -> 68445 bytes) in size\$" out
'

test_expect_success 'item 25: a pair at the data'"'"'s number that went the other way is a mismatch' '
	cd r &&
	cat >msg <<-\EOF &&
	zone: shrink the text

	The object code is reduced by 2.49% (815 -> 795 bytes).

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	commit_msg msg &&
	test_expect_code 1 quill bench check >out &&
	grep -q "^$c:3: error: claim-mismatch: \"reduced by 2.49% (815 -> 795 bytes)\": the data says 815 bytes -> 1537 bytes (+88.59%) in text\$" out
'

test_expect_success 'item 25: a quoted kv line with a typo is a mismatch' '
	cd r &&
	printf "Total time: 15.989429 seconds\n" >msg-base.kv &&
	printf "Total time: 12.931696 seconds\n" >msg-patched.kv &&
	quill bench add messaging msg-base.kv --role base --format kv >/dev/null &&
	quill bench add messaging msg-patched.kv --role patched --format kv >/dev/null &&
	cat >msg <<-\EOF &&
	sched: batch the wakeups

	perf bench sched messaging -g 20, patched:

	  Total time: 12.391696 seconds

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	commit_msg msg &&
	test_expect_code 1 quill bench check >out &&
	grep -q "^$c:5: error: claim-mismatch: \"Total time: 12.391696 seconds\": the data says base 15.989429 seconds, patched 12.931696 seconds in messaging\$" out &&
	sed "s/12.391696/12.931696/" msg >msg2 &&
	commit_msg msg2 &&
	check_claims &&
	test "$(claims j $c)" = "Total time: 12.931696 seconds|ok|messaging"
'

test_expect_success 'item 27: a verdict stays when another benchmark is attached' '
	test_repo r2 && cd r2 &&
	quill series new s >/dev/null &&
	printf "244.18\n244.38\n244.28\n244.08\n244.48\n" >rebind-base.txt &&
	printf "215.45\n215.65\n215.55\n215.35\n215.75\n" >rebind-patched.txt &&
	quill bench add rebind rebind-base.txt --role base --format samples --unit ms >/dev/null &&
	quill bench add rebind rebind-patched.txt --role patched --format samples --unit ms >/dev/null &&
	cat >msg <<-\EOF &&
	zone: cache the walk

	This makes it about 3x faster.

	Signed-off-by: Ada Author <ada@example.org>
	EOF
	commit_msg msg &&
	test_expect_code 1 quill bench check >one &&
	grep -q "^$c:3: error: claim-mismatch: \"about 3x faster\": the data says 1.13x, -11.76% (244.28 ms -> 215.55 ms) in rebind\$" one &&
	printf "10.0\n10.1\n9.9\n" >frob-base.txt && printf "9.0\n9.1\n8.9\n" >frob-patched.txt &&
	quill bench add frob frob-base.txt --role base --format samples --unit ms --patch HEAD >/dev/null &&
	quill bench add frob frob-patched.txt --role patched --format samples --unit ms --patch HEAD >/dev/null &&
	test_expect_code 1 quill bench check >two &&
	grep -q "^$c:3: error: claim-mismatch: \"about 3x faster\": the data says 1.13x, -11.76% (244.28 ms -> 215.55 ms) in rebind; 1.11x, -10.00% (10.00 ms -> 9.00 ms) in frob\$" two &&
	check_claims &&
	test "$(claims j $c)" = "about 3x faster|mismatch|rebind"
'

test_done
