/* test-review-items.c - lib/review/items: the rules finding review items
 * in one reply, each kind on phrasings that must match and near-misses
 * that must not; the fields of an item; the phrase file's parser. */
#include "core/error.h"
#include "core/resource.h"
#include "mail/message.h"
#include "mail/message-body.h"
#include "review/items.h"
#include "review/items-private.h"
#include "unit.h"

#include <gmime/gmime.h>

#define RITA "Rita Reviewer <rita@example.org>"
#define ADA "Ada Author <ada@example.org>"
#define BOB "Bob Other <bob@example.org>"

enum { T = REVIEW_TRAILER, N = REVIEW_NAK, O = REVIEW_TRAILER_OBJECTION, R = REVIEW_RESULTS,
       P = REVIEW_PROMISE, C = REVIEW_CHANGE_REQUEST, Q = REVIEW_QUESTION, M = REVIEW_COMMENT };

/* One case: the reply's body, from whom (NULL: Rita, a reviewer; ADA is the
 * series author), the patch's credits (one, or NULL), the kind looked at,
 * whether an item of it must be found, and (when given) its text. */
struct tcase {
	int kind;
	int want;
	const char *from;
	const char *credit;
	const char *body;
	const char *text;
};

static struct message_body *decode(const char *from, const char *body)
{
	char *raw = g_strdup_printf("From: %s\nTo: list@example.org\n"
				    "Subject: Re: [PATCH v2 1/3] mm: fix the watermark\n"
				    "Message-ID: <r1@example.org>\n"
				    "Date: Fri, 02 Jan 2026 03:04:05 +0000\n\n%s",
				    from, body);
	struct message *m = message_parse(raw, strlen(raw));
	struct message_body *b = message_body_decode(m, NULL, NULL, NULL);

	message_free(m);
	g_free(raw);
	return b;
}

/* The items of a reply (caller owns). */
static GPtrArray *extract(const char *from, const char *credit, const char *body)
{
	GPtrArray *items = g_ptr_array_new_with_free_func(review_item_free);
	struct message_body *b = decode(from, body);
	const char *credits[] = { credit, NULL };
	struct review_mail m = {
		.msgid = "r1@example.org",
		.from = from,
		.date = "2026-01-02T03:04:05Z",
		.link = "https://lore.example.org/r/r1@example.org",
		.version = 2,
		.patch = 1,
		.body = b,
		.from_author = !strcmp(from, ADA),
		.credits = credit ? credits : NULL,
	};
	guint n = review_extract(NULL, &m, items);

	if (n != items->len)
		ok(0, "review_extract counts what it appends");
	message_body_free(b);
	return items;
}

static const struct review_item *find_kind(const GPtrArray *items, int kind)
{
	for (guint i = 0; i < items->len; i++) {
		const struct review_item *it = g_ptr_array_index(items, i);

		if ((int)it->kind == kind)
			return it;
	}
	return NULL;
}

static void dump(const GPtrArray *items)
{
	for (guint i = 0; i < items->len; i++) {
		const struct review_item *it = g_ptr_array_index(items, i);

		printf("#   item %s: [%s] trailer [%s] quoted [%s]\n", review_kind_name(it->kind),
		       it->text, it->trailer ? it->trailer : "", it->quoted);
	}
}

static int counts[REVIEW_KIND_COUNT][2];

static void run_cases(const struct tcase *cases, gsize n)
{
	for (gsize i = 0; i < n; i++) {
		const struct tcase *tc = &cases[i];
		const char *from = tc->from ? tc->from : RITA;
		GPtrArray *items = extract(from, tc->credit, tc->body);
		const struct review_item *it = find_kind(items, tc->kind);
		char *name = g_strdup_printf("%s %s: %.50s", review_kind_name(tc->kind),
					     tc->want ? "found" : "not found", tc->body);

		for (char *c = name; *c; c++)
			if (*c == '\n')
				*c = '|';
		counts[tc->kind][tc->want ? 0 : 1]++;
		if (!ok(tc->want ? it != NULL : it == NULL, name))
			dump(items);
		else if (tc->want && tc->text)
			is_str(it->text, tc->text, "  its text");
		g_free(name);
		g_ptr_array_unref(items);
	}
}

/* ---- trailer ---- */

