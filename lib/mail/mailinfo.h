/* mailinfo.h - one patch mail split the way `git mailinfo` splits it: the
 * info block (Author, Email, Subject, Date), the commit message and the
 * patch.
 *
 * Which header counts, where the message ends and the patch starts, when
 * an in-body From: or Subject: wins, what a subject loses, how a multipart
 * mail is walked: those decisions are git's (2.39), written anew from its
 * manual, t5100's expected outputs and probes of git 2.39.5.  The decoding
 * under them (RFC 2047 words, quoted-printable, base64, charsets) is done by
 * GMime and GLib.
 *
 * Nothing here prints, exits or touches a file: the caller gets the three
 * outputs as strings and writes them (cmd/mail-info.c).
 */
#ifndef QUILL_MAILINFO_H
#define QUILL_MAILINFO_H

#include <glib.h>

#include "core/warn.h"

enum mailinfo_quoted_cr {
	MAILINFO_QUOTED_CR_WARN,	/* the default: say once per part */
	MAILINFO_QUOTED_CR_NOWARN,	/* keep the CRs, say nothing */
	MAILINFO_QUOTED_CR_STRIP,	/* decoded CRLF becomes LF */
};

struct mailinfo_options {
	gboolean keep_subject;		/* -k: print the Subject as it came */
	gboolean keep_brackets;		/* -b: drop only [...] holding "PATCH" */
	gboolean message_id;		/* -m: end the message with "Message-Id: ..." */
	gboolean scissors;		/* --scissors: a "-- >8 --" line restarts the message */
	gboolean inbody_headers;	/* FALSE: --no-inbody-headers */
	const char *charset;		/* re-code to this ("UTF-8" by default); NULL: -n (borrowed) */
	enum mailinfo_quoted_cr quoted_cr;
	/* Warnings ("quoted CRLF detected"), with warn_payload; NULL drops them. */
	warn_fn warn;
	void *warn_payload;
};

/* git's defaults: re-code to UTF-8, in-body headers on, no scissors. */
void mailinfo_options_init(struct mailinfo_options *o);

struct mailinfo_result {
	GString *info;		/* "Author: ..\nEmail: ..\nSubject: ..\nDate: ..\n\n" (what is known) */
	GString *msg;		/* the commit message */
	GString *patch;		/* from the first "---", "diff -" or "Index: " line on */
	/* Where git mailinfo would exit 1 after writing the same outputs (a
	 * header word that does not decode, a charset iconv does not know, a
	 * NUL in a header): what went wrong, else NULL.  The outputs are
	 * complete either way. */
	char *problem;
};

/* Split the mail data[0..len) (the raw message, as `git mailsplit` leaves
 * it: a leading "From " line is allowed).  FALSE with QUILL_ERROR_INPUT,
 * and *out left empty, when there is nothing to split: the input is empty
 * or blank (git: "empty patch"), or it does not start with a header field
 * (not mail).  Otherwise TRUE and *out filled (see problem above); free
 * with mailinfo_result_clear. */
gboolean mailinfo_split(const char *data, gsize len, const struct mailinfo_options *o,
			struct mailinfo_result *out, GError **error);
void mailinfo_result_clear(struct mailinfo_result *r);

/* ---- the pieces (lib/mailinfo-fields.c), usable alone ---- */

/* The Subject as git prints it without -k: leading "Re:", ":", blanks and
 * [...] groups dropped (with keep_brackets only those holding "PATCH"),
 * blanks squeezed to single spaces, trimmed.  In place. */
void mailinfo_clean_subject(GString *subject, gboolean keep_brackets);

/* The author's name and address in a From: value (already unfolded and
 * decoded): "Name <addr>", "addr (Name)", quoted strings and comments;
 * the address stands in for a name that is empty, over 60 bytes or holds
 * '@', '<' or '>'.  Both are emptied first; both stay empty when no
 * address is found. */
void mailinfo_parse_from(const char *value, GString *name, GString *email);

/* A scissors line ("-- >8 --", "8<----- cut here"): marks and dashes
 * taking up most of the line (the C string line). */
gboolean mailinfo_is_scissors_line(const char *line);

/* A line where the patch starts: "diff -", "Index: ", "--- <name>", or
 * "---" followed by nothing but blanks up to the newline. */
gboolean mailinfo_is_patch_break(const char *line, gsize len);

#endif
