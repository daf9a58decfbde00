/* message-body.c - a mail's body through GMime: the MIME tree walked for
 * its text part(s), transfer encodings undone and charsets converted to
 * UTF-8 by GMime, attachments listed; and message_check, a look at the
 * header block for tools that copy mailboxes.
 *
 * The lines of the text are classified in message-lines.c.
 */
#include "mail/message-body.h"
#include "core/error.h"

#include <errno.h>
#include <gmime/gmime.h>
#include <string.h>

#define MAX_WARNINGS 20
#define MAX_DEPTH 64
#define REPLACEMENT "\xef\xbf\xbd"	/* U+FFFD */

struct decoder {
	struct message_body *body;
	warn_fn warn;		/* the caller's, with its payload */
	void *payload;
	GPtrArray *said;	/* char *: the warnings given so far (each once, at most MAX_WARNINGS) */
	char *unlisted;		/* the first warning past those, not given */
	gboolean more;		/* and a second one, other than it */
	GString *text;
	gboolean want_html;	/* no text/plain anywhere: the first text/html is the text */
	guint parts;		/* text parts taken */
};

static void add_warning(struct decoder *d, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* Hand a warning to the caller, unless it was given already for this
 * message; past MAX_WARNINGS, only kept count of for said_more. */
static void add_warning(struct decoder *d, const char *fmt, ...)
{
	va_list ap;
	char *s;

	if (!d->warn || d->more)
		return;
	va_start(ap, fmt);
	s = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	for (guint i = 0; i < d->said->len; i++)
		if (!strcmp(g_ptr_array_index(d->said, i), s)) {
			g_free(s);
			return;
		}
	if (d->said->len < MAX_WARNINGS) {
		g_ptr_array_add(d->said, s);
		d->warn(d->payload, "%s", s);
	} else if (!d->unlisted) {
		d->unlisted = s;
	} else {
		d->more = strcmp(d->unlisted, s) != 0;
		g_free(s);
	}
}

/* At the end of a message: that there were warnings past MAX_WARNINGS. */
static void said_more(struct decoder *d)
{
	if (d->more)
		d->warn(d->payload, "more problems not listed");
	else if (d->unlisted)
		d->warn(d->payload, "one more problem not listed");
	g_free(d->unlisted);
}

/* A value from the input fit for one line of a warning: valid UTF-8,
 * control characters escaped, at most 60 characters (caller owns). */
static char *printable(const char *s)
{
	char *valid = g_utf8_make_valid(s, -1), *esc, *cut;
	GString *out = g_string_new(NULL);

	for (const char *p = valid; *p && out->len < 240; p = g_utf8_next_char(p)) {
		gunichar c = g_utf8_get_char(p);

		if (c < 0x20 || c == 0x7f)
			g_string_append_printf(out, "\\x%02x", c);
		else
			g_string_append_unichar(out, c);
	}
	esc = g_string_free(out, FALSE);
	if (g_utf8_strlen(esc, -1) > 60) {
		cut = g_utf8_substring(esc, 0, 57);
		g_free(esc);
		esc = g_strconcat(cut, "...", NULL);
		g_free(cut);
	}
	g_free(valid);
	return esc;
}

/* GMime's parser warnings about the structure (those about header values,
 * such as 8-bit From lines, say nothing about the body and are left out). */
static void parser_warning(gint64 offset, GMimeParserWarning code, const gchar *item, gpointer data)
{
	struct decoder *d = data;
	const char *what;
	char *it;

	switch (code) {
	case GMIME_WARN_INVALID_CONTENT_TYPE: what = "invalid Content-Type, taken as application/octet-stream"; break;
	case GMIME_WARN_MALFORMED_MULTIPART: what = "a multipart without parts"; break;
	case GMIME_WARN_TRUNCATED_MESSAGE: what = "the message is cut short"; break;
	case GMIME_WARN_MALFORMED_MESSAGE: what = "malformed message"; break;
	case GMIME_CRIT_INVALID_HEADER_NAME: what = "invalid header name"; break;
	case GMIME_CRIT_CONFLICTING_HEADER: what = "conflicting header"; break;
	case GMIME_CRIT_CONFLICTING_PARAMETER: what = "conflicting header parameter"; break;
	case GMIME_CRIT_MULTIPART_WITHOUT_BOUNDARY: what = "a multipart without a boundary"; break;
	case GMIME_CRIT_NESTING_OVERFLOW: what = "MIME parts nested too deep"; break;
	case GMIME_WARN_PART_WITHOUT_CONTENT: what = "a MIME part without content"; break;
	case GMIME_CRIT_PART_WITHOUT_HEADERS_OR_CONTENT: what = "a MIME part without headers or content"; break;
	default: return;
	}
	it = item && *item ? printable(item) : NULL;
	if (offset >= 0)
		add_warning(d, "MIME: %s%s%s%s (byte %" G_GINT64_FORMAT ")", what, it ? " '" : "",
			    it ? it : "", it ? "'" : "", offset);
	else
		add_warning(d, "MIME: %s%s%s%s", what, it ? " '" : "", it ? it : "", it ? "'" : "");
	g_free(it);
}

static gboolean is_type(GMimeObject *obj, const char *type, const char *subtype)
{
	GMimeContentType *ct = g_mime_object_get_content_type(obj);

	return ct && g_mime_content_type_is_type(ct, type, subtype);
}

static gboolean is_inline_text(GMimeObject *obj, const char *subtype)
{
	return GMIME_IS_PART(obj) && is_type(obj, "text", subtype) &&
	       !g_mime_part_is_attachment(GMIME_PART(obj));
}

/* TRUE when obj holds a text/subtype leaf that is not an attachment. */
static gboolean contains_text(GMimeObject *obj, const char *subtype, int depth)
{
	if (depth > MAX_DEPTH)
		return FALSE;
	if (GMIME_IS_MULTIPART(obj)) {
		GMimeMultipart *mp = GMIME_MULTIPART(obj);
		for (int i = 0; i < g_mime_multipart_get_count(mp); i++)
			if (contains_text(g_mime_multipart_get_part(mp, i), subtype, depth + 1))
				return TRUE;
		return FALSE;
	}
	return is_inline_text(obj, subtype);
}

static gboolean is_utf8_name(const char *cs)
{
	static const char *names[] = { "utf-8", "utf8", "us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us" };

	for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
		if (!g_ascii_strcasecmp(cs, names[i]))
			return TRUE;
	return FALSE;
}

/* in[0..len) from charset to UTF-8 with GMime's iconv; a byte that is not
 * in the charset becomes U+FFFD (*bad counts them).  FALSE when GMime knows
 * no converter for the charset. */
static gboolean convert(const char *charset, const char *in, gsize len, GString *out, gsize *bad)
{
	iconv_t cd = g_mime_iconv_open("UTF-8", charset);
	char buf[4096], *ip = (char *)in, *op;
	size_t il = len, ol;

	if (cd == (iconv_t)-1)
		return FALSE;
	while (il > 0) {
		size_t r;

		op = buf;
		ol = sizeof buf;
		r = g_mime_iconv(cd, &ip, &il, &op, &ol);
		g_string_append_len(out, buf, op - buf);
		if (r != (size_t)-1 || errno == E2BIG)
			continue;
		if (errno != EILSEQ && errno != EINVAL)
			break;
		g_string_append(out, REPLACEMENT);	/* skip the bad (or incomplete) byte */
		ip++;
		il--;
		(*bad)++;
	}
	op = buf;
	ol = sizeof buf;
	g_mime_iconv(cd, NULL, NULL, &op, &ol);	/* the shift state's end */
	g_string_append_len(out, buf, op - buf);
	g_mime_iconv_close(cd);
	return TRUE;
}

/* What append_utf8 did: a run guessed, a run replaced, how many NUL
 * bytes replaced. */
struct fixes {
	gboolean guessed, replaced;
	gsize nuls;
};

/* Append bytes that should be UTF-8: valid runs as they are, the rest
 * guessed by GMime (g_mime_utils_decode_8bit) when guess, else replaced;
 * NUL bytes become U+FFFD.  What was done is added to *fixed. */
static void append_utf8(GString *out, const char *s, gsize len, gboolean guess,
			struct fixes *fixed)
{
	const char *p = s, *end;

	if (!len)
		return;	/* s may be NULL then (an empty GByteArray) */
	end = s + len;
	while (p <= end) {
		const char *nul = memchr(p, '\0', end - p), *ce = nul ? nul : end;

		if (g_utf8_validate_len(p, ce - p, NULL)) {
			g_string_append_len(out, p, ce - p);
		} else {
			char *tmp = g_strndup(p, ce - p);	/* a C string for GMime and GLib */
			char *dec = guess ? g_mime_utils_decode_8bit(NULL, tmp, ce - p) : NULL;

			if (dec && g_utf8_validate(dec, -1, NULL)) {
				fixed->guessed = TRUE;
			} else {
				g_free(dec);
				dec = g_utf8_make_valid(tmp, ce - p);
				fixed->replaced = TRUE;
			}
			g_string_append(out, dec);
			g_free(dec);
			g_free(tmp);
		}
		if (!nul)
			break;
		g_string_append(out, REPLACEMENT);
		fixed->nuls++;
		p = nul + 1;
	}
}

/* CRLF to LF through GMime's filter (caller owns the result). */
static GByteArray *dos2unix(const char *s, gsize len)
{
	GMimeStream *mem = g_mime_stream_mem_new();
	GMimeStream *fs = g_mime_stream_filter_new(mem);
	GMimeFilter *f = g_mime_filter_dos2unix_new(FALSE);
	GByteArray *out = g_byte_array_new(), *got;

	g_mime_stream_filter_add(GMIME_STREAM_FILTER(fs), f);
	g_object_unref(f);
	g_mime_stream_write(fs, s, len);
	g_mime_stream_flush(fs);
	got = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	if (got && got->len)
		g_byte_array_append(out, got->data, got->len);
	g_object_unref(fs);
	g_object_unref(mem);
	return out;
}

/* Raw bytes in `charset` (NULL: undeclared) to UTF-8 with LF line ends,
 * appended to out as one part of the text. */
static void append_text(struct decoder *d, const char *raw, gsize len, const char *charset,
			const char *where, gboolean flowed, gboolean delsp)
{
	GString *utf8 = g_string_sized_new(len + 1);
	GByteArray *lf;
	struct fixes fixed = { 0 };
	gsize bad = 0;

	if (charset && *charset && !is_utf8_name(charset)) {
		if (!convert(charset, raw, len, utf8, &bad)) {
			char *cs = printable(charset);
			add_warning(d, "%s: unknown charset '%s'; the text is read as UTF-8 or guessed",
				    where, cs);
			g_free(cs);
			g_string_append_len(utf8, raw, len);
			charset = NULL;
		} else if (bad) {
			char *cs = printable(charset);
			add_warning(d, "%s: %" G_GSIZE_FORMAT " byte%s not in charset '%s', replaced",
				    where, bad, bad == 1 ? "" : "s", cs);
			g_free(cs);
		}
	} else {
		g_string_append_len(utf8, raw, len);
		charset = NULL;
	}
	lf = dos2unix(utf8->str, utf8->len);
	g_string_truncate(utf8, 0);
	append_utf8(utf8, (const char *)lf->data, lf->len, charset == NULL, &fixed);
	g_byte_array_unref(lf);
	if (fixed.guessed)
		add_warning(d, "%s: 8-bit text that is not UTF-8 nor in its declared charset; decoded by guess", where);
	if (fixed.replaced)
		add_warning(d, "%s: bytes that are not UTF-8, replaced", where);
	if (fixed.nuls == 1)
		add_warning(d, "%s: a NUL byte in the text, replaced", where);
	else if (fixed.nuls)
		add_warning(d, "%s: NUL bytes in the text, replaced", where);
	if (flowed) {
		gsize n;
		char *u = message_unflow(utf8->str, utf8->len, delsp, &n);

		g_string_truncate(utf8, 0);
		g_string_append_len(utf8, u, n);
		g_free(u);
		d->body->flowed = TRUE;
	}
	/* a part's last newline belongs to the boundary after it (RFC 2046):
	 * each part ends with one here, so the parts stay apart */
	if (utf8->len && utf8->str[utf8->len - 1] != '\n')
		g_string_append_c(utf8, '\n');
	g_string_append_len(d->text, utf8->str, utf8->len);
	g_string_free(utf8, TRUE);
	d->parts++;
}

/* The content of a leaf part with its transfer encoding undone. */
static GByteArray *part_bytes(GMimePart *part)
{
	GMimeDataWrapper *w = g_mime_part_get_content(part);
	GMimeStream *mem;
	GByteArray *got, *out = g_byte_array_new();

	if (!w)
		return out;
	mem = g_mime_stream_mem_new();
	g_mime_data_wrapper_write_to_stream(w, mem);
	got = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	if (got && got->len)
		g_byte_array_append(out, got->data, got->len);
	g_object_unref(mem);
	return out;
}

static void take_text(struct decoder *d, GMimePart *part)
{
	GMimeObject *obj = GMIME_OBJECT(part);
	const char *charset = g_mime_object_get_content_type_parameter(obj, "charset");
	const char *format = g_mime_object_get_content_type_parameter(obj, "format");
	const char *delsp = g_mime_object_get_content_type_parameter(obj, "delsp");
	GByteArray *raw = part_bytes(part);
	char *where = d->parts ? g_strdup_printf("text part %u", d->parts + 1) : g_strdup("text");

	append_text(d, (const char *)raw->data, raw->len, charset, where,
		    format && !g_ascii_strcasecmp(format, "flowed"),
		    delsp && !g_ascii_strcasecmp(delsp, "yes"));
	g_free(where);
	g_byte_array_unref(raw);
}

static void add_attachment(struct decoder *d, GMimeObject *obj)
{
	struct message_attachment a = { 0 };
	GMimeContentType *ct = g_mime_object_get_content_type(obj);
	GMimeStream *null = g_mime_stream_null_new();
	const char *fn = NULL;

	if (GMIME_IS_PART(obj)) {
		GMimeDataWrapper *w = g_mime_part_get_content(GMIME_PART(obj));
		fn = g_mime_part_get_filename(GMIME_PART(obj));
		if (w)
			g_mime_data_wrapper_write_to_stream(w, null);
	} else {
		fn = g_mime_object_get_content_disposition_parameter(obj, "filename");
		g_mime_object_write_content_to_stream(obj, NULL, null);
	}
	a.filename = fn ? g_utf8_make_valid(fn, -1) : NULL;
	a.content_type = ct ? g_mime_content_type_get_mime_type(ct) : g_strdup("application/octet-stream");
	if (!g_utf8_validate(a.content_type, -1, NULL)) {
		char *v = g_utf8_make_valid(a.content_type, -1);
		g_free(a.content_type);
		a.content_type = v;
	}
	a.size = GMIME_STREAM_NULL(null)->written;
	g_object_unref(null);
	g_array_append_val(d->body->attachments, a);
}

static void walk(struct decoder *d, GMimeObject *obj, int depth)
{
	if (!obj)
		return;
	if (depth > MAX_DEPTH) {
		add_warning(d, "MIME parts nested more than %d deep; the rest is left out", MAX_DEPTH);
		return;
	}
	if (GMIME_IS_MULTIPART(obj)) {
		GMimeMultipart *mp = GMIME_MULTIPART(obj);
		int n = g_mime_multipart_get_count(mp);

		if (is_type(obj, "multipart", "alternative")) {
			/* one of them: the text/plain one, else text/html when that is wanted */
			GMimeObject *pick = NULL;

			for (int i = 0; i < n && !pick; i++)
				if (contains_text(g_mime_multipart_get_part(mp, i), "plain", depth + 1))
					pick = g_mime_multipart_get_part(mp, i);
			for (int i = 0; i < n && !pick && d->want_html; i++)
				if (contains_text(g_mime_multipart_get_part(mp, i), "html", depth + 1))
					pick = g_mime_multipart_get_part(mp, i);
			if (pick) {
				walk(d, pick, depth + 1);
				return;
			}
		}
		for (int i = 0; i < n; i++)
			walk(d, g_mime_multipart_get_part(mp, i), depth + 1);
		return;
	}
	if (is_inline_text(obj, "plain")) {
		take_text(d, GMIME_PART(obj));
		return;
	}
	if (d->want_html && !d->body->html && is_inline_text(obj, "html")) {
		d->body->html = TRUE;
		take_text(d, GMIME_PART(obj));
		return;
	}
	add_attachment(d, obj);
}

static struct message_body *body_new(void)
{
	struct message_body *b = g_new0(struct message_body, 1);

	b->attachments = g_array_new(FALSE, TRUE, sizeof(struct message_attachment));
	return b;
}

struct message_body *message_body_decode(const struct message *m, warn_fn warn, void *payload,
					 GError **error)
{
	struct message_body *b;
	struct decoder d = { 0 };
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeParserOptions *opts;
	GMimeMessage *msg;

	if (m->len >= G_MAXINT) {
		qerr(error, QUILL_ERROR_INPUT, "message of %" G_GSIZE_FORMAT " bytes: too large to decode",
		     m->len);
		return NULL;
	}
	b = body_new();
	d.body = b;
	d.warn = warn;
	d.payload = payload;
	d.said = g_ptr_array_new_with_free_func(g_free);
	d.text = g_string_new(NULL);
	if (m->truncated)
		add_warning(&d, "the header block never ends");

	stream = g_mime_stream_mem_new_with_buffer(m->data, m->len);
	parser = g_mime_parser_new_with_stream(stream);
	g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE);
	opts = g_mime_parser_options_new();
	g_mime_parser_options_set_warning_callback(opts, parser_warning, &d);
	msg = g_mime_parser_construct_message(parser, opts);
	if (msg) {
		GMimeObject *top = g_mime_message_get_mime_part(msg);

		if (top) {
			d.want_html = !contains_text(top, "plain", 0) && contains_text(top, "html", 0);
			walk(&d, top, 0);
			if (!d.parts)
				add_warning(&d, "no text part");
			else if (b->html)
				add_warning(&d, "no text/plain part: the text is the text/html part as sent");
		}
		g_object_unref(msg);
	} else if (m->body < m->len) {
		/* GMime saw no message: the bytes after the header, taken as text */
		add_warning(&d, "MIME: no message structure; the body is taken as plain text");
		append_text(&d, m->data + m->body, m->len - m->body, NULL, "text", FALSE, FALSE);
	}
	g_mime_parser_options_free(opts);
	g_object_unref(parser);
	g_object_unref(stream);

	b->text_len = d.text->len;
	b->text = g_string_free(d.text, FALSE);
	b->lines = message_classify_lines(b->text, b->text_len);
	said_more(&d);
	g_ptr_array_unref(d.said);
	return b;
}

