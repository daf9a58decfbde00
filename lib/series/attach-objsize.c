/* attach-objsize.c - the size diffs attached to a version (bench size
 * --attach): rendered for a cover's {{objsize NAME}}, and seen as
 * benchmarks, so that the claim check can hold "reduced by 2.49% (70190 ->
 * 68445 bytes)" against them as it holds timings against bench run/add
 * results. */
#include "series/attach.h"
#include "bench/objsize.h"
#include "bench/bench.h"
#include "core/error.h"
#include "series/store.h"

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

/* The documents of kind quill-objsize attached to version n (json_t*,
 * sorted by name; the array drops its references), each with "name" set
 * to the NAME of its path.  Files that are not JSON or of another kind
 * are passed over. */
static GPtrArray *docs_of(const struct state *st, int version)
{
	char *prefix = g_strdup_printf("v%d/bench/", version);
	GPtrArray *paths = state_paths(st);
	GPtrArray *docs = g_ptr_array_new_with_free_func((GDestroyNotify)json_decref);
	gsize plen = strlen(prefix);

	for (guint i = 0; i < paths->len; i++) {
		const char *path = g_ptr_array_index(paths, i);
		GBytes *bytes;
		gsize len;
		const char *data;
		json_t *doc;

		if (strncmp(path, prefix, plen) || strchr(path + plen, '/') ||
		    !g_str_has_suffix(path, ".json") || !(bytes = state_get(st, path)))
			continue;
		data = g_bytes_get_data(bytes, &len);
		if (!(doc = json_loadb(data, len, 0, NULL)))
			continue;
		if (json_is_object(doc) && objsize_json_is(doc)) {
			json_object_set_new(doc, "name", json_stringn(path + plen, strlen(path + plen) - 5));
			g_ptr_array_add(docs, doc);
		} else {
			json_decref(doc);
		}
	}
	g_ptr_array_unref(paths);
	g_free(prefix);
	return docs;
}

static const char *doc_name(const json_t *doc)
{
	return json_string_value(json_object_get(doc, "name"));
}

gboolean objsize_benches(GPtrArray *into, const struct state *st, int version, GError **error)
{
	GPtrArray *docs = docs_of(st, version);
	gboolean ok = TRUE;

	for (guint i = 0; ok && i < docs->len; i++) {
		const json_t *doc = g_ptr_array_index(docs, i);
		struct objsize_diff *d = NULL;
		GError *e = NULL;
		struct bench *b;

		if (objsize_from_json(&d, doc, &e)) {
			b = bench_new(doc_name(doc));
			g_ptr_array_add(b->roles, role_of(d, FALSE));
			g_ptr_array_add(b->roles, role_of(d, TRUE));
			g_ptr_array_add(into, b);
			objsize_diff_free(d);
		} else {
			qerr(error, QUILL_ERROR_INPUT, "v%d/bench/%s.json: %s", version, doc_name(doc),
			     e->message);
			g_error_free(e);
			ok = FALSE;
		}
	}
	g_ptr_array_unref(docs);
	return ok;
}

gboolean objsize_load_version(GPtrArray **out, const struct state *st, int version,
			      GError **error)
{
	GPtrArray *docs = docs_of(st, version);

	*out = NULL;
	for (guint i = 0; i < docs->len; i++) {
		const json_t *doc = g_ptr_array_index(docs, i);
		struct objsize_diff *d = NULL;
		struct bench_patch *p = NULL;

		if (!objsize_from_json(&d, doc, error) || !objsize_patch(&p, doc, error)) {
			qerr_prefix(error, "v%d/bench/%s.json", version, doc_name(doc));
			g_ptr_array_unref(docs);
			return FALSE;
		}
		objsize_diff_free(d);
		bench_patch_free(p);
	}
	*out = docs;
	return TRUE;
}

