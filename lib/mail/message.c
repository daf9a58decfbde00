/* message.c - header fields of one mail, found in place.
 *
 * The header scan is hand-written (a hot path: it runs for every message
 * of a mailbox); decoding values is GMime's.
 */
#include "mail/message.h"
#include "core/date.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <gmime/gmime.h>
#include <string.h>

static const struct {
	const char *name;
	gsize len;
} known_names[MESSAGE_F_KNOWN] = {
	[MESSAGE_F_MESSAGE_ID] = { "message-id", 10 },
	[MESSAGE_F_IN_REPLY_TO] = { "in-reply-to", 11 },
	[MESSAGE_F_REFERENCES] = { "references", 10 },
	[MESSAGE_F_SUBJECT] = { "subject", 7 },
	[MESSAGE_F_FROM] = { "from", 4 },
	[MESSAGE_F_DATE] = { "date", 4 },
	[MESSAGE_F_X_CHANGE_ID] = { "x-change-id", 11 },
	[MESSAGE_F_CONTENT_TYPE] = { "content-type", 12 },
};

/* s[0..n) equals the lower-case name `lower`, ignoring ASCII case (field
 * names are letters, digits and '-': or-ing 0x20 folds letters and keeps
 * '-' and digits as they are). */
static inline guint32 lower32(const char *s)
{
	guint32 w;

	memcpy(&w, s, 4);
	return w | 0x20202020u;
}

static inline guint64 lower64(const char *s)
{
	guint64 w;

	memcpy(&w, s, 8);
	return w | 0x2020202020202020ull;
}

/* Hand-written (every field of every message is asked): a word or two
 * at a time, the last one overlapping, never a byte outside s[0..n). */
static inline gboolean same_lower(const char *s, const char *lower, gsize n)
{
	if (n >= 8 && n <= 16)
		return lower64(s) == lower64(lower) && lower64(s + n - 8) == lower64(lower + n - 8);
	if (n >= 4 && n < 8)
		return lower32(s) == lower32(lower) && lower32(s + n - 4) == lower32(lower + n - 4);
	for (gsize i = 0; i < n; i++)
		if (((unsigned char)s[i] | 0x20) != (unsigned char)lower[i])
			return FALSE;
	return TRUE;
}

/* Which known name this is, or -1: by length first, then the first
 * letter, then the rest. */
static inline int known_index(const char *name, gsize len)
{
	int a = -1, b = -1;
	unsigned char c0;

	switch (len) {
	case 4: a = MESSAGE_F_FROM; b = MESSAGE_F_DATE; break;
	case 7: a = MESSAGE_F_SUBJECT; break;
	case 10: a = MESSAGE_F_MESSAGE_ID; b = MESSAGE_F_REFERENCES; break;
	case 11: a = MESSAGE_F_IN_REPLY_TO; b = MESSAGE_F_X_CHANGE_ID; break;
	case 12: a = MESSAGE_F_CONTENT_TYPE; break;
	default: return -1;
	}
	c0 = (unsigned char)name[0] | 0x20;
	if (c0 == (unsigned char)known_names[a].name[0] && same_lower(name, known_names[a].name, len))
		return a;
	if (b >= 0 && c0 == (unsigned char)known_names[b].name[0] &&
	    same_lower(name, known_names[b].name, len))
		return b;
	return -1;
}

/* Whether [n, ne) is all printable ASCII without blanks (0x21..0x7e);
 * end: where the bytes that may be read end.  Hand-written (every field
 * of every message): sixteen bytes at once with SSE2 while they can be
 * read. */
static inline gboolean name_ok(const char *n, const char *ne, const char *end)
{
#ifdef __SSE2__
	const __m128i bias = _mm_set1_epi8((char)(0x80 - 0x21)), lim = _mm_set1_epi8((char)(0x80 + 0x5d - 0x100));

	while (ne > n && end - n >= 16) {
		/* b - 0x21 moved to the signed range: bad when above 0x5d */
		__m128i x = _mm_add_epi8(_mm_loadu_si128((const __m128i *)n), bias);
		unsigned bad = (unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(x, lim));
		gsize k = MIN((gsize)(ne - n), 16);

		if (bad & (k == 16 ? 0xffffu : (1u << k) - 1))
			return FALSE;
		n += k;
	}
#endif
	for (; n < ne; n++)
		if ((unsigned char)*n <= ' ' || (unsigned char)*n >= 0x7f)
			return FALSE;
	return TRUE;
}

