#!/bin/sh
# The series suite of the shared conformance corpus (patchwork's series
# mboxes and the assertions of its test_series.py): every case must pass.
. "$(dirname "$0")/lib.sh"

RUN=$QUILL_BUILD_DIR/../shared/conformance/run
if [ ! -x "$RUN" ]; then
	skip_all "no conformance corpus at $RUN (it sits beside the worktree, outside the project)"
fi
if ! command -v python3 >/dev/null; then
	skip_all "the conformance runner needs python3"
fi

"$RUN" --quill "$QUILL_BUILD_DIR/quill" series >result 2>&1
echo $? >rc
sed -n "s/^series: /# series: /p" result

test_expect_success 'every case of the series suite passes' '
	cat result &&
	test "$(cat rc)" = 0 &&
	grep -q "^series: [1-9][0-9]* passed, 0 failed\$" result
'

test_done
