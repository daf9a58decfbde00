/* fuzz-items.c - review_extract (lib/review/items) on any mail: the body
 * decoded as review pull does, the rules of the built-in phrases applied;
 * every item has a kind, the text, the sender as author and, for the
 * trailer kinds, a trailer line.  The first byte says whether the sender
 * is the series author and whether the patch had credits.
 *
 * Facts: items=N, then trailer, question, request (change-request),
 * other (how many of each). */
#include "fuzz.h"
#include "mail/message-body.h"
#include "mail/message.h"
#include "review/items.h"
#include "review/review.h"

#include <gmime/gmime.h>

static void fuzz_items_init(void)
{
	static gboolean done;

	if (!done) {
		g_mime_init();
		FUZZ_CHECK(review_phrases_default() != NULL);
	}
	done = TRUE;
}

static int fuzz_items_one(const uint8_t *data, size_t size)
{
	static const char *const credits[] = { "Reported-by: Bo Sample <bo@example.org>",
					       "Suggested-by: Ada Example <ada@example.org>", NULL };
	struct message *m;
	struct message_body *b;
	struct review_mail rm = { 0 };
	GPtrArray *items = g_ptr_array_new_with_free_func(review_item_free);
	int trailer = 0, question = 0, request = 0, other = 0;
	guint n;

	if (size < 1) {
		g_ptr_array_unref(items);
		return 0;
	}
	m = message_parse((const char *)data + 1, size - 1);
	b = message_body_decode(m, NULL, NULL, NULL);
	FUZZ_CHECK(b != NULL);
	rm.msgid = "r1@example.org";
	rm.from = "Ada Example <ada@example.org>";
	rm.date = "2026-01-02T03:04:05Z";
	rm.link = "https://lore.example.org/r1@example.org/";
	rm.version = 2;
	rm.patch = data[0] % 4;
	rm.body = b;
	rm.from_author = data[0] & 4;
	rm.credits = data[0] & 8 ? credits : NULL;
	n = review_extract(review_phrases_default(), &rm, items);
	FUZZ_CHECK(n == items->len);
	for (guint i = 0; i < items->len; i++) {
		const struct review_item *it = g_ptr_array_index(items, i);

		FUZZ_CHECK(review_kind_name(it->kind) != NULL);
		FUZZ_CHECK(it->text && it->quoted && it->author && !strcmp(it->author, rm.from));
		fuzz_check_utf8(it->text, -1);
		fuzz_check_utf8(it->quoted, -1);
		FUZZ_CHECK(it->id && strlen(it->id) == 12);
		if (it->kind == REVIEW_TRAILER || it->kind == REVIEW_NAK) {
			FUZZ_CHECK(it->trailer != NULL);
			fuzz_check_utf8(it->trailer, -1);
		}
		if (it->kind == REVIEW_TRAILER)
			trailer++;
		else if (it->kind == REVIEW_QUESTION)
			question++;
		else if (it->kind == REVIEW_CHANGE_REQUEST)
			request++;
		else
			other++;
	}
	fuzz_fact_int("items", items->len);
	fuzz_fact_int("trailer", trailer);
	fuzz_fact_int("question", question);
	fuzz_fact_int("request", request);
	fuzz_fact_int("other", other);
	g_ptr_array_unref(items);
	message_body_free(b);
	message_free(m);
	return 0;
}

FUZZ_ENTRY(items)
