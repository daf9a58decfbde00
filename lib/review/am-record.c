/* am-record.c - the record series thanks keeps of a series quill mail am
 * wrote or applied (see am.h, series/thanks.h). */
#include "review/am.h"

#include <string.h>

#include <gmime/gmime.h>

#include "core/date.h"
#include "core/error.h"
#include "git/patchid.h"
#include "mail/mailinfo.h"
#include "mail/message.h"
#include "mail/subject.h"

/* The mailboxes of an address header as "Name <addr>" strings. */
static char **mailboxes(const struct message *m, const char *name)
{
	char *raw = message_get(m, name);
	GPtrArray *out = g_ptr_array_new();
	InternetAddressList *list = raw ? internet_address_list_parse(NULL, raw) : NULL;

	for (int i = 0; list && i < internet_address_list_length(list); i++) {
		InternetAddress *ia = internet_address_list_get_address(list, i);
		if (INTERNET_ADDRESS_IS_MAILBOX(ia))
			g_ptr_array_add(out, internet_address_to_string(ia, NULL, FALSE));
	}
	if (list)
		g_object_unref(list);
	g_free(raw);
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}

/* The decoded commit message of a mail, for quoting. */
static char *body_text(const struct source_mail *sm)
{
	struct mailinfo_options mo;
	struct mailinfo_result mr = { 0 };
	gsize hl = sm->m->body < sm->m->len ? sm->m->body : sm->m->len;
	GString *all = g_string_new_len(sm->m->data, hl);
	char *q = NULL;

	g_string_append_len(all, sm->body, sm->body_len);
	mailinfo_options_init(&mo);
	if (mailinfo_split(all->str, all->len, &mo, &mr, NULL)) {
		q = thanks_quote_lines(mr.msg->str);
		mailinfo_result_clear(&mr);
	}
	g_string_free(all, TRUE);
	if (q && !*q)
		g_clear_pointer(&q, g_free);
	return q;
}

/* The headers of the mail the series is answered at. */
static void take_headers(struct thanks_series *t, const struct source_mail *sm)
{
	gint64 when = message_date(sm->m);

	thanks_series_clear_headers(t);
	t->msgid = g_strdup(sm->msgid);
	t->subject = message_get_decoded(sm->m, "Subject");
	t->from = message_get_decoded(sm->m, "From");
	t->to = mailboxes(sm->m, "To");
	t->cc = mailboxes(sm->m, "Cc");
	t->date = when ? date_iso(when) : NULL;
	t->quote = body_text(sm);
}

gboolean am_thanks_record(struct source *src, const struct am_result *r,
			  struct thanks_series **out, GError **error)
{
	struct thanks_series *t = thanks_series_new();
	const struct am_patch *first = r->patches->len ? r->patches->pdata[0] : NULL;
	gboolean cover = FALSE;
	struct source_mail sm;
	GError *e = NULL;

	t->version = r->version;
	while (source_next(src, &sm, &e)) {
		char *subj = message_get_decoded(sm.m, "Subject");
		struct subject sub;

		subject_parse(&sub, subj ? subj : "", -1);
		if (!cover && sub.is_patch && !sub.reply && !sub.forward &&
		    sub.version == r->version && sub.index == 0 && sub.total) {
			take_headers(t, &sm);
			cover = TRUE;
		} else if (!cover && !t->msgid && first && first->msgid &&
			   !strcmp(sm.msgid, first->msgid)) {
			take_headers(t, &sm);
		}
		subject_clear(&sub);
		g_free(subj);
	}
	if (e || !t->msgid) {
		if (e)
			g_propagate_error(error, e);
		else
			qerr(error, QUILL_ERROR_INPUT, "the posted series is not in the input");
		thanks_series_free(t);
		return FALSE;
	}
	for (guint i = 0; i < r->patches->len; i++) {
		const struct am_patch *p = r->patches->pdata[i];
		struct thanks_patch *tp = g_new0(struct thanks_patch, 1);
		char pid[41];

		tp->patch = p->patch;
		tp->subject = g_strdup(p->subject);
		tp->msgid = g_strdup(p->msgid);
		if (p->mail && patchid_stable(p->mail, strlen(p->mail), pid))
			tp->patch_id = g_strdup(pid);
		g_ptr_array_add(t->patches, tp);
	}
	*out = t;
	return TRUE;
}
