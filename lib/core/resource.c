/* resource.c - data files from a search list, then the compiled-in copy. */
#include "core/resource.h"
#include "core/error.h"

#include <string.h>

struct resources {
	char **dirs;
};

struct resources *resources_new(const char *const *dirs)
{
	struct resources *res = g_new0(struct resources, 1);

	res->dirs = g_strdupv((char **)dirs);
	if (!res->dirs)
		res->dirs = g_new0(char *, 1);
	return res;
}

void resources_free(struct resources *res)
{
	if (!res)
		return;
	g_strfreev(res->dirs);
	g_free(res);
}

GBytes *resources_load(const struct resources *res, const char *name, char **where_out,
		       GError **error)
{
	const struct embedded_file *e;
	char **d;

	for (d = res ? res->dirs : NULL; d && *d; d++) {
		char *path = g_build_filename(*d, name, NULL);
		char *data;
		gsize len;

		if (g_file_get_contents(path, &data, &len, NULL)) {
			if (where_out)
				*where_out = path;
			else
				g_free(path);
			return g_bytes_new_take(data, len);
		}
		g_free(path);
	}
	for (e = quill_embedded; e->name; e++) {
		if (!strcmp(e->name, name)) {
			if (where_out)
				*where_out = g_strdup("(built-in)");
			return g_bytes_new_static(e->data, e->len);
		}
	}
	qerr(error, QUILL_ERROR_INPUT, "no data file '%s' (not installed, not built in)", name);
	return NULL;
}

char *resources_load_string(const struct resources *res, const char *name, GError **error)
{
	GBytes *b = resources_load(res, name, NULL, error);
	gsize len;
	const char *data;
	char *s;

	if (!b)
		return NULL;
	data = g_bytes_get_data(b, &len);
	s = g_strndup(data, len);
	g_bytes_unref(b);
	return s;
}
