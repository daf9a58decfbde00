/* test-bench.c - lib/bench: statistics against reference values, the JSON
 * file round trip, units and decimals.
 *
 * Where the reference values come from:
 *   - n, mean, median, stdev: python3's statistics module (3.11) on the
 *     same lists (statistics.mean, .median, .stdev: the n-1 form);
 *   - Student-t quantiles t(0.975, df): the printed two-sided 5% table
 *     (df 1: 12.706, 2: 4.303, 4: 2.776, 9: 2.262, 29: 2.045), to more
 *     digits from mpmath 1.3 (findroot on the integral of the t density);
 *   - p-values: mpmath.quad of the t density from |t| to infinity (30
 *     digits), and the table value P(|T| > 2, df 10) = 0.0734;
 *   - I_x(a, b): mpmath.betainc(a, b, 0, x, regularized=True); I_0.4(2, 3)
 *     is also P(Bin(4, 0.4) >= 2) = 1 - 0.6^4 - 4 * 0.4 * 0.6^3 = 0.5248;
 *   - Welch's t, df and the CI of the difference: the textbook formulas
 *     evaluated in python3 floats with the quantile above.
 * The script that printed them is not kept; the numbers are below with the
 * data they belong to. */
#include "bench/bench.h"
#include "bench/bench-read.h"
#include "bench/bench-stats.h"
#include "bench/bench-table.h"
#include "core/error.h"
#include "unit.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

static void is_num_(double got, double want, double tol, const char *name, const char *file,
		    int line)
{
	int same = (isnan(got) && isnan(want)) ||
		   (isfinite(got) && isfinite(want) && fabs(got - want) <= tol * fmax(1, fabs(want)));

	if (!ok_(same, name, file, line))
		printf("#   got %.17g, want %.17g (tolerance %g)\n", got, want, tol);
}
#define is_num(got, want, tol, name) is_num_((got), (want), (tol), (name), __FILE__, __LINE__)

static void summary_of(struct bench_summary *s, const double *v, int n)
{
	bench_summarize_values(s, v, n);
}

static void test_distribution(void)
{
	/* quantiles: table values (5 significant digits) and mpmath's */
	is_num(bench_t_quantile(0.975, 1), 12.7062047361949, 1e-9, "t(0.975, 1) = 12.706");
	is_num(bench_t_quantile(0.975, 2), 4.30265272974946, 1e-9, "t(0.975, 2) = 4.303");
	is_num(bench_t_quantile(0.975, 4), 2.77644510519779, 1e-9, "t(0.975, 4) = 2.776");
	is_num(bench_t_quantile(0.975, 9), 2.2621571627982, 1e-9, "t(0.975, 9) = 2.262");
	is_num(bench_t_quantile(0.975, 29), 2.0452296421327, 1e-9, "t(0.975, 29) = 2.045");
	is_num(bench_t_quantile(0.975, 5.5), 2.50185861758924, 1e-9, "t(0.975, 5.5), a fractional df");
	is_num(bench_t_quantile(0.025, 4), -2.77644510519779, 1e-9, "the lower quantile is the negated upper one");
	is_num(bench_t_quantile(0.975, 1e7), 1.959964, 1e-6, "large df: the normal's 1.959964");
	is_num(bench_t_quantile(0.5, 3), 0, 0, "the median of t is 0");
	ok(isnan(bench_t_quantile(1, 3)) && isnan(bench_t_quantile(0, 3)), "p outside (0,1) has no quantile");

	/* tails */
	is_num(bench_t_two_sided(2, 10), 0.0733880347707404, 1e-10, "P(|T| > 2), df 10 = 0.0734");
	is_num(bench_t_two_sided(-2, 10), 0.0733880347707404, 1e-10, "the tail is symmetric");
	is_num(bench_t_two_sided(3.5, 7.3), 0.00934313852848556, 1e-10, "P(|T| > 3.5), df 7.3");
	is_num(bench_t_two_sided(0, 5), 1, 1e-15, "P(|T| > 0) = 1");
	is_num(bench_t_cdf(2, 10), 1 - 0.0733880347707404 / 2, 1e-10, "the CDF above 0");
	is_num(bench_t_cdf(-2, 10), 0.0733880347707404 / 2, 1e-10, "the CDF below 0");
	is_num(bench_t_cdf(1, 1), 0.75, 1e-12, "Cauchy: F(1) = 3/4");

	/* the incomplete beta function */
	is_num(bench_betai(2, 3, 0.4), 0.5248, 1e-12, "I_0.4(2,3) = 0.5248");
	is_num(bench_betai(0.5, 5, 0.9), 0.999997429410300771, 1e-12, "I_0.9(0.5,5), the symmetric branch");
	is_num(bench_betai(3, 4, 0), 0, 0, "I_0 = 0");
	is_num(bench_betai(3, 4, 1), 1, 0, "I_1 = 1");
}

