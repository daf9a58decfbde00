#!/bin/sh
# trailer lint on mails: series-submitter compares senders only where a
# sender is known: --submitter, a Sender: header, or mails as sent.  A
# git format-patch file (its "From <sha> Mon Sep 17 00:00:00 2001" line
# says it was never sent) has the author in From:, and a series by two
# authors is no series from two senders (issue 10, item 33).
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-lint.sh"

ADA="Ada Author <ada@example.org>"
BO="Bo Brenn <bo@example.org>"

# as_sent IN OUT: the mails of IN as an archive keeps them (its own
# separator lines; the headers as they were)
as_sent() {
	sed "s/^From [0-9a-f]\\{40\\} Mon Sep 17 00:00:00 2001\$/From list@example.org Mon Dec  1 10:00:00 2025/" "$1" >"$2"
}

# with_sender IN OUT WHO [N]: a Sender: WHO header on every mail of IN
# (or on the N-th only)
with_sender() {
	awk -v who="$3" -v only="${4:-0}" '
		/^From [^ ]* .* [0-9][0-9][0-9][0-9]$/ { n++; hdr = 1 }
		hdr && /^$/ { hdr = 0 }
		hdr && /^From: / && (!only || n == only) { print; print "Sender: " who; next }
		{ print }' "$1" >"$2"
}

test_expect_success 'setup: a series of three patches by two authors' '
	lint_repo &&
	(cd repo &&
	 printf "1\n" >f1 && git add f1 && test_tick &&
	 git commit -q -m "zone: step 1

Step 1 of the work.

Signed-off-by: $ADA" &&
	 printf "2\n" >f2 && git add f2 && test_tick &&
	 git commit -q --author="$BO" -m "zone: step 2

Step 2 of the work.

Signed-off-by: $BO
Signed-off-by: $ADA" &&
	 printf "3\n" >f3 && git add f3 && test_tick &&
	 git commit -q -m "zone: step 3

Step 3 of the work.

Signed-off-by: $ADA") &&
	git -C repo format-patch -q --cover-letter -v2 -3 -o "$TRASH/files" HEAD &&
	git -C repo format-patch -q --cover-letter -v2 -3 --stdout HEAD >box &&
	grep -q "^From: $BO" files/v2-0002-zone-step-2.patch &&
	test "$(grep -c "^From [0-9a-f]\\{40\\} Mon Sep 17 00:00:00 2001$" box)" = 4
'

# (the patch by Bo is an error of sign-off-submitter, which takes From: as
# the submitter: the last Signed-off-by is Ada's; no matter here)
test_expect_success 'format-patch files by two authors: no series-submitter' '
	test_expect_code 1 quill trailer lint files/*.patch >out &&
	! lint_out series-submitter out &&
	grep -q "^total: 1 error, 0 warnings, 0 info in 3 mails (1 skipped: covers, replies, not patches)$" out &&
	test_expect_code 1 quill trailer lint box >out &&
	! lint_out series-submitter out &&
	grep -q "^total: 1 error, 0 warnings, 0 info in 3 mails" out &&
	test_expect_code 1 quill trailer lint --mbox box --json >j &&
	test "$(jget j "[f[\"rule\"] for f in d[\"findings\"]]")" = "[\"sign-off-submitter\"]"
'

test_expect_success 'the same files as a Maildir (the separator line in each file)' '
	mkdir -p md/cur md/new md/tmp && cp files/*.patch md/cur/ &&
	{ quill trailer lint md >out; test $? -le 1; } &&
	! lint_out series-submitter out && grep -q "in 3 mails" out
'

test_expect_success 'the same mails as sent: From: is the sender, the series has two' '
	as_sent box sent &&
	test_expect_code 1 quill trailer lint sent >out &&
	lint_out series-submitter out >found &&
	test "$(wc -l <found)" = 1 &&
	grep -q "warning: series-submitter: sent by $BO; patch 0/3 of the series came from $ADA$" found
'

test_expect_success 'sent by one person for two authors (--from): one sender' '
	git -C repo format-patch -q --cover-letter -v2 -3 --stdout --from="$ADA" HEAD >fromada &&
	grep -q "^From: $ADA" fromada && grep -q "^From: $BO" fromada &&
	as_sent fromada sent2 &&
	quill trailer lint sent2 >out && ! lint_out series-submitter out &&
	grep -q "^total: 0 errors, 0 warnings" out
'

test_expect_success '--submitter: the one sender of every mail' '
	as_sent box sent &&
	quill trailer lint --submitter "$ADA" sent >out &&
	! lint_out series-submitter out
'

test_expect_success 'a Sender: header names the sender, also in a format-patch file' '
	MIRA="Mira Marrow <mira@example.org>" &&
	with_sender box same "$ADA" &&
	test "$(grep -c "^Sender: " same)" = 4 &&
	test_expect_code 1 quill trailer lint same >out && ! lint_out series-submitter out &&
	with_sender box one "$MIRA" 3 &&
	test "$(grep -c "^Sender: " one)" = 1 &&
	test_expect_code 1 quill trailer lint one >out && ! lint_out series-submitter out &&
	with_sender box a "$ADA" 1 && with_sender a b "$ADA" 2 && with_sender b two "$MIRA" 3 &&
	test_expect_code 1 quill trailer lint two >out &&
	lint_out series-submitter out >found && test "$(wc -l <found)" = 1 &&
	grep -q "sent by $MIRA; patch 0/3 of the series came from $ADA$" found
'

test_done