static const struct tcase trailer_cases[] = {
	{ T, 1, NULL, NULL, "> +\treturn 0;\n\nLooks good to me.\n\nReviewed-by: " RITA "\n",
	  "Reviewed-by: " RITA },
	{ T, 1, NULL, NULL, "Acked-by: " RITA "\n", "Acked-by: " RITA },
	{ T, 1, NULL, NULL,
	  "Tested on my Raspberry Pi 4, works fine.\n\nTested-by: Rita Reviewer <RITA@Example.ORG>\n",
	  "Tested-by: Rita Reviewer <RITA@Example.ORG>" },
	{ T, 1, NULL, NULL, "For the series:\n\nReviewed-by: Rita Reviewer <rreviewer@kernel.org>\n",
	  "Reviewed-by: Rita Reviewer <rreviewer@kernel.org>" },
	{ T, 1, NULL, NULL,
	  "For the whole series:\nReviewed-by: " RITA "\n\nThanks,\nRita\n", "Reviewed-by: " RITA },
	{ T, 1, NULL, NULL, "Oh, and:\n\n  Reported-by: " RITA "\n", "Reported-by: " RITA },
	{ T, 1, NULL, NULL, "Feel free to add\nSuggested-by: " RITA "\n", "Suggested-by: " RITA },
	{ T, 1, NULL, NULL, "Reviewed-and-tested-by: " RITA "\n", "Reviewed-and-tested-by: " RITA },
	{ T, 1, NULL, NULL,
	  "On Thu, Ada Author wrote:\n> +\tkfree(p);\n\nreviewed-by: " RITA "\n\n-- \nRita\n",
	  "reviewed-by: " RITA },
	/* near-misses */
	{ T, 0, NULL, NULL, "> Reviewed-by: " RITA "\n\nI will have another look at v3.\n" },
	{ T, 0, NULL, NULL, "Bob tested it on his board:\n\nTested-by: " BOB "\n" },
	{ T, 0, NULL, NULL, "Thanks!\n-- \nReviewed-by: " RITA "\n" },
	{ T, 0, NULL, NULL, "Signed-off-by: " RITA "\n" },
	{ T, 0, NULL, NULL, "I will send my Reviewed-by: once the locking is fixed.\n" },
	{ T, 0, NULL, NULL, "Reviewed-by:\n" },
	{ T, 0, NULL, NULL, ">> Acked-by: " RITA "\n> Thanks, applied.\n\nGreat.\n" },
	{ T, 0, NULL, NULL,
	  "Something like this?\n\ndiff --git a/mm/a.c b/mm/a.c\n--- a/mm/a.c\n+++ b/mm/a.c\n"
	  "@@ -1 +1,2 @@\n x\n+Reviewed-by: " RITA "\n" },
	{ T, 0, NULL, NULL, "Reviewed-by: Ravi Tester <ravi@example.org>\n" },
};

/* ---- nak ---- */

static const struct tcase nak_cases[] = {
	{ N, 1, NULL, NULL, "NAK.\n\nThis breaks the ABI.\n", "NAK." },
	{ N, 1, NULL, NULL, "Nacked-by: " RITA "\n", "Nacked-by: " RITA },
	{ N, 1, NULL, NULL, "> +static int foo(void)\n\nNACK, this was rejected before.\n",
	  "NACK, this was rejected before." },
	{ N, 1, NULL, NULL, "Strong NAK from me on this approach.\n", NULL },
	{ N, 1, NULL, NULL, "Sorry, but\n\nNacked-by: " RITA "\n\n-- \nRita\n", NULL },
	{ N, 1, NULL, NULL, "I am going to nack this until the races are fixed.\n", NULL },
	{ N, 1, NULL, NULL, "This is still Nacked, see my reply to v1.\n", NULL },
	{ N, 1, NULL, NULL, "NAK for the whole series: the interface is wrong.\n", NULL },
	/* near-misses */
	{ N, 0, NULL, NULL, "> NAK, this is wrong.\n\nI disagree, see the numbers below.\n" },
	{ N, 0, NULL, NULL, "This is not a NAK, just a question about the locking.\n" },
	{ N, 0, NULL, NULL, "Acked-by: " RITA "\n" },
	{ N, 0, NULL, NULL, "The NAKED pointer here is fine.\n" },
	{ N, 0, NULL, NULL, "This is about the NAK_BIT handling in the driver.\n" },
	{ N, 0, NULL, NULL, "The device returns NAK on a busy bus, so we retry.\n" },
	{ N, 0, NULL, NULL, "No NAK from me, but I would like a Tested-by first.\n" },
	{ N, 0, NULL, NULL, "> Nacked-by: " RITA "\n\nI still think so.\n" },
	{ N, 0, NULL, NULL, "Fine by me.\n-- \nRita (NAK-free since 2019)\n" },
};