static void test_summaries(void)
{
	static const double a[] = { 10.1, 10.3, 9.8, 10.0, 10.2 };
	static const double even[] = { 4, 1, 3, 2 };
	static const double one[] = { 7.25 };
	static const double same[] = { 0.1, 0.1, 0.1 };
	struct bench_summary s;

	summary_of(&s, a, 5);
	is_int(s.n, 5, "n");
	is_num(s.mean, 10.08, 1e-14, "mean 10.08 (statistics.mean)");
	is_num(s.median, 10.1, 1e-15, "median of an odd count (statistics.median)");
	is_num(s.stddev, 0.19235384061671326, 1e-13, "sample stddev, n-1 (statistics.stdev)");
	is_num(s.min, 9.8, 0, "min");
	is_num(s.max, 10.3, 0, "max");
	is_num(s.ci_lo, 9.8411611611900014, 1e-12, "95% CI low: mean - t(0.975,4) s/sqrt(n)");
	is_num(s.ci_hi, 10.318838838809999, 1e-12, "95% CI high");

	summary_of(&s, even, 4);
	is_num(s.median, 2.5, 0, "median of an even count is the middle two's mean");
	is_num(s.stddev, 1.2909944487358056, 1e-13, "stddev of 1..4 (statistics.stdev)");

	summary_of(&s, one, 1);
	is_num(s.mean, 7.25, 0, "one value: its mean");
	ok(isnan(s.stddev) && isnan(s.ci_lo) && isnan(s.ci_hi), "one value: no stddev, no CI");

	summary_of(&s, same, 3);
	is_num(s.mean, 0.1, 0, "equal values: the mean is exactly that value");
	is_num(s.stddev, 0, 0, "equal values: stddev 0");

	{
		struct bench_metric *m = bench_metric_new("wall", "s");
		m->n = 9;
		m->mean = 2.0;
		m->stddev = 0.3;
		g_array_unref(m->samples);
		m->samples = NULL;
		bench_summarize(&s, m);
		is_int(s.n, 9, "a summary metric: its n");
		ok(isnan(s.median) && isnan(s.min) && isnan(s.max), "a summary has no median, min, max");
		/* t(0.975, 8) = 2.30600413520417 (table 2.306) */
		is_num(s.ci_hi, 2.0 + 2.30600413520417 * 0.3 / 3, 1e-12, "a summary's CI from its stddev");
		bench_metric_free(m);
	}
}

