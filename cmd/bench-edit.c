/* bench-edit.c - quill bench rm / copy: results taken out of the working
 * version, or copied into it from a frozen one (lib/series/attach). */
#include "cmd.h"
#include "core/error.h"
#include "series/attach.h"
#include "series/series.h"

#include <stdio.h>

int cmd_bench_rm(int argc, char **argv, struct ctx *ctx)
{
	char *series = NULL;
	GOptionEntry entries[] = {
		{ "series", 's', 0, G_OPTION_ARG_STRING, &series, "The series (default: the current one)", "SERIES" },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	GError *e = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "NAME",
			   "Takes benchmark or size diff NAME out of the working version of the\n"
			   "series, in one state commit; the frozen versions keep theirs.",
			   entries);

	if (rc >= 0)
		goto out;
	if (argc != 2) {
		rc = usage_error(ctx, "give the NAME of one benchmark");
		goto out;
	}
	if (!open_series(&s, ctx, series, &e) || !bench_remove(s, ctx->repo, argv[1], &e)) {
		rc = fail(e);
		goto out;
	}
	printf("removed %s from %s v%d\n", argv[1], s->name, s->version);
	rc = 0;
out:
	series_free(s);
	g_free(series);
	return rc;
}

int cmd_bench_copy(int argc, char **argv, struct ctx *ctx)
{
	char *series = NULL, *names = NULL;
	int from = 0;
	GOptionEntry entries[] = {
		{ "from-version", 0, 0, G_OPTION_ARG_INT, &from, "The frozen version to copy from", "K" },
		{ "series", 's', 0, G_OPTION_ARG_STRING, &series, "The series (default: the current one)", "SERIES" },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	GPtrArray *copied = NULL;
	GError *e = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "--from-version K [NAME]",
			   "Copies benchmark or size diff NAME (every one, without NAME) of the\n"
			   "frozen version K into the working version, byte for byte, in one state\n"
			   "commit: from then on they are the working version's own.",
			   entries);

	if (rc >= 0)
		goto out;
	if (!from) {
		rc = usage_error(ctx, "give the version to copy from: --from-version K");
		goto out;
	}
	if ((rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto out;
	if (!open_series(&s, ctx, series, &e) ||
	    !bench_copy(&copied, s, ctx->repo, from, argc > 1 ? argv[1] : NULL, &e)) {
		rc = fail(e);
		goto out;
	}
	g_ptr_array_add(copied, NULL);
	names = g_strjoinv(", ", (char **)copied->pdata);
	printf("copied %s from v%d to %s v%d\n", names, from, s->name, s->version);
	rc = 0;
out:
	if (copied)
		g_ptr_array_unref(copied);
	series_free(s);
	g_free(series);
	g_free(names);
	return rc;
}
