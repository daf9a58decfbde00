/* test-bench-plot.c - lib/bench/bench-plot: every line 72 characters, the
 * marks in the columns their values map to, and the edge cases (one
 * sample, equal samples, zero and negative values, huge ranges, values
 * that are not numbers, roles without samples, long names, UTF-8 units).
 *
 * The known inputs put the axis at 0 .. 57, so that value v is in column v
 * of the 58-column plot area (character 12 + v of a line). */
#include "bench/bench-plot.h"
#include "core/error.h"
#include "unit.h"

#include <math.h>

#define AREA_AT 12

static struct bench_role *role_of(const char *name, const char *unit, const double *v, int n)
{
	struct bench_role *r = bench_role_new(name, "samples");
	struct bench_metric *m = bench_metric_new("wall", unit);

	for (int i = 0; i < n; i++)
		bench_metric_add(m, v[i]);
	g_ptr_array_add(r->metrics, m);
	return r;
}

static void add_role(struct bench *b, const char *name, const char *unit, const double *v, int n)
{
	GError *e = NULL;

	if (!bench_put_role(b, role_of(name, unit, v, n), NULL, &e)) {
		printf("# put_role: %s\n", e->message);
		g_error_free(e);
	}
}

/* Every line exactly 72 characters of valid UTF-8, none ending in a
 * space; the text ends in a newline. */
static int widths_ok(const char *text)
{
	char **lines;
	int good = g_utf8_validate(text, -1, NULL) && g_str_has_suffix(text, "\n");

	lines = g_strsplit(text, "\n", -1);
	for (char **l = lines; *l && l[1]; l++) {
		glong n = g_utf8_strlen(*l, -1);

		if (n != BENCH_PLOT_WIDTH || (*l)[strlen(*l) - 1] == ' ') {
			printf("#   %ld characters: [%s]\n", n, *l);
			good = 0;
		}
	}
	g_strfreev(lines);
	return good;
}

/* Line k (0-based) of text (caller owns). */
static char *line_of(const char *text, int k)
{
	char **lines = g_strsplit(text, "\n", -1), *l;

	l = g_strdup(k < (int)g_strv_length(lines) ? lines[k] : "");
	g_strfreev(lines);
	return l;
}

static char *plot_of(const struct bench *b)
{
	GError *e = NULL;
	char *p = bench_plot(b, &e);

	if (!p) {
		printf("# bench_plot: %s\n", e->message);
		g_error_free(e);
		return g_strdup("");
	}
	return p;
}

/* The lines of the plot of benchmark `name`: role base of values bv, and
 * role patched of pv when there are pn; checked to be 72 characters a
 * line, named `what` (caller frees: g_strfreev). */
static char **plot_lines(const char *name, const char *unit, const double *bv, int bn,
			 const double *pv, int pn, const char *what)
{
	struct bench *b = bench_new(name);
	char *p, **lines, *check;

	add_role(b, "base", unit, bv, bn);
	if (pn)
		add_role(b, "patched", unit, pv, pn);
	p = plot_of(b);
	check = g_strdup_printf("%s: 72 characters a line", what);
	ok(widths_ok(p), check);
	lines = g_strsplit(p, "\n", -1);
	g_free(check);
	g_free(p);
	bench_free(b);
	return lines;
}

static void test_known(void)
{
	const double base[] = { 10, 20, 30, 40, 50 }, ends[] = { 0, 57 };
	const double out[] = { 20, 21, 22, 23, 57 };
	char **l = plot_lines("known", "ms", base, 5, ends, 2, "known"), *p = g_strjoinv("\n", l);

	is_str(p,
	       "known: wall ------------------------------------------------------------\n"
	       "base      |           |---------[=========+=========]---------|        |\n"
	       "  runs    |           #         #         #         #         #        |\n"
	       "patched   | |-------------[==============+=============]-------------| |\n"
	       "  runs    | #                                                        # |\n"
	       "          +-^---------------------------^----------------------------^-+\n"
	       "[ms]      | 0.00                      28.00                      57.00 |\n"
	       "          [=] quartiles  | median  * mean  + both  -| 1.5 IQR  o outlier\n",
	       "known: the whole plot");
	g_free(p);
	g_strfreev(l);

	/* an outlier past 1.5 IQR; the mean apart from the median */
	l = plot_lines("out", "", out, 5, ends, 2, "outlier");
	is_int(l[1][AREA_AT + 57], 'o', "57 is an outlier: 'o' in column 57");
	is_int(l[1][AREA_AT + 20], '|', "the lower whisker ends at the smallest sample, 20");
	is_int(l[1][AREA_AT + 21], '[', "the first quartile, 21");
	is_int(l[1][AREA_AT + 22], '|', "the median, 22");
	is_int(l[1][AREA_AT + 23], ']', "the third quartile (and the upper whisker), 23");
	is_int(l[1][AREA_AT + 29], '*', "the mean, 28.6, in column 29");
	is_int(l[1][AREA_AT + 40], ' ', "nothing between the whisker and the outlier");
	ok(g_str_has_prefix(l[6], "          | 0.00 "), "no unit: an empty field before the labels");
	g_strfreev(l);
}

