/* thanks-mail.c - the thank-you mail of a series that landed, written,
 * sent or shown, and the mark that it was thanked (see thanks.h). */
#include "series/thanks.h"

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "core/date.h"
#include "core/error.h"
#include "core/file.h"
#include "core/resource.h"
#include "core/template.h"
#include "git/ident.h"
#include "series/email.h"
#include "series/series.h"
#include "series/store.h"
#include "series/thanks-send.h"

#define TEMPLATE "templates/thanks.txt"

struct render {
	const struct thanks_series *t;
	const GPtrArray *commits;
	const char *branch, *me;
};

/* "> " before each line ("> " alone for a blank one: ">"). */
static char *quoted(const char *text)
{
	GString *out = g_string_new(NULL);
	char **lines = g_strsplit(text, "\n", -1);

	for (char **l = lines; *l; l++)
		g_string_append_printf(out, "%s%s%s", l == lines ? "" : "\n", **l ? "> " : ">", *l);
	g_strfreev(lines);
	return g_string_free(out, FALSE);
}

static char *applied_list(const struct render *r)
{
	GString *out = g_string_new(NULL);
	guint n = r->t->patches->len;

	for (guint k = 0; k < n; k++) {
		const struct thanks_patch *p = r->t->patches->pdata[k];
		const char *c = r->commits->pdata[k];

		if (!c)
			continue;
		g_string_append_printf(out, "%s[%d/%u] %s\n      commit: %.12s", out->len ? "\n" : "",
				       p->patch, n, p->subject ? p->subject : "", c);
	}
	return g_string_free(out, FALSE);
}

/* "" or "\nNote that patches 2 and 4 were not applied." */
static char *missing_sentence(const struct render *r)
{
	GPtrArray *nums = g_ptr_array_new_with_free_func(g_free);
	GString *out = g_string_new(NULL);

	for (guint k = 0; k < r->t->patches->len; k++)
		if (!r->commits->pdata[k])
			g_ptr_array_add(nums, g_strdup_printf(
				"%d", ((const struct thanks_patch *)r->t->patches->pdata[k])->patch));
	if (nums->len) {
		g_string_append_printf(out, "\nNote that patch%s ", nums->len > 1 ? "es" : "");
		for (guint i = 0; i < nums->len; i++)
			g_string_append_printf(out, "%s%s",
					       !i ? "" : i + 1 == nums->len ? " and " : ", ",
					       (char *)nums->pdata[i]);
		g_string_append_printf(out, " %s not applied.", nums->len > 1 ? "were" : "was");
	}
	g_ptr_array_unref(nums);
	return g_string_free(out, FALSE);
}

static char *name_of(const char *person)
{
	char *name = NULL, *email = NULL;

	if (!ident_split(person, &name, &email) || !name || !*name) {
		g_free(name);
		name = g_strdup(email ? email : person);
	}
	g_free(email);
	return name;
}

static char *lookup(const char *name, const char *arg, void *payload, GError **error)
{
	const struct render *r = payload;
	const struct thanks_series *t = r->t;

	if (!strcmp(name, "attribution")) {
		char *who = t->from ? g_strdup(t->from) : g_strdup("you");
		char *v = t->date ? g_strdup_printf("On %.10s, %s wrote:", t->date, who)
				  : g_strdup_printf("%s wrote:", who);
		g_free(who);
		return v;
	}
	if (!strcmp(name, "quote"))
		return t->quote ? quoted(t->quote) : g_strdup("");
	if (!strcmp(name, "subject"))
		return g_strdup(t->subject ? t->subject : "");
	if (!strcmp(name, "branch"))
		return g_strdup(r->branch);
	if (!strcmp(name, "applied"))
		return applied_list(r);
	if (!strcmp(name, "missing"))
		return missing_sentence(r);
	if (!strcmp(name, "signature"))
		return name_of(r->me);
	return NULL;
}