static void test_welch(void)
{
	static const double a1[] = { 10.1, 10.3, 9.8, 10.0, 10.2 };
	static const double b1[] = { 11.0, 11.4, 10.9, 11.2, 11.1 };
	static const double a2[] = { 1.0, 1.2, 0.9, 1.1 };
	static const double b2[] = { 1.05, 1.15, 0.95, 1.2 };
	static const double a3[] = { 20.5, 21.0, 19.8, 20.2, 20.9, 21.3, 20.0, 19.9, 20.4, 20.7 };
	static const double b3[] = { 19.6, 20.1, 19.2, 19.9, 19.5, 20.3 };
	struct bench_summary sa, sb;
	struct bench_comparison c;

	/* set 1: a clear slowdown, equal variances, df = 8 exactly */
	summary_of(&sa, a1, 5);
	summary_of(&sb, b1, 5);
	bench_compare(&c, &sa, &sb);
	is_num(c.delta_pct, 10.317460317460309, 1e-12, "set 1: delta +10.317%");
	is_num(c.t, 8.5487473398785774, 1e-10, "set 1: Welch t");
	is_num(c.df, 8, 1e-10, "set 1: Welch-Satterthwaite df = 8");
	is_num(c.p_value, 2.7004956217258746e-05, 1e-7, "set 1: p = 2.70e-5 (mpmath)");
	is_num(c.diff_lo, 0.75946248903334623, 1e-10, "set 1: CI of the difference, low");
	is_num(c.diff_hi, 1.320537510966652, 1e-10, "set 1: CI of the difference, high");
	ok(c.judged && c.significant, "set 1: significant");

	/* set 2: within noise */
	summary_of(&sa, a2, 4);
	summary_of(&sb, b2, 4);
	bench_compare(&c, &sa, &sb);
	is_num(c.delta_pct, 3.5714285714285587, 1e-12, "set 2: delta +3.571%");
	is_num(c.t, 0.44073189618695113, 1e-10, "set 2: t");
	is_num(c.df, 5.8661066693654487, 1e-10, "set 2: fractional df");
	is_num(c.p_value, 0.67518375333848479, 1e-9, "set 2: p = 0.675 (mpmath)");
	is_num(c.diff_lo, -0.17185466944508063, 1e-10, "set 2: CI low below 0");
	is_num(c.diff_hi, 0.24685466944508036, 1e-10, "set 2: CI high above 0");
	ok(c.judged && !c.significant, "set 2: within noise (the CI includes 0)");

	/* set 3: unequal n, a speed-up */
	summary_of(&sa, a3, 10);
	summary_of(&sb, b3, 6);
	is_num(sb.ci_lo, 19.338236360727279, 1e-12, "set 3: CI of n = 6 uses t(0.975, 5) = 2.571");
	bench_compare(&c, &sa, &sb);
	is_num(c.delta_pct, -3.4359224881941044, 1e-12, "set 3: delta -3.436%");
	is_num(c.t, -3.0515682205866477, 1e-10, "set 3: negative t");
	is_num(c.df, 12.503624666708923, 1e-10, "set 3: df 12.50");
	is_num(c.p_value, 0.0096416837084971809, 1e-9, "set 3: p = 0.00964 (mpmath)");
	is_num(c.diff_lo, -1.2032775436959646, 1e-10, "set 3: CI low");
	is_num(c.diff_hi, -0.20338912297070155, 1e-10, "set 3: CI high below 0");
	ok(c.significant, "set 3: significant");
	ok((c.p_value < 0.05) == c.significant, "set 3: p < 0.05 agrees with the CI");

	/* not judged: a single value */
	summary_of(&sb, b1, 1);
	bench_compare(&c, &sa, &sb);
	ok(!c.judged && !c.significant && isnan(c.p_value), "one value on a side: not judged");
	is_num(c.delta_pct, 100 * (11.0 - 20.47) / 20.47, 1e-9, "the delta is there all the same");
}

static void test_units(void)
{
	static const struct {
		const char *in, *out;
	} canon[] = {
		{ "seconds", "s" }, { "msec", "ms" }, { "[sec]", "s" }, { " usec ", "us" },
		{ "\xc2\xb5s", "us" }, { "B", "bytes" }, { "(ms)", "ms" }, { "cycles", "cycles" },
		{ "", "" },
	};
	char *u;

	for (size_t i = 0; i < G_N_ELEMENTS(canon); i++) {
		char *name = g_strdup_printf("unit '%s' is '%s'", canon[i].in, canon[i].out);
		u = bench_unit_canonical(canon[i].in);
		is_str(u, canon[i].out, name);
		g_free(u);
		g_free(name);
	}
	is_num(bench_unit_convert("ms", "s"), 1e-3, 1e-15, "ms to s");
	is_num(bench_unit_convert("s", "us"), 1e6, 1e-9, "s to us");
	is_num(bench_unit_convert("KiB", "bytes"), 1024, 0, "KiB to bytes");
	is_num(bench_unit_convert("ms", "bytes"), 0, 0, "time and size do not convert");
	is_num(bench_unit_convert("cycles", "cycles"), 1, 0, "equal unknown units convert");
	is_num(bench_unit_convert("cycles", "instructions"), 0, 0, "different unknown units do not");
	is_int(bench_decimals_of("244.28"), 2, "decimals of 244.28");
	is_int(bench_decimals_of("70190"), 0, "decimals of an integer");
	is_int(bench_decimals_of("1.5e-3"), 4, "decimals of 1.5e-3");
	is_int(bench_decimals_of("15.989429"), 6, "decimals of 15.989429");
	ok(bench_name_valid("rebind") && bench_name_valid("v1.2_x+y-z"), "valid names");
	ok(!bench_name_valid("") && !bench_name_valid("-x") && !bench_name_valid(".x") &&
	   !bench_name_valid("a/b") && !bench_name_valid("a b"), "invalid names");
}

static struct bench *sample_bench(void)
{
	struct bench *b = bench_new("rebind");
	struct bench_role *base = bench_role_new("base", "run");
	struct bench_role *patched = bench_role_new("patched", "samples");
	struct bench_metric *m;
	gboolean replaced = TRUE;

