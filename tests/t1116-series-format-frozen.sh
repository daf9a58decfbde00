#!/bin/sh
# series format --version N of a frozen version: the same bytes at every
# run (dates from the freeze, Message-IDs as recorded or made from the
# frozen data), whatever the clock or SOURCE_DATE_EPOCH says.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"

# hdr FILE NAME: the first NAME: header of FILE
hdr() {
	sed -n "/^\$/q; s/^$2: //p" "$1" | head -n 1
}

# epoch DATE: seconds since the epoch of an RFC 5322 date.
epoch() {
	date -d "$1" +%s
}

test_expect_success 'setup: v1 of three patches frozen without a Message-ID' '
	test_repo r && cd r &&
	quill series new zone >/dev/null &&
	quill series edit-cover -m "zone: frob the zones

Why." >/dev/null &&
	add_patches 3 zone &&
	test_tick &&
	quill series new-version >/dev/null 2>&1 &&
	echo $test_tick_time >../frozen-at &&
	test_commit "zone: a fourth patch"
'

test_expect_success 'two runs at other times give the same bytes' '
	cd r &&
	SOURCE_DATE_EPOCH=1764590400 quill series format --version 1 -o a >/dev/null &&
	SOURCE_DATE_EPOCH=1800000000 quill series format --version 1 -o b >/dev/null &&
	(unset SOURCE_DATE_EPOCH; quill series format --version 1 -o c >/dev/null) &&
	(unset SOURCE_DATE_EPOCH; quill series format --version 1 --stdout >mbox1) &&
	sleep 1 &&
	(unset SOURCE_DATE_EPOCH; quill series format --version 1 --stdout >mbox2) &&
	diff -r a b && diff -r a c && test_cmp mbox1 mbox2 &&
	test $(ls a | wc -l) = 4
'

test_expect_success 'the dates are the freeze date, patches a second apart' '
	cd r &&
	t=$(cat ../frozen-at) &&
	test $(epoch "$(hdr a/0000-cover-letter.patch Date)") = $t &&
	test $(epoch "$(hdr a/0001-*.patch Date)") = $((t + 1)) &&
	test $(epoch "$(hdr a/0003-*.patch Date)") = $((t + 3)) &&
	hdr a/0002-*.patch Message-ID | grep -Eq "^<20251201-zone-v1-2-[0-9a-f]{12}@example\.org>\$" &&
	test "$(hdr a/0003-*.patch In-Reply-To)" = "$(hdr a/0000-cover-letter.patch Message-ID)"
'

test_expect_success 'the working version still follows SOURCE_DATE_EPOCH' '
	cd r &&
	SOURCE_DATE_EPOCH=1764590400 quill series format -o w1 >/dev/null &&
	SOURCE_DATE_EPOCH=1800000000 quill series format -o w2 >/dev/null &&
	test $(epoch "$(hdr w1/0000-cover-letter.patch Date)") = 1764590400 &&
	test $(epoch "$(hdr w2/0000-cover-letter.patch Date)") = 1800000000
'

test_expect_success 'formatted, sent, frozen with --msgid: format --version gives the ids sent' '
	cd r &&
	SOURCE_DATE_EPOCH=1764590400 quill series format -o sent >/dev/null &&
	id=$(hdr sent/0000-cover-letter.patch Message-ID) &&
	quill series new-version --msgid "$id" >/dev/null 2>&1 &&
	quill series format --version 2 -o again >/dev/null &&
	for f in sent/*.patch; do
		g=again/${f#sent/} &&
		test "$(hdr $f Message-ID)" = "$(hdr $g Message-ID)" &&
		test "$(hdr $f In-Reply-To)" = "$(hdr $g In-Reply-To)" || return 1
	done &&
	SOURCE_DATE_EPOCH=1900000000 quill series format --version 2 -o again2 >/dev/null &&
	diff -r again again2
'

test_expect_success 'a Message-ID of another shape: the cover has it, the patches theirs, stable' '
	cd r &&
	test_commit "zone: a fifth patch" &&
	quill series new-version --msgid "<CAF00d@mail.example.net>" >/dev/null 2>&1 &&
	quill series format --version 3 -o m1 >/dev/null &&
	test "$(hdr m1/0000-cover-letter.patch Message-ID)" = "<CAF00d@mail.example.net>" &&
	test "$(hdr m1/0001-*.patch In-Reply-To)" = "<CAF00d@mail.example.net>" &&
	hdr m1/0001-*.patch Message-ID | grep -Eq "^<20251201-zone-v3-1-[0-9a-f]{12}@example\.org>\$" &&
	SOURCE_DATE_EPOCH=1900000000 quill series format --version 3 -o m2 >/dev/null &&
	diff -r m1 m2
'

test_expect_success 'one frozen patch sent as CAF...: that is its Message-ID' '
	test_repo r1 && cd r1 &&
	quill series new solo >/dev/null &&
	add_patches 1 solo &&
	quill series new-version --msgid "solo-1@mail.example.net" >/dev/null 2>&1 &&
	quill series format --version 1 -o s >/dev/null &&
	test "$(hdr s/0001-*.patch Message-ID)" = "<solo-1@mail.example.net>" &&
	quill series format --version 1 --cover -o sc >/dev/null &&
	test "$(hdr sc/0000-cover-letter.patch Message-ID)" = "<solo-1@mail.example.net>"
'

test_done
