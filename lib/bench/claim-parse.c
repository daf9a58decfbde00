/* claim-parse.c - finding the claims of a text (see claim.h for the forms):
 * paragraphs cut into tokens (claim-lex.c), pairs and changes found in
 * them, a change attached to the pair beside it. */
#include "bench/claim-private.h"

#include <math.h>
#include <string.h>

#define TOK(i) (&g_array_index(toks, struct claim_tok, (i)))

static gboolean in_list(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(w, *list))
			return TRUE;
	return FALSE;
}

static const char *const down_words[] = {
	"reduced", "reduces", "reduce", "reducing", "reduction", "reductions", "decreased",
	"decreases", "decrease", "decreasing", "shrank", "shrinks", "shrink", "shrunk",
	"shrinking", "dropped", "drops", "drop", "cut", "cuts", "cutting", "lowered", "lowers",
	"lower", "saves", "saved", "save", "saving", "savings", "less", "fewer", "smaller",
	"shorter", "down", "trims", "trimmed", NULL
};
static const char *const up_words[] = {
	"increased", "increases", "increase", "increasing", "grew", "grows", "grow", "growing",
	"growth", "more", "larger", "bigger", "higher", "longer", "up", "raised", "raises",
	"rose", "rises", NULL
};
static const char *const better_words[] = {
	"faster", "quicker", "improved", "improves", "improve", "improving", "improvement",
	"improvements", "better", "speedup", "speed-up", "speedups", "sped", "speeds",
	"boost", "boosts", "gain", "gains", NULL
};
static const char *const worse_words[] = {
	"slower", "worse", "regressed", "regresses", "regression", "regressions", "slowdown",
	"slowed", "slows", "degraded", "degradation", "overhead", "penalty", NULL
};
/* the words after a number that say what changed: comparatives and nouns */
static const char *const after_words[] = {
	"faster", "slower", "quicker", "less", "more", "fewer", "smaller", "larger", "bigger",
	"lower", "higher", "better", "worse", "shorter", "longer", "reduction", "decrease",
	"increase", "improvement", "speedup", "speed-up", "slowdown", "regression", "drop",
	"gain", "growth", "saving", "savings", "overhead", "penalty", "boost", "cut", NULL
};
/* "N% of", "95% CI": shares and levels, not changes */
static const char *const not_after_pct[] = {
	"ci", "confidence", "of", "percentile", "quantile", "interval", "tail", "margin",
	"probability", "chance", "load", "utilization", "utilisation", "usage", "coverage", NULL
};
static const char *const noise_words[] = {
	"noise", "noisy", "insignificant", "negligible", "unchanged", "margin", NULL
};

static enum claim_dir dir_of(const char *w)
{
	if (in_list(w, down_words))
		return CLAIM_DIR_DOWN;
	if (in_list(w, up_words))
		return CLAIM_DIR_UP;
	if (in_list(w, better_words))
		return CLAIM_DIR_BETTER;
	if (in_list(w, worse_words))
		return CLAIM_DIR_WORSE;
	return CLAIM_DIR_NONE;
}

static gboolean is_word(GArray *toks, guint i, const char *w)
{
	return i < toks->len && TOK(i)->kind == TOK_WORD && !strcmp(TOK(i)->word, w);
}

static gboolean is_kind(GArray *toks, guint i, enum claim_tok_kind k)
{
	return i < toks->len && TOK(i)->kind == k;
}

/* The bound words right before token i ("about", "more than", "up to"):
 * the bound, and in *n how many tokens they take. */
static enum claim_bound bound_before(GArray *toks, guint i, guint *n)
{
	static const char *const about[] = { "about", "around", "roughly", "approximately",
					     "approx", "circa", "nearly", "almost", "~", "some",
					     NULL };
	const char *w1 = i >= 1 && is_kind(toks, i - 1, TOK_WORD) ? TOK(i - 1)->word : "";
	const char *w2 = i >= 2 && is_kind(toks, i - 2, TOK_WORD) ? TOK(i - 2)->word : "";

