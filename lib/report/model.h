/* model.h - what the report of a series shows, gathered once from the
 * other parts: the series and each version (frozen ones from the state,
 * the working one from the branch when it has patches), each version's
 * patches, the range-diff against the version before it
 * (series/rangediff), its review items (review/store: vN/review.json),
 * the trailers given on the list carried to it or not, and its
 * benchmarks (series/attach).
 *
 * Trailers are worked out from the stored review, by the rules of
 * trailer collect (review/collect.h): a trailer item given on version K
 * (on the cover: on each of K's patches) counts for version N >= K on
 * the patch with the same stable patch-id; when the patch of that
 * subject has another patch-id, it is not carried, "patch changed since
 * vK"; a Nacked-by is never carried ("a Nacked-by is never added").
 * Nothing is fetched: the page shows what review pull stored.
 *
 * Ownership: the model owns everything in it (report_model_free); it
 * keeps no reference to the series or the repository.
 */
#ifndef QUILL_REPORT_MODEL_H
#define QUILL_REPORT_MODEL_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "review/store.h"
#include "series/series.h"

struct report_patch {
	int index;		/* 1-based */
	char *commit, *patch_id, *subject, *author;
	char *msgid;		/* as sent, or NULL */
	char *link;		/* the lore link of msgid, or NULL */
};

struct report_pair {
	char mark;		/* range_mark: '=', '!', '>', '<' */
	const char *kind;	/* pair_kind_name (static) */
	int old_index, new_index;	/* 1-based, 0 = none */
	char *subject;
	char *diff;		/* range_pair_diff, "" for an unchanged pair */
};

struct report_trailer {
	int patch;		/* 1-based patch of the version */
	char *trailer, *from, *link;
	int given_on;		/* the version it was given on */
	char *reason;		/* not carried: why; NULL when carried */
};

struct report_version {
	int number;
	gboolean frozen, sent;
	char *date;		/* freeze date, or NULL (working) */
	char *tag;		/* quill/NAME/vN, or NULL (working) */
	char *cover_msgid, *cover_link;	/* or NULL */
	GPtrArray *patches;	/* struct report_patch* */
	GPtrArray *pairs;	/* struct report_pair* against version number - 1, or NULL */
	char *summary;		/* range_summary of those, or NULL */
	struct review_version *review;	/* its items (never NULL) */
	GPtrArray *trailers;	/* struct report_trailer* */
	GPtrArray *benches;	/* struct bench* */
};

struct report_model {
	char *name, *change_id, *branch, *list;
	char *lore_base;	/* where Message-IDs link to, or NULL */
	GPtrArray *versions;	/* struct report_version*, v1 first */
	guint n_items;		/* review items, all versions */
};

/* Gather the report of series s.  A part that cannot be read (the working
 * branch, a range-diff) is left out with a warning through `warn` (may be
 * NULL); a review.json or benchmark that does not parse is an error
 * (QUILL_ERROR_INPUT naming it).  *out: caller owns (report_model_free). */
gboolean report_model_build(struct report_model **out, git_repository *repo,
			    const struct series *s, warn_fn warn, void *payload, GError **error);
void report_model_free(struct report_model *m);

/* The lore base Message-IDs of a series link to: its list when that is an
 * http(s) URL (without a trailing '/'), else the list's name under the
 * host of archive_lore_base; NULL for no list (caller owns). */
char *report_lore_base(git_repository *repo, const char *list);

#endif
