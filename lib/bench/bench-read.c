/* bench-read.c - readers of hyperfine JSON and CSV, format detection;
 * perf stat's two formats are in bench-perf.c, samples and "key: value"
 * lines in bench-lines.c. */
#include "bench/bench-read-private.h"
#include "core/error.h"

#include <jansson.h>
#include <math.h>
#include <string.h>

static const char *const format_names[] = {
	[BENCH_FORMAT_AUTO] = "auto",	   [BENCH_FORMAT_HYPERFINE] = "hyperfine",
	[BENCH_FORMAT_PERF_STAT] = "perf-stat", [BENCH_FORMAT_CSV] = "csv",
	[BENCH_FORMAT_SAMPLES] = "samples",	   [BENCH_FORMAT_KV] = "kv",
};

gboolean bench_format_parse(const char *name, enum bench_format *out)
{
	for (size_t i = 1; i < G_N_ELEMENTS(format_names); i++)
		if (!strcmp(name, format_names[i])) {
			*out = (enum bench_format)i;
			return TRUE;
		}
	return FALSE;
}

/* ---- shared helpers ---- */

gboolean rd_next_line(const char *data, gsize len, gsize *pos, struct rd_line *l)
{
	const char *nl;

	if (*pos >= len)
		return FALSE;
	l->p = data + *pos;
	nl = memchr(l->p, '\n', len - *pos);
	l->len = nl ? (gsize)(nl - l->p) : len - *pos;
	*pos += l->len + (nl ? 1 : 0);
	if (l->len && l->p[l->len - 1] == '\r')
		l->len--;
	l->number = l->number + 1;
	return TRUE;
}

gboolean rd_number(const char *s, gsize len, gboolean grouping, double *out, int *decimals)
{
	char buf[128];
	gsize i = 0, o = 0, int_digits = 0, frac = 0;
	gboolean grouped = FALSE;
	char *end;

	if (len == 0 || len >= sizeof buf)
		return FALSE;
	if (s[i] == '+' || s[i] == '-')
		buf[o++] = s[i++];
	while (i < len && (g_ascii_isdigit(s[i]) || (grouping && s[i] == ','))) {
		if (s[i] == ',') { /* the group lengths are checked below */
			grouped = TRUE;
			i++;
			continue;
		}
		buf[o++] = s[i++];
		int_digits++;
	}
	if (grouped) {
		/* the digits between the commas of [s, s+i) must come in threes */
		gsize start = (s[0] == '-' || s[0] == '+') ? 1 : 0, run = 0;
		gboolean first = TRUE;
		for (gsize k = start; k < i; k++) {
			if (s[k] == ',') {
				if (run == 0 || (first ? run > 3 : run != 3))
					return FALSE;
				first = FALSE;
				run = 0;
			} else {
				run++;
			}
		}
		if (run != 3)
			return FALSE;
	}
	if (i < len && s[i] == '.') {
		buf[o++] = s[i++];
		while (i < len && g_ascii_isdigit(s[i])) {
			buf[o++] = s[i++];
			frac++;
		}
	}
	if (int_digits + frac == 0)
		return FALSE;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		gsize exp_digits = 0;
		buf[o++] = s[i++];
		if (i < len && (s[i] == '+' || s[i] == '-'))
			buf[o++] = s[i++];
		while (i < len && g_ascii_isdigit(s[i])) {
			buf[o++] = s[i++];
			exp_digits++;
		}
		if (!exp_digits)
			return FALSE;
	}
	if (i != len)
		return FALSE;
	buf[o] = 0;
	*out = g_ascii_strtod(buf, &end);
	if (*end || !isfinite(*out))
		return FALSE;
	if (decimals)
		*decimals = bench_decimals_of(buf);
	return TRUE;
}

GPtrArray *rd_metrics_new(void)
{
	return g_ptr_array_new();
}

static void rd_metric_free(struct rd_metric *m)
{
	g_free(m->name);
	g_free(m->unit);
	g_array_unref(m->groups);
	g_free(m);
}

