#!/bin/sh
# quill bench size: two objects gcc compiles from two variants of one C
# file (tests/data/objsize: a helper inline vs always_inline, a function
# added, data removed), compared with the kernel's scripts/bloat-o-meter
# byte for byte (taken from Debian's linux-source-6.1 tarball when it is
# there) and with size(1); -c, -d, -t, --json, --attach into a series and
# reading it back from the state ref, bad input.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

DATA=$TEST_SRC/data/objsize

command -v gcc >/dev/null || skip_all "no gcc to compile the test objects"

# bloat-o-meter: $BLOAT_O_METER, else the copy extracted once into the
# build tree (taking it out of the 130 MB tarball costs some 12 s), else
# extracted now.  It runs nm, from binutils, and python3.
TARBALL=/usr/src/linux-source-6.1.tar.xz
BOM=
bom_why=
find_bom() {
	if ! command -v python3 >/dev/null || ! command -v nm >/dev/null; then
		bom_why="bloat-o-meter needs python3 and nm (binutils)"
		return
	fi
	if [ -n "${BLOAT_O_METER:-}" ]; then
		BOM=$BLOAT_O_METER
		return
	fi
	cache=$QUILL_BUILD_DIR/build/test-cache/bloat-o-meter
	if [ -f "$cache" ]; then
		BOM=$cache
		return
	fi
	if [ ! -f "$TARBALL" ]; then
		bom_why="no $TARBALL (Debian's linux-source-6.1) to take scripts/bloat-o-meter from"
		return
	fi
	mkdir -p "$TRASH/ls" &&
	(cd "$TRASH/ls" && tar -xJf "$TARBALL" linux-source-6.1/scripts/bloat-o-meter) 2>/dev/null &&
	test -s "$TRASH/ls/linux-source-6.1/scripts/bloat-o-meter" || {
		bom_why="scripts/bloat-o-meter could not be extracted from $TARBALL"
		return
	}
	BOM=$TRASH/ls/linux-source-6.1/scripts/bloat-o-meter
	# keep it for the next run (a rename: two runs at once both win)
	if mkdir -p "${cache%/*}" 2>/dev/null && cp "$BOM" "$cache.$$" 2>/dev/null; then
		mv "$cache.$$" "$cache" && BOM=$cache
	fi
}
find_bom

# bom_test TITLE OLD NEW [OPTION]: quill's tables are what bloat-o-meter
# prints for OLD and NEW, byte for byte.
bom_test() {
	if [ -z "$BOM" ]; then
		test_skip "$1" "$bom_why"
		return
	fi
	test_expect_success "$1" "
		python3 \"\$BOM\" $4 $2 $3 >bom.out &&
		quill bench size $4 $2 $3 >q.full &&
		sed '/^\$/,\$d' q.full >q.out &&
		test_cmp bom.out q.out &&
		test -s q.out
	"
}

test_expect_success 'setup: the objects, gcc -O2 -c, variants 1 and 2' '
	gcc -O2 -c -DVARIANT=1 "$DATA/zone.c" -o old.o &&
	gcc -O2 -c -DVARIANT=2 "$DATA/zone.c" -o new.o &&
	cp old.o stripped.o && strip stripped.o
'

test_expect_success 'the inline helper is out of line in the old object only' '
	quill bench size old.o new.o >out &&
	grep -q "^zone_watermark  *[0-9][0-9]*       -  *-[0-9]" out &&
	grep -q "^zone_reset   *-  *[0-9]* *+[0-9]" out &&
	grep -q "^zone_ok  *[0-9][0-9]*  *[0-9][0-9]*  *+[0-9]" out
'

test_expect_success 'the layout: header, column titles, rows by delta, Total, then size' '
	quill bench size old.o new.o >out &&
	head -n 1 out | grep -Eq "^add/remove: [0-9]+/[0-9]+ grow/shrink: [0-9]+/[0-9]+ up/down: [0-9]+/-?[0-9]+ \(-?[0-9]+\)\$" &&
	sed -n 2p out >title &&
	echo "Function                                     old     new   delta" >expect &&
	test_cmp expect title &&
	sed -n "/^Total/q;3,\$p" out | awk "{ print \$NF }" | sed "s/^+//" >deltas &&
	sort -n -r deltas >sorted && test_cmp sorted deltas &&
	grep -Eq "^Total: Before=[0-9]+, After=[0-9]+, chg [+-][0-9]+\.[0-9][0-9]%\$" out &&
	sed -n "/^Total/{n;p;}" out >blank && echo >expect && test_cmp expect blank
