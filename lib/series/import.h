/* import.h - a series rebuilt from an export directory (the format is in
 * export.h): the patches applied with libgit2 (git_apply_to_tree) in any
 * repository whose history holds the bases, or from an empty one when the
 * export carries upstream/; then the state ref, then the branch and the
 * tags derived from it (import-finish.h).
 *
 * The export is input from anywhere: a file that is a symbolic link, a
 * FIFO, a device or too large, a number out of range or a ref name an
 * import may not create is refused before anything is written.  The import
 * is all or nothing: every commit is made first, then the state ref is
 * written (the one commit point); a failure before it leaves no ref, and an
 * import killed after it is finished by running it again.
 */
#ifndef QUILL_SERIES_IMPORT_H
#define QUILL_SERIES_IMPORT_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"

struct import_result {
	char *name;		/* the series created (caller owns) */
	int versions;		/* frozen versions imported */
	int commits;		/* commits created */
	int upstream;		/* upstream commits created */
	gboolean resumed;	/* an import cut short was finished (nothing else was made) */
};

/* Rebuild a series from DIR under `name` (NULL: the name in series.conf;
 * another name names the branch too).
 * Neither the series nor its branch may exist, unless the series is this
 * export's import cut short: then what it lacks is written (out->resumed).
 * Bad files are QUILL_ERROR_INPUT naming the file (and line).  In a work
 * tree whose HEAD is unborn, the branch is checked out and HEAD moved to
 * it.  What does not stop the import (a tag or a checkout that cannot be
 * written) goes to `warn` (may be NULL). */
gboolean series_import(struct import_result *out, git_repository *repo, const char *dir,
		       const char *name, warn_fn warn, void *payload, GError **error);

#endif