	*n = 2;
	if (!strcmp(w1, "than") && (!strcmp(w2, "more") || !strcmp(w2, "greater")))
		return CLAIM_AT_LEAST;
	if (!strcmp(w1, "least") && !strcmp(w2, "at"))
		return CLAIM_AT_LEAST;
	if (!strcmp(w1, "than") && (!strcmp(w2, "less") || !strcmp(w2, "fewer")))
		return CLAIM_AT_MOST;
	if ((!strcmp(w1, "to") && !strcmp(w2, "up")) || (!strcmp(w1, "most") && !strcmp(w2, "at")))
		return CLAIM_AT_MOST;
	*n = 1;
	if (in_list(w1, about))
		return CLAIM_ABOUT;
	if (!strcmp(w1, "over") || !strcmp(w1, "above"))
		return CLAIM_AT_LEAST;
	if (!strcmp(w1, "under") || !strcmp(w1, "below"))
		return CLAIM_AT_MOST;
	*n = 0;
	return CLAIM_EXACT;
}

static void copy_lower(char *dst, const char *s, gsize n)
{
	for (gsize i = 0; i < n; i++)
		dst[i] = g_ascii_tolower(s[i]);
	dst[n] = '\0';
}

/* A pair, or a change, found in the tokens. */
struct item {
	gboolean is_pair;
	guint first, last;	/* tokens [first, last] */
	guint sentence;
	struct claim_num a, b;	/* pair */
	gboolean unit;		/* pair: a unit on a side */
	enum claim_change change;
	struct claim_num amount;
	enum claim_dir dir;
	gboolean strong;	/* a change with a word or sign of its own */
	int attached;		/* the index of the other item, or -1 */
};

void claim_num_from(struct claim_num *n, GArray *toks, guint i, enum claim_bound bound)
{
	const struct claim_tok *t = TOK(i);

	memset(n, 0, sizeof(*n));
	n->value = t->sign < 0 ? -t->value : t->value;
	n->decimals = t->decimals;
	n->zeros = t->zeros;
	n->bound = bound;
	if (is_kind(toks, i + 1, TOK_UNIT)) {
		n->unit = g_strdup(TOK(i + 1)->word);
		n->unit_text = g_strdup(TOK(i + 1)->unit_text);
	}
}

static void num_clear(struct claim_num *n)
{
	g_free(n->unit);
	g_free(n->unit_text);
	memset(n, 0, sizeof(*n));
}

/* A pair starting with the number at token i; *next: the token after it.
 * Percentages in pairs are marked in `used` and give no item. */
static gboolean find_pair(GArray *toks, guint i, struct item *it, gboolean *used, guint *next)
{
	guint j = i + 1, k, nb, nb2 = 0, first;
	gboolean u1 = FALSE, u2 = FALSE, p1 = FALSE, p2 = FALSE, to = FALSE, from;
	enum claim_bound b1 = bound_before(toks, i, &nb), b2 = CLAIM_EXACT;

	if (is_kind(toks, j, TOK_UNIT))
		u1 = TRUE, j++;
	else if (is_kind(toks, j, TOK_PCT))
		p1 = TRUE, j++;
	else if (is_kind(toks, j, TOK_X))
		return FALSE;
	if (is_kind(toks, j, TOK_ARROW)) {
		j++;
	} else if (is_word(toks, j, "to")) {
		to = TRUE, j++;
	} else if ((is_word(toks, j, "down") || is_word(toks, j, "up")) && is_word(toks, j + 1, "to")) {
		to = TRUE, j += 2;
	} else {
		return FALSE;
	}
	/* "to about 215 ms" */
	if (is_kind(toks, j, TOK_WORD) && is_kind(toks, j + 1, TOK_NUM)) {
		b2 = bound_before(toks, j + 1, &nb2);
		if (nb2 == 1)
			j++;
		else
			b2 = CLAIM_EXACT;
	}
	if (!is_kind(toks, j, TOK_NUM))
		return FALSE;
	k = j;
	if (is_kind(toks, k + 1, TOK_UNIT))
		u2 = TRUE;
	else if (is_kind(toks, k + 1, TOK_PCT))
		p2 = TRUE;
	else if (is_kind(toks, k + 1, TOK_X))
		return FALSE;
	first = i - nb;
	from = first >= 1 && is_word(toks, first - 1, "from");
	if (p1 || p2) {
		for (guint t = i; t <= k + 1; t++)
			used[t] = TRUE;
		*next = k + 2;
		return FALSE;
	}
	if (to && !from && !u1 && !u2)
		return FALSE;
	if (u1 && u2 && bench_unit_convert(TOK(i + 1)->word, TOK(k + 1)->word) == 0)
		return FALSE;
	memset(it, 0, sizeof(*it));
	it->is_pair = TRUE;
	it->first = from ? first - 1 : first;
	it->last = u2 ? k + 1 : k;
	it->sentence = TOK(i)->sentence;
	it->unit = u1 || u2;
	it->attached = -1;
	claim_num_from(&it->a, toks, i, b1);
	claim_num_from(&it->b, toks, k, b2);
	if (!it->a.unit && it->b.unit) {
		it->a.unit = g_strdup(it->b.unit);
		it->a.unit_text = g_strdup(it->b.unit_text);
	} else if (it->a.unit && !it->b.unit) {
		it->b.unit = g_strdup(it->a.unit);
		it->b.unit_text = g_strdup(it->a.unit_text);
	}
	for (guint t = i; t <= it->last; t++)
		used[t] = TRUE;
	*next = it->last + 1;
	return TRUE;
}

