/* patchid.h - stable patch-ids over a diff's text, and pairing the patches
 * of two versions of a series.
 *
 * The patch-id is the one `git patch-id --stable` prints: per file, the SHA-1
 * of the diff's lines with all whitespace removed, hunk headers and index
 * lines left out; the per-file digests summed bytewise with carry, so the
 * order of files does not matter.
 *
 * Pairing: equal patch-ids pair first; the rest are paired by a minimum-cost
 * assignment over a cost matrix (the size of the diff between two patches'
 * diffs; leaving a patch unpaired costs its own size times the creation
 * factor in percent, 60 by default, as git range-diff does).
 */
#ifndef QUILL_PATCHID_H
#define QUILL_PATCHID_H

#include <glib.h>

/* The stable patch-id of diff text (any text before the first "diff " line
 * is skipped).  out gets 40 hex digits and a NUL.  FALSE (and out "")
 * when the text holds no diff. */
gboolean patchid_stable(const char *text, gsize len, char out[41]);

/* One side of a pairing: what is known about each patch. */
struct pair_item {
	const char *patch_id;	/* stable patch-id */
	const char *subject;
	const char *message;	/* full commit message, to tell message-only changes */
	const char *diff;	/* diff text, for the cost of unequal patches */
};

enum pair_kind {
	PAIR_UNCHANGED,		/* same patch-id, same message */
	PAIR_MESSAGE,		/* same patch-id, message differs */
	PAIR_CHANGED,		/* paired, the diff differs */
	PAIR_ADDED,		/* only in the new version (old = -1) */
	PAIR_DROPPED,		/* only in the old version (new = -1) */
};

struct pair {
	int old_index;		/* index in the old array, or -1 */
	int new_index;		/* index in the new array, or -1 */
	enum pair_kind kind;
};

/* The first step of pair_versions alone, over the patch-ids only (the
 * diffs are not read): o2n[i] gets the index in new_ of old[i]'s pair by
 * an equal patch-id, else -1; n2o[j] the same the other way.  Who has no
 * pair here is what pair_versions needs the diffs of. */
void pair_by_id(const struct pair_item *old, int n_old, const struct pair_item *new_, int n_new,
		int *o2n, int *n2o);

/* Pair old[0..n_old) with new[0..n_new).  Returns the pairs in the order of
 * the new version, each dropped patch placed after the pair of its old
 * predecessor (caller owns: g_array_unref; elements are struct pair).
 * creation_factor: percent, 60 like git range-diff. */
GArray *pair_versions(const struct pair_item *old, int n_old, const struct pair_item *new_,
		      int n_new, int creation_factor);

/* A word for a kind: "unchanged", "message", "changed", "added", "dropped". */
const char *pair_kind_name(enum pair_kind kind);

/* The number of lines in a unified diff between two texts (added plus
 * removed lines), used as the pairing cost. */
int patchid_diff_size(const char *a, const char *b);

#endif
