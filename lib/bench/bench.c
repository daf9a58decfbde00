/* bench.c - the benchmark model, its JSON file, units. */
#include "bench/bench.h"
#include "core/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the model ---- */

struct bench_metric *bench_metric_new(const char *name, const char *unit)
{
	struct bench_metric *m = g_new0(struct bench_metric, 1);

	m->name = g_strdup(name);
	m->unit = bench_unit_canonical(unit ? unit : "");
	m->decimals = BENCH_DECIMALS_MEASURED;
	m->samples = g_array_new(FALSE, FALSE, sizeof(double));
	m->stddev = NAN;
	return m;
}

void bench_metric_free(struct bench_metric *m)
{
	if (!m)
		return;
	g_free(m->name);
	g_free(m->unit);
	if (m->samples)
		g_array_unref(m->samples);
	g_free(m);
}

void bench_metric_add(struct bench_metric *m, double v)
{
	g_array_append_val(m->samples, v);
}

int bench_metric_n(const struct bench_metric *m)
{
	return m->samples ? (int)m->samples->len : m->n;
}

struct bench_role *bench_role_new(const char *role, const char *source)
{
	struct bench_role *r = g_new0(struct bench_role, 1);

	r->role = g_strdup(role);
	r->source = g_strdup(source);
	r->metrics = g_ptr_array_new_with_free_func((GDestroyNotify)bench_metric_free);
	return r;
}

void bench_role_free(struct bench_role *r)
{
	if (!r)
		return;
	g_free(r->role);
	g_free(r->source);
	g_free(r->command);
	g_free(r->file);
	g_free(r->date);
	g_free(r->head);
	g_free(r->host);
	g_free(r->link);
	g_ptr_array_unref(r->metrics);
	g_free(r);
}

struct bench_metric *bench_role_metric(const struct bench_role *r, const char *name)
{
	for (guint i = 0; i < r->metrics->len; i++) {
		struct bench_metric *m = g_ptr_array_index(r->metrics, i);
		if (!strcmp(m->name, name))
			return m;
	}
	return NULL;
}

struct bench *bench_new(const char *name)
{
	struct bench *b = g_new0(struct bench, 1);

	b->name = g_strdup(name);
	b->roles = g_ptr_array_new_with_free_func((GDestroyNotify)bench_role_free);
	return b;
}

void bench_patch_free(struct bench_patch *p)
{
	if (!p)
		return;
	g_free(p->commit);
	g_free(p->patch_id);
	g_free(p->subject);
	g_free(p);
}

void bench_free(struct bench *b)
{
	if (!b)
		return;
	g_free(b->name);
	bench_patch_free(b->patch);
	g_ptr_array_unref(b->roles);
	g_free(b);
}

struct bench_role *bench_get_role(const struct bench *b, const char *role)
{
	for (guint i = 0; i < b->roles->len; i++) {
		struct bench_role *r = g_ptr_array_index(b->roles, i);
		if (!strcmp(r->role, role))
			return r;
	}
	return NULL;
}

/* The same metric in another role of b than `skip`, or NULL. */
static struct bench_metric *metric_elsewhere(const struct bench *b, const char *role,
					     const char *name)
{
	for (guint i = 0; i < b->roles->len; i++) {
		struct bench_role *r = g_ptr_array_index(b->roles, i);
		struct bench_metric *m;
		if (strcmp(r->role, role) && (m = bench_role_metric(r, name)))
			return m;
	}
	return NULL;
}

static void metric_scale(struct bench_metric *m, double f, const char *unit)
{
	double shift = log10(f);

	if (m->samples)
		for (guint i = 0; i < m->samples->len; i++)
			g_array_index(m->samples, double, i) *= f;
	m->mean *= f;
	m->stddev *= f;
	/* a power of ten moves the digits: 1.5 ms are 0.0015 s (within the
	 * cap every reader and bench_from_json keep to) */
	if (m->decimals >= 0 && fabs(shift - round(shift)) < 1e-9)
		m->decimals = CLAMP(m->decimals - (int)round(shift), 0, BENCH_DECIMALS_MAX);
	g_free(m->unit);
	m->unit = g_strdup(unit);
}

