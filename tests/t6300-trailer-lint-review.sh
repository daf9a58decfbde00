#!/bin/sh
# quill trailer lint and the review history (issue 11, "The review history
# behind lint"): the replies in the same input (--mbox FILE, --thread MSGID)
# tell review-declined (the v9 4/8 case: a Suggested-by its person declined
# on the list), review-taken-back, review-not-given and review-patch-changed.
. "$(dirname "$0")/lib.sh"
. "$TEST_SRC/lib-series.sh"
. "$TEST_SRC/lib-bench.sh"

# mail FROM MSGID SUBJECT IN-REPLY-TO (or -) <BODY >>BOX: one mail of an mboxrd
mail() {
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
	printf 'From: %s\nDate: Mon, 1 Dec 2025 10:00:00 +0000\nMessage-ID: <%s>\nSubject: %s\n' "$1" "$2" "$3"
	[ "$4" = - ] || printf 'In-Reply-To: <%s>\nReferences: <%s>\n' "$4" "$4"
	printf '\n'
	cat
	printf '\n'
}

# diff_of FILE LINE: a patch's diff adding LINE to FILE
diff_of() {
	printf -- '---\n %s | 1 +\n 1 file changed, 1 insertion(+)\n\n' "$1"
	printf 'diff --git a/%s b/%s\nindex 1111111..2222222 100644\n--- a/%s\n+++ b/%s\n@@ -1 +1,2 @@\n w\n+%s\n-- \n2.47.0\n' "$1" "$1" "$1" "$1" "$2"
}

ADA="Ada Author <ada@example.org>"
SOB="Signed-off-by: $ADA"
LORE=https://lore.kernel.org/all

test_expect_success 'setup: v9 of a series, a Suggested-by declined on the list' '
	{ printf "Add a frob.\n\nReviewed-by: Cleo Cole <cleo@example.org>\n%s\n" "$SOB"; diff_of a.c frob; } |
		mail "$ADA" v9-1@example.org "[PATCH v9 1/2] mm: add the frob" - >patches.mbox &&
	{ printf "Use the frob.\n\nSuggested-by: Muchun Song <songmuchun@bytedance.com>\n%s\n" "$SOB"; diff_of b.c use; } |
		mail "$ADA" v9-2@example.org "[PATCH v9 2/2] mm: use the frob" v9-1@example.org >>patches.mbox &&
	cp patches.mbox v9.mbox &&
	mail "Muchun Song <songmuchun@bytedance.com>" muchun-1@example.org \
		"Re: [PATCH v9 2/2] mm: use the frob" v9-2@example.org >>v9.mbox <<-\EOM
	On Mon, Dec 1, 2025 at 10:00 AM Ada Author <ada@example.org> wrote:
	>
	> Suggested-by: Muchun Song <songmuchun@bytedance.com>

	I did not suggest this, please drop my Suggested-by.
	EOM
'

test_expect_success 'no replies in the input: the review rules say nothing' '
	quill trailer lint --mbox patches.mbox >out &&
	! grep -E ": review-" out &&
	grep "^total: " out
'

test_expect_success 'the v9 4/8 case: review-declined is an error naming the tag, the person, the link' '
	test_expect_code 1 quill trailer lint --mbox v9.mbox >out &&
	grep -F "error: review-declined: Suggested-by: Muchun Song declined it on the list ($LORE/muchun-1@example.org/)" out &&
	test "$(grep -c ": review-declined: " out)" = 1
'

test_expect_success 'a Reviewed-by that no reply in the thread gives: review-not-given' '
	grep -F "warning: review-not-given: Reviewed-by: no reply by <cleo@example.org> on the list gives it" out
'