'

if command -v nm >/dev/null; then
	test_expect_success 'the sizes are those nm --size-sort gives' '
		quill bench size old.o new.o >out &&
		nm --size-sort old.o | sed -n "s/^0*\([0-9a-f]*\) t zone_watermark\$/\1/p" >hex &&
		test "$(grep "^zone_watermark " out | awk "{ print \$2 }")" = "$(printf "%d" 0x$(cat hex))" &&
		nm --size-sort new.o | sed -n "s/^0*\([0-9a-f]*\) T zone_reset\$/\1/p" >hex &&
		test "$(grep "^zone_reset " out | awk "{ print \$3 }")" = "$(printf "%d" 0x$(cat hex))"
	'
else
	test_skip 'the sizes are those nm --size-sort gives' 'no nm (binutils)'
fi

test_expect_success 'two statics of one name (calls.0, calls.1) count as one, unchanged' '
	quill bench size old.o new.o >out &&
	! grep -q "^calls" out &&
	quill bench size old.o stripped.o 2>err >out2 &&
	grep -q "^calls  *16       -     -16\$" out2
'

bom_test 'the same as bloat-o-meter: old new' old.o new.o
bom_test 'the same as bloat-o-meter: new old' new.o old.o
bom_test 'the same as bloat-o-meter: -c' old.o new.o -c
bom_test 'the same as bloat-o-meter: -d' old.o new.o -d
bom_test 'the same as bloat-o-meter: -t' old.o new.o -t
bom_test 'the same as bloat-o-meter: a file against itself' old.o old.o
bom_test 'the same as bloat-o-meter: -c, a file against itself' new.o new.o -c
bom_test 'the same as bloat-o-meter: a stripped file (no symbols)' old.o stripped.o

test_expect_success 'setup: programs linked from both variants' '
	gcc -O2 -DVARIANT=1 -DWITH_MAIN "$DATA/zone.c" -o old.exe &&
	gcc -O2 -DVARIANT=2 -DWITH_MAIN "$DATA/zone.c" -o new.exe
'
bom_test 'the same as bloat-o-meter: linked programs' old.exe new.exe
bom_test 'the same as bloat-o-meter: linked programs, -c' old.exe new.exe -c

if gcc -O2 -c -DVARIANT=1 "$DATA/names.c" -o names1.o 2>/dev/null &&
   gcc -O2 -c -DVARIANT=2 "$DATA/names.c" -o names2.o 2>/dev/null; then
	bom_test 'the same as bloat-o-meter: a name past 40 columns, a UTF-8 name' names1.o names2.o
else
	test_skip 'the same as bloat-o-meter: a name past 40 columns, a UTF-8 name' \
		'gcc does not take UTF-8 identifiers'
fi

if gcc -m32 -O2 -c -DVARIANT=1 "$DATA/zone.c" -o old32.o 2>/dev/null &&
   gcc -m32 -O2 -c -DVARIANT=2 "$DATA/zone.c" -o new32.o 2>/dev/null; then
	bom_test 'the same as bloat-o-meter: 32-bit objects' old32.o new32.o
else
	test_skip 'the same as bloat-o-meter: 32-bit objects' 'gcc -m32 does not work here'
fi

if command -v size >/dev/null; then
	test_expect_success 'the size lines are what size(1) prints' '
		for pair in "old.o new.o" "new.o old.o" "old.exe new.exe" "old.o stripped.o"; do
			size $pair >expect &&
			quill bench size $pair 2>/dev/null | sed "1,/^\$/d" >got &&
			test_cmp expect got || return 1
		done
	'
else
	test_skip 'the size lines are what size(1) prints' 'no size (binutils)'
fi

test_expect_success '-c: three tables, Function, Data, RO Data' '
	quill bench size -c old.o new.o >out &&
	test "$(grep -c "^add/remove: " out)" = 3 &&
	test "$(grep -c "^Total: " out)" = 3 &&
	grep "^[A-Z][A-Za-z ]*  *old     new   delta\$" out | awk "{ print \$1 }" >titles &&
	printf "Function\nData\nRO\n" >expect && test_cmp expect titles &&
	sed -n "/^Data /,/^Total/p" out | grep -q "^zone_scratch " &&
	sed -n "/^RO Data /,/^Total/p" out | grep -q "^zone_shift " &&
	sed -n "/^Function /,/^Total/p" out | grep -q "^zone_reset "
