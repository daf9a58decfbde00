#!/bin/sh
# kill -9 at random points during quill series import of an export (the
# example series: three versions, tags, upstream bases): after each the
# repository is fsck clean and the rerun finishes the import (or, when the
# kill came after all was done, nothing is left to do), giving the refs,
# HEAD, tie and work tree an uninterrupted import gives.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-soak.sh"

EXAMPLE=$TEST_SRC/../series/ringbuf-resize
SOAK_SERIES=ringbuf-resize

soak_fresh() {
	git init -q "$1" &&
	git -C "$1" config quill.staleLockSeconds 0
}

soak_cmd() {
	exec quill series import "$EXAMPLE"
}

soak_result() {
	git for-each-ref --format="%(objectname) %(refname)" &&
	git symbolic-ref HEAD &&
	git config branch.ringbuf-resize.quillSeries &&
	git status --porcelain &&
	quill series show ringbuf-resize | sed -n "/^series/p"
}

test_expect_success 'an uninterrupted import, twice' '
	soak_calibrate
'

soak_all import

test_done
