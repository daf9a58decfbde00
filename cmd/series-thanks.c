/* series-thanks.c - quill series thanks: thank-you mails for the posted
 * series that landed (b4 ty). */
#include "cmd.h"
#include "core/error.h"
#include "series/series.h"
#include "series/thanks.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char thanks_help[] =
	"Finds which posted series landed in the history --applied-in REV-RANGE\n"
	"(default: the newest 1000 commits of HEAD; a single REV is limited the same\n"
	"way, an A..B range is read whole) and writes each a thank-you mail.  The\n"
	"series looked for: of each of your series its newest sent version (not yet\n"
	"thanked), and each series quill mail am wrote or applied (remembered in\n"
	"$XDG_DATA_HOME/quill/thanks/); with NAME only your series NAME.  A posted\n"
	"patch is found by its stable patch-id, else by its subject; commits that\n"
	"are the series' own (on its branch, in a frozen version) do not count.  A\n"
	"series only partly applied is thanked for what landed, naming the rest.\n"
	"\n"
	"The mail (templates/thanks.txt) goes from you to the series' sender, Cc the\n"
	"people and lists it went to, as a reply to the cover (or the only patch):\n"
	"it quotes the cover's first lines and lists each applied patch with the\n"
	"id of the commit that carries it.  -o DIR writes one file per mail\n"
	"(SLUG.thanks) and sends nothing; --dry-run prints the mails and writes,\n"
	"sends and marks nothing; else they are sent over SMTP as series send\n"
	"sends (quill.smtp*, sendemail.*).  A series thanked (written or sent) is\n"
	"marked so that the next run leaves it: v<N>/thanked in the series state,\n"
	"or its record moved to thanks/sent/.  SOURCE_DATE_EPOCH, when set, dates\n"
	"the mails.\n"
	"\n"
	"Exit: 0 mails made; 1 nothing landed (nothing to thank); 2 bad usage,\n"
	"no such series or range; 3 a template that does not render; 4 a file\n"
	"that cannot be written, git, SMTP.";

static gboolean mail_time(gint64 *out)
{
	const char *env = g_getenv("SOURCE_DATE_EPOCH");
	char *end;

	if (!env || !*env) {
		*out = g_get_real_time() / G_USEC_PER_SEC;
		return TRUE;
	}
	errno = 0;
	*out = g_ascii_strtoll(env, &end, 10);
	return !errno && !*end && *out >= 0;
}

static void thanks_view(struct ctx *ctx, const json_t *report)
{
	const json_t *list = json_object_get(report, "series"), *s, *v;
	size_t i, k;

	if (!json_array_size(list))
		fprintf(stderr, "quill: no posted series found applied; nothing to thank\n");
	json_array_foreach(list, i, s) {
		char *subj = out_escape(jstr(s, "subject"));
		size_t na = json_array_size(json_object_get(s, "applied"));
		size_t nm = json_array_size(json_object_get(s, "missing"));
		const char *text = jstr(s, "text");

		if (text) {
			fputs(text, stdout);
		} else {
			printf("%s%s%s: %zu/%zu applied", color(ctx, "bold"), subj, color(ctx, "reset"),
			       na, na + nm);
			json_array_foreach(json_object_get(s, "missing"), k, v)
				printf("%s%d", k ? "," : ", missing ", (int)json_integer_value(v));
			if (jstr(s, "mail")) {
				char *f = out_escape(jstr(s, "mail"));
				printf(" -> %s", f);
				g_free(f);
			} else if (json_is_true(json_object_get(s, "sent"))) {
				printf(" (sent)");
			}
			putchar('\n');
		}
		g_free(subj);
	}
}

int cmd_series_thanks(int argc, char **argv, struct ctx *ctx)
{
	char *range = NULL, *dir = NULL;
	gboolean dry_run = FALSE;
	GOptionEntry entries[] = {
		{ "applied-in", 0, 0, G_OPTION_ARG_STRING, &range,
		  "Look in REV-RANGE (default: the newest 1000 commits of HEAD)", "REV-RANGE" },
		{ "dry-run", 'n', 0, G_OPTION_ARG_NONE, &dry_run,
		  "Print the mails; write, send and mark nothing", NULL },
		{ "output-directory", 'o', 0, G_OPTION_ARG_FILENAME, &dir,
		  "Write one file per mail into DIR, send nothing", "DIR" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the report as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct thanks_opts o = { 0 };
	struct thanks_result r = { 0 };
	char *name = NULL;
	GError *e = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]", thanks_help, entries);

	if (rc >= 0 || (rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto out;
	if (!mail_time(&o.when)) {
		rc = usage_error(ctx, "SOURCE_DATE_EPOCH is not a number of seconds");
		goto out;
	}
	if (dir && !*dir) {
		rc = usage_error(ctx, "-o needs a directory");
		goto out;
	}
	if (argc > 1 && !series_current(&name, ctx->repo, argv[1], &e)) {
		rc = fail(e);
		goto out;
	}
	o.name = name;
	o.range = range;
	o.dry_run = dry_run;
	o.out_dir = dir;
	o.warn = warn_print;
	if (!thanks_run(ctx->repo, ctx->res, &o, &r, &e)) {
		rc = fail(e);
		if (r.done && r.done->len && ctx->json)
			print_json(thanks_result_json(&r));
		goto out;
	}
	rc = r.done->len ? 0 : 1;
	emit(ctx, thanks_result_json(&r), thanks_view);
out:
	thanks_result_clear(&r);
	g_free(name);
	g_free(range);
	g_free(dir);
	return rc;
}
