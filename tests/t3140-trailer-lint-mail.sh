#!/bin/sh
# quill trailer lint on mails: mboxes of a series (covers and replies
# count for the series rules but are not checked), lines of the file, the
# author and the sender, the series rules failing and passing, encodings.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-lint.sh"

SOB="Signed-off-by: Ada Author <ada@example.org>"

# series_box N OUT [format-patch options]: the last N commits as one mbox
series_box() {
	_n=$1 _out=$2
	shift 2
	git -C repo format-patch -q --stdout --cover-letter -"$_n" "$@" HEAD >"$_out"
}

# reply_to SUBJECT >>BOX: a reply on the list
reply_to() {
	printf 'From reply@example.org Mon Dec  1 10:00:00 2025\nFrom: Bo Brenn <bo@example.org>\nSubject: Re: %s\nMessage-ID: <r1@example.org>\n\nLooks good.\n\nReviewed-by: Bo Brenn <bo@example.org>\n\n' "$1"
}

test_expect_success 'setup: three patches' '
	lint_repo &&
	(cd repo &&
	 for i in 1 2 3; do
		printf "%s\n" $i >f$i && git add f$i && test_tick &&
		git commit -q -m "zone: step $i

Step $i of the work.

$SOB" || exit 1
	 done)
'

test_expect_success 'a clean series: 3 mails checked, cover and reply skipped' '
	series_box 3 box -v2 &&
	reply_to "[PATCH v2 1/3] zone: step 1" >>box &&
	GIT_CEILING_DIRECTORIES=$TRASH quill trailer lint --mbox box >out &&
	test_cmp - out <<-EOF
	total: 0 errors, 0 warnings, 0 info in 3 mails (2 skipped: covers, replies, not patches)
	EOF
'

