#!/bin/sh
# bench/trailer.sh - quill trailer parse --rev-range over a generated
# repository of 50,000 commits with kernel-style trailer blocks, beside
# git log --format='%(trailers:only)' over the same commits.
#
# The repository comes from tests/bench/gen-trailer-repo.py through git
# fast-import and is kept in build/bench/ (made again only when the
# generator or the count changes).  Knobs: RUNS (default 7),
# TRAILER_COMMITS (default 50000).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=${QUILL_BUILD_DIR:-$here/..}
QUILL=${QUILL:-$top/quill}
RUNS=${RUNS:-7}
N=${TRAILER_COMMITS:-50000}
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
		printf "  quill/git wall time: %.2fx (target <= 1.00x): %s\n", r, r <= 1.0 ? "PASS" : "MISS"
		printf "  quill/git cpu time:  %.2fx (target <= 1.00x): %s\n", c, c <= 1.0 ? "PASS" : "MISS"
		printf "  (both are single-threaded: on an idle machine wall ~ cpu; on a busy one\n"
		printf "  the cpu ratio is the steadier of the two)\n"
		printf "  same trailers as git log %%(trailers:only,unfold): %s\n", same
	}' "$T/times"