void rd_metrics_free(GPtrArray *ms)
{
	for (guint i = 0; i < ms->len; i++)
		rd_metric_free(g_ptr_array_index(ms, i));
	g_ptr_array_unref(ms);
}

struct rd_metric *rd_metric_get(GPtrArray *ms, const char *name, const char *unit,
				const char *source, int line, GError **error)
{
	char *u;
	struct rd_metric *m;

	if (unit && *unit && !bench_metric_name_valid(unit)) {
		qerr(error, QUILL_ERROR_INPUT, "%s:%d: the unit of '%s' is not text", source, line,
		     name);
		return NULL;
	}
	u = bench_unit_canonical(unit);

	for (guint i = 0; i < ms->len; i++) {
		m = g_ptr_array_index(ms, i);
		if (strcmp(m->name, name))
			continue;
		if (strcmp(m->unit, u)) {
			qerr(error, QUILL_ERROR_INPUT, "%s:%d: '%s' in %s%s%s, before in %s%s%s",
			     source, line, name, *u ? "" : "'", *u ? u : "no unit", *u ? "" : "'",
			     *m->unit ? "" : "'", *m->unit ? m->unit : "no unit", *m->unit ? "" : "'");
			g_free(u);
			return NULL;
		}
		g_free(u);
		return m;
	}
	m = g_new0(struct rd_metric, 1);
	m->name = g_strdup(name);
	m->unit = u;
	m->decimals = 0;
	m->groups = g_array_new(FALSE, FALSE, sizeof(struct rd_group));
	g_ptr_array_add(ms, m);
	return m;
}

gboolean rd_value_ok(double v, const char *source, int line, GError **error)
{
	if (isfinite(v) && fabs(v) <= BENCH_VALUE_MAX)
		return TRUE;
	return qerr(error, QUILL_ERROR_INPUT, "%s:%d: %g is out of range (magnitude over %s)", source,
		    line, v, BENCH_VALUE_MAX_TEXT);
}

gboolean rd_metric_add(struct rd_metric *m, int n, double mean, double stddev, int decimals,
		       const char *source, int line, GError **error)
{
	struct rd_group g = { n, mean, stddev };

	if (!rd_value_ok(mean, source, line, error))
		return FALSE;
	if (!isnan(stddev) && !(isfinite(stddev) && fabs(stddev) <= BENCH_VALUE_MAX))
		return qerr(error, QUILL_ERROR_INPUT,
			    "%s:%d: the spread given (%g) is out of range (magnitude over %s)", source,
			    line, stddev, BENCH_VALUE_MAX_TEXT);
	g_array_append_val(m->groups, g);
	if (decimals == BENCH_DECIMALS_MEASURED || m->decimals == BENCH_DECIMALS_MEASURED)
		m->decimals = BENCH_DECIMALS_MEASURED;
	else
		m->decimals = MAX(m->decimals, decimals);
	return TRUE;
}

static struct bench_metric *rd_finish(const struct rd_metric *rm)
{
	struct bench_metric *m = bench_metric_new(rm->name, rm->unit);
	gboolean all_single = TRUE;
	double total = 0, sum = 0, ss = 0;

	m->decimals = rm->decimals;
	for (guint i = 0; i < rm->groups->len; i++)
		if (g_array_index(rm->groups, struct rd_group, i).n != 1)
			all_single = FALSE;
	if (all_single) {
		for (guint i = 0; i < rm->groups->len; i++)
			bench_metric_add(m, g_array_index(rm->groups, struct rd_group, i).mean);
		return m;
	}
	/* groups merged: n = sum n_i, mean weighted, and the sum of squares
	 * sum((n_i - 1) s_i^2 + n_i (mean_i - mean)^2) */
	g_array_unref(m->samples);
	m->samples = NULL;
	for (guint i = 0; i < rm->groups->len; i++) {
		const struct rd_group *g = &g_array_index(rm->groups, struct rd_group, i);
		total += g->n;
		sum += g->n * g->mean;
	}
	m->n = (int)MIN(total, G_MAXINT);
	m->mean = sum / total;
	for (guint i = 0; i < rm->groups->len; i++) {
		const struct rd_group *g = &g_array_index(rm->groups, struct rd_group, i);
		double d = g->mean - m->mean;
		ss += (g->n > 1 ? (g->n - 1) * g->stddev * g->stddev : 0) + g->n * d * d;
	}
	m->stddev = total > 1 ? sqrt(ss / (total - 1)) : NAN;
	return m;
}

