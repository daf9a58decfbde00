/* writer.h - many files written whole by threads beside the caller's.
 *
 * mail split writes one file per message, and making a file is the
 * kernel's work (create, write, name it: about nine tenths of the time),
 * which one thread waits for one file at a time.  A file_writer takes the
 * files in order on the caller's thread (who parses and warns, in order)
 * and writes them on `threads` threads at once, each by file_write_new.
 * At most a fixed number of files wait to be written: the caller waits
 * for room, so memory stays bounded however far the input goes.
 *
 * A failed write stops the files put after it (those put before it are
 * still written): file_writer_put says so at its next call, and
 * file_writer_finish returns the failure of the earliest file (in the
 * order put) that failed.  Some files put after it may have been written
 * by then; none is ever left half-written (file_write_new).
 */
#ifndef QUILL_CORE_WRITER_H
#define QUILL_CORE_WRITER_H

#include <glib.h>

struct file_writer;

/* A writer with `threads` threads (0: one per processor, at most 4); with
 * one processor or threads 1, file_writer_put writes each file itself.
 * dir (or NULL): the directory most files go in, kept open, so that a
 * file named "dir/NAME" is made relative to it (no walk of dir's path
 * for each file). */
struct file_writer *file_writer_new(const char *dir, guint threads);

/* Write len bytes of data to path (both taken: freed with g_free once
 * written).  FALSE, with *error, when an earlier file failed: put nothing
 * more, file_writer_finish then returns that failure again. */
gboolean file_writer_put(struct file_writer *w, char *path, char *data, gsize len,
			 GError **error);

/* Wait for every file put, stop the threads and free w.  FALSE, with the
 * earliest failure, when a file could not be written. */
gboolean file_writer_finish(struct file_writer *w, GError **error);

#endif
