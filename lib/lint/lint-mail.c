/* lint-mail.c - one patch mail as a lint input: the commit message git am
 * would make of it (lib/mailinfo), the author, the submitter and the
 * sender, and where each message line is in the file (see lint.h). */
#include "lint/lint-private.h"
#include "core/error.h"
#include "mail/mailinfo.h"
#include "mail/message.h"

#include <string.h>

static guint count_nl(const char *s, gsize n)
{
	guint c = 0;

	for (const char *p = s, *e = s + n; (p = memchr(p, '\n', (gsize)(e - p))); p++)
		c++;
	return c;
}

/* The value of "Key: value" in mailinfo's info block (caller owns), or NULL. */
static char *info_get(const GString *info, const char *key)
{
	gsize klen = strlen(key);

	for (const char *p = info->str; *p;) {
		const char *nl = strchr(p, '\n');
		gsize n = nl ? (gsize)(nl - p) : strlen(p);

		if (n > klen + 1 && !strncmp(p, key, klen) && p[klen] == ':' && p[klen + 1] == ' ')
			return g_strndup(p + klen + 2, n - klen - 2);
		if (!nl)
			break;
		p = nl + 1;
	}
	return NULL;
}

static gsize strip_cr(const char *s, gsize n)
{
	return n && s[n - 1] == '\r' ? n - 1 : n;
}

