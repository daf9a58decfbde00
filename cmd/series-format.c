/* series-format.c - quill series format: a version's cover and patches as
 * mails, threaded under the cover, into files as git format-patch names
 * them or as one mbox on stdout. */
#include "cmd.h"
#include "git/commit.h"
#include "series/cover.h"
#include "series/email.h"
#include "core/file.h"
#include "core/error.h"
#include "git/ident.h"
#include "series/series.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mail {
	char *text;
	char *subject;	/* with its prefix, decoded */
	char *msgid;
	char *file;	/* the path written, or NULL */
};

static void mail_free(gpointer p)
{
	struct mail *m = p;

	g_free(m->text);
	g_free(m->subject);
	g_free(m->msgid);
	g_free(m->file);
	g_free(m);
}

/* The base time: SOURCE_DATE_EPOCH when set (reproducible output), else now. */
static gboolean base_time(gint64 *out)
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

/* The working cover's own text, tokens filled, without its subject line. */
static char *working_cover_message(const struct cover_input *in, const char *cover,
				   GError **error)
{
	char *filled = cover_fill(in, cover, error), *subject = NULL, *body = NULL;

	if (!filled)
		return NULL;
	cover_split(filled, &subject, &body);
	g_free(filled);
	g_free(subject);
	g_strchomp(body);
	return body;
}

/* The b4 footers of a one-patch series. */
static char *single_footer(git_repository *repo, const struct series *s, const char *base)
{
	char *pre = cover_prerequisites(repo, s);
	char *f = g_strdup_printf("base-commit: %s\nchange-id: %s\n%s%s", base, s->change_id, pre,
				  *pre ? "\n" : "");

	g_free(pre);
	return f;
}

static gboolean write_mails(GPtrArray *mails, const char *dir, const char *name,
			    GPtrArray *removed, GError **error)
{
	if (g_mkdir_with_parents(dir, 0777) < 0)
		return qerr(error, QUILL_ERROR_OUTSIDE, "cannot create %s: %s", dir,
			    g_strerror(errno));
	GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
	gboolean ok = TRUE;

	for (guint i = 0; i < mails->len && ok; i++) {
		struct mail *m = g_ptr_array_index(mails, i);

		ok = file_write_atomic(m->file, m->text, -1, error);
		g_ptr_array_add(names, g_path_get_basename(m->file));
	}
	ok = ok && email_dir_record(dir, name, (const char *const *)names->pdata, names->len,
				    removed, error);
	g_ptr_array_unref(names);
	return ok;
}

struct format_job {
	git_repository *repo;
	struct series *s;
	int n;				/* the version */
	gboolean working;
	const struct series_version *frozen;	/* version n when frozen, else NULL */
	GPtrArray *patches;		/* struct commit_patch* */
	char base[GIT_OID_HEXSZ + 1], tip[GIT_OID_HEXSZ + 1];
	char *sender;
	char *cover_subject, *cover_body;	/* NULL when there is no cover mail */
	char *below_cut;		/* a one-patch series' cover text */
	GPtrArray *notes;		/* char* or NULL per patch: its benchmark tables */
};

/* Fill the cover (or, for one patch, the text below its "---"). */
static gboolean prepare_cover(struct format_job *j, struct ctx *ctx, gboolean want_cover,
			      const git_oid *base, const git_oid *tip, GError **error)
{
	struct series_version *v = j->working ? NULL : series_get_version(j->s, j->n);
	struct cover_input in = { 0 };
	gboolean ok = TRUE;

	if (v) {
		char *subject, *body;
		cover_split(v->cover ? v->cover : "", &subject, &body);
		if (want_cover) {
			j->cover_subject = subject;
			j->cover_body = body;
		} else {
			j->below_cut = email_cover_message(body);
			g_free(subject);
			g_free(body);
		}
		return TRUE;
	}
	if (!cover_prepare_with(&in, ctx->repo, j->s, 0, ctx->res, j->patches, base, tip, error))
		return FALSE;
	if (want_cover)
		ok = cover_render(&j->cover_subject, &j->cover_body, &in, j->s->cover, error);
	else
		ok = (j->below_cut = working_cover_message(&in, j->s->cover, error)) != NULL;
	cover_input_release(&in);
	return ok;
}

/* When the mails of a frozen version were made: its freeze date (what the
 * state records), else its tip's commit time; either way the same at
 * every run. */
static gint64 frozen_time(const struct format_job *j)
{
	GDateTime *dt = j->frozen->date ? g_date_time_new_from_iso8601(j->frozen->date, NULL) : NULL;
	git_commit *tip = NULL;
	git_oid oid;
	gint64 t = 0;

	if (dt) {
		t = g_date_time_to_unix(dt);
		g_date_time_unref(dt);
	} else if (git_oid_fromstr(&oid, j->tip) == 0 && git_commit_lookup(&tip, j->repo, &oid) == 0) {
		t = git_commit_time(tip);
		git_commit_free(tip);
	}
	return t;
}

