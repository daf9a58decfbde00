#!/bin/sh
# bench/series.sh - series new-version, format and diff on a 30-patch
# series, beside git format-patch and git range-diff on the same commits.
# Targets (issue 14): format <= 1.5x git format-patch, diff <= 1.0x git
# range-diff, new-version < 30 ms.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
QUILL=${QUILL:-$here/../quill}
RUNS=${RUNS:-15}
N=${PATCHES:-30}

T=$(mktemp -d "${TMPDIR:-/tmp}/quill-bench.XXXXXX")
[ -n "${BENCH_KEEP:-}" ] || trap 'rm -rf "$T"' EXIT
export HOME="$T/home" LC_ALL=C GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global user.name "Bench Mark"
git config --global user.email "bench@example.org"
git config --global init.defaultBranch main

git init -q "$T/repo"
cd "$T/repo"
i=0
while [ $i -lt 200 ]; do
	printf 'int f%d(void) { return %d; }\n' $i $i >"file$((i % 20)).c.$i"
	i=$((i + 1))
done
git add -A && git commit -q -m "base"
"$QUILL" series new bench >/dev/null
i=1
while [ $i -le "$N" ]; do
	f=file$((i % 20)).c.$((i * 5 % 200))
	printf '/* change %d */\nint g%d(void) { return f%d() + 1; }\n' $i $i $i >>"$f"
	git add -A && git commit -q -m "bench: change number $i" -m "A body line for change $i." \
		-m "Signed-off-by: Bench Mark <bench@example.org>"
	i=$((i + 1))
done
state=$(git rev-parse refs/quill/series/bench)
reset='git update-ref refs/quill/series/bench '$state'; git tag -l "quill/bench/*" | xargs -r git tag -d'

echo "series: $N patches, median of $RUNS runs"
ref=$(bench_median "$RUNS" --before 'rm -rf out' -- git format-patch -q --cover-letter -o out main..bench)
bench_row "git format-patch --cover-letter -o (reference)" "$ref" "$ref"
fmt=$(bench_median "$RUNS" --before 'rm -rf out' -- "$QUILL" series format -o out)
bench_row "quill series format -o" "$fmt" "$ref"
sref=$(bench_median "$RUNS" -- git format-patch --stdout --cover-letter main..bench)
bench_row "git format-patch --cover-letter --stdout" "$sref" "$ref"
sfmt=$(bench_median "$RUNS" -- "$QUILL" series format --stdout)
bench_row "quill series format --stdout" "$sfmt" "$ref"
bench_row "  (quill --stdout / git --stdout)" "$sfmt" "$sref"
nv=$(bench_median "$RUNS" --before "$reset" -- "$QUILL" series new-version)
bench_row "quill series new-version (v1)" "$nv" "$ref"
eval "$reset" >/dev/null 2>&1
"$QUILL" series new-version >/dev/null 2>&1
state=$(git rev-parse refs/quill/series/bench)
reset2='git update-ref refs/quill/series/bench '$state'; git tag -d quill/bench/v2'
nv2=$(bench_median "$RUNS" --before "$reset2" -- "$QUILL" series new-version)
bench_row "quill series new-version (v2, compares with v1)" "$nv2" "$ref"
show=$(bench_median "$RUNS" -- "$QUILL" series show)
bench_row "quill series show" "$show" "$ref"
# v3: the same 30 changes made again on main, every fifth one with a line
# more, every seventh with its message reworded, the 13th dropped and one
# added; frozen, then compared with v2 as git range-diff compares the tags
git reset -q --hard main
i=1
while [ $i -le "$N" ]; do
	if [ $i -ne 13 ]; then
		f=file$((i % 20)).c.$((i * 5 % 200))
		printf '/* change %d */\nint g%d(void) { return f%d() + 1; }\n' $i $i $i >>"$f"
		[ $((i % 5)) -ne 0 ] || printf 'int h%d(void) { return %d; }\n' $i $i >>"$f"
		body="A body line for change $i."
		[ $((i % 7)) -ne 0 ] || body="A reworded body line for change $i."
		git add -A && git commit -q -m "bench: change number $i" -m "$body" \
			-m "Signed-off-by: Bench Mark <bench@example.org>"
	fi
	i=$((i + 1))
done
echo "int extra;" >>file0.c.0
git commit -q -a -m "bench: an added change" -m "Signed-off-by: Bench Mark <bench@example.org>"
"$QUILL" series new-version >/dev/null 2>&1
rref=$(bench_median "$RUNS" -- git range-diff main..quill/bench/v2 main..quill/bench/v3)
bench_row "git range-diff v2 v3 (the same tags)" "$rref" "$ref"
sdiff=$(bench_median "$RUNS" -- "$QUILL" series diff v2 v3)
bench_row "quill series diff v2 v3" "$sdiff" "$ref"
bench_row "  (quill series diff / git range-diff)" "$sdiff" "$rref"
start=$(bench_median "$RUNS" -- "$QUILL" --version)
gstart=$(bench_median "$RUNS" -- git --version)
bench_row "quill --version (start-up alone)" "$start" "$ref"
bench_row "git --version (start-up alone)" "$gstart" "$ref"
bench_row "  (new-version v2 less quill --version)" "$(awk -v a="$nv2" -v b="$start" 'BEGIN { printf "%.2f", a - b }')" "$ref"
echo "  (ratio: time / git format-patch's time; lower is faster.  quill's start-up"
echo "  is the front ./quill and the exec of build/quill, which maps its shared"
echo "  libraries: bench/startup.sh measures it.)"
# the targets of issue 14, PASS or MISS
target() { # TEXT VALUE LIMIT UNIT
	_v=$2
	[ "$4" = x ] && _v=$(ratio "$2" "$5")
	_ok=$(awk -v v="$_v" -v l="$3" 'BEGIN { print (v <= l) ? "PASS" : "MISS" }')
	printf '  %s: %s%s (target <= %s%s): %s\n' "$1" "$_v" "$4" "$3" "$4" "$_ok"
	bench_target "$1: $_v$4 (target <= $3$4)" "$_ok"
}
target "series format -o / git format-patch -o" "$fmt" 1.5 x "$ref"
target "series diff / git range-diff" "$sdiff" 1.0 x "$rref"
target "series new-version (v1)" "$nv" 30 " ms"
# the summary table (bench/lib.sh): these figures, peak RSS of one run each
rm -rf out
fmt_kb=$(bench_rss "$QUILL" series format -o out)
rm -rf out
ref_kb=$(bench_rss git format-patch -q --cover-letter -o out main..bench)
bench_summary "series format -o, $N patches" "$fmt" "$fmt_kb" "git format-patch -o" "$ref" "$ref_kb"
bench_summary "series format --stdout, $N patches" "$sfmt" "$(bench_rss "$QUILL" series format --stdout)" \
	"git format-patch --stdout" "$sref" "$(bench_rss git format-patch --stdout --cover-letter main..bench)"
eval "$reset" >/dev/null 2>&1 || :
bench_summary "series new-version (v1)" "$nv" "$(bench_rss "$QUILL" series new-version)" "-" - -
eval "$reset2" >/dev/null 2>&1 || :
bench_summary "series new-version (v2, compares)" "$nv2" "$(bench_rss "$QUILL" series new-version)" "-" - -