/* A word of direction among the words before token i (up to `max`, not
 * past other marks); *at gets its token. */
static enum claim_dir dir_before(GArray *toks, guint i, guint max, guint *at)
{
	for (guint n = 0; n < max && i > 0 && is_kind(toks, i - 1, TOK_WORD); n++, i--) {
		enum claim_dir d;

		/* "lower than 50%": a comparison with a level, no change */
		if (!strcmp(TOK(i - 1)->word, "than"))
			return CLAIM_DIR_NONE;
		d = dir_of(TOK(i - 1)->word);

		if (d != CLAIM_DIR_NONE) {
			*at = i - 1;
			return d;
		}
	}
	return CLAIM_DIR_NONE;
}

/* The same for the word right after token i ("11% faster", "a 5% drop"). */
static enum claim_dir dir_after(GArray *toks, guint i)
{
	if (!is_kind(toks, i + 1, TOK_WORD) || !in_list(TOK(i + 1)->word, after_words))
		return CLAIM_DIR_NONE;
	return dir_of(TOK(i + 1)->word);
}

/* Comparatives: before an amount they need "by" ("smaller by 64 bytes");
 * "lower latency of 5 ms" says what the latency is, not by how much it
 * changed. */
static const char *const comparatives[] = {
	"less", "fewer", "smaller", "lower", "shorter", "more", "larger", "bigger", "higher",
	"longer", "faster", "slower", "quicker", "better", "worse", NULL
};

/* An amount at the number token i, its unit at i + 1 (nb bound words
 * before it): "a reduction of 1745 bytes", "saves 64 bytes", "shrinks it by
 * 1.5 KiB", "64 bytes smaller", "-1745 bytes".  Not "to 4 KiB" (a level) nor
 * a number with no word of direction. */
static gboolean find_amount(GArray *toks, guint i, guint nb, struct item *it)
{
	const struct claim_tok *t = TOK(i);
	guint word_at = i, lead = i - nb;
	enum claim_dir before = CLAIM_DIR_NONE, after = dir_after(toks, i + 1);

	if (lead >= 1 && is_kind(toks, lead - 1, TOK_WORD)) {
		const char *w = TOK(lead - 1)->word;

		if (!strcmp(w, "to") || !strcmp(w, "at") || !strcmp(w, "than"))
			return FALSE;
		before = dir_before(toks, lead, 4, &word_at);
		/* the word of direction right before, or "by"/"of" after it */
		if (before != CLAIM_DIR_NONE && word_at + 1 != lead && strcmp(w, "by") &&
		    strcmp(w, "of"))
			before = CLAIM_DIR_NONE;
		if (before != CLAIM_DIR_NONE && in_list(TOK(word_at)->word, comparatives) &&
		    !is_word(toks, word_at + 1, "by"))
			before = CLAIM_DIR_NONE;
	}
	it->dir = after != CLAIM_DIR_NONE ? after : before;
	if (it->dir == CLAIM_DIR_NONE && t->sign)
		it->dir = t->sign < 0 ? CLAIM_DIR_DOWN : CLAIM_DIR_UP;
	if (it->dir == CLAIM_DIR_NONE || t->value <= 0)
		return FALSE;
	it->strong = TRUE;
	it->first = MIN(lead, after == CLAIM_DIR_NONE && before != CLAIM_DIR_NONE ? word_at : i);
	it->last = after != CLAIM_DIR_NONE ? i + 2 : i + 1;
	it->sentence = t->sentence;
	claim_num_from(&it->amount, toks, i, bound_before(toks, i, &nb));
	it->amount.value = t->value;
	return TRUE;
}

