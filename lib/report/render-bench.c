/* render-bench.c - a benchmark as inline SVG: one strip plot of the
 * primary metric, one row per role (render.h). */
#include "report/render.h"

#include "bench/bench-stats.h"
#include "report/html.h"

#include <math.h>

#define PLOT_W 640.0
#define PLOT_LEFT 120.0
#define PLOT_RIGHT 20.0
#define ROW_H 36.0
#define AXIS_H 28.0

/* The range the plot spans: every sample and CI end of every role. */
static void span(const struct bench *b, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (guint r = 0; r < b->roles->len; r++) {
		const struct bench_role *role = g_ptr_array_index(b->roles, r);
		const struct bench_metric *m = role->metrics->len ? g_ptr_array_index(role->metrics, 0) : NULL;
		struct bench_summary s;

		if (!m)
			continue;
		bench_summarize(&s, m);
		for (guint i = 0; m->samples && i < m->samples->len; i++) {
			*lo = MIN(*lo, g_array_index(m->samples, double, i));
			*hi = MAX(*hi, g_array_index(m->samples, double, i));
		}
		*lo = MIN(*lo, isnan(s.ci_lo) ? s.mean : s.ci_lo);
		*hi = MAX(*hi, isnan(s.ci_hi) ? s.mean : s.ci_hi);
	}
	if (!isfinite(*lo) || !isfinite(*hi)) {
		*lo = 0;
		*hi = 1;
	}
	if (*hi - *lo <= 0) {
		double pad = fabs(*lo) > 0 ? fabs(*lo) * 0.05 : 1;

		*lo -= pad;
		*hi += pad;
	}
}

static double xpos(double v, double lo, double hi)
{
	return PLOT_LEFT + (v - lo) / (hi - lo) * (PLOT_W - PLOT_LEFT - PLOT_RIGHT);
}

static void row(GString *out, const struct bench_role *role, int r, double lo, double hi,
		const char *unit)
{
	const struct bench_metric *m = g_ptr_array_index(role->metrics, 0);
	double y = 10 + ROW_H * r + ROW_H / 2;
	struct bench_summary s;
	char *label;

	bench_summarize(&s, m);
	g_string_append_printf(out, "<text x=\"4\" y=\"%.1f\">", y + 4);
	label = g_strdup_printf("%s (n=%d)", role->role, s.n);
	html_escape(out, label);
	g_free(label);
	g_string_append(out, "</text>\n");
	for (guint i = 0; m->samples && i < m->samples->len; i++) {
		double v = g_array_index(m->samples, double, i);
		double jitter = ((i * 7919) % 11 - 5) * 1.4;

		g_string_append_printf(out, "<circle class=\"dot\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\"/>\n",
				       xpos(v, lo, hi), y + jitter);
	}
	if (!isnan(s.ci_lo))
		g_string_append_printf(out, "<line class=\"ci\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
					    "y2=\"%.1f\"/>\n", xpos(s.ci_lo, lo, hi), y + 12,
				       xpos(s.ci_hi, lo, hi), y + 12);
	g_string_append_printf(out, "<line class=\"mean\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
				    "y2=\"%.1f\"><title>", xpos(s.mean, lo, hi), y - 13,
			       xpos(s.mean, lo, hi), y + 13);
	label = isnan(s.ci_lo) ? g_strdup_printf("mean %g %s", s.mean, unit)
			       : g_strdup_printf("mean %g %s, 95%% CI %g to %g", s.mean, unit, s.ci_lo,
						 s.ci_hi);
	html_escape(out, label);
	g_free(label);
	g_string_append(out, "</title></line>\n");
}

void report_render_bench(GString *out, const struct bench *b)
{
	const struct bench_role *first = b->roles->len ? g_ptr_array_index(b->roles, 0) : NULL;
	const struct bench_metric *m0 = first && first->metrics->len ? g_ptr_array_index(first->metrics, 0) : NULL;
	const char *unit = m0 && m0->unit ? m0->unit : "";
	double lo, hi, h = 10 + ROW_H * b->roles->len + AXIS_H;
	char *title;
	int r = 0;

	span(b, &lo, &hi);
	title = g_strdup_printf("%s: %s%s%s%s, samples per role with the mean and its 95%% CI", b->name,
				m0 ? m0->name : "", *unit ? " (" : "", unit, *unit ? ")" : "");
	g_string_append(out, "<figure>\n");
	g_string_append_printf(out, "<svg role=\"img\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" "
				    "height=\"%.0f\">\n<title>",
			       PLOT_W, h, PLOT_W, h);
	html_escape(out, title);
	g_string_append(out, "</title>\n");
	for (guint i = 0; i < b->roles->len; i++) {
		const struct bench_role *role = g_ptr_array_index(b->roles, i);

		if (role->metrics->len)
			row(out, role, r++, lo, hi, unit);
	}
	g_string_append_printf(out, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
				    "y2=\"%.1f\"/>\n", PLOT_LEFT, h - AXIS_H + 4, PLOT_W - PLOT_RIGHT,
			       h - AXIS_H + 4);
	g_string_append_printf(out, "<text x=\"%.1f\" y=\"%.1f\">%g</text>\n", PLOT_LEFT, h - 6, lo);
	g_string_append_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%g ",
			       PLOT_W - PLOT_RIGHT, h - 6, hi);
	html_escape(out, unit);
	g_string_append(out, "</text>\n</svg>\n<figcaption>");
	html_escape(out, title);
	g_string_append(out, "</figcaption>\n</figure>\n");
	g_free(title);
}
