#!/bin/sh
# quill mail info against the shared conformance corpus: the 58 cases of
# git's t5100 (shared/conformance/mailinfo), every one must pass.
. "$(dirname "$0")/lib.sh"

RUN=$QUILL_BUILD_DIR/../shared/conformance/run
if [ ! -x "$RUN" ]; then
	skip_all "no conformance corpus: $RUN is missing (it lives beside the checkout, in ../shared)"
fi

test_expect_success 'the mailinfo suite runs' '
	"$RUN" --quill "$QUILL_BUILD_DIR/quill" mailinfo >result 2>&1
	echo $? >rc &&
	grep -q "^mailinfo: [0-9]* passed, [0-9]* failed\$" result
'

sed 's/^/# /' result

test_expect_success 'every mailinfo case passes' '
	! grep "^FAIL" result &&
	grep -q "^mailinfo: [1-9][0-9]* passed, 0 failed\$" result &&
	test "$(cat rc)" = 0
'

test_done
