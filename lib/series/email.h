/* email.h - patch mails: headers, numbering, threading, in-body From,
 * MIME and RFC 2047, footers; written by quill itself (libgit2's
 * git_email_* gives no Message-ID, threading or MIME).
 *
 * Every function returns text the caller owns (g_free).  Output is an mbox
 * message that starts with a "From <oid> Mon Sep 17 00:00:00 2001" line, as
 * git format-patch writes it, and that `git am` applies.
 */
#ifndef QUILL_EMAIL_H
#define QUILL_EMAIL_H

#include <glib.h>

#include "git/commit.h"

struct email_opts {
	const char *subject_prefix;	/* "[RFC PATCH v2 1/3]" (from series_subject_prefix) */
	const char *sender;		/* "Name <email>": the From: header */
	const char *msgid;		/* this mail's Message-ID, without <> */
	const char *in_reply_to;	/* the cover's Message-ID, or NULL */
	const char *references;		/* space-separated Message-IDs, or NULL */
	gint64 date;			/* seconds since the epoch */
	int date_offset;		/* minutes east of UTC */
	char **to, **cc;		/* NULL-terminated, may be NULL */
	const char *change_id;		/* for the X-Change-ID header (cover, or single patch) */
	const char *below_cut;		/* text for below the "---" line (a one-patch
					 * series' cover, a changelog), or NULL */
	const char *footer;		/* lines after the diff ("base-commit: ...\n"), or NULL */
	const char *signature;		/* the "-- " signature line's text, or NULL: "quill <version>" */
};

/* One patch mail for a commit (loaded with COMMIT_WANT_DIFF|COMMIT_WANT_STAT).
 * An in-body "From:" line is added when the author is not the sender.
 * Body: the commit body, "---", below_cut and a blank line, the diffstat
 * and a blank line, the diff, then "---" and the footer, then the
 * signature "-- \n<signature>\n\n".  MIME headers (UTF-8, 8bit) come
 * when the body is not ASCII; Subject/From/To/Cc are RFC 2047 encoded as
 * UTF-8 where needed and folded (GMime). */
char *email_patch(const struct commit_patch *p, const struct email_opts *o);

/* The cover letter mail: `subject` (without prefix) and `body` as rendered
 * (cover.h).  The "From" line carries a zero object id.  The signature
 * is appended only when o->signature is set (the cover template
 * usually has its own); below_cut and footer are not used. */
char *email_cover(const char *subject, const char *body, const struct email_opts *o);

/* A Message-ID in b4's shape, without <>:
 * "<YYYYMMDD>-<change-id middle>-v<N>-<index>-<12 hex>@<domain of sender>",
 * the hex derived from `seed` (any text that differs per run, e.g. the tip
 * and the time) so the ids are unique yet reproducible for equal inputs.
 * As with b4, the hex does not depend on `index`: the mails of one series
 * share it and differ by index.  YYYYMMDD is `date` in UTC; a change-id
 * of another shape is used whole; no domain gives "localhost". */
char *email_message_id(const char *change_id, int version, int index, gint64 date,
		       const char *seed, const char *sender);

/* TRUE when a To: or Cc: header made of `value` carries exactly one
 * mailbox as GMime reads it (no group, no second address).  GMime must be
 * initialised (g_mime_init). */
gboolean email_one_mailbox(const char *value);

/* The Message-ID mail `index` of a series had when one of its mails went
 * out as `sent` (without <>) in b4's (and email_message_id's) shape
 * "...-v<version>-<K>-<hex>@domain": the same with `index` for K, the way
 * b4 and quill number the mails of one version.  NULL when `sent` has
 * another shape, or another version (caller owns). */
char *email_sibling_id(const char *sent, int version, int index);

/* The file name git format-patch gives: "0000-cover-letter.patch",
 * "0001-<slug of the subject>.patch" (at most 64 characters before ".patch"). */
char *email_file_name(int index, const char *subject);

/* What a one-patch series carries below its "---" line from a rendered
 * cover body (a frozen version's, where the working cover is gone): the
 * text before the "---" line that opens the shortlog ("Name (N):") or the
 * base-commit: footer, or before the "-- " signature, trailing blank lines
 * dropped (caller owns). */
char *email_cover_message(const char *body);

/* series format -o DIR: DIR/.quill-format records, one "SERIES<TAB>FILE"
 * line each, the files format wrote there.  Given the file names
 * (`names`, n of them, right in DIR) just written for `series`: remove
 * the files the record says that series wrote before and that are not
 * among them (their paths appended to `removed`, which owns them), keep
 * other series' lines, and write the record anew.  Files the record does
 * not name, or names outside DIR, are never removed.  The record is read
 * without following a link, refused when it is not a regular file or is
 * over 1 MiB (QUILL_ERROR_INPUT, naming it). */
gboolean email_dir_record(const char *dir, const char *series, const char *const *names,
			  guint n, GPtrArray *removed, GError **error);

#endif
