/* http.c - requests through one curl multi handle, retried with backoff,
 * and the revalidated cache beside them (http.h says what each does). */
#include "net/http.h"
#include "core/error.h"
#include "core/file.h"
#include "net/lazy.h"

#include <curl/curl.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <string.h>

#define CACHE_MAGIC "quill-http 1"
#define RETRY_AFTER_MAX_S 30
#define BACKOFF_MAX_MS 30000

struct http {
	const struct archive_opts *o;
	CURLM *multi;
};

/* What the cache holds for one request (body NULL: nothing). */
struct cached {
	char *etag, *last_modified, *content_type;
	GBytes *body;
};

struct xfer {
	struct http *h;
	struct http_req *r;
	CURL *easy;
	struct curl_slist *hdrs;
	GByteArray *buf;
	char *path;			/* the cache file; NULL: no cache */
	struct cached c;
	char *etag, *last_modified;	/* of the answer coming in */
	long retry_after;		/* seconds; -1: none given */
	gboolean too_big;
	guint attempts;
	gint64 due;			/* monotonic µs: not started before */
	gint64 started;			/* monotonic µs of this attempt's start; 0: not in flight */
};

static void cached_clear(struct cached *c)
{
	g_clear_pointer(&c->etag, g_free);
	g_clear_pointer(&c->last_modified, g_free);
	g_clear_pointer(&c->content_type, g_free);
	g_clear_pointer(&c->body, g_bytes_unref);
}

/* ---- the cache ---- */

static char *cache_path(const char *dir, const struct http_req *r)
{
	char *key = r->post ? g_strconcat("POST ", r->url, "\n", r->post, NULL)
			    : g_strconcat("GET ", r->url, NULL);
	char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA256, key, -1);
	char *path = g_build_filename(dir, sum, NULL);

	g_free(sum);
	g_free(key);
	return path;
}

/* Load the entry at path into *c when it is one for url; FALSE when there
 * is none (a missing, foreign or damaged file counts as none). */
static gboolean cache_load(const char *path, const char *url, guint64 max, struct cached *c)
{
	char *data = NULL, *p, *end;
	gsize len;
	gboolean ok = FALSE, url_ok = FALSE;

	if (!file_read_regular(path, max + 65536, &data, &len, FALSE, NULL))
		return FALSE;
	end = data + len;
	p = data;
	for (guint line = 0;; line++) {
		char *nl = memchr(p, '\n', (gsize)(end - p)), *sp;
		if (!nl)
			break;
		*nl = '\0';
		if (!*p) {
			ok = url_ok && line > 0;
			p = nl + 1;
			break;
		}
		sp = strchr(p, ' ');
		if (line == 0) {
			if (strcmp(p, CACHE_MAGIC))
				break;
		} else if (sp) {
			*sp++ = '\0';
			if (!strcmp(p, "url"))
				url_ok = !strcmp(sp, url);
			else if (!strcmp(p, "etag"))
				c->etag = g_strdup(sp);
			else if (!strcmp(p, "last-modified"))
				c->last_modified = g_strdup(sp);
			else if (!strcmp(p, "content-type"))
				c->content_type = g_strdup(sp);
		}
		p = nl + 1;
	}
	if (ok)
		c->body = g_bytes_new(p, (gsize)(end - p));
	else
		cached_clear(c);
	g_free(data);
	return ok;
}

static void cache_store(struct xfer *x, GBytes *body, const char *content_type)
{
	const struct archive_opts *o = x->h->o;
	GString *s = g_string_new(CACHE_MAGIC "\n");
	GError *e = NULL;
	gsize len;
	const char *d = g_bytes_get_data(body, &len);

	g_string_append_printf(s, "url %s\n", x->r->url);
	if (x->etag)
		g_string_append_printf(s, "etag %s\n", x->etag);
	if (x->last_modified)
		g_string_append_printf(s, "last-modified %s\n", x->last_modified);
	if (content_type)
		g_string_append_printf(s, "content-type %s\n", content_type);
	g_string_append_c(s, '\n');
	g_string_append_len(s, d, (gssize)len);
	if (!file_write_atomic(x->path, s->str, (gssize)s->len, &e)) {
		if (o->warn)
			o->warn(o->warn_payload, "not cached: %s", e->message);
		g_error_free(e);
	}
	g_string_free(s, TRUE);
}

