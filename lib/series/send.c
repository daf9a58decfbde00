/* send.c - series send: build or resume the outbox, check every mail, send
 * them one by one with each step committed, then freeze (send.h). */
#include "series/send-private.h"
#include "core/date.h"
#include "core/error.h"
#include "core/file.h"
#include "git/commit.h"
#include "mail/wire.h"
#include "net/smtp.h"
#include "series/freeze.h"
#include "series/recipients.h"

#include <string.h>

struct send_run {
	struct series *s;
	git_repository *repo;
	const struct resources *res;
	const struct series_send_opts *o;
	struct series_send_result *out;
	struct outbox *ob;
	gboolean record;		/* the outbox is committed as the mails go */
	struct smtp_config cfg;
	gboolean have_cfg;
	struct smtp_session *ss;
	struct send_mail *cur;		/* the mail being sent (before_data) */
	enum send_status cur_prev;	/* its status before this attempt */
	gboolean attempted;		/* the sending began (the result is worth a report) */
	GError *commit_error;		/* why before_data refused */
};

void series_send_result_clear(struct series_send_result *r)
{
	g_free(r->server);
	if (r->mails)
		g_ptr_array_unref(r->mails);
	memset(r, 0, sizeof *r);
}

/* ---- the mails of a first attempt ---- */

/* Who each mail goes to, for the patches of version `n` (0: working). */
static gboolean compute_rcpts(struct series_recipients **out, struct send_run *r, int n,
			      GError **error)
{
	const struct series_send_opts *o = r->o;
	struct recipients_opts ro = { 0 };
	GPtrArray *patches = NULL;
	gboolean ok;

	*out = NULL;
	if (!series_load_patches(&patches, NULL, NULL, r->repo, r->s, n, COMMIT_WANT_DIFF, error))
		return FALSE;
	if (patches->len == 0) {	/* series_outgoing_build says why */
		g_ptr_array_unref(patches);
		return TRUE;
	}
	ro.extra_to = o->extra_to;
	ro.extra_cc = o->extra_cc;
	ro.maintainers = TRUE;
	ro.warn = o->warn;
	ro.payload = o->payload;
	ok = series_recipients_compute(out, r->repo, r->s, r->res, patches, &ro, error);
	g_ptr_array_unref(patches);
	return ok;
}

static struct send_mail *mail_from_outgoing(const struct series_mail *sm)
{
	struct send_mail *m = g_new0(struct send_mail, 1);

	m->index = sm->index;
	m->msgid = g_strdup(sm->msgid);
	m->subject = g_strdup(sm->subject);
	m->to = sm->to ? g_strdupv(sm->to) : g_new0(char *, 1);
	m->cc = sm->cc ? g_strdupv(sm->cc) : g_new0(char *, 1);
	m->rcpts = wire_recipients(sm->text, strlen(sm->text));
	m->status = SEND_PENDING;
	return m;
}

/* Build the mails (version `n`, 0: the working one) into a new outbox,
 * through the gate when one is given. */
static gboolean build_outbox(struct send_run *r, int n, gboolean gate, GError **error)
{
	const struct series_send_opts *o = r->o;
	struct series_outgoing_opts oo = { 0 };
	struct series_recipients *rc = NULL;
	struct series_outgoing *og = NULL;
	gboolean ok = FALSE;

	if (!compute_rcpts(&rc, r, n, error))
		return FALSE;
	oo.version = n;
	oo.force_cover = o->force_cover;
	oo.when = o->when;
	oo.in_reply_to = o->in_reply_to;
	oo.rcpts = rc ? rc->mail : NULL;
	oo.n_rcpts = rc ? rc->n : 0;
	oo.warn = o->warn;
	oo.payload = o->payload;
	if (!series_outgoing_build(&og, r->repo, r->s, r->res, &oo, error))
		goto done;
	if (gate && o->gate && !o->gate(o->gate_payload, r->s, og, error))
		goto done;
	r->ob = outbox_new(og->version, o->when, og->base, og->tip);
	for (guint i = 0; i < og->mails->len; i++) {
		const struct series_mail *sm = g_ptr_array_index(og->mails, i);
		outbox_add(r->ob, mail_from_outgoing(sm), sm->text);
	}
	ok = TRUE;
done:
	series_outgoing_free(og);
	series_recipients_free(rc);
	return ok;
}

/* ---- checks ---- */

