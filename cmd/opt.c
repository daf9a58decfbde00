/* opt.c - option parsing for every command, through GLib's GOption. */
#include "cmd.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int usage_error(struct ctx *ctx, const char *fmt, ...)
{
	va_list ap;
	char *msg, *safe;

	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	safe = out_escape(msg);
	fprintf(stderr, "quill: %s: %s (see 'quill %s --help')\n", ctx->name, safe, ctx->name);
	g_free(safe);
	g_free(msg);
	return 2;
}

int opt_max_operands(struct ctx *ctx, int argc, int max)
{
	return argc - 1 > max ? usage_error(ctx, "too many arguments") : -1;
}

/* GOption converts string arguments from the locale's charset to UTF-8 and
 * refuses what it cannot convert: in the C locale, every non-ASCII byte.
 * quill takes its arguments as UTF-8 whatever the locale (as git does), so
 * text options are parsed as raw bytes (the FILENAME kinds, which GOption
 * leaves alone) and then checked by check_utf8. */
static GOptionEntry *raw_entries(const GOptionEntry *entries)
{
	size_t n = 0;
	GOptionEntry *copy;

	while (entries && entries[n].long_name)
		n++;
	copy = g_new0(GOptionEntry, n + 1);
	for (size_t i = 0; i < n; i++) {
		copy[i] = entries[i];
		if (copy[i].arg == G_OPTION_ARG_STRING)
			copy[i].arg = G_OPTION_ARG_FILENAME;
		else if (copy[i].arg == G_OPTION_ARG_STRING_ARRAY)
			copy[i].arg = G_OPTION_ARG_FILENAME_ARRAY;
	}
	return copy;
}

/* FALSE, with one line naming the option, when a text option is not UTF-8. */
static gboolean check_utf8(struct ctx *ctx, const GOptionEntry *entries)
{
	for (const GOptionEntry *e = entries; e && e->long_name; e++) {
		gboolean ok = TRUE;

		if (e->arg == G_OPTION_ARG_STRING) {
			const char *v = *(char **)e->arg_data;
			ok = !v || g_utf8_validate(v, -1, NULL);
		} else if (e->arg == G_OPTION_ARG_STRING_ARRAY) {
			for (char **v = *(char ***)e->arg_data; v && *v && ok; v++)
				ok = g_utf8_validate(*v, -1, NULL);
		}
		if (!ok) {
			fprintf(stderr, "quill: %s: --%s: the value is not UTF-8\n", ctx->name,
				e->long_name);
			return FALSE;
		}
	}
	return TRUE;
}

/* An entry takes a value (--name=VALUE or --name VALUE). */
static gboolean takes_value(const GOptionEntry *e)
{
	if (e->arg == G_OPTION_ARG_NONE)
		return FALSE;
	if (e->arg == G_OPTION_ARG_CALLBACK)
		return !(e->flags & (G_OPTION_FLAG_NO_ARG | G_OPTION_FLAG_OPTIONAL_ARG));
	return TRUE;
}

/* quill NOUN VERB --list-opts (hidden; for the shell completion in
 * contrib/): one line per option --help lists, "--name" or "--name=ARG"
 * (ARG: its placeholder in --help, else VALUE), then "--" and the operands'
 * synopsis (`params`), so that the completion asks the command instead of
 * keeping lists of its own. */
static void list_opts(const char *params, const GOptionEntry *entries)
{
	for (const GOptionEntry *e = entries; e && e->long_name; e++) {
		if (e->flags & G_OPTION_FLAG_HIDDEN)
			continue;
		if (takes_value(e))
			printf("--%s=%s\n", e->long_name, e->arg_description ? e->arg_description : "VALUE");
		else
			printf("--%s\n", e->long_name);
	}
	printf("--help\n--%s%s\n", *params ? " " : "", params);
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
	GOptionEntry *raw = raw_entries(entries);
	int rc = -1;

	if (*argc == 2 && !strcmp((*argv)[1], "--list-opts")) {
		list_opts(params, entries);
		g_free(raw);
		g_free(prg);
		return 0;
	}
	g_set_prgname(prg);
	oc = g_option_context_new(params);
	g_option_context_set_help_enabled(oc, FALSE);
	if (description)
		g_option_context_set_description(oc, description);
	if (entries)
		g_option_context_add_main_entries(oc, raw, NULL);
	g_option_context_add_main_entries(oc, help_entry, NULL);
	if (!g_option_context_parse(oc, argc, argv, &e)) {
		rc = usage_error(ctx, "%s", e->message);
		g_error_free(e);
	} else if (help) {
		char *h = g_option_context_get_help(oc, TRUE, NULL);
		fputs(h, stdout);
		g_free(h);
		rc = 0;
	} else if (!check_utf8(ctx, entries)) {
		rc = 3;
	} else if (ctx->no_repo) {
		fprintf(stderr, "quill: %s: %s\n", ctx->name, ctx->no_repo);
		rc = 2;
	}
	g_option_context_free(oc);
	g_free(raw);
	g_free(prg);
	return rc;
}
