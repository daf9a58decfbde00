/* bench-table.c - text, markdown and JSON renderings of benchmarks. */
#include "bench/bench-table.h"
#include "core/text.h"
#include "bench/bench-stats.h"

#include <math.h>
#include <string.h>

/* How a metric is shown: value * factor, in unit, with decimals. */
struct disp {
	char unit[16];
	double factor;
	int decimals;
};

static const struct {
	const char *unit;
	double seconds;
} time_units[] = { { "s", 1 }, { "ms", 1e-3 }, { "us", 1e-6 }, { "ns", 1e-9 } };

const char *bench_display_unit(const char *unit, double smallest, double *factor)
{
	double f;
	const char *dim = bench_unit_dimension(unit, &f);
	size_t k = 0;

	*factor = 1;
	if (!dim || strcmp(dim, "time") || !strcmp(unit, "min") || !isfinite(smallest))
		return unit;
	/* the largest unit in which the smallest magnitude is at least 1 */
	while (k + 1 < G_N_ELEMENTS(time_units) && smallest * f / time_units[k].seconds < 1)
		k++;
	*factor = f / time_units[k].seconds;
	return time_units[k].unit;
}

static void metric_display(struct disp *d, const struct bench *b, const char *metric)
{
	const char *unit = NULL;
	double f, smallest = INFINITY;
	int decimals = -2;	/* none seen */
	gboolean measured = FALSE;
	const char *shown, *end;

	for (guint i = 0; i < b->roles->len; i++) {
		struct bench_metric *m = bench_role_metric(g_ptr_array_index(b->roles, i), metric);
		struct bench_summary s;
		if (!m)
			continue;
		unit = unit ? unit : m->unit;
		if (m->decimals == BENCH_DECIMALS_MEASURED)
			measured = TRUE;
		else
			decimals = MAX(decimals, m->decimals);
		bench_summarize(&s, m);
		if (s.mean != 0)
			smallest = MIN(smallest, fabs(s.mean));
	}
	g_strlcpy(d->unit, unit ? unit : "", sizeof d->unit);
	/* a long unit is cut to the field: at a character's start, not inside it */
	if (!g_utf8_validate(d->unit, -1, &end))
		d->unit[end - d->unit] = '\0';
	d->factor = 1;
	d->decimals = measured || decimals < 0 ? 2 : MAX(2, decimals);
	shown = unit ? bench_display_unit(unit, smallest, &f) : NULL;
	if (shown && shown != unit) {
		g_strlcpy(d->unit, shown, sizeof d->unit);
		d->factor = f;
		if (!measured && decimals >= 0)
			d->decimals = MAX(2, decimals - (int)lround(log10(d->factor)));
	}
	d->decimals = MIN(d->decimals, 9);
}

/* A value in the table's decimals, or in exponent form ("1.2346e+21")
 * where that would be wider than BENCH_TABLE_NUMBER_WIDTH. */
static char *fmt_value(const struct disp *d, double v)
{
	char *s;

	if (!isfinite(v))
		return g_strdup("-");
	v *= d->factor;
	if (!isfinite(v))
		return g_strdup("-");
	if (fabs(v) < 0.5 * pow(10, -d->decimals))
		v = 0; /* no "-0.00" */
	s = g_strdup_printf("%.*f", d->decimals, v);
	if (strlen(s) <= BENCH_TABLE_NUMBER_WIDTH)
		return s;
	g_free(s);
	return g_strdup_printf("%.4e", v);
}

/* A percentage, "+1.23%"; past a million percent "+1.23e+08%"; "n/a"
 * when it is not finite. */
static char *fmt_pct(double p)
{
	if (!isfinite(p))
		return g_strdup("n/a");
	if (fabs(p) < 0.005)
		p = 0;
	if (fabs(p) >= 1e6)
		return g_strdup_printf("%+.2e%%", p);
	return g_strdup_printf("%+.2f%%", p);
}

/* Append `text` wrapped at `width`: the first line as it is indented, the
 * rest indented by `cont` spaces. */
/* A space that append_wrapped does not break a line at (it writes ' '). */
#define NBSP "\x1f"

static void append_nbsp(GString *out, const char *p, gsize n)
{
	for (gsize i = 0; i < n; i++)
		g_string_append_c(out, p[i] == NBSP[0] ? ' ' : p[i]);
}