/* Where each line of out->message is in the file. */
static void map_lines(struct lint_mail *out, const char *data, gsize len,
		      const struct message *m, guint first_line)
{
	const char *msg = out->message;
	gsize mlen = strlen(msg), bpos = m->body;
	guint n = count_nl(msg, mlen) + (mlen && msg[mlen - 1] != '\n');
	guint body_line = first_line + count_nl(data, m->body), last;
	const struct message_field *subj = message_field(m, "Subject");
	guint i = 0;

	out->lines = g_new0(guint, n ? n : 1);
	out->lines[0] = subj ? first_line + count_nl(data, (gsize)(subj->name - data)) : first_line;
	if (n > 1)
		out->lines[1] = body_line > first_line ? body_line - 1 : first_line;
	last = body_line;
	for (const char *p = msg; i < n; i++) {
		const char *nl = strchr(p, '\n');
		gsize l = nl ? (gsize)(nl - p) : strlen(p);

		if (i >= 2) {
			/* the next raw line equal to it */
			gsize q = bpos;
			guint at = count_nl(data + m->body, bpos - m->body) + body_line;
			gboolean found = FALSE;

			while (q < len) {
				const char *rn = memchr(data + q, '\n', len - q);
				gsize rl = rn ? (gsize)(rn - data - q) : len - q;

				if (strip_cr(data + q, rl) == l && !memcmp(data + q, p, l)) {
					found = TRUE;
					bpos = rn ? (gsize)(rn - data) + 1 : len;
					break;
				}
				at++;
				q = rn ? (gsize)(rn - data) + 1 : len;
			}
			out->lines[i] = found ? at : last;
			if (found)
				last = at;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	out->in.lines = out->lines;
	out->in.nlines = n;
}

/* "From <40 or 64 hex> Mon Sep 17 00:00:00 2001": the line git
 * format-patch starts each patch with (a fixed date: it was never sent). */
static gboolean format_patch_line(const char *l, gsize n)
{
	static const char date[] = " Mon Sep 17 00:00:00 2001";
	gsize hex = 0;

	if (n < 5 || memcmp(l, "From ", 5))
		return FALSE;
	while (5 + hex < n && g_ascii_isxdigit(l[5 + hex]))
		hex++;
	return (hex == 40 || hex == 64) && n - 5 - hex == sizeof(date) - 1 &&
	       !memcmp(l + 5 + hex, date, sizeof(date) - 1);
}

/* "Name <addr>" of header `name` into *pname, *pemail (owned); FALSE when
 * there is none with an address. */
static gboolean header_person(const struct message *m, const char *name, char **pname,
			      char **pemail)
{
	char *v = message_get_decoded(m, name);
	GString *n, *e;

	if (!v)
		return FALSE;
	n = g_string_new(NULL);
	e = g_string_new(NULL);
	mailinfo_parse_from(v, n, e);
	g_free(v);
	if (!e->len) {
		g_string_free(n, TRUE);
		g_string_free(e, TRUE);
		return FALSE;
	}
	*pname = g_string_free(n, FALSE);
	*pemail = g_string_free(e, FALSE);
	return TRUE;
}

/* The sender: Sender:, else From: unless a format-patch file (lint.h). */
static void read_sender(struct lint_mail *out, const struct message *m, const char *data,
			gsize len, const char *from_line, gsize from_len)
{
	if (!from_line && len > 5 && !memcmp(data, "From ", 5)) {
		const char *nl = memchr(data, '\n', len);

		from_line = data;
		from_len = nl ? (gsize)(nl - data) : len;
		if (from_len && from_line[from_len - 1] == '\r')
			from_len--;
	}
	if (header_person(m, "Sender", &out->sender_name, &out->sender_email))
		return;
	if ((from_line && format_patch_line(from_line, from_len)) || !out->submitter_email)
		return;
	out->sender_name = g_strdup(out->submitter_name);
	out->sender_email = g_strdup(out->submitter_email);
}

gboolean lint_mail_read(struct lint_mail *out, const char *where, const char *data, gsize len,
			const char *from_line, gsize from_len, guint first_line, GError **error)
{
	struct mailinfo_options o;
	struct mailinfo_result r = { 0 };
	struct message *m;
	char *subject, *raw_subject;

	memset(out, 0, sizeof(*out));
	mailinfo_options_init(&o);
	o.quoted_cr = MAILINFO_QUOTED_CR_NOWARN;
	if (!mailinfo_split(data, len, &o, &r, error))
		return FALSE;
	m = message_parse(data, len);
	out->where = g_strdup(where);
	out->author_name = info_get(r.info, "Author");
	out->author_email = info_get(r.info, "Email");
	subject = info_get(r.info, "Subject");
	out->message = g_strdup_printf("%s\n\n%s", subject ? subject : "", r.msg->str);
	g_free(subject);
	header_person(m, "From", &out->submitter_name, &out->submitter_email);
	read_sender(out, m, data, len, from_line, from_len);
	out->msgid = message_msgid(m);
	raw_subject = message_get_decoded(m, "Subject");
	subject_parse(&out->subject, raw_subject ? raw_subject : "", -1);
	g_free(raw_subject);
	out->is_patch = out->subject.is_patch || r.patch->len > 0;
	out->is_cover = out->subject.total > 0 && out->subject.index == 0;
	out->is_reply = out->subject.reply;

	out->in.where = out->where;
	out->in.message = out->message;
	out->in.len = strlen(out->message);
	out->in.msgid = out->msgid;
	out->in.author_name = out->author_name;
	out->in.author_email = out->author_email && *out->author_email ? out->author_email : NULL;
	out->in.submitter_name = out->submitter_name;
	out->in.submitter_email = out->submitter_email;
	out->in.sender_name = out->sender_name;
	out->in.sender_email = out->sender_email;
	out->in.subject = &out->subject;
	map_lines(out, data, len, m, first_line);
	message_free(m);
	mailinfo_result_clear(&r);
	return TRUE;
}

void lint_mail_clear(struct lint_mail *m)
{
	g_free(m->where);
	g_free(m->message);
	g_free(m->msgid);
	g_free(m->author_name);
	g_free(m->author_email);
	g_free(m->submitter_name);
	g_free(m->submitter_email);
	g_free(m->sender_name);
	g_free(m->sender_email);
	g_free(m->lines);
	subject_clear(&m->subject);
	memset(m, 0, sizeof(*m));
}
