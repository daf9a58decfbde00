/* bench-check.c - quill bench check: the numbers the cover and the commit
 * messages of a version quote, checked against the benchmarks attached to
 * that version.  The findings come from lib/lint's claim rules (as trailer
 * lint --series gives them: the same severities, trailers.conf and
 * exceptions), the list of claims from lib/claim; and the benchmark
 * provider both commands give lib/lint. */
#include "cmd.h"
#include "series/attach.h"
#include "bench/objsize.h"
#include "bench/claim.h"
#include "git/commit.h"
#include "core/error.h"
#include "series/series.h"

#include <stdio.h>
#include <string.h>

/* ---- the provider ---- */

static GPtrArray *provide(const struct lint_bench *lb, const struct lint_input *in)
{
	struct series_benches *sb = lb->data;
	char hex[GIT_OID_HEXSZ + 1] = "";
	char *title;

	if (in->cover)
		return sb->all;
	if (sb->last)
		g_ptr_array_unref(sb->last);
	if (in->oid)
		git_oid_tostr(hex, sizeof(hex), in->oid);
	title = commit_message_subject(in->message, in->len);
	sb->last = claim_benches_for(sb->all, in->oid ? hex : NULL, title);
	g_free(title);
	return sb->last;
}

gboolean series_benches_open(struct series_benches *sb, const struct series *s, int version,
			     GError **error)
{
	memset(sb, 0, sizeof(*sb));
	sb->lb.benchmarks = provide;
	sb->lb.data = sb;
	/* the size diffs too (bench size --attach): "70190 -> 68445 bytes" */
	return bench_load_version(&sb->all, s->state, version, error) &&
	       objsize_benches(sb->all, s->state, version, error);
}

void series_benches_close(struct series_benches *sb)
{
	if (sb->last)
		g_ptr_array_unref(sb->last);
	if (sb->all)
		g_ptr_array_unref(sb->all);
	memset(sb, 0, sizeof(*sb));
}

/* ---- the command ---- */

struct check {
	struct ctx *ctx;
	struct lint *lint;
	struct series_benches sb;
	gboolean json;
	GArray *out;			/* struct lint_finding */
	json_t *findings, *claims;	/* --json */
	guint checked, nclaims, confirmed;
	struct finding_counts n;
};

static json_t *commit_json(const struct lint_input *in)
{
	char hex[GIT_OID_HEXSZ + 1];

	if (!in->oid)
		return json_null();
	git_oid_tostr(hex, sizeof(hex), in->oid);
	return json_string(hex);
}

/* Print (or keep, for --json) the findings in k->out, then empty it. */
static void flush(struct check *k)
{
	findings_flush(k->ctx, k->out, &k->n, k->json ? k->findings : NULL);
}

/* One message: the lint findings, and its claims for the count and --json. */
static void check_one(struct check *k, const struct lint_input *in)
{
	GPtrArray *benches;
	GArray *res;

	if (in->cover)
		lint_check_text(k->lint, in, k->out);
	else
		lint_check(k->lint, in, k->out);
	k->checked++;
	flush(k);
	/* asked after lint, whose rules asked too (an answer lasts one call) */
	benches = k->sb.lb.benchmarks(&k->sb.lb, in);
	if (!benches || !benches->len)
		return;
	res = claim_check(in->message, in->len, benches);
	for (guint i = 0; i < res->len; i++) {
		const struct claim_result *r = &g_array_index(res, struct claim_result, i);
		json_t *o;

		k->nclaims++;
		k->confirmed += r->verdict == CLAIM_OK;
		if (!k->json)
			continue;
		o = json_object();
		json_object_set_new(o, "where", json_string(in->where));
		json_object_set_new(o, "commit", commit_json(in));
		json_object_set_new(o, "line", json_integer(r->claim->line));
		json_object_set_new(o, "column", json_integer(r->claim->col));
		json_object_set_new(o, "text", json_string(r->claim->text));
		json_object_set_new(o, "verdict", json_string(claim_verdict_name(r->verdict)));
		json_object_set_new(o, "benchmark", json_str_or_null(r->bench ? r->bench->name : NULL));
		json_object_set_new(o, "metric", json_str_or_null(r->metric));
		json_object_set_new(o, "roles", r->role_a ? json_pack("[ss]", r->role_a, r->role_b)
							  : json_null());
		json_object_set_new(o, "message", json_str_or_null(r->message));
		json_array_append_new(k->claims, o);
	}
	claim_results_free(res);
}

