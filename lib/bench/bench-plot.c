/* bench-plot.c - box plots and histogram rows of a benchmark's samples,
 * in plain text for mail (see bench-plot.h for the picture). */
#include "bench/bench-plot.h"
#include "bench/bench-table.h"
#include "core/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define W BENCH_PLOT_WIDTH
#define LABEL 10		/* the name field, "|" after it */
#define AREA (W - LABEL - 4)	/* "| " AREA " |" */
#define LABEL_MAX 24		/* the widest tick label: "%.16e" of any double */
#define LEGEND "[=] quartiles  | median  * mean  + both  -| 1.5 IQR  o outlier"
#define LEVELS ".:=#"

/* One role as plotted: its sorted samples, or a summary's mean. */
struct role_plot {
	const char *name;
	GArray *v;		/* double, sorted; NULL: no samples */
	gboolean summary;	/* no samples, but a mean (of n runs) */
	int n;
	double mean, q1, median, q3, wlo, whi;
};

/* The value at quantile p of sorted v (linear interpolation, R's type 7),
 * weighted so that no difference of two values can overflow. */
static double quantile(const GArray *v, double p)
{
	double pos = p * (v->len - 1), f;
	guint i = (guint)floor(pos);

	if (i + 1 >= v->len)
		return g_array_index(v, double, v->len - 1);
	f = pos - i;
	return g_array_index(v, double, i) * (1 - f) + g_array_index(v, double, i + 1) * f;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void role_stats(struct role_plot *r)
{
	GArray *v = r->v;
	double lo_fence, hi_fence;

	g_array_sort(v, cmp_double);
	r->n = (int)v->len;
	r->mean = 0;
	for (guint i = 0; i < v->len; i++)
		r->mean += g_array_index(v, double, i) / v->len;	/* no sum past DBL_MAX */
	r->q1 = quantile(v, 0.25);
	r->median = quantile(v, 0.5);
	r->q3 = quantile(v, 0.75);
	lo_fence = r->q1 - 1.5 * (r->q3 - r->q1);
	hi_fence = r->q3 + 1.5 * (r->q3 - r->q1);
	r->wlo = r->q1;
	r->whi = r->q3;
	for (guint i = 0; i < v->len; i++) {
		double x = g_array_index(v, double, i);

		if (x >= lo_fence)
			r->wlo = MIN(r->wlo, x);
		if (x <= hi_fence)
			r->whi = MAX(r->whi, x);
	}
}

/* The roles of b with metric `metric`, checked: FALSE when a value is not
 * finite. */
static gboolean collect(GArray *roles, const struct bench *b, const char *metric,
			GError **error)
{
	for (guint i = 0; i < b->roles->len; i++) {
		const struct bench_role *br = g_ptr_array_index(b->roles, i);
		const struct bench_metric *m = bench_role_metric(br, metric);
		struct role_plot r = { .name = br->role };

		if (m && m->samples && m->samples->len) {
			r.v = g_array_sized_new(FALSE, FALSE, sizeof(double), m->samples->len);
			g_array_append_vals(r.v, m->samples->data, m->samples->len);
		} else if (m && !m->samples) {
			r.summary = TRUE;
			r.n = m->n;
			r.mean = m->mean;
		}
		g_array_append_val(roles, r);
		for (guint k = 0; r.v && k < r.v->len; k++)
			if (!isfinite(g_array_index(r.v, double, k)))
				return qerr(error, QUILL_ERROR_INPUT,
					    "benchmark %s, role %s: a sample of %s is not a finite number",
					    b->name, br->role, metric);
		if (r.summary && !isfinite(r.mean))
			return qerr(error, QUILL_ERROR_INPUT,
				    "benchmark %s, role %s: the mean of %s is not a finite number",
				    b->name, br->role, metric);
		if (r.v)
			role_stats(&g_array_index(roles, struct role_plot, roles->len - 1));
	}
	return TRUE;
}

/* The shared axis. */
struct axis {
	double lo, hi;		/* in the stored unit */
	gboolean any;
};

static int column(const struct axis *a, double v)
{
	/* halves: no difference of two doubles overflows */
	double span = a->hi / 2 - a->lo / 2;
	long c;

	if (!(span > 0))
		return (AREA - 1) / 2;
	c = lround((v / 2 - a->lo / 2) / span * (AREA - 1));
	return (int)CLAMP(c, 0, AREA - 1);
}

/* Append at most `max` characters of s (valid UTF-8 made, control
 * characters as "?"), cut ones ending in "~" when `mark`; returns how
 * many characters went in. */
static int append_cut(GString *out, const char *s, int max, gboolean mark)
{
	char *valid = g_utf8_make_valid(s ? s : "", -1);
	int len = (int)g_utf8_strlen(valid, -1), n = 0;
	const char *p = valid;

	for (; *p && n < max; p = g_utf8_next_char(p), n++) {
		gunichar c = g_utf8_get_char(p);

		if (mark && len > max && n == max - 1) {
			g_string_append_c(out, '~');
			n++;
			break;
		}
		if (g_unichar_iscntrl(c))
			g_string_append_c(out, '?');
		else
			g_string_append_unichar(out, c);
	}
	g_free(valid);
	return n;
}

static void pad(GString *out, int n)
{
	while (n-- > 0)
		g_string_append_c(out, ' ');
}

/* A row: the label field, then the area between the frame. */
static void append_row(GString *out, const char *label, const char *area)
{
	pad(out, LABEL - append_cut(out, label, LABEL - 1, TRUE));
	g_string_append_printf(out, "| %.*s |\n", AREA, area);
}

static void fill(char *area, int from, int to, char c)
{
	for (int i = MIN(from, to); i <= MAX(from, to); i++)
		area[i] = c;
}

static void box_row(GString *out, const struct role_plot *r, const struct axis *a)
{
	char area[AREA + 1];
	int mean, median;

	memset(area, ' ', AREA);
	area[AREA] = 0;
	if (!r->v && !r->summary) {
		memcpy(area, "no samples", 10);
		append_row(out, r->name, area);
		return;
	}
	mean = column(a, r->mean);
	if (r->v) {
		for (guint i = 0; i < r->v->len; i++) {
			double x = g_array_index(r->v, double, i);

			if (x < r->wlo || x > r->whi)
				area[column(a, x)] = 'o';
		}
		fill(area, column(a, r->wlo), column(a, r->whi), '-');
		area[column(a, r->wlo)] = area[column(a, r->whi)] = '|';
		fill(area, column(a, r->q1), column(a, r->q3), '=');
		area[column(a, r->q1)] = '[';
		area[column(a, r->q3)] = ']';
		median = column(a, r->median);
		area[mean] = '*';
		area[median] = median == mean ? '+' : '|';
	} else {
		area[mean] = '*';
	}
	append_row(out, r->name, area);
}

/* The histogram rows' scale: the most samples in one column of any role. */
static int fullest(const GArray *roles, const struct axis *a)
{
	int most = 1;

	for (guint i = 0; i < roles->len; i++) {
		const struct role_plot *r = &g_array_index(roles, struct role_plot, i);
		int count[AREA] = { 0 };

		for (guint k = 0; r->v && k < r->v->len; k++) {
			int c = column(a, g_array_index(r->v, double, k));

			count[c]++;	/* not inside MAX: that takes it twice */
			most = MAX(most, count[c]);
		}
	}
	return most;
}

static void histogram_row(GString *out, const struct role_plot *r, const struct axis *a,
			  int most)
{
	char area[AREA + 1], *text;
	int count[AREA] = { 0 };

	memset(area, ' ', AREA);
	area[AREA] = 0;
	if (r->summary) {
		text = g_strdup_printf("mean of %d runs only: no samples", r->n);
		memcpy(area, text, MIN(strlen(text), (size_t)AREA));
		g_free(text);
		append_row(out, "", area);
		return;
	}
	if (!r->v)
		return;
	for (guint k = 0; k < r->v->len; k++)
		count[column(a, g_array_index(r->v, double, k))]++;
	for (int c = 0; c < AREA; c++)
		if (count[c])	/* 1 .. 4: the share of the fullest column, rounded up */
			area[c] = LEVELS[(count[c] * 4 + most - 1) / most - 1];
	append_row(out, "  runs", area);
}

/* The axis over every value of every role. */
static void axis_of(struct axis *a, const GArray *roles)
{
	for (guint i = 0; i < roles->len; i++) {
		const struct role_plot *r = &g_array_index(roles, struct role_plot, i);
		double lo = r->v ? g_array_index(r->v, double, 0) : r->mean;
		double hi = r->v ? g_array_index(r->v, double, r->v->len - 1) : r->mean;

		if (!r->v && !r->summary)
			continue;
		a->lo = a->any ? MIN(a->lo, lo) : lo;
		a->hi = a->any ? MAX(a->hi, hi) : hi;
		a->any = TRUE;
	}
}

/* A tick label: `decimals` after the point, or (digits > 0) in exponent
 * form with that many. */
static char *tick_label(double v, int decimals, int digits)
{
	if (digits)
		return g_strdup_printf("%.*e", digits, v);
	if (fabs(v) < 0.5 * pow(10, -decimals))
		v = 0; /* no "-0.00" */
	return g_strdup_printf("%.*f", decimals, v);
}

/* The labels of lo, mid and hi (display values): fixed decimals enough to
 * tell them apart (as the tables: at least two), else exponent form. */
static void tick_labels(char *l[3], const double v[3])
{
	double half = v[2] / 2 - v[0] / 2;
	double mag = half > 0 ? log10(half) + log10(2) : v[0] != 0 ? log10(fabs(v[0])) : 0;
	int decimals = (int)CLAMP(1 - floor(mag), 2, 9);

	for (int digits = 0; digits <= 16; digits = digits ? digits + 1 : 3) {
		gboolean fits = TRUE;

		for (int k = 0; k < 3; k++) {
			l[k] = tick_label(v[k], decimals, digits);
			fits = fits && strlen(l[k]) <= LABEL_MAX;
		}
		if (fits && (half <= 0 || strcmp(l[0], l[2]) || digits == 16))
			return;
		for (int k = 0; k < 3; k++)
			g_free(l[k]);
	}
	g_assert_not_reached();
}

static void put_label(char *area, int at, const char *text)
{
	memcpy(area + at, text, strlen(text));
}

/* The axis row and the labels row, the unit in front. */
static void axis_rows(GString *out, const struct axis *a, const char *unit, double factor)
{
	char area[AREA + 1], *l[3];
	GString *field;
	int mid = (AREA - 1) / 2, lw, rw, mw;
	double v[3] = { a->lo * factor, 0, a->hi * factor };

	v[1] = v[0] + (v[2] / 2 - v[0] / 2) * (2.0 * mid / (AREA - 1));
	memset(area, '-', AREA);
	area[AREA] = 0;
	area[mid] = '^';
	if (a->hi > a->lo)
		area[0] = area[AREA - 1] = '^';
	pad(out, LABEL);
	g_string_append_printf(out, "+-%s-+\n", area);

	tick_labels(l, v);
	memset(area, ' ', AREA);
	lw = (int)strlen(l[0]);
	mw = (int)strlen(l[1]);
	rw = (int)strlen(l[2]);
	if (a->hi > a->lo) {
		put_label(area, 0, l[0]);
		put_label(area, AREA - rw, l[2]);
		/* the middle one where it leaves a space either side */
		if (mid - mw / 2 > lw && mid - mw / 2 + mw < AREA - rw)
			put_label(area, mid - mw / 2, l[1]);
	} else {
		put_label(area, MAX(0, mid - lw / 2), l[0]);
	}
	field = g_string_new(NULL);
	if (*unit) {
		g_string_append_c(field, '[');
		append_cut(field, unit, 7, TRUE);
		g_string_append_c(field, ']');
	}
	append_row(out, field->str, area);
	g_string_free(field, TRUE);
	for (int k = 0; k < 3; k++)
		g_free(l[k]);
}

static void clear_role(void *p)
{
	struct role_plot *r = p;

	if (r->v)
		g_array_unref(r->v);
}

/* The title: "NAME: METRIC", then dashes to the width. */
static void title_row(GString *out, const struct bench *b, const char *metric)
{
	char *t = metric ? g_strdup_printf("%s: %s", b->name, metric) : g_strdup(b->name);
	int n = append_cut(out, t, W - 2, FALSE);

	g_string_append_c(out, ' ');
	for (n++; n < W; n++)
		g_string_append_c(out, '-');
	g_string_append_c(out, '\n');
	g_free(t);
}

/* The unit the metric is shown in and its factor: the tables' choice,
 * when every value stays finite in it. */
static const char *shown_unit(const GArray *roles, const struct axis *a, const char *unit,
			      double *factor)
{
	double smallest = INFINITY;
	const char *shown;

	for (guint i = 0; i < roles->len; i++) {
		const struct role_plot *r = &g_array_index(roles, struct role_plot, i);

		if ((r->v || r->summary) && r->mean != 0)
			smallest = MIN(smallest, fabs(r->mean));
	}
	shown = bench_display_unit(unit, smallest, factor);
	if (!isfinite(a->lo * *factor) || !isfinite(a->hi * *factor)) {
		*factor = 1;
		return unit;
	}
	return shown;
}

char *bench_plot(const struct bench *b, GError **error)
{
	GPtrArray *names = bench_metric_names(b);
	GArray *roles;
	struct axis a = { 0 };
	const char *metric, *unit = "";
	GString *out;
	double factor = 1;
	int most;

	metric = names->len ? g_ptr_array_index(names, 0) : NULL;
	roles = g_array_new(FALSE, TRUE, sizeof(struct role_plot));
	g_array_set_clear_func(roles, clear_role);
	if (metric && !collect(roles, b, metric, error)) {
		g_array_unref(roles);
		g_ptr_array_unref(names);
		return NULL;
	}
	for (guint i = 0; metric && i < b->roles->len && !*unit; i++) {
		const struct bench_metric *m = bench_role_metric(g_ptr_array_index(b->roles, i), metric);

		unit = m && m->unit ? m->unit : "";
	}
	axis_of(&a, roles);
	unit = shown_unit(roles, &a, unit, &factor);
	most = fullest(roles, &a);
	out = g_string_new(NULL);
	title_row(out, b, metric);
	if (!roles->len) {	/* no role (a benchmark's JSON may say so) */
		struct role_plot none = { .name = "" };

		box_row(out, &none, &a);
	}
	for (guint i = 0; i < roles->len; i++) {
		box_row(out, &g_array_index(roles, struct role_plot, i), &a);
		histogram_row(out, &g_array_index(roles, struct role_plot, i), &a, most);
	}
	if (a.any)
		axis_rows(out, &a, unit, factor);
	pad(out, W - (int)strlen(LEGEND));
	g_string_append(out, LEGEND "\n");
	g_array_unref(roles);
	g_ptr_array_unref(names);
	return g_string_free(out, FALSE);
}

char *bench_plots(GPtrArray *benches, GError **error)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < benches->len; i++) {
		char *p = bench_plot(g_ptr_array_index(benches, i), error);

		if (!p) {
			g_string_free(out, TRUE);
			return NULL;
		}
		g_string_append_printf(out, "%s%s", i ? "\n" : "", p);
		g_free(p);
	}
	return g_string_free(out, FALSE);
}
