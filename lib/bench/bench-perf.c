/* bench-perf.c - perf stat's output: its -x, CSV rows and its default text,
 * with or without -r (the forms are in bench-read.h). */
#include "bench/bench-read-private.h"
#include "core/error.h"

#include <math.h>
#include <string.h>

static gboolean is_not_counted(const char *s)
{
	return g_str_has_prefix(s, "<not ");
}

gboolean rd_perf_csv_line(const char *p, gsize len)
{
	char **f = rd_split_csv(p, len, ',', FALSE);
	guint n = g_strv_length(f);
	double v;
	gboolean ok = n >= 4 &&
		      (rd_number(f[0], strlen(f[0]), FALSE, &v, NULL) || is_not_counted(f[0])) &&
		      *f[2] && !rd_number(f[2], strlen(f[2]), FALSE, &v, NULL);

	g_strfreev(f);
	return ok;
}

/* "x.xx%" -> x.xx */
static gboolean percent(const char *s, double *out)
{
	gsize n = strlen(s);

	return n > 1 && s[n - 1] == '%' && rd_number(s, n - 1, FALSE, out, NULL);
}

static void warn_skipped(const struct bench_read_opts *o, GString *skipped)
{
	if (skipped->len && o->warn)
		o->warn(o->warn_payload, "%s: not counted, left out: %s", o->source, skipped->str);
	g_string_free(skipped, TRUE);
}

/* The end of a read: what was left out said when it went through; the
 * metrics and the list freed.  Returns roles. */
static GPtrArray *finish(GPtrArray *roles, const struct bench_read_opts *o, GString *skipped,
			 GPtrArray *ms)
{
	if (roles)
		warn_skipped(o, skipped);
	else
		g_string_free(skipped, TRUE);
	rd_metrics_free(ms);
	return roles;
}

static void note_skipped(GString *skipped, const char *event)
{
	char *quoted = g_strdup_printf("%s%s", skipped->len ? ", " : "", event);

	if (!strstr(skipped->str, event))
		g_string_append(skipped, quoted);
	g_free(quoted);
}

/* The checks of one perf stat -x, row (its fields f, at line n): the
 * error, or TRUE. */
static gboolean perf_row_ok(char **f, int n, const struct bench_read_opts *o, GError **error)
{
	double v, dummy;

	if (g_strv_length(f) < 3)
		return qerr(error, QUILL_ERROR_INPUT, "%s:%d: not a perf stat -x, row", o->source, n);
	if (rd_number(f[0], strlen(f[0]), FALSE, &v, NULL) &&
	    rd_number(f[1], strlen(f[1]), FALSE, &dummy, NULL))
		return qerr(error, QUILL_ERROR_INPUT, "%s:%d: interval rows (perf stat -I) are not read",
			    o->source, n);
	if (!*f[2] || !bench_metric_name_valid(f[2]))
		return qerr(error, QUILL_ERROR_INPUT, "%s:%d: no event name in the third field",
			    o->source, n);
	return TRUE;
}

/* One counted row (fields f, line n) into its metric of ms; *primary:
 * the first event's name (caller frees). */
static gboolean perf_row_add(char **f, int n, GPtrArray *ms, char **primary,
			     const struct bench_read_opts *o, GError **error)
{
	double v, pct = NAN;
	int dec;
	struct rd_metric *m;

	if (!rd_number(f[0], strlen(f[0]), FALSE, &v, &dec))
		return qerr(error, QUILL_ERROR_INPUT, "%s:%d: the value is not a number", o->source, n);
	if (f[3] && !percent(f[3], &pct))
		pct = NAN;
	if (!isnan(pct) && o->runs < 1)
		return qerr(error, QUILL_ERROR_USAGE,
			    "%s:%d: perf stat -r output: the CSV does not say how many runs; give --runs N",
			    o->source, n);
	if (!bench_metric_name_valid(f[1]) && *f[1])
		return qerr(error, QUILL_ERROR_INPUT, "%s:%d: the unit is not text", o->source, n);
	m = rd_metric_get(ms, f[2], f[1], o->source, n, error);
	if (!m)
		return FALSE;
	if (!*primary)
		*primary = g_strdup(f[2]);
	if (isnan(pct) || o->runs == 1)
		return rd_metric_add(m, 1, v, NAN, dec, o->source, n, error);
	/* perf's "+- x%" is the standard error of the mean */
	return rd_metric_add(m, o->runs, v, fabs(v) * pct / 100 * sqrt(o->runs), dec, o->source, n,
			     error);
}

