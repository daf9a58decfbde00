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
