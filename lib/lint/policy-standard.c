/* policy-standard.c - the policy in force: the installed trailers.conf,
 * the work tree's own (not followed when it is a symbolic link, and
 * quoted in no message: lint-tree.h), then the user's file (see
 * policy.h). */
#include "lint/policy.h"
#include "core/error.h"
#include "lint/lint-tree.h"

#include <stdlib.h>
#include <string.h>

static gboolean same_file(const char *a, const char *b)
{
	char *ra = realpath(a, NULL), *rb = realpath(b, NULL);
	gboolean same = ra && rb && !strcmp(ra, rb);

	free(ra);
	free(rb);
	return same;
}

/* The work tree's .quill/trailers.conf, else its trailers.conf, applied
 * over p (`where`: the installed default's path, which may be this very
 * file in quill's own tree). */
static gboolean load_tree(struct policy *p, const char *wd, const char *where, warn_fn warn,
			  void *warn_payload, GError **error)
{
	static const char *const names[] = { ".quill/trailers.conf", "trailers.conf" };
	gboolean ok = TRUE;

	for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
		char *text = NULL, *path = g_build_filename(wd, names[i], NULL);
		gsize len;
		enum lint_tree_status st = lint_tree_read(wd, names[i], &text, &len, warn,
							  warn_payload, error);

		if (st == LINT_TREE_READ && !same_file(path, where))
			ok = policy_load_unquoted(p, text, len, path, error);
		else if (st == LINT_TREE_ERROR)
			ok = FALSE;
		g_free(text);
		g_free(path);
		if (st == LINT_TREE_READ || st == LINT_TREE_ERROR)
			break;
	}
	return ok;
}

gboolean policy_load_standard(struct policy *p, const struct resources *res,
			      git_repository *repo, const char *extra, warn_fn warn,
			      void *warn_payload, GError **error)
{
	char *where = NULL;
	GBytes *b = resources_load(res, "trailers.conf", &where, error);
	const char *wd = repo ? git_repository_workdir(repo) : NULL;
	gboolean ok;

	if (!b)
		return FALSE;
	if (strcmp(where, "(built-in)")) {
		ok = policy_load_file(p, where, NULL, error);
	} else {
		gsize n;
		const char *d = g_bytes_get_data(b, &n);
		ok = policy_load_data(p, d, n, "(built-in trailers.conf)", error);
	}
	g_bytes_unref(b);
	if (ok && wd)
		ok = load_tree(p, wd, where, warn, warn_payload, error);
	if (ok && extra)
		ok = policy_load_file(p, extra, NULL, error);
	g_free(where);
	return ok;
}
