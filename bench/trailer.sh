#!/bin/sh
# bench/trailer.sh - quill trailer parse --rev-range over a generated
# repository of 50,000 commits with kernel-style trailer blocks, beside
# git log --format='%(trailers:only)' over the same commits; then quill
# trailer lint over the whole history, beside the kernel's checkpatch.pl on
# a sample of those commits, per commit, and beside that git log again.
#
# The repository comes from tests/bench/gen-trailer-repo.py through git
# fast-import and is kept in build/bench/ (made again only when the
# generator or the count changes).  checkpatch.pl comes from Debian's
# linux-source-6.1 (scripts/checkpatch.sh; scripts/deps.sh bench installs
# it); without it that row says "skipped".  Knobs: RUNS (default 7),
# TRAILER_COMMITS (default 50000), CHECKPATCH_SAMPLE (default 20 commits).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
top=${QUILL_BUILD_DIR:-$here/..}
QUILL=${QUILL:-$top/quill}
RUNS=${RUNS:-7}
N=${TRAILER_COMMITS:-50000}
SAMPLE=${CHECKPATCH_SAMPLE:-20}
gen=$here/../tests/bench/gen-trailer-repo.py
timeit=$here/../tests/bench/timeit.py

T=$(mktemp -d "${TMPDIR:-/tmp}/quill-bench-trailer.XXXXXX")
trap 'rm -rf "$T"' EXIT
export HOME="$T/home" LC_ALL=C GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"

repo=$top/build/bench/trailer-$N.git
stamp="$N $(cksum <"$gen")"
if [ ! -f "$repo/quill-bench-stamp" ] || [ "$(cat "$repo/quill-bench-stamp")" != "$stamp" ]; then
	echo "  generating $N commits into build/bench/ (once) ..."
	rm -rf "$repo"
	mkdir -p "$(dirname "$repo")"
	git init -q --bare "$repo.tmp"
	python3 "$gen" "$N" | git -C "$repo.tmp" fast-import --quiet --done
	printf '%s\n' "$stamp" >"$repo.tmp/quill-bench-stamp"
	mv "$repo.tmp" "$repo"
fi
cd "$repo"

# the same trailers, before timing anything (git log ignores the divider;
# none of these messages has one)
"$QUILL" trailer parse --rev-range main >"$T/quill.out"
git log --format='commit %H%n%(trailers:only,unfold)' main | sed '/^$/d' >"$T/git.out"
if cmp -s "$T/quill.out" "$T/git.out"; then same=yes; else same=NO; fi

echo "trailers of $N commits (fast-import pack, no commit-graph), median of $RUNS interleaved runs"
python3 "$timeit" "$RUNS" \
	git -- git log --format='%(trailers:only)' main --- \
	quill -- "$QUILL" trailer parse --rev-range main >"$T/times"
awk -F '\t' -v same="$same" '
	{ wall[$1] = $2; cpu[$1] = $3 }
	END {
		printf "  %-52s %9.1f ms  cpu %8.1f ms\n", "git log --format=%(trailers:only) main (reference)", wall["git"], cpu["git"]
		printf "  %-52s %9.1f ms  cpu %8.1f ms\n", "quill trailer parse --rev-range main", wall["quill"], cpu["quill"]
		r = wall["quill"] / wall["git"]; c = cpu["quill"] / cpu["git"]
		printf "  quill/git wall time: %.2fx (target <= 0.60x, issue 14): %s\n", r, r <= 0.6 ? "PASS" : "MISS"
		printf "  quill/git cpu time:  %.2fx (target <= 1.00x): %s\n", c, c <= 1.0 ? "PASS" : "MISS"
		printf "  (quill walks the history on a second thread, QUILL_READ_AHEAD=0 for one:\n"
		printf "  its wall time needs a second core free; git log is single-threaded)\n"
		printf "  same trailers as git log %%(trailers:only,unfold): %s\n", same
	}' "$T/times" | tee "$T/verdicts"
# the summary table (bench/lib.sh): the figures above, peak RSS of one run each
git_ms=$(bench_wall "$T/times" git)
git_kb=$(bench_rss git log --format='%(trailers:only)' main)
bench_summary "trailer parse, $N commits" "$(bench_wall "$T/times" quill)" \
	"$(bench_rss "$QUILL" trailer parse --rev-range main)" "git log %(trailers:only)" "$git_ms" "$git_kb"
bench_verdicts "trailer parse: " "$T/verdicts"

# ---- trailer lint over the whole history, checkpatch.pl per commit ----
echo
echo "trailer lint: the $N commits, and checkpatch.pl on $SAMPLE of them, median of $RUNS runs"
# lint exits 1 when it finds errors (the generated trailers have some)
lint_all="$QUILL trailer lint --rev-range main >/dev/null; [ \$? -le 1 ]"
"$QUILL" trailer lint --rev-range main >"$T/lint.out" || [ $? -le 1 ]
findings=$(grep -c ': \(error\|warning\|info\): ' "$T/lint.out" || true)
summary=$(tail -n 1 "$T/lint.out")
mkdir -p "$T/sample"
step=$((N / SAMPLE))
[ "$step" -ge 1 ] || step=1
git rev-list --no-merges main | awk -v s="$step" -v n="$SAMPLE" 'NR % s == 1 && c < n { print; c++ }' |
	while read -r c; do git format-patch -q -1 -o "$T/sample" "$c" >/dev/null; done
