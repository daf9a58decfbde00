/* next.h - the review carried into the next version, for series
 * new-version: the version it answers is the last frozen (sent) one, vL;
 * the working version vW = L+1 is being frozen.
 *
 *  - the items still open on vL, to be listed (never blocking);
 *  - a changelog line for each item of vL addressed: "Dropped Suggested-by:
 *    Name, as they asked [LINK]" for a trailer-objection, "Added
 *    Reviewed-by: Name [LINK]" for a trailer, else "Addressed: <the first
 *    line of the item's text> (Name) [LINK]";
 *  - the author's promise items still open on vL, copied as open items of
 *    vW (a new id each, stable: review_next_id), to be stored in
 *    vW/review.json with the freeze.
 */
#ifndef QUILL_REVIEW_NEXT_H
#define QUILL_REVIEW_NEXT_H

#include <glib.h>

#include "review/store.h"
#include "series/series.h"

struct review_next {
	int from;		/* L, the version answered; 0 when none is frozen */
	guint total;		/* the number of patches of vL */
	GPtrArray *open;	/* struct review_item* still open on vL (owned copies) */
	char *changes;		/* the changelog lines, one a line; "" when none */
	struct review_version *carried;	/* vW's review: what it had and the promises */
	guint n_carried;	/* promises newly carried */
};

/* What the working version of s takes from the review of the last frozen
 * one.  FALSE with QUILL_ERROR_INPUT when a review.json does not parse.
 * *out: caller owns (review_next_free). */
gboolean review_next_prepare(const struct series *s, struct review_next **out, GError **error);

/* Put it into s before series_freeze_next: the changelog lines into the
 * working cover's "Changes in vW:" draft (after an EDITME line, which is
 * kept, or first under the heading; nothing when the cover has no such
 * section) and, when promises were carried, vW/review.json into s->state
 * (committed by the freeze). */
void review_next_apply(struct series *s, const struct review_next *n);

void review_next_free(struct review_next *n);

/* The id of item `id` carried into version `version` (caller owns). */
char *review_next_id(const char *id, int version);

#endif
