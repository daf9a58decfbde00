/* mail-read.c - the mail commands' operands, read message by message. */
#include "mail-read.h"
#include "cmd.h"
#include "core/date.h"
#include "core/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct mail_read {
	GPtrArray *boxes;	/* struct mbox*, kept open for the spans */
	GPtrArray *held;	/* warnings about non-mail, until some mail is seen */
	guint mail;		/* messages that were mail, so far */
};

void mail_warn(void *payload, const char *fmt, ...)
{
	va_list ap;

	(void)payload;
	fputs("quill: warning: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

char *mail_header_text(const struct message *m, const char *name)
{
	char *v = message_get_decoded(m, name), *valid;

	if (!v || g_utf8_validate(v, -1, NULL))
		return v;
	valid = g_utf8_make_valid(v, -1);
	g_free(v);
	return valid;
}

char *mail_iso_date(gint64 t)
{
	return t ? date_iso(t) : NULL;
}

/* The ids of the first field `name` that has any (caller owns), or NULL. */
static GPtrArray *first_ids(const struct message *m, const char *name)
{
	const struct message_field *first = message_field(m, name);
	gsize n = strlen(name);

	if (!first)
		return NULL;
	/* from the first field of that name on (message_field finds it at once) */
	for (guint i = (guint)(first - &g_array_index(m->fields, struct message_field, 0));
	     i < m->fields->len; i++) {
		const struct message_field *f = &g_array_index(m->fields, struct message_field, i);
		GPtrArray *ids;

		if (f != first && (f->name_len != n || g_ascii_strncasecmp(f->name, name, n)))
			continue;
		ids = message_parse_ids(f->value, f->value_len);
		if (ids->len)
			return ids;
		g_ptr_array_unref(ids);
	}
	return NULL;
}

/* Whether a header block looks like mail: it has one of the fields every
 * mail has some of. */
static gboolean is_mail(const struct message *m)
{
	if (m->known[MESSAGE_F_FROM] >= 0 || m->known[MESSAGE_F_SUBJECT] >= 0 ||
	    m->known[MESSAGE_F_DATE] >= 0 || m->known[MESSAGE_F_MESSAGE_ID] >= 0)
		return TRUE;	/* the usual case, without a scan */
	static const char *const names[] = {
		"From", "Subject", "Date", "Message-ID", "To", "Received", "Return-Path",
		"In-Reply-To", "References", "MIME-Version", "Delivered-To", "Sender",
	};

	for (guint i = 0; i < m->fields->len; i++) {
		const struct message_field *f = &g_array_index(m->fields, struct message_field, i);
		for (gsize k = 0; k < G_N_ELEMENTS(names); k++)
			if (f->name_len == strlen(names[k]) &&
			    !g_ascii_strncasecmp(f->name, names[k], f->name_len))
				return TRUE;
	}
	return FALSE;
}

static char *where(const struct mbox_msg *raw, const char *name)
{
	const char *file = !strcmp(name, "-") ? "standard input" : raw->path ? raw->path : name;

	if (raw->from_line)	/* an mbox */
		return g_strdup_printf("%s: message %u (byte %" G_GUINT64_FORMAT ")", file, raw->index,
				       raw->offset);
	return g_strdup(file);
}

/* One message: checked, described, handed on (when it is mail). */
static void one(struct mail_read *r, const struct mbox_msg *raw, const char *name,
		    guint position, mail_item_fn fn, void *payload)
{
	struct message *m = message_parse(raw->data, raw->len);
	struct mail_item it = { 0 };
	GPtrArray *mid, *irt;
	GString *problems = NULL;
	char *synthetic = NULL, *w = NULL;

	if (!is_mail(m)) {
		w = where(raw, name);
		/* held back: if nothing turns out to be mail, one error says it */
		char *text = g_strdup_printf("%s: not a mail (no header fields), left out", w);
		if (r->mail)
			mail_warn(NULL, "%s", text);
		else
			g_ptr_array_add(r->held, g_strdup(text));
		g_free(text);
		message_free(m);
		g_free(w);
		return;
	}
	mid = first_ids(m, "Message-ID");
	irt = first_ids(m, "In-Reply-To");
	it.refs = first_ids(m, "References");
	if (!it.refs)
		it.refs = g_ptr_array_new_with_free_func(g_free);
	it.m = m;
	it.body = raw->data + m->body;
	it.body_len = raw->len - m->body;
	it.position = position;
	it.in_reply_to = irt ? g_ptr_array_index(irt, 0) : NULL;
	if (mid) {
		it.msgid = g_ptr_array_index(mid, 0);
	} else {
		it.msgid = synthetic = g_strdup_printf("nomsgid.%u@quill.invalid", position);
		problems = g_string_new(NULL);
		g_string_append_printf(problems, "no Message-ID (taken as <%s>)", synthetic);
	}
	if (m->truncated) {
		if (!problems)
			problems = g_string_new(NULL);
		g_string_append_printf(problems, "%sthe header block does not end (cut short?)",
				       problems->len ? "; " : "");
	}
	if (!r->mail++) {
		for (guint i = 0; i < r->held->len; i++)
			mail_warn(NULL, "%s", (char *)g_ptr_array_index(r->held, i));
		g_ptr_array_set_size(r->held, 0);
	}
	if (problems) {
		w = where(raw, name);
		mail_warn(NULL, "%s: %s", w, problems->str);
		g_string_free(problems, TRUE);
	}
	fn(&it, payload);
	if (mid)
		g_ptr_array_unref(mid);
	if (irt)
		g_ptr_array_unref(irt);
	g_ptr_array_unref(it.refs);
	g_free(synthetic);
	g_free(w);
	message_free(m);
}

int mail_read(struct mail_read **out, const char *cmd, char **paths, int n, mail_item_fn fn,
	      void *payload)
{
	struct mail_read *r = g_new0(struct mail_read, 1);
	guint position = 0;

	r->boxes = g_ptr_array_new_with_free_func((GDestroyNotify)mbox_close);
	r->held = g_ptr_array_new_with_free_func(g_free);
	*out = r;
	for (int i = 0; i < n; i++) {
		struct mbox *mb;
		GError *e = NULL;

		if (!mbox_open(&mb, paths[i], MBOX_RD, &e)) {
			int rc = qerr_exit_code(e);

			fprintf(stderr, "quill: %s: %s\n", cmd, e->message);
			g_error_free(e);
			return rc;
		}
		g_ptr_array_add(r->boxes, mb);
	}
	for (guint i = 0; i < r->boxes->len; i++) {
		struct mbox *mb = g_ptr_array_index(r->boxes, i);
		struct mbox_msg raw;
		GError *e = NULL;

		for (;;) {
			if (!mbox_next(mb, &raw, &e)) {
				if (!e)
					break;
				mail_warn(NULL, "%s", e->message);	/* a Maildir file: go on */
				g_clear_error(&e);
				position++;
				continue;
			}
			position++;
			one(r, &raw, mbox_name(mb), position, fn, payload);
		}
	}
	if (position && !r->mail) {
		GString *names = g_string_new(NULL);

		for (int i = 0; i < n; i++)
			g_string_append_printf(names, "%s%s", i ? ", " : "",
					       strcmp(paths[i], "-") ? paths[i] : "standard input");
		fprintf(stderr, "quill: %s: %s: no mail in %s\n", cmd, names->str,
			n == 1 ? "it" : "them");
		g_string_free(names, TRUE);
		return 3;
	}
	return 0;
}

void mail_read_close(struct mail_read *r)
{
	if (!r)
		return;
	g_ptr_array_unref(r->boxes);
	g_ptr_array_unref(r->held);
	g_free(r);
}
