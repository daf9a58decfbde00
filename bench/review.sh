#!/bin/sh
# bench/review.sh - pulling the review of a series from a public-inbox
# server on 127.0.0.1, beside b4, and scanning a big archive for review
# items beside threading it.
#
# The archive: tests/bench/gen-review.py writes one series posted in 9
# versions of 20 patches, with 300 replies over them (trailers, questions,
# change requests, replies to replies); tests/testbed/lore-server.sh serves
# it with a real public-inbox-httpd.  A repository gets the series with
# its 9 versions frozen, each with the cover's Message-ID recorded.
# Rows (medians of REVIEW_RUNS runs, default 5, interleaved):
#   b4 mbox -C MSGID, once per version   what a b4 user runs to get the
#                              threads (b4.midmask pointed at the server,
#                              its cache off); the row is the sum
#   quill review pull --all    the same threads, threaded and itemised into
#                              the state and notes; a cold cache and the
#                              state reset before every run
#   quill review pull (again)  nothing new: conditional requests only
#   quill review pull --all-series, --jobs 8 and --jobs 1   50 series
#                              (tests/bench/gen-pull-load.py and
#                              gen-pull-load-repo.sh) in one run
#   quill review scan --json, quill mail thread --json   on the 100,000
#                              message archive of bench/mail.sh
# Targets: pull >= 10x faster than b4; a second pull under 100 ms; review
# scan within 2x of mail thread.  A missed target never fails the bench; a
# missing tool is a skipped row.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
QUILL=${QUILL:-$here/../quill}
ROOT=${QUILL_BUILD_DIR:-$here/..}
RUNS=${REVIEW_RUNS:-5}
timeit=$here/../tests/bench/timeit.py
server=$here/../tests/testbed/lore-server.sh

if ! command -v public-inbox-httpd >/dev/null 2>&1; then
	echo "  skipped: public-inbox is not installed"
	exit 0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/quill-bench-review.XXXXXX")
stop() { "$server" stop "$T/pi" >/dev/null 2>&1 || true; }
if [ -n "${BENCH_KEEP:-}" ]; then trap stop EXIT; else trap 'stop; rm -rf "$T"' EXIT; fi
trap 'exit 130' INT TERM HUP PIPE
export LC_ALL=C TZ=UTC GIT_CONFIG_NOSYSTEM=1 HOME="$T/home" XDG_CACHE_HOME="$T/cache"
mkdir -p "$HOME"
git config --global user.name "Dana Author"
git config --global user.email dana@example.org

python3 "$here/../tests/bench/gen-review.py" 9 20 300 >"$T/review.mbox"
url=$("$server" start "$T/review.mbox" "$T/pi")
base=${url%/}/all
git config --global b4.midmask "$base/%s"
git config --global quill.lore "$base"

# the series: 20 commits, 9 versions frozen (a changed last patch each time)
repo=$T/repo
git init -q "$repo"
(
	cd "$repo"
	git commit -q --allow-empty -m base
	"$QUILL" series new bench >/dev/null
	"$QUILL" series edit-cover bench -m "bench: a series for the review bench

This series exists to be reviewed." >/dev/null
	for p in $(seq 1 20); do
		echo "int x = 0;" >"file$p.c"
		git add "file$p.c"
		git commit -q -m "bench: change number $p"
	done
	for v in $(seq 1 9); do
		echo "int x = $v;" >file20.c
		git commit -q -a --amend --no-edit
		"$QUILL" series new-version bench -m "v$v" --msgid "v$v.0@bench.quill.invalid" >/dev/null 2>&1
	done
)
state=$(git -C "$repo" rev-parse refs/quill/series/bench)
reset="git -C $repo update-ref refs/quill/series/bench $state; git -C $repo update-ref -d refs/notes/quill; rm -rf $XDG_CACHE_HOME"

b4cmd="for v in 1 2 3 4 5 6 7 8 9; do b4 -q -n mbox -C -o $T/b4 v\$v.0@bench.quill.invalid || exit 1; done"
echo "review pull: 9 versions x 20 patches, 300 replies, public-inbox on 127.0.0.1; median of $RUNS"
if command -v b4 >/dev/null 2>&1; then
	python3 "$timeit" "$RUNS" \
		b4 -- sh -c "rm -rf $T/b4; mkdir $T/b4; $b4cmd" --- \
		pull -- sh -c "$reset; cd $repo && \"$QUILL\" review pull --all bench" >"$T/times"
else
	echo "  b4: skipped (not installed)"
	python3 "$timeit" "$RUNS" \
		pull -- sh -c "$reset; cd $repo && \"$QUILL\" review pull --all bench" >"$T/times"
fi
# the state as one pull leaves it, then pulls with nothing new
sh -c "$reset; cd $repo && \"$QUILL\" review pull --all bench" >/dev/null
python3 "$timeit" "$RUNS" again -- sh -c "cd $repo && \"$QUILL\" review pull --all bench" >>"$T/times"
items=$(cd "$repo" && "$QUILL" review show --json bench | grep -o '"id":' | wc -l)
awk -F '\t' -v items="$items" '
	{ wall[$1] = $2 }
	END {
		if ("b4" in wall)
			printf "  %-52s %9.1f ms\n", "b4 mbox -C, once per version (9 runs)", wall["b4"]
		printf "  %-52s %9.1f ms  (%d items)\n", "quill review pull --all, cold cache", wall["pull"], items
		printf "  %-52s %9.1f ms\n", "quill review pull --all, nothing new", wall["again"]
		if ("b4" in wall) {
			r = wall["b4"] / wall["pull"]
			printf "  b4 / quill: %.1fx (target >= 10x): %s\n", r, (r >= 10 ? "PASS" : "MISS")
		}
		printf "  second pull: %.1f ms (target < 100 ms): %s\n", wall["again"], (wall["again"] < 100 ? "PASS" : "MISS")
	}' "$T/times" | tee "$T/verdicts"
