/* archive-mail.h - what the archive kinds read of one raw message to
 * answer a search (its subject text, sender, change-id) and to thread it
 * (its parents), and how a query is matched against that (lib/net only).
 */
#ifndef QUILL_NET_ARCHIVE_MAIL_H
#define QUILL_NET_ARCHIVE_MAIL_H

#include <glib.h>

#include "mail/message.h"
#include "net/archive.h"

struct archive_mail {
	char *subject;		/* the decoded subject without markers and [PATCH ...]
				 * brackets, or "" */
	char *from;		/* the sender's address, or "" */
	char *change_id;	/* the body's "change-id: ID" footer line, else the
				 * X-Change-ID header, or "" */
};

/* Read M (the header block) and BODY[0..body_len) (raw, escaped or not:
 * only "change-id:" lines are looked for) into *am; its strings are new:
 * release with archive_mail_clear. */
void archive_mail_read(struct archive_mail *am, const struct message *m, const char *body,
		       gsize body_len);
void archive_mail_clear(struct archive_mail *am);

/* The ids a message names as its parents: References in order, then the
 * first id of In-Reply-To when References lacks it (caller owns:
 * g_ptr_array_unref; the strings go with it). */
GPtrArray *archive_mail_parents(const struct message *m);

/* A query made ready for many messages: its subject case-folded. */
struct archive_match {
	const struct archive_query *q;
	char *subject_folded;	/* NULL when the query has no subject */
};

void archive_match_init(struct archive_match *mt, const struct archive_query *q);
void archive_match_clear(struct archive_match *mt);

/* Whether a message with these subject, from and change_id (as
 * archive_mail holds them) is what the query looks for: change_id equal
 * when the query has one, else the subject holding the query's
 * (case-insensitive) and, when the query has from, that address (ASCII
 * case-insensitive). */
gboolean archive_match(const struct archive_match *mt, const char *subject, const char *from,
		       const char *change_id);

/* The same over a whole raw message data[0..len). */
gboolean archive_match_raw(const struct archive_match *mt, const char *data, gsize len);

#endif
