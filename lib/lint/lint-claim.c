/* lint-claim.c - the claim rules: each claim of the message's prose
 * (lib/claim) judged once against the benchmarks the struct lint_bench
 * provider gives for the message, and reported by the rule its verdict
 * belongs to. */
#include "lint/lint-private.h"
#include "bench/claim.h"

/* The verdicts on the message being checked (computed once for the three
 * rules); NULL when there is nothing to check it against. */
static const GArray *verdicts(struct lint_ctx *c)
{
	struct lint *l = c->lint;
	const struct lint_message *m = c->msg;

	if (l->claims_gen != m->gen) {
		GPtrArray *benches = c->bench->benchmarks(c->bench, m->in);

		/* up to the "---" cut: claim_parse skips the tag lines itself */
		claim_results_free(l->claims);
		l->claims = benches && benches->len ?
			    claim_check(m->in->message, m->block.msg_end, benches) : NULL;
		l->claims_gen = m->gen;
	}
	return l->claims;
}

static void report_verdict(struct lint_ctx *c, enum claim_verdict v)
{
	const GArray *res = verdicts(c);

	for (guint i = 0; res && i < res->len; i++) {
		const struct claim_result *r = &g_array_index(res, struct claim_result, i);

		if (r->verdict == v)
			lint_report_at(c, r->claim->line, r->claim->col, "%s", r->message);
	}
}

LINT_CHECK(claim_mismatch)
{
	report_verdict(c, CLAIM_MISMATCH);
}

LINT_CHECK(claim_noise)
{
	report_verdict(c, CLAIM_NOISE);
}

LINT_CHECK(claim_unmatched)
{
	report_verdict(c, CLAIM_UNMATCHED);
}