/* ---- trailer-objection ---- */

#define SUGG "Suggested-by: " RITA

static const struct tcase objection_cases[] = {
	{ O, 1, NULL, NULL,
	  "> Suggested-by: " RITA "\n> Signed-off-by: " ADA "\n\n"
	  "I didn't suggest this, please drop my Suggested-by.\n",
	  "I didn't suggest this, please drop my Suggested-by." },
	{ O, 1, NULL, SUGG, "Not my idea at all, I only pointed at the bug.\n", NULL },
	{ O, 1, NULL, "Reviewed-by: " RITA,
	  "That's not a Reviewed-by I gave: I only commented on patch 2.\n", NULL },
	{ O, 1, NULL, "Acked-by: " RITA,
	  "Wrong tag, I only acked the previous version, not this rewrite.\n", NULL },
	{ O, 1, NULL, "Tested-by: " RITA, "I never gave a Tested-by for this version.\n", NULL },
	{ O, 1, NULL, "Reviewed-by: " RITA,
	  "Please don't add my Reviewed-by, I haven't looked at this one.\n", NULL },
	{ O, 1, NULL, SUGG, "Thanks, but I'd rather not be credited for this one.\n", NULL },
	{ O, 1, NULL, "Reported-by: Rita Reviewer <rita@kernel.org>",
	  "I did not report this, it was syzbot.\n", NULL },
	{ O, 1, NULL, "Reviewed-by: " RITA, "I never reviewed v9, only v7.\n", NULL },
	{ O, 1, NULL, NULL,
	  "> Reviewed-by: " RITA "\n\nSorry, I missed the unlock on the error path. I take my "
	  "Reviewed-by back, please drop it.\n", NULL },
	{ O, 1, NULL, NULL,
	  "> Suggested-by: " RITA "\n\nI don't think I suggested this. Please remove my "
	  "Suggested-by.\n\nRita,\nThanks.\n",
	  "I don't think I suggested this. Please remove my Suggested-by." },
	/* near-misses */
	{ O, 0, BOB, SUGG, "I didn't suggest this either, Rita did.\n" },
	{ O, 0, NULL, NULL, "> Suggested-by: " RITA "\n\nThanks for picking this up!\n" },
	{ O, 0, NULL, NULL, "> Suggested-by: " BOB "\n\nI didn't suggest this either.\n" },
	{ O, 0, NULL, "Reviewed-by: " RITA, "Please don't drop my Reviewed-by when you resend.\n" },
	{ O, 0, NULL, SUGG,
	  "> I hope you don't mind the Suggested-by; it was not my idea to drop it.\n\n"
	  "Not at all, that's fine.\n" },
	{ O, 0, NULL, "Reviewed-by: " RITA, "My Reviewed-by still stands for this version.\n" },
	{ O, 0, NULL, SUGG, "Looks fine.\n-- \nRita -- not my idea of fun\n" },
	{ O, 0, NULL, "Tested-by: " RITA, "I didn't test on arm64, only on x86.\n" },
	{ O, 0, NULL, "Cc: " RITA, "Please drop my address from Cc, wrong tag.\n" },
	{ O, 0, NULL, SUGG, "I think I suggested this back in 2022, glad to see it.\n" },
};

/* ---- results ---- */

