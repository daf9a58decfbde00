/* series-export.c - quill series export / import. */
#include "cmd.h"
#include "series/export.h"
#include "series/import.h"
#include "series/series.h"

#include <stdio.h>

int cmd_series_export(int argc, char **argv, struct ctx *ctx)
{
	gboolean upstream = FALSE;
	GOptionEntry entries[] = {
		{ "with-upstream", 0, 0, G_OPTION_ARG_NONE, &upstream, "Also write the history below the bases (upstream/), so the export imports into an empty repository", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	GError *e = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "NAME DIR",
			   "Writes the series to DIR: series.conf, cover, and v1/, v2/, ... with each\n"
			   "version's version.conf, cover, changes and patches as format-patch files.",
			   entries);

	if (rc >= 0)
		return rc;
	if (argc != 3)
		return usage_error(ctx, "give a series NAME and a DIR");
	if (!open_series(&s, ctx, argv[1], &e) ||
	    !export_series(ctx->repo, s, argv[2], upstream, &e)) {
		series_free(s);
		return fail(e);
	}
	printf("exported %s (v1..v%d) to %s\n", s->name, s->version, argv[2]);
	series_free(s);
	return 0;
}

static void import_view(struct ctx *ctx, const json_t *r)
{
	int versions = jint(r, "versions"), commits = jint(r, "commits");

	(void)ctx;
	if (json_is_true(json_object_get(r, "resumed"))) {
		printf("finished the import of series %s that was cut short: %d frozen version%s\n",
		       jstr(r, "name"), versions, versions == 1 ? "" : "s");
		return;
	}
	printf("imported series %s: %d frozen version%s, %d commit%s made (%d upstream)\n",
	       jstr(r, "name"), versions, versions == 1 ? "" : "s", commits, commits == 1 ? "" : "s",
	       jint(r, "upstream_commits"));
}

int cmd_series_import(int argc, char **argv, struct ctx *ctx)
{
	char *name = NULL;
	GOptionEntry entries[] = {
		{ "name", 0, 0, G_OPTION_ARG_STRING, &name, "Import under this name", "NAME" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print what was imported as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct import_result r;
	GError *e = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "DIR",
			   "Rebuilds a series exported by 'quill series export': its branch, its\n"
			   "state and its tags, applying the patches onto their bases (from the\n"
			   "export's upstream/ when this repository lacks them).",
			   entries);

	if (rc >= 0)
		goto out;
	if (argc != 2) {
		rc = usage_error(ctx, "give one DIR");
		goto out;
	}
	if (!series_import(&r, ctx->repo, argv[1], name, warn_print, NULL, &e)) {
		rc = fail(e);
		goto out;
	}
	emit(ctx, json_pack("{s:s, s:i, s:i, s:i, s:b}", "name", r.name, "versions", r.versions,
			    "commits", r.commits, "upstream_commits", r.upstream, "resumed", r.resumed),
	     import_view);
	g_free(r.name);
	rc = 0;
out:
	g_free(name);
	return rc;
}
