/* claim-lex.c - a paragraph of prose cut into the tokens claim-parse.c
 * reads: numbers (only where a word starts), their units, "%", "x",
 * words, arrows, sentence ends; what only looks like a number (1/3,
 * 5.10.2, 2024-01-05, 0x1f, v2, x86_64) is one token to skip. */
#include "bench/claim-private.h"

#include <stdlib.h>
#include <string.h>

/* UTF-8 sequences that are marks, not letters. */
enum mark {
	M_NONE, M_SPACE, M_ARROW, M_TIMES, M_MINUS, M_PLUSMINUS, M_APPROX, M_DASH, M_QUOTE, M_BULLET
};

static const struct {
	const char *seq;
	enum mark mark;
} marks[] = {
	{ "\xc2\xa0", M_SPACE },	/* no-break space */
	{ "\xe2\x80\x89", M_SPACE },	/* thin space */
	{ "\xe2\x80\xaf", M_SPACE },	/* narrow no-break space */
	{ "\xe2\x86\x92", M_ARROW },	/* → */
	{ "\xe2\x87\x92", M_ARROW },	/* ⇒ */
	{ "\xe2\x9f\xb6", M_ARROW },	/* ⟶ */
	{ "\xc3\x97", M_TIMES },	/* × */
	{ "\xe2\x88\x92", M_MINUS },	/* − */
	{ "\xc2\xb1", M_PLUSMINUS },	/* ± */
	{ "\xe2\x89\x88", M_APPROX },	/* ≈ */
	{ "\xe2\x88\xbc", M_APPROX },	/* ∼ */
	{ "\xe2\x80\x93", M_DASH },	/* – */
	{ "\xe2\x80\x94", M_DASH },	/* — */
	{ "\xe2\x80\x9c", M_QUOTE },	/* “ */
	{ "\xe2\x80\x9d", M_QUOTE },	/* ” */
	{ "\xe2\x80\x98", M_QUOTE },	/* ‘ */
	{ "\xe2\x80\x99", M_QUOTE },	/* ’ */
	{ "\xe2\x80\xa6", M_DASH },	/* … */
	{ "\xe2\x80\xa2", M_BULLET },	/* • */
};

static enum mark mark_at(const char *p, const char *end, gsize *len)
{
	for (gsize i = 0; i < G_N_ELEMENTS(marks); i++) {
		gsize n = strlen(marks[i].seq);

		if ((gsize)(end - p) >= n && !memcmp(p, marks[i].seq, n)) {
			*len = n;
			return marks[i].mark;
		}
	}
	*len = 0;
	return M_NONE;
}

static gboolean is_blank(const char *p, const char *end, gsize *len)
{
	if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') {
		*len = 1;
		return TRUE;
	}
	return mark_at(p, end, len) == M_SPACE;
}

/* A letter of a word: ASCII letters, and any UTF-8 that is not a mark. */
static gsize letter_len(const char *p, const char *end)
{
	gsize n;

	if (g_ascii_isalpha(*p))
		return 1;
	if ((unsigned char)*p < 0x80 || mark_at(p, end, &n) != M_NONE)
		return 0;
	n = 1;
	while (p + n < end && ((unsigned char)p[n] & 0xc0) == 0x80)
		n++;
	return n;
}

static gboolean word_char(const char *p, const char *end, gsize *len)
{
	if (g_ascii_isalnum(*p) || *p == '_') {
		*len = 1;
		return TRUE;
	}
	*len = letter_len(p, end);
	return *len > 0;
}

static void push(GArray *out, enum claim_tok_kind kind, gsize start, gsize end)
{
	struct claim_tok t;

	memset(&t, 0, sizeof(t));
	t.kind = kind;
	t.start = start;
	t.end = end;
	g_array_append_val(out, t);
}

static struct claim_tok *last(GArray *out)
{
	return &g_array_index(out, struct claim_tok, out->len - 1);
}

