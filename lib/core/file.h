/* file.h - files written whole or not at all, and read whole with a cap.
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

/* Read a regular file whole, for input that may be hostile (an export
 * someone sent): a symbolic link as the last component is not followed,
 * nothing blocks (a FIFO or a device is refused before any read), and at
 * most `max` bytes are read.  Returns 1 with *data (NUL-terminated, caller
 * owns, g_free) and *len; 0 when the path does not exist (no error set);
 * -1 with QUILL_ERROR_INPUT naming the path when it is a symbolic link,
 * not a regular file or over `max` bytes, QUILL_ERROR_OUTSIDE when it
 * cannot be read. */
int file_read_hostile(const char *path, gsize max, char **data, gsize *len, GError **error);

#endif
