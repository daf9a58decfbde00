/* outgoing.h - the mails of one version of a series, built once for every
 * command that writes or sends them (series format, series send, series
 * recipients): the cover [PATCH 0/n] and the patches [PATCH i/n], each a
 * reply to the cover, with b4's Message-IDs, the cover's tokens filled in,
 * benchmark tables below a patch's "---" line, and the recipients of each
 * mail in its To:/Cc: headers.
 *
 * Also the record `series format` leaves of what it formatted
 * ($GIT_DIR/quill/formatted/<series>), which series send's gate reads to
 * tell whether the branch changed since.
 */
#ifndef QUILL_OUTGOING_H
#define QUILL_OUTGOING_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "series/series.h"

struct resources;

/* Who one mail goes to: "Name <addr>" or "addr" strings, NULL-terminated
 * (NULL = nobody). */
struct mail_rcpts {
	char **to, **cc;
};

struct series_mail {
	int index;		/* 0: the cover, i: patch i */
	char *text;		/* the mail as series format writes it: an mbox
				 * message beginning with a "From <oid> Mon Sep 17
				 * 00:00:00 2001" line, LF line ends */
	char *subject;		/* with its prefix, decoded */
	char *msgid;		/* without <> */
	char *file_name;	/* as git format-patch names it ("0001-x.patch"), no dir */
	char **to, **cc;	/* the recipients in its headers (copies) */
};

struct series_outgoing_opts {
	int version;		/* 0: the working version */
	gboolean force_cover;	/* a cover mail for a one-patch series too */
	gint64 when;		/* the base time (cover's Date:); ignored for a frozen
				 * version, whose mails are made as recorded */
	const char *in_reply_to; /* the first mail answers this Message-ID (no <>), or NULL */
	/* recipients per mail: index 0 the cover, i patch i; NULL: the series'
	 * To/Cc on every mail (what series format did before recipients) */
	const struct mail_rcpts *rcpts;
	guint n_rcpts;		/* entries in rcpts (patches + 1) */
	warn_fn warn;		/* EDITME still in the cover; a note that cannot be read */
	void *payload;
};

struct series_outgoing {
	int version;		/* the version made */
	gboolean working;	/* it is the working version */
	char base[GIT_OID_HEXSZ + 1], tip[GIT_OID_HEXSZ + 1];
	char *sender;		/* "Name <email>": the From: of every mail */
	gboolean has_editme;	/* the cover (or a one-patch series' text) still has EDITME */
	GPtrArray *patches;	/* struct commit_patch* (loaded with diff and stat) */
	GPtrArray *mails;	/* struct series_mail*, in sending order */
};

/* Build the mails of version o->version of s.  *out is the caller's (free
 * with series_outgoing_free).  Errors: QUILL_ERROR_USAGE for a version s
 * does not have; QUILL_ERROR_NEGATIVE when the branch holds no patches;
 * QUILL_ERROR_INPUT for recipients in the state that are not mailboxes,
 * a cover token not known; QUILL_ERROR_OUTSIDE for git. */
gboolean series_outgoing_build(struct series_outgoing **out, git_repository *repo,
			       const struct series *s, const struct resources *res,
			       const struct series_outgoing_opts *o, GError **error);
void series_outgoing_free(struct series_outgoing *og);

/* The base time of mails made now: SOURCE_DATE_EPOCH when set (reproducible
 * output), else the current time.  FALSE when SOURCE_DATE_EPOCH is not a
 * number of seconds. */
gboolean series_outgoing_time(gint64 *out);

/* ---- what series format formatted last ---- */

struct format_record {
	int version;				/* the version formatted */
	char tip[GIT_OID_HEXSZ + 1];		/* the branch tip it was made from */
	gint64 time;				/* when (seconds since the epoch) */
};

/* Remember that version `version` of series `name` was formatted from `tip`
 * (hex), in $GIT_DIR/quill/formatted/<name> (written atomically; $GIT_DIR
 * is the common directory, shared by the work trees, as the state is).
 * QUILL_ERROR_USAGE for a name that cannot name a series or a tip that is
 * no hex oid; QUILL_ERROR_OUTSIDE when it cannot be written. */
gboolean format_record_write(git_repository *repo, const char *name, int version,
			     const char *tip, GError **error);

/* Read that record: TRUE with *out filled; FALSE with no error when there
 * is none (or `name` cannot name a series); FALSE with QUILL_ERROR_INPUT (naming the file) when it is
 * damaged, a link, a FIFO or not a regular file, or over 4 KiB. */
gboolean format_record_read(struct format_record *out, git_repository *repo, const char *name,
			    GError **error);

/* The record's text[0..len) (NUL-terminated after it) into *out: NULL when
 * it reads, else what is wrong (static text). */
const char *format_record_parse(struct format_record *out, const char *text, gsize len);

#endif
