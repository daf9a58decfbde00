/* file.h - files written whole or not at all.
 *
 * file_write_atomic writes beside the target and renames: a reader (or a
 * crash) sees the old file or the new one, never a part.  It does not
 * fsync: mails and exports can be made again, and forcing them to disk
 * costs more than the rest of `series format` (GLib's g_file_set_contents
 * syncs every new file).
 */
#ifndef QUILL_FILE_H
#define QUILL_FILE_H

#include <glib.h>

/* Write len bytes (len < 0: a NUL-terminated string) to path with mode
 * 0666 & ~umask.  QUILL_ERROR_OUTSIDE naming the path on failure. */
gboolean file_write_atomic(const char *path, const char *data, gssize len, GError **error);

#endif