static const struct tcase results_cases[] = {
	{ R, 1, NULL, NULL, "before: 244.28 ms\nafter:  201.10 ms\n",
	  "before: 244.28 ms\nafter:  201.10 ms" },
	{ R, 1, NULL, NULL, "On my box:\n\nthroughput: 1.2 GB/s\n", "throughput: 1.2 GB/s" },
	{ R, 1, NULL, NULL,
	  "Benchmark 1: ./old\n  Time (mean \xc2\xb1 \xcf\x83):     244.28 ms \xc2\xb1   3.10 ms\n"
	  "  Range (min \xe2\x80\xa6 max):   240.11 ms \xe2\x80\xa6 248.92 ms    10 runs\n", NULL },
	{ R, 1, NULL, NULL,
	  "The object sizes:\n\n            before    after   delta\n"
	  "text         12345    12001   -2.8%\nbss            512      512    0.0%\n",
	  "            before    after   delta\ntext         12345    12001   -2.8%\n"
	  "bss            512      512    0.0%" },
	{ R, 1, NULL, NULL, "Object size change: +48 bytes\n", NULL },
	{ R, 1, NULL, NULL, "Speedup: 2.3x on the 8-core box.\n", NULL },
	{ R, 1, NULL, NULL, "fio with 4k blocks\nrandread: 45123 IOPS\n", "randread: 45123 IOPS" },
	{ R, 1, NULL, NULL,
	  "   text    data     bss     dec     hex filename\n"
	  "  12345     678      90   13113    3339 vmlinux.o\n"
	  "  12301     678      90   13069    330d vmlinux.o\n", NULL },
	{ R, 1, ADA, NULL, "before:\n  real: 12.5 s\n\nafter:\n  real: 9.1 s\n",
	  "before:\n  real: 12.5 s\n\nafter:\n  real: 9.1 s" },
	/* near-misses */
	{ R, 0, NULL, NULL, "> before: 244.28 ms\n> after: 201.10 ms\n\nNice improvement.\n" },
	{ R, 0, NULL, NULL, "I ran it 3 times and it failed once.\n" },
	{ R, 0, NULL, NULL, "Changes since v1: 3 patches dropped\n" },
	{ R, 0, NULL, NULL, "Link: https://lore.kernel.org/r/20240101.1234@example.org\n" },
	{ R, 0, NULL, NULL, "Fixes: 1234567890ab (\"mm: fix the watermark\")\n" },
	{ R, 0, NULL, NULL, "Thanks.\n-- \nPhone: +1 555 123 4567\nSpeed: 12 ms\n" },
	{ R, 0, NULL, NULL, "v2 took 3 of my 5 suggestions.\n" },
	{ R, 0, NULL, NULL,
	  "We saw 2 failures in 10 runs on the first\nmachine and 3 in 10 on the second one.\n" },
	{ R, 0, NULL, NULL, "Date: 2024-01-02\n" },
};

/* ---- promise ---- */

static const struct tcase promise_cases[] = {
	{ P, 1, ADA, NULL, "> Missing a newline.\n\nWill fix in v2, thanks.\n",
	  "Will fix in v2, thanks." },
	{ P, 1, ADA, NULL, "Good point, I'll do that in the next version.\n", NULL },
	/* "will * in v#", "will be in v#", "will * into the v#": a '#' outside
	 * quotes starts a comment, and the three once read as "... in v" */
	{ P, 1, ADA, NULL, "Agreed, I will rework it in v3.\n", NULL },
	{ P, 1, ADA, NULL, "The rename will be in v4.\n", NULL },
	{ P, 1, ADA, NULL, "That part will go into the v3 cover.\n", NULL },
	{ P, 1, ADA, NULL,
	  "Thanks for the numbers. I will incorporate these findings into the V2 description.\n",
	  "I will incorporate these findings into the V2 description." },
	{ P, 1, ADA, NULL, "Agreed, will send a v3 with the lock dropped.\n", NULL },
	{ P, 1, ADA, NULL, "> s/recieve/receive/\n\nFixed in next revision.\n", NULL },
	{ P, 1, ADA, NULL, "Sure, will do.\n", NULL },
	{ P, 1, ADA, NULL,
	  "You're right, the check is redundant. I'll drop it in v2.\n", "I'll drop it in v2." },
	{ P, 1, ADA, NULL, "Ack, the next version will use READ_ONCE() there.\n", NULL },
	{ P, 1, ADA, NULL, "I\xe2\x80\x99ll rename it to folio_put_refs().\n", NULL },
	/* near-misses */
	{ P, 0, NULL, NULL, "Will fix in v2, I hope.\n" },
	{ P, 0, BOB, NULL, "I will send a Reviewed-by for v3.\n" },
	{ P, 0, ADA, NULL, "> Please fix this in v2.\n\nThanks!\n" },
	{ P, 0, ADA, NULL, "This was already fixed in v2.\n" },
	{ P, 0, ADA, NULL, "Will this be okay for v2?\n" },
	{ P, 0, ADA, NULL, "I won't change this, it matches the other drivers.\n" },
	{ P, 0, ADA, NULL, "Thanks.\n-- \nAda, who will fix your printer in the next version\n" },
	{ P, 0, ADA, NULL, "If we decide to go this way I will send a v3.\n" },
	{ P, 0, ADA, NULL, "Would you like me to split it?\n" },
};

/* ---- change-request ---- */

