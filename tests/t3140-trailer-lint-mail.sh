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

# at FILE LINE [N]: the number of the N-th (first) line of FILE that is LINE
at() {
	grep -n -x -F -- "$2" "$1" | sed -n "${3:-1}s/:.*//p"
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
	cat >expect <<-EOF &&
	missing:$(at missing "Subject: [PATCH v2 0/3] *** SUBJECT HERE ***"): warning: series-numbering: patch 2/3 of v2 missing (3 of 3 here)
	total: 0 errors, 1 warning, 0 info in 2 mails (1 skipped: covers, replies, not patches)
	EOF
	test_cmp expect out &&
	sed "s/^Subject: \\[PATCH v2 3\\/3\\]/Subject: [PATCH v2 2\\/3]/" box >twice &&
	quill trailer lint twice >out &&
	cat >expect <<-EOF &&
	twice:$(at twice "Subject: [PATCH v2 2/3] zone: step 3"): warning: series-numbering: two mails numbered 2/3 (v2)
	twice:$(at twice "Subject: [PATCH v2 0/3] *** SUBJECT HERE ***"): warning: series-numbering: patch 3/3 of v2 missing (4 of 3 here)
	total: 0 errors, 2 warnings, 0 info in 3 mails (1 skipped: covers, replies, not patches)
	EOF
	test_cmp expect out &&
	sed "s/^Subject: \\[PATCH v2 3\\/3\\]/Subject: [PATCH v2 4\\/3]/" box >over &&
	quill trailer lint over >out &&
	cat >expect <<-EOF &&
	over:$(at over "Subject: [PATCH v2 4/3] zone: step 3"): warning: series-numbering: patch 4/3: 4 is over the total
	over:$(at over "Subject: [PATCH v2 0/3] *** SUBJECT HERE ***"): warning: series-numbering: patch 3/3 of v2 missing (4 of 3 here)
	total: 0 errors, 2 warnings, 0 info in 3 mails (1 skipped: covers, replies, not patches)
	EOF
	test_cmp expect out &&
	quill trailer lint box >out && ! lint_out series-numbering out
'

test_expect_success 'series-version: one patch of another version, RFC on some only' '
	series_box 3 box -v2 &&
	sed "s/^Subject: \\[PATCH v2 2\\/3\\]/Subject: [PATCH v3 2\\/3]/" box >mixed &&
	quill trailer lint mixed >out &&
	cat >expect <<-EOF &&
	mixed:$(at mixed "Subject: [PATCH v3 2/3] zone: step 2"): warning: series-version: this patch says v3, its series is v2
	total: 0 errors, 1 warning, 0 info in 3 mails (1 skipped: covers, replies, not patches)
	EOF
	test_cmp expect out &&
	sed "s/^Subject: \\[PATCH v2 2\\/3\\]/Subject: [RFC PATCH v2 2\\/3]/" box >rfc &&
	quill trailer lint rfc >out &&
	cat >expect <<-EOF &&
	rfc:$(at rfc "Subject: [RFC PATCH v2 2/3] zone: step 2"): warning: series-version: RFC here but none on the rest of the series
	total: 0 errors, 1 warning, 0 info in 3 mails (1 skipped: covers, replies, not patches)
	EOF
	test_cmp expect out &&
	quill trailer lint box >out && ! lint_out series-version out
'

test_expect_success 'series-version: two whole versions in one mbox are two series' '
	series_box 3 v2 -v2 && series_box 3 v3 -v3 && cat v2 v3 >both &&
	quill trailer lint both >out &&
	echo "total: 0 errors, 0 warnings, 0 info in 6 mails (2 skipped: covers, replies, not patches)" >expect &&
	test_cmp expect out
'

# (mails as sent: an archive's separator lines, not format-patch's magic
# one, whose From: is the author; issue 10, item 33, t3142)
test_expect_success 'series-submitter: the patches of one series from different senders' '
	series_box 3 box -v2 &&
	awk "/^From [0-9a-f]* Mon Sep 17 00:00:00 2001$/{n++; print \"From list@example.org Mon Dec  1 10:00:00 2025\"; next} n==3 && /^From: /{print \"From: Bo Brenn <bo@example.org>\"; next} {print}" box >two &&
	test_expect_code 1 quill trailer lint two >out &&
	cat >expect <<-EOF &&
	two:$(at two "$SOB" 2): error: sign-off-author: no Signed-off-by by the author, Bo Brenn <bo@example.org>
	two:$(at two "Subject: [PATCH v2 2/3] zone: step 2"): warning: series-submitter: sent by Bo Brenn <bo@example.org>; patch 0/3 of the series came from Ada Author <ada@example.org>
	total: 1 error, 1 warning, 0 info in 3 mails (1 skipped: covers, replies, not patches)
	EOF
	test_cmp expect out &&
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
	echo "total: 0 errors, 0 warnings, 0 info in 1 mail" >expect &&
	test_cmp expect out &&
	git -C repo format-patch -q -1 --stdout --from="Mira Marrow <mira@example.org>" HEAD >sent2 &&
	test_expect_code 1 quill trailer lint sent2 >out &&
	cat >expect <<-EOF &&
	sent2:$(at sent2 "$SOB"): error: sign-off-submitter: no Signed-off-by by the submitter, Mira Marrow <mira@example.org>, who sends it on
	total: 1 error, 0 warnings, 0 info in 1 mail
	EOF
	test_cmp expect out &&
	quill trailer lint --submitter "Ada Author <ada@example.org>" sent2 >out &&
	! lint_out sign-off-submitter out
'

test_expect_success 'a quoted-printable body: the findings are there all the same' '
	{ sed -n "1,/^$/p" sent | grep -v "^Content-Transfer-Encoding" &&
	  printf "Content-Transfer-Encoding: quoted-printable\n\n" &&
	  printf "zone: step 3 with a =\nsoft break.\n\nReviewed-by: Bo Brenn\nSigned-off-by: Bo Brenn <bo@example.org>\n---\n f3 | 2 +-\n"; } >qp &&
	sed -i "0,/^MIME-Version/{/^MIME-Version/d}" qp &&
	test_expect_code 1 quill trailer lint qp >out &&
	cat >expect <<-EOF &&
	qp:$(at qp "Reviewed-by: Bo Brenn"): error: trailer-malformed: Reviewed-by: Bo Brenn has no <address>
	qp:$(at qp "Signed-off-by: Bo Brenn <bo@example.org>"): error: sign-off-author: no Signed-off-by by the author, Ada Author <ada@example.org>
	qp:$(at qp "Signed-off-by: Bo Brenn <bo@example.org>"): warning: tag-order: Signed-off-by: should come before Reviewed-by: (tag order: Fixes, Reported-by, Closes, Originally-by, Suggested-by, Co-developed-by/Signed-off-by, Tested-by, Reviewed-by, Acked-by, Cc, Link)
	total: 2 errors, 1 warning, 0 info in 1 mail
	EOF
	test_cmp expect out
'

test_expect_success 'Maildir and several FILEs: one run, one numbering' '
	mkdir -p md/cur md/new md/tmp &&
	git -C repo format-patch -q -2 -v4 -o "$TRASH/md/cur" HEAD &&
	printf "x\n" >repo/zz && git -C repo add zz && git -C repo commit -q -m "no sign-off" &&
	git -C repo format-patch -q -1 --start-number 3 -v4 -o "$TRASH/md/new" HEAD &&
	test_expect_code 1 quill trailer lint md >out &&
	cat >expect <<-\EOF &&
	md/new/v4-0003-no-sign-off.patch:1: error: sign-off-missing: no Signed-off-by: sign your work (git commit -s)
	md/new/v4-0003-no-sign-off.patch:1: error: sign-off-author: no Signed-off-by by the author, Ada Author <ada@example.org>
	md/new/v4-0003-no-sign-off.patch:1: warning: description-missing: no description: say what the patch does and why
	total: 2 errors, 1 warning, 0 info in 3 mails
	EOF
	test_cmp expect out &&
	quill trailer lint md/cur/v4-0001-*.patch >out &&
	cat >expect <<-EOF &&
	md/cur/v4-0001-zone-step-2.patch:$(at md/cur/v4-0001-zone-step-2.patch "Subject: [PATCH v4 1/2] zone: step 2"): warning: series-numbering: patch 2/2 of v4 missing (1 of 2 here)
	total: 0 errors, 1 warning, 0 info in 1 mail
	EOF
	test_cmp expect out
'

test_done