static GPtrArray *read_perf_csv(const char *data, gsize len, const struct bench_read_opts *o,
				GError **error)
{
	GPtrArray *ms = rd_metrics_new(), *roles = NULL;
	GString *skipped = g_string_new(NULL);
	struct rd_line l = { 0 };
	gsize pos = 0;
	char *primary = NULL;

	while (rd_next_line(data, len, &pos, &l)) {
		char **f;
		gboolean ok;
		gsize i = 0;

		while (i < l.len && (l.p[i] == ' ' || l.p[i] == '\t'))
			i++;
		if (i == l.len || l.p[i] == '#')
			continue;
		f = rd_split_csv(l.p, l.len, ',', FALSE);
		ok = perf_row_ok(f, l.number, o, error);
		if (ok && is_not_counted(f[0]))
			note_skipped(skipped, f[2]);
		else if (ok)
			ok = perf_row_add(f, l.number, ms, &primary, o, error);
		g_strfreev(f);
		if (!ok)
			goto out;
	}
	if (!ms->len) {
		qerr(error, QUILL_ERROR_INPUT, "%s: no counted event", o->source);
		goto out;
	}
	roles = g_ptr_array_new_with_free_func((GDestroyNotify)bench_role_free);
	g_ptr_array_add(roles, rd_role(ms, "perf-stat", o->source, primary));
out:
	g_free(primary);
	return finish(roles, o, skipped, ms);
}

/* "( +- 15.42% )" anywhere in the line: 15.42; NAN without one. */
static double noise_of(const char *line)
{
	const char *p = strstr(line, "( +-");
	double v;
	const char *q;

	if (!p)
		return NAN;
	p += 4;
	while (*p == ' ')
		p++;
	q = p;
	while (*q && *q != '%')
		q++;
	if (*q != '%' || !rd_number(p, q - p, FALSE, &v, NULL))
		return NAN;
	return v;
}

struct perf_block {
	int runs;		/* of the current "Performance counter stats" block, 0 before one */
};

/* One data line of a block: "<v> [+- <sem>] seconds time elapsed", "<v>
 * seconds user|sys", "<v> [unit] event [# ...] [( +- p% )]". */
static gboolean perf_text_line(GPtrArray *ms, const char *line, int number, int runs,
			       const struct bench_read_opts *o, GString *skipped, GError **error)
{
	char *text = g_strdup(line), *cut, **tok;
	guint nt;
	double v, sem = NAN, pct = noise_of(line);
	int dec, k = 1;
	const char *name, *unit = "";
	struct rd_metric *m;
	gboolean ok = FALSE;

	/* what follows '#' is perf's derived metric; "(..%)" its scaling */
	if ((cut = strchr(text, '#')) || (cut = strchr(text, '(')))
		*cut = 0;
	tok = g_strsplit_set(g_strstrip(text), " \t", -1);
	/* drop the empty strings runs of blanks leave */
	nt = 0;
	for (guint i = 0; tok[i]; i++)
		if (*tok[i])
			tok[nt++] = tok[i];
		else
			g_free(tok[i]);
	tok[nt] = NULL;
	if (nt >= 2 && !strcmp(tok[0], "<not") && (!strcmp(tok[1], "supported>") || !strcmp(tok[1], "counted>"))) {
		if (nt >= 3)
			note_skipped(skipped, tok[nt - 1]);
		ok = TRUE;
		goto out;
	}
	if (nt < 2 || !rd_number(tok[0], strlen(tok[0]), TRUE, &v, &dec)) {
		qerr(error, QUILL_ERROR_INPUT, "%s:%d: not a perf stat counter line", o->source, number);
		goto out;
	}
	if (nt >= 3 && !strcmp(tok[1], "+-")) {
		if (!rd_number(tok[2], strlen(tok[2]), TRUE, &sem, NULL)) {
			qerr(error, QUILL_ERROR_INPUT, "%s:%d: not a number after '+-'", o->source, number);
			goto out;
		}
		k = 3;
	}
	if (nt - k == 3 && !strcmp(tok[k], "seconds") && !strcmp(tok[k + 1], "time") &&
	    !strcmp(tok[k + 2], "elapsed")) {
		name = "wall";
		unit = "s";
	} else if (nt - k == 2 && !strcmp(tok[k], "seconds") &&
		   (!strcmp(tok[k + 1], "user") || !strcmp(tok[k + 1], "sys"))) {
		name = tok[k + 1];
		unit = "s";
	} else if (nt - k == 1 && k == 1) {
		name = tok[1];
	} else if (nt - k == 2 && k == 1) {
		unit = tok[1];
		name = tok[2];
	} else {
		qerr(error, QUILL_ERROR_INPUT, "%s:%d: not a perf stat counter line", o->source, number);
		goto out;
	}
	if (!bench_metric_name_valid(name) || !g_utf8_validate(unit, -1, NULL)) {
		qerr(error, QUILL_ERROR_INPUT, "%s:%d: the event name is not text", o->source, number);
		goto out;
	}
	if (!(m = rd_metric_get(ms, name, unit, o->source, number, error)))
		goto out;
	if (runs <= 1)
		ok = rd_metric_add(m, 1, v, NAN, dec, o->source, number, error);
	else if (!isnan(sem))
		ok = rd_metric_add(m, runs, v, sem * sqrt(runs), dec, o->source, number, error);
	else if (!strcmp(name, "user") || !strcmp(name, "sys"))
		ok = rd_metric_add(m, runs, v, NAN, dec, o->source, number, error);
	else /* no "( +- p% )": perf leaves it out when there was no spread */
		ok = rd_metric_add(m, runs, v, isnan(pct) ? 0 : fabs(v) * pct / 100 * sqrt(runs), dec,
				   o->source, number, error);
out:
	g_strfreev(tok);
	g_free(text);
	return ok;
}