static const struct tcase change_cases[] = {
	{ C, 1, NULL, NULL, "> +\tmutex_lock(&lock);\n\nPlease use a guard(mutex) here.\n",
	  "Please use a guard(mutex) here." },
	{ C, 1, NULL, NULL, "This should be unsigned long.\n", NULL },
	{ C, 1, NULL, NULL, "You should use kvfree() since it may come from vmalloc.\n", NULL },
	{ C, 1, NULL, NULL, "Could you split this into two patches?\n", NULL },
	{ C, 1, NULL, NULL, "Can you use folio_size() instead?\n", NULL },
	{ C, 1, NULL, NULL, "Drop this hunk, it is unrelated.\n", NULL },
	{ C, 1, NULL, NULL, "The error path needs to release the lock.\n", NULL },
	{ C, 1, NULL, NULL, "I'd prefer a helper for this.\n", NULL },
	{ C, 1, NULL, NULL, "nit: rename to nr_pages.\n", NULL },
	{ C, 1, NULL, NULL, "s/recieve/receive/\n", NULL },
	/* near-misses */
	{ C, 0, NULL, NULL, "> Please use a guard here.\n\nIndeed.\n" },
	{ C, 0, NULL, NULL, "Please ignore my previous mail, I replied to the wrong version.\n" },
	{ C, 0, NULL, NULL, "This should be fine as is.\n" },
	{ C, 0, NULL, NULL, "Please let me know if you need more testing.\n" },
	{ C, 0, NULL, NULL, "You must have missed my earlier mail.\n" },
	{ C, 0, NULL, NULL, "Thanks, looks good.\n" },
	{ C, 0, NULL, NULL,
	  "Looks good.\n-- \nPlease consider the environment before printing this email.\n" },
	{ C, 0, NULL, NULL, "Please find the test log attached.\n" },
	{ C, 0, NULL, NULL, "I renamed the variable in my tree to test it.\n" },
};

/* ---- question ---- */

static const struct tcase question_cases[] = {
	{ Q, 1, NULL, NULL, "> +\tsize += 8;\n\nWhat's the object file size change?\n",
	  "What's the object file size change?" },
	{ Q, 1, NULL, NULL, "Why is the lock dropped here?\n", NULL },
	{ Q, 1, NULL, NULL, "I wonder whether this needs a barrier.\n", NULL },
	{ Q, 1, NULL, NULL, "Is this safe against concurrent truncation?\n", NULL },
	{ Q, 1, NULL, NULL, "How does this interact with THP.\n", NULL },
	{ Q, 1, NULL, NULL, "Any reason this is not static.\n", NULL },
	{ Q, 1, NULL, NULL, "Did you test this on a 32-bit build?\n", NULL },
	{ Q, 1, NULL, NULL, "Not sure why we need the extra refcount here.\n", NULL },
	{ Q, 1, NULL, NULL, "Out of curiosity, does the\nsame apply to shmem?\n",
	  "Out of curiosity, does the same apply to shmem?" },
	/* near-misses */
	{ Q, 0, NULL, NULL, "> Why not use kvmalloc()?\n\nBecause the size is bounded.\n" },
	{ Q, 0, NULL, NULL, "Thanks.\n-- \nWhy use Windows when you can use Linux?\n" },
	{ Q, 0, NULL, NULL, "That's why the lock is taken early.\n" },
	{ Q, 0, NULL, NULL, "See https://lore.kernel.org/all/?q=foo for the thread.\n" },
	{ Q, 0, NULL, NULL, "The fix:\n\n    x = a ? b : c;\n" },
	{ Q, 0, NULL, NULL, "It works for me.\n" },
	{ Q, 0, NULL, NULL, "This is the reason why the test fails on arm64.\n" },
	{ Q, 0, NULL, NULL, "The question mark in the format string (%?) is a typo.\n" },
	{ Q, 0, NULL, NULL, ">> What about arm64?\n> It works there too.\n\nGood.\n" },
	{ Q, 0, NULL, NULL,
	  "Like this.\n\n---\ndiff --git a/a.c b/a.c\n--- a/a.c\n+++ b/a.c\n@@ -1 +1 @@\n"
	  "-/* why? */\n+/* how? */\n" },
};

/* ---- comment ---- */

