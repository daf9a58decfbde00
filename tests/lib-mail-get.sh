# lib-mail-get.sh - the test mail of the tNNNN-mail-get-*.sh tests (quill
# mail get against each kind of archive); source it after lib.sh (it
# sources lib-series.sh for quill_fails).
#
#   get_mails DIR   write the first mails into DIR, one raw message a file,
#                   named by their Message-ID's local part, in date order:
#                     frob-v1-0  [PATCH 0/2] mm: fix the frobnicator (change-id)
#                     frob-v1-1  [PATCH 1/2] mm: frob the widget
#                     frob-v1-2  [PATCH 2/2] mm: count the frobs
#                     tidy-1     [PATCH] net: tidy the queue (another change-id)
#                     ada-r1     Re: [PATCH 1/2] ..., a reply to frob-v1-1
#                     frob-v2-0  [PATCH v2 0/2] ... (the same change-id as v1)
#                     frob-v2-1  [PATCH v2 1/2] mm: frob the widget
#   get_later DIR   write ada-r2 (a reply to frob-v2-0) into DIR
#   get_tests SRC [LABEL]   the tests every kind passes, against --source
#                   SRC that holds the first mails (as get_mails wrote them
#                   into $M), in date order; LABEL (default SRC) names them
#   get_mbox FILE...  the messages as mboxrd, as quill mail get writes them
#                   (its expected output); GET_FROM_LINE, when set, is the
#                   separator line instead of public-inbox's
# The ids are <NAME@example.org>; frob-v1-1 has a body line "From the ..."
# and ada-r1 one ">From ...", so mboxrd escaping is exercised.

. "$TEST_SRC/lib-series.sh"

GET_CHANGE_ID=20240102-frob-0123456789ab
GET_OTHER_CHANGE_ID=20240105-tidy-fedcba987654

# get_mail FILE ID DATE FROM SUBJECT [IN-REPLY-TO [REFERENCES]]; body on stdin
get_mail() {
	{
		printf 'From: %s\n' "$4"
		printf 'To: Linux MM <linux-mm@example.org>\n'
		printf 'Subject: %s\n' "$5"
		printf 'Date: %s\n' "$3"
		printf 'Message-ID: <%s@example.org>\n' "$2"
		[ -z "${6:-}" ] || printf 'In-Reply-To: <%s@example.org>\n' "$6"
		[ -z "${7:-}" ] || printf 'References: %s\n' "$7"
		printf '\n'
		cat
	} >"$1"
}

GRACE='Grace Author <grace@example.org>'
ADA='Ada Reviewer <ada@example.org>'
BORIS='Boris Sender <boris@example.org>'

get_mails() {
	mkdir -p "$1"
	get_mail "$1/frob-v1-0" frob-v1-0 'Tue, 02 Jan 2024 10:00:00 +0000' "$GRACE" \
		'[PATCH 0/2] mm: fix the frobnicator' <<EOM
The frobnicator frobs twice.  These two patches make it frob once.

---
Grace Author (2):
      mm: frob the widget
      mm: count the frobs

base-commit: 0123456789abcdef0123456789abcdef01234567
change-id: $GET_CHANGE_ID

Best regards,
-- 
Grace Author <grace@example.org>
EOM
	get_mail "$1/frob-v1-1" frob-v1-1 'Tue, 02 Jan 2024 10:01:00 +0000' "$GRACE" \
		'[PATCH 1/2] mm: frob the widget' frob-v1-0 '<frob-v1-0@example.org>' <<\EOM
From the start the widget was frobbed in two places; frob it in one.

Signed-off-by: Grace Author <grace@example.org>
---
 mm/frob.c | 1 -
 1 file changed, 1 deletion(-)

diff --git a/mm/frob.c b/mm/frob.c
--- a/mm/frob.c
+++ b/mm/frob.c
@@ -1,2 +1 @@
 frob();
-frob();
EOM
	get_mail "$1/frob-v1-2" frob-v1-2 'Tue, 02 Jan 2024 10:02:00 +0000' "$GRACE" \
		'[PATCH 2/2] mm: count the frobs' frob-v1-0 '<frob-v1-0@example.org>' <<\EOM
Count them, so that a third one is noticed.

Signed-off-by: Grace Author <grace@example.org>
EOM
	get_mail "$1/tidy-1" tidy-1 'Fri, 05 Jan 2024 09:30:00 +0000' "$BORIS" \
		'[PATCH] net: tidy the queue' <<EOM
The queue had two heads.

Signed-off-by: Boris Sender <boris@example.org>
---
change-id: $GET_OTHER_CHANGE_ID
EOM
	get_mail "$1/ada-r1" ada-r1 'Sat, 06 Jan 2024 12:00:00 +0000' "$ADA" \
		'Re: [PATCH 1/2] mm: frob the widget' frob-v1-1 \
		'<frob-v1-0@example.org> <frob-v1-1@example.org>' <<EOM
On Tue, Jan 02, 2024 at 10:01:00AM +0000, Grace Author wrote:
>From the start the widget was frobbed in two places; frob it in one.
> change-id: $GET_CHANGE_ID

What's the object file size change?

Reviewed-by: Ada Reviewer <ada@example.org>
EOM
	get_mail "$1/frob-v2-0" frob-v2-0 'Mon, 08 Jan 2024 10:00:00 +0000' "$GRACE" \
		'[PATCH v2 0/2] mm: fix the frobnicator' <<EOM
The frobnicator frobs twice.  These two patches make it frob once.

Changes in v2:
- the object size change, as Ada asked

---
change-id: $GET_CHANGE_ID
EOM
	get_mail "$1/frob-v2-1" frob-v2-1 'Mon, 08 Jan 2024 10:01:00 +0000' "$GRACE" \
		'[PATCH v2 1/2] mm: frob the widget' frob-v2-0 '<frob-v2-0@example.org>' <<\EOM
Frob it in one place.

Reviewed-by: Ada Reviewer <ada@example.org>
Signed-off-by: Grace Author <grace@example.org>
EOM
}

