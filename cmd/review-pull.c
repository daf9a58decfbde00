/* review-pull.c - NOT YET WRITTEN: quill review pull. */
#include "cmd.h"
#include "core/error.h"

int cmd_review_pull(int argc, char **argv, struct ctx *ctx)
{
	return failf(QUILL_ERROR_USAGE, "review pull: not written yet");
}
