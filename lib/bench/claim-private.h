/* claim-private.h - what the files of the claim module share: the tokens
 * claim-lex.c cuts a paragraph into, for claim-parse.c; what claim-data.c
 * takes from the benchmarks. */
#ifndef QUILL_CLAIM_PRIVATE_H
#define QUILL_CLAIM_PRIVATE_H

#include "bench/claim.h"

enum claim_tok_kind {
	TOK_NUM,	/* a number where a word starts */
	TOK_UNIT,	/* the unit right after a number */
	TOK_PCT,	/* "%" or "percent" */
	TOK_X,		/* the "x" / "×" of a factor */
	TOK_WORD,	/* a word (lower-case in `word`); "~" for ~ and ≈ */
	TOK_ARROW,	/* ->, -->, =>, →, ⇒ */
	TOK_END,	/* the end of a sentence: . ! ? ; before a blank, or the
			   mark of a list item at the start of a line */
	TOK_PUNCT,	/* any other mark: , ( ) : ... */
	TOK_SKIP,	/* what is no number: 1/3, 5.10.2, 0x1f, v2, URLs, <addr>, `code` */
};

struct claim_tok {
	enum claim_tok_kind kind;
	gsize start, end;	/* in the text */
	guint sentence;		/* which sentence of the paragraph */
	/* TOK_NUM */
	double value;
	int decimals, zeros;
	int sign;		/* -1, +1 written; 0 none */
	/* TOK_WORD, TOK_UNIT (the canonical unit), TOK_PUNCT (the mark) */
	char word[24];
	char unit_text[24];	/* TOK_UNIT: as printed */
};

/* The tokens of text[start, end) (one paragraph), appended to `out`
 * (struct claim_tok).  `units`: canonical units of the data that count as
 * units beside bench.h's (may be NULL). */
void claim_lex(const char *text, gsize start, gsize end, const GPtrArray *units, GArray *out);

/* The number at token i (its unit from token i + 1) as a claim's number,
 * with that bound (claim-parse.c); n owns its strings. */
void claim_num_from(struct claim_num *n, GArray *toks, guint i, enum claim_bound bound);

/* ---- claim-data.c ---- */

/* The units of the data that are not bench.h's; the names of its metrics,
 * each once.  New arrays of strings borrowed from benches. */
GPtrArray *claim_data_units(const GPtrArray *benches);
GPtrArray *claim_data_keys(const GPtrArray *benches);

/* The line text[from, le) (its line starts at ls) as a quoted "key: value
 * [unit]" line of the data, the key one of `keys`: a claim of its own
 * (caller owns; its line is the caller's to set), or NULL. */
struct claim *claim_kv_line(const char *text, gsize ls, gsize from, gsize le,
			    const GPtrArray *keys, const GPtrArray *units);

#endif
