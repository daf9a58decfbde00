/* archive-lore.c - the lore kind of archive: a public-inbox WWW over
 * HTTP(S), as lore.kernel.org runs it.
 *
 * A thread is GET BASE/MSGID/t.mbox.gz (the id percent-encoded as
 * public-inbox does), a search is the form POST public-inbox's search page
 * sends for its mbox download: BASE/?q=QUERY&x=m with the body "z=1" (a
 * GET with x=m answers the HTML page; a body starting "x=" other than
 * "x=0" would add the whole threads of the matches).  Both answer an
 * mbox.gz, or 404 when there is no such thread / nothing matched.  The
 * answer is gunzipped whole (a truncated or damaged gzip is an error,
 * never a part of an mbox) and must start with "From ".
 *
 * The queries are Xapian's through public-inbox's prefixes: the change-id
 * footer is the phrase nq:"change-id: ID" (nq: the body's unquoted text,
 * so a reply quoting the footer does not match), a subject s:"TEXT" and a
 * sender f:"ADDR", joined by AND (public-inbox's default).
 */
#include "core/error.h"
#include "net/archive-kind.h"
#include "net/http.h"

#include <string.h>
#include <zlib.h>

struct lore {
	char *base;
	const struct archive_opts *o;
	struct http *http;
};

static gboolean lore_open(void **state, const char *arg, const struct archive_opts *opts,
			  GError **error)
{
	struct lore *l;

	if (g_ascii_strncasecmp(arg, "http://", 7) && g_ascii_strncasecmp(arg, "https://", 8))
		return qerr(error, QUILL_ERROR_USAGE, "lore:%s: not an http:// or https:// URL", arg);
	l = g_new0(struct lore, 1);
	l->base = g_strdup(arg);
	l->o = opts;
	if (!http_new(&l->http, opts, error)) {
		g_free(l->base);
		g_free(l);
		return FALSE;
	}
	*state = l;
	return TRUE;
}

static void lore_close(void *state)
{
	struct lore *l = state;

	if (!l)
		return;
	http_free(l->http);
	g_free(l->base);
	g_free(l);
}

static gboolean too_big(const char *url, guint64 max, GError **error)
{
	return qerr(error, QUILL_ERROR_OUTSIDE, "%s: answer larger than %" G_GUINT64_FORMAT " bytes",
		    url, max);
}

/* Gunzip data[0..len) whole (concatenated members too) into *out (caller
 * owns), at most max bytes. */
static gboolean gunzip(const char *url, const guint8 *data, gsize len, guint64 max, GBytes **out,
		       GError **error)
{
	z_stream z = { 0 };
	GByteArray *buf = g_byte_array_new();
	guint8 *chunk = g_malloc(1 << 16);
	gboolean ok = FALSE;

	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: zlib cannot be initialised", url);
		goto done;
	}
	z.next_in = (Bytef *)data;
	z.avail_in = (uInt)MIN(len, (gsize)G_MAXUINT32);
	for (;;) {
		int ret;
		gsize got;

		z.next_out = chunk;
		z.avail_out = 1 << 16;
		ret = inflate(&z, Z_NO_FLUSH);
		got = (1 << 16) - z.avail_out;
		if ((guint64)buf->len + got > max) {
			too_big(url, max, error);
			break;
		}
		g_byte_array_append(buf, chunk, (guint)got);
		if (ret == Z_STREAM_END) {
			if (!z.avail_in) {
				ok = TRUE;
				break;
			}
			inflateReset(&z);	/* another gzip member follows */
		} else if (ret == Z_BUF_ERROR) {
			qerr(error, QUILL_ERROR_OUTSIDE, "%s: truncated gzip", url);
			break;
		} else if (ret != Z_OK) {
			qerr(error, QUILL_ERROR_OUTSIDE, "%s: damaged gzip (%s)", url,
			     z.msg ? z.msg : "inflate failed");
			break;
		}
	}
	inflateEnd(&z);
done:
	g_free(chunk);
	if (ok)
		*out = g_byte_array_free_to_bytes(buf);
	else
		g_byte_array_unref(buf);
	return ok;
}

gboolean archive_lore_answer(const char *url, GBytes *body, const char *content_type,
			     guint64 max, gboolean allow_empty, GBytes **out, GError **error)
{
	gsize len;
	const guint8 *d = g_bytes_get_data(body, &len);
	GBytes *mbox;
	const char *m;
	char *type;

	if (len >= 2 && d[0] == 0x1f && d[1] == 0x8b) {
		if (!gunzip(url, d, len, max, &mbox, error))
			return FALSE;
	} else {
		mbox = g_bytes_ref(body);
	}
	m = g_bytes_get_data(mbox, &len);
	if ((len == 0 && allow_empty) || (len >= 5 && !memcmp(m, "From ", 5))) {
		*out = mbox;
		return TRUE;
	}
	g_bytes_unref(mbox);
	if (!len)
		return qerr(error, QUILL_ERROR_OUTSIDE, "%s: not an mbox (an empty answer)", url);
	type = g_strdup(content_type && *content_type ? content_type : "no Content-Type");
	type[strcspn(type, ";")] = '\0';
	g_strstrip(type);
	qerr(error, QUILL_ERROR_OUTSIDE, "%s: not an mbox (%s)", url, type);
	g_free(type);
	return FALSE;
}