/* The Message-ID of mail `index` (0: the cover; `first`: the first mail
 * formatted).  A frozen version's are the ones recorded: the patch's own,
 * else the cover's with the patch's index (b4's and quill's shape), else
 * the cover's for the first mail; what is not recorded is made from the
 * version's data (email_message_id), as for the working version. */
static char *mail_msgid(const struct format_job *j, int index, gboolean first, gint64 when,
			const char *seed)
{
	const struct series_version *v = j->frozen;
	const struct series_patch *p = v && index > 0 && (guint)index <= v->patches->len
					       ? g_ptr_array_index(v->patches, index - 1) : NULL;
	char *id;

	if (p && p->msgid)
		return g_strdup(p->msgid);
	if (v && v->cover_msgid) {
		if ((id = email_sibling_id(v->cover_msgid, j->n, index)))
			return id;
		if (first)
			return g_strdup(v->cover_msgid);
	}
	return email_message_id(j->s->change_id, j->n, index, when, seed, j->sender);
}

static void build_mails(GPtrArray *mails, struct format_job *j, gint64 when, const char *dir)
{
	guint total = j->patches->len;
	gboolean cover = j->cover_subject != NULL;
	char *seed = g_strdup_printf("%s %s %" G_GINT64_FORMAT, j->base, j->tip, when);
	char *cover_id = NULL, *sig = g_strdup_printf("quill %s", QUILL_VERSION);
	struct email_opts o = { 0 };

	o.sender = j->sender;
	o.to = j->s->to;
	o.cc = j->s->cc;
	if (cover) {
		struct mail *m = g_new0(struct mail, 1);
		char *prefix = series_subject_prefix(j->s, j->n, 0, (int)total);

		cover_id = mail_msgid(j, 0, TRUE, when, seed);
		o.subject_prefix = prefix;
		o.msgid = cover_id;
		o.date = when;
		o.change_id = j->s->change_id;
		m->text = email_cover(j->cover_subject, j->cover_body, &o);
		m->subject = g_strdup_printf("%s %s", prefix, j->cover_subject);
		m->msgid = g_strdup(cover_id);
		if (dir) {
			char *name = email_file_name(0, j->cover_subject);
			m->file = g_build_filename(dir, name, NULL);
			g_free(name);
		}
		g_ptr_array_add(mails, m);
		g_free(prefix);
	}
	for (guint i = 0; i < total; i++) {
		const struct commit_patch *p = g_ptr_array_index(j->patches, i);
		struct mail *m = g_new0(struct mail, 1);
		char *prefix = series_subject_prefix(j->s, j->n, (int)i + 1, cover || total > 1 ? (int)total : 0);
		char *footer = NULL, *below = NULL;
		const char *note = g_ptr_array_index(j->notes, i);

		m->msgid = mail_msgid(j, (int)i + 1, !cover && i == 0, when, seed);
		o.subject_prefix = prefix;
		o.msgid = m->msgid;
		o.in_reply_to = cover_id;
		o.references = cover_id;
		o.date = when + (gint64)i + 1;
		o.change_id = cover ? NULL : j->s->change_id;
		o.below_cut = cover ? NULL : j->below_cut;
		if (note) /* the patch's benchmark tables, after a one-patch cover text */
			o.below_cut = below = o.below_cut && *o.below_cut
				? g_strdup_printf("%s\n\n%s", o.below_cut, note) : g_strdup(note);
		if (!cover)
			footer = single_footer(j->repo, j->s, j->base);
		o.footer = footer;
		o.signature = sig;
		m->text = email_patch(p, &o);
		m->subject = g_strdup_printf("%s %s", prefix, p->subject);
		if (dir) {
			char *name = email_file_name((int)i + 1, p->subject);
			m->file = g_build_filename(dir, name, NULL);
			g_free(name);
		}
		g_ptr_array_add(mails, m);
		g_free(below);
		g_free(footer);
		g_free(prefix);
	}
	g_free(sig);
	g_free(cover_id);
	g_free(seed);
}

/* The report: the version and each mail; with -o, the files written and
 * those of an earlier format removed. */
