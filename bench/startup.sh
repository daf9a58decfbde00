#!/bin/sh
# bench/startup.sh - what a command costs before it does anything: `quill
# --version` and `quill mail info` of a small mail (the front quill, which
# maps no libgit2/libcurl/notmuch: cmd/front.c) against `git --version`;
# the target is 2x.  And the start-up of a repository command, `series
# new-version --help` (front, then the full binary, then libgit2's init),
# through the front and run directly.
#
# CPU time (task-clock: user + system), the lowest mean of ROUNDS rounds of
# perf stat -r RUNS, the commands interleaved round by round, so that the
# other load on the machine counts as little as it can.  mail info reads
# its mail on stdin, which perf stat -r cannot give again: it is timed as a
# shell loop of RUNS runs (perf stat over the loop, per run), beside git
# --version in the same loop.  Without perf, a loop of wall times.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
QUILL=${QUILL:-${QUILL_BUILD_DIR:-$here/..}/quill}
FULL=$(dirname "$QUILL")/build/quill
RUNS=${STARTUP_RUNS:-200}
ROUNDS=${STARTUP_ROUNDS:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/quill-bench-startup.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"

cat >small.eml <<'MAIL'
From: Ada Example <ada@example.org>
Subject: [PATCH] frob: start the frobnicator
Date: Mon, 1 Dec 2025 10:00:00 +0000
Message-ID: <frob-1@example.org>

Start it early.

Signed-off-by: Ada Example <ada@example.org>
---
 frob.c | 1 +
 1 file changed, 1 insertion(+)

diff --git a/frob.c b/frob.c
--- a/frob.c
+++ b/frob.c
@@ -0,0 +1 @@
+int frob;
MAIL
git init -q repo

have_perf=no
perf stat -x, -e task-clock true >/dev/null 2>&1 && have_perf=yes

# one_ms CMD...: mean CPU ms of one run (perf stat -r RUNS), else wall median
one_ms() {
	if [ $have_perf = yes ]; then
		perf stat -x, -r "$RUNS" -e task-clock "$@" 2>&1 >/dev/null </dev/null |
			awk -F, '/task-clock/ { printf "%.3f\n", $1 }'
	else
		bench_median "$RUNS" -- "$@"
	fi
}

# loop_ms CMD...: ms per run of CMD <small.eml in a shell loop of RUNS
loop_ms() {
	_script='i=0; while [ $i -lt '"$RUNS"' ]; do "$@" <small.eml >/dev/null 2>&1; i=$((i + 1)); done'
	if [ $have_perf = yes ]; then
		perf stat -x, -e task-clock sh -c "$_script" sh "$@" 2>&1 >/dev/null |
			awk -F, -v n="$RUNS" '/task-clock/ { printf "%.3f\n", $1 / n }'
	else
		_t0=$(now_ns); sh -c "$_script" sh "$@"; _t1=$(now_ns)
		awk -v d=$((_t1 - _t0)) -v n="$RUNS" 'BEGIN { printf "%.3f\n", d / 1e6 / n }'
	fi
}

min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }

git_v= q_v= git_l= q_l= nv= nv_full=
r=0
while [ $r -lt "$ROUNDS" ]; do
	git_v=$(min "$git_v" "$(one_ms git --version)")
	q_v=$(min "$q_v" "$(one_ms "$QUILL" --version)")
	git_l=$(min "$git_l" "$(loop_ms git --version)")
	q_l=$(min "$q_l" "$(loop_ms "$QUILL" mail info msg patch)")
	nv=$(min "$nv" "$(cd repo && one_ms "$QUILL" series new-version --help)")
	[ -x "$FULL" ] && nv_full=$(min "$nv_full" "$(cd repo && one_ms "$FULL" series new-version --help)")
	r=$((r + 1))
done

unit="CPU ms"; [ $have_perf = yes ] || unit="wall ms"
echo "  ($unit a run; the lowest of $ROUNDS rounds of $RUNS runs)"
bench_row "git --version" "$git_v" "$git_v"
bench_row "quill --version" "$q_v" "$git_v"
bench_row "git --version (shell loop)" "$git_l" "$git_l"
bench_row "quill mail info, a small mail (shell loop)" "$q_l" "$git_l"
bench_row "quill series new-version --help" "$nv" "$git_v"
[ -n "$nv_full" ] && bench_row "  the full binary run directly" "$nv_full" "$git_v"

verdict() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > 0 && a / b <= 2.0) ? "PASS" : "MISS" }'; }
v1=$(verdict "$q_v" "$git_v")
v2=$(verdict "$q_l" "$git_l")
echo "  $v1 quill --version within 2x of git --version ($(ratio "$q_v" "$git_v")x)"
echo "  $v2 quill mail info within 2x of git --version ($(ratio "$q_l" "$git_l")x)"
git_kb=$(bench_rss git --version)
bench_summary "start-up: quill --version" "$q_v" "$(bench_rss "$QUILL" --version)" \
	"git --version" "$git_v" "$git_kb"
bench_summary "start-up: quill mail info (small)" "$q_l" \
	"$(bench_rss sh -c 'exec "$0" mail info msg patch <small.eml' "$QUILL")" \
	"git --version (loop)" "$git_l" "$git_kb"
bench_summary "start-up: series new-version --help" "$nv" \
	"$(cd repo && bench_rss "$QUILL" series new-version --help)" "git --version" "$git_v" "$git_kb"
bench_target "quill --version within 2x of git --version" "$v1"
bench_target "quill mail info of a small mail within 2x of git --version" "$v2"
