/* outgoing.c - the mails of one version of a series (outgoing.h): what
 * series format writes and series send sends, built in one place so the
 * two never differ. */
#include "series/outgoing.h"
#include "core/error.h"
#include "git/commit.h"
#include "git/ident.h"
#include "series/cover.h"
#include "series/email.h"

#include <errno.h>
#include <string.h>

static void mail_free(gpointer p)
{
	struct series_mail *m = p;

	g_free(m->text);
	g_free(m->subject);
	g_free(m->msgid);
	g_free(m->file_name);
	g_strfreev(m->to);
	g_strfreev(m->cc);
	g_free(m);
}

void series_outgoing_free(struct series_outgoing *og)
{
	if (!og)
		return;
	if (og->patches)
		g_ptr_array_unref(og->patches);
	if (og->mails)
		g_ptr_array_unref(og->mails);
	g_free(og->sender);
	g_free(og);
}

gboolean series_outgoing_time(gint64 *out)
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

/* What the mails are made of, while they are built. */
struct job {
	git_repository *repo;
	const struct series *s;
	const struct resources *res;
	const struct series_outgoing_opts *o;
	struct series_outgoing *og;
	const struct series_version *frozen;	/* version n when frozen, else NULL */
	char *cover_subject, *cover_body;	/* NULL when there is no cover mail */
	char *below_cut;			/* a one-patch series' cover text */
	GPtrArray *notes;			/* char* or NULL per patch: its tables */
};

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

