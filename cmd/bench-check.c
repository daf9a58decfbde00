/* bench-check.c - quill bench check: the numbers the cover and the commit
 * messages of a version quote, checked against the benchmarks attached to
 * that version.  The findings come from lib/lint's claim rules (as trailer
 * lint --series gives them: the same severities, trailers.conf and
 * exceptions), the list of claims from lib/claim; the run over the
 * version is lib/lint's (lint-run.h). */
#include "cmd.h"
#include "bench/claim.h"
#include "lint/lint-run.h"
#include "series/series.h"

#include <stdio.h>
#include <string.h>

struct check {
	struct findings fs;
	json_t *claims;			/* every claim, as JSON */
	guint confirmed;
};

static void take_findings(void *payload, GArray *found)
{
	findings_take(&((struct check *)payload)->fs, found);
}

static json_t *commit_json(const struct lint_input *in)
{
	char hex[GIT_OID_HEXSZ + 1];

	if (!in->oid)
		return json_null();
	git_oid_tostr(hex, sizeof(hex), in->oid);
	return json_string(hex);
}

/* The claims of one message, for the count and the report. */
static void take_claims(void *payload, const struct lint_input *in, GArray *res)
{
	struct check *k = payload;

	for (guint i = 0; i < res->len; i++) {
		const struct claim_result *r = &g_array_index(res, struct claim_result, i);
		json_t *o = json_object();

		k->confirmed += r->verdict == CLAIM_OK;
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
}

/* The findings, then "total: ..." (the cover is one of those checked). */
static void summary_view(struct ctx *ctx, const json_t *report)
{
	guint errors = report_uint(report, "errors"), warnings = report_uint(report, "warnings");
	guint ignored = report_uint(report, "ignored"), commits = report_uint(report, "checked") - 1;
	size_t claims = json_array_size(json_object_get(report, "claims"));
	const json_t *benches = json_object_get(report, "benchmarks");

	findings_print(ctx, report);
	printf("total: %u error%s, %u warning%s, %u info", errors, errors == 1 ? "" : "s",
	       warnings, warnings == 1 ? "" : "s", report_uint(report, "info"));
	if (ignored)
		printf(" (%u ignored)", ignored);
	printf(" in the cover and %u commit%s of v%d: ", commits, commits == 1 ? "" : "s",
	       (int)report_uint(report, "version"));
	if (!json_array_size(benches)) {
		printf("no benchmarks attached, nothing to check against\n");
	} else {
		size_t i;
		const json_t *b;

		printf("%zu claim%s, %u confirmed (benchmarks: ", claims, claims == 1 ? "" : "s",
		       report_uint(report, "confirmed"));
		json_array_foreach(benches, i, b)
			printf("%s%s", i ? ", " : "", json_string_value(b));
		printf(")\n");
	}
}

/* {"series", "version", "benchmarks", "checked", "confirmed", "errors",
 * "warnings", "info", "ignored", "claims", "findings"}; exit 1 when an
 * error is left. */
static int summary(struct ctx *ctx, struct check *k, const struct series *s, int version,
		   char **names, const struct lint_run_counts *c)
{
	json_t *doc = json_pack("{s:s, s:i, s:o, s:I, s:I}", "series", s->name, "version", version,
				"benchmarks", strv_json(names), "checked", (json_int_t)c->checked,
				"confirmed", (json_int_t)k->confirmed);

	findings_counts_json(doc, &k->fs);
	json_object_set_new(doc, "claims", json_incref(k->claims));
	json_object_set_new(doc, "findings", json_incref(k->fs.list));
	emit(ctx, doc, summary_view);
	return k->fs.errors ? 1 : 0;
}

/* The claim rules over version `version` of s. */
static int check(struct ctx *ctx, const struct series *s, int version)
{
	struct policy *policy = policy_new(lint_rule_ids());
	struct lint_ignore *ig = NULL;
	struct lint *l = NULL;
	struct check k = { { ctx, 0, 0, 0, 0, json_array() }, json_array(), 0 };
	struct lint_sink sink = { take_findings, take_claims, &k, warn_print, NULL };
	struct lint_run_counts c;
	char **names = NULL;
	GError *e = NULL;
	int rc;

	if (!policy_load_standard(policy, ctx->res, ctx->repo, NULL, warn_print, NULL, &e) ||
	    !lint_exceptions_load(&ig, ctx->repo, NULL, warn_print, NULL, &e)) {
		rc = fail(e);
		goto out;
	}
	l = lint_new(policy, ctx->repo, NULL, NULL, ig);
	if (!lint_run_claims(l, ctx->repo, s, version, &names, &sink, &c, &e))
		rc = fail(e);
	else
		rc = summary(ctx, &k, s, version, names, &c);
out:
	if (l)
		lint_free(l);
	g_strfreev(names);
	json_decref(k.fs.list);
	json_decref(k.claims);
	lint_ignore_free(ig);
	policy_free(policy);
	return rc;
}

static const char help[] =
	"Finds the numbers the cover letter and the commit messages of a version quote\n"
	"about its results ('from 244.28 ms to 215.55 ms', '244.28 -> 215.55 ms', 'reduced\n"
	"by 2.49%', '11% faster', '1.5x faster'; amounts, 'Net code reduction of 1745\n"
	"bytes', 'saves 64 bytes', checked against the difference; and a quoted line of\n"
	"the data, 'Total time: 12.39 seconds', against that metric) and checks them\n"
	"against the benchmarks attached to that version (quill bench add/run, and bench\n"
	"size --attach, whose total, text, data, bss and dec count in bytes).  A number\n"
	"says what it prints: 244.28 is 244.28 +- 0.005, 11% is 11 +- 0.5 (after 'about':\n"
	"one unit of the last digit).  The cover is checked against every benchmark, a\n"
	"commit against its own and those of the series as a whole.\n"
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
	GOptionEntry entries[] = {
		{ "version", 0, 0, G_OPTION_ARG_INT, &version, "Check frozen version N (default: the working version)", "N" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "One JSON document", NULL },
		{ "series", 's', 0, G_OPTION_ARG_STRING, &name, "The series (default: the current one)", "SERIES" },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
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
	if ((rc = version_arg(ctx, s, &version)) < 0)
		rc = check(ctx, s, version);
out:
	series_free(s);
	g_free(name);
	return rc;
}