struct bench_role *rd_role(GPtrArray *ms, const char *source_kind, const char *file,
			   const char *primary)
{
	struct bench_role *r = bench_role_new("", source_kind);

	r->file = file ? g_path_get_basename(file) : NULL;
	for (int pass = 0; pass < 2; pass++)
		for (guint i = 0; i < ms->len; i++) {
			struct rd_metric *m = g_ptr_array_index(ms, i);
			gboolean is_primary = primary && !strcmp(m->name, primary);
			if (pass == 0 ? is_primary : !is_primary)
				g_ptr_array_add(r->metrics, rd_finish(m));
		}
	return r;
}

char **rd_split_csv(const char *p, gsize len, char sep, gboolean quotes)
{
	GPtrArray *a = g_ptr_array_new();
	GString *f = g_string_new(NULL);
	gsize i = 0;

	for (;;) {
		g_string_truncate(f, 0);
		while (i < len && (p[i] == ' ' || p[i] == '\t'))
			i++;
		if (quotes && i < len && p[i] == '"') {
			i++;
			while (i < len) {
				if (p[i] == '"' && i + 1 < len && p[i + 1] == '"') {
					g_string_append_c(f, '"');
					i += 2;
				} else if (p[i] == '"') {
					i++;
					break;
				} else {
					g_string_append_c(f, p[i++]);
				}
			}
			while (i < len && p[i] != sep)
				i++;
		} else {
			while (i < len && p[i] != sep)
				g_string_append_c(f, p[i++]);
		}
		g_ptr_array_add(a, g_strstrip(g_strdup(f->str)));
		if (i >= len)
			break;
		i++; /* the separator */
	}
	g_string_free(f, TRUE);
	g_ptr_array_add(a, NULL);
	return (char **)g_ptr_array_free(a, FALSE);
}

gboolean rd_skip_line(const struct rd_line *l)
{
	gsize i = 0;

	while (i < l->len && (l->p[i] == ' ' || l->p[i] == '\t'))
		i++;
	return i == l->len || l->p[i] == '#';
}

/* ---- hyperfine ---- */

/* The line of a place in JSON text that jansson has parsed (it keeps no
 * positions): the value of the (nth+1)-th member named `key` anywhere in
 * the document (hyperfine's results each have one "times", one "user", ...),
 * or with elem >= 0 that element of the array there.  1 when not found. */
static int json_line_of(const char *data, gsize len, const char *key, size_t nth, long elem)
{
	gsize klen = strlen(key), i = 0;
	int line = 1;
	size_t seen = 0;

	while (i < len) {
		gsize start;
		if (data[i] == '\n')
			line++;
		if (data[i] != '"') {
			i++;
			continue;
		}
		start = ++i;
		while (i < len && data[i] != '"') {
			if (data[i] == '\\')
				i++;
			else if (data[i] == '\n')
				line++;
			i++;
		}
		if (i >= len)
			break;
		i++;
		if (i - start - 1 != klen || memcmp(data + start, key, klen))
			continue;
		while (i < len && g_ascii_isspace(data[i]))
			line += data[i++] == '\n';
		if (i >= len || data[i] != ':')
			continue;
		if (seen++ < nth)
			continue;
		/* the value */
		i++;
		while (i < len && g_ascii_isspace(data[i]))
			line += data[i++] == '\n';
		if (elem < 0 || i >= len || data[i] != '[')
			return line;
		i++;
		for (long at = 0, depth = 0;; i++) {
			while (depth == 0 && i < len && g_ascii_isspace(data[i]))
				line += data[i++] == '\n';
			if (i >= len)
				return line;
			if (depth == 0 && at == elem)
				return line;
			if (data[i] == '\n')
				line++;
			else if (data[i] == '"') {
				for (i++; i < len && data[i] != '"'; i++) {
					if (data[i] == '\\')
						i++;
					else if (data[i] == '\n')
						line++;
				}
			} else if (data[i] == '[' || data[i] == '{')
				depth++;
			else if (data[i] == ']' || data[i] == '}') {
				if (depth-- == 0)
					return line;
			} else if (data[i] == ',' && depth == 0)
				at++;
		}
	}
	return 1;
}

