/* archive.h - where the threads of a posted series are fetched from: a
 * public-inbox over HTTP(S) (lore), a local notmuch database, a local
 * public-inbox v2 mirror, or a local mbox/Maildir.
 *
 * An archive is opened from a spec, as --source and quill.source give one:
 *   lore[:URL]       a public-inbox WWW (default; URL: archive_default_spec)
 *   notmuch[:PATH]   a notmuch database, read-only (PATH: notmuch's default)
 *   mirror:PATH      a public-inbox v2 inbox directory (git/N.git epochs)
 *   mbox:FILE        an mbox file (or "-")
 *   maildir:DIR      a Maildir
 * Every kind answers the same two questions, always as mboxrd bytes that
 * lib/net/source reads (source_add_bytes): the whole thread a Message-ID is
 * in, and the messages a search finds.  Nothing here parses mail further,
 * prints or exits; what a kind skips goes to the warn callback.
 *
 * Errors: a spec that names nothing (unknown kind, a missing path) is
 * QUILL_ERROR_USAGE; an answer that is not what was asked (HTTP 500, HTML
 * where an mbox was expected, a truncated gzip, a timeout, an answer over
 * max_bytes, an unreachable server, a database that cannot be opened) is
 * QUILL_ERROR_OUTSIDE, one line naming the URL or path and the cause; a
 * thread that does not exist is QUILL_ERROR_NEGATIVE "MSGID: no such
 * thread".  A search that matches nothing is an empty answer, not an error.
 */
#ifndef QUILL_NET_ARCHIVE_H
#define QUILL_NET_ARCHIVE_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"

/* Progress of a fetch, for a line on a TTY: threads done of total, the
 * messages and bytes received so far (messages: 0 when not counted). */
typedef void (*archive_progress_fn)(void *payload, guint done, guint total, guint messages,
				    guint64 bytes);

/* Called about once a second while threads are fetched: the URL of the
 * transfer in flight longest and how long it has run, in seconds (url
 * NULL: none in flight, only some waiting to be retried). */
typedef void (*archive_waiting_fn)(void *payload, const char *url, guint secs);

struct archive_opts {
	const char *cache_dir;		/* NULL: $XDG_CACHE_HOME/quill, else ~/.cache/quill */
	gboolean no_cache;		/* neither read nor write the cache */
	gboolean offline;		/* lore: answer from the cache alone, no request */
	gboolean insecure;		/* lore: do not verify TLS (only by an explicit config key) */
	/* The timeouts are each transfer's own, from its start, never one
	 * deadline for the whole fetch.  0: the config key (see
	 * archive_open), else the default. */
	long connect_timeout_ms;	/* 0: 10 s */
	long timeout_ms;		/* a whole transfer; 0: quill.httpTimeout, else 120 s */
	long low_speed_secs;		/* abort below 1 byte/s for this long; 0:
					 * quill.httpLowSpeedTime, else http.lowSpeedTime, else 30 s */
	guint64 max_bytes;		/* one answer, decompressed; 0: 256 MiB */
	guint max_inflight;		/* requests at once; 0: quill.pullJobs, else 8 */
	guint retries;			/* on 429/5xx and transient failures; 0: 3 */
	long retry_base_ms;		/* first backoff; doubled each time; 0: 500 ms */
	archive_progress_fn progress;	/* NULL: none */
	archive_waiting_fn waiting;	/* NULL: none; given progress_payload */
	void *progress_payload;
	warn_fn warn;			/* NULL: warnings are dropped */
	void *warn_payload;
};

/* One thread asked for: msgid (without <>) in; mbox or error out.  On
 * return exactly one of mbox (owned: g_bytes_unref) and error (owned:
 * g_error_free) is set.  from_cache: the answer was the cached copy (after
 * revalidation, or --offline). */
struct archive_thread {
	const char *msgid;
	GBytes *mbox;
	GError *error;
	gboolean from_cache;
};

/* What a search looks for: every message with the given change-id footer,
 * or (when change_id is NULL) whose subject contains `subject` (the
 * subject without its [PATCH ...] prefix) and, when from is set, sent by
 * that address.  Covers and patches are what callers look for. */
struct archive_query {
	const char *change_id;
	const char *subject;
	const char *from;		/* an address, no name */
};

struct archive;

/* Open SPEC (see above; NULL: archive_default_spec(repo)).  repo (may be
 * NULL) is where quill.* and b4.* config is read, beside the global one.
 * opts may be NULL (all defaults); it is copied, and what it leaves 0 is
 * read from the config: quill.httpTimeout (seconds, a whole transfer),
 * quill.httpLowSpeedTime, else git's http.lowSpeedTime (seconds under 1
 * byte/s before a transfer is given up as stalled), quill.pullJobs
 * (transfers at once).  A value there that is not a positive whole number
 * is QUILL_ERROR_USAGE "KEY=VALUE: not a positive number".  Free with
 * archive_free. */
gboolean archive_open(struct archive **out, const char *spec, git_repository *repo,
		      const struct archive_opts *opts, GError **error);
void archive_free(struct archive *a);

/* The spec it was opened with, completed ("lore:https://lore.kernel.org/all")
 * (borrowed). */
const char *archive_spec(const struct archive *a);

/* The threads of t[0..n): all asked at once (lore: through the curl multi
 * interface, a bounded number in flight).  Each entry gets its mbox or its
 * error; TRUE when every one was asked (some may still have failed), FALSE
 * with *error only when nothing could be asked at all (a cache that cannot
 * be made). */
gboolean archive_threads(struct archive *a, struct archive_thread *t, guint n, GError **error);

/* The messages a query finds, as one mbox (caller owns; empty when none). */
gboolean archive_search(struct archive *a, const struct archive_query *q, GBytes **out,
			GError **error);

/* ---- configuration ---- */

/* The source to use when none is given: quill.source, else
 * "lore:" + archive_lore_base (caller owns). */
char *archive_default_spec(git_repository *repo);

/* The lore base URL, without a trailing '/': quill.lore, else b4.midmask
 * with its "/%s" (and anything after it) removed, else
 * https://lore.kernel.org/all (caller owns).  repo may be NULL. */
char *archive_lore_base(git_repository *repo);

/* A link to a message for people to click: BASE/MSGID/ with the id
 * percent-encoded as public-inbox does (caller owns). */
char *archive_link(const char *base, const char *msgid);

#endif
