/* import.h - a series rebuilt from an export directory (the format is in
 * export.h): the patches applied with libgit2 (git_apply_to_tree) in any
 * repository whose history holds the bases, or from an empty one when the
 * export carries upstream/; then the branch, the state ref and the tags.
 *
 * The export is input from anywhere: a file that is a symbolic link, a
 * FIFO, a device or too large, a number out of range or a ref name an
 * import may not create is refused before anything is written.
 */
#ifndef QUILL_SERIES_IMPORT_H
#define QUILL_SERIES_IMPORT_H

#include <git2.h>
#include <glib.h>

struct import_result {
	char *name;		/* the series created (caller owns) */
	int versions;		/* frozen versions imported */
	int commits;		/* commits created */
	int upstream;		/* upstream commits created */
};

/* Rebuild a series from DIR under `name` (NULL: the name in series.conf;
 * another name names the branch too).
 * Neither the series nor its branch may exist.  Bad files are
 * QUILL_ERROR_INPUT naming the file (and line). */
gboolean series_import(struct import_result *out, git_repository *repo, const char *dir,
		       const char *name, GError **error);

#endif
