#!/bin/sh
# new-version --msgid -m: the cover is frozen as it was sent (under that
# Message-ID); the changes given go to the next version's draft.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

SOURCE_DATE_EPOCH=1764590400
export SOURCE_DATE_EPOCH

# mail_body MBOX: the body of the first mail of MBOX
mail_body() {
	python3 -c '
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
first = re.split("\n(?=From [0-9a-f]{40} )", text)[0]
sys.stdout.write(first.split("\n\n", 1)[1])
' "$1"
}

test_expect_success 'setup: v1 frozen, the v2 draft edited (no EDITME left), v2 formatted' '
	test_repo r && cd r &&
	quill series new zone >/dev/null &&
	quill series edit-cover -m "zone: frob the zones

Why the zones need a frob." >/dev/null &&
	add_patches 2 zone &&
	quill series new-version -m "first" >/dev/null 2>&1 &&
	test_commit "zone: a third patch" &&
	quill series show --json --version 2 >j &&
	jget j "d[\"detail\"][\"cover\"]" | sed "s/^- EDITME: .*/- reworked the frob/" >cover &&
	! grep -q EDITME cover &&
	quill series edit-cover -F cover >/dev/null &&
	quill series format --cover >sent.mbox 2>err &&
	! grep -q EDITME err
'

test_expect_success 'new-version --msgid -m: the frozen cover and tag are the cover as sent' '
	cd r &&
	quill series new-version --msgid "<v2@example.org>" -m "added docs" >out 2>err &&
	git show refs/quill/series/zone:v2/cover >frozen &&
	! grep -q "added docs" frozen &&
	grep -q "^- reworked the frob\$" frozen &&
	sed "1,2d" frozen >frozen-body &&
	mail_body sent.mbox >sent-body &&
	test_cmp sent-body frozen-body &&
	git cat-file tag quill/zone/v2 | sed "1,/^\$/d" >tag &&
	test_cmp frozen tag &&
	git show refs/quill/series/zone:v2/changes >changes &&
	grep -q "^- reworked the frob\$" changes &&
	! grep -q "added docs" changes
'

test_expect_success '... and -m lands in the v3 draft, in place of its EDITME line' '
	cd r &&
	quill series show --json --version 3 >j &&
	jget j "d[\"detail\"][\"cover\"]" >cover3 &&
	sed -n "/^Changes in v3:/,/^\$/p" cover3 >section &&
	grep -q "^- added docs\$" section &&
	! grep -q EDITME section &&
	sed -n "/^Changes in v2:/,/^\$/p" cover3 >old &&
	! grep -q "added docs" old
'

test_expect_success 'without --msgid, -m still goes into the frozen cover' '
	cd r &&
	test_commit "zone: a fourth patch" &&
	quill series new-version -m "the fourth" >/dev/null 2>&1 &&
	git show refs/quill/series/zone:v3/cover >frozen3 &&
	grep -q "^- the fourth\$" frozen3 &&
	grep -q "^- added docs\$" frozen3
'

test_expect_success '--msgid -m on v1: the cover as sent, the text in the v2 draft' '
	test_repo r1 && cd r1 &&
	quill series new one >/dev/null &&
	quill series edit-cover -m "one: subject

Body." >/dev/null &&
	add_patches 1 one &&
	quill series new-version --msgid "v1@example.org" -m "a note" >/dev/null 2>&1 &&
	git show refs/quill/series/one:v1/cover >frozen &&
	! grep -q "a note" frozen &&
	test -z "$(git show refs/quill/series/one:v1/changes)" &&
	quill series show --json --version 2 >j &&
	jget j "d[\"detail\"][\"cover\"]" | sed -n "/^Changes in v2:/,/^\$/p" >section &&
	grep -q "^- a note\$" section
'

test_done
