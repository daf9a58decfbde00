/* fuzz-phrases.c - review_phrases_parse (lib/review/items-phrases) on any
 * text as review-phrases.conf: it reads or refuses as bad input naming the
 * file and line; phrases read drive review_extract over a small reply
 * without a crash.
 *
 * Facts: error, then items=N (of the reply under the phrases read). */
#include "fuzz.h"
#include "mail/message-body.h"
#include "mail/message.h"
#include "review/items.h"
#include "review/review.h"

#include <gmime/gmime.h>

static const char fuzz_phrases_reply[] =
	"From: Ada Example <ada@example.org>\nSubject: Re: [PATCH 1/2] x\n\n"
	"> +\tfoo(bar);\n\nShould this not check bar first? Please drop the cast.\n\n"
	"I will fix this in v3.\n\nReviewed-by: Ada Example <ada@example.org>\n";

static void fuzz_phrases_init(void)
{
	static gboolean done;

	if (!done)
		g_mime_init();
	done = TRUE;
}

static int fuzz_phrases_one(const uint8_t *data, size_t size)
{
	struct review_phrases *ph = NULL;
	GError *e = NULL;
	struct message *m;
	struct message_body *b;
	struct review_mail rm = { .msgid = "r@example.org", .from = "Ada Example <ada@example.org>",
				  .version = 1, .patch = 1 };
	GPtrArray *items;

	if (!review_phrases_parse(&ph, (const char *)data, size, "phrases.conf", &e)) {
		FUZZ_CHECK(e && qerr_class(e) == QUILL_ERROR_INPUT);
		FUZZ_CHECK(g_str_has_prefix(e->message, "phrases.conf"));
		fuzz_check_utf8(e->message, -1);
		fuzz_fact_error(e);
		g_error_free(e);
		return 0;
	}
	fuzz_fact_error(NULL);
	m = message_parse(fuzz_phrases_reply, sizeof fuzz_phrases_reply - 1);
	b = message_body_decode(m, NULL, NULL, NULL);
	rm.body = b;
	items = g_ptr_array_new_with_free_func(review_item_free);
	review_extract(ph, &rm, items);
	fuzz_fact_int("items", items->len);
	g_ptr_array_unref(items);
	message_body_free(b);
	message_free(m);
	review_phrases_free(ph);
	return 0;
}

FUZZ_ENTRY(phrases)