/* "Performance counter stats for 'CMD' (N runs):" -> N (1 without), *cmd. */
static int perf_header(const char *line, char **cmd)
{
	const char *q1 = strchr(line, '\''), *q2 = strrchr(line, '\''), *r;
	int runs = 1;

	*cmd = q1 && q2 > q1 ? g_utf8_make_valid(q1 + 1, q2 - q1 - 1) : NULL;
	if ((r = strstr(q2 ? q2 : line, " runs)"))) {
		const char *p = r;
		while (p > line && g_ascii_isdigit(p[-1]))
			p--;
		if (p < r && p > line && p[-1] == '(')
			runs = (int)CLAMP(g_ascii_strtoll(p, NULL, 10), 1, 1000000);
	}
	return runs;
}

static GPtrArray *read_perf_text(const char *data, gsize len, const struct bench_read_opts *o,
				 GError **error)
{
	GPtrArray *ms = rd_metrics_new(), *roles = NULL;
	GString *skipped = g_string_new(NULL);
	struct rd_line l = { 0 };
	gsize pos = 0;
	int runs = 0;
	char *command = NULL;

	while (rd_next_line(data, len, &pos, &l)) {
		char *line;
		const char *p;

		if (memchr(l.p, 0, l.len)) {
			qerr(error, QUILL_ERROR_INPUT, "%s:%d: a NUL byte", o->source, l.number);
			goto out;
		}
		line = g_strndup(l.p, l.len);
		p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (g_str_has_prefix(p, "Performance counter stats for")) {
			char *cmd;
			runs = perf_header(p, &cmd);
			if (!command)
				command = cmd;
			else
				g_free(cmd);
		} else if (g_ascii_isdigit(*p) || *p == '<') {
			if (!runs) {
				qerr(error, QUILL_ERROR_INPUT,
				     "%s:%d: a counter before the 'Performance counter stats for' line",
				     o->source, l.number);
				g_free(line);
				goto out;
			}
			if (!perf_text_line(ms, p, l.number, runs, o, skipped, error)) {
				g_free(line);
				goto out;
			}
		}
		/* anything else is perf's prose ("Some events weren't counted.") */
		g_free(line);
	}
	if (!ms->len) {
		qerr(error, QUILL_ERROR_INPUT, "%s: no counted event", o->source);
		goto out;
	}
	roles = g_ptr_array_new_with_free_func((GDestroyNotify)bench_role_free);
	g_ptr_array_add(roles, rd_role(ms, "perf-stat", o->source, "wall"));
	((struct bench_role *)g_ptr_array_index(roles, 0))->command = command;
	command = NULL;
out:
	g_free(command);
	return finish(roles, o, skipped, ms);
}

GPtrArray *rd_perf_stat(const char *data, gsize len, const struct bench_read_opts *o,
			GError **error)
{
	if (g_strstr_len(data, (gssize)len, "Performance counter stats for"))
		return read_perf_text(data, len, o, error);
	return read_perf_csv(data, len, o, error);
}
