/* mailinfo-private.h - what lib/mailinfo*.c share; not for other modules.
 *
 *   mailinfo.c         the walk: header block, body, MIME parts, in-body
 *                      headers, scissors, the message/patch split, info
 *   mailinfo-decode.c  RFC 2047 words, quoted-printable and base64 lines,
 *                      charset conversion (GMime, GLib), git's rules for
 *                      which bytes take part
 *   mailinfo-fields.c  From: parsing, Subject cleanup, scissors and
 *                      patch-break lines, blank squeezing
 */
#ifndef QUILL_MAILINFO_PRIVATE_H
#define QUILL_MAILINFO_PRIVATE_H

#include "mail/mailinfo.h"

/* The header fields mailinfo keeps, in the order of the info block. */
enum { MI_FROM, MI_SUBJECT, MI_DATE, MI_NFIELDS };

/* git supports four nested multipart levels (its stack has five slots,
 * the first meaning "not multipart"). */
#define MI_BOUNDARY_SLOTS 5

enum mi_encoding { MI_TE_NONE, MI_TE_QP, MI_TE_BASE64 };

/* The input, read as git reads it through stdio: once a read has hit the
 * end, every later read fails and leaves the caller's line as it was. */
struct mi_reader {
	const char *p, *end;
	gboolean eof;
};

struct mi {
	const struct mailinfo_options *o;
	struct mi_reader in;
	GString *main_hdr[MI_NFIELDS];	/* from the mail's (and parts') headers; NULL: unseen */
	GString *body_hdr[MI_NFIELDS];	/* from in-body header lines; NULL: unseen */
	char *message_id;
	GString *charset;		/* of the current part's text, "" if none */
	enum mi_encoding encoding;
	GString *boundary[MI_BOUNDARY_SLOTS];	/* "--" + boundary; [0] stays NULL */
	int top;			/* the current boundary: 0 = not multipart */
	gboolean in_patch;		/* past the message/patch break */
	gboolean header_stage;		/* in-body headers may still come */
	GString *accum;			/* an in-body header being unfolded */
	GString *log;			/* the commit message */
	GString *patch;
	guint patch_lines;
	gboolean quoted_cr;		/* this part had a decoded CRLF */
	gboolean failed;		/* git's input error: stop reading the body */
	char *problem;			/* the first such error, for the caller */
};

/* Record an input error (the first message is kept); returns FALSE. */
gboolean mi_fail(struct mi *mi, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* git's isspace: space, tab, LF, CR (not VT, FF, nor any byte >= 0x80). */
static inline gboolean mi_isspace(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* ---- mailinfo-decode.c ---- */

/* Re-code buf from charset `from` to the output charset in place (nothing
 * to do with -n, with no or an empty `from`, or when both name the same
 * charset).  FALSE, after mi_fail, when the conversion is unknown or the
 * text does not convert. */
gboolean mi_recode(struct mi *mi, GString *buf, const char *from);

/* Decode the RFC 2047 words of a header value in place.  A word that does
 * not parse or convert leaves the value as it was and marks the input bad
 * (as git, which then exits 1). */
void mi_decode_header(struct mi *mi, GString *value);

/* One body line of a quoted-printable or base64 part, decoded (in place). */
void mi_decode_line(struct mi *mi, GString *line);

/* ---- mailinfo-fields.c ---- */

/* Every run of blanks becomes one space (git's cleanup_space). */
void mi_squeeze_space(GString *s);

/* Trim git's blanks at both ends. */
void mi_trim(GString *s);

/* mailinfo_parse_from on value[0..len), which may hold a NUL. */
void mi_parse_from_len(const char *value, gsize len, GString *name, GString *email);

/* Is line (a C string) the same "From <40 hex> Mon Sep 17 00:00:00 2001\n"
 * line git format-patch starts each patch with? */
gboolean mi_is_format_patch_separator(const char *line, gsize len);

#endif