static const struct tcase comment_cases[] = {
	{ M, 1, NULL, NULL, "Looks good to me.\n", "Looks good to me." },
	{ M, 1, NULL, NULL, "Thanks for working on this.\n", NULL },
	{ M, 1, NULL, NULL, "On Mon, 1 Jan 2024, Ada Author wrote:\n> +\tfoo();\n\nNice cleanup.\n",
	  "Nice cleanup." },
	{ M, 1, NULL, NULL, "Hi Ada,\n\nI ran the series on my box overnight.\n\nThanks,\nRita\n",
	  "Hi Ada,\n\nI ran the series on my box overnight.\n\nThanks,\nRita" },
	{ M, 1, NULL, NULL, "Reviewed-by: " BOB "\n", "Reviewed-by: " BOB },
	{ M, 1, NULL, NULL, "I ran it 3 times.\n", NULL },
	{ M, 1, NULL, NULL, "> Does this still apply?\n\nYes, exactly.\n", "Yes, exactly." },
	{ M, 1, NULL, NULL, "FWIW I agree with Bob here.\n\n-- \nRita\n", NULL },
	/* near-misses */
	{ M, 0, NULL, NULL, "> foo\n> bar\n" },
	{ M, 0, NULL, NULL, "> +\tfoo();\n\nReviewed-by: " RITA "\n" },
	{ M, 0, NULL, NULL, "Why is this needed?\n" },
	{ M, 0, NULL, NULL, "-- \nRita\n" },
	{ M, 0, NULL, NULL, "" },
	{ M, 0, NULL, NULL, "\n\n  \n" },
	{ M, 0, NULL, NULL, "Please split this.\n" },
	{ M, 0, NULL, NULL, "before: 10 ms\nafter: 8 ms\n" },
	{ M, 0, NULL, NULL, "On Mon, 1 Jan 2024, Ada Author wrote:\n> foo\n" },
};

/* ---- the fields of items ---- */

static void test_fields(void)
{
	GPtrArray *items = extract(RITA, NULL,
				   "On Fri, Ada wrote:\n> > deep\n> line\n\n"
				   "What's the object file size change? Please add it to the commit "
				   "message.\n\nWhy the barrier?\n\nReviewed-by: " RITA "\n");
	const struct review_item *it;
	char *id;

	is_int(items->len, 4, "four items: question, change-request, question, trailer");
	if (items->len != 4) {
		dump(items);
		g_ptr_array_unref(items);
		return;
	}
	it = g_ptr_array_index(items, 0);
	is_str(review_kind_name(it->kind), "question", "first a question");
	is_str(it->text, "What's the object file size change?", "its sentence only");
	is_str(it->quoted, "> deep\nline", "quoted: the lines above, one '>' less");
	id = review_item_id("r1@example.org", REVIEW_QUESTION, 0);
	is_str(it->id, id, "id: msgid, kind, ordinal 0");
	g_free(id);
	is_str(it->author, RITA, "author");
	is_str(it->date, "2026-01-02T03:04:05Z", "date");
	is_str(it->msgid, "r1@example.org", "msgid");
	is_str(it->link, "https://lore.example.org/r/r1@example.org", "link");
	is_int(it->version, 2, "version");
	is_int(it->patch, 1, "patch");
	is_int(it->status, REVIEW_OPEN, "status open");
	ok(it->trailer == NULL, "no trailer for a question");
	it = g_ptr_array_index(items, 1);
	is_str(review_kind_name(it->kind), "change-request", "then the change request");
	is_str(it->text, "Please add it to the commit message.", "its sentence");
	it = g_ptr_array_index(items, 2);
	is_str(it->text, "Why the barrier?", "the second question");
	is_str(it->quoted, "> deep\nline", "a paragraph after another answers the same quote");
	id = review_item_id("r1@example.org", REVIEW_QUESTION, 1);
	is_str(it->id, id, "id: ordinal 1 of the kind");
	g_free(id);
	it = g_ptr_array_index(items, 3);
	is_str(it->trailer, "Reviewed-by: " RITA, "the trailer as given");
	g_ptr_array_unref(items);

	items = extract(RITA, NULL, "> +\tfoo();\n\nReviewed-by: " RITA "\n");
	is_int(items->len, 1, "quoted text and a trailer: just the trailer");
	g_ptr_array_unref(items);

	items = extract(RITA, NULL, "NAK, see v1.\n");
	it = find_kind(items, REVIEW_NAK);
	is_str(it ? it->trailer : NULL, "Nacked-by: " RITA, "a NAK's trailer is the sender's");
	g_ptr_array_unref(items);

	items = extract(RITA, "Reviewed-by: " RITA,
			"> Suggested-by: " RITA "\n\nI never suggested this.\n");
	it = find_kind(items, REVIEW_TRAILER_OBJECTION);
	is_str(it ? it->trailer : NULL, SUGG, "the disputed trailer: the one quoted");
	g_ptr_array_unref(items);

	{
		const char *credits[] = { "Reviewed-by: " RITA, SUGG, NULL };
		struct message_body *b = decode(RITA, "I never suggested this.\n");
		struct review_mail m = { .msgid = "x@y", .from = RITA, .body = b,
					 .credits = credits };

		items = g_ptr_array_new_with_free_func(review_item_free);
		review_extract(NULL, &m, items);
		it = find_kind(items, REVIEW_TRAILER_OBJECTION);
		is_str(it ? it->trailer : NULL, SUGG, "of two credits, the one the text names");
		g_ptr_array_unref(items);
		message_body_free(b);
	}
}