/* "<YYYYMMDDhhmmss>.quill-ty.<12 hex>@<domain>" (caller owns). */
static char *ty_msgid(const struct thanks_series *t, const char *me, gint64 when)
{
	GDateTime *dt = g_date_time_new_from_unix_utc(when);
	char *stamp = dt ? g_date_time_format(dt, "%Y%m%d%H%M%S") : g_strdup("0");
	char *seed = g_strdup_printf("%s\n%" G_GINT64_FORMAT, t->msgid, when);
	char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA256, seed, -1);
	char *name = NULL, *email = NULL, *id;
	const char *at;

	ident_split(me, &name, &email);
	at = email ? strrchr(email, '@') : NULL;
	id = g_strdup_printf("%s.quill-ty.%.12s@%s", stamp, sum, at && at[1] ? at + 1 : "localhost");
	g_free(name);
	g_free(email);
	g_free(sum);
	g_free(seed);
	g_free(stamp);
	if (dt)
		g_date_time_unref(dt);
	return id;
}

static gboolean same_addr(const char *a, const char *b)
{
	char *na = NULL, *ea = NULL, *nb = NULL, *eb = NULL;
	gboolean same = ident_split(a, &na, &ea) && ident_split(b, &nb, &eb) &&
			!g_ascii_strcasecmp(ea, eb);

	g_free(na);
	g_free(ea);
	g_free(nb);
	g_free(eb);
	return same;
}

/* The Cc: the series' To and Cc, without the To and the user, once each. */
static char **cc_list(const struct thanks_series *t, const char *to, const char *me)
{
	GPtrArray *out = g_ptr_array_new();
	char **lists[2] = { t->to, t->cc };

	for (int l = 0; l < 2; l++)
		for (char **p = lists[l]; p && *p; p++) {
			gboolean dup = same_addr(*p, to) || same_addr(*p, me);
			for (guint i = 0; i < out->len && !dup; i++)
				dup = same_addr(*p, out->pdata[i]);
			if (!dup && **p)
				g_ptr_array_add(out, g_strdup(*p));
		}
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}

/* The mail for d (d->text, d->msgid). */
static gboolean make_mail(struct thanks_done *d, const char *tmpl, const char *branch,
			  const char *me, gint64 when, GError **error)
{
	const struct thanks_series *t = d->series;
	struct render r = { t, d->commits, branch, me };
	struct email_opts eo = { 0 };
	char *body = template_render(tmpl, TEMPLATE, lookup, &r, error), *subject;
	char *to[2] = { t->from, NULL }, **cc;

	if (!body)
		return FALSE;
	d->msgid = ty_msgid(t, me, when);
	subject = g_ascii_strncasecmp(t->subject ? t->subject : "", "re:", 3)
			  ? g_strdup_printf("Re: %s", t->subject ? t->subject : "")
			  : g_strdup(t->subject);
	cc = cc_list(t, t->from, me);
	eo.sender = me;
	eo.msgid = d->msgid;
	eo.in_reply_to = t->msgid;
	eo.references = t->msgid;
	eo.date = when;
	eo.to = t->from && *t->from ? to : NULL;
	eo.cc = cc;
	d->text = email_cover(subject, body, &eo);
	g_strfreev(cc);
	g_free(subject);
	g_free(body);
	return TRUE;
}

/* The subject without its "[...]" prefix, as a file name: DIR/SLUG.thanks,
 * with -2, -3 ... when that exists (caller owns). */
static char *mail_path(const char *dir, const char *subject)
{
	const char *s = subject ? subject : "";
	char *slug, *path = NULL;

	if (*s == '[' && strchr(s, ']'))
		s = strchr(s, ']') + 1;
	slug = commit_subject_slug(s);
	if (strlen(slug) > 52)
		slug[52] = 0;
	for (int i = 1; !path || g_file_test(path, G_FILE_TEST_EXISTS); i++) {
		char *file = i == 1 ? g_strdup_printf("%s.thanks", *slug ? slug : "series")
				    : g_strdup_printf("%s-%d.thanks", *slug ? slug : "series", i);
		g_free(path);
		path = g_build_filename(dir, file, NULL);
		g_free(file);
	}
	g_free(slug);
	return path;
}

/* ---- marking ---- */

