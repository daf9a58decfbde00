/* review-report.c - quill review report: every series in some mail, with
 * its review state, as static HTML pages (lib/report/list-*). */
#include "cmd.h"
#include "git/config.h"
#include "net/archive.h"
#include "report/list-model.h"
#include "report/list-render.h"

#include <stdio.h>
#include <string.h>

static void report_view(struct ctx *ctx, const json_t *d)
{
	char *dir = out_escape(jstr(d, "dir"));

	(void)ctx;
	printf("%s %s/index.html and %d series pages (%" JSON_INTEGER_FORMAT " bytes): %d series,"
	       " %d review items, from %d messages\n",
	       json_is_true(json_object_get(d, "written")) ? "wrote" : "would write", dir,
	       jint(d, "pages") - 1, json_integer_value(json_object_get(d, "bytes")),
	       jint(d, "series"), jint(d, "items"), jint(d, "messages"));
	g_free(dir);
}

static json_t *report_json(const struct report_list *l, const char *dir, guint pages,
			   guint64 bytes, gboolean written)
{
	json_t *states = json_object();

	for (guint i = 0; i < l->series->len; i++) {
		const struct list_series *s = g_ptr_array_index(l->series, i);
		const char *k = list_state_key(s->state);

		json_object_set_new(states, k, json_integer(json_integer_value(json_object_get(states, k)) + 1));
	}
	return json_pack("{s:s, s:i, s:I, s:b, s:i, s:i, s:i, s:i, s:o}", "dir", dir, "pages",
			 (int)pages, "bytes", (json_int_t)bytes, "written", written, "series",
			 (int)l->series->len, "postings", (int)l->postings, "items", (int)l->items,
			 "messages", (int)l->messages, "states", states);
}

/* DATE as YYYY-MM-DD (midnight UTC) or ISO 8601 with a zone, into *t. */
static gboolean parse_since(const char *date, gint64 *t)
{
	char *full = strlen(date) == 10 ? g_strdup_printf("%sT00:00:00Z", date) : g_strdup(date);
	GDateTime *d = g_date_time_new_from_iso8601(full, NULL);

	g_free(full);
	if (!d)
		return FALSE;
	*t = g_date_time_to_unix(d);
	g_date_time_unref(d);
	return TRUE;
}

/* The usage errors of the operands and options (-1: none): no mail,
 * --open with --dry-run, a --since that is no date (else into *t). */
static int check_usage(struct ctx *ctx, gboolean mail, gboolean open_dry, const char *since,
		       gint64 *t)
{
	if (!mail)
		return usage_error(ctx, "no mail: give --mbox FILE or --source S");
	if (open_dry)
		return usage_error(ctx, "--open: --dry-run writes no page to open");
	if (since && !parse_since(since, t))
		return usage_error(ctx, "--since: not a date: %s", since);
	return -1;
}

int cmd_review_report(int argc, char **argv, struct ctx *ctx)
{
	char *dir = NULL, *conf_dir = NULL, *since = NULL, *base = NULL;
	char **specs = NULL, **mboxes = NULL;
	gboolean dry_run = FALSE, open_page = FALSE;
	const char *out_dir;
	char *index = NULL;
	GOptionEntry entries[] = {
		{ "source", 0, 0, G_OPTION_ARG_STRING_ARRAY, &specs, "Read the mail of S (mbox:FILE, maildir:DIR); repeatable", "S" },
		{ "mbox", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &mboxes, "Read FILE (an mbox, a Maildir, a message, '-'); repeatable", "FILE" },
		{ "output", 'o', 0, G_OPTION_ARG_FILENAME, &dir, "Write DIR/index.html and DIR/series/ (default: quill.reportDir, else .)", "DIR" },
		{ "since", 0, 0, G_OPTION_ARG_STRING, &since, "Only series whose last message is newer than DATE (YYYY-MM-DD or ISO 8601)", "DATE" },
		{ "dry-run", 'n', 0, G_OPTION_ARG_NONE, &dry_run, "Build the pages but write nothing", NULL },
		{ "open", 0, 0, G_OPTION_ARG_NONE, &open_page, "Open DIR/index.html in the browser (quill.browser, web.browser, $BROWSER, else xdg-open)", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct report_list_opts o = { .warn = warn_print };
	struct report_list *l = NULL;
	git_repository *repo = NULL;
	GPtrArray *paths = g_ptr_array_new();
	GError *e = NULL;
	guint pages = 0;
	guint64 bytes = 0;
	int rc = opt_parse(ctx, &argc, &argv, "[FILE...]",
		"Writes the list view of a maintainer as static HTML, from the mail alone (no\n"
		"repository): DIR/index.html lists every series posted in the mail (found as\n"
		"mail series finds them) with its versions, its state (new, reviewed, acked,\n"
		"changes requested, NAKed: from the review items of the replies to its newest\n"
		"version, as review scan finds them), who acked or NAKed it and its open\n"
		"questions; DIR/series/SLUG.html is each series' page: its versions, their\n"
		"messages and review items.  FILE operands are read as --mbox ones; --open\n"
		"shows the index in the browser once written.\n"
		"\n"
		"--json prints {\"dir\", \"pages\", \"bytes\", \"written\", \"series\", \"postings\",\n"
		"\"items\", \"messages\", \"states\":{STATE: N}}.",
		entries);

	if (rc >= 0)
		goto out;
	for (char **m = mboxes; m && *m; m++)
		g_ptr_array_add(paths, *m);
	for (int i = 1; i < argc; i++)
		g_ptr_array_add(paths, argv[i]);
	if ((rc = check_usage(ctx, paths->len || specs, open_page && dry_run, since, &o.since)) >= 0)
		goto out;
	repo_open(&repo, NULL, NULL);	/* for quill.* config only: none is fine */
	base = archive_lore_base(repo);
	o.paths = (char *const *)paths->pdata;
	o.n_paths = paths->len;
	o.specs = specs;
	o.n_specs = specs ? g_strv_length(specs) : 0;
	o.link_base = base;
	if (!dir)
		conf_dir = config_get(repo, "quill.reportDir");
	out_dir = dir ? dir : conf_dir ? conf_dir : ".";
	if (!report_list_build(&l, &o, &e) ||
	    !report_list_write(l, out_dir, dry_run, &pages, &bytes, &e)) {
		rc = fail(e);
		goto out;
	}
	emit(ctx, report_json(l, out_dir, pages, bytes, !dry_run), report_view);
	index = g_build_filename(out_dir, "index.html", NULL);
	rc = open_page && !run_browser(repo, index, &e) ? fail(e) : 0;
out:
	g_free(index);
	report_list_free(l);
	if (repo)
		git_repository_free(repo);
	g_ptr_array_unref(paths);
	g_strfreev(specs);
	g_strfreev(mboxes);
	g_free(dir);
	g_free(conf_dir);
	g_free(since);
	g_free(base);
	return rc;
}
