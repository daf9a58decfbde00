/* bench-show.c - quill bench show: the benchmarks attached to a version of
 * a series, as text tables for mail, markdown, or the JSON of DESIGN.md. */
#include "cmd.h"
#include "series/attach.h"
#include "bench/bench-table.h"
#include "core/error.h"
#include "series/series.h"

#include <stdio.h>
#include <string.h>

/* The versions other than `version` that hold benchmarks, for a hint:
 * "v1, v3" or NULL (caller owns). */
static char *versions_with_benches(const struct series *s, int version)
{
	GString *out = g_string_new(NULL);

	for (int v = 1; v <= s->version; v++) {
		GPtrArray *b = NULL;
		if (v == version || !bench_load_version(&b, s->state, v, NULL))
			continue;
		if (b->len)
			g_string_append_printf(out, "%sv%d", out->len ? ", " : "", v);
		g_ptr_array_unref(b);
	}
	return g_string_free(out, out->len == 0);
}

int cmd_bench_show(int argc, char **argv, struct ctx *ctx)
{
	char *series = NULL, *format = NULL;
	int version = 0, width = BENCH_TABLE_WIDTH;
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "version", 0, 0, G_OPTION_ARG_INT, &version, "The version's benchmarks (default: the working version)", "N" },
		{ "format", 'f', 0, G_OPTION_ARG_STRING, &format, "text (default), markdown or json", "FORMAT" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "The same as --format json", NULL },
		{ "width", 'w', 0, G_OPTION_ARG_INT, &width, "Text lines fit this many columns (default 72, for mail)", "COLUMNS" },
		{ "series", 's', 0, G_OPTION_ARG_STRING, &series, "The series (default: the current one)", "SERIES" },
		G_OPTION_ENTRY_NULL
	};
	enum { F_TEXT, F_MARKDOWN, F_JSON } f = F_TEXT;
	struct series *s = NULL;
	GPtrArray *benches = NULL, *shown = NULL;
	GError *e = NULL;
	const char *name;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]",
			   "Shows benchmark NAME, or every benchmark, attached to a version of the\n"
			   "series: per metric the roles' n, mean, stddev, median, min and max, and\n"
			   "each role against the first (the delta, the 95% confidence interval of\n"
			   "the difference and Welch's p; \"within noise\" when that interval\n"
			   "includes 0).  Text tables fit 72 columns, for a cover letter.\n"
			   "Exit status 1 when there is nothing to show.",
			   entries);

	if (rc >= 0)
		goto out;
	if ((rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto out;
	name = argc > 1 ? argv[1] : NULL;
	if (json || (format && !strcmp(format, "json")))
		f = F_JSON;
	else if (format && !strcmp(format, "markdown"))
		f = F_MARKDOWN;
	else if (format && strcmp(format, "text")) {
		rc = usage_error(ctx, "no format '%s' (text, markdown, json)", format);
		goto out;
	}
	if (json && format && strcmp(format, "json")) {
		rc = usage_error(ctx, "--json and --format %s disagree", format);
		goto out;
	}
	if (width < 40) {
		rc = usage_error(ctx, "--width needs at least 40");
		goto out;
	}
	if (name && !bench_name_valid(name)) {
		rc = usage_error(ctx, "'%s' cannot name a benchmark", name);
		goto out;
	}
	if (!open_series(&s, ctx, series, &e)) {
		rc = fail(e);
		goto out;
	}
	if (version == 0)
		version = s->version;
	if (version < 1 || version > s->version) {
		rc = usage_error(ctx, "series %s has versions 1 to %d", s->name, s->version);
		goto out;
	}
	if (!bench_load_version(&benches, s->state, version, &e)) {
		rc = fail(e);
		goto out;
	}
	shown = g_ptr_array_new();
	for (guint i = 0; i < benches->len; i++) {
		struct bench *b = g_ptr_array_index(benches, i);
		if (!name || !strcmp(b->name, name))
			g_ptr_array_add(shown, b);
	}
	if (name && !shown->len) {
		char *have = bench_names_list(benches);
		rc = failf(QUILL_ERROR_USAGE, "%s: no benchmark '%s' in v%d of %s (there: %s)",
			   ctx->name, name, version, s->name, have);
		g_free(have);
		goto out;
	}
	if (f == F_JSON)
		print_json(bench_show_json(shown));
	else if (shown->len) {
		char *t = bench_tables(shown, f == F_MARKDOWN ? BENCH_TABLE_MARKDOWN : BENCH_TABLE_TEXT,
				       width);
		fputs(t, stdout);
		g_free(t);
	}
	if (!shown->len) {
		char *others = versions_with_benches(s, version);
		/* --json said so already (an empty list), unless other versions
		 * have some */
		rc = f == F_JSON && !others ? QUILL_ERROR_NEGATIVE
		     : failf(QUILL_ERROR_NEGATIVE, "no benchmarks attached to v%d of %s%s%s%s", version,
			     s->name, others ? " (" : "", others ? others : "",
			     others ? " have some: --version N)" : "");
		g_free(others);
		goto out;
	}
	rc = 0;
out:
	if (shown)
		g_ptr_array_unref(shown);
	if (benches)
		g_ptr_array_unref(benches);
	series_free(s);
	g_free(series);
	g_free(format);
	return rc;
}