static void append_wrapped(GString *out, const char *text, int width, int cont)
{
	const char *p = text;
	int col = 0;
	gboolean line_empty = TRUE;	/* nothing but the indent on this line yet */

	/* the leading indent stays */
	while (*p == ' ') {
		g_string_append_c(out, ' ');
		col++;
		p++;
	}
	while (*p) {
		const char *sp = strchr(p, ' ');
		gsize bytes = sp ? (gsize)(sp - p) : strlen(p);
		int wl = (int)g_utf8_strlen(p, (gssize)bytes);

		/* a word too long for any line starts where it is, and is cut */
		if (!line_empty && col + 1 + wl > width && (wl <= width - cont || col + 2 > width)) {
			g_string_append_c(out, '\n');
			for (col = 0; col < cont; col++)
				g_string_append_c(out, ' ');
			line_empty = TRUE;
		} else if (!line_empty) {
			g_string_append_c(out, ' ');
			col++;
		}
		/* a word longer than a whole line is cut where the line ends */
		while (col + wl > width && width - col > 0) {
			int room = width - col;
			const char *cut = g_utf8_offset_to_pointer(p, room);
			append_nbsp(out, p, (gsize)(cut - p));
			bytes -= (gsize)(cut - p);
			wl -= room;
			p = cut;
			g_string_append_c(out, '\n');
			for (col = 0; col < cont; col++)
				g_string_append_c(out, ' ');
		}
		append_nbsp(out, p, bytes);
		col += wl;
		line_empty = FALSE;
		p += bytes;
		while (*p == ' ')
			p++;
	}
	g_string_append_c(out, '\n');
}

/* "patched vs base: -11.76% (95% CI -12.90% to -10.62%), p < 0.001" */
static char *compare_line(const struct bench_role *ra, const struct bench_role *rb,
			  const struct bench_summary *sa, const struct bench_summary *sb,
			  const struct disp *d)
{
	struct bench_comparison c;
	GString *s = g_string_new(NULL);
	char *delta;

	bench_compare(&c, sa, sb);
	g_string_append_printf(s, "%s vs %s: ", rb->role, ra->role);
	if (!isfinite(sa->mean) || !isfinite(sb->mean)) {
		/* a sum past the largest double (stored data, not read now) */
		g_string_append(s, "not compared (a mean out of range)");
		return g_string_free(s, FALSE);
	}
	if (isnan(c.delta_pct)) {
		char *v = fmt_value(d, c.diff);
		g_string_append_printf(s, "%s%s%s%s (%s is 0)", c.diff >= 0 ? "+" : "", v,
				       *d->unit ? " " : "", d->unit, ra->role);
		g_free(v);
		return g_string_free(s, FALSE);
	}
	delta = fmt_pct(c.delta_pct);
	g_string_append(s, delta);
	g_free(delta);
	if (!c.judged) {
		g_string_append(s, sa->n < 2 || sb->n < 2 ? " (noise unknown: a single value)"
							 : " (noise unknown: no stddev)");
	} else {
		char *lo = fmt_pct(100 * c.diff_lo / sa->mean), *hi = fmt_pct(100 * c.diff_hi / sa->mean);
		if (sa->mean < 0) {
			char *t = lo;
			lo = hi;
			hi = t;
		}
		g_string_append_printf(s, " (95%%" NBSP "CI" NBSP "%s" NBSP "to" NBSP "%s)", lo, hi);
		if (!c.significant)
			g_string_append(s, ", within" NBSP "noise");
		if (c.p_value < 0.001)
			g_string_append(s, ", p" NBSP "<" NBSP "0.001");
		else
			g_string_append_printf(s, ", p" NBSP "=" NBSP "%.3f", c.p_value);
		g_free(lo);
		g_free(hi);
	}
	return g_string_free(s, FALSE);
}

enum { COL_LABEL, COL_N, COL_MEAN, COL_SD, COL_MEDIAN, COL_MIN, COL_MAX, NCOL };
static const char *const col_names[NCOL] = { "", "n", "mean", "stddev", "median", "min", "max" };

static char *metric_label(const char *metric, const struct disp *d)
{
	return *d->unit ? g_strdup_printf("%s [%s]", metric, d->unit) : g_strdup(metric);
}

/* The rows of one metric: [0] the header, then one per role having it;
 * *roles_out gets those roles, *sums their summaries. */
