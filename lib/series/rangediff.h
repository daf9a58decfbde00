/* rangediff.h - two versions of a series compared: which patch became
 * which (patch-id first, then the cost matrix of patchid.h), what kind of
 * change each pair is, and the diff between two patches for display.
 */
#ifndef QUILL_RANGEDIFF_H
#define QUILL_RANGEDIFF_H

#include <git2.h>
#include <glib.h>

#include "git/patchid.h"
#include "series/series.h"

struct range_compare {
	int old_version, new_version;	/* 0 = the working version */
	git_oid old_base, old_tip, new_base, new_tip;
	GPtrArray *old, *new_;		/* struct commit_patch*, owned: a frozen side's
					 * without the diffs equal patch-ids paired
					 * (range_compare_load_diffs reads the rest) */
	git_repository *repo;		/* borrowed: where more diffs are read, or NULL */
	GArray *pairs;			/* struct pair, in the new version's order */
	int counts[5];			/* per enum pair_kind */
};

/* Compare version `va` with `vb` of a series (0 = the working version).
 * A frozen version's patch-ids are the ones its state recorded; the diffs
 * read are those of the working version and of the patches no equal
 * patch-id pairs.  Caller owns *out (range_compare_free); it borrows repo. */
gboolean range_compare(struct range_compare **out, git_repository *repo, const struct series *s,
		       int va, int vb, GError **error);
void range_compare_free(struct range_compare *c);

/* Same, with the patches of `vb` already loaded (struct commit_patch* with
 * COMMIT_WANT_DIFF, and that side's base and tip): the comparison takes a
 * reference instead of loading them again. */
gboolean range_compare_with(struct range_compare **out, git_repository *repo,
			    const struct series *s, int va, int vb, GPtrArray *new_patches,
			    const git_oid *new_base, const git_oid *new_tip, GError **error);

/* Read the diffs of both sides of every pair that is not unchanged (what
 * range_pair_diff shows), so that a diff that cannot be read is an error
 * here rather than an empty one there. */
gboolean range_compare_load_diffs(struct range_compare *c, GError **error);

/* The pairing range_compare makes, over any two lists of patches (struct
 * commit_patch* with COMMIT_WANT_DIFF, borrowed): the pairs in the order
 * of `new_`, indexes into the two lists (caller owns: g_array_unref). */
GArray *range_pair_patches(GPtrArray *old, GPtrArray *new_);

/* The diff between the two sides of a pair (their messages and diffs),
 * each line indented by four spaces, as range-diff shows it; "" for an
 * unchanged pair (caller owns).  A side's diff not read yet is read
 * (through c->repo; taken as empty if it cannot be). */
char *range_pair_diff(const struct range_compare *c, const struct pair *p);

/* The mark range-diff shows a pair with: '=' unchanged, '!' changed (or its
 * message only), '>' added, '<' dropped. */
char range_mark(enum pair_kind kind);

/* The whole comparison as git range-diff shows it, without colour: one line
 * per pair, "1:  <12 hex> ! 1:  <12 hex> subject", each changed pair followed
 * by range_pair_diff (caller owns; "" when both sides are empty). */
char *range_diff_text(const struct range_compare *c);

/* "- 2/3 \"subject\": changed" lines for a cover's changelog, one per
 * patch that is not unchanged, and a last "- unchanged: ..." line; when
 * every patch is unchanged one "- 3 unchanged" line, or "- 2 unchanged,
 * reordered: 1/2 was 2/2, 2/2 was 1/2"; "" for no patches.  Each item is
 * wrapped at 72 columns, continuation lines indented by two spaces
 * (caller owns). */
char *range_changes_lines(const struct range_compare *c);

/* One summary phrase: "2 changed, 1 added, 3 unchanged" (caller owns). */
char *range_summary(const struct range_compare *c);

#endif