static void copy_word(char *dst, gsize size, const char *s, gsize n)
{
	gsize k = MIN(n, size - 1);

	for (gsize i = 0; i < k; i++)
		dst[i] = g_ascii_tolower(s[i]);
	dst[k] = '\0';
}

/* Is text [p, p + n) a unit: one of bench.h's with a dimension, or one of
 * the data's?  *canon gets the canonical spelling (caller owns). */
static gboolean unit_word(const char *p, gsize n, const GPtrArray *units, char **canon)
{
	char *w = g_strndup(p, n), *c;

	if (!strcmp(w, "x") || !strcmp(w, "X")) {
		g_free(w);
		return FALSE;
	}
	c = bench_unit_canonical(w);
	g_free(w);
	if (bench_unit_dimension(c, NULL)) {
		*canon = c;
		return TRUE;
	}
	for (guint i = 0; units && i < units->len; i++)
		if (!strcmp(c, g_ptr_array_index(units, i))) {
			*canon = c;
			return TRUE;
		}
	g_free(c);
	return FALSE;
}

/* The longest unit starting at p: letters, then optionally "/" and more
 * letters (ops/s); 0 when there is none. */
static gsize unit_at(const char *p, const char *end, const GPtrArray *units, char **canon)
{
	gsize n = 0, l, best = 0;

	while (p + n < end && (l = letter_len(p + n, end)))
		n += l;
	if (!n)
		return 0;
	if (unit_word(p, n, units, canon))
		best = n;
	if (p + n < end && p[n] == '/') {
		gsize m = n + 1;
		char *c2 = NULL;

		while (p + m < end && (l = letter_len(p + m, end)))
			m += l;
		if (m > n + 1 && unit_word(p, m, units, &c2)) {
			if (best)
				g_free(*canon);
			*canon = c2;
			best = m;
		}
	}
	/* a unit ends a word: "msec" yes, "mss" no */
	if (best && p + best < end && (g_ascii_isalnum(p[best]) || p[best] == '_')) {
		g_free(*canon);
		return 0;
	}
	return best;
}

/* Skip a run of characters that make up a word with digits, a version, a
 * date or a fraction: [A-Za-z0-9_.:/-] and letters. */
static gsize skip_run(const char *p, const char *end)
{
	gsize n = 0, l;

	while (p + n < end) {
		char c = p[n];

		if (g_ascii_isalnum(c) || c == '_' || c == '/' || c == ':' || c == '-' ||
		    ((c == '.' || c == ',') && p + n + 1 < end && g_ascii_isalnum(p[n + 1])))
			n++;
		else if ((l = letter_len(p + n, end)))
			n += l;
		else if (mark_at(p + n, end, &l) == M_DASH && p + n + l < end &&
			 g_ascii_isdigit(p[n + l]))
			n += l;
		else
			break;
	}
	return n ? n : 1;
}

/* A number at p (digits; a sign was seen before it by the caller).
 * Returns its length, or 0 when it is part of something else (then the
 * caller skips a run). */
