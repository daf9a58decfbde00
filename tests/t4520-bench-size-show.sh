#!/bin/sh
# What bench size --attach keeps is seen by bench show (issue 10, item
# 24): listed under its NAME, as the cover's {{objsize NAME}} shows it
# (the files named by the last part of their paths, or --label), in JSON
# as "size_diffs" beside the "benchmarks" of DESIGN.md; and with --patch
# REV it belongs to that patch, shown below its '---' by series format.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

command -v gcc >/dev/null || skip_all "no gcc to compile the test objects"

OBJ=$TEST_SRC/data/objsize

# the patch notes of the mail of patch N in DIR: between its "---" and
# the diffstat, without the blank line before that
notes() {
	sed -n "/^---\$/,/^ p-[0-9] |/p" "$1"/000"$2"-*.patch | sed "1d;\$d" | sed "\${/^\$/d}"
}

# cover_block NAME: what the cover's {{objsize NAME}} becomes
cover_block() {
	printf "s: sizes\\n\\n@@start\\n{{objsize %s}}\\n@@end\\n" "$1" |
		quill series edit-cover -F - >/dev/null &&
	rm -rf ../cv && quill series format -o ../cv >/dev/null 2>&1 &&
	sed -n "/^@@start\$/,/^@@end\$/p" ../cv/0000-cover-letter.patch | sed "1d;\$d"
}

test_expect_success 'setup: the objects in objsize/old and objsize/new, a series of 3' '
	mkdir -p objsize/old objsize/new &&
	gcc -O2 -c -DVARIANT=1 "$OBJ/zone.c" -o objsize/old/memory.o &&
	gcc -O2 -c -DVARIANT=2 "$OBJ/zone.c" -o objsize/new/memory.o &&
	bench_repo r 3 &&
	(cd r && quill bench size --attach memory ../objsize/old/memory.o ../objsize/new/memory.o 2>/dev/null >/dev/null)
'

test_expect_success 'bench show lists it under its name, as {{objsize NAME}} shows it' '
	cd r &&
	quill bench show >all.txt &&
	head -n 1 all.txt >first &&
	echo memory >expect && test_cmp expect first &&
	cover_block memory >block &&
	test -s block &&
	sed 1d all.txt >shown &&
	test_cmp block shown &&
	quill bench show memory >one.txt &&
	test_cmp all.txt one.txt
'

test_expect_success 'the mail names the files by their basenames, not the local paths' '
	cd r &&
	grep -q " memory\\.o\$" all.txt &&
	! grep -q "objsize/" all.txt &&
	! grep -q "objsize/" block &&
	test "$(max_width all.txt)" -le 72
'

test_expect_success 'json: "size_diffs" beside "benchmarks", each with its kind' '
	cd r &&
	quill bench show --json >all.json &&
	python3 - all.json <<-\EOF
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert list(d) == ["benchmarks", "size_diffs"], list(d)
	assert d["benchmarks"] == [], d["benchmarks"]
	[s] = d["size_diffs"]
	assert s["kind"] == "quill-objsize" and s["name"] == "memory", s
	assert s["old"]["file"] == "../objsize/old/memory.o", s["old"]
	assert s["old"]["label"] == "memory.o" and s["new"]["label"] == "memory.o"
	assert "patch" not in s
	EOF
'

test_expect_success 'with a benchmark too: its entry keeps the shape of DESIGN.md' '
	cd r &&
	quill bench add rebind "$DATA/rebind-base.txt" --role base >/dev/null &&
	quill bench show --json >both.json &&
	python3 - both.json <<-\EOF
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert list(d) == ["benchmarks", "size_diffs"], list(d)
	assert [b["name"] for b in d["benchmarks"]] == ["rebind"]
	for b in d["benchmarks"]:
	    assert set(b) == {"name", "unit", "roles", "delta_pct", "p_value", "significant"}, set(b)
	assert [s["name"] for s in d["size_diffs"]] == ["memory"]
	EOF
	quill bench show rebind --json >rebind.json &&
	test "$(jget rebind.json "list(d)")" = "[\"benchmarks\"]" &&
	quill bench show >both.txt &&
	head -n 1 both.txt >first && echo rebind >expect && test_cmp expect first &&
	grep -qx memory both.txt &&
	quill_fails 2 "there: rebind, memory" bench show nope
