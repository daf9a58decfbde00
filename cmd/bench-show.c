/* bench-show.c - quill bench show: the benchmarks attached to a version of
 * a series, as text tables for mail, markdown, or the JSON of DESIGN.md,
 * or as text plots (--plot, bench/bench-plot.h); and its size diffs (bench size --attach), as a cover shows them. */
#include "cmd.h"
#include "series/attach.h"
#include "bench/bench-plot.h"
#include "bench/bench-table.h"
#include "core/error.h"
#include "series/series.h"

#include <stdio.h>
#include <string.h>

/* The versions other than `version` that hold benchmarks or size diffs,
 * for a hint: "v1, v3" or NULL (caller owns). */
static char *versions_with_benches(const struct series *s, int version)
{
	GString *out = g_string_new(NULL);

	for (int v = 1; v <= s->version; v++) {
		GPtrArray *b = NULL, *sizes = NULL;
		if (v == version || !bench_load_version(&b, s->state, v, NULL))
			continue;
		if (b->len || (objsize_load_version(&sizes, s->state, v, NULL) && sizes->len))
			g_string_append_printf(out, "%sv%d", out->len ? ", " : "", v);
		g_ptr_array_unref(b);
		if (sizes)
			g_ptr_array_unref(sizes);
	}
	return g_string_free(out, out->len == 0);
}

json_t *bench_report(struct ctx *ctx, GPtrArray *benches, gboolean markdown, int width)
{
	json_t *doc = bench_show_json(benches), *files;

	if (ctx->json)
		return doc;
	files = json_array();
	for (guint i = 0; i < benches->len; i++)
		json_array_append_new(files, bench_to_json(g_ptr_array_index(benches, i)));
	json_object_set_new(doc, "text", json_pack("{s:s, s:i, s:o}", "format",
						   markdown ? "markdown" : "text",
						   "width", width, "benchmarks", files));
	return doc;
}

void bench_view(struct ctx *ctx, const json_t *report)
{
	const json_t *t = json_object_get(report, "text"), *file;
	const char *said = json_string_value(json_object_get(t, "said"));
	GPtrArray *benches = g_ptr_array_new_with_free_func((GDestroyNotify)bench_free);
	gboolean md = !g_strcmp0(json_string_value(json_object_get(t, "format")), "markdown");
	size_t i;

	json_array_foreach(json_object_get(t, "benchmarks"), i, file) {
		GError *e = NULL;
		struct bench *b = bench_from_json(file, "(report)", NULL, &e);

		if (b)
			g_ptr_array_add(benches, b);
		else
			fail(e);	/* its own JSON: not to happen */
	}
	if (said)
		printf("%s\n\n", said);
	if (benches->len && json_is_true(json_object_get(t, "plot"))) {
		GError *e = NULL;
		char *plots = bench_plots(benches, &e);

		if (plots)
			printf("%s%s%s", md ? "```\n" : "", plots, md ? "```\n" : "");
		else
			fail(e);	/* its own JSON holds finite numbers: not to happen */
		g_free(plots);
	} else if (benches->len) {
		char *tables = bench_tables(benches, md ? BENCH_TABLE_MARKDOWN : BENCH_TABLE_TEXT,
					    (int)json_integer_value(json_object_get(t, "width")));

		fputs(tables, stdout);
		g_free(tables);
	}
	json_array_foreach(json_object_get(report, "size_diffs"), i, file) {
		GError *e = NULL;
		char *note = objsize_note(file, NULL, md, &e);

		if (!note) {
			fail(e);	/* checked when loaded: not to happen */
			continue;
		}
		printf("%s%s", i || benches->len ? "\n" : "", note);
		g_free(note);
	}
	g_ptr_array_unref(benches);
	(void)ctx;
}

/* The names of the benchmarks and size diffs there, for a message: "a,
 * b" or "none" (caller owns). */
static char *names_there(GPtrArray *benches, GPtrArray *sizes)
{
	GString *out = g_string_new(NULL);
	char *names = benches->len ? bench_names_list(benches) : NULL;

	if (names)
		g_string_append(out, names);
	g_free(names);
	for (guint i = 0; i < sizes->len; i++)
		g_string_append_printf(out, "%s%s", out->len ? ", " : "",
				       json_string_value(json_object_get(g_ptr_array_index(sizes, i),
									 "name")));
	if (!out->len)
		g_string_append(out, "none");
	return g_string_free(out, FALSE);
}

/* The size diffs of `sizes` named `name` (NULL: every one), as the
 * report's "size_diffs" (new reference), or NULL when there is none. */
static json_t *size_list(GPtrArray *sizes, const char *name)
{
	json_t *list = json_array();

	for (guint i = 0; i < sizes->len; i++) {
		json_t *doc = g_ptr_array_index(sizes, i);

		if (!name || !g_strcmp0(json_string_value(json_object_get(doc, "name")), name))
			json_array_append(list, doc);
	}
	if (json_array_size(list))
		return list;
	json_decref(list);
	return NULL;
}

/* --format and --json into ctx->json and *f.  Returns -1, else the exit
 * code. */
static int pick_format(struct ctx *ctx, const char *format, enum bench_table_format *f)
{
	*f = BENCH_TABLE_TEXT;
	if (ctx->json || (format && !strcmp(format, "json")))
		ctx->json = TRUE;
	else if (format && !strcmp(format, "markdown"))
		*f = BENCH_TABLE_MARKDOWN;
	else if (format && strcmp(format, "text"))
		return usage_error(ctx, "no format '%s' (text, markdown, json)", format);
	return -1;
}

