/* message.c - header fields of one mail, found in place.
 *
 * The header scan is hand-written (a hot path: it runs for every message
 * of a mailbox); decoding values is GMime's.
 */
#include "message.h"

#include <gmime/gmime.h>
#include <string.h>

struct message *message_parse(const char *data, gsize len)
{
	struct message *m = g_new0(struct message, 1);
	const char *p = data, *end = data + len;
	struct message_field *cur = NULL;

	m->data = data;
	m->len = len;
	m->fields = g_array_sized_new(FALSE, FALSE, sizeof(struct message_field), 16);
	m->body = len;
	m->truncated = TRUE;
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		const char *le = nl ? nl : end;	/* end of the line's content */
		const char *content_end = le;
		const char *colon;

		if (content_end > p && content_end[-1] == '\r')
			content_end--;
		if (content_end == p) {	/* the blank line */
			m->body = (nl ? nl + 1 : end) - data;
			m->truncated = FALSE;
			break;
		}
		if ((*p == ' ' || *p == '\t') && cur) {	/* a continuation */
			cur->value_len = content_end - cur->value;
			p = nl ? nl + 1 : end;
			continue;
		}
		colon = memchr(p, ':', content_end - p);
		if (!colon || colon == p) {
			/* not a header line: the body starts here */
			m->body = p - data;
			m->truncated = FALSE;
			break;
		}
		{
			struct message_field f;
			const char *n = p, *ne = colon;
			gboolean ok;

			while (ne > n && (ne[-1] == ' ' || ne[-1] == '\t'))
				ne--;
			ok = ne > n;	/* " :" has no name: not a header */
			for (const char *q = n; q < ne; q++)
				if ((unsigned char)*q <= ' ' || (unsigned char)*q >= 0x7f)
					ok = FALSE;
			if (!ok) {
				m->body = p - data;
				m->truncated = FALSE;
				break;
			}
			f.name = n;
			f.name_len = ne - n;
			f.value = colon + 1;
			f.value_len = content_end - (colon + 1);
			g_array_append_val(m->fields, f);
			cur = &g_array_index(m->fields, struct message_field, m->fields->len - 1);
		}
		p = nl ? nl + 1 : end;
	}
	return m;
}

void message_free(struct message *m)
{
	if (!m)
		return;
	g_array_unref(m->fields);
	g_free(m);
}

const struct message_field *message_field(const struct message *m, const char *name)
{
	gsize n = strlen(name);

	for (guint i = 0; i < m->fields->len; i++) {
		const struct message_field *f = &g_array_index(m->fields, struct message_field, i);
		if (f->name_len == n && !g_ascii_strncasecmp(f->name, name, n))
			return f;
	}
	return NULL;
}

/* Unfold: drop CR and LF, keep the whitespace that follows; trim. */
static char *unfold(const char *v, gsize len)
{
	GString *s = g_string_sized_new(len);
	const char *p = v, *end = v + len;

	for (; p < end; p++)
		if (*p != '\r' && *p != '\n')
			g_string_append_c(s, *p);
	g_strstrip(s->str);
	s->len = strlen(s->str);
	return g_string_free(s, FALSE);
}

char *message_get(const struct message *m, const char *name)
{
	const struct message_field *f = message_field(m, name);

	return f ? unfold(f->value, f->value_len) : NULL;
}

char *message_get_decoded(const struct message *m, const char *name)
{
	char *raw = message_get(m, name), *dec;

	if (!raw)
		return NULL;
	if (!strstr(raw, "=?") && g_utf8_validate(raw, -1, NULL))
		return raw;
	dec = g_mime_utils_header_decode_text(NULL, raw);
	g_free(raw);
	if (dec && !g_utf8_validate(dec, -1, NULL)) {
		/* GMime passes some 8-bit runs through as they are (a 0xf6 lead byte) */
		char *valid = g_utf8_make_valid(dec, -1);
		g_free(dec);
		dec = valid;
	}
	return dec;
}

GPtrArray *message_parse_ids(const char *v, gsize len)
{
	GPtrArray *ids = g_ptr_array_new_with_free_func(g_free);
	const char *p = v, *end = v + len;
	gboolean brackets = FALSE;

	while (p < end) {
		const char *lt = memchr(p, '<', end - p), *gt;

		if (!lt)
			break;
		gt = memchr(lt + 1, '>', end - lt - 1);
		if (!gt)
			break;
		brackets = TRUE;
		if (gt > lt + 1) {
			char *id = unfold(lt + 1, gt - lt - 1);
			if (*id)
				g_ptr_array_add(ids, id);
			else
				g_free(id);
		}
		p = gt + 1;
	}
	if (!brackets) {
		/* a bare id ("msgid@host") without brackets */
		char *id = unfold(v, len);
		if (*id && !strpbrk(id, " \t"))
			g_ptr_array_add(ids, id);
		else
			g_free(id);
	}
	return ids;
}

static char *first_id(const struct message *m, const char *name)
{
	const struct message_field *f = message_field(m, name);
	GPtrArray *ids;
	char *out = NULL;

	if (!f)
		return NULL;
	ids = message_parse_ids(f->value, f->value_len);
	if (ids->len)
		out = g_strdup(g_ptr_array_index(ids, 0));
	g_ptr_array_unref(ids);
	return out;
}

char *message_msgid(const struct message *m)
{
	return first_id(m, "Message-ID");
}

char *message_in_reply_to(const struct message *m)
{
	return first_id(m, "In-Reply-To");
}

GPtrArray *message_references(const struct message *m)
{
	const struct message_field *f = message_field(m, "References");
	GPtrArray *ids = f ? message_parse_ids(f->value, f->value_len)
			   : g_ptr_array_new_with_free_func(g_free);

	if (!ids->len) {
		char *irt = message_in_reply_to(m);
		if (irt)
			g_ptr_array_add(ids, irt);
	}
	return ids;
}

gint64 message_date(const struct message *m)
{
	char *v = message_get(m, "Date");
	GDateTime *dt;
	gint64 t = 0;

	if (!v)
		return 0;
	dt = g_mime_utils_header_decode_date(v);
	if (dt) {
		t = g_date_time_to_unix(dt);
		g_date_time_unref(dt);
	}
	g_free(v);
	return t;
}
