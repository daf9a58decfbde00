/* common.c - helpers the command files share. */
#include "cmd.h"
#include "core/error.h"
#include "git/config.h"
#include "git/init.h"
#include "git/lock.h"
#include "net/archive.h"
#include "series/series.h"

#include <string.h>

/* Load the series named by `given` (or the current one) and heal its tags. */
gboolean open_series(struct series **out, struct ctx *ctx, const char *given,
			    GError **error)
{
	char *name;
	GError *e = NULL;

	if (!series_current(&name, ctx->repo, given, error))
		return FALSE;
	if (!series_load(out, ctx->repo, name, error)) {
		g_free(name);
		return FALSE;
	}
	g_free(name);
	if (series_repair(*out, ctx->repo, &e) < 0) {
		warn("%s", e->message);
		g_error_free(e);
	}
	return TRUE;
}

json_t *strv_json(char **v)
{
	json_t *a = json_array();

	for (; v && *v; v++)
		json_array_append_new(a, json_string(*v));
	return a;
}

const char *jstr(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

int jint(const json_t *o, const char *key)
{
	return (int)json_integer_value(json_object_get(o, key));
}

const char *plural_word(long n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

char *short_oid(const char *hex)
{
	return hex ? g_strndup(hex, 12) : g_strdup("-");
}


gboolean repo_open(git_repository **out, char **why, gboolean *none)
{
	int rc;

	git_start();
	rc = git_repository_open_ext(out, NULL, GIT_REPOSITORY_OPEN_FROM_ENV, NULL);

	if (none)
		*none = rc == GIT_ENOTFOUND;
	if (rc >= 0) {
		/* held until exit: a lock file this process leaves is known stale
		 * once it is gone (lib/git/lock.h) */
		GError *e = NULL;

		if (!lock_lease_take(*out, &e)) {
			warn("%s (stale lock files are not removed while it is there)", e->message);
			g_error_free(e);
		}
		lock_set_warn(warn_print, NULL);
		return TRUE;
	}
	*out = NULL;
	if (why && rc == GIT_ENOTFOUND)
		*why = g_strdup("not in a git repository");
	else if (why)
		*why = g_strdup_printf("cannot open the repository: %s",
				       git_error_last() ? git_error_last()->message : "unknown error");
	return FALSE;
}

int version_arg(struct ctx *ctx, const struct series *s, int *version)
{
	if (*version == 0)
		*version = s->version;
	if (*version < 1 || *version > s->version)
		return usage_error(ctx, "series %s has versions 1 to %d", s->name, s->version);
	return -1;
}

gboolean archive_opts_from_env(struct archive_opts *ao, GError **error)
{
	static const char *const names[] = { "QUILL_HTTP_TIMEOUT_MS", "QUILL_HTTP_MAX_BYTES",
					     "QUILL_HTTP_RETRY_MS" };

	for (gsize i = 0; i < G_N_ELEMENTS(names); i++) {
		const char *v = g_getenv(names[i]);
		guint64 n;

		if (!v || !*v)
			continue;
		if (!g_ascii_string_to_unsigned(v, 10, 1, i == 1 ? G_MAXUINT64 : G_MAXLONG, &n, NULL))
			return qerr(error, QUILL_ERROR_USAGE, "%s=%s: not a positive number",
				    names[i], v);
		if (i == 0)
			ao->timeout_ms = (long)n;
		else if (i == 1)
			ao->max_bytes = n;
		else
			ao->retry_base_ms = (long)n;
	}
	return TRUE;
}

/* Take the <> off a Message-ID, in place; FALSE when it is none. */
gboolean msgid_clean(char *msgid)
{
	size_t l = strlen(msgid);

	if (msgid[0] == '<' && l > 2 && msgid[l - 1] == '>') {
		memmove(msgid, msgid + 1, l - 2);
		msgid[l - 2] = 0;
	}
	return *msgid && !strpbrk(msgid, "<> \t\r\n");
}

gboolean run_editor(struct ctx *ctx, const char *path, const char *what, GError **error)
{
	char *editor = config_editor(ctx->repo);
	char *argv[] = { "/bin/sh", "-c", NULL, "editor", (char *)path, NULL };
	int status = 0;
	gboolean ok;

	argv[2] = g_strdup_printf("%s \"$@\"", editor);
	ok = g_spawn_sync(NULL, argv, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL, NULL, NULL,
			  &status, error);
	if (ok && !g_spawn_check_wait_status(status, NULL))
		ok = qerr(error, QUILL_ERROR_NEGATIVE, "the editor '%s' failed; %s is unchanged",
			  editor, what);
	g_free(argv[2]);
	g_free(editor);
	return ok;
}

static char *browser_of(git_repository *repo)
{
	char *b = config_get(repo, "quill.browser");
	const char *env = g_getenv("BROWSER");

	if (!b)
		b = config_get(repo, "web.browser");
	if (!b && env && *env)
		b = g_strdup(env);
	return b ? b : g_strdup("xdg-open");
}

gboolean run_browser(git_repository *repo, const char *path, GError **error)
{
	char *browser = browser_of(repo), *abs = g_canonicalize_filename(path, NULL);
	char *argv[] = { "/bin/sh", "-c", NULL, "browser", abs, NULL };
	GError *e = NULL;
	int status = 0;
	gboolean ok;

	argv[2] = g_strdup_printf("%s \"$@\"", browser);
	ok = g_spawn_sync(NULL, argv, NULL, G_SPAWN_CHILD_INHERITS_STDIN | G_SPAWN_STDOUT_TO_DEV_NULL,
			  NULL, NULL, NULL, NULL, &status, &e) &&
	     g_spawn_check_wait_status(status, &e);
	if (!ok) {
		qerr(error, QUILL_ERROR_OUTSIDE, "the browser '%s' failed on %s: %s", browser, abs,
		     e->message);
		g_error_free(e);
	}
	g_free(argv[2]);
	g_free(abs);
	g_free(browser);
	return ok;
}
