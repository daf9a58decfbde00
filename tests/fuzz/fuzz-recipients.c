/* fuzz-recipients.c - rcpt_stored_parse (lib/series/recipients-list), the
 * recipients list a user edits, on any text: it reads or refuses with
 * "line N: ..." (bad input); a list read has at most one cover block, its
 * patch blocks each under its patch-id, every address line non-empty.
 *
 * Facts: error, then blocks=N, cover=0/1, to=N, cc=N (addresses in all). */
#include "fuzz.h"
#include "series/recipients-private.h"

#include <gmime/gmime.h>

static void fuzz_recipients_init(void)
{
	static gboolean done;

	if (!done)	/* the addresses are checked through GMime */
		g_mime_init();
	done = TRUE;
}

static int fuzz_recipients_one(const uint8_t *data, size_t size)
{
	char *text = g_strndup((const char *)data, size);
	GError *e = NULL;
	struct rcpt_stored *st = rcpt_stored_parse(text, &e);
	guint to = 0, cc = 0, covers = 0;

	FUZZ_CHECK((st == NULL) == (e != NULL));
	fuzz_fact_error(e);
	if (!st) {
		FUZZ_CHECK(qerr_class(e) == QUILL_ERROR_INPUT);
		FUZZ_CHECK(g_str_has_prefix(e->message, "line "));
		g_error_free(e);
		g_free(text);
		return 0;
	}
	for (guint i = 0; i < st->blocks->len; i++) {
		const struct rcpt_block *b = g_ptr_array_index(st->blocks, i);

		if (!b->patch_id) {
			covers++;
			FUZZ_CHECK(st->cover == b);
		} else {
			FUZZ_CHECK(g_hash_table_lookup(st->by_patch_id, b->patch_id) == b);
		}
		for (guint k = 0; k < b->to->len; k++)
			FUZZ_CHECK(*(const char *)g_ptr_array_index(b->to, k));
		for (guint k = 0; k < b->cc->len; k++)
			FUZZ_CHECK(*(const char *)g_ptr_array_index(b->cc, k));
		to += b->to->len;
		cc += b->cc->len;
	}
	FUZZ_CHECK(covers <= 1 && (covers == 1) == (st->cover != NULL));
	fuzz_fact_int("blocks", st->blocks->len);
	fuzz_fact_int("cover", covers);
	fuzz_fact_int("to", to);
	fuzz_fact_int("cc", cc);
	rcpt_stored_free(st);
	g_free(text);
	return 0;
}

FUZZ_ENTRY(recipients)
