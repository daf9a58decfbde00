/* series-recipients.c - quill series recipients: who each mail of the
 * working version goes to, and the list kept for sending (--write,
 * --edit, --reset). */
#include "cmd.h"
#include "core/error.h"
#include "git/commit.h"
#include "git/config.h"
#include "series/cover.h"
#include "series/recipients.h"
#include "series/series.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

struct rcpt_job {
	struct series *s;
	GPtrArray *patches;		/* struct commit_patch* */
	struct series_recipients *r;
	struct recipients_opts o;
};

static void job_release(struct rcpt_job *j)
{
	series_recipients_free(j->r);
	if (j->patches)
		g_ptr_array_unref(j->patches);
	series_free(j->s);
}

/* "[PATCH v2 i/n] subject" of mail i (0: the cover; caller owns). */
static char *mail_subject(const struct rcpt_job *j, guint i)
{
	int total = (int)j->patches->len;
	char *prefix = series_subject_prefix(j->s, j->s->version, (int)i,
					     i == 0 || total > 1 ? total : 0);
	char *subject = NULL, *body = NULL, *out;

	if (i == 0)
		cover_split(j->s->cover ? j->s->cover : "", &subject, &body);
	else
		subject = g_strdup(((struct commit_patch *)g_ptr_array_index(j->patches, i - 1))->subject);
	out = g_strdup_printf("%s %s", prefix, subject);
	g_free(prefix);
	g_free(subject);
	g_free(body);
	return out;
}

static json_t *report_json(const struct rcpt_job *j, const char *said)
{
	json_t *mails = json_array();

	for (guint i = 0; i < j->r->n; i++) {
		char *subject = mail_subject(j, i);
		json_array_append_new(mails, json_pack("{s:i, s:s, s:o, s:o}", "index", (int)i,
						       "subject", subject, "to",
						       strv_json(j->r->mail[i].to), "cc",
						       strv_json(j->r->mail[i].cc)));
		g_free(subject);
	}
	json_t *doc = json_pack("{s:s, s:i, s:b, s:o, s:o}", "series", j->s->name, "version",
				j->s->version, "stored", j->r->stored, "maintainer_cmd",
				json_str_or_null(j->r->maintainer_cmd), "mails", mails);

	if (said)	/* what --write, --edit or --reset did */
		json_object_set_new(doc, "said", json_string(said));
	return doc;
}

static void print_list(const json_t *v, const char *label)
{
	const json_t *a;
	size_t i;

	json_array_foreach(v, i, a) {
		char *esc = out_escape(json_string_value(a));
		printf("  %s: %s\n", label, esc);
		g_free(esc);
	}
}

static void report_view(struct ctx *ctx, const json_t *report)
{
	const json_t *m;
	size_t i;
	const char *cmd = jstr(report, "maintainer_cmd"), *said = jstr(report, "said");

	if (said)
		printf("%s\n", said);
	printf("series %s v%d: %s%s%s\n", jstr(report, "series"), jint(report, "version"),
	       json_is_true(json_object_get(report, "stored")) ? "the stored list"
							       : "computed",
	       cmd ? "; get_maintainer: " : "", cmd ? cmd : "");
	json_array_foreach(json_object_get(report, "mails"), i, m) {
		char *esc = out_escape(jstr(m, "subject"));

		printf("\n%s%s%s\n", color(ctx, "bold"), esc, color(ctx, "reset"));
		print_list(json_object_get(m, "to"), "To");
		print_list(json_object_get(m, "cc"), "Cc");
		g_free(esc);
	}
}

/* Open the editor on `path`. */
static gboolean run_editor(struct ctx *ctx, const char *path, GError **error)
{
	char *editor = config_editor(ctx->repo);
	char *argv[] = { "/bin/sh", "-c", NULL, "editor", (char *)path, NULL };
	int status = 0;
	gboolean ok;

	argv[2] = g_strdup_printf("%s \"$@\"", editor);
	ok = g_spawn_sync(NULL, argv, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL, NULL, NULL,
			  &status, error);
	if (ok && !g_spawn_check_wait_status(status, NULL))
		ok = qerr(error, QUILL_ERROR_NEGATIVE, "the editor '%s' failed; the list is "
			  "unchanged", editor);
	g_free(argv[2]);
	g_free(editor);
	return ok;
}

/* --edit: the stored list (the computed one written first when there is
 * none) through the editor, in $GIT_DIR/QUILL_RECIPIENTS_EDITMSG, kept
 * when it reads back right.  The file stays when it does not. */
static gboolean edit_list(struct ctx *ctx, struct rcpt_job *j, GError **error)
{
	char *text = state_get_string(j->s->state, "recipients"), *edited = NULL;
	char *path = g_build_filename(git_repository_path(ctx->repo), "QUILL_RECIPIENTS_EDITMSG",
				      NULL);
	gboolean ok;

	if (!text) {
		j->o.ignore_stored = TRUE;
		if (!series_recipients_compute(&j->r, ctx->repo, j->s, ctx->res, j->patches, &j->o,
					       error)) {
			g_free(path);
			return FALSE;
		}
		text = series_recipients_format(j->r, j->patches);
		series_recipients_free(j->r);
		j->r = NULL;
	}
	ok = g_file_set_contents(path, text, -1, error) && run_editor(ctx, path, error) &&
	     g_file_get_contents(path, &edited, NULL, error);
	if (ok && !g_utf8_validate(edited, -1, NULL))
		ok = qerr(error, QUILL_ERROR_INPUT, "%s: not UTF-8; the list is unchanged", path);
	if (ok && !series_recipients_store(j->s, ctx->repo, edited, error))
		ok = qerr_prefix(error, "series %s: the edit is not kept (it stays in %s)",
				 j->s->name, path);
	if (ok)
		g_unlink(path);
	g_free(edited);
	g_free(text);
	g_free(path);
	return ok;
}