static void summary(struct check *k, const struct series *s, int version, guint commits)
{
	char *names = bench_names_list(k->sb.all);

	if (k->json) {
		json_t *doc = json_object(), *b = json_array();

		for (guint i = 0; i < k->sb.all->len; i++)
			json_array_append_new(b, json_string(((struct bench *)
							      g_ptr_array_index(k->sb.all, i))->name));
		json_object_set_new(doc, "series", json_string(s->name));
		json_object_set_new(doc, "version", json_integer(version));
		json_object_set_new(doc, "benchmarks", b);
		json_object_set_new(doc, "checked", json_integer(k->checked));
		json_object_set_new(doc, "confirmed", json_integer(k->confirmed));
		json_object_set_new(doc, "errors", json_integer(k->n.errors));
		json_object_set_new(doc, "warnings", json_integer(k->n.warnings));
		json_object_set_new(doc, "info", json_integer(k->n.infos));
		json_object_set_new(doc, "ignored", json_integer(k->n.ignored));
		json_object_set_new(doc, "claims", k->claims);
		json_object_set_new(doc, "findings", k->findings);
		k->claims = k->findings = NULL;
		print_json(doc);
	} else {
		printf("total: %u error%s, %u warning%s, %u info", k->n.errors, k->n.errors == 1 ? "" : "s",
		       k->n.warnings, k->n.warnings == 1 ? "" : "s", k->n.infos);
		if (k->n.ignored)
			printf(" (%u ignored)", k->n.ignored);
		printf(" in the cover and %u commit%s of v%d: ", commits, commits == 1 ? "" : "s",
		       version);
		if (!k->sb.all->len)
			printf("no benchmarks attached, nothing to check against\n");
		else
			printf("%u claim%s, %u confirmed (benchmarks: %s)\n", k->nclaims,
			       k->nclaims == 1 ? "" : "s", k->confirmed, names);
	}
	g_free(names);
}

static const char help[] =
	"Finds the numbers the cover letter and the commit messages of a version quote\n"
	"about its results ('from 244.28 ms to 215.55 ms', '244.28 -> 215.55 ms', 'reduced\n"
	"by 2.49%', '11% faster', '1.5x faster') and checks them against the benchmarks\n"
	"attached to that version (quill bench add/run, and bench size --attach, whose\n"
	"total, text, data, bss and dec count in bytes).  A number says what it prints:\n"
	"244.28 is 244.28 +- 0.005, 11% is 11 +- 0.5 (after 'about': one unit of the\n"
	"last digit).  The cover is checked against every benchmark, a commit against\n"
	"its own and those of the series as a whole.\n"
	"\n"
	"One line per finding, 'cover:LINE: ...' or 'COMMIT:LINE: SEVERITY: RULE: message',\n"
	"then a summary line:\n"
	"  claim-mismatch   (error) the data gives other numbers; the line says which\n"
	"  claim-noise      (warning) a change claimed that the data says is within noise\n"
	"                   (the 95% CI of the difference includes 0): the CI and p\n"
	"  claim-unmatched  (info) no attached benchmark can check the numbers\n"
	"Severities and exceptions are trailer lint's (trailers.conf, .quill/lint-ignore,\n"
	"refs/notes/quill-lint); 'trailer lint --series' runs the same check.\n"
	"\n"
	"The exit status is 1 when an error-level finding is left, else 0 (also when no\n"
	"benchmarks are attached: the summary says so).\n"
	"\n"
	"--json prints {\"series\", \"version\", \"benchmarks\": [names], \"checked\", \"confirmed\",\n"
	"\"errors\", \"warnings\", \"info\", \"ignored\", \"claims\": [{\"where\", \"commit\", \"line\",\n"
	"\"column\", \"text\", \"verdict\" (ok, mismatch, noise, unmatched), \"benchmark\",\n"
	"\"metric\", \"roles\", \"message\"}], \"findings\": [{\"where\", \"commit\", \"line\",\n"
	"\"column\", \"severity\", \"rule\", \"message\", \"ignored\"}]}.";

