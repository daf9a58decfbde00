/* http.h - many HTTP(S) requests at once, through one curl multi handle,
 * with a cache that is used only after the server says it is still good.
 *
 * Requests run at most opts->max_inflight at a time, connections are
 * reused; 429, 5xx and failures to connect are retried with exponential
 * backoff (opts->retries times, from opts->retry_base_ms; a Retry-After of
 * at most 30 s is waited instead); TLS is verified unless opts->insecure;
 * proxies are what libcurl reads from the environment.
 *
 * The cache (under opts->cache_dir/http, one file per request named by the
 * SHA-256 of the method, URL and body) holds the answer body with its
 * ETag, Last-Modified and Content-Type, each file written whole.  A cached
 * answer is sent back as If-None-Match / If-Modified-Since; a 304 answers
 * from the cache, a 200 replaces it.  An unreachable server is an error
 * even when the answer is cached.  opts->offline answers from the cache
 * alone (a miss: "URL: not in the cache (--offline)"); opts->no_cache
 * neither reads nor writes it.  Only 200 answers are cached.
 *
 * Errors, each QUILL_ERROR_OUTSIDE and one line naming the URL:
 *   "URL: HTTP 500"                   any status but 2xx, 304, 404, 410
 *   "URL: timed out after N ms"       opts->timeout_ms (connect: "connect
 *                                     timed out", a stall: "stalled")
 *   "URL: answer larger than N bytes" opts->max_bytes
 *   "URL: <curl_easy_strerror>"       anything else libcurl reports
 * A 404 or 410 is no error: status says it and body is NULL (what it means
 * is the caller's to say).
 */
#ifndef QUILL_NET_HTTP_H
#define QUILL_NET_HTTP_H

#include <glib.h>

#include "net/archive.h"

struct http;

/* One request: url and post in (borrowed for the call), the rest out.  On
 * return either error is set (owned: g_error_free) or status is, with body
 * (owned: g_bytes_unref; NULL for a 404/410) and content_type (owned:
 * g_free; NULL when the server sent none). */
struct http_req {
	const char *url;
	const char *post;		/* NULL: GET; else a form body to POST */
	long status;			/* 200 also for a 304 answered from the cache */
	GBytes *body;
	char *content_type;
	gboolean from_cache;		/* body is the cached copy */
	GError *error;
};

/* A client with opts (complete, as archive_open fills them in; borrowed
 * for the client's life).  Free with http_free. */
gboolean http_new(struct http **out, const struct archive_opts *opts, GError **error);
void http_free(struct http *h);

/* Run r[0..n) together.  Each gets its answer or its error; FALSE with
 * *error only when nothing could be asked (the cache directory cannot be
 * made).  With report, opts->progress is called as each request completes
 * (done counts completed requests only, a retry is not one: it never goes
 * back nor past n; messages counted: 0) and opts->waiting about once a
 * second while some are in flight, naming the one in flight longest.  The
 * timeouts are each transfer's own, counted from its start (a request
 * waiting for a free slot is not started). */
gboolean http_run(struct http *h, struct http_req *r, guint n, gboolean report, GError **error);

/* Drop the cached answer to r (url and post as asked), for an answer the
 * caller found bad (HTML, a truncated gzip): the cache keeps only what was
 * used.  Nothing happens with opts->no_cache or when nothing is cached. */
void http_forget(struct http *h, const struct http_req *r);

#endif
