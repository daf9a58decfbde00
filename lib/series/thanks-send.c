/* thanks-send.c - sending the thank-you mails (see thanks-send.h). */
#include "series/thanks-send.h"

#include <string.h>

#include "core/error.h"
#include "mail/wire.h"
#include "net/smtp.h"

struct thanks_sender {
	struct smtp_config cfg;
	struct smtp_session *ss;
};

gboolean thanks_sender_open(struct thanks_sender **out, git_repository *repo, char **server,
			    GError **error)
{
	struct thanks_sender *s = g_new0(struct thanks_sender, 1);

	*out = NULL;
	if (!smtp_config_load(&s->cfg, repo, error)) {
		g_free(s);
		return FALSE;
	}
	s->ss = smtp_open(&s->cfg);
	if (server)
		*server = smtp_config_describe(&s->cfg);
	*out = s;
	return TRUE;
}

gboolean thanks_sender_send(struct thanks_sender *s, const char *text, const char *name,
			    GError **error)
{
	gsize len = strlen(text), wlen = 0;
	char **rcpts;
	char *wire;
	enum smtp_outcome oc;
	GError *e = NULL;

	if (!wire_check(text, len, name, error))
		return FALSE;
	rcpts = wire_recipients(text, len);
	if (!rcpts || !rcpts[0]) {
		g_strfreev(rcpts);
		return qerr(error, QUILL_ERROR_INPUT, "%s: nobody to send it to", name);
	}
	wire = wire_bytes(text, len, &wlen);
	oc = smtp_send(s->ss, (const char *const *)rcpts, wire, wlen, NULL, NULL, NULL, &e);
	g_free(wire);
	g_strfreev(rcpts);
	if (oc == SMTP_SENT)
		return TRUE;
	if (oc == SMTP_IN_DOUBT) {
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: in doubt (the server may have it): %s", name,
		     e ? e->message : "no answer");
	} else {
		qerr(error, e ? qerr_class(e) : QUILL_ERROR_OUTSIDE, "%s: not sent: %s", name,
		     e ? e->message : "refused");
	}
	g_clear_error(&e);
	return FALSE;
}

void thanks_sender_close(struct thanks_sender *s)
{
	if (!s)
		return;
	smtp_close(s->ss);
	smtp_config_clear(&s->cfg);
	g_free(s);
}