static gboolean hf_numbers(const json_t *a, const char *data, gsize len, const char *source,
			   size_t idx, const char *key, GError **error)
{
	size_t i;
	const json_t *v;

	if (!json_is_array(a) || json_array_size(a) == 0)
		return qerr(error, QUILL_ERROR_INPUT,
			    "%s:%d: results[%zu]: \"%s\" is not a list of numbers", source,
			    json_line_of(data, len, key, idx, -1), idx, key);
	json_array_foreach(a, i, v) {
		if (!json_is_number(v) || !isfinite(json_number_value(v)) || json_number_value(v) < 0)
			return qerr(error, QUILL_ERROR_INPUT,
				    "%s:%d: results[%zu].%s[%zu]: not a number of at least 0", source,
				    json_line_of(data, len, key, idx, (long)i), idx, key, i);
		if (json_number_value(v) > BENCH_VALUE_MAX)
			return qerr(error, QUILL_ERROR_INPUT,
				    "%s:%d: results[%zu].%s[%zu]: %g is out of range (magnitude over %s)",
				    source, json_line_of(data, len, key, idx, (long)i), idx, key, i,
				    json_number_value(v), BENCH_VALUE_MAX_TEXT);
	}
	return TRUE;
}

/* Role r's user and system time from results[idx] (res): hyperfine
 * reports their means only, over the runs in times.  A missing or null
 * one is left out. */
static gboolean hf_cpu_means(struct bench_role *r, const json_t *res, const json_t *times,
			     const char *data, gsize len, const char *source, size_t idx,
			     GError **error)
{
	for (int k = 0; k < 2; k++) {
		const json_t *t = json_object_get(res, k ? "system" : "user");
		struct bench_metric *m;

		if (!t || json_is_null(t))
			continue;
		if (!json_is_number(t) || !isfinite(json_number_value(t)))
			return qerr(error, QUILL_ERROR_INPUT, "%s:%d: results[%zu].%s: not a number",
				    source, json_line_of(data, len, k ? "system" : "user", idx, -1),
				    idx, k ? "system" : "user");
		if (fabs(json_number_value(t)) > BENCH_VALUE_MAX)
			return qerr(error, QUILL_ERROR_INPUT,
				    "%s:%d: results[%zu].%s: %g is out of range (magnitude over %s)",
				    source, json_line_of(data, len, k ? "system" : "user", idx, -1),
				    idx, k ? "system" : "user", json_number_value(t),
				    BENCH_VALUE_MAX_TEXT);
		m = bench_metric_new(k ? "sys" : "user", "s");
		g_array_unref(m->samples);
		m->samples = NULL;
		m->n = (int)json_array_size(times);
		m->mean = json_number_value(t);
		g_ptr_array_add(r->metrics, m);
	}
	return TRUE;
}

/* Role r's peak memory per run from results[idx] (res), if it has any. */
static gboolean hf_memory(struct bench_role *r, const json_t *res, const char *data, gsize len,
			  const char *source, size_t idx, GError **error)
{
	const json_t *mem = json_object_get(res, "memory_usage_byte"), *v;
	struct bench_metric *m;
	size_t i;

	if (!mem || json_is_null(mem))
		return TRUE;
	if (!hf_numbers(mem, data, len, source, idx, "memory_usage_byte", error))
		return FALSE;
	m = bench_metric_new("maxrss", "bytes");
	m->decimals = 0;
	json_array_foreach(mem, i, v)
		bench_metric_add(m, json_number_value(v));
	g_ptr_array_add(r->metrics, m);
	return TRUE;
}

