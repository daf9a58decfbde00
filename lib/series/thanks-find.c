/* thanks-find.c - which patches of the candidates a history holds: by
 * stable patch-id first, then by subject (see thanks.h). */
#include "series/thanks.h"

#include <string.h>

#include "core/error.h"
#include "git/commit.h"
#include "git/logwalk.h"

struct seen {
	git_oid oid;
	char hex[GIT_OID_HEXSZ + 1];
	char *subject;
	char patch_id[GIT_OID_HEXSZ + 1];	/* "" when it has none */
};

static void seen_free(gpointer p)
{
	struct seen *c = p;

	g_free(c->subject);
	g_free(c);
}

/* The commits of the range, newest first (merges passed over). */
static gboolean walk(GPtrArray **out, git_repository *repo, const char *range, GError **error)
{
	struct logwalk *w = NULL;
	const char *spec = range && *range ? range : "HEAD";
	gboolean limited = !strstr(spec, "..");
	GPtrArray *a = g_ptr_array_new_with_free_func(seen_free);
	const char *msg;
	size_t len;
	git_oid oid;
	GError *e = NULL;

	if (!logwalk_new(&w, repo, spec, error)) {
		g_ptr_array_unref(a);
		return FALSE;
	}
	while ((!limited || a->len < THANKS_DEFAULT_DEPTH) && logwalk_next(w, &oid, &msg, &len, &e)) {
		struct seen *c;

		if (logwalk_parent_count(w) != 1)
			continue;
		c = g_new0(struct seen, 1);
		c->oid = oid;
		git_oid_tostr(c->hex, sizeof c->hex, &oid);
		c->subject = commit_message_subject(msg, len);
		g_ptr_array_add(a, c);
	}
	logwalk_free(w);
	if (e) {
		g_propagate_error(error, e);
		g_ptr_array_unref(a);
		return FALSE;
	}
	*out = a;
	return TRUE;
}

static gboolean wants_patch_ids(GPtrArray *candidates)
{
	for (guint i = 0; i < candidates->len; i++) {
		const struct thanks_series *t = candidates->pdata[i];
		for (guint k = 0; k < t->patches->len; k++)
			if (((const struct thanks_patch *)t->patches->pdata[k])->patch_id)
				return TRUE;
	}
	return FALSE;
}

static gboolean fill_patch_ids(GPtrArray *seen, git_repository *repo, GError **error)
{
	for (guint i = 0; i < seen->len; i++) {
		struct seen *c = seen->pdata[i];
		struct commit_patch *cp = NULL;

		if (!commit_patch_load(&cp, repo, &c->oid, COMMIT_WANT_DIFF, error))
			return FALSE;
		memcpy(c->patch_id, cp->patch_id, sizeof c->patch_id);
		commit_patch_free(cp);
	}
	return TRUE;
}

static gboolean in_strv(char **v, const char *s)
{
	for (; v && *v; v++)
		if (!strcmp(*v, s))
			return TRUE;
	return FALSE;
}

/* The patches of t found in seen: by patch-id, then by subject; each
 * commit given to one patch.  One entry per patch: hex or NULL (caller
 * owns; the array frees its strings). */
static GPtrArray *match_one(const struct thanks_series *t, GPtrArray *seen)
{
	guint n = t->patches->len;
	GPtrArray *found = g_ptr_array_new_full(n, g_free);
	gboolean *used = g_new0(gboolean, seen->len);

	g_ptr_array_set_size(found, (gint)n);
	for (int pass = 0; pass < 2; pass++) {
		for (guint k = 0; k < n; k++) {
			const struct thanks_patch *p = t->patches->pdata[k];
			const char *want = pass ? p->subject : p->patch_id;

			if (found->pdata[k] || !want || !*want)
				continue;
			for (guint i = 0; i < seen->len && !found->pdata[k]; i++) {
				const struct seen *c = seen->pdata[i];
				const char *have = pass ? c->subject : c->patch_id;

				if (used[i] || !have || strcmp(have, want) || in_strv(t->own_commits, c->hex))
					continue;
				used[i] = TRUE;
				found->pdata[k] = g_strdup(c->hex);
			}
		}
	}
	g_free(used);
	return found;
}

gboolean thanks_find(GPtrArray **out, git_repository *repo, GPtrArray *candidates,
		     const char *range, GError **error)
{
	GPtrArray *seen = NULL, *res;

	*out = NULL;
	if (!walk(&seen, repo, range, error))
		return FALSE;
	if (candidates->len && wants_patch_ids(candidates) && !fill_patch_ids(seen, repo, error)) {
		g_ptr_array_unref(seen);
		return FALSE;
	}
	res = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
	for (guint i = 0; i < candidates->len; i++)
		g_ptr_array_add(res, match_one(candidates->pdata[i], seen));
	g_ptr_array_unref(seen);
	*out = res;
	return TRUE;
}
