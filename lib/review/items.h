/* items.h - the review items of one reply, found by explicit rules.
 *
 * The rules read the reply's own lines (message_body's OWN and TRAILER
 * lines: never quoted text alone, never the signature, never a patch),
 * each together with the quoted lines just above it that it answers.  The
 * phrases behind each rule are data: review-phrases.conf (git-config
 * syntax, one [kind "NAME"] section per kind, loaded through
 * resources), so they can be read, tested and extended without C.
 *
 * Kinds, in the order a line is tried:
 *   trailer            a Reviewed-by/Acked-by/Tested-by/Reported-by/
 *                      Suggested-by line in the reply's own text whose
 *                      person is the sender (else it is a comment: one does
 *                      not give trailers for somebody else)
 *   nak                Nacked-by, a "NAK" line
 *   trailer-objection  the sender is the person of a trailer of the patch
 *                      answered (credits), or of one quoted just above, and
 *                      the text declines or disputes it
 *   results            "Key: value unit" lines, tables of numbers
 *   promise            the series author says what the next version does
 *   change-request     "please ...", "should be", "drop this", ...
 *   question           a sentence ending in '?' or asking by its phrasing
 *   comment            the reply's remaining own text, one item per reply
 *                      when no other item was found
 */
#ifndef QUILL_REVIEW_ITEMS_H
#define QUILL_REVIEW_ITEMS_H

#include <glib.h>

#include "mail/message-body.h"
#include "review/review.h"

struct review_phrases;

/* Parse a phrase file (text[0..len), named `where` in errors: "FILE:LINE:
 * ..." QUILL_ERROR_INPUT).  Free with review_phrases_free. */
gboolean review_phrases_parse(struct review_phrases **out, const char *text, gsize len,
			      const char *where, GError **error);
void review_phrases_free(struct review_phrases *ph);

/* The built-in phrase list (the embedded review-phrases.conf; parsed once,
 * never freed: borrowed). */
const struct review_phrases *review_phrases_default(void);

/* One reply, as the rules see it (all borrowed). */
struct review_mail {
	const char *msgid;		/* without <> */
	const char *from;		/* "Name <address>" */
	const char *date;		/* ISO 8601 UTC, or NULL */
	const char *link;		/* to the reply */
	int version, patch;		/* what it answers (patch 0 = cover) */
	const struct message_body *body;	/* decoded, lines classified */
	gboolean from_author;		/* sent by the series author */
	/* the person trailers of the patch (or cover) answered, as
	 * "Suggested-by: Name <addr>", NULL-terminated; NULL: none known */
	const char *const *credits;
};

/* Append the items of reply m to items (struct review_item*, the array's
 * own: it should free with review_item_free), each with id, kind, author,
 * date, msgid, link, version, patch, text, quoted, trailer and status
 * open.  Returns how many were appended. */
guint review_extract(const struct review_phrases *ph, const struct review_mail *m,
		     GPtrArray *items);

#endif
