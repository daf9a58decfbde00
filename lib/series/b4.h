/* b4.h - branches prepared by `b4 prep`, read and adopted as quill series.
 *
 * b4's "commit" cover strategy (its default) keeps the cover letter in an
 * empty commit right after the fork point: the cover text, a line
 * B4_MARKER, a '#' comment line, then JSON
 *   {"series": {"revision": N, "change-id": "...", "base-branch": "...",
 *               "prefixes": [...], "history": {"v1": ["<msgid>", ...]}}}
 * Each sent version vK is an annotated tag sent/<branch without b4/>-vK
 * (b4 0.12) or sent/<change-id>-vK (later b4) on a cover-less copy of that
 * version's patches; its message is the cover as sent, with a
 * "base-commit: <oid>" line.
 *
 * b4 keeps the recipients as "To: ..." and "Cc: ..." lines in the last
 * paragraph of the cover (b4 prep --auto-to-cc writes them there); b4 send
 * takes them out of the cover and into the headers, and so does the
 * import: they become the series' To: and Cc: lists.
 *
 * Importing builds, without touching the b4 branch or its tags: a new
 * branch holding the patches minus the cover commit (each commit recreated
 * with its tree, message, author and committer on top of the cover's
 * parent), and one state commit with the frozen versions v1..v(N-1) from
 * the sent tags and the working version N = b4's revision.
 */
#ifndef QUILL_B4_H
#define QUILL_B4_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "series/series.h"

#define B4_MARKER "--- b4-submit-tracking ---"

/* One sent version, from its sent/ tag. */
struct b4_sent {
	int revision;
	char *tag;		/* "sent/NAME-vK" as found */
	git_oid tip;		/* the tag's commit */
	git_oid base;		/* its base-commit: line, else the fork point */
	char *cover;		/* the tag message (the cover as sent) */
	char *date;		/* the tagger's time, ISO 8601 UTC */
	char *cover_msgid;	/* history["vK"]'s last entry without <>, or NULL */
};

struct b4_branch {
	char *branch;		/* short branch name */
	git_oid tip;
	git_oid cover;		/* the cover commit */
	git_oid fork;		/* its parent: the patches start after it */
	char *cover_text;	/* the cover letter without the tracking part and
				 * without its To:/Cc: lines, ending in '\n' */
	char **to, **cc;	/* the recipients of those lines, NULL-terminated (maybe empty) */
	char *created;		/* the cover commit's time, ISO 8601 UTC */
	char *change_id;
	int revision;
	char *base_branch;	/* as recorded, or NULL */
	char **prefixes;	/* NULL-terminated (maybe empty) */
	char **prereqs;		/* quill's form "CHANGE-ID:vN" of b4's change-id prerequisites */
	GPtrArray *patches;	/* git_oid* of cover..tip, oldest first */
	GPtrArray *sent;	/* struct b4_sent*, index i = v(i+1), for v1..v(revision-1) */
};

/* Read a b4 prep branch (all of the above).  Errors: QUILL_ERROR_USAGE when
 * there is no such branch; QUILL_ERROR_INPUT when it holds no cover commit
 * (no B4_MARKER: not a b4 branch), when the tracking JSON does not parse or
 * lacks change-id/revision, when the cover commit is not empty or the
 * patches hold a merge, or when a sent tag of v1..v(revision-1) is missing.
 * What is read with a fallback (a prerequisite quill cannot keep, a sent
 * tag without a usable base-commit: line, a To:/Cc: line that is not one
 * address: it stays in the cover) goes to `warn` (may be NULL).
 * *out: caller owns (b4_branch_free). */
gboolean b4_branch_read(struct b4_branch **out, git_repository *repo, const char *branch,
			warn_fn warn, void *payload, GError **error);
void b4_branch_free(struct b4_branch *b);

/* Adopt b4 branch `b` as series `name` (NULL: the branch name without
 * "b4/"), on a new branch of that name: see the top of this file.  The new
 * branch is tied to the series (branch.<b>.quillSeries) and the tags
 * quill/NAME/vK are created (if that fails, `warn` (may be NULL) says so
 * and the next run repairs them).  Errors:
 * QUILL_ERROR_USAGE when the name is not valid or a series or branch of
 * that name exists; nothing is left behind on failure.  *out: caller owns
 * (series_free). */
gboolean b4_import(struct series **out, git_repository *repo, const struct b4_branch *b,
		   const char *name, warn_fn warn, void *payload, GError **error);

/* The series name import-b4 gives branch BRANCH: without "b4/" (caller owns). */
char *b4_series_name(const char *branch);

#endif
