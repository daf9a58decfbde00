/* full.c - the full binary's way to run a command: libgit2 started for
 * the commands that need it (lib/git/init.h), the repository opened, the
 * colour decided from git's config. */
#include "cmd.h"
#include "git/config.h"
#include "git/init.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static gboolean want_color(git_repository *repo)
{
	char *ui;
	gboolean on = isatty(STDOUT_FILENO) && !g_getenv("NO_COLOR");

	ui = config_get(repo, "color.ui");
	if (ui && (!g_ascii_strcasecmp(ui, "never") || !g_ascii_strcasecmp(ui, "false")))
		on = FALSE;
	else if (ui && !g_ascii_strcasecmp(ui, "always"))
		on = TRUE;
	g_free(ui);
	return on;
}

/* A command without a repository decides its colour when it first prints
 * one, from the global and system config: one that never does reads no
 * config and starts no libgit2 (mail info, mail split). */
static gboolean want_color_late(struct ctx *ctx)
{
	return want_color(NULL);
}

int prog_run(const struct command *c, int argc, char **argv, char **all)
{
	struct ctx ctx;
	int rc;

	exe_untune_malloc();	/* the programs it runs get the user's GLIBC_TUNABLES */
	ctx_init(&ctx, c, all[0]);
	ctx.want_color = want_color_late;
	/* --list-opts (opt.c, for the shell completion) needs neither
	 * libgit2 nor the repository: each TAB would wait for them */
	if (argc == 2 && !strcmp(argv[1], "--list-opts")) {
		rc = c->fn(argc, argv, &ctx);
		ctx_clear(&ctx);
		return rc;
	}
	if (c->flags & (NEED_REPO | USES_NET))
		git_start();
	/* a command that only writes to stdout dies of SIGPIPE quietly when
	 * the reader goes away, as git does ('quill ... | head'); one that
	 * talks to a remote must not die of a closed socket */
	signal(SIGPIPE, c->flags & USES_NET ? SIG_IGN : SIG_DFL);
	if (c->flags & NEED_REPO) {
		/* a usage error is said first: opt_parse reports ctx.no_repo
		 * once the options are right (and never for --help) */
		repo_open(&ctx.repo, &ctx.no_repo, NULL);
	}
	if (c->flags & (NEED_REPO | USES_NET))
		ctx.color = want_color(ctx.repo);
	rc = c->fn(argc, argv, &ctx);
	git_repository_free(ctx.repo);
	ctx_clear(&ctx);
	return rc;
}

void prog_end(void)
{
	mail_read_end();
	git_stop();
}
