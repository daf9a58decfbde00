/* scan.h - a mailbox of posted patches and replies, read into review:
 * each reply threaded onto the version and patch it answers, and its
 * review items.
 *
 * The posted messages (covers and patches) are known either from a list
 * (a series' recorded Message-IDs: review pull) or from their subjects
 * ("[PATCH v3 2/5]", a cover "0/5": review scan of any thread).  A reply's
 * target is found up its In-Reply-To/References chain: the nearest posted
 * message above it; a reply to a reply inherits its target; a partial
 * reroll sent in reply to an older version is itself posted (by its
 * subject's version) and its replies land on it.  Messages that answer no
 * posted message are left out (counted in `unthreaded`).
 */
#ifndef QUILL_REVIEW_SCAN_H
#define QUILL_REVIEW_SCAN_H

#include <glib.h>

#include "core/warn.h"
#include "net/source.h"
#include "review/items.h"

/* A posted message known beforehand. */
struct review_known {
	const char *msgid;	/* without <> */
	int version;
	int patch;		/* 0 = cover */
};

struct review_scan_opts {
	const struct review_phrases *phrases;	/* NULL: review_phrases_default() */
	const struct review_known *known;	/* NULL/0: posted messages by their subjects */
	guint n_known;
	/* the series author's address (promise items); NULL: the From: of the
	 * posted messages */
	const char *author_email;
	const char *link_base;			/* links: archive_link(link_base, msgid) */
	warn_fn warn;
	void *payload;
	/* Called with each message read (NULL: none), in input order, on the
	 * caller's thread, before the scan threads it: for a caller that
	 * wants more of the mail than the scan keeps, without a second read
	 * of the source.  m is borrowed for the call (source_next's); its
	 * prepared is what the source's read-ahead prepare made of it. */
	void (*each_mail)(void *mail_payload, const struct source_mail *m);
	void *mail_payload;
};

/* A reply, threaded. */
struct review_reply {
	char *msgid, *parent;	/* parent: what it answers directly (NULL: none known) */
	char *from, *date, *subject;
	int version, patch;
};

/* A posted message (cover or patch) that was in the input. */
struct review_posted {
	char *msgid, *from, *date, *subject;
	int version, patch, total;
	char *patch_id;		/* stable patch-id of its diff (as git patch-id --stable), or NULL */
	char **trailers;	/* its trailers ("Key: value"), NULL-terminated */
};

/* Free a reply (NULL is fine; a GDestroyNotify for GPtrArray). */
void review_reply_free(gpointer reply);

struct review_result {
	GPtrArray *posted;	/* struct review_posted*, in input order */
	GPtrArray *replies;	/* struct review_reply*, in thread order */
	GPtrArray *items;	/* struct review_item*, in thread order */
	guint messages;		/* mail read */
	guint unthreaded;	/* of them, answering no posted message */
};

/* Read every message of src and thread it.  FALSE with *error only when the
 * source could not be read at all (source_next's error); a message that is
 * not mail is warned about and skipped by the source.  *out: caller owns
 * (review_result_free). */
gboolean review_scan(struct source *src, const struct review_scan_opts *o,
		     struct review_result **out, GError **error);
void review_result_free(struct review_result *r);

#endif