	base->command = g_strdup("./rebind.sh 30");
	base->host = g_strdup("x86_64, 2 CPUs");
	base->warmup = 2;
	m = bench_metric_new("wall", "s");
	bench_metric_add(m, 0.1);
	bench_metric_add(m, 0.30000000000000004);
	bench_metric_add(m, 1.0 / 3);
	g_ptr_array_add(base->metrics, m);
	m = bench_metric_new("task-clock", "msec");
	g_array_unref(m->samples);
	m->samples = NULL;
	m->n = 5;
	m->mean = 12.5;
	m->stddev = NAN;
	g_ptr_array_add(base->metrics, m);

	m = bench_metric_new("wall", "ms");
	m->decimals = 1;
	bench_metric_add(m, 150.5);
	bench_metric_add(m, 250.5);
	g_ptr_array_add(patched->metrics, m);

	ok(bench_put_role(b, base, &replaced, NULL) && !replaced, "put base");
	ok(bench_put_role(b, patched, &replaced, NULL) && !replaced, "put a second role");
	return b;
}

static void test_model_and_json(void)
{
	struct bench *b = sample_bench(), *back;
	struct bench_role *r;
	struct bench_metric *m;
	json_t *doc, *reread;
	char *text, *again;
	GError *error = NULL;
	gboolean foreign = TRUE, replaced = FALSE;

	{
		struct bench *o = bench_new("order");
		bench_put_role(o, bench_role_new("patched", "run"), NULL, NULL);
		bench_put_role(o, bench_role_new("tuned", "run"), NULL, NULL);
		bench_put_role(o, bench_role_new("base", "run"), NULL, NULL);
		ok(o->roles->len == 3 &&
		   !strcmp(((struct bench_role *)g_ptr_array_index(o->roles, 0))->role, "base") &&
		   !strcmp(((struct bench_role *)g_ptr_array_index(o->roles, 2))->role, "tuned"),
		   "base goes first, the others in the order they came");
		bench_free(o);
	}
	m = bench_role_metric(bench_get_role(b, "patched"), "wall");
	is_str(m->unit, "s", "a role's metric is converted to the unit already there");
	is_num(g_array_index(m->samples, double, 0), 0.1505, 1e-15, "150.5 ms became 0.1505 s");
	is_int(m->decimals, 4, "and its decimals moved with the unit (1 -> 4)");

	doc = bench_to_json(b);
	text = json_dumps(doc, JSON_SORT_KEYS | JSON_REAL_PRECISION(17));
	back = bench_from_json(doc, "test", &foreign, &error);
	ok(back != NULL && !foreign, "the JSON reads back");
	if (!back) {
		printf("#   %s\n", error ? error->message : "?");
		return;
	}
	reread = bench_to_json(back);
	again = json_dumps(reread, JSON_SORT_KEYS | JSON_REAL_PRECISION(17));
	is_str(again, text, "the round trip is exact (17 digits)");
	r = bench_get_role(back, "base");
	ok(r && r->warmup == 2 && !strcmp(r->command, "./rebind.sh 30") && !r->file,
	   "role fields survive; a null stays NULL");
	m = r ? bench_role_metric(r, "wall") : NULL;
	ok(m && m->samples && m->samples->len == 3 &&
	   g_array_index(m->samples, double, 1) == 0.30000000000000004, "samples are bit-exact");
	m = r ? bench_role_metric(r, "task-clock") : NULL;
	ok(m && !m->samples && m->n == 5 && m->mean == 12.5 && isnan(m->stddev) &&
	   !strcmp(m->unit, "ms"), "a summary with an unknown stddev survives");
	g_free(again);
	json_decref(reread);
	bench_free(back);

	/* a replaced role; a unit that does not convert changes nothing */
	r = bench_role_new("base", "csv");
	m = bench_metric_new("wall", "bytes");
	bench_metric_add(m, 1);
	g_ptr_array_add(r->metrics, m);
	ok(!bench_put_role(b, r, &replaced, &error) && error && error->code == QUILL_ERROR_INPUT,
	   "a metric in a unit that does not convert is refused");
	g_clear_error(&error);
	ok(!strcmp(bench_get_role(b, "base")->source, "run"), "and the role there stays");
	r = bench_role_new("base", "csv");
	m = bench_metric_new("wall", "ms");
	bench_metric_add(m, 1);
	g_ptr_array_add(r->metrics, m);
	ok(bench_put_role(b, r, &replaced, NULL) && replaced, "a role of the same name is replaced");
	is_int(b->roles->len, 2, "still two roles");

	/* not a benchmark */
	json_decref(doc);
	doc = json_pack("{s:s}", "kind", "something-else");
	ok(!bench_from_json(doc, "x.json", &foreign, &error) && foreign, "JSON of another kind is foreign");
	g_clear_error(&error);
	json_decref(doc);
	doc = json_pack("{s:s, s:[{s:s}]}", "name", "x", "roles", "role", "base");
	ok(!bench_from_json(doc, "x.json", &foreign, &error) && !foreign && error &&
	   error->code == QUILL_ERROR_INPUT && strstr(error->message, "x.json"),
	   "a broken benchmark is an input error naming the file");
	g_clear_error(&error);
	json_decref(doc);
	g_free(text);
	bench_free(b);
}

