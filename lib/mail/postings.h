/* postings.h - the patch series posted in a mailbox: which messages are
 * cover letters, patches or comments, which posting (one version of one
 * series, as sent) each cover and patch belongs to, and which postings are
 * versions of the same series.
 *
 * Messages are added in mailbox order, as patchwork takes them in, and
 * each is decided when it comes:
 *
 * - Kind.  A reply or forward (Re:, Fwd: ... see subject.h) is a comment.
 *   Otherwise a numbered subject with index 0 is a cover letter; a numbered
 *   one with index >= 1, a subject with the word PATCH, or a body with a
 *   diff is a patch; anything else is a comment.
 * - Posting of a cover letter: the posting that already holds a message
 *   naming the cover as its parent (patches that came first), else one
 *   with the same change-id and version, else one by the same author with
 *   the same version and total opened within 20 minutes; always one that
 *   has no cover yet.  Else it opens a new posting.
 * - Posting of a numbered patch: through its thread first - the posting of
 *   its own id (named by earlier patches), its In-Reply-To, then its
 *   References from the nearest back; a posting whose version differs from
 *   the one the patch states is passed over.  If the posting found already
 *   has that patch number, the patch opens a new one (patchwork's rule).
 *   With nothing in the thread: change-id and version, then author, version
 *   and total within 20 minutes, as for covers (a posting without that
 *   number).  An unnumbered patch always opens its own posting (total 1).
 * - A posting takes its version and total from the message that opened it;
 *   a cover letter joining later brings its total, and a version stated by
 *   a cover or patch replaces one nobody stated.
 * - A message whose Message-ID was already added is a copy: it is skipped
 *   (one warning) and counted nowhere.
 *
 * After the last message, postings_finish links versions: postings with the
 * same change-id, or by the same author with the same normalised cover
 * subject or the same normalised subject of their first patch, are versions
 * of one series.
 */
#ifndef QUILL_POSTINGS_H
#define QUILL_POSTINGS_H

#include <glib.h>

#include "core/warn.h"
#include "mail/id-hash.h"
#include "mail/subject.h"

enum posting_kind { POSTING_COMMENT, POSTING_COVER, POSTING_PATCH, POSTING_COPY };

enum posting_need {
	POSTING_NEED_HEADERS = 1 << 0,	/* from, date, and change_id from a header */
	POSTING_NEED_FOOTER = 1 << 1,	/* change_id from the body's footer */
	POSTING_NEED_DIFF = 1 << 2,	/* has_diff */
};

/* One message, as read by the caller.  Everything is borrowed for the time
 * of postings_add (what is kept is copied).  With `fill` set, the fields
 * from, date, change_id and has_diff may be left empty: postings_add asks
 * fill for what the message's subject makes it need (nothing for a reply),
 * so most of a mailbox costs neither decoding nor a body scan. */
struct posting_mail {
	const char *msgid;		/* without <>; NULL when it has none */
	const char *in_reply_to;	/* the first id of In-Reply-To, or NULL */
	const char *const *refs;	/* References, oldest first */
	guint nrefs;
	const char *subject;		/* unfolded, decoded; NULL for none */
	const char *from;		/* the From: value ("Name <addr>"), or NULL */
	gint64 date;			/* seconds since the epoch, 0: unknown */
	const char *change_id;		/* the b4 change-id (footer or X-Change-ID:), or NULL */
	gboolean has_diff;		/* see postings_body_has_diff */
	guint position;			/* 1-based position in the mailbox */
	/* fill in what `need` (enum posting_need) asks for; the strings it
	 * sets must live until postings_add returns */
	void (*fill)(struct posting_mail *m, unsigned need, void *payload);
	void *fill_payload;
	/* subject parsed already (subject_parse of `subject`, e.g. on another
	 * thread), or NULL: postings_add parses it */
	const struct subject *parsed;
	/* the ids measured and hashed already (mail/id-hash.h, e.g. by
	 * lib/net/source on a reading thread), or NULL: postings_add does it.
	 * msgid_id is msgid's, in_reply_to_id in_reply_to's, ref_ids refs'. */
	const struct mail_id *msgid_id, *in_reply_to_id, *ref_ids;
};

/* One posting: one version of a series as sent. */
struct posting {
	char *name;		/* the cover's subject text, else the first patch's */
	int version;
	int total;		/* N of n/N; 1 for an unnumbered patch */
	guint cover;		/* the cover letter's position in the mailbox, 0: none */
	guint patches;		/* how many patches joined it */
	gboolean received_all;	/* every number 1..total is there */
	GArray *not_received;	/* int: the numbers of 1..total that are not */
	GPtrArray *messages;	/* char*: Message-IDs, the cover first, then patches by
				 * number (copies of one number in order of arrival) */
	char *change_id;	/* of its cover or first patch that had one, or NULL */
	char *author;		/* the From: of the message that opened it, or NULL */
	gint64 date;		/* the Date of the message that opened it */
	guint first;		/* the position of its first message in the mailbox */
	/* set by postings_finish: */
	char *series_key;	/* the same for every version of one series */
	int previous;		/* the index of the version before this one, or -1 */
};

struct postings;

/* Start; warn (may be NULL) gets the warnings.  Free with postings_free. */
struct postings *postings_new(warn_fn warn, void *payload);
void postings_free(struct postings *p);

/* What postings_add needs filled in (enum posting_need) for a message
 * with this parsed subject: 0 for a reply or forward. */
unsigned postings_need(const struct subject *s);

/* Take the next message of the mailbox; what it was taken as. */
enum posting_kind postings_add(struct postings *p, const struct posting_mail *m);



/* After the last message: numbers received, messages in order, versions
 * linked.  Call once; nothing can be added after it. */
void postings_finish(struct postings *p);

/* How many messages were taken as `kind`. */
guint postings_count(const struct postings *p, enum posting_kind kind);

/* The postings, in order of first appearance (borrowed). */
guint postings_len(const struct postings *p);
const struct posting *postings_get(const struct postings *p, guint i);

/* Whether a body holds a diff: a "diff --git " line, or a "--- " line,
 * a "+++ " line and a "@@ " line one after the other.  A quoted diff
 * ("> --- a/...") is not one.  Scans the raw body (no MIME decoding). */
gboolean postings_body_has_diff(const char *body, gsize len);

/* The value of the body's last "change-id: " line (b4's footer), or NULL
 * (caller owns).  Scans the raw body. */
char *postings_body_change_id(const char *body, gsize len);

#endif
