/* smtp-reply.h - an SMTP conversation read line by line, and the outcome
 * of one message decided from what it said: pure (no libcurl, no I/O).
 * smtp.c feeds it the lines libcurl's debug callback shows; the fuzz
 * target tests/fuzz/fuzz-smtp.c feeds it any bytes.
 *
 * Server lines are kept only from their three-digit code on (an AUTH
 * challenge, 334, never); of the client's lines only the verb and, for
 * RCPT TO, the address: nothing of an AUTH exchange is kept.  The first
 * refusal (4xx/5xx) of a message is kept with what it answered: a later
 * one (the answer to a QUIT) does not replace it.
 */
#ifndef QUILL_NET_SMTP_REPLY_H
#define QUILL_NET_SMTP_REPLY_H

#include <glib.h>

#include "net/smtp.h"

struct smtp_talk {
	gboolean started;		/* the message's content started to go out */
	char verb[12];			/* of the client's last command */
	char *rcpt;			/* the address of the last RCPT TO, or NULL */
	char *reply;			/* the server's last line (not a 334), or NULL */
	long reply_code;
	char *no, no_verb[12], *no_rcpt;	/* the first refusal, or NULL */
	long no_code;
	gboolean no_after_content;	/* it came after the content started */
	gboolean auth_ok;		/* a 235 came to AUTH (kept across messages) */
};

/* Forget what was said about the last message (auth_ok stays). */
void smtp_talk_reset(struct smtp_talk *t);
/* Free what it holds (the struct itself is the caller's). */
void smtp_talk_clear(struct smtp_talk *t);

/* data[0..len), one or more lines as they went: from the server when
 * from_server, else the client's. */
void smtp_talk_lines(struct smtp_talk *t, gboolean from_server, const char *data, gsize len);

/* How the transfer of one message ended, besides what was said. */
struct smtp_end {
	const char *url;		/* names the server in errors */
	const char *user;		/* the AUTH user, or NULL */
	const char *from_addr;		/* the envelope sender */
	gboolean completed;		/* the transfer completed (libcurl's CURLE_OK) */
	gboolean login_denied;		/* libcurl said the login was refused */
	gboolean refused_by_caller;	/* before_data said no */
	const char *why;		/* the transfer's own reason otherwise */
};

/* The outcome (smtp.h's smtp_send) of a message given what was said and
 * how it ended; *error set unless SMTP_SENT (QUILL_ERROR_INPUT for a 5xx
 * refusal of a recipient, the sender or the content, else
 * QUILL_ERROR_OUTSIDE), every server text in it escaped. */
enum smtp_outcome smtp_talk_outcome(const struct smtp_talk *t, const struct smtp_end *end,
				    GError **error);

#endif