static gsize number_at(const char *p, const char *end, struct claim_tok *t)
{
	gsize n = 0, first;
	GString *digits = g_string_new(NULL);
	gsize l;

	while (p + n < end && g_ascii_isdigit(p[n]))
		g_string_append_c(digits, p[n++]);
	first = n;
	/* 70,190 and 1,234,567: groups of three after a first group of 1 to 3 */
	while (first <= 3 && p + n + 3 < end && p[n] == ',' && g_ascii_isdigit(p[n + 1]) &&
	       g_ascii_isdigit(p[n + 2]) && g_ascii_isdigit(p[n + 3]) &&
	       (p + n + 4 == end || !g_ascii_isdigit(p[n + 4]))) {
		g_string_append_len(digits, p + n + 1, 3);
		n += 4;
	}
	t->decimals = 0;
	if (p + n + 1 < end && p[n] == '.' && g_ascii_isdigit(p[n + 1])) {
		g_string_append_c(digits, '.');
		n++;
		while (p + n < end && g_ascii_isdigit(p[n])) {
			g_string_append_c(digits, p[n++]);
			t->decimals++;
		}
	}
	/* what follows at once decides whether this was a number */
	if (p + n < end) {
		char c = p[n];

		if (((c == '.' || c == '/' || c == ':' || c == '-' || c == ',') && p + n + 1 < end &&
		     g_ascii_isdigit(p[n + 1])) ||
		    c == '_' ||
		    (mark_at(p + n, end, &l) == M_DASH && p + n + l < end && g_ascii_isdigit(p[n + l]))) {
			g_string_free(digits, TRUE);
			return 0;
		}
	}
	t->value = g_ascii_strtod(digits->str, NULL);
	t->zeros = 0;
	if (!t->decimals)
		for (gsize i = digits->len; i > 1 && digits->str[i - 1] == '0'; i--)
			t->zeros++;
	g_string_free(digits, TRUE);
	return n;
}

/* After a number that ends at q: a unit, "%" or "x", at once or after one
 * blank; pushes what it finds and returns the new position. */
static const char *after_number(const char *text, const char *q, const char *end,
				const GPtrArray *units, GArray *out, gboolean *bad)
{
	const char *u = q;
	gsize l;
	char *canon = NULL;

	*bad = FALSE;
	if (u < end && is_blank(u, end, &l) && *u != '\n')
		u += l;
	if (u < end && *u == '%') {
		push(out, TOK_PCT, (gsize)(u - text), (gsize)(u - text) + 1);
		return u + 1;
	}
	if (u < end && mark_at(u, end, &l) == M_TIMES) {
		push(out, TOK_X, (gsize)(u - text), (gsize)(u - text) + l);
		return u + l;
	}
	if (u == q && u < end && (*u == 'x' || *u == 'X') &&
	    (u + 1 == end || !word_char(u + 1, end, &l))) {
		push(out, TOK_X, (gsize)(u - text), (gsize)(u - text) + 1);
		return u + 1;
	}
	if (u < end && (l = unit_at(u, end, units, &canon))) {
		struct claim_tok *t;

		push(out, TOK_UNIT, (gsize)(u - text), (gsize)(u - text) + l);
		t = last(out);
		g_strlcpy(t->word, canon, sizeof(t->word));
		/* not g_strlcpy: the text need not end in a NUL after the unit */
		memcpy(t->unit_text, u, MIN(l, sizeof(t->unit_text) - 1));
		t->unit_text[MIN(l, sizeof(t->unit_text) - 1)] = '\0';
		g_free(canon);
		return u + l;
	}
	/* letters glued to the number that are no unit: 64bit, 0x1f, 2nd */
	if (u == q && u < end && word_char(u, end, &l))
		*bad = TRUE;
	return q;
}

/* Where the closing mark c is on the same line, or NULL. */
static const char *close_on_line(const char *p, const char *end, char c)
{
	for (; p < end && *p != '\n'; p++)
		if (*p == c)
			return p;
	return NULL;
}

/* A number at p + sl (sl: the length of its sign, `sign`), with what
 * follows it; or, when it is part of something else, one TOK_SKIP.
 * Returns where lexing goes on. */
static const char *lex_number(const char *text, gsize start, const char *p, gsize sl, int sign,
			      const char *end, const GPtrArray *units, GArray *out)
{
	gsize at = (gsize)(p - text), n;
	char prev = p > text + start ? p[-1] : ' ';
	guint before = out->len;
	struct claim_tok t;

	memset(&t, 0, sizeof(t));
	n = !sl && prev && strchr("._/:#@$=\\", prev) ? 0 : number_at(p + sl, end, &t);
	if (n) {
		const char *q;
		gboolean bad;

		t.kind = TOK_NUM;
		t.start = at;
		t.end = at + sl + n;
		t.sign = sign;
		g_array_append_val(out, t);
		q = after_number(text, p + sl + n, end, units, out, &bad);
		if (!bad)
			return q;
		g_array_set_size(out, before);
	}
	n = skip_run(p + sl, end);
	push(out, TOK_SKIP, at, at + sl + n);
	return p + sl + n;
}

