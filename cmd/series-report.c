/* series-report.c - quill series report: the series as one static HTML
 * page (lib/report). */
#include "cmd.h"
#include "git/config.h"
#include "report/model.h"
#include "report/render.h"
#include "series/series.h"

#include <stdio.h>

static void report_view(struct ctx *ctx, const json_t *d)
{
	char *path = out_escape(jstr(d, "path"));

	printf("%s %s (%d bytes: %d versions, %d patches, %d review items)\n",
	       json_is_true(json_object_get(d, "written")) ? "wrote" : "would write", path,
	       jint(d, "bytes"), jint(d, "versions"), jint(d, "patches"), jint(d, "items"));
	g_free(path);
}

static json_t *report_json(const struct report_model *m, const char *path, gsize bytes,
			   gboolean written)
{
	int patches = 0;

	for (guint i = 0; i < m->versions->len; i++)
		patches += ((const struct report_version *)g_ptr_array_index(m->versions, i))->patches->len;
	return json_pack("{s:s, s:s, s:I, s:b, s:i, s:i, s:i}", "name", m->name, "path", path,
			 "bytes", (json_int_t)bytes, "written", written, "versions",
			 (int)m->versions->len, "patches", patches, "items", (int)m->n_items);
}

int cmd_series_report(int argc, char **argv, struct ctx *ctx)
{
	char *dir = NULL, *conf_dir = NULL, *path = NULL;
	gboolean dry_run = FALSE, open_page = FALSE;
	GOptionEntry entries[] = {
		{ "output", 'o', 0, G_OPTION_ARG_FILENAME, &dir, "Write DIR/NAME.html (default: quill.reportDir, else .)", "DIR" },
		{ "dry-run", 'n', 0, G_OPTION_ARG_NONE, &dry_run, "Build the page but write nothing", NULL },
		{ "open", 0, 0, G_OPTION_ARG_NONE, &open_page, "Open the page in the browser (quill.browser, web.browser, $BROWSER, else xdg-open)", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	struct report_model *m = NULL;
	GError *e = NULL;
	gsize bytes = 0;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]",
			   "Writes the series as one self-contained HTML page, DIR/NAME.html: its\n"
			   "versions, patches, range-diffs, review items, trailers and benchmarks;\n"
			   "--open shows it in the browser once written.",
			   entries);

	if (rc >= 0 || (rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto out;
	if (open_page && dry_run) {
		rc = usage_error(ctx, "--open: --dry-run writes no page to open");
		goto out;
	}
	if (!open_series(&s, ctx, argc > 1 ? argv[1] : NULL, &e) ||
	    !report_model_build(&m, ctx->repo, s, warn_print, NULL, &e)) {
		rc = fail(e);
		goto out;
	}
	if (!dir)
		conf_dir = config_get(ctx->repo, "quill.reportDir");
	if (!report_write(m, dir ? dir : conf_dir ? conf_dir : ".", dry_run, &path, &bytes, &e)) {
		rc = fail(e);
		goto out;
	}
	emit(ctx, report_json(m, path, bytes, !dry_run), report_view);
	rc = open_page && !run_browser(ctx->repo, path, &e) ? fail(e) : 0;
out:
	g_free(path);
	g_free(conf_dir);
	g_free(dir);
	report_model_free(m);
	series_free(s);
	return rc;
}
