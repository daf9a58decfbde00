/* series-stubs.c - commands not written yet (temporary, removed as they land). */
#include "cmd.h"

#include <stdio.h>

static int todo(struct ctx *ctx)
{
	fprintf(stderr, "quill: %s: not implemented yet\n", ctx->name);
	return 2;
}

int cmd_series_format(int argc, char **argv, struct ctx *ctx) { return todo(ctx); }
int cmd_series_export(int argc, char **argv, struct ctx *ctx) { return todo(ctx); }
int cmd_series_import(int argc, char **argv, struct ctx *ctx) { return todo(ctx); }
