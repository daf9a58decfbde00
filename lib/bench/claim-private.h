/* claim-private.h - what the files of the claim module share: the tokens
 * claim-lex.c cuts a paragraph into, for claim-parse.c. */
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

#endif