/* ---- curl callbacks ---- */

static size_t on_body(char *p, size_t size, size_t nmemb, void *ud)
{
	struct xfer *x = ud;
	size_t n = size * nmemb;

	if ((guint64)x->buf->len + n > x->h->o->max_bytes) {
		x->too_big = TRUE;
		return 0;
	}
	g_byte_array_append(x->buf, (const guint8 *)p, (guint)n);
	return n;
}

/* The value of header line p[0..n) when it is NAME (caller owns), else NULL. */
static char *header_value(const char *p, size_t n, const char *name)
{
	size_t k = strlen(name);
	const char *v, *e = p + n;

	if (n <= k || p[k] != ':' || g_ascii_strncasecmp(p, name, k))
		return NULL;
	v = p + k + 1;
	while (v < e && (*v == ' ' || *v == '\t'))
		v++;
	while (e > v && (e[-1] == '\r' || e[-1] == '\n' || e[-1] == ' ' || e[-1] == '\t'))
		e--;
	for (const char *q = v; q < e; q++)
		if ((unsigned char)*q < ' ')
			return NULL;	/* nothing that would break a cache line */
	return g_strndup(v, (gsize)(e - v));
}

static size_t on_header(char *p, size_t size, size_t nmemb, void *ud)
{
	struct xfer *x = ud;
	size_t n = size * nmemb;
	char *v;

	if (n >= 5 && !g_ascii_strncasecmp(p, "HTTP/", 5)) {
		/* a new answer (after a redirect): forget the last one's */
		g_clear_pointer(&x->etag, g_free);
		g_clear_pointer(&x->last_modified, g_free);
		x->retry_after = -1;
	} else if ((v = header_value(p, n, "etag"))) {
		g_free(x->etag);
		x->etag = v;
	} else if ((v = header_value(p, n, "last-modified"))) {
		g_free(x->last_modified);
		x->last_modified = v;
	} else if ((v = header_value(p, n, "retry-after"))) {
		char *end;
		gint64 s = g_ascii_strtoll(v, &end, 10);
		/* seconds only; an HTTP-date is left to the backoff */
		x->retry_after = (*v && !*end && s >= 0 && s <= G_MAXLONG) ? (long)s : -1;
		g_free(v);
	}
	return n;
}

/* ---- one transfer ---- */

static void xfer_setup(struct xfer *x)
{
	const struct archive_opts *o = x->h->o;
	CURL *e = curl_easy_init();

	x->easy = e;
	curl_easy_setopt(e, CURLOPT_URL, x->r->url);
	curl_easy_setopt(e, CURLOPT_PRIVATE, x);
	curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(e, CURLOPT_WRITEDATA, x);
	curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(e, CURLOPT_HEADERDATA, x);
	curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(e, CURLOPT_MAXREDIRS, 5L);
	curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, o->connect_timeout_ms);
	curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, o->timeout_ms);
	curl_easy_setopt(e, CURLOPT_LOW_SPEED_LIMIT, 1L);
	curl_easy_setopt(e, CURLOPT_LOW_SPEED_TIME, o->low_speed_secs);
	curl_easy_setopt(e, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)o->max_bytes);
	curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(e, CURLOPT_USERAGENT, "quill/" QUILL_VERSION);
	curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, o->insecure ? 0L : 1L);
	curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, o->insecure ? 0L : 2L);
	if (x->r->post)
		curl_easy_setopt(e, CURLOPT_COPYPOSTFIELDS, x->r->post);
	if (x->c.etag) {
		char *hd = g_strconcat("If-None-Match: ", x->c.etag, NULL);
		x->hdrs = curl_slist_append(x->hdrs, hd);
		g_free(hd);
	}
	if (x->c.last_modified) {
		char *hd = g_strconcat("If-Modified-Since: ", x->c.last_modified, NULL);
		x->hdrs = curl_slist_append(x->hdrs, hd);
		g_free(hd);
	}
	if (x->hdrs)
		curl_easy_setopt(e, CURLOPT_HTTPHEADER, x->hdrs);
	x->buf = g_byte_array_new();
}