gboolean bench_put_role(struct bench *b, struct bench_role *r, gboolean *replaced,
			GError **error)
{
	int at = -1;

	/* check every unit first, so that a failure changes nothing */
	for (guint i = 0; i < r->metrics->len; i++) {
		struct bench_metric *m = g_ptr_array_index(r->metrics, i);
		struct bench_metric *o = metric_elsewhere(b, r->role, m->name);
		if (o && bench_unit_convert(m->unit, o->unit) == 0) {
			qerr(error, QUILL_ERROR_INPUT,
			     "%s: metric '%s' is in %s%s%s here but in %s%s%s in the other roles",
			     b->name, m->name, *m->unit ? "" : "'", *m->unit ? m->unit : "no unit",
			     *m->unit ? "" : "'", *o->unit ? "" : "'", *o->unit ? o->unit : "no unit",
			     *o->unit ? "" : "'");
			bench_role_free(r);
			return FALSE;
		}
	}
	for (guint i = 0; i < r->metrics->len; i++) {
		struct bench_metric *m = g_ptr_array_index(r->metrics, i);
		struct bench_metric *o = metric_elsewhere(b, r->role, m->name);
		if (o && strcmp(m->unit, o->unit))
			metric_scale(m, bench_unit_convert(m->unit, o->unit), o->unit);
	}
	for (guint i = 0; i < b->roles->len; i++)
		if (!strcmp(((struct bench_role *)g_ptr_array_index(b->roles, i))->role, r->role))
			at = (int)i;
	if (replaced)
		*replaced = at >= 0;
	if (at >= 0) {
		bench_role_free(g_ptr_array_index(b->roles, at));
		b->roles->pdata[at] = r;
	} else if (!strcmp(r->role, "base")) {
		g_ptr_array_insert(b->roles, 0, r);
	} else {
		g_ptr_array_add(b->roles, r);
	}
	return TRUE;
}

static gboolean in_names(GPtrArray *names, const char *name)
{
	for (guint i = 0; i < names->len; i++)
		if (!strcmp(g_ptr_array_index(names, i), name))
			return TRUE;
	return FALSE;
}

GPtrArray *bench_metric_names(const struct bench *b)
{
	GPtrArray *names = g_ptr_array_new();

	for (int pass = 0; pass < 2; pass++)
		for (guint i = 0; i < b->roles->len; i++) {
			struct bench_role *r = g_ptr_array_index(b->roles, i);
			for (guint k = pass ? 1 : 0; k < (pass ? r->metrics->len : MIN(1, r->metrics->len)); k++) {
				struct bench_metric *m = g_ptr_array_index(r->metrics, k);
				if (!in_names(names, m->name))
					g_ptr_array_add(names, m->name);
			}
		}
	return names;
}

gboolean bench_name_valid(const char *name)
{
	size_t n = name ? strlen(name) : 0;

	if (n < 1 || n > 64 || name[0] == '.' || name[0] == '-')
		return FALSE;
	for (size_t i = 0; i < n; i++)
		if (!g_ascii_isalnum(name[i]) && !strchr("._+-", name[i]))
			return FALSE;
	return TRUE;
}

gboolean bench_metric_name_valid(const char *name)
{
	size_t n = name ? strlen(name) : 0;

	if (n < 1 || n > 128 || !g_utf8_validate(name, -1, NULL))
		return FALSE;
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
			return FALSE;
	return TRUE;
}

/* ---- JSON ---- */

static json_t *num_or_null(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

json_t *bench_to_json(const struct bench *b)
{
	json_t *roles = json_array();
	json_t *doc = json_pack("{s:s, s:s}", "kind", "quill-bench", "name", b->name);

	if (b->patch)
		json_object_set_new(doc, "patch",
				    json_pack("{s:s, s:o, s:s}", "commit", b->patch->commit,
					      "patch_id", str_or_null(b->patch->patch_id),
					      "subject", b->patch->subject ? b->patch->subject : ""));
	for (guint i = 0; i < b->roles->len; i++) {
		struct bench_role *r = g_ptr_array_index(b->roles, i);
		json_t *metrics = json_array(), *jr;

		for (guint k = 0; k < r->metrics->len; k++) {
			struct bench_metric *m = g_ptr_array_index(r->metrics, k);
			json_t *jm = json_pack("{s:s, s:s, s:i}", "name", m->name, "unit", m->unit,
					       "decimals", m->decimals);
			if (m->samples) {
				json_t *a = json_array();
				for (guint j = 0; j < m->samples->len; j++)
					json_array_append_new(a, json_real(g_array_index(m->samples, double, j)));
				json_object_set_new(jm, "samples", a);
			} else {
				json_object_set_new(jm, "n", json_integer(m->n));
				json_object_set_new(jm, "mean", num_or_null(m->mean));
				json_object_set_new(jm, "stddev", num_or_null(m->stddev));
			}
			json_array_append_new(metrics, jm);
		}
		jr = json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:i, s:o}", "role", r->role,
					 "source", r->source, "command", str_or_null(r->command), "file",
					 str_or_null(r->file), "date", str_or_null(r->date), "head",
					 str_or_null(r->head), "host", str_or_null(r->host), "warmup",
					 r->warmup, "metrics", metrics);
		if (r->link)
			json_object_set_new(jr, "link", json_string(r->link));
		json_array_append_new(roles, jr);
	}
	json_object_set_new(doc, "roles", roles);
	return doc;
}

