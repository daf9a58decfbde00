/* mail-common.c - the MBOX operands of the mail commands, read through
 * lib/net/source. */
#include "cmd.h"
#include "core/error.h"
#include "net/source.h"

#include <stdarg.h>

/* The source mail_read_operands is reading, for mail_warn_here. */
static struct source *reading;

void mail_warn_here(void *payload, const char *fmt, ...)
{
	char *where = reading ? source_where(reading) : NULL;
	va_list ap;
	char *text;

	(void)payload;
	va_start(ap, fmt);
	text = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	if (where)
		warn("%s: %s", where, text);
	else
		warn("%s", text);
	g_free(where);
	g_free(text);
}

int mail_read_operands(struct ctx *ctx, int argc, char **argv,
		       void (*fn)(void *payload, const struct source_mail *m), void *payload)
{
	return mail_read_operands_ahead(ctx, argc, argv, NULL, fn, payload);
}

int mail_read_operands_ahead(struct ctx *ctx, int argc, char **argv, const struct mail_prepare *prep,
			     void (*fn)(void *payload, const struct source_mail *m), void *payload)
{
	struct source *src = NULL;
	struct source_mail it;
	GError *e = NULL;
	int rc = -1;

	if (argc < 2)
		return usage_error(ctx, "give at least one MBOX ('-' for standard input)");
	if (source_open(&src, argv + 1, argc - 1, warn_print, NULL, &e)) {
		if (prep)
			source_read_ahead(src, prep->fn, prep->free, prep->payload);
		reading = src;
		while (source_next(src, &it, &e))
			fn(payload, &it);
		reading = NULL;
	}
	if (e) {
		qerr_prefix(&e, "%s", ctx->name);
		rc = fail(e);
	}
	source_free(src);
	return rc;
}