/* What the options ask for, before the list is shown: -1 to show it, else
 * the exit code; *said what was done. */
static int act(struct ctx *ctx, struct rcpt_job *j, gboolean write, gboolean edit,
	       gboolean reset, char **said)
{
	GError *e = NULL;
	gboolean had = state_get(j->s->state, "recipients") != NULL;

	if (reset) {
		if (!series_recipients_store(j->s, ctx->repo, NULL, &e))
			return fail(e);
		*said = g_strdup_printf(had ? "series %s: the stored list is removed"
					    : "series %s: there was no stored list", j->s->name);
	} else if (write) {
		char *text;

		j->o.ignore_stored = TRUE;
		if (!series_recipients_compute(&j->r, ctx->repo, j->s, ctx->res, j->patches, &j->o,
					       &e))
			return fail(e);
		text = series_recipients_format(j->r, j->patches);
		series_recipients_free(j->r);
		j->r = NULL;
		if (!series_recipients_store(j->s, ctx->repo, text, &e)) {
			g_free(text);
			return fail(e);
		}
		g_free(text);
		*said = g_strdup_printf("series %s: the list is stored", j->s->name);
	} else if (edit) {
		if (!edit_list(ctx, j, &e))
			return fail(e);
		*said = g_strdup_printf("series %s: the edited list is stored", j->s->name);
	}
	/* what is stored now is what is shown; the command line's --to/--cc
	 * went into it with --write */
	j->o.ignore_stored = FALSE;
	if (write || edit)
		j->o.extra_to = j->o.extra_cc = NULL;
	return -1;
}

int cmd_series_recipients(int argc, char **argv, struct ctx *ctx)
{
	char **to = NULL, **cc = NULL, *said = NULL;
	gboolean no_trailers = FALSE, write = FALSE, edit = FALSE, reset = FALSE;
	GOptionEntry entries[] = {
		{ "to", 0, 0, G_OPTION_ARG_STRING_ARRAY, &to, "Send every mail to ADDR too", "ADDR" },
		{ "cc", 0, 0, G_OPTION_ARG_STRING_ARRAY, &cc, "Copy every mail to ADDR too", "ADDR" },
		{ "no-trailers", 0, 0, G_OPTION_ARG_NONE, &no_trailers, "Leave out the people named in the patches' trailers", NULL },
		{ "write", 0, 0, G_OPTION_ARG_NONE, &write, "Compute the list anew and keep it for format and send", NULL },
		{ "edit", 0, 0, G_OPTION_ARG_NONE, &edit, "Edit the kept list (written first when there is none)", NULL },
		{ "reset", 0, 0, G_OPTION_ARG_NONE, &reset, "Remove the kept list: compute it at each run", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the recipients as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct rcpt_job j = { 0 };
	GError *e = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]",
			   "Shows who each mail of the working version goes to: the series' To\n"
			   "and Cc, the people in each patch's trailers (Signed-off-by, Reviewed-by,\n"
			   "Cc, ...: Cc of that patch and of the cover; you are left out), and what\n"
			   "the get_maintainer command says of each patch (quill.getMaintainerCmd,\n"
			   "run with the patch mail as its argument, prints Cc addresses; else, in\n"
			   "a kernel tree, scripts/get_maintainer.pl: To from --nol, Cc from --nom).\n"
			   "Each person once (after .mailmap), To before Cc.  --write keeps the list\n"
			   "in the series; series format and send then use it as kept.",
			   entries);

	if (rc >= 0 || (rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto out;
	if (write + edit + reset > 1) {
		rc = usage_error(ctx, "--write, --edit and --reset exclude each other");
		goto out;
	}
	if (reset && (to || cc || no_trailers)) {
		rc = usage_error(ctx, "--reset takes no --to, --cc or --no-trailers");
		goto out;
	}
	if (!series_check_addresses("--to", (const char *const *)to, &e) ||
	    !series_check_addresses("--cc", (const char *const *)cc, &e) ||
	    !open_series(&j.s, ctx, argc > 1 ? argv[1] : NULL, &e) ||
	    !series_load_patches(&j.patches, NULL, NULL, ctx->repo, j.s, 0, COMMIT_WANT_DIFF |
				 COMMIT_WANT_STAT, &e)) {
		rc = fail(e);
		goto out;
	}
	j.o = (struct recipients_opts){ (const char *const *)to, (const char *const *)cc,
					no_trailers, TRUE, FALSE, warn_print, NULL };
	if ((rc = act(ctx, &j, write, edit, reset, &said)) >= 0)
		goto out;
	if (!series_recipients_compute(&j.r, ctx->repo, j.s, ctx->res, j.patches, &j.o, &e)) {
		rc = fail(e);
		goto out;
	}
	emit(ctx, report_json(&j, said), report_view);
	rc = 0;
out:
	job_release(&j);
	g_strfreev(to);
	g_strfreev(cc);
	g_free(said);
	return rc;
}
