/* objsize-render.c - an attached size diff (v<N>/bench/<name>.json of a
 * series' state) as the text block of a cover letter's {{objsize NAME}}. */
#include "objsize.h"
#include "error.h"
#include "store.h"

#include <string.h>

char *objsize_render_json(const json_t *doc, const char *source, GError **error)
{
	struct objsize_diff *d;
	char *out;

	if (!objsize_from_json(&d, doc, error)) {
		qerr_prefix(error, "%s", source);
		return NULL;
	}
	out = objsize_format_mail(d);
	objsize_diff_free(d);
	return out;
}

/* The names of version n's size diffs, "a, b" or "none" (caller owns). */
static char *attached_names(const struct state *st, int version)
{
	char *prefix = g_strdup_printf("v%d/bench/", version);
	GPtrArray *paths = state_paths(st);
	GString *names = g_string_new(NULL);
	size_t plen = strlen(prefix);

	for (guint i = 0; i < paths->len; i++) {
		const char *path = g_ptr_array_index(paths, i);
		GBytes *bytes;
		json_t *doc;
		gsize len;
		const char *data;

		if (strncmp(path, prefix, plen) || strchr(path + plen, '/') ||
		    !g_str_has_suffix(path, ".json") || !(bytes = state_get(st, path)))
			continue;
		data = g_bytes_get_data(bytes, &len);
		if ((doc = json_loadb(data, len, 0, NULL)) && objsize_json_is(doc))
			g_string_append_printf(names, "%s%.*s", names->len ? ", " : "",
					       (int)(strlen(path) - plen - 5), path + plen);
		json_decref(doc);
	}
	if (!names->len)
		g_string_append(names, "none");
	g_ptr_array_unref(paths);
	g_free(prefix);
	return g_string_free(names, FALSE);
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