static void xfer_start(struct xfer *x)
{
	g_byte_array_set_size(x->buf, 0);
	g_clear_pointer(&x->etag, g_free);
	g_clear_pointer(&x->last_modified, g_free);
	x->retry_after = -1;
	x->too_big = FALSE;
	x->attempts++;
	x->started = g_get_monotonic_time();
	curl_multi_add_handle(x->h->multi, x->easy);
}

static void xfer_clear(struct xfer *x)
{
	if (x->easy)
		curl_easy_cleanup(x->easy);
	curl_slist_free_all(x->hdrs);
	if (x->buf)
		g_byte_array_unref(x->buf);
	g_free(x->path);
	g_free(x->etag);
	g_free(x->last_modified);
	cached_clear(&x->c);
}

/* Ask again later, when attempts are left: TRUE when it will be. */
static gboolean xfer_retry(struct xfer *x)
{
	const struct archive_opts *o = x->h->o;
	gint64 ms;

	if (x->attempts > o->retries)
		return FALSE;
	if (x->retry_after >= 0 && x->retry_after <= RETRY_AFTER_MAX_S) {
		ms = (gint64)x->retry_after * 1000;
	} else {
		ms = o->retry_base_ms;
		for (guint i = 1; i < x->attempts && ms < BACKOFF_MAX_MS; i++)
			ms *= 2;
		ms = MIN(ms, BACKOFF_MAX_MS);
	}
	x->due = g_get_monotonic_time() + ms * 1000;
	return TRUE;
}

static gboolean transient(CURLcode rc)
{
	return rc == CURLE_COULDNT_CONNECT || rc == CURLE_GOT_NOTHING || rc == CURLE_SEND_ERROR ||
	       rc == CURLE_RECV_ERROR;
}

static void timeout_error(struct xfer *x)
{
	const struct archive_opts *o = x->h->o;
	curl_off_t total = 0, conn = 0;

	curl_easy_getinfo(x->easy, CURLINFO_TOTAL_TIME_T, &total);
	curl_easy_getinfo(x->easy, CURLINFO_CONNECT_TIME_T, &conn);
	if (total / 1000 + 100 >= o->timeout_ms)
		qerr(&x->r->error, QUILL_ERROR_OUTSIDE, "%s: timed out after %ld ms", x->r->url,
		     o->timeout_ms);
	else if (!conn)
		qerr(&x->r->error, QUILL_ERROR_OUTSIDE, "%s: connect timed out after %ld ms",
		     x->r->url, o->connect_timeout_ms);
	else
		qerr(&x->r->error, QUILL_ERROR_OUTSIDE, "%s: stalled (under 1 byte/s for %ld s)",
		     x->r->url, o->low_speed_secs);
}

/* A transfer ended with rc: fill in its answer or error and return TRUE,
 * or FALSE when it is to be asked again (x->due says when). */