void message_body_free(struct message_body *b)
{
	if (!b)
		return;
	for (guint i = 0; i < b->attachments->len; i++) {
		struct message_attachment *a = &g_array_index(b->attachments, struct message_attachment, i);
		g_free(a->filename);
		g_free(a->content_type);
	}
	g_array_unref(b->attachments);
	if (b->lines)
		g_array_unref(b->lines);
	g_free(b->text);
	g_free(b);
}

/* ---- message_check ---- */

GPtrArray *message_check(const struct message *m, gboolean *not_mail)
{
	GPtrArray *w = g_ptr_array_new_with_free_func(g_free);
	const char *d = m->data, *nul;
	gsize longest = 0, at = 0;

	*not_mail = FALSE;
	if (m->len == 0 || (m->len == 1 && d[0] == '\n') || (m->len == 2 && !memcmp(d, "\r\n", 2))) {
		g_ptr_array_add(w, g_strdup("an empty message"));
		*not_mail = TRUE;
		return w;
	}
	if (!m->fields->len) {
		g_ptr_array_add(w, g_strdup("not a mail: no header field at its start"));
		*not_mail = TRUE;
		return w;
	}
	if (m->truncated)
		g_ptr_array_add(w, g_strdup("the header block never ends (cut short?)"));
	else if (m->body > 0 && !(m->body >= 2 && d[m->body - 1] == '\n' &&
				  (d[m->body - 2] == '\n' ||
				   (m->body >= 3 && d[m->body - 2] == '\r' && d[m->body - 3] == '\n'))))
		g_ptr_array_add(w, g_strdup("no blank line after the header"));
	for (gsize p = 0; p < m->body;) {
		const char *nl = memchr(d + p, '\n', m->body - p);
		gsize e = nl ? (gsize)(nl - d) : m->body;

		if (e - p > longest) {
			longest = e - p;
			at = p;
		}
		p = e + 1;
	}
	if (longest > 998)
		g_ptr_array_add(w, g_strdup_printf("a header line of %" G_GSIZE_FORMAT
						   " bytes at byte %" G_GSIZE_FORMAT " (RFC 5322 allows 998)",
						   longest, at));
	if ((nul = memchr(d, '\0', m->len))) {
		gsize at_nul = (gsize)(nul - d);

		if (memchr(nul + 1, '\0', m->len - at_nul - 1))
			g_ptr_array_add(w, g_strdup_printf("NUL bytes in the message (the first at byte %"
							   G_GSIZE_FORMAT ")", at_nul));
		else
			g_ptr_array_add(w, g_strdup_printf("a NUL byte in the message (at byte %"
							   G_GSIZE_FORMAT ")", at_nul));
	}
	return w;
}