/* A percent, factor or amount at the number token i. */
static gboolean find_change(GArray *toks, guint i, struct item *it)
{
	const struct claim_tok *t = TOK(i);
	guint nb, mark = i + 1;
	enum claim_bound bound = bound_before(toks, i, &nb);
	enum claim_dir before, after;
	gboolean factor_of = FALSE;
	guint word_at = i;

	memset(it, 0, sizeof(*it));
	it->attached = -1;
	if (is_kind(toks, mark, TOK_PCT)) {
		it->change = CLAIM_PERCENT;
		if (is_kind(toks, mark + 1, TOK_WORD) && in_list(TOK(mark + 1)->word, not_after_pct))
			return FALSE;
		/* "to 80%", "to about 4%", "at 50%", "than 50%": levels, no changes */
		if (i >= 1 + nb && is_kind(toks, i - 1 - nb, TOK_WORD) &&
		    (!strcmp(TOK(i - 1 - nb)->word, "to") || !strcmp(TOK(i - 1 - nb)->word, "p") ||
		     !strcmp(TOK(i - 1 - nb)->word, "at") || !strcmp(TOK(i - 1 - nb)->word, "than")))
			return FALSE;
	} else if (is_kind(toks, mark, TOK_X) || is_word(toks, mark, "times")) {
		it->change = CLAIM_FACTOR;
	} else if (i >= 2 && is_word(toks, i - 1, "of") && is_word(toks, i - 2, "factor")) {
		it->change = CLAIM_FACTOR;
		factor_of = TRUE;
		mark = i;
	} else if (is_kind(toks, mark, TOK_UNIT)) {
		it->change = CLAIM_AMOUNT;
	} else {
		return FALSE;
	}
	if (it->change == CLAIM_AMOUNT)
		return find_amount(toks, i, nb, it);
	/* "reduces it by a factor of 3": the verb may be further back */
	before = dir_before(toks, factor_of ? i - 2 : i - nb, factor_of ? 6 : 4, &word_at);
	after = dir_after(toks, mark);
	it->dir = after != CLAIM_DIR_NONE ? after : before;
	if (it->dir == CLAIM_DIR_NONE && t->sign)
		it->dir = t->sign < 0 ? CLAIM_DIR_DOWN : CLAIM_DIR_UP;
	it->strong = it->dir != CLAIM_DIR_NONE;
	if (it->change == CLAIM_FACTOR) {
		/* a factor needs its word: "2x faster", "a speedup of 2x" */
		if (!it->strong)
			return FALSE;
		if (after == CLAIM_DIR_NONE && !factor_of) {
			const char *w = i >= 1 + nb && is_kind(toks, i - 1 - nb, TOK_WORD) ?
					TOK(i - 1 - nb)->word : "";
			if (strcmp(w, "of") && strcmp(w, "by"))
				return FALSE;
		}
	}
	/* the claim's text takes its words: "reduced by 2.49%", "1.5x faster" */
	if (it->change == CLAIM_FACTOR && t->value <= 0)
		return FALSE;
	it->first = MIN(i - nb, after == CLAIM_DIR_NONE && before != CLAIM_DIR_NONE ? word_at : i);
	it->last = after != CLAIM_DIR_NONE ? mark + 1 : factor_of ? i : mark;
	it->sentence = t->sentence;
	claim_num_from(&it->amount, toks, i, bound);
	it->amount.value = t->value;
	return TRUE;
}

/* Is `name` at text[at] as a word of its own? */
static gboolean name_at(const char *text, gsize start, gsize end, gsize at, gsize n)
{
	char b = at > start ? text[at - 1] : ' ', a = at + n < end ? text[at + n] : ' ';

	if (g_ascii_isalnum(b) || strchr("_-+./", b))
		return FALSE;
	if (g_ascii_isalnum(a) || strchr("_-+/", a))
		return FALSE;
	if (a == '.' && at + n + 1 < end && g_ascii_isalnum(text[at + n + 1]))
		return FALSE;
	return TRUE;
}

/* The offset of the last (or first) whole-word mention of a benchmark in
 * text[start, end): *which gets it; -1 when none. */
