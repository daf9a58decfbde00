/* export.h - a series as a directory (DESIGN.md's export format); import.h
 * reads it back.
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
 * Import (import.h) applies the patches and rebuilds the branch, the state
 * ref and the tags.  Commit ids change when the committer differs; version.conf is rewritten
 * with the new ones.
 */
#ifndef QUILL_EXPORT_H
#define QUILL_EXPORT_H

#include <git2.h>
#include <glib.h>

#include "series/series.h"

/* Write series NAME to DIR (which must not exist, or be empty); with
 * `with_upstream` the history below the bases too (it must be linear).
 * The directory appears whole or not at all (written beside, then renamed). */
gboolean export_series(git_repository *repo, const struct series *s, const char *dir,
		       gboolean with_upstream, GError **error);

#endif
