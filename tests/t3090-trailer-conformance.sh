#!/bin/sh
# The shared conformance corpus, trailers suite: every case of git's own
# tests (t7513, t4205, t6300, u-trailer) and the kernel-style cases passes.
. "$(dirname "$0")/lib.sh"

RUN=$QUILL_BUILD_DIR/../shared/conformance/run
[ -x "$RUN" ] || skip_all "no conformance corpus at $RUN (it lives beside the worktree, in ../shared)"

test_expect_success 'conformance: trailers, every case' '
	"$RUN" --quill "$QUILL_BUILD_DIR/quill" trailers >out 2>&1
	rc=$?
	sed "s/^/# /" out >&3
	test $rc = 0 &&
	grep -q "^trailers: [1-9][0-9]* passed, 0 failed\$" out &&
	! grep -q "^FAIL" out
' 3>&1

test_done