struct message *message_parse(const char *data, gsize len)
{
	return message_parse_into(NULL, data, len);
}

struct message *message_parse_into(struct message *m, const char *data, gsize len)
{
	const char *p = data, *end = data + len;
	struct message_field *cur = NULL;
	guint n_fields = 0;

	if (!m) {
		m = g_new0(struct message, 1);
		m->fields = g_array_sized_new(FALSE, FALSE, sizeof(struct message_field), 64);
	}
	/* room for the fields written in place (cut to their number at the
	 * end): no append call a field */
	g_array_set_size(m->fields, 64);
	m->data = data;
	m->len = len;
	m->body = len;
	m->truncated = TRUE;
	for (int k = 0; k < MESSAGE_F_KNOWN; k++)
		m->known[k] = -1;
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
			ok = ne > n && name_ok(n, ne, end);	/* " :" has no name: not a header */
			if (!ok) {
				m->body = p - data;
				m->truncated = FALSE;
				break;
			}
			f.name = n;
			f.name_len = ne - n;
			f.value = colon + 1;
			f.value_len = content_end - (colon + 1);
			if (n_fields == m->fields->len)
				g_array_set_size(m->fields, n_fields * 2);
			cur = &g_array_index(m->fields, struct message_field, n_fields);
			*cur = f;
			{
				int k = known_index(f.name, f.name_len);
				if (k >= 0 && m->known[k] < 0)
					m->known[k] = (int)n_fields;
			}
			n_fields++;
		}
		p = nl ? nl + 1 : end;
	}
	g_array_set_size(m->fields, n_fields);
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
	int k = known_index(name, n);

	if (k >= 0)
		return m->known[k] >= 0 ? &g_array_index(m->fields, struct message_field, m->known[k])
				       : NULL;

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
	const char *p = v, *end = v + len;
	char *out, *o;

	while (p < end && g_ascii_isspace(*p))
		p++;
	while (end > p && g_ascii_isspace(end[-1]))
		end--;
	if (!memchr(p, '\n', end - p) && !memchr(p, '\r', end - p))
		return g_strndup(p, end - p);	/* the common case: one line */
	o = out = g_malloc(end - p + 1);
	for (; p < end; p++)
		if (*p != '\r' && *p != '\n')
			*o++ = *p;
	*o = 0;
	return out;
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

/* Append s[0..n) unfolded and trimmed as unfold does, with a NUL, to buf
 * (no allocation once buf has grown); FALSE (nothing appended) when it is
 * empty, or holds a blank and `no_blank` is set. */
static gboolean append_unfolded(GString *buf, const char *p, gsize n, gboolean no_blank)
{
	const char *end = p + n;
	gsize at = buf->len;

	while (p < end && g_ascii_isspace(*p))
		p++;
	while (end > p && g_ascii_isspace(end[-1]))
		end--;
	if (p == end)
		return FALSE;
	if (no_blank && (memchr(p, ' ', end - p) || memchr(p, '\t', end - p)))
		return FALSE;
	/* in runs between line breaks (an id has none, but may be folded):
	 * the common case, no break at all, is one append after two memchr */
	if (!memchr(p, '\n', end - p) && !memchr(p, '\r', end - p)) {
		g_string_append_len(buf, p, end - p);
		p = end;
	}
	while (p < end) {
		const char *q = p;

		while (q < end && *q != '\r' && *q != '\n')
			q++;
		g_string_append_len(buf, p, q - p);
		p = q + 1;
	}
	/* ids are C strings: one that starts with a NUL byte is empty */
	if (buf->len == at || buf->str[at] == '\0') {
		g_string_truncate(buf, at);
		return FALSE;
	}
	g_string_append_c(buf, 0);
	return TRUE;
}

guint message_ids_append(const char *v, gsize len, GString *buf, GArray *offsets)
{
	const char *p = v, *end = v + len;
	gboolean brackets = FALSE;
	guint n = 0;

	while (p < end) {
		const char *lt = memchr(p, '<', end - p), *gt;
		gsize at = buf->len;

		if (!lt)
			break;
		gt = memchr(lt + 1, '>', end - lt - 1);
		if (!gt)
			break;
		brackets = TRUE;
		if (gt > lt + 1 && append_unfolded(buf, lt + 1, gt - lt - 1, FALSE)) {
			g_array_append_val(offsets, at);
			n++;
		}
		p = gt + 1;
	}
	if (!brackets) {
		/* a bare id ("msgid@host") without brackets */
		gsize at = buf->len;
		if (append_unfolded(buf, v, len, TRUE)) {
			g_array_append_val(offsets, at);
			n++;
		}
	}
	return n;
}

