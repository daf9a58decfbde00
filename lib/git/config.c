/* config.c - configuration keys through libgit2, and the current series. */
#include "git/config.h"
#include "core/error.h"
#include "git/init.h"
#include "git/lock.h"

#include <string.h>

static git_config *open_snapshot(git_repository *repo)
{
	git_config *cfg = NULL, *snap = NULL;

	git_start();	/* the first libgit2 call of a command without a repository */
	if (repo ? git_repository_config(&cfg, repo) : git_config_open_default(&cfg))
		return NULL;
	if (git_config_snapshot(&snap, cfg))
		snap = NULL;
	git_config_free(cfg);
	return snap;
}

char *config_get(git_repository *repo, const char *key)
{
	git_config *cfg = NULL;
	git_buf b = GIT_BUF_INIT;
	char *out = NULL;

	/* one value: read from the live configuration (libgit2 re-reads a
	 * file that changed), not a snapshot of every entry made for it (a
	 * thirtieth of series format's instructions went to those) */
	git_start();
	if (repo ? git_repository_config(&cfg, repo) : git_config_open_default(&cfg))
		return NULL;
	if (!git_config_get_string_buf(&b, cfg, key))
		out = g_strndup(b.ptr, b.size);
	git_buf_dispose(&b);
	git_config_free(cfg);
	return out;
}

gboolean config_get_int(git_repository *repo, const char *key, gint64 min, gint64 max,
			gint64 dflt, gint64 *out, GError **error)
{
	char *v = config_get(repo, key);
	int64_t n = dflt;
	gboolean ok = TRUE;

	if (v && *v && (git_config_parse_int64(&n, v) < 0 || n < min || n > max)) {
		n = dflt;
		if (min >= 1)
			ok = qerr(error, QUILL_ERROR_USAGE, "%s=%s: not a positive number", key, v);
		else
			ok = qerr(error, QUILL_ERROR_USAGE, "%s=%s: not a whole number from %"
				  G_GINT64_FORMAT " to %" G_GINT64_FORMAT, key, v, min, max);
	}
	*out = n;
	g_free(v);
	return ok;
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

/* After `rc` from a write of the repository's config: TRUE when it was
 * GIT_ELOCKED and config.lock was stale (a writer killed: lock_recover)
 * and is gone, so the write is tried once more. */
static gboolean config_lock_stale(git_repository *repo, int rc)
{
	char *lock;
	gboolean again;

	if (rc != GIT_ELOCKED)
		return FALSE;
	lock = g_build_filename(git_repository_commondir(repo), "config.lock", NULL);
	again = lock_retry_file(repo, rc, lock);
	g_free(lock);
	return again;
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
	if (config_lock_stale(repo, rc))
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
	if (config_lock_stale(repo, rc))
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
