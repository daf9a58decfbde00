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

static void free_behind(struct source *src);

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
	free_behind(src);
	return rc;
}

/* The source read ahead, being freed on a thread of its own while the
 * command threads and prints what it read (nothing it made is used after
 * the reading: a big mailbox's mapping and batches took some 9 ms to give
 * back, the command's one core's worth of work meanwhile); joined by
 * mail_read_end. */
static GThread *freeing;

static gpointer free_source(gpointer src)
{
	source_free(src);
	return NULL;
}

static void free_behind(struct source *src)
{
	mail_read_end();
	if (src && g_get_num_processors() > 1)
		freeing = g_thread_new("source-free", free_source, src);
	else
		source_free(src);
}

void mail_read_end(void)
{
	if (freeing)
		g_thread_join(freeing);
	freeing = NULL;
}
