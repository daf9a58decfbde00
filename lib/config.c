/* config.c - configuration keys through libgit2, and the current series. */
#include "config.h"
#include "error.h"
#include "store.h"

#include <string.h>

static git_config *open_snapshot(git_repository *repo)
{
	git_config *cfg = NULL, *snap = NULL;

	if (repo ? git_repository_config(&cfg, repo) : git_config_open_default(&cfg))
		return NULL;
	if (git_config_snapshot(&snap, cfg))
		snap = NULL;
	git_config_free(cfg);
	return snap;
}

char *config_get(git_repository *repo, const char *key)
{
	git_config *snap = open_snapshot(repo);
	const char *v = NULL;
	char *out = NULL;

	if (snap && !git_config_get_string(&v, snap, key))
		out = g_strdup(v);
	git_config_free(snap);
	return out;
}

int config_foreach(git_repository *repo, const char *regexp,
		   int (*fn)(const char *name, const char *value, void *data), void *data)
{
	git_config *snap = open_snapshot(repo);
	git_config_iterator *it = NULL;
	git_config_entry *entry;
	int rc = 0;

	if (!snap || git_config_iterator_glob_new(&it, snap, regexp) < 0) {
		git_config_free(snap);
		return 0;
	}
	while (!rc && git_config_next(&entry, it) == 0)
		rc = fn(entry->name, entry->value, data);
	git_config_iterator_free(it);
	git_config_free(snap);
	return rc;
}

gboolean config_get_bool(git_repository *repo, const char *key, gboolean dflt)
{
	git_config *snap = open_snapshot(repo);
	int v;

	if (snap && !git_config_get_bool(&v, snap, key))
		dflt = v != 0;
	git_config_free(snap);
	return dflt;
}

static gboolean open_local(git_config **out, git_repository *repo, GError **error)
{
	git_config *cfg = NULL;
	int rc;

	if ((rc = git_repository_config(&cfg, repo)) < 0)
		return qerr_git(error, rc, "cannot open the repository's config");
	rc = git_config_open_level(out, cfg, GIT_CONFIG_LEVEL_LOCAL);
	git_config_free(cfg);
	if (rc < 0)
		return qerr_git(error, rc, "cannot open the repository's config");
	return TRUE;
}

gboolean config_set(git_repository *repo, const char *key, const char *value, GError **error)
{
	git_config *local;
	int rc;

	if (!open_local(&local, repo, error))
		return FALSE;
	rc = git_config_set_string(local, key, value);
	git_config_free(local);
	if (rc < 0)
		return qerr_git(error, rc, "cannot set %s", key);
	return TRUE;
}

gboolean config_unset(git_repository *repo, const char *key, GError **error)
{
	git_config *local;
	int rc;

	if (!open_local(&local, repo, error))
		return FALSE;
	rc = git_config_delete_entry(local, key);
	git_config_free(local);
	if (rc < 0 && rc != GIT_ENOTFOUND)
		return qerr_git(error, rc, "cannot unset %s", key);
	return TRUE;
}

char *config_editor(git_repository *repo)
{
	const char *e = g_getenv("GIT_EDITOR");
	char *v;

	if (e && *e)
		return g_strdup(e);
	if ((v = config_get(repo, "core.editor")) && *v)
		return v;
	g_free(v);
	if ((e = g_getenv("VISUAL")) && *e)
		return g_strdup(e);
	if ((e = g_getenv("EDITOR")) && *e)
		return g_strdup(e);
	return g_strdup("vi");
}

char *config_linkmask(git_repository *repo)
{
	char *v = config_get(repo, "quill.linkmask");

	if (!v || !strstr(v, "%s")) {
		g_free(v);
		v = config_get(repo, "b4.linkmask");
	}
	if (!v || !strstr(v, "%s")) {
		g_free(v);
		v = g_strdup("https://lore.kernel.org/r/%s");
	}
	return v;
}

char *config_head_branch(git_repository *repo)
{
	git_reference *head = NULL;
	char *out = NULL;
	int rc = git_repository_head(&head, repo);

	if (rc == GIT_EUNBORNBRANCH) {
		/* unborn: HEAD still names the branch */
		git_reference *sym = NULL;
		if (!git_reference_lookup(&sym, repo, "HEAD") && git_reference_symbolic_target(sym)) {
			const char *t = git_reference_symbolic_target(sym);
			if (g_str_has_prefix(t, "refs/heads/"))
				out = g_strdup(t + strlen("refs/heads/"));
		}
		git_reference_free(sym);
		return out;
	}
	if (rc == 0 && git_reference_is_branch(head))
		out = g_strdup(git_reference_shorthand(head));
	git_reference_free(head);
	return out;
}

gboolean config_current_series(char **out, git_repository *repo, const char *given,
			       GError **error)
{
	GPtrArray *names;
	char *branch, *tied = NULL;
	gboolean ok = FALSE;

	*out = NULL;
	names = store_list(repo, error);
	if (!names)
		return FALSE;
	if (given) {
		for (guint i = 0; i < names->len; i++)
			if (!strcmp(g_ptr_array_index(names, i), given))
				ok = TRUE;
		if (ok)
			*out = g_strdup(given);
		else if (!store_name_valid(given))
			qerr(error, QUILL_ERROR_USAGE, "'%s' is not a valid series name", given);
		else
			qerr(error, QUILL_ERROR_USAGE, "no series '%s'", given);
		g_ptr_array_unref(names);
		return ok;
	}
	branch = config_head_branch(repo);
	if (branch) {
		char *key = g_strdup_printf("branch.%s.quillSeries", branch);
		tied = config_get(repo, key);
		g_free(key);
	}
	if (tied) {
		for (guint i = 0; i < names->len; i++)
			if (!strcmp(g_ptr_array_index(names, i), tied))
				ok = TRUE;
		if (ok)
			*out = tied;
		else
			g_free(tied);
	}
	if (!ok && names->len == 1) {
		*out = g_strdup(g_ptr_array_index(names, 0));
		ok = TRUE;
	}
	if (!ok) {
		if (names->len == 0) {
			qerr(error, QUILL_ERROR_USAGE,
			     "no series in this repository (start one with 'quill series new NAME')");
		} else {
			GString *s = g_string_new(NULL);
			for (guint i = 0; i < names->len; i++)
				g_string_append_printf(s, "%s%s", i ? ", " : "",
						       (char *)g_ptr_array_index(names, i));
			qerr(error, QUILL_ERROR_USAGE, "which series? name one of: %s", s->str);
			g_string_free(s, TRUE);
		}
	}
	g_free(branch);
	g_ptr_array_unref(names);
	return ok;
}
