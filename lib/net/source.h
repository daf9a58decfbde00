/* source.h - one interface over mail sources: the messages of one or more
 * operands, read in order as one mailbox.
 *
 * A source is a list of operands, each of a kind: today the local ones,
 * read through lib/mail/mbox (an mbox file, a Maildir, a single message
 * file, "-" for standard input); lore over HTTP, notmuch and a public-inbox
 * mirror are to come as kinds beside them (source-kind.h).  Messages are
 * numbered 1, 2, ... across all operands.  Only header blocks are parsed;
 * a body is handed out as the raw span it is in the source.
 *
 * What is not mail is reported through the warn_fn (one line per message)
 * and skipped; when there were messages and none of them was mail, that is
 * the error.  Warnings about messages that are not mail are held back until
 * the first one that is: if none is, the error alone says it.
 */
#ifndef QUILL_NET_SOURCE_H
#define QUILL_NET_SOURCE_H

#include <glib.h>

#include "core/warn.h"
#include "mail/id-hash.h"
#include "mail/message.h"

struct source;

/* One message, as source_next hands it out.  Borrowed: m, msgid,
 * in_reply_to and refs until the next source_next (or source_free); the
 * spans into the source (m->data, body) until source_free. */
struct source_mail {
	const struct message *m;	/* the header block */
	const char *body;		/* the raw body (an mbox's still escaped) */
	gsize body_len;
	guint position;			/* 1-based, over all operands */
	const char *msgid;		/* the Message-ID, or message_nomsgid(position) for a
					 * message without one (with a warning) */
	const char *in_reply_to;	/* the first id of the first In-Reply-To that has one, or NULL */
	const char *const *refs;	/* the ids of the first References that has some */
	guint nrefs;
	/* the same ids measured and hashed on the reading thread (mail/id-hash.h):
	 * msgid_id NULL for a made-up msgid, in_reply_to_id NULL when
	 * in_reply_to is, ref_ids nrefs of them */
	const struct mail_id *msgid_id, *in_reply_to_id, *ref_ids;
	void *prepared;			/* with source_read_ahead: what its prepare made of
					 * this message (borrowed, as m is), else NULL */
};

/* A source with no operand yet; warn (may be NULL) gets the warnings about
 * messages, with payload.  Free with source_free. */
struct source *source_new(warn_fn warn, void *payload);
void source_free(struct source *s);

/* Add a local operand: PATH is "-" (standard input), a Maildir, an mbox
 * file or one message, told apart as mbox_open does.  QUILL_ERROR_USAGE
 * (naming it) when it cannot be opened. */
gboolean source_add_path(struct source *s, const char *path, GError **error);

/* Add an mbox held in memory (what a server answered, lib/net/archive):
 * read as an mbox file is; NAME is what warnings call it (a URL).  A
 * reference to MBOX is kept until source_free. */
void source_add_bytes(struct source *s, const char *name, GBytes *mbox);

/* Add an operand named by a spec "KIND:ARG", as quill.source and --source
 * give one: "mbox:FILE", "maildir:DIR".  "lore[:URL]", "notmuch[:PATH]"
 * and "mirror:PATH" are known but not yet read: QUILL_ERROR_USAGE, as for
 * an unknown kind or an operand that cannot be opened. */
gboolean source_add_spec(struct source *s, const char *spec, GError **error);

/* source_new, then source_add_path for paths[0..n), all opened before any
 * is read.  *out is set also on failure (source_free it). */
gboolean source_open(struct source **out, char *const *paths, int n, warn_fn warn, void *payload,
		     GError **error);

/* The next message that is mail: TRUE with *out filled (see above).  FALSE
 * at the end; then, when there were messages but none was mail, with
 * *error set (QUILL_ERROR_INPUT, "NAMES: no mail in it/them").  A message
 * that cannot be read at all (a Maildir file) is warned about, counted in
 * the numbering and skipped. */
gboolean source_next(struct source *s, struct source_mail *out, GError **error);

/* Read ahead: from the first source_next on, a second thread reads the
 * operands (scans, parses the header blocks, finds the ids) and runs
 * prepare (may be NULL) on each message, while the caller works on the
 * messages before; source_next hands them out in order as before, with the
 * same warnings at the same points.  prepare's result is out->prepared,
 * borrowed like the rest (copy what is kept): the reading thread frees it
 * with prepare_free (may be NULL) when it reuses the place.
 * prepare must be safe to run beside the caller (touch only the message)
 * and may run before the message is numbered: it reads only m, body and
 * the ids (msgid is NULL there for a message without one, position 0).
 * One big mbox operand alone is read by two threads, a half each (see
 * source-ahead.c): the same messages, warnings and order.
 * Call after the operands are added, before the first source_next.  On a
 * machine with one processor, or with QUILL_READ_AHEAD=0 in the
 * environment (to compare), nothing runs beside: prepare is called in
 * source_next. */
void source_read_ahead(struct source *s, void *(*prepare)(const struct source_mail *m, void *payload),
		       void (*prepare_free)(void *prepared), void *payload);
/* Where the message source_next handed out last is, for a warning about it:
 * "FILE: message N (byte B)" in an mbox, the file's name for a Maildir
 * file or a single message (caller frees); NULL before the first.  Made
 * only when asked, so reading pays nothing for it. */
char *source_where(const struct source *s);

/* A warn_fn for what is said about the message source_next handed out last
 * (a threader's loop, a second id): with a struct source_here as payload,
 * it says "PLACE: text" (source_where) through warn; src may be set after
 * the warn_fn is handed on, and NULL says the text alone. */
struct source_here {
	const struct source *src;
	warn_fn warn;		/* NULL: say nothing */
	void *payload;
};
void source_warn_here(void *payload, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

#endif