static GPtrArray *metric_rows(const struct bench *b, const char *metric, const struct disp *d,
			      GPtrArray *roles_out, GArray *sums)
{
	GPtrArray *rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
	char **h = g_new0(char *, NCOL + 1);

	for (int c = 0; c < NCOL; c++)
		h[c] = g_strdup(col_names[c]);
	g_free(h[COL_LABEL]);
	h[COL_LABEL] = metric_label(metric, d);
	g_ptr_array_add(rows, h);
	for (guint i = 0; i < b->roles->len; i++) {
		struct bench_role *r = g_ptr_array_index(b->roles, i);
		struct bench_metric *m = bench_role_metric(r, metric);
		struct bench_summary s;
		char **row;

		if (!m)
			continue;
		bench_summarize(&s, m);
		g_array_append_val(sums, s);
		g_ptr_array_add(roles_out, r);
		row = g_new0(char *, NCOL + 1);
		row[COL_LABEL] = g_strdup(r->role);
		row[COL_N] = g_strdup_printf("%d", s.n);
		row[COL_MEAN] = fmt_value(d, s.mean);
		row[COL_SD] = fmt_value(d, s.stddev);
		row[COL_MEDIAN] = fmt_value(d, s.median);
		row[COL_MIN] = fmt_value(d, s.min);
		row[COL_MAX] = fmt_value(d, s.max);
		g_ptr_array_add(rows, row);
	}
	return rows;
}

static int cell_width(const char *s)
{
	return (int)g_utf8_strlen(s, -1);
}

static void pad(GString *out, int n)
{
	while (n-- > 0)
		g_string_append_c(out, ' ');
}

static void text_metric(GString *out, const struct bench *b, const char *metric, int width)
{
	struct disp d;
	GPtrArray *roles = g_ptr_array_new();
	GArray *sums = g_array_new(FALSE, FALSE, sizeof(struct bench_summary));
	GPtrArray *rows;
	int w[NCOL] = { 0 }, ncol = NCOL, total;

	metric_display(&d, b, metric);
	rows = metric_rows(b, metric, &d, roles, sums);
	for (guint i = 0; i < rows->len; i++) {
		char **row = g_ptr_array_index(rows, i);
		for (int c = 0; c < NCOL; c++)
			w[c] = MAX(w[c], cell_width(row[c]) + (c == COL_LABEL && i ? 2 : 0));
	}
	/* median, min and max are unknown for summaries (perf stat -r) */
	for (guint i = 1; ncol == NCOL && i < rows->len; i++) {
		char **row = g_ptr_array_index(rows, i);
		if (strcmp(row[COL_MEDIAN], "-") || strcmp(row[COL_MIN], "-") ||
		    strcmp(row[COL_MAX], "-"))
			break;
		if (i + 1 == rows->len)
			ncol = COL_MEDIAN;
	}
	/* leave out max and min, then the median, to fit */
	for (;;) {
		total = w[0];
		for (int c = 1; c < ncol; c++)
			total += 2 + w[c];
		if (total <= width || ncol <= COL_MEDIAN)
			break;
		ncol = ncol == NCOL ? COL_MIN : COL_MEDIAN;
	}
	/* names too long for any table: a role per line, its values below */
	for (guint i = 0; total > width && i < rows->len; i++) {
		char **row = g_ptr_array_index(rows, i);
		char *line;
		if (i == 0) {
			append_wrapped(out, row[COL_LABEL], width, 4);
			continue;
		}
		line = g_strdup_printf("  %s", row[COL_LABEL]);
		append_wrapped(out, line, width, 4);
		g_free(line);
		line = g_strdup_printf("    n %s, mean %s, stddev %s, median %s, min %s, max %s",
				       row[COL_N], row[COL_MEAN], row[COL_SD], row[COL_MEDIAN],
				       row[COL_MIN], row[COL_MAX]);
		append_wrapped(out, line, width, 6);
		g_free(line);
	}
	for (guint i = 0; total <= width && i < rows->len; i++) {
		char **row = g_ptr_array_index(rows, i);
		gsize start = out->len;
		if (i)
			g_string_append(out, "  ");
		g_string_append(out, row[COL_LABEL]);
		pad(out, w[0] - cell_width(row[COL_LABEL]) - (i ? 2 : 0));
		for (int c = 1; c < ncol; c++) {
			pad(out, 2 + w[c] - cell_width(row[c]));
			g_string_append(out, row[c]);
		}
		while (out->len > start && out->str[out->len - 1] == ' ')
			g_string_truncate(out, out->len - 1);
		g_string_append_c(out, '\n');
	}
	for (guint i = 1; i < roles->len; i++) {
		char *line = compare_line(g_ptr_array_index(roles, 0), g_ptr_array_index(roles, i),
					  &g_array_index(sums, struct bench_summary, 0),
					  &g_array_index(sums, struct bench_summary, i), &d);
		char *indented = g_strdup_printf("  %s", line);
		append_wrapped(out, indented, width, 4);
		g_free(indented);
		g_free(line);
	}
	g_ptr_array_unref(rows);
	g_ptr_array_unref(roles);
	g_array_unref(sums);
}