static GPtrArray *read_str(const char *data, enum bench_format f, GError **error)
{
	struct bench_read_opts o = { .format = f, .source = "in.txt" };

	return bench_read(data, strlen(data), &o, error);
}

static void test_readers(void)
{
	GError *error = NULL;
	GPtrArray *roles;
	struct bench_metric *m;
	struct bench_summary s;

	roles = read_str("# rebind\n1.5 ms\n2.5 ms\n\n3.25 ms\n", BENCH_FORMAT_AUTO, &error);
	ok(roles && roles->len == 1, "samples are detected and read");
	if (roles) {
		m = g_ptr_array_index(((struct bench_role *)g_ptr_array_index(roles, 0))->metrics, 0);
		bench_summarize(&s, m);
		ok(s.n == 3 && fabs(s.mean - 2.4166666666666665) < 1e-12 && !strcmp(m->unit, "ms") &&
		   m->decimals == 2, "three samples in ms, two decimals");
		g_ptr_array_unref(roles);
	}
	roles = read_str("1.5\n2.5\nabc\n", BENCH_FORMAT_SAMPLES, &error);
	ok(!roles && error && !strcmp(error->message, "in.txt:3: not a number"),
	   "a bad sample names file:line");
	g_clear_error(&error);

	roles = read_str("Total time: 15.989429 seconds\nTotal time: 16.1 seconds\n", BENCH_FORMAT_AUTO,
			 &error);
	ok(roles != NULL, "kv lines are detected");
	if (roles) {
		struct bench_role *r = g_ptr_array_index(roles, 0);
		m = bench_role_metric(r, "Total time");
		ok(m && m->samples->len == 2 && !strcmp(m->unit, "s") && m->decimals == 6,
		   "kv: one metric, its unit canonical, six decimals");
		g_ptr_array_unref(roles);
	}
	roles = read_str("Total time: 1 s\nTotal time: 1 bytes\n", BENCH_FORMAT_KV, &error);
	ok(!roles && error && g_str_has_prefix(error->message, "in.txt:2: "),
	   "a key whose unit changes is an error at its line");
	g_clear_error(&error);

	roles = read_str("label,value,unit\nrebind,1.25,ms\nrebind,1.75,ms\nprobe,3,us\n",
			 BENCH_FORMAT_AUTO, &error);
	ok(roles && bench_role_metric(g_ptr_array_index(roles, 0), "probe") &&
	   bench_role_metric(g_ptr_array_index(roles, 0), "rebind")->samples->len == 2,
	   "csv with a header: one metric per label");
	if (roles)
		g_ptr_array_unref(roles);
	roles = read_str("rebind,1.25,ms\nrebind,x,ms\n", BENCH_FORMAT_CSV, &error);
	ok(!roles && error && g_str_has_prefix(error->message, "in.txt:2: "), "csv: a bad value at its line");
	g_clear_error(&error);

	roles = read_str("{\"results\": 3}", BENCH_FORMAT_AUTO, &error);
	ok(!roles && error && error->code == QUILL_ERROR_INPUT, "hyperfine JSON without results");
	g_clear_error(&error);
	roles = read_str("{\"results\": [{\"command\": \"x\", \"times\": [0.5, 0.25], \"user\": 0.1,"
			 " \"system\": 0.05, \"exit_codes\": [0, 0]}]}",
			 BENCH_FORMAT_AUTO, &error);
	ok(roles && roles->len == 1, "hyperfine JSON is read");
	if (roles) {
		struct bench_role *r = g_ptr_array_index(roles, 0);
		is_str(r->command, "x", "hyperfine: the command");
		m = bench_role_metric(r, "wall");
		ok(m && m->samples->len == 2, "hyperfine: wall from times");
		m = bench_role_metric(r, "user");
		ok(m && !m->samples && m->n == 2 && m->mean == 0.1, "hyperfine: user as a summary");
		g_ptr_array_unref(roles);
	}
}

