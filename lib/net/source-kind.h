/* source-kind.h - what a kind of mail source implements (lib/net only).
 *
 * source.c reads every kind the same way: it opens each operand with its
 * kind's open, takes the messages as stored from next until the end, and
 * asks where for the place of one it warns about; the header block, the
 * ids, the numbering and the warnings are its own.  A new kind (lore over
 * HTTP, notmuch, a public-inbox mirror) is one more struct source_kind and
 * its row in source.c's table of spec prefixes.
 */
#ifndef QUILL_NET_SOURCE_KIND_H
#define QUILL_NET_SOURCE_KIND_H

#include <glib.h>

#include "core/warn.h"

/* Where a message is, kept with it (source-ahead.c hands messages out
 * after the kind has read on): what a where_mark needs. */
struct source_mark {
	const char *path;	/* the file (borrowed until close), NULL: the operand's */
	guint index;		/* 1-based in an mbox, 0: not in an mbox */
	guint64 offset;
};

struct source_kind {
	/* Open the operand `arg` (a path, later a URL or a query) into *state;
	 * what it skips of it is said through warn (may be NULL).
	 * FALSE with *error set (QUILL_ERROR_USAGE when arg names nothing that
	 * can be read, naming it). */
	gboolean (*open)(void **state, const char *arg, warn_fn warn, void *payload, GError **error);
	/* The next message as stored: TRUE with *data, *len set (valid until
	 * close); FALSE at the end, or with *error set for a message that cannot
	 * be read, which the reader warns about, counts and goes past. */
	gboolean (*next)(void *state, const char **data, gsize *len, GError **error);
	/* Where the message next last returned is, for a warning: "box: message 3
	 * (byte 120)", a file's path (caller owns). */
	char *(*where)(void *state);
	void (*close)(void *state);
	/* Optional, both or neither: the place of the message next returned
	 * last, cheaply, and what `where` would have said of it. */
	void (*mark)(void *state, struct source_mark *out);
	char *(*where_mark)(void *state, const struct source_mark *m);
	/* Optional (NULL: never): split an operand nothing was read of, of at
	 * least `min` bytes, in two near its middle at a message start, for a
	 * second thread to read the second part.  The state of that part
	 * (read with next and closed with close, before the operand's own;
	 * the operand then ends where it starts), or NULL when it does not
	 * split.  The messages of the part are those the whole would have
	 * handed out after the operand's, with the same mark, but for an
	 * index counted from 1 again (add the count of the operand's). */
	void *(*split)(void *state, gsize min);
};

/* The local kinds (source-local.c): any path, as mbox_open tells them
 * apart; "mbox:" (a file or "-"); "maildir:" (a directory). */
extern const struct source_kind source_local_path, source_local_mbox, source_local_maildir;

/* An mbox in memory (source_add_bytes): open's arg points to this. */
struct source_bytes_arg {
	const char *name;
	GBytes *bytes;
};
extern const struct source_kind source_local_bytes;

/* How an operand is named to the user: "standard input" for "-", else
 * itself (borrowed). */
const char *source_operand_name(const char *arg);

#endif