/* ---- the phrase file ---- */

static void parse_fails(const char *text, const char *want, const char *name)
{
	struct review_phrases *ph = (struct review_phrases *)1;
	GError *e = NULL;
	gboolean r = review_phrases_parse(&ph, text, strlen(text), "t.conf", &e);

	ok(!r && ph == NULL, name);
	is_str(e ? e->message : NULL, want, "  the message");
	is_int(e ? qerr_class(e) : 0, QUILL_ERROR_INPUT, "  an input error");
	if (e)
		g_error_free(e);
}

static void test_phrase_file(void)
{
	const struct embedded_file *f = quill_embedded;
	struct review_phrases *ph = NULL;
	GError *e = NULL;
	gboolean r;

	while (f->name && strcmp(f->name, "review-phrases.conf"))
		f++;
	ok(f->name != NULL, "review-phrases.conf is built in");
	if (f->name) {
		r = review_phrases_parse(&ph, (const char *)f->data, f->len, "review-phrases.conf",
					 &e);
		ok(r && ph, "the built-in phrase file parses");
		if (e)
			printf("#   %s\n", e->message);
		g_clear_error(&e);
		review_phrases_free(ph);
	}
	ok(review_phrases_default() != NULL, "review_phrases_default");
	ok(review_phrases_default() == review_phrases_default(), "parsed once");

	{
		const char *text = "# mine\n[kind \"question\"]\n\tphrase = \"^so\" ; a comment\n";
		struct message_body *b = decode(RITA, "So the lock is not needed.\n");
		struct review_mail m = { .msgid = "x@y", .from = RITA, .body = b };
		GPtrArray *items = g_ptr_array_new_with_free_func(review_item_free);

		r = review_phrases_parse(&ph, text, strlen(text), "mine.conf", &e);
		ok(r, "a phrase file of one's own");
		g_clear_error(&e);
		if (r) {
			review_extract(ph, &m, items);
			ok(find_kind(items, REVIEW_QUESTION) != NULL, "its phrase makes a question");
			review_phrases_free(ph);
		}
		g_ptr_array_unref(items);
		message_body_free(b);
	}

	parse_fails("phrase = why\n", "t.conf:1: phrase: outside any [kind \"NAME\"] section",
		    "a variable before any section");
	parse_fails("[kind \"question\"]\n\tphrase = why\n[kind \"bogus\"]\n",
		    "t.conf:3: \"bogus\" is not a kind of review item", "an unknown kind");
	parse_fails("[kind \"question\"]\n# c\n\tphrase = \"why\n",
		    "t.conf:3: a quote is not closed", "an open quote");
	parse_fails("[kind \"question\"]\n\tunit = ms\n",
		    "t.conf:2: kind \"question\" has no variable 'unit'", "a variable of another kind");
	parse_fails("[kind \"question\"]\n\tphrase = * *\n",
		    "t.conf:2: phrase: '* *' matches everything", "a phrase matching everything");
	parse_fails("[kind \"question\"]\n\tphrase =\n", "t.conf:2: phrase: an empty value",
		    "an empty phrase");
	parse_fails("[section]\n", "t.conf:1: not a [kind \"NAME\"] section", "another section");
	parse_fails("[kind \"trailer\"]\n\tkey = Reviewed by\n",
		    "t.conf:2: key: 'Reviewed by' is not a trailer name", "a key that is no token");
	parse_fails("[kind \"promise\"]\n\tphrase\n", "t.conf:2: phrase: no '=' and value",
		    "a variable without a value");
}