static char *mail_name(const struct send_mail *m, guint patches)
{
	return m->index ? g_strdup_printf("patch %d/%u", m->index, patches) : g_strdup("cover");
}

/* Every mail safe to send, and to someone, before the first goes. */
static gboolean check_mails(const struct outbox *ob, GError **error)
{
	guint patches = 0;

	for (guint i = 0; i < ob->mails->len; i++)
		if (((struct send_mail *)g_ptr_array_index(ob->mails, i))->index > 0)
			patches++;
	for (guint i = 0; i < ob->mails->len; i++) {
		const struct send_mail *m = g_ptr_array_index(ob->mails, i);
		const char *text = g_ptr_array_index(ob->texts, i);
		char *name = mail_name(m, patches);
		gboolean ok = wire_check(text, strlen(text), name, error);

		if (ok && (!m->rcpts || !m->rcpts[0]))
			ok = qerr(error, QUILL_ERROR_INPUT, "%s: no recipients (set some with 'quill "
				  "series edit --to' or give --to)", name);
		g_free(name);
		if (!ok)
			return FALSE;
	}
	return TRUE;
}

/* ---- sending ---- */

static gboolean before_data(void *payload)
{
	struct send_run *r = payload;
	char *msg;
	gboolean ok;

	r->cur->status = SEND_SENDING;
	msg = g_strdup_printf("send: v%d %s sending", r->ob->version, r->cur->msgid);
	ok = outbox_commit(r->ob, r->repo, r->s->state, FALSE, msg, &r->commit_error);
	g_free(msg);
	if (!ok)
		r->cur->status = r->cur_prev;
	return ok;
}

static char *now_iso(void)
{
	return date_iso(g_get_real_time() / G_USEC_PER_SEC);
}

/* After a refusal that came once the content was out: the mail is as it
 * was before (pending, or in doubt from an earlier attempt). */
static void undo_sending(struct send_run *r, struct send_mail *m)
{
	char *msg;

	if (!r->record || m->status == r->cur_prev)
		return;
	m->status = r->cur_prev;
	msg = g_strdup_printf("send: v%d %s refused", r->ob->version, m->msgid);
	outbox_commit(r->ob, r->repo, r->s->state, FALSE, msg, NULL);
	g_free(msg);
}

/* Send mail i.  FALSE (with the error) stops the run. */
static gboolean send_one(struct send_run *r, guint i, GError **error)
{
	struct send_mail *m = g_ptr_array_index(r->ob->mails, i);
	const char *text = g_ptr_array_index(r->ob->texts, i);
	const char *self[] = { r->cfg.from_addr, NULL };
	char *reply = NULL, *msg;
	GError *e = NULL;
	gsize len;
	char *wire = wire_bytes(text, strlen(text), &len);
	enum smtp_outcome oc;

	r->cur = m;
	r->cur_prev = m->status;
	oc = smtp_send(r->ss, r->o->reflect ? self : (const char *const *)m->rcpts, wire, len,
		       r->record ? before_data : NULL, r, &reply, &e);
	g_free(wire);
	if (oc == SMTP_SENT) {
		g_clear_error(&e);
		m->status = SEND_SENT;
		m->now = TRUE;
		m->in_doubt = FALSE;
		g_free(m->time);
		m->time = now_iso();
		g_free(m->reply);
		m->reply = reply;
		if (!r->record)
			return TRUE;
		msg = g_strdup_printf("send: v%d %s sent", r->ob->version, m->msgid);
		gboolean ok = outbox_commit(r->ob, r->repo, r->s->state, FALSE, msg, error);
		g_free(msg);
		return ok;
	}
	g_free(reply);
	if (oc == SMTP_IN_DOUBT) {
		m->in_doubt = TRUE;
		if (r->o->warn)
			r->o->warn(r->o->payload, "%s is in doubt: %s", m->msgid,
				   e ? e->message : "no answer");
		g_clear_error(&e);
		smtp_close(r->ss);	/* the connection is gone: a new one for the rest */
		r->ss = smtp_open(&r->cfg);
		return TRUE;
	}
	if (r->commit_error) {
		g_clear_error(&e);
		g_propagate_error(error, r->commit_error);
		r->commit_error = NULL;
		return FALSE;
	}
	undo_sending(r, m);
	if (!e)
		qerr(&e, QUILL_ERROR_OUTSIDE, "%s: not sent", m->msgid);
	g_propagate_error(error, e);
	return FALSE;
}

