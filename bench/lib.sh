# bench/lib.sh - timing helpers for `make bench` (sourced).
#
#   t=$(bench_median RUNS [--before 'CMD'] -- CMD ARGS...)  median wall time, ms
#   ratio A B                                         A/B with two decimals
# --before runs (untimed) before every timed run, to reset state.

now_ns() { date +%s%N; }

bench_median() {
	_runs=$1; shift
	_before=:
	if [ "$1" = "--before" ]; then _before=$2; shift 2; fi
	[ "$1" = "--" ] && shift
	_times=""
	_i=0
	while [ $_i -lt "$_runs" ]; do
		eval "$_before" >/dev/null 2>&1 || true
		_t0=$(now_ns)
		"$@" >/dev/null 2>&1 || { echo "bench: '$*' failed" >&2; return 1; }
		_t1=$(now_ns)
		_times="$_times $(( (_t1 - _t0) / 1000 ))"
		_i=$((_i + 1))
	done
	# median of the microsecond times, printed in milliseconds
	printf '%s\n' $_times | sort -n | awk '{ a[NR] = $1 } END {
		m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
		printf "%.2f\n", m / 1000 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

bench_row() { # label ms reference-ms
	printf '  %-44s %9.2f ms  %6sx\n' "$1" "$2" "$(ratio "$2" "$3")"
}

# ------------------------------------------------------------ the summary
# Each bench script adds its headline figures to the one table that
# bench/run.sh prints at the end (nothing happens when a script runs alone,
# without BENCH_SUMMARY):
#
#   bench_summary WORKLOAD QUILL_MS QUILL_KB PEER PEER_MS PEER_KB
#       one row: quill's wall time and peak RSS for WORKLOAD beside PEER's
#       (a peer that did not run: PEER_MS "-"; an unmeasured RSS: "-")
#   bench_target TEXT VERDICT
#       one target and whether it holds (VERDICT PASS or MISS; anything else,
#       e.g. "skipped", is listed as not measured)
#   kb=$(bench_rss CMD ARGS...)
#       peak RSS in KB of one run (GNU time's %M), or "-" without GNU time
#       or without BENCH_SUMMARY (then CMD does not run)
#   bench_verdicts PREFIX FILE
#       a bench_target for every line of FILE (a copy of what the script
#       printed) that ends in PASS or MISS: the line without its verdict,
#       after PREFIX
#   ms=$(bench_wall FILE LABEL)
#       LABEL's median wall time in FILE, tests/bench/timeit.py's output
bench_summary() {
	[ -n "${BENCH_SUMMARY:-}" ] || return 0
	printf 'row\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "${3:--}" "$4" "${5:--}" "${6:--}" >>"$BENCH_SUMMARY"
}

bench_target() {
	[ -n "${BENCH_SUMMARY:-}" ] || return 0
	printf 'target\t%s\t%s\n' "$1" "$2" >>"$BENCH_SUMMARY"
}

bench_rss() {
	# no table to go into (a script run alone): no extra run
	if [ -z "${BENCH_SUMMARY:-}" ]; then
		echo -
	elif [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M -o "${TMPDIR:-/tmp}/quill-bench-rss.$$" "$@" >/dev/null 2>&1 || true
		tail -n 1 "${TMPDIR:-/tmp}/quill-bench-rss.$$" 2>/dev/null || echo -
		rm -f "${TMPDIR:-/tmp}/quill-bench-rss.$$"
	else
		echo -
	fi
}

bench_verdicts() {
	[ -n "${BENCH_SUMMARY:-}" ] || return 0
	[ -f "$2" ] || return 0
	sed -n 's/^ *\(.*[^ :]\):* *\(PASS\|MISS\)$/\2	\1/p' "$2" | while IFS='	' read -r _v _t; do
		bench_target "$1$_t" "$_v"
	done
}

bench_wall() { awk -F '\t' -v l="$2" '$1 == l { print $2 }' "$1"; }
