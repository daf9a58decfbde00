#!/bin/sh
# kill -9 at random points during quill series new-version (30 patches):
# after each the state is the old one or the frozen one (fsck clean, show
# works), and a rerun (when it was not frozen yet) freezes v1 exactly as an
# uninterrupted run does: state tree, tag and branch.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-soak.sh"

SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH

soak_fresh() {
	cp -a "$TRASH/template" "$1"
}

soak_cmd() {
	exec quill series new-version -m "the first version"
}

soak_result() {
	git rev-parse refs/quill/series/x^{tree} quill/x/v1^{commit} x &&
	git cat-file tag quill/x/v1 | sed -n "s/^tagger //p" &&
	quill series show x | sed -n "/^series/p"
}

test_expect_success 'setup: series x with 30 patches; an uninterrupted run' '
	series_repo template x 30 &&
	(cd template && quill series edit-cover -m "x: frob

Why." >/dev/null) &&
	soak_calibrate
'

soak_all new-version

test_done