test_expect_success 'findings name lines of the mbox' '
	(cd repo && git commit -q --amend -m "zone: step 3

Step 3 of the work.

Reviewed-by: Bo Brenn
$SOB") &&
	series_box 3 box -v2 &&
	reply_to "[PATCH v2 1/3] zone: step 1" >>box &&
	test_expect_code 1 quill trailer lint box >out &&
	line=$(sed -n "s/^box:\\([0-9]*\\): error: trailer-malformed: .*/\\1/p" out) &&
	test -n "$line" &&
	test "$(sed -n "${line}p" box)" = "Reviewed-by: Bo Brenn" &&
	line=$(sed -n "s/^box:\\([0-9]*\\): warning: tag-order: .*/\\1/p" out) &&
	test "$(sed -n "${line}p" box)" = "$SOB" &&
	git -C repo reset -q --hard HEAD~1 &&
	(cd repo && printf 3 >f3 && git add f3 && git commit -q -m "zone: step 3

Step 3 of the work.

$SOB")
'

test_expect_success 'series-numbering: a patch missing, a number twice, one over the total' '
	series_box 3 box -v2 &&
	awk "/^From [0-9a-f]* Mon Sep 17 00:00:00 2001$/{n++} n!=3" box >missing &&
	test_expect_code 0 quill trailer lint missing >out &&
	grep -q "^missing:[0-9]*: warning: series-numbering: patch 2/3 of v2 missing (3 of 3 here)$" out &&
	line=$(sed -n "s/^missing:\\([0-9]*\\): warning: series-numbering: .*/\\1/p" out) &&
	sed -n "${line}p" missing | grep -q "^Subject: \\[PATCH v2 0/3\\]" &&
	sed "s/^Subject: \\[PATCH v2 3\\/3\\]/Subject: [PATCH v2 2\\/3]/" box >twice &&
	quill trailer lint twice >out &&
	grep -q "warning: series-numbering: two mails numbered 2/3 (v2)" out &&
	sed "s/^Subject: \\[PATCH v2 3\\/3\\]/Subject: [PATCH v2 4\\/3]/" box >over &&
	quill trailer lint over >out &&
	grep -q "series-numbering: patch 4/3: 4 is over the total" out &&
	quill trailer lint box >out && ! lint_out series-numbering out
'

test_expect_success 'series-version: one patch of another version, RFC on some only' '
	series_box 3 box -v2 &&
	sed "s/^Subject: \\[PATCH v2 2\\/3\\]/Subject: [PATCH v3 2\\/3]/" box >mixed &&
	quill trailer lint mixed >out &&
	test "$(lint_out series-version out | wc -l)" = 1 &&
	grep -q "series-version: this patch says v3, its series is v2" out &&
	! lint_out series-numbering out &&
	sed "s/^Subject: \\[PATCH v2 2\\/3\\]/Subject: [RFC PATCH v2 2\\/3]/" box >rfc &&
	quill trailer lint rfc >out &&
	grep -q "series-version: RFC here but none on the rest of the series" out &&
	quill trailer lint box >out && ! lint_out series-version out
'

test_expect_success 'series-version: two whole versions in one mbox are two series' '
	series_box 3 v2 -v2 && series_box 3 v3 -v3 && cat v2 v3 >both &&
	quill trailer lint both >out &&
	! lint_out series-version out && ! lint_out series-numbering out &&
	grep -q "in 6 mails" out
'

# (mails as sent: an archive's separator lines, not format-patch's magic
# one, whose From: is the author; issue 10, item 33, t3142)
test_expect_success 'series-submitter: the patches of one series from different senders' '
	series_box 3 box -v2 &&
	awk "/^From [0-9a-f]* Mon Sep 17 00:00:00 2001$/{n++; print \"From list@example.org Mon Dec  1 10:00:00 2025\"; next} n==3 && /^From: /{print \"From: Bo Brenn <bo@example.org>\"; next} {print}" box >two &&
	test_expect_code 1 quill trailer lint two >out &&
	! lint_out series-numbering out &&
	grep -q "series-submitter: sent by Bo Brenn <bo@example.org>; patch 0/3 of the series came from Ada Author <ada@example.org>" out &&
	quill trailer lint box >out && ! lint_out series-submitter out
'

test_expect_success 'the author is the in-body From:, the submitter the From: header' '
	(cd repo && git commit -q --amend --author="Bo Brenn <bo@example.org>" -m "zone: step 3

Step 3 of the work.

Signed-off-by: Bo Brenn <bo@example.org>
$SOB") &&
	git -C repo format-patch -q -1 --stdout --from="Ada Author <ada@example.org>" HEAD >sent &&
	grep -q "^From: Bo Brenn" sent &&
	quill trailer lint sent >out &&
	grep -q "^total: 0 errors, 0 warnings, 0 info in 1 mail$" out &&
	git -C repo format-patch -q -1 --stdout --from="Mira Marrow <mira@example.org>" HEAD >sent2 &&
	test_expect_code 1 quill trailer lint sent2 >out &&
	grep -q "sign-off-submitter: no Signed-off-by by the submitter, Mira Marrow <mira@example.org>" out &&
	quill trailer lint --submitter "Ada Author <ada@example.org>" sent2 >out &&
	! lint_out sign-off-submitter out
'

test_expect_success 'a quoted-printable body: the findings are there all the same' '
	{ sed -n "1,/^$/p" sent | grep -v "^Content-Transfer-Encoding" &&
	  printf "Content-Transfer-Encoding: quoted-printable\n\n" &&
	  printf "zone: step 3 with a =\nsoft break.\n\nReviewed-by: Bo Brenn\nSigned-off-by: Bo Brenn <bo@example.org>\n---\n f3 | 2 +-\n"; } >qp &&
	sed -i "0,/^MIME-Version/{/^MIME-Version/d}" qp &&
	test_expect_code 1 quill trailer lint qp >out &&
	grep -q "^qp:[0-9]*: error: trailer-malformed: Reviewed-by: Bo Brenn has no <address>" out
'

test_expect_success 'Maildir and several FILEs: one run, one numbering' '
	mkdir -p md/cur md/new md/tmp &&
	git -C repo format-patch -q -2 -v4 -o "$TRASH/md/cur" HEAD &&
	printf "x\n" >repo/zz && git -C repo add zz && git -C repo commit -q -m "no sign-off" &&
	git -C repo format-patch -q -1 --start-number 3 -v4 -o "$TRASH/md/new" HEAD &&
	test_expect_code 1 quill trailer lint md >out &&
	grep -q "in 3 mails" out &&
	grep -q "^md/new/v4-0003-no-sign-off.patch:[0-9]*: error: sign-off-missing" out &&
	! grep -q "^md:" out &&
	quill trailer lint md/cur/v4-0001-*.patch >out &&
	grep -q "series-numbering: patch 2/2 of v4 missing" out
'

test_done