/* A string member (NULL allowed when absent or null); FALSE if of another type. */
static gboolean get_str(const json_t *o, const char *key, char **out)
{
	const json_t *v = json_object_get(o, key);

	*out = NULL;
	if (!v || json_is_null(v))
		return TRUE;
	if (!json_is_string(v))
		return FALSE;
	*out = g_strdup(json_string_value(v));
	return TRUE;
}

static gboolean get_num(const json_t *v, double *out)
{
	if (!v || json_is_null(v)) {
		*out = NAN;
		return TRUE;
	}
	if (!json_is_number(v))
		return FALSE;
	*out = json_number_value(v);
	return TRUE;
}

static struct bench_metric *metric_from_json(const json_t *jm)
{
	const json_t *name = json_object_get(jm, "name"), *unit = json_object_get(jm, "unit");
	const json_t *samples = json_object_get(jm, "samples"), *dec = json_object_get(jm, "decimals");
	struct bench_metric *m;

	if (!json_is_object(jm) || !json_is_string(name) || !json_is_string(unit) ||
	    !bench_metric_name_valid(json_string_value(name)))
		return NULL;
	m = bench_metric_new(json_string_value(name), json_string_value(unit));
	if (json_is_integer(dec))
		m->decimals = (int)CLAMP(json_integer_value(dec), -1, BENCH_DECIMALS_MAX);
	if (json_is_array(samples)) {
		size_t i;
		const json_t *v;
		json_array_foreach(samples, i, v) {
			if (!json_is_number(v) || !isfinite(json_number_value(v))) {
				bench_metric_free(m);
				return NULL;
			}
			bench_metric_add(m, json_number_value(v));
		}
		if (m->samples->len == 0) {
			bench_metric_free(m);
			return NULL;
		}
		return m;
	}
	g_array_unref(m->samples);
	m->samples = NULL;
	if (!json_is_integer(json_object_get(jm, "n")) ||
	    json_integer_value(json_object_get(jm, "n")) < 1 ||
	    json_integer_value(json_object_get(jm, "n")) > G_MAXINT ||
	    !get_num(json_object_get(jm, "mean"), &m->mean) || !isfinite(m->mean) ||
	    !get_num(json_object_get(jm, "stddev"), &m->stddev)) {
		bench_metric_free(m);
		return NULL;
	}
	m->n = (int)json_integer_value(json_object_get(jm, "n"));
	return m;
}

static struct bench_role *role_from_json(const json_t *jr)
{
	const json_t *role = json_object_get(jr, "role"), *source = json_object_get(jr, "source");
	const json_t *metrics = json_object_get(jr, "metrics"), *jm;
	struct bench_role *r;
	size_t i;

	if (!json_is_object(jr) || !json_is_string(role) || !json_is_string(source) ||
	    !json_is_array(metrics) || json_array_size(metrics) == 0 ||
	    !bench_name_valid(json_string_value(role)))
		return NULL;
	r = bench_role_new(json_string_value(role), json_string_value(source));
	if (!get_str(jr, "command", &r->command) || !get_str(jr, "file", &r->file) ||
	    !get_str(jr, "date", &r->date) || !get_str(jr, "head", &r->head) ||
	    !get_str(jr, "host", &r->host) || !get_str(jr, "link", &r->link))
		goto bad;
	if (json_is_integer(json_object_get(jr, "warmup")))
		r->warmup = (int)CLAMP(json_integer_value(json_object_get(jr, "warmup")), 0, G_MAXINT);
	json_array_foreach(metrics, i, jm) {
		struct bench_metric *m = metric_from_json(jm);
		if (!m || bench_role_metric(r, m->name)) {
			bench_metric_free(m);
			goto bad;
		}
		g_ptr_array_add(r->metrics, m);
	}
	return r;
bad:
	bench_role_free(r);
	return NULL;
}

