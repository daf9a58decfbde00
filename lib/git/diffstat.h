/* diffstat.h - the diffstat of a diff gathered from patches already made,
 * so a commit's patch text and its stat come from one generation of each
 * file's patch (git_diff_get_stats makes every patch anew).
 *
 * The text is byte for byte what git_diff_stats_to_buf() prints with
 * GIT_DIFF_STATS_FULL | GIT_DIFF_STATS_INCLUDE_SUMMARY at a width, in the
 * layout of libgit2 1.5 (the one linked): one line a file ("path | N +-",
 * renames as "dir/{old => new}", binary files as "Bin OLD -> NEW bytes"),
 * the "N files changed" total, then the create/delete/mode-change summary.
 * tests/unit/test-diffstat.c holds it to the linked libgit2's own output.
 */
#ifndef QUILL_DIFFSTAT_H
#define QUILL_DIFFSTAT_H

#include <git2.h>
#include <glib.h>

struct diffstat;

/* An empty stat (caller owns: diffstat_free). */
struct diffstat *diffstat_new(void);
void diffstat_free(struct diffstat *d);

/* Count one file's patch, in the diff's order: its delta (paths, modes,
 * sizes, the binary flag, as generating the patch left them) and its
 * added and deleted lines.  -1 (a libgit2 error) when the lines cannot be
 * counted. */
int diffstat_add(struct diffstat *d, git_patch *patch);

/* The text at `width` columns (git format-patch: 72) (caller owns). */
char *diffstat_text(const struct diffstat *d, gsize width);

#endif
