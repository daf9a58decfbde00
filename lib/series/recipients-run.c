/* recipients-run.c - the get_maintainer command: quill.getMaintainerCmd
 * through /bin/sh, or a kernel tree's scripts/get_maintainer.pl run the
 * way b4 runs it (--nol for the maintainers, --nom for the lists), on one
 * patch mail in a temporary file, in the top of the work tree. */
#include "series/recipients-private.h"

#include "git/config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#define KERNEL_SCRIPT "scripts/get_maintainer.pl"

gboolean rcpt_maint_setup(struct rcpt_maint *m, git_repository *repo)
{
	const char *wd = git_repository_workdir(repo);
	char *cmd = config_get(repo, "quill.getMaintainerCmd");

	memset(m, 0, sizeof *m);
	if (wd)
		m->workdir = g_strdup(wd);
	if (cmd && *g_strstrip(cmd)) {
		m->user_cmd = cmd;
		m->shown = g_strdup(cmd);
		return TRUE;
	}
	if (!cmd && wd) {
		char *script = g_build_filename(wd, KERNEL_SCRIPT, NULL);

		m->kernel = g_file_test(script, G_FILE_TEST_IS_REGULAR);
		g_free(script);
		if (m->kernel)
			m->shown = g_strdup(KERNEL_SCRIPT);
	}
	g_free(cmd);
	return m->kernel;
}

void rcpt_maint_done(struct rcpt_maint *m)
{
	if (m->tmpdir)
		g_rmdir(m->tmpdir);
	g_free(m->tmpdir);
	g_free(m->user_cmd);
	g_free(m->shown);
	g_free(m->workdir);
	memset(m, 0, sizeof *m);
}

/* The first line of a command's error output, for the warning ("" when
 * none; caller owns). */
static char *first_line(const char *err)
{
	const char *nl;

	while (err && (*err == '\n' || *err == ' '))
		err++;
	if (!err || !*err)
		return g_strdup("");
	nl = strchr(err, '\n');
	return g_strdup_printf(": %.*s", nl ? (int)(nl - err) : (int)strlen(err), err);
}

/* Run argv; its output lines (caller owns), or NULL after the warning. */
static char **run(struct rcpt_maint *m, char **argv, warn_fn warn, void *payload)
{
	char *out = NULL, *err = NULL, *why, **lines;
	GError *e = NULL;
	int status = 0;

	if (!g_spawn_sync(m->workdir, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
			  &status, &e) ||
	    !g_spawn_check_wait_status(status, &e)) {
		why = first_line(err);
		if (warn)
			warn(payload, "get_maintainer command '%s' failed (%s%s); no recipients "
			     "from it", m->shown, e->message, why);
		g_free(why);
		g_error_free(e);
		g_free(out);
		g_free(err);
		m->failed = TRUE;
		return NULL;
	}
	lines = g_strsplit(out ? out : "", "\n", -1);
	g_free(out);
	g_free(err);
	return lines;
}

static char **empty(void)
{
	return g_new0(char *, 1);
}

void rcpt_maint_run(struct rcpt_maint *m, const char *text, const char *file_name, char ***to,
		    char ***cc, warn_fn warn, void *payload)
{
	GError *e = NULL;
	char *path;

	*to = NULL;
	*cc = NULL;
	if (!m->failed && !m->tmpdir && !(m->tmpdir = g_dir_make_tmp("quill-maint-XXXXXX", &e))) {
		if (warn)
			warn(payload, "get_maintainer command '%s' not run: %s", m->shown, e->message);
		g_error_free(e);
		m->failed = TRUE;
	}
	if (m->failed)
		goto out;
	path = g_build_filename(m->tmpdir, file_name, NULL);
	if (!g_file_set_contents(path, text, -1, &e)) {
		if (warn)
			warn(payload, "get_maintainer command '%s' not run: %s", m->shown, e->message);
		g_error_free(e);
		m->failed = TRUE;
	} else if (m->user_cmd) {
		char *sh = g_strdup_printf("%s \"$@\"", m->user_cmd);
		char *argv[] = { "/bin/sh", "-c", sh, "get-maintainer", path, NULL };

		*cc = run(m, argv, warn, payload);
		g_free(sh);
	} else {
		char *argv[] = { "perl", KERNEL_SCRIPT, "--nogit", "--nogit-fallback",
				 "--nogit-chief-penguins", "--norolestats", "--nol", path, NULL };

		if ((*to = run(m, argv, warn, payload))) {
			argv[6] = "--nom";
			*cc = run(m, argv, warn, payload);
		}
	}
	g_unlink(path);
	g_free(path);
out:
	if (m->failed) {	/* all or nothing from one patch */
		g_strfreev(*to);
		g_strfreev(*cc);
		*to = *cc = NULL;
	}
	if (!*to)
		*to = empty();
	if (!*cc)
		*cc = empty();
}
