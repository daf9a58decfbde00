/* revs.c - rev-list arguments into walks (see revs.h). */
#include "git/revs.h"
#include "git/commit.h"
#include "core/error.h"

#include <stdlib.h>
#include <string.h>

static struct revs_walk *walk_new(void)
{
	struct revs_walk *w = g_new0(struct revs_walk, 1);

	w->tips = g_array_new(FALSE, FALSE, sizeof(git_oid));
	w->bottoms = g_array_new(FALSE, FALSE, sizeof(git_oid));
	return w;
}

static void walk_free(gpointer p)
{
	struct revs_walk *w = p;

	g_array_free(w->tips, TRUE);
	g_array_free(w->bottoms, TRUE);
	g_free(w);
}

/* Resolve s[0..len) ("" is HEAD). */
static gboolean resolve(git_oid *out, git_repository *repo, const char *s, gsize len,
			GError **error)
{
	char *rev = len ? g_strndup(s, len) : g_strdup("HEAD");
	gboolean ok = commit_resolve(out, repo, rev, error);

	g_free(rev);
	return ok;
}

/* Append the parents of oid to a. */
static gboolean add_parents(GArray *a, git_repository *repo, const git_oid *oid, GError **error)
{
	git_commit *c;
	int rc = git_commit_lookup(&c, repo, oid);

	if (rc < 0)
		return qerr_git(error, rc, "cannot read a commit");
	for (unsigned i = 0; i < git_commit_parentcount(c); i++)
		g_array_append_val(a, *git_commit_parent_id(c, i));
	git_commit_free(c);
	return TRUE;
}

static gboolean ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);

	return n > m && !strcmp(s + n - m, tail);
}

/* "X^-" or "X^-N": the offset of "^-", and N. */
static gboolean parent_minus(const char *s, gsize *at, unsigned *nth)
{
	const char *p = strrchr(s, '^');
	char *end;
	unsigned long v = 1;

	if (!p || p == s || p[1] != '-')
		return FALSE;
	if (p[2]) {
		v = strtoul(p + 2, &end, 10);
		if (*end || v == 0 || !g_ascii_isdigit(p[2]))
			return FALSE;
	}
	*at = (gsize)(p - s);
	*nth = (unsigned)v;
	return TRUE;
}

static gboolean negative(const char *a)
{
	gsize at;
	unsigned nth;

	return a[0] == '^' || strstr(a, "..") || ends_with(a, "^!") || parent_minus(a, &at, &nth);
}

static gboolean one(struct revs_walk *w, git_repository *repo, const char *a, GError **error)
{
	const char *dots;
	git_oid x, y;
	gsize at;
	unsigned nth;

	if ((dots = strstr(a, "..."))) {
		git_oidarray bases = { 0 };

		if (!resolve(&x, repo, a, (gsize)(dots - a), error) ||
		    !resolve(&y, repo, dots + 3, strlen(dots + 3), error))
			return FALSE;
		g_array_append_val(w->tips, x);
		g_array_append_val(w->tips, y);
		if (git_merge_bases(&bases, repo, &x, &y) == 0) {
			for (size_t i = 0; i < bases.count; i++)
				g_array_append_val(w->bottoms, bases.ids[i]);
			git_oidarray_dispose(&bases);
		}
		return TRUE;
	}
	if ((dots = strstr(a, ".."))) {
		if (!resolve(&x, repo, a, (gsize)(dots - a), error) ||
		    !resolve(&y, repo, dots + 2, strlen(dots + 2), error))
			return FALSE;
		g_array_append_val(w->bottoms, x);
		g_array_append_val(w->tips, y);
		return TRUE;
	}
	if (a[0] == '^') {
		if (!resolve(&x, repo, a + 1, strlen(a + 1), error))
			return FALSE;
		g_array_append_val(w->bottoms, x);
		return TRUE;
	}
	if (ends_with(a, "^!")) {
		if (!resolve(&x, repo, a, strlen(a) - 2, error))
			return FALSE;
		g_array_append_val(w->tips, x);
		return add_parents(w->bottoms, repo, &x, error);
	}
	if (ends_with(a, "^@")) {
		if (!resolve(&x, repo, a, strlen(a) - 2, error))
			return FALSE;
		return add_parents(w->tips, repo, &x, error);
	}
	if (parent_minus(a, &at, &nth)) {
		char *base = g_strdup_printf("%.*s^%u", (int)at, a, nth);
		gboolean ok = resolve(&x, repo, a, at, error) &&
			      resolve(&y, repo, base, strlen(base), error);

		g_free(base);
		if (!ok)
			return FALSE;
		g_array_append_val(w->tips, x);
		g_array_append_val(w->bottoms, y);
		return TRUE;
	}
	if (!resolve(&x, repo, a, strlen(a), error))
		return FALSE;
	g_array_append_val(w->tips, x);
	return TRUE;
}

gboolean revs_parse(GPtrArray **out, git_repository *repo, char *const *args, int n,
		    GError **error)
{
	GPtrArray *walks = g_ptr_array_new_with_free_func(walk_free);
	gboolean ranged = FALSE;

	*out = NULL;
	for (int i = 0; i < n; i++)
		ranged |= negative(args[i]);
	if (ranged) {
		struct revs_walk *w = walk_new();

		g_ptr_array_add(walks, w);
		for (int i = 0; i < n; i++)
			if (!one(w, repo, args[i], error))
				goto fail;
	} else {
		for (int i = 0; i < n; i++) {
			struct revs_walk *w = walk_new();

			g_ptr_array_add(walks, w);
			if (!one(w, repo, args[i], error))
				goto fail;
			/* a lone REV is that one commit: its parents are the bottoms
			 * (REV^@ gave tips of its own and stays as it is) */
			if (!ends_with(args[i], "^@") &&
			    !add_parents(w->bottoms, repo, &g_array_index(w->tips, git_oid, 0), error))
				goto fail;
		}
	}
	*out = walks;
	return TRUE;
fail:
	g_ptr_array_unref(walks);
	return FALSE;
}
