/* fuzz-claim.c - lib/bench/claim on any text: claim_parse finds claims
 * inside the text, in order, each with its text and finite numbers, and
 * claim_check judges each against a small benchmark (two roles of a time
 * and a size metric) with a verdict and, unless ok, a message.
 *
 * Facts: claims=N, then ok, mismatch, noise, unmatched (how many of each). */
#include "bench/bench.h"
#include "bench/claim.h"
#include "fuzz.h"

#include <math.h>

static struct bench *fuzz_claim_bench;

static struct bench_role *fuzz_claim_role(const char *name, double t, double size)
{
	struct bench_role *r = bench_role_new(name, "samples");
	struct bench_metric *m = bench_metric_new("time", "ms");

	for (int i = 0; i < 5; i++)
		bench_metric_add(m, t + i * 0.5);
	g_ptr_array_add(r->metrics, m);
	m = bench_metric_new("size", "bytes");
	bench_metric_add(m, size);
	g_ptr_array_add(r->metrics, m);
	return r;
}

static void fuzz_claim_init(void)
{
	if (fuzz_claim_bench)
		return;
	fuzz_claim_bench = bench_new("startup");
	FUZZ_CHECK(bench_put_role(fuzz_claim_bench, fuzz_claim_role("base", 244.28, 70190), NULL,
				  NULL));
	FUZZ_CHECK(bench_put_role(fuzz_claim_bench, fuzz_claim_role("patched", 215.55, 68445),
				  NULL, NULL));
}

static void fuzz_claim_num(const struct claim_num *n)
{
	FUZZ_CHECK(isfinite(n->value));
	FUZZ_CHECK(n->decimals >= 0 && n->zeros >= 0);
}

static int fuzz_claim_one(const uint8_t *data, size_t size)
{
	const char *d = (const char *)data;
	GPtrArray *benches = g_ptr_array_new(), *claims;
	GArray *results;
	int count[4] = { 0 };
	gsize last = 0;

	g_ptr_array_add(benches, fuzz_claim_bench);
	claims = claim_parse(d, size, benches);
	for (guint i = 0; i < claims->len; i++) {
		const struct claim *c = g_ptr_array_index(claims, i);

		FUZZ_CHECK(c->start < c->end && c->end <= size && c->start >= last);
		last = c->start;
		FUZZ_CHECK(c->line >= 1 && c->col >= 1 && c->text);
		if (c->has_pair) {
			fuzz_claim_num(&c->a);
			fuzz_claim_num(&c->b);
		}
		if (c->has_value)
			fuzz_claim_num(&c->value);
		if (c->change != CLAIM_NO_CHANGE)
			fuzz_claim_num(&c->amount);
	}
	fuzz_fact_int("claims", claims->len);
	results = claim_check(d, size, benches);
	FUZZ_CHECK(results->len == claims->len);
	for (guint i = 0; i < results->len; i++) {
		const struct claim_result *r = &g_array_index(results, struct claim_result, i);

		FUZZ_CHECK(r->verdict <= CLAIM_UNMATCHED);
		FUZZ_CHECK((r->verdict == CLAIM_OK) == (r->message == NULL) ||
			   r->verdict == CLAIM_NOISE);
		FUZZ_CHECK(claim_verdict_name(r->verdict) != NULL);
		count[r->verdict]++;
	}
	fuzz_fact_int("ok", count[CLAIM_OK]);
	fuzz_fact_int("mismatch", count[CLAIM_MISMATCH]);
	fuzz_fact_int("noise", count[CLAIM_NOISE]);
	fuzz_fact_int("unmatched", count[CLAIM_UNMATCHED]);
	claim_results_free(results);
	g_ptr_array_unref(claims);
	g_ptr_array_unref(benches);
	return 0;
}

FUZZ_ENTRY(claim)