static json_t *format_json(GPtrArray *mails, int n, const char *dir, GPtrArray *removed)
{
	json_t *files = dir ? json_array() : json_null(), *msgs = json_array();
	json_t *gone = dir ? json_array() : json_null();

	for (guint i = 0; i < mails->len; i++) {
		const struct mail *m = g_ptr_array_index(mails, i);
		if (dir)
			json_array_append_new(files, json_string(m->file));
		json_array_append_new(msgs, json_pack("{s:s, s:s, s:o}", "msgid", m->msgid, "subject",
						      m->subject, "file", json_str_or_null(m->file)));
	}
	for (guint i = 0; dir && i < removed->len; i++)
		json_array_append_new(gone, json_string(g_ptr_array_index(removed, i)));
	return json_pack("{s:i, s:o, s:o, s:o}", "version", n, "files", files, "messages", msgs,
			 "removed", gone);
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

static void format_job_release(struct format_job *j)
{
	if (j->patches)
		g_ptr_array_unref(j->patches);
	if (j->notes)
		g_ptr_array_unref(j->notes);
	g_free(j->sender);
	g_free(j->cover_subject);
	g_free(j->cover_body);
	g_free(j->below_cut);
	series_free(j->s);
}

/* The recipients as the state holds them, checked as series edit checks
 * them (a state written before that check, or fetched): -1, else the exit
 * code (it said why). */
static int check_recipients(const struct series *s)
{
	GError *e = NULL;
	int rc;

	if (series_check_addresses("To", (const char *const *)s->to, &e) &&
	    series_check_addresses("Cc", (const char *const *)s->cc, &e))
		return -1;
	rc = failf(QUILL_ERROR_INPUT, "series %s: %s (set the list anew with 'quill series edit')",
		   s->name, e->message);
	g_error_free(e);
	return rc;
}

/* Read what the mails of version `version` (0: the working one) of series
 * `name` are made of into j: -1, else the exit code (it said why). */
static int format_load(struct format_job *j, struct ctx *ctx, const char *name, int version,
		       gboolean force_cover)
{
	GError *e = NULL;
	git_oid base, tip;
	int rc;

	j->repo = ctx->repo;
	if (!open_series(&j->s, ctx, name, &e))
		return fail(e);
	if ((rc = check_recipients(j->s)) >= 0)
		return rc;
	j->n = version ? version : j->s->version;
	if (j->n < 1 || j->n > j->s->version) {
		char *has = series_versions_phrase(j->s, TRUE);
		rc = usage_error(ctx, "series %s has %s", j->s->name, has);
		g_free(has);
		return rc;
	}
	j->working = j->n == j->s->version;
	j->frozen = j->working ? NULL : series_get_version(j->s, j->n);
	if (!series_load_patches(&j->patches, &base, &tip, ctx->repo, j->s, j->working ? 0 : j->n,
				 COMMIT_WANT_DIFF | COMMIT_WANT_STAT, &e))
		return fail(e);
	if (j->patches->len == 0)
		return failf(QUILL_ERROR_NEGATIVE, "series %s v%d has no patches: branch %s holds "
			     "nothing on top of its base", j->s->name, j->n, j->s->branch);
	git_oid_tostr(j->base, sizeof j->base, &base);
	git_oid_tostr(j->tip, sizeof j->tip, &tip);
	if (!(j->sender = ident_sender(ctx->repo, &e)) ||
	    !prepare_cover(j, ctx, force_cover || j->patches->len > 1, &base, &tip, &e) ||
	    !(j->notes = cover_patch_notes(ctx->repo, j->s, j->n, j->patches, warn_print, NULL, &e)))
		return fail(e);
	if ((j->cover_subject && strstr(j->cover_subject, "EDITME")) ||
	    (j->cover_body && strstr(j->cover_body, "EDITME")) ||
	    (j->below_cut && strstr(j->below_cut, "EDITME")))
		warn("the cover of v%d still has EDITME lines (quill series edit-cover)", j->n);
	return -1;
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
	struct format_job j = { 0 };
	GPtrArray *mails = g_ptr_array_new_with_free_func(mail_free);
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
	if (!base_time(&when)) {
		rc = usage_error(ctx, "SOURCE_DATE_EPOCH is not a number of seconds");
		goto out;
	}
	if ((rc = format_load(&j, ctx, argc > 1 ? argv[1] : NULL, version, force_cover)) >= 0)
		goto out;
	if (j.frozen)	/* made as recorded: the same bytes at every run */
		when = frozen_time(&j);
	build_mails(mails, &j, when, dir);
	if (dir && !write_mails(mails, dir, j.s->name, removed, &e)) {
		rc = fail(e);
		goto out;
	}
	if (!dir && !ctx->json)	/* the mbox itself is the output */
		for (guint i = 0; i < mails->len; i++)
			fputs(((struct mail *)g_ptr_array_index(mails, i))->text, stdout);
	else
		emit(ctx, format_json(mails, j.n, dir, removed), files_view);
	rc = 0;
out:
	g_ptr_array_unref(mails);
	g_ptr_array_unref(removed);
	format_job_release(&j);
	g_free(dir);
	return rc;
}
