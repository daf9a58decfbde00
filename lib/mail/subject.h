/* subject.h - what a patch mail's subject line says about it.
 *
 *   "Re: [linux-mm] [RFC PATCH net-next v2 3/5] mm: fix the thing"
 *    |    |          |   |     |        |  |   `- text
 *    |    |          |   |     |        |  `----- index 3 of total 5
 *    |    |          |   |     |        `-------- version 2
 *    |    |          |   |     `----------------- other prefix words
 *    |    |          |   `----------------------- the patch keyword
 *    |    |          `--------------------------- flag RFC
 *    |    `-------------------------------------- a list tag
 *    `------------------------------------------- reply marker
 *
 * What is recognised, at the start of the subject, in any order and
 * repeated: reply and forward markers (Re:, Aw:, Sv:, Antw:, Fwd:, Fw:, in
 * any case, "Re[2]:" too) and bracket groups.  A bracket is a patch bracket
 * when one of its words (split on spaces and commas) is PATCH (PATCHv2 and
 * PATCH-v2 carry a version), RFC (RFCv2 too), RESEND, a version vN / VN, or
 * a counter n/N or "n of N" (Mercurial); any other bracket is a list tag.
 * The version is also taken from "(vN)" in the text when no bracket gave
 * one.  Unlike patchwork, "[PATCHv2 1/3]" is version 2 (as b4 reads it).
 *
 * Plain C, one pass, no regex: this runs once per message of a mailbox.
 */
#ifndef QUILL_SUBJECT_H
#define QUILL_SUBJECT_H

#include <glib.h>

enum subject_flag {
	SUBJECT_PATCH = 1 << 0,		/* the word PATCH (PATCHv2, Patch, ...) */
	SUBJECT_RFC = 1 << 1,
	SUBJECT_RESEND = 1 << 2,
};

struct subject {
	gboolean reply;		/* a reply marker (Re:, Aw:, Sv:, Antw:) was stripped */
	gboolean forward;	/* a forward marker (Fwd:, Fw:) was stripped */
	gboolean is_patch;	/* a patch bracket was found */
	int version;		/* 1 when the subject names none */
	gboolean version_given;	/* the subject named the version */
	int index;		/* n of n/N; 0 for a cover letter (0/N) and when unnumbered */
	int total;		/* N of n/N; 0 when unnumbered */
	unsigned flags;		/* enum subject_flag */
	char *prefixes;		/* the patch brackets' other words, space-separated, as
				 * written ("net-next", "5.10"); "" when none */
	char *tags;		/* the list tags' contents, space-separated ("linux-mm") */
	char *text;		/* the subject after the markers and brackets, trimmed */
	char *normalised;	/* text for grouping: whitespace runs made one space, ASCII
				 * lower case, a "(vN)" dropped (so versions compare equal) */
};

/* Parse s[0..len) (len < 0: NUL-terminated; decoded, unfolded UTF-8 is
 * expected, any bytes are taken).  Never fails.  The strings in *out are
 * new (the caller owns them): release with subject_clear. */
void subject_parse(struct subject *out, const char *s, gssize len);

/* Free the strings of a parsed subject and zero it (NULL is fine). */
void subject_clear(struct subject *sub);

/* Whether the subject numbers a series (total > 0). */
static inline gboolean subject_numbered(const struct subject *sub)
{
	return sub->total > 0;
}

#endif
