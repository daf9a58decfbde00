/* exe.c - where the running binary is, and a command's ctx from it. */
#include "cmd.h"

#include <gmime/gmime.h>
#include <string.h>

char *exe_dir(const char *argv0)
{
	char *path = g_file_read_link("/proc/self/exe", NULL);
	char *dir;

	if (!path && argv0)
		path = g_find_program_in_path(argv0);
	if (!path)
		return NULL;
	dir = g_path_get_dirname(path);
	g_free(path);
	return dir;
}

/* A command that reads a whole archive (mail thread on 100,000 messages)
 * makes some hundreds of MB of small pieces on three threads.  glibc's
 * malloc grows each thread's heap a page or so at a time (a system call
 * each) and every new 4 KiB page is a fault: some 30,000 of them, a fifth
 * of mail thread's time.  Its tunables (read only when a program starts,
 * hence here, for the program the front starts) make the heaps grow 64 MiB
 * at a time, backed by 2 MiB pages where the kernel has them: some 9,000
 * faults, mail thread 0.56 -> 0.47 s.  The user's own tunables come after
 * ours, so that theirs win; QUILL_MALLOC_TUNED keeps what the variable
 * was ("=VALUE", or "-" when unset). */
#define TUNED_ENV "QUILL_MALLOC_TUNED"
#define MALLOC_TUNABLES "glibc.malloc.hugetlb=1:glibc.malloc.top_pad=67108864"

void exe_tune_malloc(void)
{
	const char *was = g_getenv("GLIBC_TUNABLES");
	char *keep = was ? g_strconcat("=", was, NULL) : g_strdup("-");
	char *tuned = was && *was ? g_strconcat(MALLOC_TUNABLES, ":", was, NULL)
				  : g_strdup(MALLOC_TUNABLES);

	if (!g_getenv(TUNED_ENV)) {	/* not twice (a front started by a front) */
		g_setenv(TUNED_ENV, keep, TRUE);
		g_setenv("GLIBC_TUNABLES", tuned, TRUE);
	}
	g_free(keep);
	g_free(tuned);
}

void exe_untune_malloc(void)
{
	const char *was = g_getenv(TUNED_ENV);

	if (!was)
		return;
	if (*was == '=')
		g_setenv("GLIBC_TUNABLES", was + 1, TRUE);
	else
		g_unsetenv("GLIBC_TUNABLES");
	g_unsetenv(TUNED_ENV);
}

void ctx_init(struct ctx *ctx, const struct command *c, const char *argv0)
{
	char *dir = exe_dir(argv0);
	char *owned[4] = { 0 };
	const char *dirs[6];
	size_t n = 0, k = 0;

	memset(ctx, 0, sizeof(*ctx));
	/* here, not in main: --version and help need no GMime */
	g_mime_init();
	ctx->name = g_strdup_printf("%s %s", c->noun, c->verb);
	ctx->color = -1;
	if (dir) {
		char *base = g_path_get_basename(dir);

		/* beside the binary; the source tree above the build tree's
		 * build/ (where the full binary is); PREFIX/share/quill from
		 * PREFIX/bin or PREFIX/libexec/quill (an install moved
		 * elsewhere) */
		dirs[n++] = owned[k++] = dir;
		if (!strcmp(base, "build"))
			dirs[n++] = owned[k++] = g_path_get_dirname(dir);
		dirs[n++] = owned[k++] = g_build_filename(dir, "..", "share", "quill", NULL);
		if (g_str_has_suffix(dir, "/libexec/quill"))
			dirs[n++] = owned[k++] = g_build_filename(dir, "..", "..", "share", "quill", NULL);
		g_free(base);
	}
	dirs[n++] = QUILL_SHAREDIR;
	dirs[n] = NULL;
	ctx->res = resources_new(dirs);
	for (size_t i = 0; i < k; i++)
		g_free(owned[i]);
}

void ctx_clear(struct ctx *ctx)
{
	g_free(ctx->no_repo);
	resources_free(ctx->res);
	g_free((char *)ctx->name);
	g_mime_shutdown();
	memset(ctx, 0, sizeof(*ctx));
}
