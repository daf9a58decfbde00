/* mbox.h - reading mail sources: an mbox file (mboxrd or mboxo), a Maildir,
 * a single message file, or standard input; and writing mboxrd.
 *
 * An mbox file is mapped into memory and scanned for "From " separator
 * lines; each message is handed out as a span into the mapping, so reading a
 * mailbox of several GB copies nothing.  Spans stay valid until mbox_close.
 * Unescaping ">From " lines is separate (mbox_unescape), done only for the
 * messages whose bodies someone reads.  Pages far behind the scan are given
 * back to the kernel as it goes (they come back from the page cache if a
 * span there is read again), so a mailbox's size is not its reader's.
 */
#ifndef QUILL_MBOX_H
#define QUILL_MBOX_H

#include <glib.h>

#include "core/warn.h"

enum mbox_format {
	MBOX_RD,	/* mboxrd: ">From ", ">>From " ... lose one '>' (lore, public-inbox, b4) */
	MBOX_O,		/* mboxo: only ">From " loses its '>' */
	MBOX_RAW,	/* nothing is unescaped (git mailsplit without --mboxrd) */
};

struct mbox_msg {
	const char *data;	/* the message as stored (still escaped); borrowed */
	gsize len;
	guint64 offset;		/* where data starts in the source file (0 for Maildir/.eml) */
	guint index;		/* 1-based position in the source */
	const char *from_line;	/* the "From ..." separator line without its newline, or NULL */
	gsize from_len;
	const char *path;	/* the file the message is in (borrowed) */
};

struct mbox;

/* Open PATH: "-" is standard input; a directory with cur/ or new/ is a
 * Maildir (messages in file-name order, new/ after cur/); a file that starts
 * with "From " is an mbox, and so is one that has a "From " separator line
 * after bytes that are not mail (a blank line, a UTF-8 BOM, text that is no
 * header): those are skipped, with one warning (mbox_set_warn); any other
 * file is one message.  QUILL_ERROR_USAGE
 * when PATH cannot be opened (naming it).  Free with mbox_close. */
gboolean mbox_open(struct mbox **out, const char *path, enum mbox_format format, GError **error);

/* The same over a buffer already in memory (an mbox a server answered):
 * BYTES (a reference is taken) is read as mbox_open reads a file; NAME is
 * what warnings call it.  Never fails; TRUE. */
gboolean mbox_open_bytes(struct mbox **out, const char *name, GBytes *bytes,
			 enum mbox_format format);

/* Where the warning about skipped leading bytes goes ("PATH: bytes 0-N
 * before the first "From " line are not mail; skipped"), said at the first
 * mbox_next; none when not set. */
void mbox_set_warn(struct mbox *mb, warn_fn warn, void *payload);

/* The next message: TRUE with *msg filled, FALSE at the end (or with *error
 * set when a Maildir file cannot be read; the caller may go on). */
gboolean mbox_next(struct mbox *mb, struct mbox_msg *msg, GError **error);

/* The name the source was opened with ("-" for standard input; borrowed). */
const char *mbox_name(const struct mbox *mb);

/* The format unescaping uses. */
enum mbox_format mbox_get_format(const struct mbox *mb);

void mbox_close(struct mbox *mb);

/* Split an mbox that is not read yet in two at a message start, for two
 * threads to read a half each: the first separator line at or after byte
 * `at` of the file, past the first message's own.  mb keeps the messages
 * before it; the mbox returned (caller owns: mbox_close it before mb, whose
 * mapping it reads) hands out those from it on, with the offsets of the
 * whole file and indexes counted from 1 again (add mbox_count of mb once
 * mb is read through).  Read one after the other, the two hand out what mb
 * alone would have.  NULL (mb unchanged) when there is no separator there,
 * mb is no mbox (a Maildir, one message) or was read from already. */
struct mbox *mbox_split_at(struct mbox *mb, gsize at);

/* Give no pages back behind the scan (see the top): for a reader that
 * reads the spans again soon after (a split's part, finished by another
 * thread), where giving them back costs a page fault a message. */
void mbox_keep_pages(struct mbox *mb);

/* How many bytes of the file or buffer mbox_next reads through (0 for a
 * Maildir): all of it, or up to the split for mbox_split_at's first part. */
gsize mbox_length(const struct mbox *mb);

/* How many messages mbox_next handed out so far. */
guint mbox_count(const struct mbox *mb);

/* The message with the mbox's ">From " escaping undone (caller owns, g_free;
 * *len_out gets the length).  The framing blank line is not part of it. */
char *mbox_unescape(const char *data, gsize len, enum mbox_format format, gsize *len_out);

/* TRUE when a line (without its newline) is an mbox separator: "From "
 * followed by an address and a date with a time, as git mailsplit decides. */
gboolean mbox_is_from_line(const char *line, gsize len);

/* Append a message to out as mboxrd: the separator line (from_line, or
 * "From mboxrd@z Thu Jan  1 00:00:00 1970" when NULL), the message with
 * ">*From " lines escaped, a final newline and the blank framing line. */
void mbox_append_rd(GString *out, const char *from_line, const char *data, gsize len);

#endif