get_later() {
	mkdir -p "$1"
	get_mail "$1/ada-r2" ada-r2 'Tue, 09 Jan 2024 08:00:00 +0000' "$ADA" \
		'Re: [PATCH v2 0/2] mm: fix the frobnicator' frob-v2-0 '<frob-v2-0@example.org>' <<\EOM
> Changes in v2:

Thanks, all good now.
EOM
}

get_mbox() {
	for f in "$@"; do
		printf '%s\n' "${GET_FROM_LINE:-From mboxrd@z Thu Jan  1 00:00:00 1970}"
		sed -E 's/^(>*From )/>\1/' "$f"
		printf '\n'
	done
}

get_tests() {
	set -- "$1" "${2:-$1}"
	test_expect_success "$2: the whole thread of a patch, in date order" '
		quill mail get --source '"$1"' "<frob-v1-1@example.org>" >out 2>err &&
		get_mbox $M/frob-v1-0 $M/frob-v1-1 $M/frob-v1-2 $M/ada-r1 >want &&
		test_cmp want out &&
		test ! -s err
	'

	test_expect_success "$2: two threads at once" '
		quill mail get --source '"$1"' tidy-1@example.org frob-v2-1@example.org >out &&
		get_mbox $M/tidy-1 $M/frob-v2-0 $M/frob-v2-1 >want &&
		test_cmp want out
	'

	test_expect_success "$2: a missing thread is exit 1, nothing written" '
		quill_fails 1 "nobody@example.org: no such thread" \
			mail get --source '"$1"' nobody@example.org &&
		test ! -s out.fail
	'

	test_expect_success "$2: search by change-id finds every version${SQ}s cover" '
		quill mail get --source '"$1"' --change-id $GET_CHANGE_ID >out &&
		get_mbox $M/frob-v1-0 $M/frob-v2-0 >want &&
		test_cmp want out &&
		quill mail get --source '"$1"' --change-id $GET_OTHER_CHANGE_ID >out &&
		get_mbox $M/tidy-1 >want &&
		test_cmp want out
	'

	test_expect_success "$2: search by subject, any case, without the [PATCH] prefix" '
		quill mail get --source '"$1"' --subject "FROB THE wid" >out &&
		get_mbox $M/frob-v1-1 $M/ada-r1 $M/frob-v2-1 >want &&
		test_cmp want out &&
		quill mail get --source '"$1"' --subject "frob the widget" \
			--from GRACE@example.org >out &&
		get_mbox $M/frob-v1-1 $M/frob-v2-1 >want &&
		test_cmp want out
	'

	test_expect_success "$2: a search that finds nothing is exit 1 and no output" '
		test_expect_code 1 quill mail get --source '"$1"' --subject "PATCH 1/2" >out 2>err &&
		test ! -s out && test ! -s err &&
		test_expect_code 1 quill mail get --source '"$1"' --change-id 20240101-none-000000000000 >out 2>err &&
		test ! -s out && test ! -s err &&
		test_expect_code 1 quill mail get --source '"$1"' --subject frob --from nobody@example.org >out 2>err &&
		test ! -s out && test ! -s err
	'
}