/* The matcher alone: '*' (1..80 characters), '#', '^' and word
 * boundaries; phrases of many stars finish (they once backtracked over
 * every star's choices: a fuzz-phrases timeout). */
static void test_matcher(void)
{
	static const struct {
		const char *pat, *s;
		gboolean want;
	} cases[] = {
		{ "will * in v#", "i will fix it in v3", TRUE },
		{ "will * in v#", "i will fix it in v", FALSE },
		{ "will * in v#", "i will in v3", FALSE },
		{ "take my * back", "i take my review back", TRUE },
		{ "a*b*c", "a-b-c", TRUE },
		{ "a*b*c", "a-b-", FALSE },
		{ "a*b*c", "axxbxx", FALSE },
		{ "a*b*c", "xa-b-c", FALSE },
		{ "a * b * c", "a x b y c", TRUE },
		{ "x**y", "x ab y", TRUE },
		{ "x**y", "x y", FALSE },
		{ "^so", "so the lock", TRUE },
		{ "^so", "and so the lock", FALSE },
		{ "lock", "the locks", FALSE },
		{ "lock", "the lock.", TRUE },
		{ "v#", "v12 and", TRUE },
		{ "v#", "v12a", FALSE },
		{ "s/*/", "s/foo/bar/", TRUE },
		{ "*", "x", TRUE },
		{ "a * z", "a b", FALSE },
	};
	GString *pat = g_string_new(NULL), *s = g_string_new(NULL);

	for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
		char *name = g_strdup_printf("'%s' %s '%s'", cases[i].pat,
					     cases[i].want ? "matches" : "does not match", cases[i].s);

		ok(items_match(cases[i].pat, cases[i].s) == cases[i].want, name);
		g_free(name);
	}
	/* a star reaches 80 characters, not 81 */
	g_string_append(s, "a ");
	for (int i = 0; i < 79; i++)
		g_string_append_c(s, 'x');
	ok(items_match("a*x b", "a xx b"), "a star of two");
	g_string_append(s, " b");
	ok(items_match("a *b", s->str), "a star of 80 characters");
	g_string_insert_c(s, 2, 'x');
	ok(!items_match("a *b", s->str), "not of 81");
	/* 40 stars over 400 characters that never end the match */
	g_string_truncate(s, 0);
	for (int i = 0; i < 40; i++)
		g_string_append(pat, "a*");
	g_string_append_c(pat, 'b');
	for (int i = 0; i < 400; i++)
		g_string_append_c(s, 'a');
	ok(!items_match(pat->str, s->str), "40 stars over 400 characters: no match, and done");
	g_string_append_c(s, 'b');
	ok(items_match(pat->str, s->str), "  and a match once the end is there");
	g_string_free(pat, TRUE);
	g_string_free(s, TRUE);
}

int main(int argc, char **argv)
{
	g_mime_init();
	unit_init(argc, argv);
	UNIT_CASE("matcher")
		test_matcher();
	UNIT_CASE("trailer")
		run_cases(trailer_cases, G_N_ELEMENTS(trailer_cases));
	UNIT_CASE("nak")
		run_cases(nak_cases, G_N_ELEMENTS(nak_cases));
	UNIT_CASE("trailer-objection")
		run_cases(objection_cases, G_N_ELEMENTS(objection_cases));
	UNIT_CASE("results")
		run_cases(results_cases, G_N_ELEMENTS(results_cases));
	UNIT_CASE("promise")
		run_cases(promise_cases, G_N_ELEMENTS(promise_cases));
	UNIT_CASE("change-request")
		run_cases(change_cases, G_N_ELEMENTS(change_cases));
	UNIT_CASE("question")
		run_cases(question_cases, G_N_ELEMENTS(question_cases));
	UNIT_CASE("comment")
		run_cases(comment_cases, G_N_ELEMENTS(comment_cases));
	for (int k = 0; k < REVIEW_KIND_COUNT; k++)
		if (counts[k][0] || counts[k][1]) {
			char *name = g_strdup_printf("%s: at least 8 phrasings and 8 near-misses "
						     "(%d, %d)", review_kind_name(k), counts[k][0],
						     counts[k][1]);

			ok(counts[k][0] >= 8 && counts[k][1] >= 8, name);
			g_free(name);
		}
	UNIT_CASE("fields")
		test_fields();
	UNIT_CASE("phrase-file")
		test_phrase_file();
	return done_testing();
}