'

test_expect_success 'markdown: the name in bold, the block fenced' '
	cd r &&
	quill bench show memory --format markdown >md &&
	head -n 3 md >top &&
	printf "**memory**\\n\\n\\140\\140\\140\\n" >expect &&
	test_cmp expect top &&
	tail -n 1 md >last && printf "\\140\\140\\140\\n" >expect && test_cmp expect last
'

test_expect_success '--label OLD,NEW: what the mail calls the two files' '
	cd r &&
	quill bench size --attach labelled --label before,after \
		../objsize/old/memory.o ../objsize/new/memory.o >/dev/null 2>&1 &&
	quill bench show labelled >lab.txt &&
	grep -q " before\$" lab.txt && grep -q " after\$" lab.txt &&
	! grep -q "memory\\.o" lab.txt &&
	quill_fails 2 "--label takes two names" bench size --attach x --label one \
		../objsize/old/memory.o ../objsize/new/memory.o &&
	quill_fails 2 "--label goes with --attach" bench size --label a,b \
		../objsize/old/memory.o ../objsize/new/memory.o
'

test_expect_success '--patch REV: the size diff of one patch, below its "---"' '
	cd r &&
	quill bench size --attach mem2 --patch HEAD~ \
		../objsize/old/memory.o ../objsize/new/memory.o >/dev/null 2>&1 &&
	git show refs/quill/series/s:v1/bench/mem2.json >mem2.json &&
	test "$(jget mem2.json "d[\"patch\"][\"subject\"]")" = "p: add file 2" &&
	test "$(jget mem2.json "d[\"patch\"][\"commit\"]")" = "$(git rev-parse HEAD~)" &&
	quill bench show mem2 >mem2.txt &&
	echo "mem2 (for \"p: add file 2\")" >expect &&
	head -n 1 mem2.txt >first && test_cmp expect first &&
	printf "s: sizes\\n\\nNo tokens.\\n" | quill series edit-cover -F - >/dev/null &&
	rm -rf ../out && quill series format -o ../out >/dev/null 2>&1 &&
	notes ../out 2 >got &&
	test_cmp mem2.txt got &&
	notes ../out 1 >got1 && ! grep -q mem2 got1 &&
	notes ../out 3 >got3 && ! grep -q mem2 got3
'

test_expect_success '--patch: not a patch of the series, or without --attach (2)' '
	cd r &&
	quill_fails 2 "is not a patch of series s v1" bench size --attach m3 --patch main \
		../objsize/old/memory.o ../objsize/new/memory.o &&
	test_must_fail git cat-file -e refs/quill/series/s:v1/bench/m3.json &&
	quill_fails 2 "--patch goes with --attach" bench size --patch HEAD \
		../objsize/old/memory.o ../objsize/new/memory.o
'

test_expect_success 'a version with only a size diff counts for the hint' '
	rm -rf r2 && bench_repo r2 1 && cd r2 &&
	quill bench size --attach memory ../objsize/old/memory.o ../objsize/new/memory.o 2>/dev/null >/dev/null &&
	quill series new-version -m "first" >/dev/null &&
	quill bench show >out 2>err;
	test $? = 1 &&
	echo "quill: no benchmarks attached to v2 of s (v1 has some: --version N)" >expect &&
	test_cmp expect err &&
	quill bench show --version 1 memory >v1.txt &&
	head -n 1 v1.txt >first && echo memory >expect && test_cmp expect first
'

test_done
