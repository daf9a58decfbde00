/* file.h - files written whole or not at all, and read whole.
 *
 * file_write_atomic writes beside the target and renames: a reader (or a
 * crash) sees the old file or the new one, never a part.  It does not
 * fsync: mails and exports can be made again, and forcing them to disk
 * costs more than the rest of `series format` (GLib's g_file_set_contents
 * syncs every new file).
 *
 * file_read_regular reads a file a user named (an object, a results file)
 * and refuses what is not a regular file: a FIFO would block the read
 * until a writer comes (forever, for a FIFO nobody writes), a device
 * (/dev/zero) never ends, a directory is no data.
 */
#ifndef QUILL_FILE_H
#define QUILL_FILE_H

#include <glib.h>
#include <sys/types.h>

/* All n bytes of data to fd, again after EINTR and short writes: FALSE
 * with errno set (EIO when a write wrote nothing) when a write fails. */
gboolean file_write_all(int fd, const char *data, gsize n);

/* Write len bytes (len < 0: a NUL-terminated string) to path with mode
 * 0666 & ~umask.  QUILL_ERROR_OUTSIDE naming the path on failure.  Safe
 * to call from several threads at once (for different paths). */
gboolean file_write_atomic(const char *path, const char *data, gssize len, GError **error);

/* As file_write_atomic, for a path that is most likely new (mail split
 * into an empty directory): the data go to an unnamed file in path's
 * directory (O_TMPFILE), which is then linked in as path.  That is one
 * change to the directory instead of two (create, rename), no look at the
 * path first, and a crash leaves nothing behind.  When path exists (a
 * file to replace, a FIFO to write to), or the file system or kernel has
 * no unnamed files, *new_ok is set FALSE and file_write_atomic does it; a
 * caller writing many files passes the same *new_ok (TRUE at first) to
 * each, so that after the first such case the rest go straight to
 * file_write_atomic.  Safe from several threads, each with its own
 * *new_ok. */
gboolean file_write_new(const char *path, const char *data, gssize len, gboolean *new_ok,
			GError **error);
/* The same with the directory open as dirfd (AT_FDCWD: none) and the
 * file's name in it: no walk of the directory's path for each file.  path
 * (the directory's path and name) is for the messages and the other way. */
gboolean file_write_new_at(int dirfd, const char *name, const char *path, const char *data,
			   gssize len, gboolean *new_ok, GError **error);

/* The guard of file_write_atomic, for a writer that streams: when path is
 * a character device or a FIFO (a pipe someone reads), it is opened for
 * writing (O_NONBLOCK first, so that a FIFO nobody reads is an error at
 * once, not a wait; then blocking) and 1 returned with *fd (the caller
 * closes it): write to it, never rename over it.  0 (*fd -1) when path is
 * a regular file, a symbolic link or missing: write beside it and rename.
 * -1 with QUILL_ERROR_OUTSIDE "cannot write PATH: REASON" for any other
 * kind (a directory, a socket, a block device) or when it cannot be
 * opened. */
int file_open_special(const char *path, int *fd, GError **error);

/* Read the regular file at `path` whole, at most `max_bytes` of it, into
 * *data (NUL-terminated after its *len bytes; the caller frees it with
 * g_free) and *len.  A symbolic link is followed only when
 * `follow_symlink`.  It is looked at before it is opened, and opened with
 * O_NONBLOCK then checked again with fstat, so that a FIFO or a device is
 * refused without waiting on it.  On failure *data is NULL and the error
 * message starts with the path:
 *   QUILL_ERROR_USAGE    "PATH: No such file or directory" (and the other
 *                        reasons it cannot be opened), "PATH: a directory",
 *                        "PATH: not a regular file (a FIFO)" (a character
 *                        device, a block device, a socket), "PATH: a
 *                        symbolic link" (when not followed);
 *   QUILL_ERROR_INPUT    "PATH: larger than N bytes" past max_bytes;
 *   QUILL_ERROR_OUTSIDE  "PATH: ..." when reading it fails. */
gboolean file_read_regular(const char *path, gsize max_bytes, char **data, gsize *len,
			   gboolean follow_symlink, GError **error);

/* What a file that is not a regular one is, for a message: "a directory",
 * "a FIFO", "a character device", "a symbolic link", ... (static). */
const char *file_kind(mode_t mode);

/* Read a regular file whole, for input that may be hostile (an export
 * someone sent): a symbolic link as the last component is not followed,
 * nothing blocks (a FIFO or a device is refused before any read), and at
 * most `max` bytes are read.  Returns 1 with *data (NUL-terminated, caller
 * owns, g_free) and *len; 0 when the path does not exist (no error set);
 * -1 with QUILL_ERROR_INPUT naming the path when it is a symbolic link
 * ("PATH: a symbolic link, not a regular file"), not a regular file or
 * over `max` bytes, QUILL_ERROR_OUTSIDE when it cannot be read. */
int file_read_hostile(const char *path, gsize max, char **data, gsize *len, GError **error);

#endif
