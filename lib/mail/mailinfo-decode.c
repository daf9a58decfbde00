/* mailinfo-decode.c - the decoding under `quill mail info`: RFC 2047 words
 * in header values, quoted-printable and base64 body lines, charsets.
 *
 * GMime does the quoted-printable and base64 arithmetic and GLib (iconv)
 * the charset conversion.  What is hand-written here is only which bytes
 * take part, because git's decoders, which the outputs must match, are
 * more lenient than the RFCs and than GMime:
 *   - a value or line ends at its first NUL;
 *   - base64 is decoded line by line, any byte outside the alphabet ('='
 *     included) is skipped, and two or three characters left at the end
 *     of a line still give their bytes;
 *   - in quoted-printable only "=" + two hex digits is an escape, a "="
 *     before the newline (or the end) ends the line (a soft break), any
 *     other "=" is itself ("=\r\n" too);
 *   - an RFC 2047 word is "=?" charset "?" letter "?" text "?=", with the
 *     text running to the first "?=", and blanks between two words go.
 */
#include "mail/mailinfo-private.h"

#include <gmime/gmime.h>
#include <string.h>

/* ---- charsets ---- */

/* "utf8", "UTF-8", "utf-8": git takes all spellings of a UTF as one. */
static gboolean same_utf(const char *a, const char *b)
{
	if (g_ascii_strncasecmp(a, "utf", 3) || g_ascii_strncasecmp(b, "utf", 3))
		return FALSE;
	a += 3;
	b += 3;
	if (*a == '-')
		a++;
	if (*b == '-')
		b++;
	return !g_ascii_strcasecmp(a, b);
}

static gboolean same_charset(const char *a, const char *b)
{
	return same_utf(a, b) || !g_ascii_strcasecmp(a, b);
}

/* The spelling to retry with when iconv knows neither given one. */
static const char *usual_spelling(const char *name)
{
	if (same_utf(name, "UTF-8"))
		return "UTF-8";
	if (!g_ascii_strcasecmp(name, "latin-1"))
		return "ISO-8859-1";
	return name;
}

gboolean mi_recode(struct mi *mi, GString *buf, const char *from)
{
	const char *to = mi->o->charset;
	GIConv cd;
	GError *e = NULL;
	gsize n = 0;
	char *out;

	if (!to || !from || !*from || same_charset(to, from))
		return TRUE;
	cd = g_iconv_open(to, from);
	if (cd == (GIConv)-1)
		cd = g_iconv_open(usual_spelling(to), usual_spelling(from));
	if (cd == (GIConv)-1)
		return mi_fail(mi, "cannot convert from %s to %s", from, to);
	out = g_convert_with_iconv(buf->str, buf->len, cd, NULL, &n, &e);
	g_iconv_close(cd);
	if (!out) {
		g_error_free(e);
		return mi_fail(mi, "cannot convert from %s to %s", from, to);
	}
	g_string_truncate(buf, 0);
	g_string_append_len(buf, out, n);
	g_free(out);
	return TRUE;
}

/* ---- quoted-printable and base64 ---- */

static gboolean is_b64(unsigned char c)
{
	return g_ascii_isalnum(c) || c == '+' || c == '/';
}

/* Decode s[0..len) (up to a NUL) as git decodes one base64 line; appends. */
static void base64_piece(const char *s, gsize len, GString *out)
{
	GString *in = g_string_sized_new(len + 3);
	unsigned char *buf;
	int state = 0;
	guint32 save = 0;
	gsize n;

	for (gsize i = 0; i < len && s[i]; i++)
		if (is_b64((unsigned char)s[i]))
			g_string_append_c(in, s[i]);
	/* a lone sixth of a byte gives nothing; two or three characters
	 * give one or two bytes, which GMime hands out once padded */
	switch (in->len % 4) {
	case 1: g_string_truncate(in, in->len - 1); break;
	case 2: g_string_append(in, "=="); break;
	case 3: g_string_append_c(in, '='); break;
	}
	buf = g_malloc(in->len + 4);
	n = g_mime_encoding_base64_decode_step((const unsigned char *)in->str, in->len, buf,
					       &state, &save);
	g_string_append_len(out, (const char *)buf, n);
	g_free(buf);
	g_string_free(in, TRUE);
}

