#!/bin/sh
# bench/collect.sh - collecting the trailers given on the list and making
# an am-ready mbox of a series, beside b4 am on the same files.
#
# The input: tests/bench/gen-collect.py writes (a) one thread of 1,000
# messages, a series posted in 3 versions of 30 patches with 907 replies
# (trailers on patches and covers, questions, nested replies quoting the
# trailers they answer), and (b) one 30-patch series with 200 replies.
# Rows (medians of COLLECT_RUNS runs, default 5, interleaved):
#   b4 am -t -m FILE MSGID -o -      what a b4 user runs to see the
#                                    trailers of the newest version
#   quill trailer collect --mbox FILE   the same, per version and patch
#   b4 am -t -m FILE MSGID -o DIR    the am-ready mbox of the series
#   quill mail am --mbox FILE MSGID -o OUT   the same
# b4 runs as "b4 -q -n" (quiet, no questions) with -C (its cache off) and
# -t (cover trailers to every patch, as quill does by default).
# Target: collect >= 20x faster than b4; mail am's ratio is reported.  A
# missed target never fails the bench; a missing tool is a skipped row.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
QUILL=${QUILL:-$here/../quill}
RUNS=${COLLECT_RUNS:-5}
timeit=$here/../tests/bench/timeit.py
gen=$here/../tests/bench/gen-collect.py

T=$(mktemp -d "${TMPDIR:-/tmp}/quill-bench-collect.XXXXXX")
if [ -z "${BENCH_KEEP:-}" ]; then trap 'rm -rf "$T"' EXIT; fi
trap 'exit 130' INT TERM HUP PIPE
export LC_ALL=C TZ=UTC GIT_CONFIG_NOSYSTEM=1 HOME="$T/home" XDG_CACHE_HOME="$T/cache"
mkdir -p "$HOME" "$T/b4out"
git config --global user.name "Ines Maintainer"
git config --global user.email ines@example.net

python3 "$gen" 3 30 907 >"$T/thread.mbox"
python3 "$gen" 1 30 200 >"$T/series.mbox"
msgid=v1.0@collect.quill.invalid
have_b4=
command -v b4 >/dev/null 2>&1 && have_b4=1

# report FILE LABEL-B4 LABEL-QUILL TARGET: the rows and the ratio line
report() {
	awk -F '\t' -v lb="$2" -v lq="$3" -v target="$4" '
		{ wall[$1] = $2 }
		END {
			if ("b4" in wall)
				printf "  %-52s %9.1f ms\n", lb, wall["b4"]
			else
				printf "  %-52s   skipped (b4 is not installed)\n", lb
			printf "  %-52s %9.1f ms\n", lq, wall["quill"]
			if (!("b4" in wall))
				exit
			r = wall["b4"] / wall["quill"]
			if (target > 0)
				printf "  b4 / quill: %.1fx (target >= %dx): %s\n", r, target, (r >= target ? "PASS" : "MISS")
			else
				printf "  b4 / quill: %.1fx (no target)\n", r
		}' "$1"
}

echo "trailer collect: a 1,000-message thread (3 versions x 30 patches, 907 replies); median of $RUNS"
if [ -n "$have_b4" ]; then
	python3 "$timeit" "$RUNS" \
		b4 -- b4 -q -n am -C -t -m "$T/thread.mbox" "$msgid" -o - --- \
		quill -- "$QUILL" trailer collect --mbox "$T/thread.mbox" >"$T/times"
else
	python3 "$timeit" "$RUNS" quill -- "$QUILL" trailer collect --mbox "$T/thread.mbox" >"$T/times"
fi
report "$T/times" "b4 am -t -m FILE MSGID -o -" "quill trailer collect --mbox FILE" 20 | tee "$T/verdicts"
# the summary table (bench/lib.sh): these figures, peak RSS of one run each
b4_ms=- b4_kb=-
if [ -n "$have_b4" ]; then
	b4_ms=$(bench_wall "$T/times" b4)
	b4_kb=$(bench_rss b4 -q -n am -C -t -m "$T/thread.mbox" "$msgid" -o -)
fi
bench_summary "trailer collect, 1,000-mail thread" "$(bench_wall "$T/times" quill)" \
	"$(bench_rss "$QUILL" trailer collect --mbox "$T/thread.mbox")" "b4 am -t -o -" "$b4_ms" "$b4_kb"
bench_verdicts "trailer collect: " "$T/verdicts"

echo "mail am: a 30-patch series with 200 replies; median of $RUNS"
if [ -n "$have_b4" ]; then
	python3 "$timeit" "$RUNS" \
		b4 -- b4 -q -n am -C -t -m "$T/series.mbox" "$msgid" -o "$T/b4out" --- \
		quill -- "$QUILL" mail am --mbox "$T/series.mbox" "$msgid" -o "$T/am.mbox" >"$T/times"
else
	python3 "$timeit" "$RUNS" \
		quill -- "$QUILL" mail am --mbox "$T/series.mbox" "$msgid" -o "$T/am.mbox" >"$T/times"
fi
report "$T/times" "b4 am -t -m FILE MSGID -o DIR" "quill mail am --mbox FILE MSGID -o OUT" 0
b4_ms=- b4_kb=-
if [ -n "$have_b4" ]; then
	b4_ms=$(bench_wall "$T/times" b4)
	b4_kb=$(bench_rss b4 -q -n am -C -t -m "$T/series.mbox" "$msgid" -o "$T/b4out")
fi
bench_summary "mail am, 30 patches + 200 replies" "$(bench_wall "$T/times" quill)" \
	"$(bench_rss "$QUILL" mail am --mbox "$T/series.mbox" "$msgid" -o "$T/am.mbox")" \
	"b4 am -t -o DIR" "$b4_ms" "$b4_kb"