# the summary table (bench/lib.sh): these figures, peak RSS of one run each
b4_ms=- b4_kb=-
if [ -n "$(bench_wall "$T/times" b4)" ]; then
	b4_ms=$(bench_wall "$T/times" b4)
	b4_kb=$(bench_rss sh -c "rm -rf $T/b4; mkdir $T/b4; $b4cmd")
fi
sh -c "$reset" >/dev/null 2>&1 || true
pull_kb=$(cd "$repo" && bench_rss "$QUILL" review pull --all bench)
bench_summary "review pull, 9 versions, 300 replies" "$(bench_wall "$T/times" pull)" "$pull_kb" \
	"b4 mbox -C (9 runs)" "$b4_ms" "$b4_kb"
bench_summary "review pull, nothing new" "$(bench_wall "$T/times" again)" \
	"$(cd "$repo" && bench_rss "$QUILL" review pull --all bench)" "-" - -
bench_verdicts "review pull: " "$T/verdicts"

# 50 series pulled in one run (review pull --all-series), 8 transfers at
# once beside 1, from the same server; the state and cache reset each run
python3 "$here/../tests/bench/gen-pull-load.py" 50 >"$T/load.mbox"
"$server" add "$T/load.mbox" "$T/pi" >/dev/null
lrepo=$T/load-repo
"$here/../tests/bench/gen-pull-load-repo.sh" "$QUILL" "$lrepo" 50 >/dev/null
git -C "$lrepo" for-each-ref --format='update %(refname) %(objectname)' refs/quill/series >"$T/load.refs"
lreset="git -C $lrepo update-ref --stdin <$T/load.refs; git -C $lrepo update-ref -d refs/notes/quill; rm -rf $XDG_CACHE_HOME"
echo "review pull --all-series: 50 series x 1 version (5 messages each), public-inbox on 127.0.0.1; median of $RUNS"
python3 "$timeit" "$RUNS" \
	j8 -- sh -c "$lreset; cd $lrepo && \"$QUILL\" review pull --all-series --jobs 8" --- \
	j1 -- sh -c "$lreset; cd $lrepo && \"$QUILL\" review pull --all-series --jobs 1" >"$T/ltimes"
awk -F '\t' '
	{ wall[$1] = $2 }
	END {
		printf "  %-52s %9.1f ms\n", "quill review pull --all-series --jobs 8", wall["j8"]
		printf "  %-52s %9.1f ms\n", "quill review pull --all-series --jobs 1", wall["j1"]
		printf "  jobs 1 / jobs 8: %.1fx\n", wall["j1"] / wall["j8"]
	}' "$T/ltimes"
sh -c "$lreset" >/dev/null 2>&1 || true
j8_kb=$(cd "$lrepo" && bench_rss "$QUILL" review pull --all-series --jobs 8)
sh -c "$lreset" >/dev/null 2>&1 || true
bench_summary "review pull, 50 series, --jobs 8" "$(bench_wall "$T/ltimes" j8)" "$j8_kb" \
	"quill ... --jobs 1" "$(bench_wall "$T/ltimes" j1)" \
	"$(cd "$lrepo" && bench_rss "$QUILL" review pull --all-series --jobs 1)"

# review scan beside mail thread on the big archive of bench/mail.sh
big=$(ls "$ROOT"/build/bench/lkml-*.mbox 2>/dev/null | head -1 || true)
if [ -z "$big" ]; then
	echo "  review scan: skipped (no build/bench/lkml-*.mbox; bench/mail.sh makes it)"
	exit 0
fi
echo "review scan beside mail thread, $(basename "$big"), median of $RUNS"
python3 "$timeit" "$RUNS" \
	thread -- sh -c "\"$QUILL\" mail thread --json $big >/dev/null" --- \
	scan -- sh -c "\"$QUILL\" review scan --json $big >/dev/null" >"$T/stimes"
awk -F '\t' '
	{ wall[$1] = $2 }
	END {
		printf "  %-52s %9.1f ms\n", "quill mail thread --json", wall["thread"]
		printf "  %-52s %9.1f ms\n", "quill review scan --json", wall["scan"]
		r = wall["scan"] / wall["thread"]
		printf "  scan / thread: %.2fx (target <= 2x): %s\n", r, (r <= 2 ? "PASS" : "MISS")
	}' "$T/stimes" | tee "$T/verdicts"
bench_summary "review scan --json, lkml archive" "$(bench_wall "$T/stimes" scan)" \
	"$(bench_rss "$QUILL" review scan --json "$big")" "quill mail thread --json" \
	"$(bench_wall "$T/stimes" thread)" "$(bench_rss "$QUILL" mail thread --json "$big")"
bench_verdicts "review scan: " "$T/verdicts"
