/* fuzz-message.c - the header fast path: message_parse, every field's
 * value raw and decoded, the ids for threading, the date.
 *
 * Facts: the header's fields, whether it has a Message-ID (msgid=0/1), the
 * ids in its References. */
#include "fuzz.h"
#include "mail/message.h"

#include <gmime/gmime.h>

static void fuzz_message_init(void)
{
	static gboolean done;

	if (!done)
		g_mime_init();
	done = TRUE;
}

static void fuzz_message_ids(GPtrArray *ids)
{
	for (guint i = 0; i < ids->len; i++) {
		const char *id = g_ptr_array_index(ids, i);
		FUZZ_CHECK(id && *id);
	}
	g_ptr_array_unref(ids);
}

static int fuzz_message_one(const uint8_t *data, size_t size)
{
	static const char *names[] = { "From", "To", "Cc", "Subject", "Date", "Message-ID",
				       "In-Reply-To", "References", "Content-Type", "X-None" };
	const char *d = (const char *)data;
	struct message *m = message_parse(d, size);
	char *s;
	GPtrArray *refs;

	FUZZ_CHECK(m->body <= size);
	for (guint i = 0; i < m->fields->len; i++) {
		const struct message_field *f = &g_array_index(m->fields, struct message_field, i);

		FUZZ_CHECK(f->name >= d && f->name + f->name_len <= d + size);
		FUZZ_CHECK(f->value >= d && f->value + f->value_len <= d + size);
		FUZZ_CHECK(f->name_len > 0);
		fuzz_message_ids(message_parse_ids(f->value, f->value_len));
	}
	for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
		s = message_get(m, names[i]);
		g_free(s);
		s = message_get_decoded(m, names[i]);
		if (s)
			fuzz_check_utf8(s, -1);
		g_free(s);
	}
	s = message_msgid(m);
	FUZZ_CHECK(!s || *s);
	fuzz_fact_int("fields", m->fields->len);
	fuzz_fact_int("msgid", s != NULL);
	g_free(s);
	s = message_in_reply_to(m);
	FUZZ_CHECK(!s || *s);
	g_free(s);
	refs = message_references(m);
	fuzz_fact_int("refs", refs->len);
	fuzz_message_ids(refs);
	(void)message_date(m);
	message_free(m);
	return 0;
}

FUZZ_ENTRY(message)
