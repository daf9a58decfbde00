/* opt.c - option parsing for every command, through GLib's GOption. */
#include "cmd.h"

#include <stdarg.h>
#include <stdio.h>

int usage_error(struct ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "quill: %s: ", ctx->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n(see 'quill %s --help')\n", ctx->name);
	return 2;
}

int opt_parse(struct ctx *ctx, int *argc, char ***argv, const char *params,
	      const char *description, const GOptionEntry *entries)
{
	GOptionContext *oc;
	GError *e = NULL;
	char *prg = g_strdup_printf("quill %s", ctx->name);
	gboolean help = FALSE;
	GOptionEntry help_entry[] = {
		{ "help", 'h', 0, G_OPTION_ARG_NONE, &help, "Show this help", NULL },
		G_OPTION_ENTRY_NULL
	};
	int rc = -1;

	g_set_prgname(prg);
	oc = g_option_context_new(params);
	g_option_context_set_help_enabled(oc, FALSE);
	if (description)
		g_option_context_set_description(oc, description);
	if (entries)
		g_option_context_add_main_entries(oc, entries, NULL);
	g_option_context_add_main_entries(oc, help_entry, NULL);
	if (!g_option_context_parse(oc, argc, argv, &e)) {
		rc = usage_error(ctx, "%s", e->message);
		g_error_free(e);
	} else if (help) {
		char *h = g_option_context_get_help(oc, TRUE, NULL);
		fputs(h, stdout);
		g_free(h);
		rc = 0;
	}
	g_option_context_free(oc);
	g_free(prg);
	return rc;
}
