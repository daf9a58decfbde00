/* export.h - a series as a directory (DESIGN.md's export format), and back.
 *
 *   DIR/series.conf            the series (the same keys as in the state)
 *   DIR/cover                  the working cover
 *   DIR/upstream/NNNN-*.patch  (optional) the history the bases stand on, from
 *                              its root commit, as format-patch files
 *   DIR/upstream/tags          (with it) "NAME OID" of the tags on that history
 *   DIR/v<N>/version.conf      a frozen version (base, tip, patches by commit)
 *   DIR/v<N>/cover, changes    as frozen
 *   DIR/v<N>/NNNN-*.patch      its patches as format-patch files
 *   DIR/v<W>/                  the working version W (version.conf has
 *                              working=true), when its patches differ from
 *                              the last frozen version
 *
 * Import applies the patches with libgit2 (git_apply_to_tree) in any
 * repository whose history holds the bases, or from an empty one when
 * upstream/ is there, and rebuilds the branch, the state ref and the tags.
 * Commit ids change when the committer differs; version.conf is rewritten
 * with the new ones.
 */
#ifndef QUILL_EXPORT_H
#define QUILL_EXPORT_H

#include <git2.h>
#include <glib.h>

#include "series.h"

/* Write series NAME to DIR (which must not exist, or be empty); with
 * `with_upstream` the history below the bases too (it must be linear).
 * The directory appears whole or not at all (written beside, then renamed). */
gboolean export_series(git_repository *repo, const struct series *s, const char *dir,
		       gboolean with_upstream, GError **error);

struct import_result {
	char *name;		/* the series created (caller owns) */
	int versions;		/* frozen versions imported */
	int commits;		/* commits created */
	int upstream;		/* upstream commits created */
};

/* Rebuild a series from DIR under `name` (NULL: the name in series.conf;
 * another name names the branch too).
 * Neither the series nor its branch may exist.  Bad files are
 * QUILL_ERROR_INPUT naming the file. */
gboolean export_import(struct import_result *out, git_repository *repo, const char *dir,
		       const char *name, GError **error);

#endif