/* Decode s[0..len) (up to a NUL) as git decodes quoted-printable; in an
 * RFC 2047 word (word TRUE) '_' is a space.  Appends. */
static void qp_piece(const char *s, gsize len, gboolean word, GString *out)
{
	GString *in = g_string_sized_new(len + 8);
	unsigned char *buf;
	int state = 0;
	guint32 save = 0;
	gsize n;

	/* hand GMime only well-formed escapes, so that its own leniency
	 * (soft breaks before CRLF, for one) does not come into play */
	for (gsize i = 0; i < len && s[i]; i++) {
		char c = s[i];

		if (c == '=') {
			char d = i + 1 < len ? s[i + 1] : 0;

			if (d == '\n' || !d)
				break;	/* a soft break: the line goes on in the next one */
			if (g_ascii_isxdigit(d) && i + 2 < len && g_ascii_isxdigit(s[i + 2])) {
				g_string_append_len(in, s + i, 3);
				i += 2;
			} else {
				g_string_append(in, "=3D");
			}
		} else if (word && c == '_') {
			g_string_append_c(in, ' ');
		} else {
			g_string_append_c(in, c);
		}
	}
	buf = g_malloc(in->len + 4);
	n = g_mime_encoding_quoted_decode_step((const unsigned char *)in->str, in->len, buf,
					       &state, &save);
	g_string_append_len(out, (const char *)buf, n);
	g_free(buf);
	g_string_free(in, TRUE);
}

void mi_decode_line(struct mi *mi, GString *line)
{
	GString *out;

	if (mi->encoding == MI_TE_NONE)
		return;
	out = g_string_sized_new(line->len);
	if (mi->encoding == MI_TE_QP)
		qp_piece(line->str, line->len, FALSE, out);
	else
		base64_piece(line->str, line->len, out);
	g_string_truncate(line, 0);
	g_string_append_len(line, out->str, out->len);
	g_string_free(out, TRUE);
}

/* ---- RFC 2047 ---- */

void mi_decode_header(struct mi *mi, GString *value)
{
	const char *start = value->str, *in = start, *ep;
	GString *out = g_string_sized_new(value->len);
	GString *word = g_string_new(NULL);
	char *charset = NULL;

	while ((ep = strstr(in, "=?"))) {
		const char *cs = ep + 2, *q, *text, *text_end;
		const char *p;

		/* what comes before the word stays, unless it is only the
		 * blanks between this word and the one before */
		for (p = in; p < ep && mi_isspace(*p); p++)
			;
		if (p < ep || in == start)
			g_string_append_len(out, in, ep - in);

		q = strchr(cs, '?');
		if (!q || !q[1] || q[2] != '?')
			goto bad;
		text = q + 3;
		text_end = strstr(text, "?=");
		if (!text_end)
			goto bad;
		g_string_truncate(word, 0);
		switch (g_ascii_tolower(q[1])) {
		case 'b':
			base64_piece(text, text_end - text, word);
			break;
		case 'q':
			qp_piece(text, text_end - text, TRUE, word);
			break;
		default:
			goto bad;
		}
		g_free(charset);
		charset = g_strndup(cs, q - cs);
		if (!mi_recode(mi, word, charset))
			goto bad;
		g_string_append_len(out, word->str, word->len);
		in = text_end + 2;
	}
	g_string_append(out, in);
	g_string_truncate(value, 0);
	g_string_append_len(value, out->str, out->len);
	goto done;
bad:
	/* git keeps the value undecoded and fails the run */
	mi_fail(mi, "a header holds an RFC 2047 encoded word that does not parse");
done:
	g_free(charset);
	g_string_free(word, TRUE);
	g_string_free(out, TRUE);
}
