/* bench-stubs.c - bench commands not written yet (temporary; each goes when
 * its command lands). */
#include "cmd.h"

#include <stdio.h>

/* A stub still answers --help (exit 0), as every command must. */
static int todo(int argc, char **argv, struct ctx *ctx)
{
	int rc = opt_parse(ctx, &argc, &argv, "", "Not implemented yet.", NULL);

	if (rc >= 0)
		return rc;
	fprintf(stderr, "quill: %s: not implemented yet\n", ctx->name);
	return 2;
}

int cmd_bench_size(int argc, char **argv, struct ctx *ctx) { return todo(argc, argv, ctx); }
