/* send-private.h - the outbox of series send (send.h): the mails of one
 * attempt and what became of each, read from and committed to the series
 * state.  Shared by send.c and send-outbox.c, and read by outgoing.c (a
 * sent version's mails are formatted as they went). */
#ifndef QUILL_SEND_PRIVATE_H
#define QUILL_SEND_PRIVATE_H

#include <git2.h>
#include <glib.h>

#include "series/send.h"
#include "series/series.h"

struct outbox {
	int version;
	gint64 when;		/* the base time of the mails (their cover's Date:) */
	char *started;		/* date_iso(when) */
	char base[GIT_OID_HEXSZ + 1];	/* their base ("" in an outbox written before
					 * quill kept it) */
	char tip[GIT_OID_HEXSZ + 1];	/* the branch tip the mails were made from */
	GPtrArray *mails;	/* struct send_mail*, in sending order */
	GPtrArray *texts;	/* char*: each mail as series format writes it */
};

/* A new, empty outbox (free with outbox_free). */
struct outbox *outbox_new(int version, gint64 when, const char *base, const char *tip);
void outbox_free(struct outbox *ob);

/* Take mail `m` (owned from now on) with its text (copied). */
void outbox_add(struct outbox *ob, struct send_mail *m, const char *text);

void send_mail_free(struct send_mail *m);

/* A copy of m with now/in_doubt as they are (for a result). */
struct send_mail *send_mail_copy(const struct send_mail *m);

/* Read v<version>/outbox.json and its mails from the state: TRUE with *out
 * NULL when there is none; FALSE with QUILL_ERROR_INPUT naming the file
 * when it is damaged. */
gboolean outbox_read(struct outbox **out, const struct state *st, int version, GError **error);

/* Write the outbox into the state (outbox.json; with `with_mails` the mail
 * files too, in place of any there were), without committing. */
void outbox_put(const struct outbox *ob, struct state *st, gboolean with_mails);

/* outbox_put, then one state commit with `message`. */
gboolean outbox_commit(struct outbox *ob, git_repository *repo, struct state *st,
		       gboolean with_mails, const char *message, GError **error);

const char *send_status_name(enum send_status st);

#endif