static void test_one_and_equal(void)
{
	const double one[] = { 5 }, same[] = { 7, 7, 7 };
	char **l = plot_lines("one", "ms", one, 1, NULL, 0, "one sample");

	is_int(l[1][AREA_AT + 28], '+', "one sample: mean and median in the middle column");
	is_int(strspn(l[1] + AREA_AT, " "), 28, "one sample: nothing else on its row");
	is_str(l[3], "          +-----------------------------^------------------------------+",
	       "one value: only the middle tick");
	ok(strspn(l[4] + AREA_AT, " ") == 26 && !strncmp(l[4] + AREA_AT + 26, "5.00", 4) &&
	   strspn(l[4] + AREA_AT + 30, " ") == 29, "one value: its one label");
	is_int(l[4][AREA_AT + 26], '5', "the label is centred under the middle tick");
	g_strfreev(l);

	l = plot_lines("equal", "s", same, 3, same, 3, "equal samples");
	is_int(l[3][AREA_AT + 28], '+', "equal samples: the second role in the middle column too");
	is_int(l[2][AREA_AT + 28], '#', "equal samples: all runs in one histogram column");
	g_strfreev(l);
}

static void test_values(void)
{
	const double neg[] = { -3, -1, 0, 1, 3 }, huge[] = { -1e308, 1e308, 0 };
	const double secs[] = { 0.0091, 0.0093, 0.0092 }, nan_v[] = { 1, NAN }, inf_v[] = { INFINITY };
	char **l = plot_lines("neg", "", neg, 5, NULL, 0, "negative values"), *p;
	struct bench *b;
	GError *e = NULL;

	ok(g_str_has_prefix(l[4] + AREA_AT, "-3.00 "), "the lowest label is -3.00");
	ok(g_str_has_suffix(l[4], " 3.00 |"), "the highest label is 3.00");
	g_strfreev(l);

	l = plot_lines("huge", "", huge, 3, NULL, 0, "a range past DBL_MAX");
	is_int(l[1][AREA_AT], '|', "-1e308 in column 0");
	is_int(l[1][AREA_AT + 57], '|', "1e308 in column 57");
	is_int(l[1][AREA_AT + 29], '+', "0 (mean and median) at 28.5 of 57: column 29");
	ok(strstr(l[4], "-1.000e+308") && strstr(l[4], "1.000e+308 |"), "huge labels in exponent form");
	g_strfreev(l);

	l = plot_lines("secs", "s", secs, 3, NULL, 0, "seconds");
	ok(g_str_has_prefix(l[4], "[ms]      | 9.10 "), "seconds shown in ms, as the tables would");
	ok(g_str_has_suffix(l[4], " 9.30 |") && strstr(l[4], " 9.20 "), "to the decimals the range needs");
	g_strfreev(l);

	b = bench_new("nan");
	add_role(b, "base", "ms", nan_v, 2);
	ok(!bench_plot(b, &e) && e && qerr_class(e) == QUILL_ERROR_INPUT, "a NaN sample is refused");
	ok(e && strstr(e->message, "not a finite number"), "the error says why");
	g_clear_error(&e);
	bench_free(b);
	b = bench_new("inf");
	add_role(b, "base", "ms", neg, 5);
	add_role(b, "patched", "ms", inf_v, 1);
	ok(!bench_plot(b, &e) && e && strstr(e->message, "role patched"),
	   "an infinite sample is refused, naming its role");
	g_clear_error(&e);
	bench_free(b);
	b = bench_new("none");
	p = plot_of(b);
	ok(widths_ok(p), "no roles: 72 characters a line");
	l = g_strsplit(p, "\n", -1);
	is_str(l[1], "          | no samples                                                 |",
	       "no roles: no samples");
	g_strfreev(l);
	g_free(p);
	bench_free(b);
}

