/* smtp-reply.c - an SMTP conversation's lines and a message's outcome
 * (smtp-reply.h). */
#include "net/smtp-reply.h"
#include "core/error.h"
#include "core/text.h"

#include <stdlib.h>
#include <string.h>

void smtp_talk_reset(struct smtp_talk *t)
{
	gboolean auth_ok = t->auth_ok;

	smtp_talk_clear(t);
	memset(t, 0, sizeof *t);
	t->auth_ok = auth_ok;
}

void smtp_talk_clear(struct smtp_talk *t)
{
	g_clear_pointer(&t->rcpt, g_free);
	g_clear_pointer(&t->reply, g_free);
	g_clear_pointer(&t->no, g_free);
	g_clear_pointer(&t->no_rcpt, g_free);
}

static void client_line(struct smtp_talk *t, const char *p, gsize n)
{
	static const char *const verbs[] = { "EHLO", "HELO", "STARTTLS", "AUTH", "MAIL", "RCPT",
					     "DATA", "RSET", "QUIT", "NOOP", "VRFY" };
	const char *verb = "AUTH";	/* an unknown line: an AUTH continuation */

	for (guint i = 0; i < G_N_ELEMENTS(verbs); i++) {
		gsize k = strlen(verbs[i]);
		if (n >= k && !g_ascii_strncasecmp(p, verbs[i], k) &&
		    (n == k || p[k] == ' ' || p[k] == '\r' || p[k] == '\n'))
			verb = verbs[i];
	}
	g_strlcpy(t->verb, verb, sizeof t->verb);
	if (!strcmp(verb, "RCPT")) {
		const char *lt = memchr(p, '<', n), *gt = lt ? memchr(lt, '>', n - (lt - p)) : NULL;
		g_free(t->rcpt);
		t->rcpt = gt ? g_strndup(lt + 1, gt - lt - 1) : NULL;
	}
}

static void server_line(struct smtp_talk *t, const char *p, gsize n)
{
	while (n && (p[n - 1] == '\r' || p[n - 1] == '\n'))
		n--;
	if (n < 3 || !g_ascii_isdigit(p[0]))
		return;
	if (!strncmp(p, "334", 3))	/* an AUTH challenge: not kept */
		return;
	if (!strcmp(t->verb, "AUTH") && !strncmp(p, "235", 3))
		t->auth_ok = TRUE;
	g_free(t->reply);
	t->reply = g_strndup(p, n);
	t->reply_code = strtol(t->reply, NULL, 10);
	if (t->reply_code >= 400 && !t->no) {
		t->no = g_strdup(t->reply);
		t->no_code = t->reply_code;
		g_strlcpy(t->no_verb, t->verb, sizeof t->no_verb);
		t->no_rcpt = t->rcpt ? g_strdup(t->rcpt) : NULL;
		t->no_after_content = t->started;
	}
}

void smtp_talk_lines(struct smtp_talk *t, gboolean from_server, const char *data, gsize len)
{
	const char *p = data, *end = data + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		gsize n = nl ? (gsize)(nl - p + 1) : (gsize)(end - p);

		if (from_server)
			server_line(t, p, n);
		else
			client_line(t, p, n);
		p += n;
	}
}

/* Why a message did not go, before its content went out. */
static void refused_before(const struct smtp_talk *t, const struct smtp_end *e, GError **error)
{
	char *no = t->no ? text_escape(t->no) : NULL;
	char *rcpt = t->no_rcpt ? text_escape(t->no_rcpt) : g_strdup("?");
	enum quill_error_code cls = t->no_code >= 500 ? QUILL_ERROR_INPUT : QUILL_ERROR_OUTSIDE;

	if (e->refused_by_caller)
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: stopped before the message's content went out",
		     e->url);
	else if (e->login_denied)
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: login as %s refused: %s", e->url,
		     e->user ? e->user : "?", no ? no : e->why);
	else if (no && !strcmp(t->no_verb, "RCPT"))
		qerr(error, cls, "%s: recipient %s refused: %s", e->url, rcpt, no);
	else if (no && !strcmp(t->no_verb, "MAIL"))
		qerr(error, cls, "%s: sender %s refused: %s", e->url, e->from_addr, no);
	else if (no)
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", e->url, no);
	else
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", e->url, e->why);
	g_free(no);
	g_free(rcpt);
}

enum smtp_outcome smtp_talk_outcome(const struct smtp_talk *t, const struct smtp_end *e,
				    GError **error)
{
	char *no;

	if (e->completed)
		return SMTP_SENT;
	if (!t->started) {
		refused_before(t, e, error);
		return SMTP_NOT_SENT;
	}
	if (t->no && t->no_after_content) {
		/* a definite no to the content */
		no = text_escape(t->no);
		qerr(error, t->no_code >= 500 ? QUILL_ERROR_INPUT : QUILL_ERROR_OUTSIDE,
		     "%s: the message was refused: %s", e->url, no);
		g_free(no);
		return SMTP_NOT_SENT;
	}
	qerr(error, QUILL_ERROR_OUTSIDE,
	     "%s: no answer to the message's content (%s): the server may have it", e->url, e->why);
	return SMTP_IN_DOUBT;
}
