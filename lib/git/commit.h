/* commit.h - one commit seen as a patch: its message split as git
 * format-patch splits it, its diff against its first parent (the text git
 * shows), diffstat and stable patch-id; and the linear range base..tip.
 *
 * Departure from DESIGN.md's module map: both `series` (patch-ids at a
 * freeze) and `email` (mail bodies) need the same view of a commit, so it
 * lives here once, over libgit2.
 */
#ifndef QUILL_COMMIT_H
#define QUILL_COMMIT_H

#include <git2.h>
#include <glib.h>

enum {
	COMMIT_WANT_DIFF = 1 << 0,	/* fill diff and patch_id */
	COMMIT_WANT_STAT = 1 << 1,	/* fill diffstat */
};

/* The text fields are UTF-8: re-encoded from the commit's encoding header
 * as git log shows them, invalid bytes replaced. */
struct commit_patch {
	git_oid oid;
	char *subject;		/* first paragraph, lines joined by single spaces */
	char *body;		/* the rest of the message, leading blank lines dropped; "" if none */
	char *message;		/* the raw message */
	char *author_name, *author_email;
	gint64 author_time;
	int author_offset;	/* minutes east of UTC */
	char *diff;		/* "diff --git ..." text, or NULL without COMMIT_WANT_DIFF */
	char *diffstat;		/* " f | 2 +-\n 1 file changed, ...\n", or NULL */
	char patch_id[GIT_OID_HEXSZ + 1]; /* stable patch-id; "" without the diff */
};

/* Load a commit (caller owns *out: commit_patch_free). */
gboolean commit_patch_load(struct commit_patch **out, git_repository *repo, const git_oid *oid,
			   unsigned flags, GError **error);
void commit_patch_free(struct commit_patch *p);

/* Fill in what `flags` asks for that p (loaded with fewer flags) does not
 * have yet: its diff and patch-id, its diffstat.  A patch-id already set
 * (one recorded in the series state) is replaced by the one of the diff. */
gboolean commit_patch_add(struct commit_patch *p, git_repository *repo, unsigned flags,
			  GError **error);

/* The commits of base..tip, oldest first (caller owns: an array of git_oid*,
 * freeing its elements).  A merge in the range is an error: a patch series
 * is linear. base may be NULL (from the root). */
gboolean commit_range(GPtrArray **out, git_repository *repo, const git_oid *base,
		      const git_oid *tip, GError **error);

/* The diffstat of the whole range, as the cover letter shows it (caller owns). */
char *commit_range_diffstat(git_repository *repo, const git_oid *base, const git_oid *tip,
			    GError **error);

/* "Author Name (N):\n  subject\n..." as git shortlog prints it for a cover
 * letter, over commit_patch entries (caller owns). */
char *commit_shortlog(GPtrArray *patches);

/* Resolve a revision (anything git_revparse_single takes, peeled to a
 * commit).  QUILL_ERROR_USAGE when it names nothing. */
gboolean commit_resolve(git_oid *out, git_repository *repo, const char *rev, GError **error);

/* TRUE when the local branch NAME (short name) exists. */
gboolean commit_branch_exists(git_repository *repo, const char *name);

/* The subject of a commit message msg[0..len), as commit_patch_load takes
 * it: the first paragraph, its lines joined by single spaces (caller owns). */
char *commit_message_subject(const char *msg, gsize len);

/* The git format-patch file name part for a subject: "add-a-frob-to-the-zone"
 * (caller owns). */
char *commit_subject_slug(const char *subject);

#endif
