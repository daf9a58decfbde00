/* items-private.h - the phrase lists inside the items module, shared by
 * items-phrases.c (the file, matching) and items.c (the rules). */
#ifndef QUILL_REVIEW_ITEMS_PRIVATE_H
#define QUILL_REVIEW_ITEMS_PRIVATE_H

#include "review/items.h"

/* One pattern in the index: where in a sentence it may start is known
 * from its first character (see items_sentence_hits). */
struct items_entry {
	const char *pat;	/* without a leading '^' (borrowed from the lists) */
	guint lit;		/* its literal prefix: the characters before a '*' or '#' */
	guint32 bit;		/* its list's (items_hit_bit) */
};

struct review_phrases {
	/* per kind: normalised patterns (char *) */
	GPtrArray *phrase[REVIEW_KIND_COUNT];
	GPtrArray *except[REVIEW_KIND_COUNT];
	GPtrArray *key[REVIEW_KIND_COUNT];	/* trailer tokens as written */
	GPtrArray *unit;			/* results: units as written */
	/* every phrase and except, indexed once the file is read (GArray of
	 * struct items_entry, NULL when empty): by the first character of
	 * those that start at a word's start, of those that start anywhere,
	 * those starting with '*', and those anchored by '^' */
	GArray *at_word[256], *at_any[256], *star, *anchored;
};

/* The bit of a kind's phrases (except: its excepts) in items_sentence_hits. */
#define items_hit_bit(kind, except) ((guint32)1 << (2 * (kind) + !!(except)))

/* Of every kind's phrase and except lists, those that the normalised
 * sentence s holds a pattern of (items_hit_bit ORed); the same as
 * items_match on each pattern. */
guint32 items_sentence_hits(const struct review_phrases *ph, const char *s);

/* Whether hits (items_sentence_hits) make the sentence KIND's: one of its
 * phrases and none of its excepts. */
static inline gboolean items_hits_kind(guint32 hits, enum review_kind kind)
{
	return (hits & items_hit_bit(kind, FALSE)) && !(hits & items_hit_bit(kind, TRUE));
}

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
