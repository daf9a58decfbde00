/* fuzz-bench.c - bench_read on any bytes (the first byte picks the format,
 * auto-detection included): an error names the input and is UTF-8; roles
 * read have metrics of finite values; they survive the JSON file's round
 * trip, their text tables fit the width asked for, and their plot is
 * exactly 72 characters a line.
 *
 * Facts: error (bench_read's); then the roles read, their metrics in all,
 * the warnings on the way, and the roles refused for units that do not
 * convert (conflicts). */
#include "bench/bench-plot.h"
#include "bench/bench-read.h"
#include "bench/bench-stats.h"
#include "bench/bench-table.h"
#include "core/error.h"
#include "fuzz.h"

#include <math.h>

static void fuzz_bench_init(void)
{
}

static void fuzz_bench_warn(void *payload, const char *fmt, ...)
{
	(*(int *)payload)++;
}

static void fuzz_bench_check_role(const struct bench_role *r)
{
	FUZZ_CHECK(r->metrics->len >= 1);
	for (guint i = 0; i < r->metrics->len; i++) {
		const struct bench_metric *m = g_ptr_array_index(r->metrics, i);
		struct bench_summary s;

		FUZZ_CHECK(bench_metric_name_valid(m->name));
		fuzz_check_utf8(m->unit, -1);
		FUZZ_CHECK(bench_metric_n(m) >= 1);
		if (m->samples)
			for (guint k = 0; k < m->samples->len; k++)
				FUZZ_CHECK(isfinite(g_array_index(m->samples, double, k)));
		bench_summarize(&s, m);
		FUZZ_CHECK(s.n == bench_metric_n(m));
		FUZZ_CHECK(m->samples ? isfinite(s.mean) || isinf(s.mean) : isfinite(s.mean));
	}
}

static int fuzz_bench_one(const uint8_t *data, size_t size)
{
	struct bench_read_opts o = { .source = "in", .runs = 3, .warn = fuzz_bench_warn };
	struct bench *b, *back;
	GError *error = NULL;
	int warnings = 0, metrics = 0, conflicts = 0;
	GPtrArray *roles, *list;
	json_t *doc, *doc2, *show;
	char *t1, *t2, *text, **lines;
	int width;

	if (size < 1)
		return 0;
	o.format = (enum bench_format)(data[0] % 6);
	width = 40 + data[0] % 61;
	o.warn_payload = &warnings;
	roles = bench_read((const char *)data + 1, size - 1, &o, &error);
	if (!roles) {
		FUZZ_CHECK(error != NULL);
		fuzz_check_utf8(error->message, -1);
		FUZZ_CHECK(g_str_has_prefix(error->message, "in:") ||
			   g_str_has_prefix(error->message, "in: "));
		fuzz_fact_error(error);
		g_error_free(error);
		return 0;
	}
	FUZZ_CHECK(roles->len >= 1);
	fuzz_fact_error(NULL);
	fuzz_fact_int("roles", roles->len);
	b = bench_new("fuzz");
	for (guint i = 0; i < roles->len; i++) {
		struct bench_role *r = g_ptr_array_index(roles, i);
		fuzz_bench_check_role(r);
		metrics += r->metrics->len;
		g_free(r->role);
		r->role = i ? g_strdup_printf("r%u", i) : g_strdup("base");
		roles->pdata[i] = NULL;
		if (!bench_put_role(b, r, NULL, &error)) {
			/* metrics of one name in units that do not convert */
			FUZZ_CHECK(error && qerr_class(error) == QUILL_ERROR_INPUT);
			g_clear_error(&error);
			conflicts++;
		}
	}
	g_ptr_array_unref(roles);
	fuzz_fact_int("metrics", metrics);
	fuzz_fact_int("warnings", warnings);
	fuzz_fact_int("conflicts", conflicts);

	doc = bench_to_json(b);
	back = bench_from_json(doc, "in.json", NULL, &error);
	FUZZ_CHECK(back != NULL);
	doc2 = bench_to_json(back);
	t1 = json_dumps(doc, JSON_SORT_KEYS | JSON_REAL_PRECISION(17));
	t2 = json_dumps(doc2, JSON_SORT_KEYS | JSON_REAL_PRECISION(17));
	FUZZ_CHECK(t1 && t2 && !strcmp(t1, t2));

	list = g_ptr_array_new();
	g_ptr_array_add(list, b);
	text = bench_tables(list, BENCH_TABLE_TEXT, width);
	fuzz_check_utf8(text, -1);
	lines = g_strsplit(text, "\n", -1);
	for (char **l = lines; *l; l++)
		FUZZ_CHECK(g_utf8_strlen(*l, -1) <= width);
	g_strfreev(lines);
	g_free(text);
	text = bench_tables(list, BENCH_TABLE_MARKDOWN, width);
	fuzz_check_utf8(text, -1);
	g_free(text);
	text = bench_plots(list, &error);
	FUZZ_CHECK(text != NULL);	/* the readers keep only finite values */
	fuzz_check_utf8(text, -1);
	lines = g_strsplit(text, "\n", -1);
	for (char **l = lines; *l && l[1]; l++)
		FUZZ_CHECK(g_utf8_strlen(*l, -1) == BENCH_PLOT_WIDTH && (*l)[strlen(*l) - 1] != ' ');
	g_strfreev(lines);
	g_free(text);
	show = bench_show_json(list);
	FUZZ_CHECK(json_is_array(json_object_get(show, "benchmarks")));

	json_decref(show);
	g_ptr_array_unref(list);
	free(t1);
	free(t2);
	json_decref(doc);
	json_decref(doc2);
	bench_free(back);
	bench_free(b);
	return 0;
}

FUZZ_ENTRY(bench)