test_expect_success '--json: the finding with its mail and rule' '
	test_expect_code 1 quill trailer lint --json --mbox v9.mbox >j.json &&
	test "$(jget j.json "[f[\"msgid\"] for f in d[\"findings\"] if f[\"rule\"] == \"review-declined\"]")" = "[\"v9-2@example.org\"]"
'

test_expect_success '--thread MSGID --source mbox:FILE: the same from the thread fetched' '
	test_expect_code 1 quill trailer lint --thread "<v9-1@example.org>" --source mbox:v9.mbox >out &&
	grep -F "error: review-declined: Suggested-by: Muchun Song declined it on the list ($LORE/muchun-1@example.org/)" out &&
	test "$(grep -c ": review-not-given: " out)" = 1
'

test_expect_success '--thread: usage' '
	quill_fails 2 "--thread takes no" trailer lint --thread x@y --mbox v9.mbox &&
	quill_fails 2 "--source goes with --thread" trailer lint --source mbox:v9.mbox --mbox v9.mbox
'

test_expect_success 'given, then taken back: review-taken-back' '
	{ printf "Fix the lock.\n\nReviewed-by: Bo Brenn <bo@example.org>\n%s\n" "$SOB"; diff_of c.c lock; } |
		mail "$ADA" tb-1@example.org "[PATCH] mm: fix the lock" - >tb.mbox &&
	mail "Bo Brenn <bo@example.org>" bo-1@example.org "Re: [PATCH] mm: fix the lock" tb-1@example.org >>tb.mbox <<-\EOM &&
	Looks good to me.

	Reviewed-by: Bo Brenn <bo@example.org>
	EOM
	mail "Bo Brenn <bo@example.org>" bo-2@example.org "Re: [PATCH] mm: fix the lock" bo-1@example.org >>tb.mbox <<-\EOM &&
	> Reviewed-by: Bo Brenn <bo@example.org>

	Sorry, I missed the unlock on the error path. I take my Reviewed-by back,
	please drop it.
	EOM
	test_expect_code 1 quill trailer lint --mbox tb.mbox >out &&
	grep -F "error: review-taken-back: Reviewed-by: Bo Brenn took it back on the list ($LORE/bo-2@example.org/)" out &&
	! grep -F ": review-declined: " out
'

test_expect_success 'given on v1, the patch changed in v2: review-patch-changed' '
	{ printf "Tune the zone.\n\n%s\n" "$SOB"; diff_of d.c one; } |
		mail "$ADA" pc-1@example.org "[PATCH] mm: tune the zone" - >pc.mbox &&
	mail "Cleo Cole <cleo@example.org>" cleo-1@example.org "Re: [PATCH] mm: tune the zone" pc-1@example.org >>pc.mbox <<-\EOM &&
	Nice.

	Reviewed-by: Cleo Cole <cleo@example.org>
	EOM
	{ printf "Tune the zone.\n\nReviewed-by: Cleo Cole <cleo@example.org>\n%s\n" "$SOB"; diff_of d.c two; } |
		mail "$ADA" pc-2@example.org "[PATCH v2] mm: tune the zone" - >>pc.mbox &&
	quill trailer lint --mbox pc.mbox >out; test $? -le 1 &&
	grep -F "warning: review-patch-changed: Reviewed-by: given on v1; the patch has changed since" out &&
	! grep -F ": review-not-given: " out
'

test_expect_success 'the same patch again in v2: no review-patch-changed' '
	{ printf "Tune the zone.\n\n%s\n" "$SOB"; diff_of d.c one; } |
		mail "$ADA" pc-1@example.org "[PATCH] mm: tune the zone" - >same.mbox &&
	mail "Cleo Cole <cleo@example.org>" cleo-1@example.org "Re: [PATCH] mm: tune the zone" pc-1@example.org >>same.mbox <<-\EOM &&
	Nice.

	Reviewed-by: Cleo Cole <cleo@example.org>
	EOM
	{ printf "Tune the zone.\n\nReviewed-by: Cleo Cole <cleo@example.org>\n%s\n" "$SOB"; diff_of d.c one; } |
		mail "$ADA" same-2@example.org "[PATCH v2] mm: tune the zone" - >>same.mbox &&
	quill trailer lint --mbox same.mbox >out; test $? -le 1 &&
	grep "^total: " out &&
	! grep -E ": review-(patch-changed|not-given|declined): " out
'

# --series: the review pulled into the state (v1/review.json, put there
# as review pull would), the working version v2 linted against it.
test_expect_success 'setup: a series frozen at v1 with its review; v2 changes patch 2' '
	test_repo sr &&
	(cd sr && quill series new s >/dev/null &&
	 printf "frob\n" >a.c && git add a.c && test_tick &&
	 git commit -q -m "mm: use the frob

Use it.

Suggested-by: Muchun Song <songmuchun@bytedance.com>
$SOB" &&
	 printf "tune\n" >d.c && git add d.c && test_tick &&
	 git commit -q -m "mm: tune the zone

Tune it.

$SOB" &&
	 quill series new-version >/dev/null &&
	 cat >../review.json <<-EOJ &&
	{"version": 1, "replies": [],
	 "items": [
	  {"id": "aaaaaaaaaaaa", "kind": "trailer-objection", "author": "Muchun Song <songmuchun@bytedance.com>",
	   "date": null, "msgid": "muchun-1@example.org", "link": "$LORE/muchun-1@example.org/",
	   "version": 1, "patch": 1, "text": "I did not suggest this", "quoted": "",
	   "trailer": "Suggested-by: Muchun Song <songmuchun@bytedance.com>", "status": "open"},
	  {"id": "bbbbbbbbbbbb", "kind": "trailer", "author": "Cleo Cole <cleo@example.org>",
	   "date": null, "msgid": "cleo-1@example.org", "link": "$LORE/cleo-1@example.org/",
	   "version": 1, "patch": 2, "text": "Reviewed-by: Cleo Cole <cleo@example.org>", "quoted": "",
	   "trailer": "Reviewed-by: Cleo Cole <cleo@example.org>", "status": "open"}]}
	EOJ
	 state_put v1/review.json ../review.json &&
	 printf "tune harder\n" >d.c && git add d.c && test_tick &&
	 git commit -q --amend -m "mm: tune the zone

Tune it.

Reviewed-by: Cleo Cole <cleo@example.org>
Reviewed-by: Dee Dunn <dee@example.org>
$SOB")
'

test_expect_success '--series: declined (error, with the link), patch changed, not given' '
	(cd sr && test_expect_code 1 quill trailer lint --series s >../out) &&
	grep -F "error: review-declined: Suggested-by: Muchun Song declined it on the list ($LORE/muchun-1@example.org/)" out &&
	grep -F "warning: review-patch-changed: Reviewed-by: given on v1; the patch has changed since" out &&
	grep -F "warning: review-not-given: Reviewed-by: no reply by <dee@example.org> on the list gives it" out &&
	test "$(grep -c ": review-" out)" = 3
'

test_expect_success '--series without a pulled review: the review rules say nothing' '
	test_repo sq &&
	(cd sq && quill series new q >/dev/null &&
	 printf "x\n" >x.c && git add x.c && test_tick &&
	 git commit -q -m "mm: x

Do x.

Reviewed-by: Dee Dunn <dee@example.org>
$SOB" && quill series new-version >/dev/null &&
	 quill trailer lint --series q >../out) &&
	! grep -F ": review-" out && grep "^total: " out
'

test_done