/* The warnings a reader gives: their count, the last one kept. */
struct warned {
	int n;
	char *last;
};

static void count_warning(void *payload, const char *fmt, ...)
{
	struct warned *w = payload;
	va_list ap;

	va_start(ap, fmt);
	g_free(w->last);
	w->last = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	w->n++;
}

static GPtrArray *read_warned(const char *data, enum bench_format f, struct warned *w,
			      GError **error)
{
	struct bench_read_opts o = { .format = f, .source = "in.txt", .warn = count_warning,
				     .warn_payload = w };

	g_free(w->last);
	w->last = NULL;
	w->n = 0;
	return bench_read(data, strlen(data), &o, error);
}

static void test_blocks(void)
{
	struct warned w = { 0, NULL };
	GError *error = NULL;
	GPtrArray *roles;
	struct bench_summary s;
	const char *reply = "Hi Ada, the numbers:\n"
			    "> quoted: 1 s\n"
			    "Without X:\n"
			    "Total time: 15.5 seconds\n"
			    "Total time: 16.5 seconds\n"
			    "\n"
			    "With X:\n"
			    "Total time: 14 seconds\n"
			    "Tested-by: Bo <bo@example.org>\n"
			    "Thanks,\n";

	is_int(bench_detect_format(reply, strlen(reply)), BENCH_FORMAT_KV,
	       "a reply with labelled blocks is kv, whatever its first line");
	roles = read_warned(reply, BENCH_FORMAT_AUTO, &w, &error);
	ok(roles && roles->len == 2, "two labelled blocks are two roles");
	if (roles && roles->len == 2) {
		const struct bench_role *a = g_ptr_array_index(roles, 0), *b = g_ptr_array_index(roles, 1);

		is_str(a->command, "Without X", "the first heading is the first role's command");
		is_str(b->command, "With X", "and the second the second's");
		bench_summarize(&s, bench_role_metric(a, "Total time"));
		ok(s.n == 2 && s.mean == 16, "the first block's values only");
		bench_summarize(&s, bench_role_metric(b, "Total time"));
		ok(s.n == 1 && s.mean == 14, "the second block's values only");
		ok(!strcmp(a->source, "kv") && !strcmp(a->file, "in.txt"), "source and file as for kv");
	}
	ok(w.n == 1 && !g_strcmp0(w.last, "in.txt: 4 lines of text skipped "
					  "(neither a value nor a heading of values)"),
	   "one warning counting the text skipped");
	if (roles)
		g_ptr_array_unref(roles);

	roles = read_warned("Without:\n1.5 ms\n2.5 ms\nWith:\n1 ms\n", BENCH_FORMAT_AUTO, &w, &error);
	ok(roles && roles->len == 2 && w.n == 0, "samples in blocks, nothing skipped");
	if (roles)
		g_ptr_array_unref(roles);

	roles = read_warned("Total time: 1 s\nsome prose\nTotal time: 3 s\n", BENCH_FORMAT_KV, &w,
			    &error);
	ok(roles && roles->len == 1 && !((struct bench_role *)g_ptr_array_index(roles, 0))->command,
	   "kv without headings: one role, no command");
	ok(w.n == 1 && g_str_has_prefix(w.last, "in.txt: 1 line of text skipped"),
	   "a line without ':' is text, skipped with a warning");
	if (roles)
		g_ptr_array_unref(roles);

	roles = read_warned("Total time: 1 s\nTotal time: fast\n", BENCH_FORMAT_KV, &w, &error);
	ok(!roles && error && !strcmp(error->message, "in.txt:2: the value is not a number"),
	   "without headings a value that is not a number stays an error");
	g_clear_error(&error);
	roles = read_warned("Empty:\nWith:\nTotal time: 2 s\n", BENCH_FORMAT_KV, &w, &error);
	ok(roles && roles->len == 1 && w.n == 1, "a heading without values is text");
	if (roles)
		g_ptr_array_unref(roles);
	roles = read_warned("Only:\nprose\n", BENCH_FORMAT_KV, &w, &error);
	ok(!roles && error && !strcmp(error->message, "in.txt: no 'key: value' lines") && w.n == 0,
	   "no values at all: an error, no warning");
	g_clear_error(&error);
	g_free(w.last);
}

/* A role of samples `v` of metric "wall" in s. */
static struct bench_role *role_of(const char *name, const double *v, int n)
{
	struct bench_role *r = bench_role_new(name, "csv");
	struct bench_metric *m = bench_metric_new("wall", "s");