GPtrArray *message_parse_ids(const char *v, gsize len)
{
	GPtrArray *ids = g_ptr_array_new_with_free_func(g_free);
	GString *buf = g_string_new(NULL);
	GArray *offs = g_array_new(FALSE, FALSE, sizeof(gsize));

	message_ids_append(v, len, buf, offs);
	for (guint i = 0; i < offs->len; i++)
		g_ptr_array_add(ids, g_strdup(buf->str + g_array_index(offs, gsize, i)));
	g_array_unref(offs);
	g_string_free(buf, TRUE);
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

char *message_nomsgid(guint position)
{
	return g_strdup_printf("nomsgid.%u@quill.invalid", position);
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

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian). */
static gint64 days_from_civil(gint64 y, int m, int d)
{
	gint64 era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static gboolean digits(const char **p, const char *end, int min, int max, int *out)
{
	int n = 0, v = 0;

	while (*p < end && g_ascii_isdigit(**p) && n < max) {
		v = v * 10 + (*(*p)++ - '0');
		n++;
	}
	*out = v;
	return n >= min;
}

/* The Date all mail software writes, "[Tue, ]2 Dec 2025 10:00[:00] +0100"
 * (RFC 5322 3.3), parsed by hand: a mailbox has one per message and GMime's
 * general parser costs some thousand instructions each.  FALSE for anything
 * else, which then goes to GMime. */
static gboolean fast_date(const char *p, const char *end, gint64 *out)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	int day, mon = -1, year, hh, mm, ss = 0, zh, zm;
	gboolean neg;

	while (p < end && *p == ' ')
		p++;
	if (end - p >= 5 && g_ascii_isalpha(p[0]) && p[3] == ',') {
		p += 4;
		while (p < end && *p == ' ')
			p++;
	}
	if (!digits(&p, end, 1, 2, &day) || p >= end || *p++ != ' ' || end - p < 4)
		return FALSE;
	for (int i = 0; i < 12; i++)
		if (!memcmp(p, months + 3 * i, 3))
			mon = i + 1;
	p += 3;
	if (mon < 0 || p >= end || *p++ != ' ' || !digits(&p, end, 4, 4, &year) || p >= end ||
	    *p++ != ' ' || !digits(&p, end, 2, 2, &hh) || p >= end || *p++ != ':' ||
	    !digits(&p, end, 2, 2, &mm))
		return FALSE;
	if (p < end && *p == ':' && (++p, !digits(&p, end, 2, 2, &ss)))
		return FALSE;
	if (p >= end || *p++ != ' ' || p >= end || (*p != '+' && *p != '-'))
		return FALSE;
	neg = *p++ == '-';
	if (!digits(&p, end, 2, 2, &zh) || !digits(&p, end, 2, 2, &zm))
		return FALSE;
	while (p < end && *p == ' ')
		p++;
	if (p < end && *p != '(')	/* only a comment ("(UTC)") may follow */
		return FALSE;
	if (day < 1 || day > 31 || hh > 23 || mm > 59 || ss > 60 || zm > 59)
		return FALSE;
	*out = days_from_civil(year, mon, day) * 86400 + hh * 3600 + mm * 60 + ss -
	       (neg ? -1 : 1) * (zh * 3600 + zm * 60);
	return TRUE;
}

gint64 message_date(const struct message *m)
{
	const struct message_field *f = message_field(m, "Date");
	char *v;
	GDateTime *dt;
	gint64 t = 0;

	if (!f)
		return 0;
	if (fast_date(f->value, f->value + f->value_len, &t))
		return t < DATE_MIN || t > DATE_MAX ? 0 : t;
	v = unfold(f->value, f->value_len);
	dt = g_mime_utils_header_decode_date(v);
	if (dt) {
		t = g_date_time_to_unix(dt);
		g_date_time_unref(dt);
	}
	g_free(v);
	return t < DATE_MIN || t > DATE_MAX ? 0 : t;
}