/* The command all roles share, or NULL. */
static const char *common(const struct bench *b, gsize field)
{
	const char *v = NULL;

	for (guint i = 0; i < b->roles->len; i++) {
		const char *x = G_STRUCT_MEMBER(const char *, g_ptr_array_index(b->roles, i), field);
		if (!x || (v && strcmp(v, x)))
			return NULL;
		v = x;
	}
	return v;
}

/* A header line of text another tool wrote (a command, a host, a subject):
 * its control characters escaped before it is wrapped. */
static void append_safe(GString *out, const char *line, int width)
{
	char *safe = text_escape(line);

	append_wrapped(out, safe, width, 4);
	g_free(safe);
}

static void text_header(GString *out, const struct bench *b, int width)
{
	GString *h = g_string_new(b->name);
	const char *cmd = common(b, G_STRUCT_OFFSET(struct bench_role, command));
	const char *host = common(b, G_STRUCT_OFFSET(struct bench_role, host));

	if (b->patch)
		g_string_append_printf(h, " (for \"%s\")", b->patch->subject ? b->patch->subject : "?");
	if (cmd)
		g_string_append_printf(h, ": %s", cmd);
	append_safe(out, h->str, width);
	if (!cmd)
		for (guint i = 0; i < b->roles->len; i++) {
			struct bench_role *r = g_ptr_array_index(b->roles, i);
			char *line;
			if (!r->command)
				continue;
			line = g_strdup_printf("  %s: %s", r->role, r->command);
			append_safe(out, line, width);
			g_free(line);
		}
	if (host) {
		char *line = g_strdup_printf("  measured on %s", host);
		append_safe(out, line, width);
		g_free(line);
	}
	g_string_free(h, TRUE);
}

static char *md_cell(const char *text)
{
	GString *o = g_string_new(NULL);
	char *safe = text_escape(text);
	const char *s = safe;

	for (; *s; s++) {
		if (*s == '|' || *s == '\\' || *s == '*' || *s == '_' || *s == '`')
			g_string_append_c(o, '\\');
		g_string_append_c(o, *s);
	}
	g_free(safe);
	return g_string_free(o, FALSE);
}

static void md_metric(GString *out, const struct bench *b, const char *metric)
{
	struct disp d;
	GPtrArray *roles = g_ptr_array_new();
	GArray *sums = g_array_new(FALSE, FALSE, sizeof(struct bench_summary));
	GPtrArray *rows;

	metric_display(&d, b, metric);
	rows = metric_rows(b, metric, &d, roles, sums);
	for (guint i = 0; i < rows->len; i++) {
		char **row = g_ptr_array_index(rows, i);
		g_string_append(out, "|");
		for (int c = 0; c < NCOL; c++) {
			char *cell = md_cell(row[c]);
			g_string_append_printf(out, " %s |", cell);
			g_free(cell);
		}
		g_string_append_c(out, '\n');
		if (i == 0)
			g_string_append(out, "| :-- | --: | --: | --: | --: | --: | --: |\n");
	}
	if (roles->len > 1)
		g_string_append_c(out, '\n');
	for (guint i = 1; i < roles->len; i++) {
		char *line = compare_line(g_ptr_array_index(roles, 0), g_ptr_array_index(roles, i),
					  &g_array_index(sums, struct bench_summary, 0),
					  &g_array_index(sums, struct bench_summary, i), &d);
		char *cell;
		g_strdelimit(line, NBSP, ' ');
		cell = md_cell(line);
		g_string_append_printf(out, "%s%s\n", cell, i + 1 < roles->len ? "  " : "");
		g_free(cell);
		g_free(line);
	}
	g_ptr_array_unref(rows);
	g_ptr_array_unref(roles);
	g_array_unref(sums);
}