static gboolean mark_own(git_repository *repo, const struct thanks_done *d, const char *date,
			 GError **error)
{
	struct series *s = NULL;
	char *path, *text, *msg;
	gboolean ok;

	if (!series_load(&s, repo, d->series->series, error))
		return FALSE;
	path = g_strdup_printf("v%d/thanked", d->series->version);
	text = g_strdup_printf("msgid %s\ndate %s\n", d->msgid, date);
	msg = g_strdup_printf("thanks: v%d", d->series->version);
	state_set_string(s->state, path, text);
	ok = store_commit(repo, s->state, msg, NULL, 0, error);
	g_free(msg);
	g_free(text);
	g_free(path);
	series_free(s);
	return ok;
}

static gboolean mark_record(const struct thanks_done *d, const char *date, GError **error)
{
	const char *rec = d->series->record;
	char *dir = g_path_get_dirname(rec), *base = g_path_get_basename(rec);
	char *sentdir = g_build_filename(dir, "sent", NULL);
	char *target = g_build_filename(sentdir, base, NULL), *text;
	json_t *doc = thanks_record_json(d->series), *th = json_object();
	gboolean ok = FALSE;

	json_object_set_new(th, "msgid", json_string(d->msgid));
	json_object_set_new(th, "date", json_string(date));
	json_object_set_new(doc, "thanked", th);
	text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (g_mkdir_with_parents(sentdir, 0777) < 0)
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", sentdir, g_strerror(errno));
	else if (file_write_atomic(target, text, -1, error)) {
		ok = TRUE;
		if (g_unlink(rec) < 0 && errno != ENOENT)
			ok = qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", rec, g_strerror(errno));
	}
	free(text);
	json_decref(doc);
	g_free(target);
	g_free(sentdir);
	g_free(base);
	g_free(dir);
	return ok;
}

static gboolean mark(git_repository *repo, struct thanks_done *d, gint64 when, GError **error)
{
	char *date = date_iso(when);
	gboolean ok = d->series->series ? mark_own(repo, d, date, error)
					: mark_record(d, date, error);

	g_free(date);
	d->marked = ok;
	return ok;
}

/* ---- the run ---- */

static void done_free(gpointer p)
{
	struct thanks_done *d = p;

	thanks_series_free(d->series);
	if (d->commits)
		g_ptr_array_unref(d->commits);
	g_free(d->text);
	g_free(d->msgid);
	g_free(d->file);
	g_free(d);
}

void thanks_result_clear(struct thanks_result *r)
{
	if (r->done)
		g_ptr_array_unref(r->done);
	g_free(r->server);
	memset(r, 0, sizeof *r);
}

/* The branch the mails name: the range's tip as given, else HEAD's branch. */
static char *branch_name(git_repository *repo, const char *range)
{
	git_reference *head = NULL;
	const char *dots = range ? strstr(range, "..") : NULL;
	char *b;

	if (range && *range) {
		const char *tip = dots ? dots + (dots[2] == '.' ? 3 : 2) : range;
		if (*tip)
			return g_strdup(tip);
	}
	if (git_repository_head(&head, repo) < 0)
		return g_strdup("HEAD");
	b = g_strdup(git_reference_is_branch(head) ? git_reference_shorthand(head) : "HEAD");
	git_reference_free(head);
	return b;
}

/* The candidates that landed, each with its commits, into out->done. */
static gboolean landed(git_repository *repo, const struct thanks_opts *o,
		       struct thanks_result *out, GError **error)
{
	GPtrArray *cands = NULL, *found = NULL;

	if (!thanks_candidates(&cands, repo, o->name, o->warn, o->payload, error))
		return FALSE;
	if (!thanks_find(&found, repo, cands, o->range, error)) {
		g_ptr_array_unref(cands);
		return FALSE;
	}
	for (guint i = 0; i < cands->len; i++) {
		GPtrArray *c = found->pdata[i];
		guint applied = 0;

		for (guint k = 0; k < c->len; k++)
			applied += c->pdata[k] != NULL;
		if (!applied)
			continue;
		struct thanks_done *d = g_new0(struct thanks_done, 1);
		d->series = cands->pdata[i];
		cands->pdata[i] = NULL;
		d->commits = g_ptr_array_ref(c);
		d->applied = applied;
		g_ptr_array_add(out->done, d);
	}
	g_ptr_array_unref(found);
	g_ptr_array_unref(cands);
	return TRUE;
}

