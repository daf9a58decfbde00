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
