/* attach-edit.c - changing what the working version has attached: a
 * benchmark or size diff taken out (bench rm), the results of a frozen
 * version copied in (bench copy --from-version K).  Each is one state
 * commit; frozen versions are never changed. */
#include "series/attach.h"
#include "bench/objsize.h"
#include "core/error.h"

#include <string.h>

enum kind {
	KIND_NONE,	/* no such file */
	KIND_BENCH,	/* bench run/add */
	KIND_OBJSIZE,	/* bench size --attach */
	KIND_FOREIGN,	/* JSON of another tool */
	KIND_DAMAGED,	/* not JSON at all */
};

static enum kind kind_of(GBytes *bytes)
{
	gsize len;
	const char *data;
	json_t *doc;
	enum kind k;

	if (!bytes)
		return KIND_NONE;
	data = g_bytes_get_data(bytes, &len);
	if (!(doc = json_loadb(data, len, 0, NULL)))
		return KIND_DAMAGED;
	if (objsize_json_is(doc))
		k = KIND_OBJSIZE;
	else if (json_is_object(doc) && json_object_get(doc, "roles"))
		k = KIND_BENCH;
	else
		k = KIND_FOREIGN;
	json_decref(doc);
	return k;
}

/* The names of version v's benchmarks and size diffs (damaged ones too,
 * not another tool's files), sorted (caller owns; frees its strings). */
static GPtrArray *attached_names(const struct state *st, int v)
{
	char *prefix = g_strdup_printf("v%d/bench/", v);
	GPtrArray *paths = state_paths(st), *names = g_ptr_array_new_with_free_func(g_free);
	gsize plen = strlen(prefix);

	for (guint i = 0; i < paths->len; i++) {
		const char *path = g_ptr_array_index(paths, i);
		enum kind k;

		if (strncmp(path, prefix, plen) || strchr(path + plen, '/') ||
		    !g_str_has_suffix(path, ".json"))
			continue;
		k = kind_of(state_get(st, path));
		if (k != KIND_NONE && k != KIND_FOREIGN)
			g_ptr_array_add(names, g_strndup(path + plen, strlen(path + plen) - 5));
	}
	g_ptr_array_unref(paths);
	g_free(prefix);
	return names;
}

/* "a, b" or "none" (caller owns). */
static char *join_names(GPtrArray *names)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < names->len; i++)
		g_string_append_printf(s, "%s%s", i ? ", " : "", (char *)g_ptr_array_index(names, i));
	if (!s->len)
		g_string_append(s, "none");
	return g_string_free(s, FALSE);
}

/* The earlier versions that have NAME: "; v1, v2 have one", or "" (caller owns). */
static char *earlier_with(const struct state *st, int before, const char *name)
{
	GString *s = g_string_new(NULL);
	int n = 0;

	for (int k = 1; k < before; k++) {
		char *path = bench_state_path(k, name);
		enum kind kind = kind_of(state_get(st, path));

		if (kind != KIND_NONE && kind != KIND_FOREIGN) {
			g_string_append_printf(s, "%sv%d", n ? ", " : "; ", k);
			n++;
		}
		g_free(path);
	}
	if (n)
		g_string_append(s, n == 1 ? " has one" : " have one");
	return g_string_free(s, FALSE);
}

static gboolean name_ok(const char *name, GError **error)
{
	if (!name || !bench_name_valid(name))
		return qerr(error, QUILL_ERROR_USAGE, "'%s' cannot name a benchmark",
			    name ? name : "");
	return TRUE;
}

gboolean bench_remove(struct series *s, git_repository *repo, const char *name, GError **error)
{
	char *path, *msg;
	enum kind k;
	gboolean ok;

	if (!name_ok(name, error))
		return FALSE;
	path = bench_state_path(s->version, name);
	k = kind_of(state_get(s->state, path));
	if (k == KIND_NONE) {
		GPtrArray *names = attached_names(s->state, s->version);
		char *have = join_names(names), *earlier = earlier_with(s->state, s->version, name);

		qerr(error, QUILL_ERROR_USAGE,
		     "no benchmark or size diff '%s' in v%d of %s (there: %s%s)", name, s->version,
		     s->name, have, earlier);
		g_free(have);
		g_free(earlier);
		g_ptr_array_unref(names);
		g_free(path);
		return FALSE;
	}
	if (k == KIND_FOREIGN) {
		qerr(error, QUILL_ERROR_USAGE,
		     "%s is not a benchmark or size diff of quill bench (another tool's?); left alone",
		     path);
		g_free(path);
		return FALSE;
	}
	state_remove(s->state, path);
	msg = g_strdup_printf("bench: rm %s", name);
	ok = store_commit(repo, s->state, msg, NULL, 0, error);
	g_free(msg);
	g_free(path);
	return ok;
}

