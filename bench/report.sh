#!/bin/sh
# bench/report.sh - quill review report on the big archive of bench/mail.sh
# (build/bench/lkml-SHA-N.mbox, N = MAIL_MESSAGES, 100,000 by default): every series in
# the mail with its review state, as DIR/index.html and a page per series
# (about 4,500 pages, 76 MB).
#
# Rows (bench/lib.sh's bench_median: the median of REPORT_RUNS runs,
# default 3, each after the output of the last is removed, untimed):
#   quill review report --mbox FILE -o DIR      the pages written
#   quill review report --mbox FILE -n -o DIR   the same without writing
#                              (the mail read and the pages rendered): the
#                              row's peer, so the ratio is what the files
#                              cost
# Target: the pages written from 100,000 messages in under 5 s (the
# issue's, on a 2-core machine).  A missed target never fails the bench;
# no archive (bench/mail.sh makes it) is a skipped row.
#
# REPORT_DIR: where the pages go (default: a directory in /dev/shm when it
# is a tmpfs with room, else the temporary directory; as bench/mail.sh's
# MAIL_SPLIT_DIR says, removing thousands of files on this project's ext4
# makes the next ones slow to create for a minute, and the row would
# measure that).  BENCH_KEEP=1 keeps the temporary directories.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
QUILL=${QUILL:-$here/../quill}
ROOT=${QUILL_BUILD_DIR:-$here/..}
RUNS=${REPORT_RUNS:-3}
TARGET_MS=5000

big=$(ls "$ROOT"/build/bench/lkml-*-"${MAIL_MESSAGES:-100000}".mbox 2>/dev/null | head -1 || true)
if [ -z "$big" ]; then
	echo "  review report: skipped (no build/bench/lkml-*.mbox; bench/mail.sh makes it)"
	exit 0
fi
n=$(basename "$big" .mbox)
n=${n##*-}
T=$(mktemp -d "${TMPDIR:-/tmp}/quill-bench-report.XXXXXX")
D=${REPORT_DIR:-}
SHM=
if [ -z "$D" ]; then
	D=$T
	if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] &&
		[ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt 500000 ] &&
		_s=$(mktemp -d /dev/shm/quill-bench-report.XXXXXX 2>/dev/null); then
		D=$_s SHM=$_s
	fi
fi
[ -n "${BENCH_KEEP:-}" ] || trap 'rm -rf "$T" ${SHM:+"$SHM"}' EXIT
trap 'exit 130' INT TERM HUP PIPE
export LC_ALL=C TZ=UTC GIT_CONFIG_NOSYSTEM=1 HOME="$T/home"
mkdir -p "$HOME"
cd "$T"

echo "review report: $(basename "$big") ($n messages), pages into $D; median of $RUNS"
# a warm page cache for the archive, as every row of bench/mail.sh has
cat "$big" >/dev/null
out=$D/out
write_ms=$(bench_median "$RUNS" --before "rm -rf $out" -- "$QUILL" review report --mbox "$big" -o "$out")
dry_ms=$(bench_median "$RUNS" -- "$QUILL" review report --mbox "$big" -n -o "$out")
"$QUILL" review report --mbox "$big" -o "$out" 2>/dev/null | sed 's/^/  /'
verdict=$(awk -v t="$write_ms" -v m="$TARGET_MS" 'BEGIN { print (t < m ? "PASS" : "MISS") }')
printf '  %-52s %9.1f ms\n' "quill review report -o DIR" "$write_ms"
printf '  %-52s %9.1f ms\n' "quill review report -n (nothing written)" "$dry_ms"
printf '  review report, %s messages: %.0f ms (target < %d ms): %s\n' "$n" "$write_ms" \
	"$TARGET_MS" "$verdict" | tee "$T/verdicts"
rm -rf "$out"
write_kb=$(bench_rss "$QUILL" review report --mbox "$big" -o "$out")
bench_summary "review report, $n messages" "$write_ms" "$write_kb" \
	"quill review report -n" "$dry_ms" "$(bench_rss "$QUILL" review report --mbox "$big" -n -o "$out")"
bench_verdicts "" "$T/verdicts"
