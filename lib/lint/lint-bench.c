/* lint-bench.c - the benchmarks the claim rules check a message against:
 * those attached to a version of a series (see lint-run.h). */
#include "lint/lint-run.h"
#include "bench/claim.h"
#include "git/commit.h"
#include "series/attach.h"
#include "series/series.h"

#include <string.h>

static GPtrArray *provide(const struct lint_bench *lb, const struct lint_input *in)
{
	struct lint_benches *b = lb->data;
	char hex[GIT_OID_HEXSZ + 1] = "";
	char *title;

	if (in->cover)
		return b->all;
	if (b->last)
		g_ptr_array_unref(b->last);
	if (in->oid)
		git_oid_tostr(hex, sizeof(hex), in->oid);
	title = commit_message_subject(in->message, in->len);
	b->last = claim_benches_for(b->all, in->oid ? hex : NULL, title);
	g_free(title);
	return b->last;
}

gboolean lint_benches_open(struct lint_benches *b, const struct series *s, int version,
			   GError **error)
{
	memset(b, 0, sizeof(*b));
	b->lb.benchmarks = provide;
	b->lb.data = b;
	/* the size diffs too (bench size --attach): "70190 -> 68445 bytes" */
	return bench_load_version(&b->all, s->state, version, error) &&
	       objsize_benches(b->all, s->state, version, error);
}

void lint_benches_close(struct lint_benches *b)
{
	if (b->last)
		g_ptr_array_unref(b->last);
	if (b->all)
		g_ptr_array_unref(b->all);
	memset(b, 0, sizeof(*b));
}
