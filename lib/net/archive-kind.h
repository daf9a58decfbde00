/* archive-kind.h - what a kind of archive implements (lib/net only).
 *
 * archive.c parses the spec, picks the kind by its prefix and hands it the
 * rest (the URL, the path; "" when none was given); the kind answers
 * threads and searches as mboxrd bytes (archive.h says what each returns).
 * One file per kind: archive-lore.c (HTTP through lib/net/http),
 * archive-notmuch.c, archive-mirror.c, archive-local.c (mbox:, maildir:).
 */
#ifndef QUILL_NET_ARCHIVE_KIND_H
#define QUILL_NET_ARCHIVE_KIND_H

#include "net/archive.h"

struct archive_kind {
	const char *name;		/* "lore", the spec's prefix */
	gboolean arg_required;		/* "mirror:" needs a PATH */
	/* Open ARG ("" when the spec had none; lore: the base URL, already
	 * defaulted, without a trailing '/').  opts: complete (defaults
	 * filled in), borrowed for the archive's life. */
	gboolean (*open)(void **state, const char *arg, const struct archive_opts *opts,
			 GError **error);
	gboolean (*threads)(void *state, struct archive_thread *t, guint n, GError **error);
	gboolean (*search)(void *state, const struct archive_query *q, GBytes **out,
			   GError **error);
	void (*close)(void *state);
};

extern const struct archive_kind archive_kind_lore, archive_kind_notmuch, archive_kind_mirror,
	archive_kind_mbox, archive_kind_maildir;

/* ---- the lore kind's reading of an answer, pure (archive-lore.c) ---- */

/* The mbox in an answer `body` from `url` (its Content-Type, or NULL):
 * gunzipped whole when it is gzip (concatenated members too; at most max
 * bytes; a truncated or damaged gzip is an error), and starting with
 * "From " (empty only when allow_empty).  *out: caller owns.  Errors are
 * QUILL_ERROR_OUTSIDE naming the URL. */
gboolean archive_lore_answer(const char *url, GBytes *body, const char *content_type,
			     guint64 max, gboolean allow_empty, GBytes **out, GError **error);

/* The messages of an mboxrd: its "From " separator lines (a body line
 * that starts so is ">From " in mboxrd). */
guint archive_lore_count(GBytes *mbox);

#endif
