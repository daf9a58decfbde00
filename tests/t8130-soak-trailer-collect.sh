#!/bin/sh
# kill -9 at random points during quill trailer collect --apply (40
# patches sent as v1, an Acked-by for the series and a Reviewed-by for one
# patch, a note on a commit): after each the branch is the old or the new
# tip, fsck clean, and the rerun gives the branch, notes and state an
# uninterrupted run gives.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-soak.sh"

SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH
SOAK_SERIES=big

BOB="Bob Builder <bob@example.net>"
RITA="Rita Reviewer <rita@example.com>"

soak_fresh() {
	cp -a "$TRASH/template" "$1"
}

soak_cmd() {
	exec quill trailer collect --mbox "$TRASH/big.mbox" --apply
}

soak_result() {
	git rev-parse big refs/notes/quill^{tree} &&
	git notes --ref=quill list &&
	git log --format=%B main..big | grep -c "^Acked-by: $BOB$" &&
	git log --format=%B main..big | grep -c "^Reviewed-by: $RITA$" &&
	git status --porcelain &&
	git rev-parse refs/quill/series/big^{tree}
}

test_expect_success 'setup: 40 patches sent as v1, the replies; an uninterrupted run' '
	test_repo template && (
		cd template &&
		git config quill.staleLockSeconds 0 &&
		soak_sent_v1 40 ../big.mbox &&
		c=$(soak_msgid ../big.mbox 1) &&
		p7=$(soak_msgid ../big.mbox 8) &&
		git notes --ref=quill add -m "a note on 7" big~33 &&
		soak_reply "$BOB" rb@example.net "Re: [PATCH 00/40] big: many files" "$c" \
			>>../big.mbox <<-EOF &&
		Acked-by: $BOB
		EOF
		soak_reply "$RITA" rr@example.com "Re: [PATCH 07/40] p: add file 7" "$p7" \
			>>../big.mbox <<-EOF
		Reviewed-by: $RITA
		EOF
	) &&
	soak_calibrate &&
	grep -q "^40$" soak.want && grep -q "^1$" soak.want
'

soak_all "trailer collect --apply"

test_done
