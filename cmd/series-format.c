/* series-format.c - quill series format: a version's cover and patches as
 * mails, threaded under the cover, into files as git format-patch names
 * them or as one mbox on stdout. */
#include "cmd.h"
#include "git/commit.h"
#include "series/cover.h"
#include "series/email.h"
#include "series/outgoing.h"
#include "series/recipients.h"
#include "core/file.h"
#include "core/error.h"
#include "git/ident.h"
#include "series/series.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The path of each mail in DIR. */
static GPtrArray *mail_paths(const struct series_outgoing *og, const char *dir)
{
	GPtrArray *paths = g_ptr_array_new_with_free_func(g_free);

	for (guint i = 0; i < og->mails->len; i++) {
		const struct series_mail *m = g_ptr_array_index(og->mails, i);
		g_ptr_array_add(paths, dir ? g_build_filename(dir, m->file_name, NULL) : NULL);
	}
	return paths;
}

static gboolean write_mails(const struct series_outgoing *og, GPtrArray *paths, const char *dir,
			    const char *name, GPtrArray *removed, GError **error)
{
	if (g_mkdir_with_parents(dir, 0777) < 0)
		return qerr(error, QUILL_ERROR_OUTSIDE, "cannot create %s: %s", dir,
			    g_strerror(errno));
	GPtrArray *names = g_ptr_array_new();
	gboolean ok = TRUE, new_ok = TRUE;	/* file_write_new's hint */

	for (guint i = 0; i < og->mails->len && ok; i++) {
		const struct series_mail *m = g_ptr_array_index(og->mails, i);

		ok = file_write_new(g_ptr_array_index(paths, i), m->text, -1, &new_ok, error);
		g_ptr_array_add(names, m->file_name);
	}
	ok = ok && email_dir_record(dir, name, (const char *const *)names->pdata, names->len,
				    removed, error);
	g_ptr_array_unref(names);
	return ok;
}

/* The report: the version and each mail; with -o, the files written and
 * those of an earlier format removed. */
static json_t *format_json(const struct series_outgoing *og, GPtrArray *paths, const char *dir,
			   GPtrArray *removed)
{
	json_t *files = dir ? json_array() : json_null(), *msgs = json_array();
	json_t *gone = dir ? json_array() : json_null();

	for (guint i = 0; i < og->mails->len; i++) {
		const struct series_mail *m = g_ptr_array_index(og->mails, i);
		const char *file = g_ptr_array_index(paths, i);
		if (dir)
			json_array_append_new(files, json_string(file));
		json_array_append_new(msgs, json_pack("{s:s, s:s, s:o}", "msgid", m->msgid, "subject",
						      m->subject, "file", json_str_or_null(file)));
	}
	for (guint i = 0; dir && i < removed->len; i++)
		json_array_append_new(gone, json_string(g_ptr_array_index(removed, i)));
	return json_pack("{s:i, s:o, s:o, s:o}", "version", og->version, "files", files,
			 "messages", msgs, "removed", gone);
}

/* With -o: the names of the files written. */
static void files_view(struct ctx *ctx, const json_t *report)
{
	const json_t *f;
	size_t i;

	(void)ctx;
	json_array_foreach(json_object_get(report, "files"), i, f)
		printf("%s\n", json_string_value(f));
}

/* After the working version's mails were written out (files or the mbox;
 * not a --json report alone): remember its tip for series send's gate,
 * which tells when the branch changed since.  Only a warning on failure. */
static void remember_format(struct ctx *ctx, const struct series *s,
			    const struct series_outgoing *og)
{
	GError *e = NULL;

	if (!og->working)
		return;
	if (!format_record_write(ctx->repo, s->name, og->version, og->tip, &e)) {
		warn("cannot record what was formatted (series send will not tell whether the "
		     "branch changed since): %s", e->message);
		g_error_free(e);
	}
}

/* Who each mail of version `version` goes to, as series send will send it
 * (recipients.h): the list `series recipients --write` kept (for the
 * working version; get_maintainer only for a patch it does not name),
 * else the series' To/Cc and the person trailers.  *out stays NULL when
 * series_outgoing_build will refuse the version (it says why). */
static gboolean format_rcpts(struct series_recipients **out, struct ctx *ctx,
			     const struct series *s, int version, GError **error)
{
	int n = version ? version : s->version;
	gboolean working = n == s->version;
	gboolean stored = working && state_get(s->state, "recipients");
	struct recipients_opts o = { .maintainers = stored, .ignore_stored = !working,
				     .warn = warn_print };
	GPtrArray *patches = NULL;
	gboolean ok = TRUE;

	*out = NULL;
	if (n < 1 || n > s->version ||
	    !series_check_addresses("To", (const char *const *)s->to, NULL) ||
	    !series_check_addresses("Cc", (const char *const *)s->cc, NULL))
		return TRUE;
	if (!series_load_patches(&patches, NULL, NULL, ctx->repo, s, working ? 0 : n,
				 stored ? COMMIT_WANT_DIFF : 0, error))
		return FALSE;
	if (patches->len)
		ok = series_recipients_compute(out, ctx->repo, s, ctx->res, patches, &o, error);
	g_ptr_array_unref(patches);
	return ok;
}