static gboolean xfer_finish(struct xfer *x, CURLcode rc)
{
	struct http_req *r = x->r;
	long status = 0;
	const char *ct = NULL;

	curl_easy_getinfo(x->easy, CURLINFO_RESPONSE_CODE, &status);
	if (rc != CURLE_OK) {
		if (x->too_big || rc == CURLE_FILESIZE_EXCEEDED)
			qerr(&r->error, QUILL_ERROR_OUTSIDE, "%s: answer larger than %" G_GUINT64_FORMAT
			     " bytes", r->url, x->h->o->max_bytes);
		else if (rc == CURLE_OPERATION_TIMEDOUT)
			timeout_error(x);
		else if (transient(rc) && xfer_retry(x))
			return FALSE;
		else
			qerr(&r->error, QUILL_ERROR_OUTSIDE, "%s: %s", r->url, curl_easy_strerror(rc));
		return TRUE;
	}
	if (status == 429 || status >= 500) {
		if (xfer_retry(x))
			return FALSE;
		qerr(&r->error, QUILL_ERROR_OUTSIDE, "%s: HTTP %ld", r->url, status);
		return TRUE;
	}
	if (status == 304) {
		if (!x->c.body) {
			qerr(&r->error, QUILL_ERROR_OUTSIDE,
			     "%s: HTTP 304 to a request that had no cached answer", r->url);
			return TRUE;
		}
		r->status = 200;
		r->body = g_bytes_ref(x->c.body);
		r->content_type = g_strdup(x->c.content_type);
		r->from_cache = TRUE;
		return TRUE;
	}
	if (status == 404 || status == 410) {
		r->status = status;
		return TRUE;
	}
	if (status < 200 || status >= 300) {
		qerr(&r->error, QUILL_ERROR_OUTSIDE, "%s: HTTP %ld", r->url, status);
		return TRUE;
	}
	r->status = status;
	curl_easy_getinfo(x->easy, CURLINFO_CONTENT_TYPE, &ct);
	r->content_type = g_strdup(ct);
	r->body = g_byte_array_free_to_bytes(x->buf);
	x->buf = NULL;
	if (x->path && status == 200)
		cache_store(x, r->body, r->content_type);
	return TRUE;
}

/* --offline: the answer is the cached one, or there is none. */
static void answer_offline(struct xfer *x)
{
	struct http_req *r = x->r;

	if (!x->c.body) {
		qerr(&r->error, QUILL_ERROR_OUTSIDE, "%s: not in the cache (--offline)", r->url);
		return;
	}
	r->status = 200;
	r->body = g_bytes_ref(x->c.body);
	r->content_type = g_strdup(x->c.content_type);
	r->from_cache = TRUE;
}

/* ---- the client ---- */

void http_forget(struct http *h, const struct http_req *r)
{
	char *dir, *path;

	if (h->o->no_cache)
		return;
	dir = g_build_filename(h->o->cache_dir, "http", NULL);
	path = cache_path(dir, r);
	g_unlink(path);
	g_free(path);
	g_free(dir);
}

gboolean http_new(struct http **out, const struct archive_opts *opts, GError **error)
{
	static gsize once;
	struct http *h;

	*out = NULL;
	if (!lazy_curl_load(error))
		return FALSE;
	if (g_once_init_enter(&once)) {
		CURLcode rc = curl_global_init(CURL_GLOBAL_DEFAULT);
		g_once_init_leave(&once, rc == CURLE_OK ? 1 : 2);
	}
	if (once != 1)
		return qerr(error, QUILL_ERROR_OUTSIDE, "libcurl cannot be initialised");
	h = g_new0(struct http, 1);
	h->o = opts;
	h->multi = curl_multi_init();
	if (!h->multi) {
		g_free(h);
		return qerr(error, QUILL_ERROR_OUTSIDE, "libcurl cannot be initialised");
	}
	curl_multi_setopt(h->multi, CURLMOPT_MAX_HOST_CONNECTIONS, (long)opts->max_inflight);
	curl_multi_setopt(h->multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, (long)opts->max_inflight);
	*out = h;
	return TRUE;
}

void http_free(struct http *h)
{
	if (!h)
		return;
	curl_multi_cleanup(h->multi);
	g_free(h);
}

/* Start what is due, while there is room; the poll timeout (ms) until the
 * next one waiting is due. */
