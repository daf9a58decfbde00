# lib-bench.sh - helpers for the tNNNN-bench-*.sh tests; source it after
# lib.sh and lib-series.sh.
#
#   bench_repo DIR N        a repository with series s (branch s, based on
#                           main) and N patches; the shell stays in TRASH
#   state_tip               the commit refs/quill/series/s points to
#   state_file PATH         a file of the state tree, on stdout
#   state_put PATH FILE     commit FILE into the state tree as PATH, as
#                           another tool might (plumbing, no quill)
#   num_is GOT WANT [TOL]   GOT is WANT within a relative tolerance (1e-9)
#   max_width FILE          the widest line of FILE, in characters

DATA=$TEST_SRC/data/bench

bench_repo() {
	series_repo "$1" s "$2" >/dev/null
}

state_tip() {
	git rev-parse refs/quill/series/s
}

state_file() {
	git show "refs/quill/series/s:$1"
}

state_put() {
	sp_idx=$TRASH/state-index &&
	rm -f "$sp_idx" &&
	GIT_INDEX_FILE=$sp_idx git read-tree refs/quill/series/s &&
	sp_blob=$(git hash-object -w "$2") &&
	GIT_INDEX_FILE=$sp_idx git update-index --add --cacheinfo "100644,$sp_blob,$1" &&
	sp_tree=$(GIT_INDEX_FILE=$sp_idx git write-tree) &&
	sp_commit=$(git commit-tree "$sp_tree" -p refs/quill/series/s -m "another tool") &&
	git update-ref refs/quill/series/s "$sp_commit"
}

num_is() {
	python3 -c '
import sys
got, want = float(sys.argv[1]), float(sys.argv[2])
tol = float(sys.argv[3]) if len(sys.argv) > 3 else 1e-9
if abs(got - want) > tol * max(1.0, abs(want)):
    sys.exit("got %r, want %r (tolerance %g)" % (got, want, tol))
' "$@"
}

max_width() {
	python3 -c '
import sys
print(max([len(l.rstrip("\n")) for l in open(sys.argv[1], encoding="utf-8")] or [0]))
' "$1"
}

# json_checks FILE: each line of standard input is "WANT EXPR", WANT a JSON
# value: EXPR over the JSON document in FILE (as d) equals it, numbers
# within a relative 1e-9 (WANT~TOL for another tolerance); one python3 for
# them all, every mismatch reported.
json_checks() {
	python3 -c '
import json, re, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
bad = 0
for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    tol = 1e-9
    m = re.match(r"(\S+)~(\S+)\s+(.*)", line)
    if m:
        want, tol, expr = json.loads(m.group(1)), float(m.group(2)), m.group(3)
    else:
        want, end = json.JSONDecoder().raw_decode(line)
        expr = line[end:].strip()
    got = eval(expr)
    num = lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)
    if num(want):
        same = num(got) and abs(got - want) <= tol * max(1.0, abs(want))
    else:
        same = got == want and type(got) == type(want)
    if not same:
        print("%s: got %s, want %s" % (expr, json.dumps(got), json.dumps(want)))
        bad += 1
sys.exit(1 if bad else 0)
' "$1"
}
