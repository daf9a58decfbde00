/* fuzz-wire.c - lib/mail/wire: any bytes as a mail about to be sent.
 * wire_check must not crash and, when it refuses, say so in one line of
 * printable ASCII (nothing of a hostile header reaches a terminal raw);
 * wire_bytes must end every line with CRLF and nothing else; a mail the
 * check takes must still be taken as it goes on the wire, with the same
 * recipients, each a plain address, and a Message-ID.
 *
 * Facts: error=none|input, rcpts=N (the envelope recipients), msgid=0/1. */
#include "fuzz.h"
#include "mail/wire.h"

#include <gmime/gmime.h>

static void fuzz_wire_init(void)
{
	static gboolean done;

	if (!done)
		g_mime_init();
	done = TRUE;
}

/* Every CR is followed by LF and every LF comes after a CR. */
static void fuzz_wire_crlf(const char *b, gsize n)
{
	for (gsize i = 0; i < n; i++) {
		if (b[i] == '\r')
			FUZZ_CHECK(i + 1 < n && b[i + 1] == '\n');
		if (b[i] == '\n')
			FUZZ_CHECK(i > 0 && b[i - 1] == '\r');
	}
	FUZZ_CHECK(n == 0 || (n >= 2 && b[n - 2] == '\r' && b[n - 1] == '\n'));
}

static void fuzz_wire_same_rcpts(char **a, char **b)
{
	FUZZ_CHECK(g_strv_length(a) == g_strv_length(b));
	for (guint i = 0; a[i]; i++) {
		FUZZ_CHECK(!strcmp(a[i], b[i]));
		for (const char *p = a[i]; *p; p++)
			FUZZ_CHECK((unsigned char)*p > ' ' && (unsigned char)*p < 0x7f);
	}
}

static int fuzz_wire_one(const uint8_t *data, size_t size)
{
	const char *d = (const char *)data;
	GError *e = NULL;
	gboolean ok = wire_check(d, size, "mail", &e);
	char **rcpts = wire_recipients(d, size), *id = wire_message_id(d, size), *b;
	gsize n;

	fuzz_fact_error(e);
	FUZZ_CHECK(ok == (e == NULL));
	if (e) {
		FUZZ_CHECK(qerr_class(e) == QUILL_ERROR_INPUT);
		FUZZ_CHECK(g_str_has_prefix(e->message, "mail: "));
		for (const char *p = e->message; *p; p++)
			FUZZ_CHECK((unsigned char)*p >= ' ' && (unsigned char)*p < 0x7f);
		g_clear_error(&e);
	}
	FUZZ_CHECK(rcpts != NULL);
	fuzz_fact_int("rcpts", g_strv_length(rcpts));
	fuzz_fact_int("msgid", id != NULL);
	b = wire_bytes(d, size, &n);
	FUZZ_CHECK(b && n <= 2 * size + 2);
	fuzz_wire_crlf(b, n);
	if (ok) {
		char **again = wire_recipients(b, n), *id2 = wire_message_id(b, n);

		FUZZ_CHECK(id && strchr(id, '@'));
		FUZZ_CHECK(wire_check(b, n, "mail", NULL));
		fuzz_wire_same_rcpts(rcpts, again);
		FUZZ_CHECK(id2 && !strcmp(id, id2));
		g_strfreev(again);
		g_free(id2);
	}
	g_free(b);
	g_free(id);
	g_strfreev(rcpts);
	return 0;
}

FUZZ_ENTRY(wire)