/* Build the mails of version `version` (0: the working one) of series
 * `name`: -1, else the exit code (it said why). */
static int format_load(struct series_outgoing **og, struct series **s, struct ctx *ctx,
		       const char *name, int version, gboolean force_cover, gint64 when)
{
	struct series_outgoing_opts o = { .version = version, .force_cover = force_cover,
					  .when = when, .warn = warn_print };
	struct series_recipients *r = NULL;
	GError *e = NULL;
	gboolean ok;
	int rc;

	if (!open_series(s, ctx, name, &e) || !format_rcpts(&r, ctx, *s, version, &e))
		return fail(e);
	if (r) {
		o.rcpts = r->mail;
		o.n_rcpts = r->n;
	}
	ok = series_outgoing_build(og, ctx->repo, *s, ctx->res, &o, &e);
	series_recipients_free(r);
	if (ok)
		return -1;
	if (e->code != QUILL_ERROR_USAGE)
		return fail(e);
	rc = usage_error(ctx, "%s", e->message);	/* a version it does not have */
	g_error_free(e);
	return rc;
}

int cmd_series_format(int argc, char **argv, struct ctx *ctx)
{
	int version = 0;
	char *dir = NULL;
	gboolean to_stdout = FALSE, force_cover = FALSE;
	GOptionEntry entries[] = {
		{ "version", 'v', 0, G_OPTION_ARG_INT, &version, "Format version N (default: the working one)", "N" },
		{ "output-directory", 'o', 0, G_OPTION_ARG_FILENAME, &dir, "Write one file per mail into DIR", "DIR" },
		{ "stdout", 0, 0, G_OPTION_ARG_NONE, &to_stdout, "Write one mbox to standard output (the default)", NULL },
		{ "cover", 0, 0, G_OPTION_ARG_NONE, &force_cover, "Send a cover letter for a one-patch series too", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print what was formatted as JSON (without -o: nothing is written)", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series_outgoing *og = NULL;
	struct series *s = NULL;
	GPtrArray *paths = NULL;
	GPtrArray *removed = g_ptr_array_new_with_free_func(g_free);
	GError *e = NULL;
	gint64 when;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]",
			   "Writes version N of the series (the working one by default) as mails:\n"
			   "the cover letter [PATCH 0/n] and the patches [PATCH i/n], each a reply to\n"
			   "the cover, with b4's Message-IDs.  A one-patch series carries its cover\n"
			   "text below the '---' line and the base-commit:/change-id: footers unless\n"
			   "--cover is given.  With -o the files are named as git format-patch names\n"
			   "them and their names printed; else one mbox goes to standard output.\n"
			   "The cover's {{tokens}} are filled in (man quill-series: TEMPLATES), and\n"
			   "a benchmark attached to one patch (quill bench add --patch) is printed\n"
			   "below that patch's '---' line.\n"
			   "SOURCE_DATE_EPOCH, when set, is the date of the cover.",
			   entries);

	if (rc >= 0 || (rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto out;
	if (dir && to_stdout) {
		rc = usage_error(ctx, "-o and --stdout exclude each other");
		goto out;
	}
	if (ctx->json && to_stdout) {
		rc = usage_error(ctx, "--json and --stdout exclude each other");
		goto out;
	}
	if (!series_outgoing_time(&when)) {
		rc = usage_error(ctx, "SOURCE_DATE_EPOCH is not a number of seconds");
		goto out;
	}
	if ((rc = format_load(&og, &s, ctx, argc > 1 ? argv[1] : NULL, version, force_cover,
			      when)) >= 0)
		goto out;
	paths = mail_paths(og, dir);
	if (dir && !write_mails(og, paths, dir, s->name, removed, &e)) {
		rc = fail(e);
		goto out;
	}
	if (!dir && !ctx->json)	/* the mbox itself is the output */
		for (guint i = 0; i < og->mails->len; i++)
			fputs(((struct series_mail *)g_ptr_array_index(og->mails, i))->text, stdout);
	else
		emit(ctx, format_json(og, paths, dir, removed), files_view);
	if (dir || !ctx->json)
		remember_format(ctx, s, og);
	rc = 0;
out:
	if (paths)
		g_ptr_array_unref(paths);
	g_ptr_array_unref(removed);
	series_outgoing_free(og);
	series_free(s);
	g_free(dir);
	return rc;
}