'

test_expect_success '-d: data and read-only data only; -t: functions only' '
	quill bench size -d old.o new.o >out &&
	sed -n 2p out | grep -q "^Data " &&
	grep -q "^zone_shift " out && grep -q "^zone_scratch " out && ! grep -q "^zone_reset " out &&
	quill bench size --text old.o new.o >out &&
	sed -n 2p out | grep -q "^Function " &&
	grep -q "^zone_reset " out && ! grep -q "^zone_scratch " out && ! grep -q "^zone_shift " out
'

test_expect_success '-c, -d and -t exclude each other; two files are needed' '
	quill_fails 2 "exclude" bench size -c -d old.o new.o &&
	quill_fails 2 "exclude" bench size -t --categories old.o new.o &&
	quill_fails 2 "OLD and the NEW" bench size old.o &&
	quill_fails 2 "OLD and the NEW" bench size old.o new.o new.o &&
	test ! -s out.fail
'

test_expect_success '--json: the same numbers as the text' '
	quill bench size old.o new.o >text &&
	quill bench size --json old.o new.o >j &&
	test "$(jget j "d[\"kind\"]")" = quill-objsize &&
	test "$(jget j "d[\"mode\"]")" = all &&
	test "$(jget j "d[\"old\"][\"file\"]")" = old.o &&
	test "$(jget j "len(d[\"tables\"])")" = 1 &&
	jget j "\"\\n\".join(\"%s %s %s %+d\" % (s[\"name\"], \"-\" if s[\"old\"] is None else s[\"old\"], \"-\" if s[\"new\"] is None else s[\"new\"], s[\"delta\"]) for s in d[\"tables\"][0][\"symbols\"])" >from-json &&
	sed -n "/^Total/q;3,\$p" text | awk "{ print \$1, \$2, \$3, \$4 }" >from-text &&
	test_cmp from-text from-json &&
	test "$(jget j "d[\"tables\"][0][\"before\"]")" = "$(sed -n "s/^Total: Before=\([0-9]*\),.*/\1/p" text)" &&
	test "$(jget j "d[\"new\"][\"text\"]")" = "$(sed -n "\$p" text | awk "{ print \$1 }")" &&
	quill bench size -c --json old.o new.o >j3 &&
	test "$(jget j3 "[t[\"title\"] for t in d[\"tables\"]]")" = "[\"Function\", \"Data\", \"RO Data\"]"
'

test_expect_success 'bad input: not ELF (3), a file cut short (3), one line naming the file' '
	printf "int x;\n" >notelf.o &&
	quill_fails 3 "notelf.o: not an ELF file" bench size old.o notelf.o &&
	test ! -s out.fail &&
	head -c 1000 old.o >cut.o &&
	quill_fails 3 "cut.o: a damaged ELF file" bench size cut.o new.o &&
	: >empty.o &&
	quill_fails 3 "empty.o: not an ELF file" bench size empty.o new.o
'

if command -v ar >/dev/null; then
	test_expect_success 'an ar archive is refused (3)' '
		ar rc lib.a old.o &&
		quill_fails 3 "lib.a: an ar archive" bench size lib.a new.o
	'
else
	test_skip 'an ar archive is refused (3)' 'no ar (binutils)'
fi

test_expect_success 'bad usage: a missing file, a directory (2), one line naming it' '
	quill_fails 2 "no-such.o: No such file" bench size old.o no-such.o &&
	test ! -s out.fail &&
	mkdir dir &&
	quill_fails 2 "dir: a directory" bench size dir new.o
'

test_expect_success 'a stripped file: a warning naming it, every symbol removed' '
	quill bench size old.o stripped.o >out 2>err &&
	echo "quill: warning: bench size: stripped.o: no symbol table (stripped?): no symbols to compare" >expect &&
	test_cmp expect err &&
	grep -q "^add/remove: 0/[1-9][0-9]* grow/shrink: 0/0 " out
'

# state NAME: the state commit of series NAME
state() {
	git rev-parse -q --verify "refs/quill/series/$1"
}

test_expect_success 'setup: a repository with a series' '
	series_repo r zone-init 2 &&
	cp old.o new.o notelf.o r/
'

test_expect_success '--attach NAME: kept as v1/bench/NAME.json, stdout unchanged' '
	cd r &&
	before=$(state zone-init) &&
	quill bench size old.o new.o >expect.out &&
	quill bench size --attach mm-size old.o new.o >out 2>err &&
	test_cmp expect.out out &&
	echo "attached mm-size to zone-init v1 (v1/bench/mm-size.json)" >expect &&
	test_cmp expect err &&
	test "$(git rev-parse "$(state zone-init)^")" = "$before" &&
	git show refs/quill/series/zone-init:v1/bench/mm-size.json >attached.json &&
	test "$(jget attached.json "d[\"kind\"]")" = quill-objsize &&
	test "$(jget attached.json "d[\"name\"]")" = mm-size &&
	jget attached.json "d[\"date\"]" | grep -Eq "^2025-12-01T[0-9:]{8}Z\$" &&
	quill bench size --json old.o new.o >plain.json &&
	test "$(jget attached.json "d[\"tables\"]")" = "$(jget plain.json "d[\"tables\"]")" &&
	git log -1 --format=%s refs/quill/series/zone-init >subject &&
	grep -q "^bench: size mm-size: [0-9]* to [0-9]* bytes (+[0-9]*)\$" subject
'

test_expect_success '--attach again under the same name replaces it (-c now)' '
	cd r &&
	before=$(state zone-init) &&
	quill bench size -c --attach mm-size old.o new.o >/dev/null 2>&1 &&
	test "$(git rev-parse "$(state zone-init)^")" = "$before" &&
	git show refs/quill/series/zone-init:v1/bench/mm-size.json >attached.json &&
	test "$(jget attached.json "d[\"mode\"]")" = split &&
	git ls-tree -r --name-only refs/quill/series/zone-init v1/bench >files &&
	echo v1/bench/mm-size.json >expect && test_cmp expect files
'

test_expect_success '--attach --json: the document with where it went' '
	cd r &&
	quill bench size --json --attach text-only -t old.o new.o >j 2>err &&
	test ! -s err &&
	test "$(jget j "d[\"attached\"]")" = "{\"series\": \"zone-init\", \"version\": 1, \"path\": \"v1/bench/text-only.json\"}" &&
	git show refs/quill/series/zone-init:v1/bench/text-only.json >attached.json &&
	test "$(jget attached.json "d[\"tables\"]")" = "$(jget j "d[\"tables\"]")"
'

test_expect_success 'bad input: nothing attached, the state ref unmoved' '
	cd r &&
	before=$(state zone-init) &&
	quill_fails 3 "notelf.o: not an ELF file" bench size --attach broken old.o notelf.o &&
	quill_fails 2 "gone.o" bench size --attach broken gone.o new.o &&
	test "$(state zone-init)" = "$before" &&
	test_must_fail git cat-file -e refs/quill/series/zone-init:v1/bench/broken.json
'

test_expect_success '--attach: a bad name, no such series, outside a repository (2)' '
	cd r &&
	before=$(state zone-init) &&
	quill_fails 2 "not a benchmark name" bench size --attach ../x old.o new.o &&
	quill_fails 2 "not a benchmark name" bench size --attach .hidden old.o new.o &&
	quill_fails 2 "no series" bench size --attach mm --series nope old.o new.o &&
	quill_fails 2 "goes with --attach" bench size --series zone-init old.o new.o &&
	test "$(state zone-init)" = "$before" &&
	cd .. && mkdir -p outside && cd outside &&
	(GIT_CEILING_DIRECTORIES=$TRASH && export GIT_CEILING_DIRECTORIES &&
	 quill_fails 2 "not in a git repository" bench size --attach mm ../old.o ../new.o)
'

test_expect_success 'a benchmark of another kind under that name is not replaced' '
	cd r &&
	blob=$(printf "{\"kind\": \"quill-bench\", \"name\": \"boot\", \"roles\": []}\n" | git hash-object -w --stdin) &&
	GIT_INDEX_FILE="$TRASH/idx" git read-tree refs/quill/series/zone-init &&
	GIT_INDEX_FILE="$TRASH/idx" git update-index --add --cacheinfo 100644,$blob,v1/bench/boot.json &&
	tree=$(GIT_INDEX_FILE="$TRASH/idx" git write-tree) &&
	commit=$(git commit-tree -p refs/quill/series/zone-init -m "bench: add boot" $tree) &&
	git update-ref refs/quill/series/zone-init $commit &&
	quill_fails 2 "v1/bench/boot.json is already there" bench size --attach boot old.o new.o &&
	test "$(state zone-init)" = "$commit" &&
	test "$(git show refs/quill/series/zone-init:v1/bench/boot.json)" = "$(git cat-file blob $blob)"
'

test_expect_success 'after new-version, --attach goes to the working version (v2)' '
	cd r &&
	quill series new-version -m "v2: nothing yet" >/dev/null &&
	quill bench size --attach mm-size --series zone-init old.o new.o >/dev/null 2>err &&
	echo "attached mm-size to zone-init v2 (v2/bench/mm-size.json)" >expect &&
	test_cmp expect err &&
	git cat-file -e refs/quill/series/zone-init:v2/bench/mm-size.json &&
	git cat-file -e refs/quill/series/zone-init:v1/bench/mm-size.json
'

test_expect_success '{{objsize NAME}} in the cover: the attached table in the mail' '
	cd r &&
	printf "zone: sizes\\n\\nThe object grows:\\n\\n{{objsize mm-size}}\\n\\nThat is all.\\n" |
		quill series edit-cover -F - >/dev/null &&
	quill series format -o ../sz >/dev/null 2>&1 &&
	sed "1,/^\$/d" ../sz/0000-cover-letter.patch >body &&
	quill bench size old.o new.o | sed -n "1,/^Total: /p" >table &&
	head -n 1 table >first &&
	grep -qxF "$(cat first)" body &&
	grep -qxF "$(tail -n 1 table)" body &&
	sed -n "/^The object grows:/,/^That is all./p" body | grep -q "^Total: " &&
	awk "length > 72 { bad = 1 } END { exit bad }" body
'

test_expect_success '{{objsize NAME}} with nothing attached under NAME: exit 3 naming the line' '
	cd r &&
	printf "zone: sizes\\n\\n{{objsize nope}}\\n" | quill series edit-cover -F - >/dev/null &&
	quill_fails 3 "cover:3: \\{\\{objsize nope\\}\\}: .*nope" series format -o ../sz2 &&
	test ! -e ../sz2
'

test_expect_success 'bench check holds a cover'"'"'s size claim against the attached diff' '
	cd r &&
	quill bench size --json old.o new.o >sz.json &&
	before=$(jget sz.json "d[\"tables\"][0][\"before\"]") &&
	after=$(jget sz.json "d[\"tables\"][0][\"after\"]") &&
	pct=$(python3 -c "import sys; b, a = int(sys.argv[1]), int(sys.argv[2]); print(\"%.2f\" % abs(100.0 * (a - b) / b))" $before $after) &&
	word=$( [ "$after" -gt "$before" ] && echo grew || echo shrank ) &&
	printf "zone: sizes\\n\\nThe object $word by $pct%% ($before -> $after bytes).\\n" |
		quill series edit-cover -F - >/dev/null &&
	quill bench check >out &&
	grep -q "1 claim, 1 confirmed" out &&
	wrong=$((after + 40)) &&
	printf "zone: sizes\\n\\nThe object went from $before to $wrong bytes.\\n" |
		quill series edit-cover -F - >/dev/null &&
	test_expect_code 1 quill bench check >out &&
	grep -q "^cover:3: error: claim-mismatch: .*$after" out
'

test_expect_success 'bench check: a damaged size diff in the state is one error naming it (exit 3)' '
	cd r &&
	blob=$(printf "{\"kind\": \"quill-objsize\", \"mode\": \"all\"}\n" | git hash-object -w --stdin) &&
	GIT_INDEX_FILE="$TRASH/idx2" git read-tree refs/quill/series/zone-init &&
	GIT_INDEX_FILE="$TRASH/idx2" git update-index --add --cacheinfo 100644,$blob,v2/bench/broken.json &&
	tree=$(GIT_INDEX_FILE="$TRASH/idx2" git write-tree) &&
	commit=$(git commit-tree -p refs/quill/series/zone-init -m "bench: a damaged size diff" $tree) &&
	git update-ref refs/quill/series/zone-init $commit &&
	quill_fails 3 "v2/bench/broken.json" bench check
'

test_expect_success '--help' '
	quill bench size --help >out &&
	grep -q "quill bench size" out && grep -q -- "--attach" out
'

test_done