/* Does a line start at p (only blanks before it on its line, or the start
 * of the paragraph)? */
static gboolean line_start(const char *text, gsize start, const char *p)
{
	while (p > text + start && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	return p == text + start || p[-1] == '\n';
}

/* The length of a list item's mark at p, at the start of a line: "- ",
 * "* ", "+ ", "• ", "1. ", "2) " (the blank not included); 0 for none. */
static gsize list_mark(const char *text, gsize start, const char *p, const char *end)
{
	gsize n = 0, l;

	if (!line_start(text, start, p))
		return 0;
	if (*p == '-' || *p == '*' || *p == '+')
		n = 1;
	else if (mark_at(p, end, &l) == M_BULLET)
		n = l;
	else {
		while (n < 3 && p + n < end && g_ascii_isdigit(p[n]))
			n++;
		if (!n || p + n >= end || (p[n] != '.' && p[n] != ')'))
			return 0;
		n++;
	}
	return p + n < end && (p[n] == ' ' || p[n] == '\t') ? n : 0;
}

/* The length of the sign at p when a signed number starts there (a sign
 * where a word starts, then a digit), else 0; m, ml: the mark at p. */
static gsize sign_at(const char *text, gsize start, const char *p, const char *end, enum mark m,
		     gsize ml)
{
	gsize sl = m == M_MINUS ? ml : 1;

	if (!(*p == '+' || *p == '-' || m == M_MINUS) || p + sl >= end ||
	    !g_ascii_isdigit(p[sl]))
		return 0;
	if (p == text + start || (p[-1] && strchr(" \t\n([", p[-1])) ||
	    (p - 2 >= text + start && (unsigned char)p[-1] == 0xa0))
		return sl;
	return 0;
}

/* An arrow, "~", a spread (±2.5%) or a span skipped whole (<addr>,
 * `code`, ("title")) at p, m and ml its mark: pushed, and where lexing
 * goes on; NULL when p holds none of them. */
static const char *lex_mark(const char *text, const char *p, const char *end, enum mark m,
			    gsize ml, GArray *out)
{
	gsize at = (gsize)(p - text);
	const char *q;

	if (m == M_ARROW || (*p == '-' && p + 1 < end && p[1] == '>') ||
	    (*p == '=' && p + 1 < end && p[1] == '>') ||
	    (*p == '-' && p + 2 < end && p[1] == '-' && p[2] == '>')) {
		gsize n = m == M_ARROW ? ml : p[1] == '-' ? 3 : 2;

		push(out, TOK_ARROW, at, at + n);
		return p + n;
	}
	if (m == M_APPROX || *p == '~') {
		push(out, TOK_WORD, at, at + (m == M_APPROX ? ml : 1));
		strcpy(last(out)->word, "~");
		return p + (m == M_APPROX ? ml : 1);
	}
	if (m == M_PLUSMINUS || (*p == '+' && p + 1 < end && p[1] == '-') ||
	    (*p == '+' && p + 2 < end && p[1] == '/' && p[2] == '-')) {
		/* ±2.5%: a spread, no claim */
		const char *r = p + (m == M_PLUSMINUS ? ml : p[1] == '/' ? 3 : 2);

		while (r < end && (*r == ' ' || g_ascii_isdigit(*r) || *r == '.' || *r == '%'))
			r++;
		push(out, TOK_SKIP, at, (gsize)(r - text));
		return r;
	}
	if (*p == '<' && (q = close_on_line(p + 1, end, '>')) && q > p + 1 &&
	    !memchr(p + 1, ' ', (gsize)(q - p - 1)))
		q++;
	else if (*p == '`' && (q = memchr(p + 1, '`', (gsize)(end - p - 1))))
		q++;
	else if (*p == '(' && p + 1 < end && p[1] == '"' &&
		 (q = g_strstr_len(p + 2, end - p - 2, "\")")))
		q += 2;
	else
		return NULL;
	push(out, TOK_SKIP, at, (gsize)(q - text));
	return q;
}

/* A word at p (letters, digits, _ - ' inside): a TOK_WORD ("percent": a
 * TOK_PCT), or skipped when it holds a digit or starts a URL.  Returns
 * where lexing goes on. */
static const char *lex_word(const char *text, const char *p, const char *end, GArray *out)
{
	gsize at = (gsize)(p - text), l;
	const char *w = p;
	gboolean digit = FALSE;

	while (p < end) {
		if (word_char(p, end, &l)) {
			digit |= g_ascii_isdigit(*p);
			p += l;
		} else if ((*p == '-' || *p == '\'') && p + 1 < end && word_char(p + 1, end, &l)) {
			p++;
		} else {
			break;
		}
	}
	if (p + 2 < end && !memcmp(p, "://", 3)) {
		while (p < end && !is_blank(p, end, &l))
			p++;
		push(out, TOK_SKIP, at, (gsize)(p - text));
	} else if (digit) {
		p = w + skip_run(w, end);
		push(out, TOK_SKIP, at, (gsize)(p - text));
	} else {
		push(out, TOK_WORD, at, (gsize)(p - text));
		copy_word(last(out)->word, sizeof(last(out)->word), w, (gsize)(p - w));
		if (!strcmp(last(out)->word, "percent"))
			last(out)->kind = TOK_PCT;
	}
	return p;
}

/* One token at p, a blank or a list mark passed over first: pushed, and
 * where lexing goes on. */
static const char *lex_one(const char *text, gsize start, const char *p, const char *end,
			   const GPtrArray *units, GArray *out)
{
	gsize at = (gsize)(p - text), l, ml, sl;
	enum mark m;
	const char *q;
	gboolean ends;

	if (is_blank(p, end, &l))
		return p + l;
	/* a list item ends the sentence before it, as a full stop would */
	if ((l = list_mark(text, start, p, end))) {
		push(out, TOK_END, at, at + l);
		last(out)->word[0] = *p;
		return p + l;
	}
	m = mark_at(p, end, &ml);	/* ml: the mark's length */
	if ((sl = sign_at(text, start, p, end, m, ml)))
		return lex_number(text, start, p, sl, *p == '+' ? 1 : -1, end, units, out);
	if (g_ascii_isdigit(*p))
		return lex_number(text, start, p, 0, 0, end, units, out);
	if ((q = lex_mark(text, p, end, m, ml, out)))
		return q;
	if (word_char(p, end, &l) && !g_ascii_isdigit(*p))
		return lex_word(text, p, end, out);
	l = m != M_NONE ? ml : 1;
	ends = *p && strchr(".!?;", *p) && (p + 1 == end || is_blank(p + 1, end, &ml));
	push(out, ends ? TOK_END : TOK_PUNCT, at, at + l);
	last(out)->word[0] = *p;
	return p + l;
}

void claim_lex(const char *text, gsize start, gsize end_off, const GPtrArray *units, GArray *out)
{
	const char *p = text + start, *end = text + end_off;
	guint sentence = 0, done = out->len;

	for (;; ) {
		/* the tokens of the last step belong to the sentence so far */
		for (; done < out->len; done++) {
			struct claim_tok *t = &g_array_index(out, struct claim_tok, done);

			t->sentence = sentence;
			sentence += t->kind == TOK_END;
		}
		if (p >= end)
			break;
		p = lex_one(text, start, p, end, units, out);
	}
}