int cmd_bench_check(int argc, char **argv, struct ctx *ctx)
{
	char *name = NULL;
	int version = 0;
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "version", 0, 0, G_OPTION_ARG_INT, &version, "Check frozen version N (default: the working version)", "N" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "One JSON document", NULL },
		{ "series", 's', 0, G_OPTION_ARG_STRING, &name, "The series (default: the current one)", "SERIES" },
		G_OPTION_ENTRY_NULL
	};
	struct check k = { 0 };
	struct series *s = NULL;
	struct policy *policy = NULL;
	struct lint_ignore *ig = NULL;
	GPtrArray *patches = NULL;
	const char *cover;
	GError *e = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "", help, entries);

	if (rc >= 0)
		goto out;
	if (argc > 1) {
		rc = usage_error(ctx, "no operands (the series is --series SERIES)");
		goto out;
	}
	if (!open_series(&s, ctx, name, &e)) {
		rc = fail(e);
		goto out;
	}
	if (version == 0)
		version = s->version;
	if (version < 1 || version > s->version) {
		rc = usage_error(ctx, "series %s has versions 1 to %d", s->name, s->version);
		goto out;
	}
	policy = policy_new(lint_rule_ids());
	if (!policy_load_standard(policy, ctx->res, ctx->repo, NULL, &e) ||
	    !lint_exceptions_load(&ig, ctx->repo, NULL, &e) ||
	    !series_benches_open(&k.sb, s, version, &e) ||
	    !series_load_patches(&patches, NULL, NULL, ctx->repo, s,
				 version == s->version ? 0 : version, 0, &e)) {
		rc = fail(e);
		goto out;
	}
	k.ctx = ctx;
	k.json = json;
	k.out = g_array_new(FALSE, FALSE, sizeof(struct lint_finding));
	k.findings = json_array();
	k.claims = json_array();
	k.lint = lint_new(policy, ctx->repo, NULL, NULL, ig);
	lint_set_benchmarks(k.lint, &k.sb.lb);
	lint_restrict(k.lint, LINT_NEEDS_BENCH);

	cover = version == s->version ? s->cover : series_get_version(s, version)->cover;
	{
		struct lint_input in = { 0 };

		in.where = "cover";
		in.message = cover ? cover : "";
		in.len = strlen(in.message);
		in.cover = TRUE;
		check_one(&k, &in);
	}
	for (guint i = 0; i < patches->len; i++) {
		const struct commit_patch *p = g_ptr_array_index(patches, i);
		struct lint_input in = { 0 };
		char where[13];

		git_oid_tostr(where, sizeof(where), &p->oid);
		in.where = where;
		in.message = p->message;
		in.len = strlen(p->message);
		in.oid = &p->oid;
		in.author_name = p->author_name;
		in.author_email = p->author_email;
		check_one(&k, &in);
	}
	summary(&k, s, version, patches->len);
	rc = k.n.errors ? 1 : 0;
out:
	if (k.lint)
		lint_free(k.lint);
	if (k.out) {
		lint_findings_clear(k.out);
		g_array_free(k.out, TRUE);
	}
	json_decref(k.findings);
	json_decref(k.claims);
	series_benches_close(&k.sb);
	if (patches)
		g_ptr_array_unref(patches);
	lint_ignore_free(ig);
	policy_free(policy);
	series_free(s);
	g_free(name);
	return rc;
}
