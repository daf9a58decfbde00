/* claim-data.c - what the claims take from the benchmarks given: the units
 * and the metric names of their data, and the lines of a text that quote
 * a "key: value" line of that data (a claim of their own). */
#include "bench/claim-private.h"

#include <string.h>

#define TOK(i) (&g_array_index(toks, struct claim_tok, (i)))

/* The units of the data that are not bench.h's (borrowed strings). */
GPtrArray *claim_data_units(const GPtrArray *benches)
{
	GPtrArray *u = g_ptr_array_new();

	for (guint i = 0; benches && i < benches->len; i++) {
		const struct bench *b = g_ptr_array_index(benches, i);

		for (guint r = 0; r < b->roles->len; r++) {
			const struct bench_role *role = g_ptr_array_index(b->roles, r);

			for (guint m = 0; m < role->metrics->len; m++) {
				const struct bench_metric *bm = g_ptr_array_index(role->metrics, m);

				if (*bm->unit && !bench_unit_dimension(bm->unit, NULL))
					g_ptr_array_add(u, bm->unit);
			}
		}
	}
	return u;
}

/* The names of the data's metrics (borrowed strings), each once. */
GPtrArray *claim_data_keys(const GPtrArray *benches)
{
	GPtrArray *k = g_ptr_array_new();

	for (guint i = 0; benches && i < benches->len; i++) {
		const struct bench *b = g_ptr_array_index(benches, i);

		for (guint r = 0; r < b->roles->len; r++) {
			const struct bench_role *role = g_ptr_array_index(b->roles, r);

			for (guint m = 0; m < role->metrics->len; m++) {
				char *name = ((const struct bench_metric *)
					      g_ptr_array_index(role->metrics, m))->name;
				gboolean seen = FALSE;

				for (guint j = 0; j < k->len && !seen; j++)
					seen = !g_ascii_strcasecmp(name, g_ptr_array_index(k, j));
				if (!seen)
					g_ptr_array_add(k, name);
			}
		}
	}
	return k;
}

/* A line that quotes a "key: value [unit]" line of the data ("Total time:
 * 12.931696 seconds", as perf bench prints it and the kv reader reads it):
 * the key one of the data's metrics, then a number, then nothing but a
 * unit.  Returns the claim (caller owns), or NULL. */
struct claim *claim_kv_line(const char *text, gsize ls, gsize from, gsize le,
			    const GPtrArray *keys, const GPtrArray *units)
{
	const char *s = text + from, *colon = memchr(s, ':', le - from);
	const char *key = NULL;
	gboolean bracket;
	gsize kn, vstart, n;
	GArray *toks;
	struct claim *c = NULL;

	if (!colon)
		return NULL;
	kn = (gsize)(colon - s);
	while (kn && (s[kn - 1] == ' ' || s[kn - 1] == '\t'))
		kn--;
	for (guint i = 0; i < keys->len && !key; i++) {
		const char *k = g_ptr_array_index(keys, i);

		if (strlen(k) == kn && !g_ascii_strncasecmp(s, k, kn))
			key = k;
	}
	if (!key)
		return NULL;
	vstart = (gsize)(colon + 1 - text);
	while (le > vstart && (text[le - 1] == ' ' || text[le - 1] == '\t' || text[le - 1] == '\r'))
		le--;
	toks = g_array_new(FALSE, FALSE, sizeof(struct claim_tok));
	claim_lex(text, vstart, le, units, toks);
	n = toks->len;
	/* "12.93 seconds", "0.104 [sec]", "70190" */
	bracket = n == 4 && TOK(1)->kind == TOK_PUNCT && TOK(1)->word[0] == '[' &&
		  TOK(3)->kind == TOK_PUNCT && TOK(3)->word[0] == ']';
	if (n >= 1 && TOK(0)->kind == TOK_NUM &&
	    (n == 1 || (n == 2 && TOK(1)->kind == TOK_UNIT) || bracket)) {
		char *unit = NULL;

		if (bracket) {
			char *w = g_strndup(text + TOK(1)->start, TOK(3)->end - TOK(1)->start);

			unit = bench_unit_canonical(w);
			g_free(w);
			if (!bench_unit_dimension(unit, NULL)) {
				g_free(unit);
				goto out;
			}
		}
		c = g_new0(struct claim, 1);
		c->has_value = TRUE;
		claim_num_from(&c->value, toks, 0, CLAIM_EXACT);
		if (unit) {
			c->value.unit = unit;
			c->value.unit_text = g_strndup(text + TOK(1)->start,
						       TOK(3)->end - TOK(1)->start);
		}
		c->key = g_strdup(key);
		c->start = from;
		c->end = le;
		c->col = 1;
		for (gsize i = ls; i < from; i++)
			c->col += ((unsigned char)text[i] & 0xc0) != 0x80;
		c->text = g_strndup(text + from, le - from);
	}
out:
	g_array_free(toks, TRUE);
	return c;
}
