/* cover.h - the cover letter: the working cover's tokens filled in, wrapped
 * in the cover-letter template, and the "Changes in vN:" sections kept.
 *
 * Tokens (in the working cover and in the template):
 *   {{shortlog}} {{diffstat}}     of the version's patches
 *   {{changes}}                   what changed since the previous version, one
 *                                 "- ..." item per patch, or one saying every
 *                                 patch is unchanged (range_changes_lines;
 *                                 empty for v1)
 *   {{link}}                      "- Link to v<N-1>: URL" once that version's
 *                                 cover Message-ID is known, else empty
 *   {{links}}                     "- Link to vK: URL" for every earlier version
 *                                 whose cover Message-ID is known
 *   {{range_diff}}                "Range-diff against v<N-1>:" and the
 *                                 comparison as git range-diff shows it
 *                                 (empty for v1)
 *   {{bench}}                     the tables of the version's benchmarks that
 *                                 belong to the series as a whole (bench
 *                                 run/add without --patch), 72 columns
 *   {{bench NAME}}                benchmark NAME's tables; when the version
 *                                 has none, the latest earlier version's,
 *                                 marked "  (measured on vK)" under the
 *                                 title line (the cover goes on into the
 *                                 next version, its results stay behind);
 *                                 an error when no version has one
 *   {{bench NAME plot}}           the same benchmark as a text plot instead
 *                                 (bench/bench-plot.h: a box plot and a
 *                                 histogram row per role, 72 columns)
 *   {{objsize NAME}}              the size diff attached as NAME (quill bench
 *                                 size --attach) to the version, as a table;
 *                                 when it has none, the latest earlier
 *                                 version's, after a line "(measured on
 *                                 vK)"; an error when no version has one
 *   {{base_commit}} {{change_id}} {{prerequisites}} {{signature}}
 *   {{name}} {{version}} {{subject}}
 *   {{cover}}                     (template only) the working cover's body
 * Lines of the working cover that start with '#' are dropped; ">#" at the
 * start of a line stands for a literal '#'.
 */
#ifndef QUILL_COVER_H
#define QUILL_COVER_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "series/rangediff.h"
#include "series/series.h"

struct resources;

/* Everything a cover letter is rendered from; cover_prepare fills it and
 * owns the fields, cover_input_release frees them. */
struct cover_input {
	git_repository *repo;
	const struct series *s;		/* borrowed */
	int version;			/* the version being rendered */
	GPtrArray *patches;		/* struct commit_patch* with COMMIT_WANT_DIFF */
	git_oid base, tip;
	char *sender;			/* "Name <email>" for {{signature}} */
	char *linkmask;			/* with one %s */
	struct range_compare *cmp;	/* against the previous version, or NULL */
	char *template_text;		/* the cover-letter template */
	char *template_name;		/* where it came from, for errors */
	GPtrArray *benches;		/* the version's benchmarks (struct bench*), read
					 * when a bench token first asks, or NULL */
};

/* Fill `in` for version n of s (0 or s->version: the working one): its
 * patches, range, the sender, the link mask, the comparison with version
 * n-1, and the template (quill.coverTemplate, else templates/cover-letter.txt
 * from `res`). */
gboolean cover_prepare(struct cover_input *in, git_repository *repo, const struct series *s,
		       int n, const struct resources *res, GError **error);
void cover_input_release(struct cover_input *in);

/* Same, with the version's patches already loaded (COMMIT_WANT_DIFF; the
 * cover needs no diffstat of one patch) and its base and tip: `in` takes a
 * reference. */
gboolean cover_prepare_with(struct cover_input *in, git_repository *repo, const struct series *s,
			    int n, const struct resources *res, GPtrArray *patches,
			    const git_oid *base, const git_oid *tip, GError **error);

/* Render `cover_text` (a working cover) for the input's version.  *subject_out
 * gets the subject line, *body_out the letter body (both caller-owned).
 * QUILL_ERROR_INPUT for an unknown token (naming it and the line). */
gboolean cover_render(char **subject_out, char **body_out, const struct cover_input *in,
		      const char *cover_text, GError **error);

/* The patch notes of a version (lib/series/cover-notes.c): for each of
 * `patches` (struct commit_patch* with COMMIT_WANT_DIFF, the version's, in
 * order) the tables of the benchmarks of that version attached to it
 * (bench run/add --patch), then its size diffs (bench size --attach
 * --patch, as attach.h's objsize_note prints them), or NULL when it has
 * none.  A size diff is placed as a benchmark is.  A benchmark names
 * the commit it was measured on; it is placed at that commit, else at the
 * patch series diff pairs it with (the pairing of range_pair_patches:
 * with the patches of the frozen version that holds the commit, else with
 * the commit itself while the repository has it: a reworded or changed
 * patch keeps its table), else at the patch with its patch-id, else its
 * subject.  Its table names the patch by its current subject.  A
 * benchmark that cannot be placed (its patch dropped) is left out, and
 * `warn` (may be NULL) told so with `payload`: "benchmark NAME: its patch
 * 'SUBJECT' is not in vN; left out".  Caller owns the array (it frees its
 * strings); NULL with *error when a benchmark file does not parse or a
 * frozen version's patches cannot be read. */
GPtrArray *cover_patch_notes(git_repository *repo, const struct series *s, int version,
			     GPtrArray *patches, warn_fn warn, void *payload, GError **error);

/* Split "subject\n\nbody" (leading blank lines skipped; caller owns both). */
void cover_split(const char *text, char **subject, char **body);

/* Only the working cover's tokens filled and comment lines dropped (what
 * {{cover}} is, before splitting off the subject); caller owns. */
char *cover_fill(const struct cover_input *in, const char *cover_text, GError **error);

/* The working cover for version `next`: {{changes}} and {{link}} are fixed
 * to the text they had for version next-1 (`changes`, `link`; escaped, so
 * a "{{" in a subject renders as itself), and a new "Changes in v<next>:"
 * section is put in front of the older ones (caller owns). */
char *cover_next(const char *cover_text, int next, const char *changes, const char *link);

/* Put `text` in the "Changes in v<n>:" section, each line made a "- " item
 * (escaped: it renders as it is written, never as tokens): in place of the
 * section's EDITME lines (all of them go), or, when it has none, first
 * under the heading.  The cover is returned unchanged when it has no such
 * section (caller owns). */
char *cover_set_changes(const char *cover_text, int n, const char *text);

/* The items of the "Changes in v<n>:" section of a rendered cover, without
 * the heading ("" when there is none; caller owns). */
char *cover_extract_changes(const char *body, int n);

/* b4's prerequisite footers of a series: a "prerequisite-change-id: ID:vN"
 * line per prerequisite and, when that series is in this repository, a
 * "prerequisite-patch-id: ..." line per patch of that version; no final
 * newline, "" without prerequisites (caller owns). */
char *cover_prerequisites(git_repository *repo, const struct series *s);

/* The "- Link to v<N>: URL" line for a frozen version, or NULL (caller owns). */
char *cover_link_line(const struct series_version *v, const char *linkmask);

#endif