static gssize find_named(const char *text, gsize start, gsize end, const GPtrArray *benches,
			 gboolean want_last, const char **which)
{
	gssize best = -1;

	for (guint k = 0; benches && k < benches->len; k++) {
		const char *name = ((const struct bench *)g_ptr_array_index(benches, k))->name;
		gsize n = strlen(name);

		for (gsize at = start; n && at + n <= end; at++) {
			if (g_ascii_strncasecmp(text + at, name, n) || !name_at(text, start, end, at, n))
				continue;
			if (best < 0 || (want_last ? (gssize)at > best : (gssize)at < best)) {
				best = (gssize)at;
				*which = name;
			}
		}
	}
	return best;
}

struct para {
	const char *text;
	GArray *toks;
	gsize start, end;	/* the paragraph */
	const GPtrArray *benches;
};

/* The text span of sentence s of the paragraph. */
static void sentence_span(const struct para *p, guint s, gsize *from, gsize *to)
{
	GArray *toks = p->toks;

	*from = p->end;
	*to = p->start;
	for (guint i = 0; i < toks->len; i++)
		if (TOK(i)->sentence == s) {
			*from = MIN(*from, TOK(i)->start);
			*to = MAX(*to, TOK(i)->end);
		}
}

static const char *named_for(const struct para *p, guint s, gsize claim_at)
{
	const char *which = NULL;
	gsize from, to;

	sentence_span(p, s, &from, &to);
	if (find_named(p->text, from, claim_at, p->benches, TRUE, &which) >= 0 ||
	    find_named(p->text, claim_at, to, p->benches, FALSE, &which) >= 0 ||
	    find_named(p->text, p->start, from, p->benches, TRUE, &which) >= 0)
		return which;
	return NULL;
}

static gboolean noise_in(const struct para *p, guint s)
{
	GArray *toks = p->toks;

	for (guint i = 0; i < toks->len; i++) {
		const struct claim_tok *t = TOK(i);

		if (t->sentence != s || t->kind != TOK_WORD)
			continue;
		if (in_list(t->word, noise_words))
			return TRUE;
		if ((!strcmp(t->word, "significant") || !strcmp(t->word, "measurable")) && i > 0 &&
		    (is_word(toks, i - 1, "not") || is_word(toks, i - 1, "no")))
			return TRUE;
	}
	return FALSE;
}

/* Character column of offset `at`, which is on the line starting at ls. */
static guint column_of(const char *text, gsize ls, gsize at)
{
	guint col = 1;

	for (gsize i = ls; i < at; i++)
		col += ((unsigned char)text[i] & 0xc0) != 0x80;
	return col;
}

static struct claim *make_claim(const struct para *p, struct item *pair, struct item *chg,
				const GArray *line_starts)
{
	GArray *toks = p->toks;
	struct claim *c = g_new0(struct claim, 1);
	guint first = pair ? pair->first : chg->first, last = pair ? pair->last : chg->last;
	guint lo = 0, hi = line_starts->len;
	GString *s = g_string_new(NULL);

	if (pair && chg) {
		first = MIN(first, chg->first);
		last = MAX(last, chg->last);
	}
	/* "(70190 -> 68445 bytes)": the parenthesis closes in the text */
	if (last + 1 < toks->len && TOK(last + 1)->kind == TOK_PUNCT && TOK(last + 1)->word[0] == ')') {
		int open = 0;

		for (guint i = first; i <= last; i++)
			if (TOK(i)->kind == TOK_PUNCT)
				open += TOK(i)->word[0] == '(' ? 1 : TOK(i)->word[0] == ')' ? -1 : 0;
		if (open > 0)
			last++;
	}
	c->start = TOK(first)->start;
	c->end = TOK(last)->end;
	while (hi - lo > 1) {
		guint mid = (lo + hi) / 2;

		if (g_array_index(line_starts, gsize, mid) <= c->start)
			lo = mid;
		else
			hi = mid;
	}
	c->line = lo + 1;
	c->col = column_of(p->text, g_array_index(line_starts, gsize, lo), c->start);
	for (gsize i = c->start; i < c->end; i++) {
		char ch = p->text[i];

		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
			if (s->len && s->str[s->len - 1] != ' ')
				g_string_append_c(s, ' ');
		} else {
			g_string_append_c(s, ch);
		}
	}
	c->text = g_string_free(s, FALSE);
	if (pair) {
		c->has_pair = TRUE;
		c->a = pair->a;
		c->b = pair->b;
		memset(&pair->a, 0, sizeof(pair->a));
		memset(&pair->b, 0, sizeof(pair->b));
	}
	if (chg) {
		c->change = chg->change;
		c->amount = chg->amount;
		c->dir = chg->dir;
		memset(&chg->amount, 0, sizeof(chg->amount));
	}
	c->noise_said = noise_in(p, pair ? pair->sentence : chg->sentence);
	c->named = g_strdup(named_for(p, pair ? pair->sentence : chg->sentence, c->start));
	return c;
}

