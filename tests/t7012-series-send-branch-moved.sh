#!/bin/sh
# quill series send cut short, the branch moved (a patch added) before
# the rerun: the rerun sends the rest as they were made
# and freezes what was sent (the outbox's base and tip), not the branch.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-send.sh"

test_expect_success 'setup: 5 patches, a send refused at the 3rd mail' '
	send_repo repo 5 &&
	sink_start fail --fail-data 3 &&
	use_sink &&
	sent_tip=$(git rev-parse HEAD) && echo "$sent_tip" >../sent.tip &&
	test_expect_code 4 quill series send >../run1.out 2>../run1.err &&
	test "$(sink_count fail)" = 2 &&
	git show refs/quill/series/x:v1/outbox.json >../outbox.json &&
	test "$(jget ../outbox.json "d[\"tip\"]")" = "$sent_tip" &&
	test "$(jget ../outbox.json "d[\"base\"]")" = "$(git merge-base main HEAD)"
'

test_expect_success 'the branch moves: a new patch' '
	cd repo &&
	signed_commit "zone: a sixth step" zone-6.c &&
	test "$(git rev-list --count main..HEAD)" = 6 &&
	git rev-parse HEAD >../moved.tip
'

test_expect_success 'the rerun sends the other four and freezes v1 at the sent tip' '
	cd repo &&
	sink_start ok &&
	use_sink ok &&
	quill series send --json >../run2.json 2>../run2.err &&
	test "$(jget ../run2.json "d[\"sent\"]")" = 4 &&
	test "$(jget ../run2.json "d[\"frozen\"]")" = 1 &&
	git show refs/quill/series/x:v1/version.conf >../v1.conf &&
	echo "$(cat ../sent.tip)" >../want.tip &&
	sed -n "s/^tip=//p" ../v1.conf >../got.tip &&
	test_cmp ../want.tip ../got.tip &&
	test "$(grep -c "^msgid=" ../v1.conf)" = 5 &&
	test "$(git rev-parse quill/x/v1^{commit})" = "$(cat ../sent.tip)" &&
	test "$(git rev-parse HEAD)" = "$(cat ../moved.tip)" &&
	sink_ids fail >../ids && sink_ids ok >>../ids &&
	sed -n "s/^cover-msgid=//p" ../v1.conf >../rec.ids &&
	sed -n "s/^msgid=//p" ../v1.conf >>../rec.ids &&
	test_cmp ../rec.ids ../ids
'

test_expect_success 'v2 is the moved branch: 6 patches, compared with the sent v1' '
	cd repo &&
	quill series show --json >../show.json &&
	test "$(jget ../show.json "d[\"version\"]")" = 2 &&
	test "$(jget ../show.json "d[\"versions\"][0][\"sent\"]")" = true &&
	quill series diff --summary 1 2 >../diff.out &&
	grep -q "^-:  ------------ > 6:  [0-9a-f]* zone: a sixth step$" ../diff.out &&
	grep -q "1 added, 5 unchanged" ../diff.out
'

test_done