static void md_header(GString *out, const struct bench *b)
{
	const char *cmd = common(b, G_STRUCT_OFFSET(struct bench_role, command));
	const char *host = common(b, G_STRUCT_OFFSET(struct bench_role, host));
	char *name = md_cell(b->name);

	g_string_append_printf(out, "**%s**", name);
	g_free(name);
	if (b->patch) {
		char *subj = md_cell(b->patch->subject ? b->patch->subject : "?");
		g_string_append_printf(out, " (for \"%s\")", subj);
		g_free(subj);
	}
	if (cmd && !strchr(cmd, '`')) {
		char *safe = text_escape(cmd);
		g_string_append_printf(out, ": `%s`", safe);
		g_free(safe);
	}
	if (host) {
		char *h = md_cell(host);
		g_string_append_printf(out, ", measured on %s", h);
		g_free(h);
	}
	g_string_append(out, "\n\n");
	if (!cmd) {
		gboolean any = FALSE;
		for (guint i = 0; i < b->roles->len; i++) {
			const struct bench_role *r = g_ptr_array_index(b->roles, i);
			char *role, *cmdline;
			if (!r->command || strchr(r->command, '`'))
				continue;
			role = md_cell(r->role);
			cmdline = text_escape(r->command);
			g_string_append_printf(out, "- %s: `%s`\n", role, cmdline);
			g_free(cmdline);
			g_free(role);
			any = TRUE;
		}
		if (any)
			g_string_append_c(out, '\n');
	}
}

char *bench_table(const struct bench *b, enum bench_table_format f, int width)
{
	GString *out = g_string_new(NULL);
	GPtrArray *metrics = bench_metric_names(b);

	if (f == BENCH_TABLE_MARKDOWN)
		md_header(out, b);
	else
		text_header(out, b, width);
	for (guint i = 0; i < metrics->len; i++) {
		if (f == BENCH_TABLE_MARKDOWN) {
			if (i)
				g_string_append_c(out, '\n');
			md_metric(out, b, g_ptr_array_index(metrics, i));
		} else {
			text_metric(out, b, g_ptr_array_index(metrics, i), width);
		}
	}
	g_ptr_array_unref(metrics);
	return g_string_free(out, FALSE);
}

char *bench_tables(GPtrArray *benches, enum bench_table_format f, int width)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < benches->len; i++) {
		char *t = bench_table(g_ptr_array_index(benches, i), f, width);
		if (i)
			g_string_append_c(out, '\n');
		g_string_append(out, t);
		g_free(t);
	}
	return g_string_free(out, FALSE);
}

static json_t *num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

json_t *bench_show_json(GPtrArray *benches)
{
	json_t *list = json_array();

	for (guint i = 0; i < benches->len; i++) {
		const struct bench *b = g_ptr_array_index(benches, i);
		GPtrArray *metrics = bench_metric_names(b);

		for (guint k = 0; k < metrics->len; k++) {
			const char *metric = g_ptr_array_index(metrics, k);
			json_t *roles = json_array();
			struct bench_summary first = { 0 }, last = { 0 };
			const char *unit = "";
			int nroles = 0;
			char *name = k ? g_strdup_printf("%s:%s", b->name, metric) : g_strdup(b->name);
			json_t *entry;

			for (guint r = 0; r < b->roles->len; r++) {
				struct bench_role *role = g_ptr_array_index(b->roles, r);
				struct bench_metric *m = bench_role_metric(role, metric);
				struct bench_summary s;
				if (!m)
					continue;
				bench_summarize(&s, m);
				if (!nroles++) {
					first = s;
					unit = m->unit;
				}
				last = s;
				json_array_append_new(
					roles,
					json_pack("{s:s, s:i, s:o, s:o, s:o, s:o, s:o, s:o}", "role",
						  role->role, "n", s.n, "mean", num(s.mean), "median",
						  num(s.median), "stddev", num(s.stddev), "min", num(s.min),
						  "max", num(s.max), "ci95",
						  isfinite(s.ci_lo) ? json_pack("[f, f]", s.ci_lo, s.ci_hi)
								    : json_null()));
			}
			entry = json_pack("{s:s, s:s, s:o}", "name", name, "unit", unit, "roles", roles);
			if (nroles >= 2) {
				struct bench_comparison c;
				bench_compare(&c, &first, &last);
				json_object_set_new(entry, "delta_pct", num(c.delta_pct));
				json_object_set_new(entry, "p_value", num(c.p_value));
				json_object_set_new(entry, "significant", json_boolean(c.significant));
			} else {
				json_object_set_new(entry, "delta_pct", json_null());
				json_object_set_new(entry, "p_value", json_null());
				json_object_set_new(entry, "significant", json_false());
			}
			json_array_append_new(list, entry);
			g_free(name);
		}
		g_ptr_array_unref(metrics);
	}
	return json_pack("{s:o}", "benchmarks", list);
}