static guint gap(const struct item *x, const struct item *y)
{
	return x->last < y->first ? y->first - x->last - 1 : x->first > y->last ? x->first - y->last - 1 : 0;
}

/* Does a word between two items start another clause ("A -> B ms and
 * sched 5% faster")? */
static gboolean clause_between(GArray *toks, const struct item *x, const struct item *y)
{
	static const char *const joins[] = { "and", "but", "while", "whereas", "although",
					     "though", "also", "then", NULL };
	guint from = MIN(x->last, y->last), to = MAX(x->first, y->first);

	for (guint i = from + 1; i < to; i++)
		if (TOK(i)->kind == TOK_WORD && in_list(TOK(i)->word, joins))
			return TRUE;
	return FALSE;
}

static void parse_paragraph(struct para *p, const GArray *line_starts, GPtrArray *out)
{
	GArray *toks = p->toks;
	GArray *items = g_array_new(FALSE, FALSE, sizeof(struct item));
	gboolean *used = g_new0(gboolean, toks->len + 2);

	for (guint i = 0; i < toks->len;) {
		struct item it;
		guint next = i + 1;

		if (TOK(i)->kind == TOK_NUM && !used[i]) {
			if (find_pair(toks, i, &it, used, &next)) {
				g_array_append_val(items, it);
			} else if (!used[i] && find_change(toks, i, &it)) {
				g_array_append_val(items, it);
				next = it.last + 1;
			}
		}
		i = MAX(next, i + 1);
	}
	/* each change to the nearest free pair of its sentence */
	for (guint i = 0; i < items->len; i++) {
		struct item *c = &g_array_index(items, struct item, i);
		int best = -1;

		if (c->is_pair)
			continue;
		for (guint j = 0; j < items->len; j++) {
			struct item *q = &g_array_index(items, struct item, j);

			if (!q->is_pair || q->attached >= 0 || q->sentence != c->sentence || gap(c, q) > 6 ||
			    clause_between(toks, c, q))
				continue;
			if (best < 0 || gap(c, q) < gap(c, &g_array_index(items, struct item, best)))
				best = (int)j;
		}
		if (best >= 0) {
			c->attached = best;
			g_array_index(items, struct item, best).attached = (int)i;
		}
	}
	for (guint i = 0; i < items->len; i++) {
		struct item *it = &g_array_index(items, struct item, i);

		if (it->is_pair) {
			struct item *chg = it->attached >= 0 ?
					   &g_array_index(items, struct item, it->attached) : NULL;
			gsize from, to;
			const char *which = NULL;

			sentence_span(p, it->sentence, &from, &to);
			if (it->unit || chg || find_named(p->text, from, to, p->benches, TRUE, &which) >= 0)
				g_ptr_array_add(out, make_claim(p, it, chg, line_starts));
		} else if (it->attached < 0 && it->strong) {
			g_ptr_array_add(out, make_claim(p, NULL, it, line_starts));
		}
	}
	for (guint i = 0; i < items->len; i++) {
		struct item *it = &g_array_index(items, struct item, i);

		num_clear(&it->a);
		num_clear(&it->b);
		num_clear(&it->amount);
	}
	g_array_free(items, TRUE);
	g_free(used);
}

/* A tag line: "Signed-off-by: ...", "Fixes: ...", "Link: ...", "base-commit:
 * ..." (its numbers are ids and versions, never results). */