#define E8 "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
#define E10 E8 "\xc3\xa9\xc3\xa9"
#define N6 "\xc3\xb1\xc3\xb1\xc3\xb1\xc3\xb1\xc3\xb1\xc3\xb1"
#define N8 N6 "\xc3\xb1\xc3\xb1"

/* A benchmark of one role `role` in `unit`: 72 characters a line, and
 * line k starts with `prefix`. */
static void utf8_case(const char *role, const char *unit, int k, const char *prefix,
		      const char *what)
{
	const double v[] = { 1, 2, 3 };
	struct bench *b = bench_new("utf8");
	char *p, *l, *check = g_strdup_printf("%s: 72 characters a line", what);

	g_ptr_array_add(b->roles, role_of(role, unit, v, 3));
	p = plot_of(b);
	ok(widths_ok(p), check);
	l = line_of(p, k);
	ok(g_str_has_prefix(l, prefix), what);
	if (!g_str_has_prefix(l, prefix))
		printf("#   got [%s]\n", l);
	g_free(check);
	g_free(l);
	g_free(p);
	bench_free(b);
}

static void test_roles_and_names(void)
{
	const double v[] = { 1, 2, 3 };
	struct bench *b = bench_new("roles");
	struct bench_role *r = bench_role_new("summary", "perf-stat");
	struct bench_metric *m = bench_metric_new("wall", "ms");
	char *p, *l;

	add_role(b, "base", "ms", v, 3);
	m->samples = (g_array_unref(m->samples), NULL);
	m->n = 5;
	m->mean = 2;
	m->stddev = NAN;
	g_ptr_array_add(r->metrics, m);
	bench_put_role(b, r, NULL, NULL);
	r = bench_role_new("other", "samples");
	g_ptr_array_add(r->metrics, bench_metric_new("user", "ms"));
	bench_metric_add(g_ptr_array_index(r->metrics, 0), 9);
	bench_put_role(b, r, NULL, NULL);
	add_role(b, "a-very-long-role-name", "ms", v, 3);
	p = plot_of(b);
	ok(widths_ok(p), "summaries, missing metrics, long names: 72 characters a line");
	l = line_of(p, 3);
	ok(g_str_has_prefix(l, "summary   |") && l[AREA_AT + 29] == '*',
	   "a summary: its mean, 2 of 1 .. 3, in column 29 (28.5 rounded)");
	g_free(l);
	l = line_of(p, 4);
	ok(strstr(l, "mean of 5 runs only: no samples") != NULL, "a summary says it has no samples");
	g_free(l);
	l = line_of(p, 5);
	ok(g_str_has_prefix(l, "other     | no samples "), "a role without the metric: no samples");
	g_free(l);
	l = line_of(p, 6);
	ok(g_str_has_prefix(l, "a-very-l~ |"), "a long name is cut to 9 characters, the last '~'");
	g_free(l);
	g_free(p);
	bench_free(b);

	/* UTF-8 names and units, cut at a character's start */
	utf8_case(E10, "\xc2\xb5ops", 1, E8 "~ |", "a UTF-8 name cut after 8 characters");
	utf8_case("base", "\xc2\xb5ops", 4, "[\xc2\xb5ops]    |", "a UTF-8 unit in its field");
	utf8_case("base", N8 "\xff", 4, "[" N6 "~] |", "a long unit with a bad byte, cut to 7 characters");
}

static void test_plots(void)
{
	const double v[] = { 1, 2, 3 };
	GPtrArray *list = g_ptr_array_new_with_free_func((GDestroyNotify)bench_free);
	struct bench *a = bench_new("a"), *b = bench_new("b");
	char *p, *pa;

	add_role(a, "base", "ms", v, 3);
	add_role(b, "base", "ms", v, 3);
	p = bench_plots(list, NULL);
	is_str(p, "", "no benchmarks: no plots");
	g_free(p);
	g_ptr_array_add(list, a);
	g_ptr_array_add(list, b);
	p = bench_plots(list, NULL);
	pa = plot_of(a);
	ok(g_str_has_prefix(p, pa) && p[strlen(pa)] == '\n' && p[strlen(pa) + 1] == 'b',
	   "two plots, a blank line between");
	g_free(pa);
	g_free(p);
	g_ptr_array_unref(list);
}

int main(int argc, char **argv)
{
	unit_init(argc, argv);
	UNIT_CASE("known")
		test_known();
	UNIT_CASE("one-and-equal")
		test_one_and_equal();
	UNIT_CASE("values")
		test_values();
	UNIT_CASE("roles")
		test_roles_and_names();
	UNIT_CASE("plots")
		test_plots();
	return done_testing();
}
