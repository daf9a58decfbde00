/* send.h - series send: the working version's mails (outgoing.h) sent one
 * by one (net/smtp.h), every step recorded in the series state so that a
 * send cut short anywhere is resumed without any mail going twice
 * unnoticed, and the version frozen once all went.
 *
 * The record, in the state tree of the working version N:
 *   v<N>/outbox/<NNNN>.eml  each mail exactly as built by the first attempt
 *                           (the later attempts send these bytes: the same
 *                           Message-IDs, dates, recipients)
 *   v<N>/outbox.json        {"version":N, "started":ISO, "when":seconds,
 *                            "tip":hex, "mails":[{"index":i, "file":"0001.eml",
 *                            "msgid":..., "subject":..., "rcpts":[addr...],
 *                            "to":[...], "cc":[...] (as in its headers),
 *                            "status":"pending"|"sending"|"sent",
 *                            "time":ISO|null, "reply":text|null}]}
 * Each mail is committed as "sending" right before its content goes to the
 * server (smtp_before_data_fn) and as "sent" after the server's 250.  A
 * rerun sends the "pending" ones, skips the "sent" ones and lists the
 * "sending" ones as in doubt (the content went out, no answer was
 * recorded); those go again only with resend_in_doubt.  An outbox none of
 * whose mails went out (all "pending": the first attempt failed before any
 * content went) is made anew, from the branch as it is then.  When every
 * mail is "sent", the version is frozen as series new-version freezes it,
 * with the cover's and every patch's Message-ID and the send's date
 * recorded, and v<N+1> begun; the outbox stays as the record of what went.
 */
#ifndef QUILL_SEND_H
#define QUILL_SEND_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "series/outgoing.h"
#include "series/series.h"

struct resources;

enum send_status { SEND_PENDING, SEND_SENDING, SEND_SENT };

/* The checks before a first attempt (not a resume): given the built mails,
 * FALSE with an error refuses the send (series send's gate, supplied by
 * the caller: lib/review/send-gate.h). */
typedef gboolean (*send_gate_fn)(void *payload, const struct series *s,
				 const struct series_outgoing *og, GError **error);

struct send_mail {
	int index;		/* 0 the cover, i patch i */
	char *msgid, *subject;
	char **rcpts;		/* envelope recipients (bare addresses) */
	char **to, **cc;	/* as in its headers */
	enum send_status status; /* after this run */
	gboolean now;		/* sent by this run */
	gboolean in_doubt;	/* "sending" from an earlier attempt, not sent again */
	char *time;		/* ISO 8601 UTC when sent, or NULL */
	char *reply;		/* the server's answer, or NULL */
};

struct series_send_opts {
	gboolean dry_run;		/* build, check, report who gets what; send and write nothing */
	const char *to_mbox;		/* write the mails as they would go to this mbox file;
					 * send nothing, record nothing */
	gboolean reflect;		/* send every mail to the sender alone; record nothing,
					 * freeze nothing */
	gboolean resend_in_doubt;	/* send the in-doubt mails again */
	int resend;			/* N > 0: send frozen vN again as recorded (its outbox, else
					 * as series format -v N makes it); no freeze */
	const char *in_reply_to;	/* the first mail answers this Message-ID (no <>) */
	const char *const *extra_to, *const *extra_cc;
	gboolean force_cover;		/* a cover mail for a one-patch series too */
	gint64 when;			/* the base time (series_outgoing_time) */
	send_gate_fn gate;		/* NULL: no checks */
	void *gate_payload;
	/* after each mail's attempt (progress on a TTY; may be NULL) */
	void (*progress)(void *payload, const struct send_mail *m, guint i, guint n);
	warn_fn warn;
	void *payload;
};

struct series_send_result {
	int version;		/* the version sent */
	char *server;		/* smtp_config_describe, or "mbox FILE" */
	GPtrArray *mails;	/* struct send_mail*, in order */
	guint sent, already, in_doubt, pending;	/* counts after this run */
	gboolean resumed;	/* an earlier attempt's outbox was used */
	int frozen;		/* the version frozen by this run, or 0 */
};

/* Send (see above).  s is updated when the version is frozen.  *out is
 * filled whenever something was attempted, also on failure (free with
 * series_send_result_clear).  Errors: the gate's; QUILL_ERROR_INPUT for a
 * mail wire_check refuses (nothing sent); QUILL_ERROR_OUTSIDE (exit 4) for
 * the server or the connection (the outbox says what went); QUILL_ERROR_NEGATIVE
 * when mails are in doubt and resend_in_doubt is not given (nothing else
 * left to send). */
gboolean series_send(struct series *s, git_repository *repo, const struct resources *res,
		     const struct series_send_opts *o, struct series_send_result *out,
		     GError **error);
void series_send_result_clear(struct series_send_result *r);

#endif
