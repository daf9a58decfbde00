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
#include "net/archive.h"
#include "net/source.h"
#include "review/am.h"
#include "series/series.h"

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
 * gets the last one; each signed (git/sign.h) when commit.gpgSign is
 * true, as git am signs.  A patch that does not apply: QUILL_ERROR_NEGATIVE
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

/* ---- adopting a posted series (shazam-series.c) ---- */

/* One thread of a posted series (both owned: shazam_thread_free). */
struct shazam_thread {
	char *msgid;		/* the Message-ID it was fetched by (no <>) */
	GBytes *mbox;
};

void shazam_thread_free(struct shazam_thread *t);

/* The threads of the series posted in the thread of msgid, fetched from ar:
 * that thread first, then the thread of each other version's cover (older
 * or newer) that ar finds by the thread's newest version's change-id
 * (versions the first thread already holds are not fetched again).  *out (caller owns) is an array of
 * struct shazam_thread* that frees them.  FALSE only when the first
 * thread cannot be fetched; another one that cannot is a warning. */
gboolean shazam_fetch(GPtrArray **out, struct archive *ar, const char *msgid, warn_fn warn,
		      void *payload, GError **error);

struct shazam_series_opts {
	const char *name;	/* the series and the branch to create */
	gboolean no_checkout;	/* do not switch HEAD to the new branch */
	warn_fn warn;
	void *payload;
};

/* Adopt the series posted in threads (as shazam_fetch gives them; the
 * newest version is the highest one of all threads, a warning when it is
 * not the first thread's) as series NAME: every version
 * found is applied on its own base-commit (shazam_base) and frozen as vN,
 * sent, with its cover, the cover's Message-ID and each patch's Message-ID;
 * an older version that does not apply (or is not found) is recorded as an
 * empty range at the newest's base with only its cover Message-ID (and a
 * warning).  Branch NAME is created at the newest version's tip, the
 * working version is the newest posted + 1, the change-id is the posted one
 * (else a new one).  *out is owned by the caller (series_free).  Errors:
 * the series or branch NAME exists (QUILL_ERROR_USAGE), no patches in the
 * first thread (QUILL_ERROR_INPUT), the newest version does not apply (as
 * shazam_commits); then nothing is written. */
gboolean shazam_series_new(struct series **out, git_repository *repo, GPtrArray *threads,
			   const struct shazam_series_opts *o, GError **error);

#endif