/* The mbox in an answer (archive_lore_answer).  *out: caller owns. */
static gboolean answer_mbox(const struct lore *l, const struct http_req *r, gboolean allow_empty,
			    GBytes **out, GError **error)
{
	return archive_lore_answer(r->url, r->body, r->content_type, l->o->max_bytes, allow_empty,
				   out, error);
}

static void req_clear(struct http_req *r)
{
	g_clear_pointer(&r->body, g_bytes_unref);
	g_clear_pointer(&r->content_type, g_free);
	if (r->error)
		g_clear_error(&r->error);
}

guint archive_lore_count(GBytes *mbox)
{
	gsize len;
	const char *d = g_bytes_get_data(mbox, &len), *end, *p = d;
	guint n = 0;

	if (!d)	/* an empty answer: GLib gives NULL, and NULL + 0 is undefined */
		return 0;
	end = d + len;
	while (p && end - p >= 5) {
		if (!memcmp(p, "From ", 5))
			n++;
		p = memchr(p, '\n', (size_t)(end - p));
		if (p)
			p++;
	}
	return n;
}

/* The last progress line, with the messages counted now that the answers
 * are read (http_run counts the bytes alone). */
static void final_progress(const struct lore *l, const struct http_req *r,
			   const struct archive_thread *t, guint n)
{
	guint messages = 0;
	guint64 bytes = 0;

	if (!l->o->progress)
		return;
	for (guint i = 0; i < n; i++) {
		if (r[i].body)
			bytes += g_bytes_get_size(r[i].body);
		if (t[i].mbox)
			messages += archive_lore_count(t[i].mbox);
	}
	l->o->progress(l->o->progress_payload, n, n, messages, bytes);
}

static gboolean lore_threads(void *state, struct archive_thread *t, guint n, GError **error)
{
	struct lore *l = state;
	struct http_req *r = g_new0(struct http_req, n);
	char **urls = g_new0(char *, n + 1);
	gboolean ok;

	for (guint i = 0; i < n; i++) {
		char *link = archive_link(l->base, t[i].msgid);
		urls[i] = g_strconcat(link, "t.mbox.gz", NULL);
		r[i].url = urls[i];
		g_free(link);
	}
	ok = http_run(l->http, r, n, TRUE, error);
	for (guint i = 0; ok && i < n; i++) {
		if (r[i].error) {
			t[i].error = r[i].error;
			r[i].error = NULL;
		} else if (!r[i].body) {
			qerr(&t[i].error, QUILL_ERROR_NEGATIVE, "%s: no such thread", t[i].msgid);
		} else if (answer_mbox(l, &r[i], FALSE, &t[i].mbox, &t[i].error)) {
			t[i].from_cache = r[i].from_cache;
		} else {
			http_forget(l->http, &r[i]);
		}
	}
	if (ok)
		final_progress(l, r, t, n);
	for (guint i = 0; i < n; i++)
		req_clear(&r[i]);
	g_free(r);
	g_strfreev(urls);
	return ok;
}

/* TEXT as a Xapian phrase: in double quotes, none inside. */
static void append_phrase(GString *q, const char *prefix, const char *text)
{
	g_string_append_printf(q, "%s%s\"", q->len ? " " : "", prefix);
	for (const char *p = text; *p; p++)
		g_string_append_c(q, *p == '"' || (unsigned char)*p < ' ' ? ' ' : *p);
	g_string_append_c(q, '"');
}

/* The search query for q (caller owns), NULL when it asks nothing. */
static char *query_string(const struct archive_query *q)
{
	GString *s = g_string_new(NULL);

	if (q->change_id && *q->change_id) {
		char *phrase = g_strconcat("change-id: ", q->change_id, NULL);
		append_phrase(s, "nq:", phrase);
		g_free(phrase);
	} else if (q->subject && *q->subject) {
		append_phrase(s, "s:", q->subject);
		if (q->from && *q->from)
			append_phrase(s, "f:", q->from);
	}
	if (!s->len) {
		g_string_free(s, TRUE);
		return NULL;
	}
	return g_string_free(s, FALSE);
}

static gboolean lore_search(void *state, const struct archive_query *q, GBytes **out,
			    GError **error)
{
	struct lore *l = state;
	char *query = query_string(q), *esc, *url;
	struct http_req r = { 0 };
	gboolean ok;

	if (!query)
		return qerr(error, QUILL_ERROR_USAGE, "a search needs a change-id or a subject");
	esc = g_uri_escape_string(query, NULL, FALSE);
	url = g_strconcat(l->base, "/?q=", esc, "&x=m", NULL);
	r.url = url;
	r.post = "z=1";
	ok = http_run(l->http, &r, 1, FALSE, error);	/* no thread count to tell */
	if (ok && r.error) {
		g_propagate_error(error, r.error);
		r.error = NULL;
		ok = FALSE;
	} else if (ok && !r.body) {
		*out = g_bytes_new(NULL, 0);	/* 404: nothing matched */
	} else if (ok) {
		ok = answer_mbox(l, &r, TRUE, out, error);
		if (!ok)
			http_forget(l->http, &r);
	}
	req_clear(&r);
	g_free(url);
	g_free(esc);
	g_free(query);
	return ok;
}

const struct archive_kind archive_kind_lore = {
	"lore", FALSE, lore_open, lore_threads, lore_search, lore_close,
};
