/* items-private.h - the phrase lists inside the items module, shared by
 * items-phrases.c (the file, matching) and items.c (the rules). */
#ifndef QUILL_REVIEW_ITEMS_PRIVATE_H
#define QUILL_REVIEW_ITEMS_PRIVATE_H

#include "review/items.h"

struct review_phrases {
	/* per kind: normalised patterns (char *) */
	GPtrArray *phrase[REVIEW_KIND_COUNT];
	GPtrArray *except[REVIEW_KIND_COUNT];
	GPtrArray *key[REVIEW_KIND_COUNT];	/* trailer tokens as written */
	GPtrArray *unit;			/* results: units as written */
};

/* text[0..len) lowered (ASCII), white space runs made one space and
 * trimmed, curly apostrophes made straight, contractions spelled out
 * ("didn't" -> "did not", "I'll" -> "i will"; caller owns). */
char *items_normalise(const char *text, gsize len);

/* Whether the normalised sentence s holds pattern pat (see
 * review-phrases.conf: '*', '#', a leading '^', word boundaries). */
gboolean items_match(const char *pat, const char *s);

/* Whether s (normalised) holds one of KIND's phrases and none of its
 * excepts. */
gboolean items_kind_matches(const struct review_phrases *ph, enum review_kind kind,
			    const char *s);

/* Whether key[0..len) is one of KIND's trailer keys (ignoring case). */
gboolean items_is_key(const struct review_phrases *ph, enum review_kind kind, const char *key,
		      gsize len);

#endif
