/* objsize-bench.c - attached size diffs seen as benchmarks, so that the
 * claim check can hold "reduced by 2.49% (70190 -> 68445 bytes)" against
 * them as it holds timings against bench run/add results. */
#include "objsize.h"
#include "bench.h"
#include "error.h"
#include "store.h"

#include <string.h>

static void put(struct bench_role *r, const char *metric, double v)
{
	struct bench_metric *m = bench_metric_new(metric, "bytes");

	m->decimals = 0;
	bench_metric_add(m, v);
	g_ptr_array_add(r->metrics, m);
}

static struct bench_role *role_of(const struct objsize_diff *d, gboolean after)
{
	struct bench_role *r = bench_role_new(after ? "patched" : "base", "size");
	const struct objsize_sizes *sz = after ? &d->new : &d->old;
	double total = 0;

	for (guint i = 0; i < d->tables->len; i++) {
		const struct objsize_table *t = g_ptr_array_index(d->tables, i);

		total += (double)(after ? t->after : t->before);
	}
	put(r, "total", total);
	put(r, "text", (double)sz->text);
	put(r, "data", (double)sz->data);
	put(r, "bss", (double)sz->bss);
	put(r, "dec", (double)(sz->text + sz->data + sz->bss));
	if (sz->file)
		r->file = g_strdup(sz->file);
	return r;
}

gboolean objsize_benches(GPtrArray *into, const struct state *st, int version, GError **error)
{
	char *prefix = g_strdup_printf("v%d/bench/", version);
	GPtrArray *paths = state_paths(st);
	gsize plen = strlen(prefix);
	gboolean ok = TRUE;

	for (guint i = 0; ok && i < paths->len; i++) {
		const char *path = g_ptr_array_index(paths, i);
		GBytes *bytes;
		gsize len;
		const char *data;
		json_t *doc;
		struct objsize_diff *d = NULL;
		struct bench *b;
		char *name;

		if (strncmp(path, prefix, plen) || strchr(path + plen, '/') ||
		    !g_str_has_suffix(path, ".json") || !(bytes = state_get(st, path)))
			continue;
		data = g_bytes_get_data(bytes, &len);
		doc = json_loadb(data, len, 0, NULL);
		if (doc && objsize_json_is(doc)) {
			GError *e = NULL;

			if (objsize_from_json(&d, doc, &e)) {
				name = g_strndup(path + plen, strlen(path + plen) - 5);
				b = bench_new(name);
				g_ptr_array_add(b->roles, role_of(d, FALSE));
				g_ptr_array_add(b->roles, role_of(d, TRUE));
				g_ptr_array_add(into, b);
				g_free(name);
				objsize_diff_free(d);
			} else {
				qerr(error, QUILL_ERROR_INPUT, "%s: %s", path, e->message);
				g_error_free(e);
				ok = FALSE;
			}
		}
		if (doc)
			json_decref(doc);
	}
	g_ptr_array_unref(paths);
	g_free(prefix);
	return ok;
}