/* Whether the run sends mail m: pending ones, and in-doubt ones when
 * asked; a resend or a reflection sends all. */
static gboolean wanted(const struct send_run *r, struct send_mail *m)
{
	if (!r->record)
		return TRUE;
	if (m->status == SEND_SENDING && !r->o->resend_in_doubt) {
		m->in_doubt = TRUE;
		return FALSE;
	}
	return m->status != SEND_SENT;
}

static gboolean send_all(struct send_run *r, GError **error)
{
	guint n = r->ob->mails->len;

	r->ss = smtp_open(&r->cfg);
	r->attempted = TRUE;
	for (guint i = 0; i < n; i++) {
		struct send_mail *m = g_ptr_array_index(r->ob->mails, i);

		if (!wanted(r, m))
			continue;
		if (!send_one(r, i, error))
			return FALSE;
		if (r->o->progress)
			r->o->progress(r->o->payload, m, i, n);
	}
	return TRUE;
}

/* ---- freezing ---- */

static gboolean freeze_sent(struct send_run *r, GError **error)
{
	const struct send_mail *first = g_ptr_array_index(r->ob->mails, 0);
	GPtrArray *ids = g_ptr_array_new();
	struct series_freeze_next_opts fo = { 0 };
	struct series_freeze_result fr = { 0 };
	git_oid base, tip;
	gboolean ok;

	if (r->ob->base[0]) {
		/* what is frozen is what was sent, wherever the branch is now */
		if (git_oid_fromstr(&base, r->ob->base) < 0 || git_oid_fromstr(&tip, r->ob->tip) < 0)
			return qerr(error, QUILL_ERROR_INPUT, "v%d/outbox.json: a bad base or tip",
				    r->ob->version);
		fo.base = &base;
		fo.tip = &tip;
	} else if (!series_working_range(&base, &tip, r->repo, r->s, error)) {
		return FALSE;
	} else if (g_strcmp0(git_oid_tostr_s(&tip), r->ob->tip))
		return qerr(error, QUILL_ERROR_NEGATIVE,
			    "v%d is sent, but branch %s moved since its mails were made from %.12s: "
			    "not frozen (put the branch back there and run 'quill series send' "
			    "again to freeze it)", r->ob->version, r->s->branch, r->ob->tip);
	for (guint i = 0; i < r->ob->mails->len; i++) {
		const struct send_mail *m = g_ptr_array_index(r->ob->mails, i);
		if (m->index > 0)
			g_ptr_array_add(ids, m->msgid);
	}
	g_ptr_array_add(ids, NULL);
	fo.cover_msgid = first->msgid;
	fo.patch_msgids = (const char *const *)ids->pdata;
	fo.date = r->ob->started;
	fo.warn = r->o->warn;
	fo.payload = r->o->payload;
	if (r->o->before_freeze)
		r->o->before_freeze(r->o->freeze_payload, r->s);
	ok = series_freeze_next(r->s, r->repo, r->res, &fo, &fr, error);
	if (ok)
		r->out->frozen = fr.version;
	if (ok && r->o->after_freeze)
		r->o->after_freeze(r->o->freeze_payload, r->s);
	series_freeze_result_clear(&fr);
	g_ptr_array_unref(ids);
	return ok;
}

/* ---- the run ---- */

static void fill_result(struct send_run *r)
{
	struct series_send_result *out = r->out;

	if (!r->ob)
		return;
	if (out->mails)
		g_ptr_array_unref(out->mails);
	out->mails = g_ptr_array_new_with_free_func((GDestroyNotify)send_mail_free);
	out->sent = out->already = out->in_doubt = out->pending = 0;
	for (guint i = 0; i < r->ob->mails->len; i++) {
		struct send_mail *m = g_ptr_array_index(r->ob->mails, i);

		if (m->status == SEND_SENDING && !m->now)
			m->in_doubt = TRUE;
		g_ptr_array_add(out->mails, send_mail_copy(m));
		if (m->now)
			out->sent++;
		else if (m->status == SEND_SENT)
			out->already++;
		else if (m->in_doubt)
			out->in_doubt++;
		else
			out->pending++;
	}
}

/* No mail of the outbox went out, nor may have: all pending. */
static gboolean outbox_untouched(const struct outbox *ob)
{
	for (guint i = 0; i < ob->mails->len; i++)
		if (((struct send_mail *)g_ptr_array_index(ob->mails, i))->status != SEND_PENDING)
			return FALSE;
	return TRUE;
}