	for (int i = 0; i < n; i++)
		bench_metric_add(m, v[i]);
	g_ptr_array_add(r->metrics, m);
	return r;
}

/* Every line at most `width`, no "inf", no run of digits longer than a
 * number may be. */
static gboolean narrow(const char *text, int width)
{
	char **lines = g_strsplit(text, "\n", -1);
	gboolean good = !strstr(text, "inf");

	for (char **l = lines; *l; l++) {
		int run = 0;
		if (g_utf8_strlen(*l, -1) > width)
			good = FALSE;
		for (const char *p = *l; *p; p++) {
			run = g_ascii_isdigit(*p) || *p == '.' ? run + 1 : 0;
			if (run > BENCH_TABLE_NUMBER_WIDTH)
				good = FALSE;
		}
	}
	g_strfreev(lines);
	return good;
}

static void test_range(void)
{
	const double huge[] = { 1e300, 1.2e300 }, overflow[] = { 1e308, 1.5e308 },
		     tiny[] = { 1e-300, 2e-300 }, big[] = { 123456789012345678.0, 2e17 };
	struct bench_read_opts o = { .format = BENCH_FORMAT_SAMPLES, .source = "in.txt" };
	struct bench *b = bench_new("far");
	GPtrArray *list = g_ptr_array_new(), *roles;
	GError *error = NULL;
	char *text, **lines;

	g_ptr_array_add(list, b);
	bench_put_role(b, role_of("base", huge, 2), NULL, NULL);
	text = bench_tables(list, BENCH_TABLE_TEXT, 72);
	lines = g_strsplit(text, "\n", -1);
	ok(narrow(text, 72) && strstr(text, "1.1000e+300") && g_strv_length(lines) <= 4,
	   "a mean of 1.1e300 (stored before readers refused it): one narrow number, a short table");
	g_strfreev(lines);
	g_free(text);
	bench_put_role(b, role_of("patched", tiny, 2), NULL, NULL);
	text = bench_tables(list, BENCH_TABLE_TEXT, 72);
	ok(narrow(text, 72) && strstr(text, "patched vs base: -100.00%"), "1e300 against 1e-300");
	g_free(text);
	bench_put_role(b, role_of("base", tiny, 2), NULL, NULL);
	bench_put_role(b, role_of("patched", huge, 2), NULL, NULL);
	text = bench_tables(list, BENCH_TABLE_TEXT, 72);
	ok(narrow(text, 72) && strstr(text, "patched vs base: n/a"),
	   "1e-300 against 1e300: a percentage past any double, n/a");
	g_free(text);
	bench_put_role(b, role_of("base", overflow, 2), NULL, NULL);
	text = bench_tables(list, BENCH_TABLE_TEXT, 72);
	ok(narrow(text, 72) && strstr(text, "patched vs base: not compared (a mean out of range)"),
	   "a mean that overflows: no inf, not compared");
	g_free(text);
	text = bench_tables(list, BENCH_TABLE_MARKDOWN, 72);
	ok(!strstr(text, "inf"), "nor in markdown");
	g_free(text);
	bench_put_role(b, role_of("base", big, 2), NULL, NULL);
	bench_put_role(b, role_of("patched", big, 1), NULL, NULL);
	text = bench_tables(list, BENCH_TABLE_TEXT, 72);
	ok(narrow(text, 72) && strstr(text, "1.6173e+17"), "1.6e17 s: exponent form, not 21 characters");
	g_free(text);
	g_ptr_array_unref(list);
	bench_free(b);

	roles = bench_read("1\n1e308\n", strlen("1\n1e308\n"), &o, &error);
	ok(!roles && error && qerr_class(error) == QUILL_ERROR_INPUT &&
		   !strcmp(error->message, "in.txt:2: 1e+308 is out of range (magnitude over 1e18)"),
	   "the reader refuses 1e308, naming file:line");
	g_clear_error(&error);
	roles = bench_read("-1e18\n1e18\n", strlen("-1e18\n1e18\n"), &o, &error);
	ok(roles != NULL, "1e18 either way is read");
	if (roles)
		g_ptr_array_unref(roles);
}