/* Warn of the runs of results[idx] (res, role r) that exited other than 0. */
static void hf_warn_failed(const json_t *res, const struct bench_role *r, size_t idx,
			   const struct bench_read_opts *o)
{
	const json_t *codes = json_object_get(res, "exit_codes"), *v;
	size_t i, failed = 0;

	if (json_is_array(codes))
		json_array_foreach(codes, i, v)
			if (!json_is_integer(v) || json_integer_value(v) != 0)
				failed++;
	if (failed && o->warn)
		o->warn(o->warn_payload, "%s: results[%zu]: %zu of %zu runs of '%s' failed",
			o->source, idx, failed, json_array_size(codes), r->command);
}

/* Read results[idx] (res) as a role added to roles. */
static gboolean hf_result(GPtrArray *roles, const json_t *res, size_t idx, const char *data,
			  gsize len, const struct bench_read_opts *o, GError **error)
{
	const json_t *cmd = json_object_get(res, "command"), *times, *v;
	struct bench_role *r;
	struct bench_metric *m;
	size_t i;

	if (!json_is_object(res) || !json_is_string(cmd))
		return qerr(error, QUILL_ERROR_INPUT, "%s:%d: results[%zu]: no \"command\"",
			    o->source, json_line_of(data, len, "results", 0, (long)idx), idx);
	times = json_object_get(res, "times");
	if (!hf_numbers(times, data, len, o->source, idx, "times", error))
		return FALSE;
	r = bench_role_new("", "hyperfine");
	r->command = g_strdup(json_string_value(cmd));
	r->file = o->source ? g_path_get_basename(o->source) : NULL;
	g_ptr_array_add(roles, r);
	m = bench_metric_new("wall", "s");
	json_array_foreach(times, i, v)
		bench_metric_add(m, json_number_value(v));
	g_ptr_array_add(r->metrics, m);
	if (!hf_cpu_means(r, res, times, data, len, o->source, idx, error) ||
	    !hf_memory(r, res, data, len, o->source, idx, error))
		return FALSE;
	hf_warn_failed(res, r, idx, o);
	return TRUE;
}

static GPtrArray *read_hyperfine(const char *data, gsize len, const struct bench_read_opts *o,
				 GError **error)
{
	json_error_t je;
	json_t *doc = json_loadb(data, len, JSON_REJECT_DUPLICATES, &je), *results, *res;
	GPtrArray *roles = g_ptr_array_new_with_free_func((GDestroyNotify)bench_role_free);
	size_t idx;

	if (!doc) {
		qerr(error, QUILL_ERROR_INPUT, "%s:%d: not JSON: %s", o->source, je.line, je.text);
		goto fail;
	}
	results = json_object_get(doc, "results");
	if (!json_is_array(results) || json_array_size(results) == 0) {
		qerr(error, QUILL_ERROR_INPUT, "%s:%d: no \"results\" list (hyperfine --export-json)",
		     o->source, json_line_of(data, len, "results", 0, -1));
		goto fail;
	}
	json_array_foreach(results, idx, res) {
		if (!hf_result(roles, res, idx, data, len, o, error))
			goto fail;
	}
	json_decref(doc);
	return roles;
fail:
	json_decref(doc);
	g_ptr_array_unref(roles);
	return NULL;
}

/* ---- csv: label,value[,unit] ---- */