/* Benchmark `name` (NULL: every one) of version `version` of s, shown. */
static int show(struct ctx *ctx, const struct series *s, int version, const char *name,
		enum bench_table_format f, int width, gboolean plot)
{
	GPtrArray *benches = NULL, *shown = NULL, *sizes = NULL;
	GError *e = NULL;
	json_t *report, *size_diffs;
	char *others;
	int rc = 0;

	if (!bench_load_version(&benches, s->state, version, &e))
		return fail(e);
	if (!objsize_load_version(&sizes, s->state, version, &e)) {
		g_ptr_array_unref(benches);
		return fail(e);
	}
	size_diffs = size_list(sizes, name);
	shown = g_ptr_array_new();
	for (guint i = 0; i < benches->len; i++) {
		struct bench *b = g_ptr_array_index(benches, i);
		if (!name || !strcmp(b->name, name))
			g_ptr_array_add(shown, b);
	}
	if (name && !shown->len && !size_diffs) {
		char *have = names_there(benches, sizes);
		rc = failf(QUILL_ERROR_USAGE, "%s: no benchmark '%s' in v%d of %s (there: %s)",
			   ctx->name, name, version, s->name, have);
		g_free(have);
		goto out;
	}
	report = bench_report(ctx, shown, f == BENCH_TABLE_MARKDOWN, width);
	if (plot && !ctx->json)	/* the JSON is the same with --plot */
		json_object_set_new(json_object_get(report, "text"), "plot", json_true());
	if (size_diffs)
		json_object_set(report, "size_diffs", size_diffs);
	emit(ctx, report, bench_view);
	if (shown->len || size_diffs)
		goto out;
	/* --json said so already (an empty list), unless other versions have
	 * some */
	others = versions_with_benches(s, version);
	rc = ctx->json && !others ? QUILL_ERROR_NEGATIVE
	     : failf(QUILL_ERROR_NEGATIVE, "no benchmarks attached to v%d of %s%s%s%s", version,
		     s->name, others ? " (" : "", others ? others : "",
		     !others ? "" : strchr(others, ',') ? " have some: --version N)"
		     : " has some: --version N)");
	g_free(others);
out:
	json_decref(size_diffs);
	g_ptr_array_unref(shown);
	g_ptr_array_unref(benches);
	g_ptr_array_unref(sizes);
	return rc;
}

int cmd_bench_show(int argc, char **argv, struct ctx *ctx)
{
	char *series = NULL, *format = NULL;
	int version = 0, width = BENCH_TABLE_WIDTH;
	gboolean json = FALSE, plot = FALSE;
	GOptionEntry entries[] = {
		{ "version", 0, 0, G_OPTION_ARG_INT, &version, "The version's benchmarks (default: the working version)", "N" },
		{ "format", 'f', 0, G_OPTION_ARG_STRING, &format, "text (default), markdown or json", "FORMAT" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "The same as --format json", NULL },
		{ "width", 'w', 0, G_OPTION_ARG_INT, &width, "Text lines fit this many columns (default 72, for mail)", "COLUMNS" },
		{ "plot", 0, 0, G_OPTION_ARG_NONE, &plot, "A text box plot and histogram of each role's samples instead of the tables", NULL },
		{ "series", 's', 0, G_OPTION_ARG_STRING, &series, "The series (default: the current one)", "SERIES" },
		G_OPTION_ENTRY_NULL
	};
	enum bench_table_format f;
	struct series *s = NULL;
	GError *e = NULL;
	const char *name;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]",
			   "Shows benchmark NAME, or every benchmark, attached to a version of the\n"
			   "series: per metric the roles' n, mean, stddev, median, min and max, and\n"
			   "each role against the first (the delta, the 95% confidence interval of\n"
			   "the difference and Welch's p; \"within noise\" when that interval\n"
			   "includes 0).  Text tables fit 72 columns, for a cover letter; --plot\n"
			   "draws the primary metric of each role on one axis instead (a box plot\n"
			   "and a histogram row, 72 columns, as {{bench NAME plot}} in a cover).\n"
			   "A size comparison attached with bench size --attach NAME is shown as the\n"
			   "cover's {{objsize NAME}} shows it (in JSON: \"size_diffs\", each the\n"
			   "document bench size --json printed).\n"
			   "Exit status 1 when there is nothing to show.",
			   entries);

	if (rc >= 0 || (rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto out;
	name = argc > 1 ? argv[1] : NULL;
	ctx->json = json;
	if ((rc = pick_format(ctx, format, &f)) >= 0)
		goto out;
	if (json && format && strcmp(format, "json"))
		rc = usage_error(ctx, "--json and --format %s disagree", format);
	else if (width < 40)
		rc = usage_error(ctx, "--width needs at least 40");
	else if (plot && width != BENCH_PLOT_WIDTH)
		rc = usage_error(ctx, "--plot draws %d columns: no --width", BENCH_PLOT_WIDTH);
	else if (name && !bench_name_valid(name))
		rc = usage_error(ctx, "'%s' cannot name a benchmark", name);
	else if (!open_series(&s, ctx, series, &e))
		rc = fail(e);
	if (rc >= 0)
		goto out;
	if ((rc = version_arg(ctx, s, &version)) < 0)
		rc = show(ctx, s, version, name, f, width, plot);
out:
	series_free(s);
	g_free(series);
	g_free(format);
	return rc;
}