/* FALSE with QUILL_ERROR_INPUT naming `path` when the benchmark or size
 * diff there does not parse: it is not copied. */
static gboolean parses(GBytes *bytes, enum kind k, const char *path, GError **error)
{
	gsize len;
	const char *data = g_bytes_get_data(bytes, &len);
	json_error_t je;
	json_t *doc = json_loadb(data, len, 0, &je);
	gboolean ok = TRUE;
	GError *e = NULL;

	if (!doc)
		return qerr(error, QUILL_ERROR_INPUT, "%s:%d: not JSON: %s", path, je.line, je.text);
	if (k == KIND_OBJSIZE) {
		struct objsize_diff *d = NULL;

		if ((ok = objsize_from_json(&d, doc, &e)))
			objsize_diff_free(d);
	} else {
		struct bench *b = bench_from_json(doc, path, NULL, &e);

		ok = b != NULL;
		bench_free(b);
	}
	json_decref(doc);
	if (!ok) {
		/* bench_from_json names the path itself */
		if (k == KIND_OBJSIZE)
			qerr(error, QUILL_ERROR_INPUT, "%s: %s", path, e->message);
		else
			qerr(error, QUILL_ERROR_INPUT, "%s", e->message);
		g_error_free(e);
	}
	return ok;
}

/* The names bench copy takes from version `from`: NAME, or all there is. */
static GPtrArray *copy_names(const struct series *s, int from, const char *name, GError **error)
{
	GPtrArray *there = attached_names(s->state, from), *names;

	if (!name) {
		if (!there->len) {
			qerr(error, QUILL_ERROR_NEGATIVE,
			     "v%d of %s has no benchmarks or size diffs to copy", from, s->name);
			g_ptr_array_unref(there);
			return NULL;
		}
		return there;
	}
	names = g_ptr_array_new_with_free_func(g_free);
	for (guint i = 0; i < there->len; i++)
		if (!strcmp(g_ptr_array_index(there, i), name))
			g_ptr_array_add(names, g_strdup(name));
	if (!names->len) {
		char *path = bench_state_path(from, name), *have = join_names(there);

		if (state_get(s->state, path))
			qerr(error, QUILL_ERROR_USAGE,
			     "%s is not a benchmark or size diff of quill bench (another tool's?)",
			     path);
		else
			qerr(error, QUILL_ERROR_USAGE,
			     "no benchmark or size diff '%s' in v%d of %s (there: %s)", name, from,
			     s->name, have);
		g_free(path);
		g_free(have);
		g_ptr_array_unref(names);
		names = NULL;
	}
	g_ptr_array_unref(there);
	return names;
}

gboolean bench_copy(GPtrArray **copied, struct series *s, git_repository *repo, int from,
		    const char *name, GError **error)
{
	GPtrArray *names;
	GString *msg;
	gboolean ok = TRUE;

	if (copied)
		*copied = NULL;
	if (name && !name_ok(name, error))
		return FALSE;
	if (s->version == 1)
		return qerr(error, QUILL_ERROR_USAGE,
			    "series %s has no frozen version to copy from (v1 is the working one)",
			    s->name);
	if (from < 1 || from >= s->version)
		return qerr(error, QUILL_ERROR_USAGE,
			    "series %s has frozen versions 1 to %d (v%d is the working one)", s->name,
			    s->version - 1, s->version);
	if (!(names = copy_names(s, from, name, error)))
		return FALSE;
	/* check them all before anything is put in */
	for (guint i = 0; ok && i < names->len; i++) {
		const char *n = g_ptr_array_index(names, i);
		char *src = bench_state_path(from, n), *dst = bench_state_path(s->version, n);
		GBytes *bytes = state_get(s->state, src);

		if (state_get(s->state, dst))
			ok = qerr(error, QUILL_ERROR_USAGE,
				  "v%d of %s has its own %s already (quill bench rm %s first)", s->version,
				  s->name, n, n);
		else
			ok = parses(bytes, kind_of(bytes), src, error);
		g_free(src);
		g_free(dst);
	}
	if (!ok) {
		g_ptr_array_unref(names);
		return FALSE;
	}
	msg = g_string_new("bench: copy ");
	for (guint i = 0; i < names->len; i++) {
		const char *n = g_ptr_array_index(names, i);
		char *src = bench_state_path(from, n), *dst = bench_state_path(s->version, n);
		gsize len;
		const void *data = g_bytes_get_data(state_get(s->state, src), &len);

		state_set(s->state, dst, data, len);
		g_string_append_printf(msg, "%s%s", i ? ", " : "", n);
		g_free(src);
		g_free(dst);
	}
	g_string_append_printf(msg, " from v%d", from);
	ok = store_commit(repo, s->state, msg->str, NULL, 0, error);
	g_string_free(msg, TRUE);
	if (ok && copied)
		*copied = names;
	else
		g_ptr_array_unref(names);
	return ok;
}