static GPtrArray *read_csv(const char *data, gsize len, const struct bench_read_opts *o,
			   GError **error)
{
	GPtrArray *ms = rd_metrics_new(), *roles = NULL;
	struct rd_line l = { 0 };
	gsize pos = 0;
	gboolean first = TRUE;

	while (rd_next_line(data, len, &pos, &l)) {
		char **f;
		double v;
		int dec;
		struct rd_metric *m;

		if (rd_skip_line(&l))
			continue;
		f = rd_split_csv(l.p, l.len, ',', TRUE);
		if (g_strv_length(f) < 2 || g_strv_length(f) > 3) {
			qerr(error, QUILL_ERROR_INPUT, "%s:%d: not a label,value,unit row", o->source,
			     l.number);
			g_strfreev(f);
			goto out;
		}
		if (!rd_number(f[1], strlen(f[1]), FALSE, &v, &dec)) {
			if (first) { /* a header row */
				first = FALSE;
				g_strfreev(f);
				continue;
			}
			qerr(error, QUILL_ERROR_INPUT, "%s:%d: the value is not a number", o->source,
			     l.number);
			g_strfreev(f);
			goto out;
		}
		first = FALSE;
		if (!bench_metric_name_valid(f[0])) {
			qerr(error, QUILL_ERROR_INPUT, "%s:%d: the label is empty or not text", o->source,
			     l.number);
			g_strfreev(f);
			goto out;
		}
		m = rd_metric_get(ms, f[0], f[2] && *f[2] ? f[2] : o->unit, o->source, l.number, error);
		g_strfreev(f);
		if (!m || !rd_metric_add(m, 1, v, NAN, dec, o->source, l.number, error))
			goto out;
	}
	if (!ms->len) {
		qerr(error, QUILL_ERROR_INPUT, "%s: no label,value rows", o->source);
		goto out;
	}
	roles = g_ptr_array_new_with_free_func((GDestroyNotify)bench_role_free);
	g_ptr_array_add(roles, rd_role(ms, "csv", o->source, NULL));
out:
	rd_metrics_free(ms);
	return roles;
}

/* ---- detection and dispatch ---- */

enum bench_format bench_detect_format(const char *data, gsize len)
{
	struct rd_line l = { 0 };
	gsize pos = 0, i = 0;
	enum bench_format f;

	while (i < len && g_ascii_isspace(data[i]))
		i++;
	if (i < len && data[i] == '{')
		return BENCH_FORMAT_HYPERFINE;
	if (g_strstr_len(data, (gssize)len, "Performance counter stats for"))
		return BENCH_FORMAT_PERF_STAT;
	/* labelled blocks: by the first value under a heading */
	if ((f = rd_detect_blocks(data, len)) != BENCH_FORMAT_AUTO)
		return f;
	while (rd_next_line(data, len, &pos, &l)) {
		const char *p = l.p, *rest;
		gsize n = l.len, num_len, rest_len;
		double v;

		if (rd_skip_line(&l))
			continue;
		if (rd_perf_csv_line(l.p, l.len))
			return BENCH_FORMAT_PERF_STAT;
		if (memchr(l.p, ',', l.len))
			return BENCH_FORMAT_CSV;
		rd_trim(&p, &n);
		rd_split_value(p, n, &num_len, &rest, &rest_len);
		if (rd_number(p, num_len, FALSE, &v, NULL))
			return BENCH_FORMAT_SAMPLES;
		if (memchr(l.p, ':', l.len))
			return BENCH_FORMAT_KV;
		return BENCH_FORMAT_AUTO;
	}
	return BENCH_FORMAT_AUTO;
}

GPtrArray *bench_read(const char *data, gsize len, const struct bench_read_opts *o,
		      GError **error)
{
	struct bench_read_opts opts = *o;

	if (!opts.source)
		opts.source = "(input)";
	if (opts.format == BENCH_FORMAT_AUTO)
		opts.format = bench_detect_format(data, len);
	switch (opts.format) {
	case BENCH_FORMAT_HYPERFINE:
		return read_hyperfine(data, len, &opts, error);
	case BENCH_FORMAT_PERF_STAT:
		return rd_perf_stat(data, len, &opts, error);
	case BENCH_FORMAT_CSV:
		return read_csv(data, len, &opts, error);
	case BENCH_FORMAT_SAMPLES:
		return rd_samples(data, len, &opts, error);
	case BENCH_FORMAT_KV:
		return rd_kv(data, len, &opts, error);
	case BENCH_FORMAT_AUTO:
		break;
	}
	qerr(error, QUILL_ERROR_INPUT,
	     "%s:1: cannot tell what this is (give --format hyperfine|perf-stat|csv|samples|kv)",
	     opts.source);
	return NULL;
}