nsample=$(ls "$T/sample" | wc -l)
lint_sample="$QUILL trailer lint $T/sample/*.patch >/dev/null; [ \$? -le 1 ]"
if checkpatch=$(QUILL_BUILD_DIR=$top "$here/../scripts/checkpatch.sh"); then
	# one run per patch, as it is used; GIT_DIR lets it look up commit ids as quill does
	cp_sample="for f in $T/sample/*.patch; do GIT_DIR=$repo perl $checkpatch --no-tree -q \$f >/dev/null; done; true"
	python3 "$timeit" "$RUNS" \
		git -- git log --format='%(trailers:only)' main --- \
		lint -- sh -c "$lint_all" --- \
		qsample -- sh -c "$lint_sample" --- \
		checkpatch -- sh -c "$cp_sample" >"$T/ltimes"
else
	python3 "$timeit" "$RUNS" \
		git -- git log --format='%(trailers:only)' main --- \
		lint -- sh -c "$lint_all" --- \
		qsample -- sh -c "$lint_sample" >"$T/ltimes"
fi
awk -F '\t' -v n="$N" -v s="$nsample" -v f="$findings" -v sum="$summary" '
	{ wall[$1] = $2; cpu[$1] = $3 }
	END {
		q = wall["lint"] * 1000 / n
		g = wall["lint"] / wall["git"]
		printf "  %-52s %9.1f ms  cpu %8.1f ms\n", "quill trailer lint --rev-range main", wall["lint"], cpu["lint"]
		printf "    %.1f us a commit; %d findings (%s)\n", q, f, sum
		printf "  lint/git log %%(trailers:only) wall time: %.2fx (target <= 1.00x, issue 14): %s\n", g, g <= 1.0 ? "PASS" : "MISS"
		printf "  %-52s %9.1f ms  cpu %8.1f ms\n", sprintf("quill trailer lint on the %d sample mails (one run)", s), wall["qsample"], cpu["qsample"]
		if ("checkpatch" in wall) {
			c = wall["checkpatch"] * 1000 / s
			printf "  %-52s %9.1f ms  cpu %8.1f ms\n", sprintf("checkpatch.pl --no-tree, one run per mail (%d)", s), wall["checkpatch"], cpu["checkpatch"]
			printf "    %.1f ms a commit\n", c / 1000
			r = c / q
			printf "  checkpatch/quill time per commit: %.0fx (target >= 1000x): %s\n", r, (r >= 1000 ? "PASS" : "MISS")
		} else {
			printf "  checkpatch.pl: skipped (no /usr/src/linux-source-6.1.tar.xz: scripts/deps.sh bench\n"
			printf "  installs the linux-source-6.1 package, which ships scripts/checkpatch.pl)\n"
		}
	}' "$T/ltimes" | tee "$T/verdicts"
lint_kb=$(bench_rss "$QUILL" trailer lint --rev-range main)
bench_summary "trailer lint, $N commits" "$(bench_wall "$T/ltimes" lint)" "$lint_kb" \
	"git log %(trailers:only)" "$git_ms" "$git_kb"
if [ -n "$(bench_wall "$T/ltimes" checkpatch)" ]; then
	bench_summary "trailer lint, $nsample mails" "$(bench_wall "$T/ltimes" qsample)" \
		"$(bench_rss sh -c "$lint_sample")" "checkpatch.pl, $nsample mails" \
		"$(bench_wall "$T/ltimes" checkpatch)" "$(bench_rss sh -c "$cp_sample")"
fi
bench_verdicts "trailer lint: " "$T/verdicts"

# trailer lint --mbox: linear in the mails (the series rules group them by
# hash tables); 3,000 and 30,000 patch mails of one series size from one
# sender (the case that was quadratic), beside checkpatch.pl's per-mail
# cost above
for n in 3000 30000; do
	awk -v n="$n" 'BEGIN {
		for (i = 0; i < n; i++) {
			printf "From quill Mon Dec  1 10:00:00 2025\nFrom: A <a@example.org>\n"
			printf "Subject: [PATCH %d/5] part %d\nMessage-ID: <p%d@example.org>\n", i % 5 + 1, i, i
			printf "Date: Mon, 01 Dec 2025 10:00:00 +0000\n\nDo part %d.\n\n", i
			printf "Signed-off-by: A <a@example.org>\n---\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n"
			printf "@@ -1 +1 @@\n-a\n+b\n\n"
		}
	}' >"$T/lint-$n.mbox"
done
echo "trailer lint --mbox, median of $RUNS interleaved runs"
python3 "$timeit" "$RUNS" \
	small -- sh -c "\"$QUILL\" trailer lint --mbox $T/lint-3000.mbox >/dev/null" --- \
	big -- sh -c "\"$QUILL\" trailer lint --mbox $T/lint-30000.mbox >/dev/null" >"$T/mtimes"
awk -F '\t' '
	{ wall[$1] = $2; cpu[$1] = $3 }
	END {
		printf "  %-52s %9.1f ms  cpu %8.1f ms\n", "quill trailer lint --mbox, 3,000 mails", wall["small"], cpu["small"]
		printf "  %-52s %9.1f ms  cpu %8.1f ms\n", "quill trailer lint --mbox, 30,000 mails", wall["big"], cpu["big"]
		r = cpu["big"] / cpu["small"]
		printf "  30,000/3,000 mails cpu time: %.1fx (target <= 12x, linear ~10x): %s\n", r, r <= 12 ? "PASS" : "MISS"
	}' "$T/mtimes" | tee "$T/verdicts"
bench_verdicts "trailer lint --mbox: " "$T/verdicts"
