#!/bin/sh
# The malformed-input suite, files: tests/tools/gen-bad writes damaged
# copies (cut short, NUL bytes, lines dropped, doubled, swapped or made
# enormous, numbers replaced by nonsense, bytes flipped, line ends changed)
# of a hyperfine export, perf stat text, CSV, kv and samples files, the
# trailer policy, the cover template, an ELF object and a series export
# directory: QUILL_MALFORMED_COUNT * 3/10 inputs (t8000 has the mails).
# Each is read by the command that takes it: an exit code its manual
# allows, no signal, no hang (10 s, 60 under ASan), no sanitizer or GLib report; where
# refused, the file named.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-malformed.sh"
. "$TEST_SRC/lib-series.sh"

DATA=$TEST_SRC/data

test_expect_success 'setup: a series, its export, the base files' '
	test_repo repo &&
	(cd repo && quill series new zone >/dev/null &&
	 test_commit "zone: one" && test_commit "zone: two" &&
	 quill series export zone ../export >/dev/null) &&
	cat >hf.json <<-\EOF &&
	{"results": [{"command": "sleep 0.002", "mean": 0.0031, "stddev": 0.0002,
	  "median": 0.0030, "user": 0.0010, "system": 0.0008, "min": 0.0029, "max": 0.0035,
	  "times": [0.0029, 0.0030, 0.0031, 0.0035, 0.0030], "exit_codes": [0, 0, 0, 0, 0]}]}
	EOF
	set -- -k hyperfine=hf.json -k perf=$DATA/bench/perf-stat-r5.txt \
		-k csv=$DATA/bench/build.csv -k kv=$DATA/bench/sched-base.kv \
		-k samples=$DATA/bench/rebind-base.txt -k policy=$TEST_SRC/../trailers.conf \
		-k template=$TEST_SRC/../templates/cover-letter.txt -k export=export &&
	if command -v gcc >/dev/null; then
		gcc -O2 -c "$DATA/objsize/zone.c" -o good.o && set -- "$@" -k elf=good.o
	fi &&
	"$GEN_BAD" -s 8010 -n "$MF_FILE_COUNT" --no-mail "$@" gen >kinds &&
	test "$(awk "{ n += \$2 } END { print n }" kinds)" = "$MF_FILE_COUNT"
'

test_expect_success 'bench add --dry-run: every damaged result file read or refused by name' '
	(cd repo &&
	 for kind in hyperfine perf csv kv samples; do
		for f in ../gen/files/$kind/*; do
			MF_NAMED=$(basename "$f") mf_run "0 2 3" ../add quill bench add b "$f" --dry-run || return 1
		done
	 done)
'

test_expect_success 'trailer lint --policy: every damaged policy read or refused by name' '
	(cd repo &&
	 for f in ../gen/files/policy/*; do
		mf_run "0 1 2 3" ../lint quill trailer lint --policy "$f" HEAD || return 1
		case $(cat ../lint.out ../lint.err) in
		*"$(basename "$f")"*|*"total: "*) ;;
		*) echo "$f: neither findings nor the file named"; cat ../lint.err; return 1 ;;
		esac
	 done)
'

test_expect_success 'series format with every damaged cover template' '
	(cd repo &&
	 for f in "$TRASH"/gen/files/template/*; do
		rm -rf ../fmt && git config quill.coverTemplate "$f" &&
		MF_NAMED= mf_run "0 2 3" ../fmt quill series format -o ../fmt || return 1
		case $(cat ../fmt.rc 2>/dev/null) in 3) grep -q "$(basename "$f")" ../fmt.err || return 1 ;; esac
	 done)
'

test_expect_success 'bench size: every damaged ELF read or refused by name' '
	test -d gen/files/elf || { echo "# no gcc: no ELF"; return 0; }
	for f in gen/files/elf/*; do
		MF_NAMED=$f mf_run "0 3" size quill bench size good.o "$f" || return 1
	done
'

test_expect_success 'series import: every damaged export imported whole or refused, nothing half' '
	for d in gen/files/export/*; do
		n=$(basename "$d") &&
		rm -rf imp && test_repo imp >/dev/null &&
		(cd imp && mf_run "0 1 2 3" ../import quill series import --name "s$n" "../$d") || return 1
		if test -s import.err && ! grep -q "quill: warning" import.err; then
			test -z "$(git -C imp for-each-ref refs/quill/series)" ||
				{ echo "$d: refused but a state ref was left"; cat import.err; return 1; }
		fi
		test "$(git -C imp fsck --no-dangling 2>&1)" = "" || return 1
	done
'

test_done
