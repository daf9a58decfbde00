/* freeze.h - series new-version as one call: the working version's cover
 * rendered with its tokens filled, its "Changes in vN:" items kept, the
 * cover of vN+1 begun with a new section, then series_freeze; or, as a dry
 * run, what would be frozen, with nothing written.  (series send freezes
 * the version it sends the same way.)
 */
#ifndef QUILL_FREEZE_H
#define QUILL_FREEZE_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "series/series.h"

struct resources;

struct series_freeze_next_opts {
	const char *changes;	/* what changed in this version (put in place of the
				 * "Changes in vN:" EDITME draft), or NULL; with
				 * cover_msgid it goes to the "Changes in vN+1:"
				 * draft instead: the cover is frozen as sent */
	const char *cover_msgid; /* the Message-ID the cover was sent with (no <>), or NULL */
	const char *const *patch_msgids; /* those of the patches ([i - 1]: patch i; no <>;
					  * NULL-terminated), or NULL (series send) */
	const char *date;	/* the version's date (ISO 8601 UTC): series send gives
				 * the date its mails carry, so series format -v N
				 * makes them again; NULL: now */
	const git_oid *base, *tip; /* the range to freeze (series send: the one the
				    * mails were made from), or NULL: the branch now */
	gboolean dry_run;	/* render and decide; write nothing */
	warn_fn warn;		/* the cover still has EDITME lines; the tag not written */
	void *payload;
};

struct series_freeze_result {
	int version;		/* the version frozen (or that would be) */
	guint patches;		/* its patch count */
	git_oid base, tip;
	char *cover;		/* the cover as frozen: subject, blank line, body */
	char *summary;		/* against the version before: "1 changed, 2 unchanged"
				 * (range_summary), or NULL for v1 */
};

/* Freeze the working version of s (s is updated: see series_freeze), or
 * with o->dry_run only fill *out.  *out is filled on success (free with
 * series_freeze_result_clear).  Errors: QUILL_ERROR_NEGATIVE when the
 * branch holds no patches; QUILL_ERROR_INPUT for a cover token that is not
 * known; those of cover_prepare and series_freeze.  Once the state commit is
 * in, a tag that cannot be written is a warning (series_repair retries). */
gboolean series_freeze_next(struct series *s, git_repository *repo, const struct resources *res,
			    const struct series_freeze_next_opts *o,
			    struct series_freeze_result *out, GError **error);
void series_freeze_result_clear(struct series_freeze_result *r);

#endif
