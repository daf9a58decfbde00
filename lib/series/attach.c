/* attach.c - a version's benchmarks in the state tree, and the patch
 * of the series one belongs to (--patch). */
#include "series/attach.h"
#include "core/error.h"
#include "git/commit.h"

#include <stdlib.h>
#include <string.h>

char *bench_state_path(int version, const char *name)
{
	return g_strdup_printf("v%d/bench/%s.json", version, name);
}

static struct bench *parse(GBytes *bytes, const char *path, gboolean *foreign, GError **error)
{
	gsize len;
	const char *data = g_bytes_get_data(bytes, &len);
	json_error_t je;
	json_t *doc = json_loadb(data, len, 0, &je);
	struct bench *b;

	*foreign = FALSE;
	if (!doc) {
		qerr(error, QUILL_ERROR_INPUT, "%s:%d: not JSON: %s", path, je.line, je.text);
		return NULL;
	}
	b = bench_from_json(doc, path, foreign, error);
	json_decref(doc);
	return b;
}

gboolean bench_load_version(GPtrArray **out, const struct state *st, int version,
			    GError **error)
{
	char *prefix = g_strdup_printf("v%d/bench/", version);
	GPtrArray *paths = state_paths(st);
	GPtrArray *benches = g_ptr_array_new_with_free_func((GDestroyNotify)bench_free);
	gsize plen = strlen(prefix);

	*out = NULL;
	for (guint i = 0; i < paths->len; i++) {
		const char *path = g_ptr_array_index(paths, i);
		struct bench *b;
		gboolean foreign;
		GError *e = NULL;

		if (strncmp(path, prefix, plen) || strchr(path + plen, '/') ||
		    !g_str_has_suffix(path, ".json"))
			continue;
		if (!(b = parse(state_get(st, path), path, &foreign, &e))) {
			if (foreign) {
				g_error_free(e);
				continue;
			}
			g_propagate_error(error, e);
			g_ptr_array_unref(benches);
			g_ptr_array_unref(paths);
			g_free(prefix);
			return FALSE;
		}
		g_ptr_array_add(benches, b);
	}
	g_ptr_array_unref(paths);
	g_free(prefix);
	*out = benches;
	return TRUE;
}

gboolean bench_load(struct bench **out, const struct state *st, int version, const char *name,
		    GError **error)
{
	char *path = bench_state_path(version, name);
	GBytes *bytes = state_get(st, path);
	gboolean foreign;

	*out = NULL;
	if (bytes && !(*out = parse(bytes, path, &foreign, error))) {
		if (foreign)
			qerr_prefix(error, "%s is not a benchmark of quill bench", path);
		g_free(path);
		return FALSE;
	}
	g_free(path);
	return TRUE;
}

gboolean bench_load_earlier(struct bench **out, int *version_out, const struct state *st,
			    int before, const char *name, GError **error)
{
	*out = NULL;
	*version_out = 0;
	for (int k = before - 1; k >= 1; k--) {
		char *path = bench_state_path(k, name);
		GBytes *bytes = state_get(st, path);
		gboolean foreign;
		GError *e = NULL;

		if (bytes && !(*out = parse(bytes, path, &foreign, &e))) {
			if (!foreign) {
				g_propagate_error(error, e);
				g_free(path);
				return FALSE;
			}
			g_error_free(e);
		}
		g_free(path);
		if (*out) {
			*version_out = k;
			break;
		}
	}
	return TRUE;
}

void bench_store(struct state *st, int version, const struct bench *b)
{
	char *path = bench_state_path(version, b->name);
	json_t *doc = bench_to_json(b);
	char *text = json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));

	state_set(st, path, text, strlen(text));
	free(text);
	json_decref(doc);
	g_free(path);
}

char *bench_names_list(GPtrArray *benches)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; benches && i < benches->len; i++)
		g_string_append_printf(s, "%s%s", i ? ", " : "",
				       ((struct bench *)g_ptr_array_index(benches, i))->name);
	if (!s->len)
		g_string_append(s, "none");
	return g_string_free(s, FALSE);
}

gboolean bench_find_patch(struct bench_patch **out, git_repository *repo, const struct series *s,
			  const char *rev, GError **error)
{
	GPtrArray *patches = NULL;
	git_oid oid;

	*out = NULL;
	if (!commit_resolve(&oid, repo, rev, error) ||
	    !series_load_patches(&patches, NULL, NULL, repo, s, 0, COMMIT_WANT_DIFF, error))
		return FALSE;
	for (guint i = 0; i < patches->len; i++) {
		const struct commit_patch *p = g_ptr_array_index(patches, i);
		if (git_oid_equal(&p->oid, &oid)) {
			*out = g_new0(struct bench_patch, 1);
			(*out)->commit = g_strdup(git_oid_tostr_s(&oid));
			(*out)->patch_id = *p->patch_id ? g_strdup(p->patch_id) : NULL;
			(*out)->subject = g_strdup(p->subject);
			break;
		}
	}
	g_ptr_array_unref(patches);
	if (!*out)
		return qerr(error, QUILL_ERROR_USAGE, "%s is not a patch of series %s v%d", rev,
			    s->name, s->version);
	return TRUE;
}
