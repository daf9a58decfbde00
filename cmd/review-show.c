/* review-show.c - NOT YET WRITTEN: quill review show resolve reopen. */
#include "cmd.h"
#include "core/error.h"

int cmd_review_show(int argc, char **argv, struct ctx *ctx)
{
	return failf(QUILL_ERROR_USAGE, "review show: not written yet");
}

int cmd_review_resolve(int argc, char **argv, struct ctx *ctx)
{
	return failf(QUILL_ERROR_USAGE, "review resolve: not written yet");
}

int cmd_review_reopen(int argc, char **argv, struct ctx *ctx)
{
	return failf(QUILL_ERROR_USAGE, "review reopen: not written yet");
}
