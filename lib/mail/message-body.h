/* message-body.h - one mail's body: the text decoded to UTF-8 through GMime,
 * each line classified (own, quoted, signature, patch, trailer), the
 * attachments listed; and a structural check of a message for tools that
 * split or copy mailboxes.
 *
 * Part of the `message` module (message.h is its header fast path).  The
 * decoding is GMime's: the MIME structure, quoted-printable and base64,
 * charsets (through GMime's iconv), CRLF; only RFC 3676 format=flowed and
 * the line classification are done here.
 *
 * g_mime_init() must have been called (cmd/main.c does).
 */
#ifndef QUILL_MESSAGE_BODY_H
#define QUILL_MESSAGE_BODY_H

#include <glib.h>

#include "core/warn.h"
#include "mail/message.h"

enum message_line_kind {
	MESSAGE_LINE_OWN,	/* the writer's own text */
	MESSAGE_LINE_BLANK,	/* an empty (or all-whitespace) line outside patch and signature */
	MESSAGE_LINE_QUOTED,	/* "> ...", with its depth */
	MESSAGE_LINE_SIGNATURE,	/* the "-- " line and what follows it */
	MESSAGE_LINE_PATCH,	/* from "---", "diff --git", "--- a" + "+++ b" or "Index:" to the end */
	MESSAGE_LINE_TRAILER,	/* "Key: value" in the last paragraph before patch or signature */
};

struct message_line {
	gsize offset;		/* into message_body.text */
	gsize len;		/* without the newline */
	enum message_line_kind kind;
	guint depth;		/* quote depth: ">" 1, "> >" and ">>" 2; 0 unless QUOTED */
};

struct message_attachment {
	char *filename;		/* decoded (RFC 2231/2047), or NULL when none is given */
	char *content_type;	/* "type/subtype", as GMime reports it */
	gsize size;		/* bytes after undoing the transfer encoding */
};

struct message_body {
	char *text;		/* UTF-8 (valid), LF line ends (a last one too), NUL-terminated, no NUL inside */
	gsize text_len;
	GArray *lines;		/* struct message_line, one per line of text */
	GArray *attachments;	/* struct message_attachment, in MIME order */
	gboolean html;		/* there was no text/plain part: text is a text/html part's source */
	gboolean flowed;	/* a part was format=flowed and has been joined */
};

/* Decode the body of m (the message's bytes, mbox escaping already undone:
 * see mbox_unescape).  The text is the message's text/plain part, or its
 * text/plain parts one after the other for a multipart (in an alternative
 * the text/plain one; a text/html one only when there is no text/plain at
 * all, with ->html set); every other leaf part is an attachment, listed and
 * not decoded into the text.  A broken MIME structure, an unknown charset or
 * bytes that are not in the declared charset do not fail: what could be
 * decoded is returned, and warn (may be NULL) is called with payload once
 * for each thing that was wrong, as it is met: one line about this message
 * without its location (the caller knows which message it is), each line
 * once, at most 20 and then, at the end, "one more problem not listed" or
 * "more problems not listed".
 *
 * NULL with *error set (QUILL_ERROR_INPUT) only when the message is too large
 * for GMime (2 GiB and up).  The result is the caller's (message_body_free);
 * it does not point into m, which may go first. */
struct message_body *message_body_decode(const struct message *m, warn_fn warn, void *payload,
					 GError **error);
void message_body_free(struct message_body *body);

/* The lines of text[0..len) classified, as message_body_decode does
 * (caller owns the GArray of struct message_line; offsets into text). */
GArray *message_classify_lines(const char *text, gsize len);

/* RFC 3676: text[0..len) with soft line breaks (a line ending in a space)
 * joined, space-stuffing removed, quote marks kept as ">" per level followed
 * by one space; with delsp the space before a soft break goes too.  The
 * signature separator "-- " is never joined.  Caller owns (g_free). */
char *message_unflow(const char *text, gsize len, gboolean delsp, gsize *len_out);

/* "own", "blank", "quoted", "signature", "patch", "trailer" (static). */
const char *message_line_kind_name(enum message_line_kind kind);

/* What is wrong with m as a mail, for a tool that copies mailboxes: one
 * line per problem (empty array when none; caller owns, g_ptr_array_unref).
 * *not_mail is set when the bytes are no mail at all (empty, or not one
 * header field), which a caller would rather skip than keep.  Looks at the
 * header block only, plus the whole message for NUL bytes. */
GPtrArray *message_check(const struct message *m, gboolean *not_mail);

#endif
