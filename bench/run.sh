#!/bin/sh
# bench/run.sh - `make bench`: every measurement, as ratios to the tools a
# user would use instead, in one run, ending with one table of the headline
# figures (each script's bench_summary/bench_target lines, bench/lib.sh) and
# a line saying which targets hold.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
QUILL=${QUILL_BUILD_DIR:-$here/..}/quill
export QUILL
BENCH_SUMMARY=$(mktemp "${TMPDIR:-/tmp}/quill-bench-summary.XXXXXX")
export BENCH_SUMMARY
trap 'rm -f "$BENCH_SUMMARY"' EXIT
failed=0
for b in "$here"/*.sh; do
	case $(basename "$b") in lib.sh|run.sh|summary.sh) continue ;; esac
	echo "== $(basename "$b" .sh)"
	sh "$b" || { echo "bench/$(basename "$b"): failed" >&2; failed=1; }
	echo
done
"$here/summary.sh" "$BENCH_SUMMARY"
exit $failed
