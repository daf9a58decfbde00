/* front.c - the front quill: runs the commands that need neither a
 * repository nor git's config itself, and hands every other one to the
 * full binary (cmd.h).
 *
 * It links no libgit2, libcurl or notmuch: loading those (some 60 shared
 * objects) and starting libgit2 cost ten times what git takes to start.
 * The commands it links (the Makefile's FRONT_OBJ) print no colour and read
 * no config, so their output is the full binary's byte for byte (t0040);
 * one that may colour (color.ui) or read config goes to the full binary,
 * which knows.
 *
 * The full binary is the first of: $QUILL_EXEC_PATH/quill; <the front's
 * directory>/QUILL_LIBEXEC_REL/quill (PREFIX/bin -> PREFIX/libexec/quill,
 * wherever the install was moved); <the front's directory>/build/quill (the
 * build tree); QUILL_LIBEXECDIR/quill (the configured install), skipping
 * any that is the front itself.
 */
#include "cmd.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* path names an executable that is not this program */
static gboolean usable(const char *path, const char *self)
{
	char *real;
	gboolean same;

	if (access(path, X_OK))
		return FALSE;
	real = realpath(path, NULL);
	same = real && self && !strcmp(real, self);
	free(real);
	return !same;
}

/* The full binary's path (caller owns), or NULL; `tried` gets each place looked in. */
static char *full_binary(const char *argv0, GString *tried)
{
	char *dir = exe_dir(argv0);
	char *self = realpath("/proc/self/exe", NULL);
	const char *env = g_getenv("QUILL_EXEC_PATH");
	char *cand[4] = { 0 }, *found = NULL;
	size_t n = 0;

	if (env && *env)
		cand[n++] = g_build_filename(env, "quill", NULL);
	if (dir) {
		cand[n++] = g_build_filename(dir, QUILL_LIBEXEC_REL, "quill", NULL);
		cand[n++] = g_build_filename(dir, "build", "quill", NULL);
	}
	cand[n++] = g_build_filename(QUILL_LIBEXECDIR, "quill", NULL);
	for (size_t i = 0; i < n; i++) {
		if (!found && usable(cand[i], self))
			found = g_strdup(cand[i]);
		g_string_append_printf(tried, "%s%s", i ? ", " : "", cand[i]);
		g_free(cand[i]);
	}
	free(self);
	g_free(dir);
	return found;
}

static int run_full(char **all)
{
	GString *tried = g_string_new(NULL);
	char *path = full_binary(all[0], tried);

	if (path) {
		execv(path, all);
		fprintf(stderr, "quill: cannot run %s: %s\n", path, g_strerror(errno));
	} else {
		fprintf(stderr, "quill: the full quill binary is missing (looked for %s); "
				"'make install' puts it in PREFIX/libexec/quill, or set QUILL_EXEC_PATH\n",
			tried->str);
	}
	g_free(path);
	g_string_free(tried, TRUE);
	return 4;
}

int prog_run(const struct command *c, int argc, char **argv, char **all)
{
	struct ctx ctx;
	int rc;

	if (!c->fn || c->flags) {
		if (c->flags & BULK)
			exe_tune_malloc();
		return run_full(all);
	}
	ctx_init(&ctx, c, all[0]);
	/* as the full binary does for a command that uses no network */
	signal(SIGPIPE, SIG_DFL);
	rc = c->fn(argc, argv, &ctx);
	ctx_clear(&ctx);
	return rc;
}

void prog_end(void)
{
}
