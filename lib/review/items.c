/* items.c - NOT YET WRITTEN: the rules finding review items.  For now
 * every reply is one comment item. */
#include "review/items.h"

struct review_phrases {
	int unused;
};

gboolean review_phrases_parse(struct review_phrases **out, const char *text, gsize len,
			      const char *where, GError **error)
{
	*out = g_new0(struct review_phrases, 1);
	return TRUE;
}

void review_phrases_free(struct review_phrases *ph)
{
	g_free(ph);
}

const struct review_phrases *review_phrases_default(void)
{
	static struct review_phrases none;

	return &none;
}

guint review_extract(const struct review_phrases *ph, const struct review_mail *m,
		     GPtrArray *items)
{
	struct review_item *it = review_item_new();

	it->id = review_item_id(m->msgid, REVIEW_COMMENT, 0);
	it->kind = REVIEW_COMMENT;
	it->author = g_strdup(m->from);
	it->date = g_strdup(m->date);
	it->msgid = g_strdup(m->msgid);
	it->link = g_strdup(m->link);
	it->version = m->version;
	it->patch = m->patch;
	it->text = g_strdup("");
	it->quoted = g_strdup("");
	g_ptr_array_add(items, it);
	return 1;
}