/* The outbox of this run: the earlier attempt's, unless none of its mails
 * went out, else built now. */
static gboolean open_outbox(struct send_run *r, int n, GError **error)
{
	const struct series_send_opts *o = r->o;

	if (!outbox_read(&r->ob, r->s->state, n, error))
		return FALSE;
	if (r->ob && o->resend <= 0 && outbox_untouched(r->ob)) {
		/* nothing of it went out: made anew, from the branch as it is now */
		outbox_free(r->ob);
		r->ob = NULL;
	}
	if (r->ob) {
		r->out->resumed = TRUE;
		if ((o->extra_to || o->extra_cc || o->in_reply_to) && o->warn)
			o->warn(o->payload, "the send of v%d was begun before: its mails go as they "
				"were made (--to, --cc and --in-reply-to are not applied)", n);
		return TRUE;
	}
	return build_outbox(r, o->resend > 0 ? n : 0, o->resend <= 0, error);
}

static gboolean write_mbox(const struct outbox *ob, const char *path, GError **error)
{
	GString *all = g_string_new(NULL);
	gboolean ok;

	for (guint i = 0; i < ob->texts->len; i++)
		g_string_append(all, g_ptr_array_index(ob->texts, i));
	ok = file_write_atomic(path, all->str, (gssize)all->len, error);
	g_string_free(all, TRUE);
	return ok;
}

/* The server, loaded; for a dry run only described when there is one. */
static gboolean load_server(struct send_run *r, GError **error)
{
	GError *e = NULL;

	if (!smtp_config_load(&r->cfg, r->repo, r->o->dry_run ? &e : error)) {
		if (e && r->o->warn)
			r->o->warn(r->o->payload, "no server to send to: %s", e->message);
		g_clear_error(&e);
		return r->o->dry_run;
	}
	r->have_cfg = TRUE;
	r->out->server = smtp_config_describe(&r->cfg);
	return TRUE;
}

static gboolean run(struct send_run *r, GError **error)
{
	const struct series_send_opts *o = r->o;
	int n = o->resend > 0 ? o->resend : r->s->version;
	char *msg;

	if (o->resend > 0 && !series_get_version(r->s, n))
		return qerr(error, QUILL_ERROR_USAGE, "series %s has no frozen version %d to resend",
			    r->s->name, n);
	r->out->version = n;
	if (!open_outbox(r, n, error) || !check_mails(r->ob, error))
		return FALSE;
	if (o->to_mbox) {
		r->out->server = g_strdup_printf("mbox %s", o->to_mbox);
		return write_mbox(r->ob, o->to_mbox, error);
	}
	if (!load_server(r, error) || o->dry_run)
		return TRUE;
	if (r->record && !r->out->resumed) {
		msg = g_strdup_printf("send: v%d: %u mails to send", n, r->ob->mails->len);
		gboolean ok = outbox_commit(r->ob, r->repo, r->s->state, TRUE, msg, error);
		g_free(msg);
		if (!ok)
			return FALSE;
	}
	if (!send_all(r, error))
		return FALSE;
	fill_result(r);
	if (!r->record)
		return TRUE;
	if (r->out->in_doubt)
		return qerr(error, QUILL_ERROR_NEGATIVE,
			    "v%d: %u mail%s in doubt (the server may have them: look, then send "
			    "again with --resend-in-doubt)", n, r->out->in_doubt,
			    r->out->in_doubt == 1 ? "" : "s");
	return r->out->pending ? TRUE : freeze_sent(r, error);
}

gboolean series_send(struct series *s, git_repository *repo, const struct resources *res,
		     const struct series_send_opts *o, struct series_send_result *out,
		     GError **error)
{
	struct send_run r = { 0 };
	gboolean ok;

	memset(out, 0, sizeof *out);
	r.s = s;
	r.repo = repo;
	r.res = res;
	r.o = o;
	r.out = out;
	r.record = !o->dry_run && !o->to_mbox && !o->reflect && o->resend <= 0;
	ok = run(&r, error);
	if (ok || r.attempted)
		fill_result(&r);
	if (r.ss)
		smtp_close(r.ss);
	if (r.have_cfg)
		smtp_config_clear(&r.cfg);
	g_clear_error(&r.commit_error);
	outbox_free(r.ob);
	return ok;
}
