/* apply.h - trailers collected from the list written into the branch's
 * commits (quill trailer collect --apply).
 *
 * The posted patches of a collect result are matched to the commits of
 * the series' working version (base..tip of its branch) by stable
 * patch-id, then by subject; then each matched commit is rewritten with
 * the trailers to add appended to its trailer block (existing trailers
 * stay where they are; new ones in the order collected; the user's own
 * Signed-off-by moved last; or sorted by the policy with order_policy),
 * the commits after it re-parented, and the branch moved compare-and-swap
 * on the old tip, ORIG_HEAD set, the notes on refs/notes/quill carried to
 * the new commits.  A signed commit is refused unless resign or
 * drop_signatures.  Which trailers came from which mail is recorded in the
 * series state (one state commit).
 */
#ifndef QUILL_REVIEW_APPLY_H
#define QUILL_REVIEW_APPLY_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "lint/policy.h"
#include "review/collect.h"
#include "series/series.h"

/* Match r's patches to the working version's commits of s (sets each
 * collect_patch's commit; NULL when none matched, with a warning), and
 * drop from each patch's add what its commit already carries (so a second
 * collect after --apply adds nothing).  FALSE with *error when the branch
 * cannot be read. */
gboolean review_collect_match(git_repository *repo, const struct series *s,
			      struct collect_result *r, warn_fn warn, void *payload, GError **error);

struct apply_opts {
	gboolean order_policy;		/* sort the trailer block by the policy */
	const struct policy *policy;	/* for order_policy; NULL: the default */
	gboolean resign;		/* re-sign signed commits (gpg through git's config) */
	gboolean drop_signatures;	/* rewrite signed commits unsigned */
	gboolean dry_run;		/* compute, write nothing */
	warn_fn warn;
	void *payload;
};

struct apply_report {
	guint commits;			/* commits rewritten */
	guint trailers;			/* trailers added */
	char *old_tip, *new_tip;	/* hex (owned; g_free), NULL when nothing was done */
};

/* Apply r (matched: review_collect_match) to the branch of s. */
gboolean review_apply(git_repository *repo, struct series *s, const struct collect_result *r,
		      const struct apply_opts *o, struct apply_report *out, GError **error);

#endif