/* Write or send one mail. */
static gboolean deliver(struct thanks_done *d, const struct thanks_opts *o,
			struct thanks_sender **sender, struct thanks_result *out,
			git_repository *repo, GError **error)
{
	if (o->out_dir) {
		char *path = mail_path(o->out_dir, d->series->subject);
		gboolean ok = file_write_atomic(path, d->text, -1, error);

		if (ok)
			d->file = path;
		else
			g_free(path);
		return ok;
	}
	if (!*sender && !thanks_sender_open(sender, repo, &out->server, error))
		return FALSE;
	return (d->sent = thanks_sender_send(*sender, d->text, d->msgid, error));
}

gboolean thanks_run(git_repository *repo, const struct resources *res,
		    const struct thanks_opts *o, struct thanks_result *out, GError **error)
{
	struct thanks_sender *sender = NULL;
	char *tmpl = NULL, *me = NULL, *branch = NULL;
	gboolean ok = FALSE;

	memset(out, 0, sizeof *out);
	out->done = g_ptr_array_new_with_free_func(done_free);
	out->dry_run = o->dry_run;
	if (o->out_dir && !o->dry_run && g_mkdir_with_parents(o->out_dir, 0777) < 0)
		return qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", o->out_dir, g_strerror(errno));
	if (!landed(repo, o, out, error))
		return FALSE;
	if (!out->done->len)
		return TRUE;
	if (!(tmpl = resources_load_string(res, TEMPLATE, error)) ||
	    !(me = ident_sender(repo, error)))
		goto done;
	branch = branch_name(repo, o->range);
	ok = TRUE;
	for (guint i = 0; ok && i < out->done->len; i++)
		ok = make_mail(out->done->pdata[i], tmpl, branch, me, o->when, error);
	for (guint i = 0; ok && !o->dry_run && i < out->done->len; i++) {
		struct thanks_done *d = out->done->pdata[i];
		ok = deliver(d, o, &sender, out, repo, error) && mark(repo, d, o->when, error);
	}
done:
	thanks_sender_close(sender);
	g_free(branch);
	g_free(me);
	g_free(tmpl);
	return ok;
}

json_t *thanks_result_json(const struct thanks_result *r)
{
	json_t *doc = json_object(), *list = json_array();

	for (guint i = 0; r->done && i < r->done->len; i++) {
		const struct thanks_done *d = r->done->pdata[i];
		json_t *o = json_object(), *ap = json_array(), *mi = json_array();

		for (guint k = 0; k < d->commits->len; k++) {
			const struct thanks_patch *p = d->series->patches->pdata[k];
			const char *c = d->commits->pdata[k];
			if (c) {
				json_t *a = json_object();
				json_object_set_new(a, "patch", json_integer(p->patch));
				json_object_set_new(a, "commit", json_string(c));
				json_array_append_new(ap, a);
			} else {
				json_array_append_new(mi, json_integer(p->patch));
			}
		}
		json_object_set_new(o, "subject", json_string(d->series->subject ? d->series->subject : ""));
		json_object_set_new(o, "msgid", json_string(d->series->msgid));
		json_object_set_new(o, "series", d->series->series ? json_string(d->series->series)
								 : json_null());
		json_object_set_new(o, "applied", ap);
		json_object_set_new(o, "missing", mi);
		json_object_set_new(o, "mail", d->file ? json_string(d->file) : json_null());
		json_object_set_new(o, "sent", json_boolean(d->sent));
		json_object_set_new(o, "thanks_msgid", d->msgid ? json_string(d->msgid) : json_null());
		if (r->dry_run)
			json_object_set_new(o, "text", d->text ? json_string(d->text) : json_null());
		json_array_append_new(list, o);
	}
	json_object_set_new(doc, "series", list);
	return doc;
}
