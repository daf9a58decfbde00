/* mail-read.h - the MBOX operands of the mail commands, read as one mailbox.
 *
 * Each operand is an mbox file, a Maildir, a single message or "-"
 * (standard input); they are read in order and their messages numbered
 * 1, 2, ... across all of them.  Only header blocks are parsed.  What is
 * not mail is reported (one warning line per message) and skipped; when
 * nothing at all is mail, that is the error.
 */
#ifndef QUILL_CMD_MAIL_READ_H
#define QUILL_CMD_MAIL_READ_H

#include <glib.h>

#include "mail/mbox.h"
#include "mail/message.h"

/* One message, handed to the caller's function; borrowed for the call,
 * except the spans into the mailbox (m->data, body), which stay valid
 * until mail_read_close. */
struct mail_item {
	const struct message *m;	/* the header block */
	const char *body;		/* the raw body (still mbox-escaped) */
	gsize body_len;
	guint position;			/* 1-based, over all operands */
	const char *msgid;		/* the Message-ID, or "nomsgid.N@quill.invalid" (N =
					 * position) for a message without one */
	const char *in_reply_to;	/* the first id of the first In-Reply-To that has one */
	GPtrArray *refs;		/* the ids of the first References that has some */
};

typedef void (*mail_item_fn)(const struct mail_item *item, void *payload);

struct mail_read;

/* Read every operand (paths[0..n)), calling fn for each message that is
 * mail.  Returns 0, or the exit code after printing the one error line:
 * 2 when an operand cannot be opened, 3 when there were messages but none
 * of them was mail.  *out (also on failure) holds the open mailboxes:
 * mail_read_close it after the last use of an item's spans. */
int mail_read(struct mail_read **out, const char *cmd, char **paths, int n, mail_item_fn fn,
	      void *payload);
void mail_read_close(struct mail_read *r);

/* The warn_fn for lib/: prints "quill: warning: ..." on stderr. */
void mail_warn(void *payload, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* A header value, unfolded and RFC 2047-decoded, as valid UTF-8 (bytes that
 * are not are replaced), or NULL when absent (caller owns). */
char *mail_header_text(const struct message *m, const char *name);

/* A Date as "2016-09-11T22:22:03Z" (UTC), or NULL for 0 (caller owns). */
char *mail_iso_date(gint64 t);

#endif