/* Fill the cover (or, for one patch, the text below its "---"). */
static gboolean prepare_cover(struct job *j, gboolean want_cover, const git_oid *base,
			      const git_oid *tip, GError **error)
{
	struct cover_input in = { 0 };
	gboolean ok = TRUE;

	if (j->frozen) {
		char *subject, *body;
		cover_split(j->frozen->cover ? j->frozen->cover : "", &subject, &body);
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
	if (!cover_prepare_with(&in, j->repo, j->s, 0, j->res, j->og->patches, base, tip, error))
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
static gint64 frozen_time(const struct job *j)
{
	GDateTime *dt = j->frozen->date ? g_date_time_new_from_iso8601(j->frozen->date, NULL) : NULL;
	git_commit *tip = NULL;
	git_oid oid;
	gint64 t = 0;

	if (dt) {
		t = g_date_time_to_unix(dt);
		g_date_time_unref(dt);
	} else if (git_oid_fromstr(&oid, j->og->tip) == 0 &&
		   git_commit_lookup(&tip, j->repo, &oid) == 0) {
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
static char *mail_msgid(const struct job *j, int index, gboolean first, gint64 when,
			const char *seed)
{
	const struct series_version *v = j->frozen;
	const struct series_patch *p = v && index > 0 && (guint)index <= v->patches->len
					       ? g_ptr_array_index(v->patches, index - 1) : NULL;
	char *id;

	if (p && p->msgid)
		return g_strdup(p->msgid);
	if (v && v->cover_msgid) {
		if ((id = email_sibling_id(v->cover_msgid, j->og->version, index)))
			return id;
		if (first)
			return g_strdup(v->cover_msgid);
	}
	return email_message_id(j->s->change_id, j->og->version, index, when, seed, j->og->sender);
}

/* The recipients of mail `index`: the ones given, else the series'. */
static void mail_rcpts(const struct job *j, int index, struct series_mail *m,
		       struct email_opts *eo)
{
	const struct series_outgoing_opts *o = j->o;

	if (o->rcpts && (guint)index < o->n_rcpts) {
		m->to = g_strdupv(o->rcpts[index].to);
		m->cc = g_strdupv(o->rcpts[index].cc);
	} else {
		m->to = g_strdupv(j->s->to);
		m->cc = g_strdupv(j->s->cc);
	}
	eo->to = m->to;
	eo->cc = m->cc;
}

static void build_cover(struct job *j, struct email_opts *eo, const char *cover_id, int total)
{
	struct series_mail *m = g_new0(struct series_mail, 1);
	char *prefix = series_subject_prefix(j->s, j->og->version, 0, total);

	m->index = 0;
	mail_rcpts(j, 0, m, eo);
	eo->subject_prefix = prefix;
	eo->msgid = cover_id;
	eo->in_reply_to = j->o->in_reply_to;
	eo->references = j->o->in_reply_to;
	eo->change_id = j->s->change_id;
	m->text = email_cover(j->cover_subject, j->cover_body, eo);
	m->subject = g_strdup_printf("%s %s", prefix, j->cover_subject);
	m->msgid = g_strdup(cover_id);
	m->file_name = email_file_name(0, j->cover_subject);
	g_ptr_array_add(j->og->mails, m);
	g_free(prefix);
}

static void build_patch(struct job *j, struct email_opts *eo, guint i, const char *cover_id,
			gint64 when, const char *seed)
{
	const struct commit_patch *p = g_ptr_array_index(j->og->patches, i);
	struct series_mail *m = g_new0(struct series_mail, 1);
	guint total = j->og->patches->len;
	gboolean cover = cover_id != NULL;
	char *prefix = series_subject_prefix(j->s, j->og->version, (int)i + 1,
					     cover || total > 1 ? (int)total : 0);
	char *footer = NULL, *refs = NULL, *below_note = NULL;
	const char *note = g_ptr_array_index(j->notes, i);
	/* a one-patch series without a cover answers what the cover would */
	const char *parent = cover ? cover_id : j->o->in_reply_to;

	m->index = (int)i + 1;
	mail_rcpts(j, m->index, m, eo);
	m->msgid = mail_msgid(j, (int)i + 1, !cover && i == 0, when, seed);
	eo->subject_prefix = prefix;
	eo->msgid = m->msgid;
	eo->in_reply_to = parent;
	eo->references = cover && j->o->in_reply_to
		? (refs = g_strdup_printf("%s %s", j->o->in_reply_to, cover_id)) : parent;
	eo->date = when + (gint64)i + 1;
	eo->change_id = cover ? NULL : j->s->change_id;
	eo->below_cut = cover ? NULL : j->below_cut;
	if (note) /* the patch's benchmark tables, after a one-patch cover text */
		eo->below_cut = below_note = eo->below_cut && *eo->below_cut
			? g_strdup_printf("%s\n\n%s", eo->below_cut, note) : g_strdup(note);
	if (!cover)
		footer = single_footer(j->repo, j->s, j->og->base);
	eo->footer = footer;
	m->text = email_patch(p, eo);
	m->subject = g_strdup_printf("%s %s", prefix, p->subject);
	m->file_name = email_file_name((int)i + 1, p->subject);
	g_ptr_array_add(j->og->mails, m);
	g_free(below_note);
	g_free(refs);
	g_free(footer);
	g_free(prefix);
}

static void build_mails(struct job *j, gint64 when)
{
	guint total = j->og->patches->len;
	gboolean cover = j->cover_subject != NULL;
	char *seed = g_strdup_printf("%s %s %" G_GINT64_FORMAT, j->og->base, j->og->tip, when);
	char *cover_id = NULL, *sig = g_strdup_printf("quill %s", QUILL_VERSION);
	struct email_opts eo = { 0 };

	eo.sender = j->og->sender;
	eo.date = when;
	if (cover) {
		cover_id = mail_msgid(j, 0, TRUE, when, seed);
		build_cover(j, &eo, cover_id, (int)total);
	}
	eo.signature = sig;
	for (guint i = 0; i < total; i++)
		build_patch(j, &eo, i, cover_id, when, seed);
	g_free(sig);
	g_free(cover_id);
	g_free(seed);
}

static gboolean has_editme(const struct job *j)
{
	return (j->cover_subject && strstr(j->cover_subject, "EDITME")) ||
	       (j->cover_body && strstr(j->cover_body, "EDITME")) ||
	       (j->below_cut && strstr(j->below_cut, "EDITME"));
}

/* Read what the mails are made of into j. */
static gboolean load(struct job *j, GError **error)
{
	const struct series *s = j->s;
	struct series_outgoing *og = j->og;
	git_oid base, tip;
	int n = j->o->version ? j->o->version : s->version;

	GError *e = NULL;

	/* checked as series edit checks them (a state written before that
	 * check, or fetched) */
	if (!series_check_addresses("To", (const char *const *)s->to, &e) ||
	    !series_check_addresses("Cc", (const char *const *)s->cc, &e)) {
		qerr(error, QUILL_ERROR_INPUT, "series %s: %s (set the list anew with 'quill "
		     "series edit')", s->name, e->message);
		g_error_free(e);
		return FALSE;
	}
	if (n < 1 || n > s->version) {
		char *has = series_versions_phrase(s, TRUE);
		qerr(error, QUILL_ERROR_USAGE, "series %s has %s", s->name, has);
		g_free(has);
		return FALSE;
	}
	og->version = n;
	og->working = n == s->version;
	j->frozen = og->working ? NULL : series_get_version(s, n);
	if (!series_load_patches(&og->patches, &base, &tip, j->repo, s, og->working ? 0 : n,
				 COMMIT_WANT_DIFF | COMMIT_WANT_STAT, error))
		return FALSE;
	if (og->patches->len == 0)
		return qerr(error, QUILL_ERROR_NEGATIVE, "series %s v%d has no patches: branch %s "
			    "holds nothing on top of its base", s->name, n, s->branch);
	git_oid_tostr(og->base, sizeof og->base, &base);
	git_oid_tostr(og->tip, sizeof og->tip, &tip);
	return (og->sender = ident_sender(j->repo, error)) &&
	       prepare_cover(j, j->o->force_cover || og->patches->len > 1, &base, &tip, error) &&
	       (j->notes = cover_patch_notes(j->repo, s, n, og->patches, j->o->warn, j->o->payload,
					     error));
}

gboolean series_outgoing_build(struct series_outgoing **out, git_repository *repo,
			       const struct series *s, const struct resources *res,
			       const struct series_outgoing_opts *o, GError **error)
{
	struct job j = { .repo = repo, .s = s, .res = res, .o = o };
	gboolean ok;

	j.og = g_new0(struct series_outgoing, 1);
	j.og->mails = g_ptr_array_new_with_free_func(mail_free);
	ok = load(&j, error);
	if (ok) {
		j.og->has_editme = has_editme(&j);
		if (j.og->has_editme && o->warn)
			o->warn(o->payload, "the cover of v%d still has EDITME lines (quill series "
				"edit-cover)", j.og->version);
		build_mails(&j, j.frozen ? frozen_time(&j) : o->when);
	}
	if (j.notes)
		g_ptr_array_unref(j.notes);
	g_free(j.cover_subject);
	g_free(j.cover_body);
	g_free(j.below_cut);
	if (!ok) {
		series_outgoing_free(j.og);
		return FALSE;
	}
	*out = j.og;
	return TRUE;
}