static int start_due(struct http *h, GQueue *wait, guint *inflight)
{
	gint64 now = g_get_monotonic_time();
	int timeout = 1000;

	for (GList *l = wait->head, *next; l; l = next) {
		struct xfer *x = l->data;
		next = l->next;
		if (x->due <= now && *inflight < h->o->max_inflight) {
			g_queue_delete_link(wait, l);
			xfer_start(x);
			(*inflight)++;
		} else if (x->due > now) {
			timeout = MIN(timeout, (int)((x->due - now) / 1000) + 1);
		}
	}
	return timeout;
}

/* Tell the caller which transfer in flight has run longest (about once a
 * second), so a progress line can name what is slow. */
static void tell_waiting(struct http *h, const struct xfer *x, guint n, gint64 now)
{
	const struct archive_opts *o = h->o;
	const struct xfer *old = NULL;

	for (guint i = 0; i < n; i++)
		if (x[i].started && (!old || x[i].started < old->started))
			old = &x[i];
	o->waiting(o->progress_payload, old ? old->r->url : NULL,
		   old ? (guint)((now - old->started) / G_USEC_PER_SEC) : 0);
}

static void run_loop(struct http *h, struct xfer *all, guint n, GQueue *wait, guint done,
		     gboolean report)
{
	const struct archive_opts *o = h->o;
	guint inflight = 0;
	guint64 bytes = 0;
	gint64 told = g_get_monotonic_time();

	if (report && o->progress && done < n)
		o->progress(o->progress_payload, done, n, 0, 0);	/* the total, up front */
	while (done < n) {
		int timeout = start_due(h, wait, &inflight), running, left;
		CURLMsg *m;
		gint64 now;

		curl_multi_perform(h->multi, &running);
		while ((m = curl_multi_info_read(h->multi, &left))) {
			struct xfer *x = NULL;
			if (m->msg != CURLMSG_DONE)
				continue;
			curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&x);
			curl_multi_remove_handle(h->multi, m->easy_handle);
			inflight--;
			x->started = 0;
			timeout = 0;	/* a slot is free: start the next one now, not
					 * after the poll's next wake-up */
			if (!xfer_finish(x, m->data.result)) {
				g_queue_push_tail(wait, x);
				continue;
			}
			done++;
			if (x->r->body)
				bytes += g_bytes_get_size(x->r->body);
			if (report && o->progress)
				o->progress(o->progress_payload, done, n, 0, bytes);
		}
		now = g_get_monotonic_time();
		if (report && o->waiting && done < n && now - told >= G_USEC_PER_SEC) {
			tell_waiting(h, all, n, now);
			told = now;
		}
		if (done < n)
			curl_multi_poll(h->multi, NULL, 0, timeout, NULL);
	}
}

gboolean http_run(struct http *h, struct http_req *r, guint n, gboolean report, GError **error)
{
	const struct archive_opts *o = h->o;
	char *dir = NULL;
	struct xfer *x;
	GQueue wait = G_QUEUE_INIT;
	guint done = 0;

	if (!o->no_cache) {
		dir = g_build_filename(o->cache_dir, "http", NULL);
		if (g_mkdir_with_parents(dir, 0700) < 0) {
			int err = errno;
			qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", dir, g_strerror(err));
			g_free(dir);
			return FALSE;
		}
	}
	x = g_new0(struct xfer, n);
	for (guint i = 0; i < n; i++) {
		x[i].h = h;
		x[i].r = &r[i];
		r[i].status = 0;
		r[i].body = NULL;
		r[i].content_type = NULL;
		r[i].from_cache = FALSE;
		r[i].error = NULL;
		if (dir) {
			x[i].path = cache_path(dir, &r[i]);
			cache_load(x[i].path, r[i].url, o->max_bytes, &x[i].c);
		}
		if (o->offline) {
			answer_offline(&x[i]);
			done++;
			continue;
		}
		xfer_setup(&x[i]);
		g_queue_push_tail(&wait, &x[i]);
	}
	run_loop(h, x, n, &wait, done, report);
	for (guint i = 0; i < n; i++)
		xfer_clear(&x[i]);
	g_free(x);
	g_free(dir);
	return TRUE;
}
