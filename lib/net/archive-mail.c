/* archive-mail.c - the fields of a message a search looks at, its parents,
 * and matching a query against them. */
#include "net/archive-mail.h"
#include "mail/mailinfo.h"
#include "mail/subject.h"

#include <string.h>

#define CHANGE_ID_KEY "change-id:"

/* The value of the first body line "change-id: ID" (the key in any case,
 * at the start of the line), or NULL (caller owns). */
static char *body_change_id(const char *body, gsize len)
{
	const char *p = body, *end = body + len;
	gsize klen = strlen(CHANGE_ID_KEY);

	while (p < end) {
		const char *nl = memchr(p, '\n', (gsize)(end - p));
		const char *eol = nl ? nl : end;

		if ((gsize)(eol - p) > klen && !g_ascii_strncasecmp(p, CHANGE_ID_KEY, klen)) {
			const char *v = p + klen, *ve;
			while (v < eol && (*v == ' ' || *v == '\t'))
				v++;
			ve = v;
			while (ve < eol && !g_ascii_isspace(*ve))
				ve++;
			if (ve > v)
				return g_strndup(v, (gsize)(ve - v));
		}
		p = eol + 1;
	}
	return NULL;
}

void archive_mail_read(struct archive_mail *am, const struct message *m, const char *body,
		       gsize body_len)
{
	char *subject = message_get_decoded(m, "Subject");
	char *from = message_get_decoded(m, "From");

	am->subject = g_strdup("");
	if (subject) {
		struct subject sub;
		subject_parse(&sub, subject, -1);
		g_free(am->subject);
		am->subject = sub.text;
		sub.text = NULL;
		subject_clear(&sub);
		g_free(subject);
	}
	am->from = g_strdup("");
	if (from) {
		GString *name = g_string_new(NULL), *email = g_string_new(NULL);
		mailinfo_parse_from(from, name, email);
		g_free(am->from);
		am->from = g_string_free(email, FALSE);
		g_string_free(name, TRUE);
		g_free(from);
	}
	am->change_id = body_change_id(body, body_len);
	if (!am->change_id) {
		char *h = message_get(m, "X-Change-ID");
		am->change_id = h ? g_strstrip(h) : g_strdup("");
	}
}

void archive_mail_clear(struct archive_mail *am)
{
	g_free(am->subject);
	g_free(am->from);
	g_free(am->change_id);
	memset(am, 0, sizeof *am);
}

GPtrArray *archive_mail_parents(const struct message *m)
{
	GPtrArray *refs = g_ptr_array_new_with_free_func(g_free);
	const struct message_field *f = message_field(m, "References");
	char *irt = message_in_reply_to(m);

	if (f) {
		GPtrArray *ids = message_parse_ids(f->value, f->value_len);
		for (guint i = 0; i < ids->len; i++)
			g_ptr_array_add(refs, g_strdup(g_ptr_array_index(ids, i)));
		g_ptr_array_unref(ids);
	}
	if (irt) {
		gboolean seen = FALSE;
		for (guint i = 0; i < refs->len && !seen; i++)
			seen = !strcmp(g_ptr_array_index(refs, i), irt);
		if (!seen)
			g_ptr_array_add(refs, irt);
		else
			g_free(irt);
	}
	return refs;
}

void archive_match_init(struct archive_match *mt, const struct archive_query *q)
{
	mt->q = q;
	mt->subject_folded = q->subject ? g_utf8_casefold(q->subject, -1) : NULL;
}

void archive_match_clear(struct archive_match *mt)
{
	g_free(mt->subject_folded);
	mt->subject_folded = NULL;
}

gboolean archive_match(const struct archive_match *mt, const char *subject, const char *from,
		       const char *change_id)
{
	const struct archive_query *q = mt->q;
	gboolean hit;
	char *folded;

	if (q->change_id)
		return change_id && !strcmp(change_id, q->change_id);
	if (!mt->subject_folded)
		return FALSE;
	if (q->from && *q->from && (!from || g_ascii_strcasecmp(from, q->from)))
		return FALSE;
	folded = g_utf8_casefold(subject ? subject : "", -1);
	hit = strstr(folded, mt->subject_folded) != NULL;
	g_free(folded);
	return hit;
}

gboolean archive_match_raw(const struct archive_match *mt, const char *data, gsize len)
{
	struct message *m = message_parse(data, len);
	struct archive_mail am;
	gboolean hit;

	archive_mail_read(&am, m, data + m->body, len - m->body);
	hit = archive_match(mt, am.subject, am.from, am.change_id);
	archive_mail_clear(&am);
	message_free(m);
	return hit;
}