struct bench *bench_from_json(const json_t *doc, const char *source, gboolean *foreign,
			      GError **error)
{
	const json_t *name = json_object_get(doc, "name"), *roles = json_object_get(doc, "roles");
	const json_t *patch = json_object_get(doc, "patch"), *jr;
	struct bench *b;
	size_t i;

	if (foreign)
		*foreign = FALSE;
	if (!json_is_object(doc) || !roles) {
		if (foreign)
			*foreign = TRUE;
		qerr(error, QUILL_ERROR_INPUT, "%s: not a quill benchmark (no \"roles\")", source);
		return NULL;
	}
	if (!json_is_string(name) || !bench_name_valid(json_string_value(name)) ||
	    !json_is_array(roles)) {
		qerr(error, QUILL_ERROR_INPUT, "%s: a benchmark needs a valid \"name\" and \"roles\"",
		     source);
		return NULL;
	}
	b = bench_new(json_string_value(name));
	if (json_is_object(patch)) {
		b->patch = g_new0(struct bench_patch, 1);
		if (!get_str(patch, "commit", &b->patch->commit) || !b->patch->commit ||
		    !get_str(patch, "patch_id", &b->patch->patch_id) ||
		    !get_str(patch, "subject", &b->patch->subject)) {
			qerr(error, QUILL_ERROR_INPUT, "%s: bad \"patch\"", source);
			bench_free(b);
			return NULL;
		}
	}
	json_array_foreach(roles, i, jr) {
		struct bench_role *r = role_from_json(jr);
		if (!r || bench_get_role(b, r->role)) {
			qerr(error, QUILL_ERROR_INPUT, "%s: role %zu is not a valid role%s", source,
			     i + 1, r ? " (a duplicate)" : "");
			bench_role_free(r);
			bench_free(b);
			return NULL;
		}
		g_ptr_array_add(b->roles, r);
	}
	return b;
}

/* ---- units ---- */

static const struct {
	const char *spelling, *canonical;
} unit_names[] = {
	{ "s", "s" }, { "sec", "s" }, { "secs", "s" }, { "second", "s" }, { "seconds", "s" },
	{ "ms", "ms" }, { "msec", "ms" }, { "msecs", "ms" }, { "millisecond", "ms" },
	{ "milliseconds", "ms" },
	{ "us", "us" }, { "usec", "us" }, { "usecs", "us" }, { "\xc2\xb5s", "us" },
	{ "\xce\xbcs", "us" }, { "microsecond", "us" }, { "microseconds", "us" },
	{ "ns", "ns" }, { "nsec", "ns" }, { "nsecs", "ns" }, { "nanosecond", "ns" },
	{ "nanoseconds", "ns" },
	{ "min", "min" }, { "mins", "min" }, { "minute", "min" }, { "minutes", "min" },
	{ "B", "bytes" }, { "byte", "bytes" }, { "bytes", "bytes" },
	{ "kB", "kB" }, { "KB", "kB" }, { "MB", "MB" }, { "GB", "GB" },
	{ "KiB", "KiB" }, { "MiB", "MiB" }, { "GiB", "GiB" },
};

static const struct {
	const char *unit, *dimension;
	double factor;
} unit_dims[] = {
	{ "ns", "time", 1e-9 }, { "us", "time", 1e-6 }, { "ms", "time", 1e-3 }, { "s", "time", 1 },
	{ "min", "time", 60 },
	{ "bytes", "size", 1 }, { "kB", "size", 1e3 }, { "MB", "size", 1e6 }, { "GB", "size", 1e9 },
	{ "KiB", "size", 1024.0 }, { "MiB", "size", 1048576.0 }, { "GiB", "size", 1073741824.0 },
};

char *bench_unit_canonical(const char *unit)
{
	char *u = g_strstrip(g_strdup(unit ? unit : ""));
	size_t n = strlen(u);

	/* "[sec]" as perf bench prints it, "(ms)" */
	if (n >= 2 && ((u[0] == '[' && u[n - 1] == ']') || (u[0] == '(' && u[n - 1] == ')'))) {
		char *inner = g_strstrip(g_strndup(u + 1, n - 2));
		g_free(u);
		u = inner;
	}
	for (size_t i = 0; i < G_N_ELEMENTS(unit_names); i++)
		if (!strcmp(u, unit_names[i].spelling)) {
			g_free(u);
			return g_strdup(unit_names[i].canonical);
		}
	return u;
}

const char *bench_unit_dimension(const char *unit, double *factor)
{
	for (size_t i = 0; i < G_N_ELEMENTS(unit_dims); i++)
		if (!strcmp(unit, unit_dims[i].unit)) {
			if (factor)
				*factor = unit_dims[i].factor;
			return unit_dims[i].dimension;
		}
	if (factor)
		*factor = 0;
	return NULL;
}

double bench_unit_convert(const char *from, const char *to)
{
	double ff, ft;
	const char *df, *dt;

	if (!strcmp(from, to))
		return 1;
	df = bench_unit_dimension(from, &ff);
	dt = bench_unit_dimension(to, &ft);
	if (!df || !dt || strcmp(df, dt))
		return 0;
	return ff / ft;
}

int bench_decimals_of(const char *number)
{
	const char *dot = strchr(number, '.'), *e = strpbrk(number, "eE");
	int d = 0;

	if (dot && (!e || dot < e))
		for (const char *p = dot + 1; g_ascii_isdigit(*p); p++)
			d++;
	if (e)
		d -= (int)CLAMP(g_ascii_strtoll(e + 1, NULL, 10), -1000, 1000);
	return CLAMP(d, 0, BENCH_DECIMALS_MAX);
}