static void test_table(void)
{
	struct bench *b = sample_bench();
	GPtrArray *list = g_ptr_array_new();
	char *text, **lines;
	json_t *doc, *e;

	g_ptr_array_add(list, b);
	text = bench_tables(list, BENCH_TABLE_TEXT, 72);
	lines = g_strsplit(text, "\n", -1);
	for (char **l = lines; *l; l++)
		if (g_utf8_strlen(*l, -1) > 72)
			ok(0, *l);
	ok(strstr(text, "rebind: ./rebind.sh 30") == NULL, "roles with different commands: no shared one");
	ok(strstr(text, "patched vs base: ") != NULL, "the comparison line");
	ok(strstr(text, "wall [ms]") != NULL, "means of 0.24 s are shown in ms");
	g_strfreev(lines);
	g_free(text);

	doc = bench_show_json(list);
	e = json_array_get(json_object_get(doc, "benchmarks"), 0);
	is_str(json_string_value(json_object_get(e, "name")), "rebind", "json: the primary metric under the name");
	is_str(json_string_value(json_object_get(e, "unit")), "s", "json: the stored unit");
	is_int(json_array_size(json_object_get(e, "roles")), 2, "json: two roles");
	ok(json_is_real(json_object_get(e, "delta_pct")) && json_is_real(json_object_get(e, "p_value")) &&
	   json_is_boolean(json_object_get(e, "significant")), "json: delta_pct, p_value, significant");
	e = json_array_get(json_object_get(doc, "benchmarks"), 1);
	is_str(json_string_value(json_object_get(e, "name")), "rebind:task-clock", "json: other metrics as NAME:METRIC");
	ok(json_is_null(json_object_get(e, "delta_pct")), "json: one role, no delta");
	json_decref(doc);
	g_ptr_array_unref(list);
	bench_free(b);
}

/* Random names, commands and values: every text line fits the width. */
static void test_width_random(void)
{
	GRand *rnd = g_rand_new_with_seed(20261201);
	int worst = 0, over = 0;

	for (int round = 0; round < 300; round++) {
		int width = g_rand_int_range(rnd, 40, 101);
		struct bench *b = bench_new("w");
		GPtrArray *list = g_ptr_array_new();
		char *text, **lines;
		int nroles = g_rand_int_range(rnd, 1, 4);

		for (int r = 0; r < nroles; r++) {
			GString *name = g_string_new(r == 0 ? "base" : "");
			GString *cmd = g_string_new(NULL);
			struct bench_role *role;
			struct bench_metric *m;
			char *metric;
			int len = g_rand_int_range(rnd, 1, 65);

			while (r > 0 && (int)name->len < len)
				g_string_append_c(name, "abcdefgh-_.0123"[g_rand_int_range(rnd, 0, 15)]);
			role = bench_role_new(name->str, "samples");
			for (int w = g_rand_int_range(rnd, 0, 6); w > 0; w--) {
				int wl = g_rand_int_range(rnd, 1, 150);
				if (cmd->len)
					g_string_append_c(cmd, ' ');
				while (wl--)
					g_string_append_c(cmd, "xyz/=-"[g_rand_int_range(rnd, 0, 6)]);
			}
			role->command = cmd->len ? g_strdup(cmd->str) : NULL;
			metric = g_strnfill(g_rand_int_range(rnd, 1, 129), 'M');
			m = bench_metric_new(round % 2 ? metric : "wall", round % 3 ? "ms" : "");
			m->decimals = g_rand_int_range(rnd, 0, 10);
			for (int k = g_rand_int_range(rnd, 1, 6); k > 0; k--)
				bench_metric_add(m, g_rand_double_range(rnd, -1e9, 1e9));
			g_ptr_array_add(role->metrics, m);
			bench_put_role(b, role, NULL, NULL);
			g_free(metric);
			g_string_free(name, TRUE);
			g_string_free(cmd, TRUE);
		}
		g_ptr_array_add(list, b);
		text = bench_tables(list, BENCH_TABLE_TEXT, width);
		lines = g_strsplit(text, "\n", -1);
		for (char **l = lines; *l; l++) {
			int n = (int)g_utf8_strlen(*l, -1);
			if (n > width) {
				if (!over++)
					printf("#   width %d, %d: [%s]\n", width, n, *l);
			}
			worst = MAX(worst, n - width);
		}
		g_strfreev(lines);
		g_free(text);
		g_ptr_array_unref(list);
		bench_free(b);
	}
	ok(over == 0, "300 random benchmarks: every text line fits its width (40..100)");
	g_rand_free(rnd);
}

int main(void)
{
	test_distribution();
	test_summaries();
	test_welch();
	test_units();
	test_model_and_json();
	test_readers();
	test_blocks();
	test_range();
	test_table();
	test_width_random();
	return done_testing();
}
