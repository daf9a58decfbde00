/* output.c - the one printer layer: reports as JSON or text, errors,
 * warnings, colour (see cmd.h). */
#include "cmd.h"
#include "core/error.h"
#include "core/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void out_append_escaped(GString *out, const char *s)
{
	text_append_escaped(out, s);
}

char *out_escape(const char *s)
{
	return text_escape(s);
}

/* "quill: " + the message escaped + "\n" on stderr. */
static void say(const char *prefix, const char *msg)
{
	char *safe = out_escape(msg);

	fprintf(stderr, "quill: %s%s\n", prefix, safe ? safe : "");
	g_free(safe);
}

int fail(GError *error)
{
	int code = qerr_exit_code(error);

	say("", error ? error->message : "unknown error");
	if (error)
		g_error_free(error);
	return code ? code : 4;
}

int failf(int cls, const char *fmt, ...)
{
	va_list ap;
	GError *e;
	char *msg;

	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	e = g_error_new_literal(QUILL_ERROR, cls, msg);
	g_free(msg);
	return fail(e);
}

static void vwarn(const char *fmt, va_list ap)
{
	char *msg = g_strdup_vprintf(fmt, ap);

	say("warning: ", msg);
	g_free(msg);
}

void warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
}

void warn_print(void *payload, const char *fmt, ...)
{
	va_list ap;

	(void)payload;
	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
}

void emit(struct ctx *ctx, json_t *report, text_view view)
{
	if (ctx->json || !view)
		print_json(report);
	else {
		view(ctx, report);
		json_decref(report);
	}
}

void print_json(json_t *doc)
{
	char *s = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));

	if (s) {
		fputs(s, stdout);
		fputc('\n', stdout);
		free(s);
	}
	json_decref(doc);
}

json_t *json_str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

const char *color(struct ctx *ctx, const char *which)
{
	static const struct { const char *name, *esc; } table[] = {
		{ "bold", "\033[1m" }, { "green", "\033[32m" }, { "red", "\033[31m" },
		{ "yellow", "\033[33m" }, { "dim", "\033[2m" }, { "cyan", "\033[36m" },
		{ "reset", "\033[m" },
	};

	if (ctx->color < 0) {
		/* the front runs no command that colours (cmd/front.c) */
		g_assert(ctx->want_color);
		ctx->color = ctx->want_color(ctx) ? 1 : 0;
	}
	if (!ctx->color)
		return "";
	for (size_t i = 0; i < G_N_ELEMENTS(table); i++)
		if (!strcmp(table[i].name, which))
			return table[i].esc;
	return "";
}
