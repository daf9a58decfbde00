# lib-series.sh - helpers for the tNNNN-series-*.sh tests; source it after
# lib.sh.
#
#   quill_fails CODE PATTERN ARGS...   `quill ARGS` exits CODE and says, on
#                                      exactly one stderr line that starts
#                                      with "quill: ", something matching
#                                      PATTERN (grep -E); stdout in out.fail
#   jget FILE EXPR                     evaluate the Python expression EXPR
#                                      over the JSON document in FILE (as d);
#                                      strings print raw, the rest as JSON
#   add_patches N [PREFIX]             N commits on the current branch, each
#                                      adding a file PREFIX-i (default p)
#   series_repo DIR NAME N             a repository with series NAME (on
#                                      branch NAME, based on main) and N
#                                      patches; the shell stays in TRASH
#   lease_hold / lease_drop            hold the quill lease of the current
#                                      repository as a live quill would
#                                      (flock -s on .git/quill-lease), so
#                                      lock files are not judged stale

quill_fails() {
	qf_code=$1
	qf_pat=$2
	shift 2
	quill "$@" >out.fail 2>err.fail
	qf_rc=$?
	if [ "$qf_rc" != "$qf_code" ]; then
		echo "quill $*: exit $qf_rc, wanted $qf_code" >&2
		cat err.fail >&2
		return 1
	fi
	if [ "$(wc -l <err.fail)" != 1 ]; then
		echo "quill $*: stderr is not one line:" >&2
		cat err.fail >&2
		return 1
	fi
	if ! grep -q "^quill: " err.fail; then
		echo "quill $*: stderr does not start with 'quill: ':" >&2
		cat err.fail >&2
		return 1
	fi
	if ! grep -Eq -- "$qf_pat" err.fail; then
		echo "quill $*: stderr does not match '$qf_pat':" >&2
		cat err.fail >&2
		return 1
	fi
	return 0
}

jget() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
v = eval(sys.argv[2])
if isinstance(v, str):
    sys.stdout.buffer.write(v.encode("utf-8") + b"\n")
else:
    print(json.dumps(v, ensure_ascii=False))
' "$1" "$2"
}

add_patches() {
	ap_i=1
	while [ "$ap_i" -le "$1" ]; do
		printf 'line %s\n' "$ap_i" >"${2:-p}-$ap_i" &&
		git add "${2:-p}-$ap_i" &&
		test_tick &&
		git commit -q -m "${2:-p}: add file $ap_i" || return 1
		ap_i=$((ap_i + 1))
	done
}

series_repo() {
	test_repo "$1" &&
	(cd "$1" && quill series new "$2" >/dev/null && add_patches "$3")
}

lease_hold() {
	rm -f "$TRASH/lease.held"
	flock -o -s "$(git rev-parse --git-common-dir)/quill-lease" \
		sh -c 'touch "$TRASH/lease.held"; exec sleep 60' &
	lease_pid=$!
	while [ ! -e "$TRASH/lease.held" ]; do sleep 0.01; done
}

lease_drop() {
	kill "$lease_pid" 2>/dev/null
	wait "$lease_pid" 2>/dev/null
	:
}
