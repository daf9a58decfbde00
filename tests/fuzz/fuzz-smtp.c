/* fuzz-smtp.c - an SMTP reply (lib/net/smtp-reply) on any bytes: a
 * transcript of lines "S: ..." (the server's), "C: ..." (the client's) and
 * "@" (the message's content starts going out) fed as smtp.c feeds
 * libcurl's lines; the first byte says how the transfer ended (completed,
 * login refused, stopped by the caller).  The outcome is sent exactly when
 * the transfer completed, in doubt only after the content started, with
 * an error otherwise that is one line without control characters (a
 * hostile reply reaches no terminal raw), bad input only for a 5xx.
 *
 * Facts: outcome=sent|not-sent|in-doubt, error, code=N (the first
 * refusal's), auth=0/1. */
#include "fuzz.h"
#include "net/smtp-reply.h"

static void fuzz_smtp_init(void)
{
}

static int fuzz_smtp_one(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "sent", "not-sent", "in-doubt" };
	struct smtp_talk t = { 0 };
	struct smtp_end end = { .url = "smtp://127.0.0.1:2525", .user = "ada",
				.from_addr = "ada@example.org", .why = "the connection was lost" };
	const char *p, *stop;
	GError *e = NULL;
	enum smtp_outcome out;

	if (size < 1)
		return 0;
	end.completed = data[0] & 1;
	end.login_denied = data[0] & 2;
	end.refused_by_caller = data[0] & 4;
	if (data[0] & 8)	/* a second message over the same session */
		smtp_talk_lines(&t, TRUE, "235 2.7.0 ok\r\n", 14), smtp_talk_reset(&t);
	p = (const char *)data + 1;
	stop = (const char *)data + size;
	while (p < stop) {
		const char *nl = memchr(p, '\n', stop - p);
		gsize n = nl ? (gsize)(nl + 1 - p) : (gsize)(stop - p);

		if (n >= 3 && (p[0] == 'S' || p[0] == 'C') && p[1] == ':' && p[2] == ' ')
			smtp_talk_lines(&t, p[0] == 'S', p + 3, n - 3);
		else if (p[0] == '@')
			t.started = TRUE;
		p += n;
	}
	out = smtp_talk_outcome(&t, &end, &e);
	FUZZ_CHECK(out <= SMTP_IN_DOUBT);
	fuzz_fact_str("outcome", names[out]);
	fuzz_fact_error(e);
	FUZZ_CHECK((out == SMTP_SENT) == end.completed && (out == SMTP_SENT) == (e == NULL));
	FUZZ_CHECK(out != SMTP_IN_DOUBT || t.started);
	if (e) {
		FUZZ_CHECK(g_str_has_prefix(e->message, end.url));
		for (const unsigned char *c = (const unsigned char *)e->message; *c; c++)
			FUZZ_CHECK(*c >= 0x20 && *c != 0x7f);
		FUZZ_CHECK(qerr_class(e) != QUILL_ERROR_INPUT || t.no_code >= 500);
		g_error_free(e);
	}
	if (t.reply)
		FUZZ_CHECK(g_ascii_isdigit(t.reply[0]) && strncmp(t.reply, "334", 3));
	fuzz_fact_int("code", t.no_code);
	fuzz_fact_int("auth", t.auth_ok);
	smtp_talk_clear(&t);
	return 0;
}

FUZZ_ENTRY(smtp)