gboolean objsize_patch(struct bench_patch **out, const json_t *doc, GError **error)
{
	const json_t *p = json_object_get(doc, "patch"), *id;
	const char *commit, *subject;

	*out = NULL;
	if (!p || json_is_null(p))
		return TRUE;
	commit = json_string_value(json_object_get(p, "commit"));
	subject = json_string_value(json_object_get(p, "subject"));
	id = json_object_get(p, "patch_id");
	if (!json_is_object(p) || !commit || !subject || (id && !json_is_null(id) && !json_is_string(id)))
		return qerr(error, QUILL_ERROR_INPUT, "bad \"patch\"");
	*out = g_new0(struct bench_patch, 1);
	(*out)->commit = g_strdup(commit);
	(*out)->patch_id = g_strdup(json_string_value(id));
	(*out)->subject = g_strdup(subject);
	return TRUE;
}

char *objsize_note(const json_t *doc, const char *subject, gboolean markdown, GError **error)
{
	const json_t *p = json_object_get(doc, "patch");
	char *block = objsize_render_json(doc, doc_name(doc), error);
	GString *out;

	if (!block)
		return NULL;
	if (!subject && json_is_object(p))
		subject = json_string_value(json_object_get(p, "subject"));
	out = g_string_new(NULL);
	g_string_append_printf(out, markdown ? "**%s**" : "%s", doc_name(doc));
	if (subject)
		g_string_append_printf(out, " (for \"%s\")", subject);
	g_string_append_printf(out, markdown ? "\n\n```\n%s```\n" : "\n%s", block);
	g_free(block);
	return g_string_free(out, FALSE);
}

/* The names of version n's size diffs, "a, b" or "none" (caller owns). */
static char *attached_names(const struct state *st, int version)
{
	GPtrArray *docs = docs_of(st, version);
	GString *names = g_string_new(NULL);

	for (guint i = 0; i < docs->len; i++)
		g_string_append_printf(names, "%s%s", i ? ", " : "",
				       doc_name(g_ptr_array_index(docs, i)));
	if (!names->len)
		g_string_append(names, "none");
	g_ptr_array_unref(docs);
	return g_string_free(names, FALSE);
}

int objsize_earlier(const struct state *st, int before, const char *name)
{
	int found = 0;

	for (int k = before - 1; k >= 1 && !found; k--) {
		char *path = g_strdup_printf("v%d/bench/%s.json", k, name);
		GBytes *bytes = state_get(st, path);

		if (bytes) {
			gsize len;
			const char *data = g_bytes_get_data(bytes, &len);
			json_t *doc = json_loadb(data, len, 0, NULL);

			if (doc && objsize_json_is(doc))
				found = k;
			json_decref(doc);
		}
		g_free(path);
	}
	return found;
}

char *objsize_render(const struct state *st, int version, const char *name, GError **error)
{
	char *path = g_strdup_printf("v%d/bench/%s.json", version, name);
	GBytes *bytes = state_get(st, path);
	json_error_t je;
	json_t *doc = NULL;
	char *out = NULL;

	if (!bytes) {
		char *names = attached_names(st, version);

		qerr(error, QUILL_ERROR_INPUT,
		     "no size comparison '%s' attached to v%d (quill bench size --attach; attached: %s)",
		     name, version, names);
		g_free(names);
		goto out;
	}
	{
		gsize len;
		const char *data = g_bytes_get_data(bytes, &len);

		if (!(doc = json_loadb(data, len, 0, &je))) {
			qerr(error, QUILL_ERROR_INPUT, "%s:%d: not JSON: %s", path, je.line, je.text);
			goto out;
		}
	}
	if (!objsize_json_is(doc)) {
		const char *kind = json_string_value(json_object_get(doc, "kind"));

		qerr(error, QUILL_ERROR_INPUT,
		     "%s: not a size comparison of quill bench size (its kind: %s)", path,
		     kind ? kind : "none");
		goto out;
	}
	out = objsize_render_json(doc, path, error);
out:
	json_decref(doc);
	g_free(path);
	return out;
}