static gboolean tag_line(const char *s, gsize n)
{
	static const char *const tags[] = { "fixes", "link", "closes", "cc", "bcc", "to",
					    "message-id", "change-id", "base-commit", "bug",
					    "buglink", "patchwork-id", NULL };
	gsize k = 0;
	char key[32];

	while (k < n && k < sizeof(key) - 1 && (g_ascii_isalnum(s[k]) || (k && s[k] == '-')))
		k++;
	if (!k || k >= n || s[k] != ':' || (k + 1 < n && s[k + 1] != ' ' && s[k + 1] != '\t'))
		return FALSE;
	copy_lower(key, s, k);
	return in_list(key, tags) || g_str_has_suffix(key, "-by") || g_str_has_suffix(key, "-id");
}

/* Tool output such as bloat-o-meter's "Total: Before=70190, After=68445,
 * chg -2.49%": two or more key=number items on the line.  (The numbers of
 * an object size result are no benchmark's to check.) */
static gboolean tool_line(const char *s, gsize n)
{
	guint kv = 0;

	for (gsize i = 1; i + 1 < n; i++)
		kv += s[i] == '=' && g_ascii_isalpha(s[i - 1]) &&
		      (g_ascii_isdigit(s[i + 1]) || s[i + 1] == '-');
	return kv >= 2;
}

static gboolean line_is(const char *s, gsize n, const char *what)
{
	while (n && (s[n - 1] == '\r' || (s[n - 1] == ' ' && strcmp(what, "-- "))))
		n--;
	return n == strlen(what) && !memcmp(s, what, n);
}

/* Claims by where they start (a pair with a change before it starts there,
 * before a change alone met earlier); g_ptr_array_sort is stable. */
static gint by_start(gconstpointer a, gconstpointer b)
{
	const struct claim *x = *(struct claim *const *)a, *y = *(struct claim *const *)b;

	return x->start < y->start ? -1 : x->start > y->start;
}

GPtrArray *claim_parse(const char *text, gsize len, const GPtrArray *benches)
{
	GPtrArray *out = g_ptr_array_new_with_free_func((GDestroyNotify)claim_free);
	GArray *line_starts = g_array_new(FALSE, FALSE, sizeof(gsize));
	GPtrArray *units = claim_data_units(benches), *keys = claim_data_keys(benches);
	struct para p = { text, g_array_new(FALSE, FALSE, sizeof(struct claim_tok)), 0, 0, benches };
	gboolean in_para = FALSE;
	gsize pos = 0;

	for (gsize i = 0; i < len; i = pos) {
		const char *nl = memchr(text + i, '\n', len - i);
		gsize le = nl ? (gsize)(nl - text) : len, k = i;
		gboolean blank, quoted, stop;
		struct claim *kv = NULL;

		pos = nl ? le + 1 : len;
		g_array_append_val(line_starts, i);
		while (k < le && (text[k] == ' ' || text[k] == '\t' || text[k] == '\r'))
			k++;
		blank = k == le;
		quoted = (k < le && text[k] == '>') || tag_line(text + i, le - i) ||
			 tool_line(text + i, le - i);
		/* a line of the data quoted whole is a claim of its own */
		if (!blank && !quoted && (kv = claim_kv_line(text, i, k, le, keys, units))) {
			kv->line = line_starts->len;
			quoted = TRUE;
		}
		stop = line_is(text + i, le - i, "---") || line_is(text + i, le - i, "-- ") ||
		       line_is(text + i, le - i, "--");
		if (in_para && (blank || quoted || stop)) {
			claim_lex(text, p.start, p.end, units, p.toks);
			parse_paragraph(&p, line_starts, out);
			g_array_set_size(p.toks, 0);
			in_para = FALSE;
		}
		if (kv && !stop)
			g_ptr_array_add(out, kv);
		else
			claim_free(kv);
		if (stop)
			break;
		if (blank || quoted)
			continue;
		if (!in_para) {
			in_para = TRUE;
			p.start = i;
		}
		p.end = le;
	}
	if (in_para) {
		claim_lex(text, p.start, p.end, units, p.toks);
		parse_paragraph(&p, line_starts, out);
	}
	g_ptr_array_sort(out, by_start);
	g_array_free(p.toks, TRUE);
	g_array_free(line_starts, TRUE);
	g_ptr_array_unref(units);
	g_ptr_array_unref(keys);
	return out;
}

void claim_free(struct claim *c)
{
	if (!c)
		return;
	num_clear(&c->a);
	num_clear(&c->b);
	num_clear(&c->amount);
	num_clear(&c->value);
	g_free(c->key);
	g_free(c->text);
	g_free(c->named);
	g_free(c);
}
