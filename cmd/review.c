/* review.c - NOT YET WRITTEN: quill review scan. */
#include "cmd.h"
#include "core/error.h"

int cmd_review_scan(int argc, char **argv, struct ctx *ctx)
{
	return failf(QUILL_ERROR_USAGE, "review scan: not written yet");
}
