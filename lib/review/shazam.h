/* shazam.h - an am-ready series (am.h) applied onto a base commit with
 * libgit2, as b4 shazam does with git am, but without a work tree: each
 * patch's diff is applied to the tree of the commit before it
 * (git_apply_to_tree) and committed with the author and date of the mail
 * and its message (subject, blank line, body with the trailers mail am
 * completed); the committer is the user.  Only when every patch applied
 * is a ref written: a new branch at the last commit.
 *
 * The base is what the posted series names in its base-commit: footer
 * (the cover's, else a patch's) when that commit is in the repository,
 * else HEAD (with a warning).
 */
#ifndef QUILL_REVIEW_SHAZAM_H
#define QUILL_REVIEW_SHAZAM_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "net/source.h"
#include "review/am.h"

/* What a posted version says of itself. */
struct shazam_version {
	int number;
	char *base_commit;	/* the base-commit: footer, or NULL */
	char *change_id;	/* the change-id: footer, or NULL */
	char *cover_msgid;	/* the cover's Message-ID (no <>), or NULL: no cover */
	char *cover;		/* the cover: subject without prefix, blank line, body; or NULL */
	char *subject;		/* the cover's subject without prefix, else patch 1's */
};

/* The versions posted in src (every message read), by number (caller
 * owns the array, which frees its entries).  FALSE only when src cannot be
 * read. */
gboolean shazam_versions(struct source *src, GPtrArray **out, GError **error);

/* Version n of the array, or NULL (borrowed). */
const struct shazam_version *shazam_version_get(GPtrArray *versions, int n);

/* The base to apply on: base_commit when it names a commit of the
 * repository, else HEAD (a warning saying so when base_commit was given
 * or not; NULL base_commit: "no base-commit"). */
gboolean shazam_base(git_oid *out, git_repository *repo, const char *base_commit,
		     warn_fn warn, void *payload, GError **error);

/* Apply the patches of r onto base as commits (no ref is written); *tip
 * gets the last one.  A patch that does not apply: QUILL_ERROR_NEGATIVE
 * "patch i/n (SUBJECT) does not apply: REASON"; a diff libgit2 cannot
 * read: QUILL_ERROR_INPUT. */
gboolean shazam_commits(git_oid *tip, git_repository *repo, const struct am_result *r,
			const git_oid *base, GError **error);

/* A branch name for a series with this subject: "am/SLUG" (caller owns). */
char *shazam_branch_name(const char *subject);

/* Create BRANCH at tip; QUILL_ERROR_USAGE when it exists.  With checkout,
 * switch HEAD to it when the work tree is clean (else a warning, and the
 * branch stays); *checked_out (may be NULL) says whether it was. */
gboolean shazam_branch(git_repository *repo, const char *branch, const git_oid *tip,
		       gboolean checkout, gboolean *checked_out, warn_fn warn, void *payload,
		       GError **error);

#endif
