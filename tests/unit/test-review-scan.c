/* test-review-scan.c - lib/review/scan: the each_mail hook sees every
 * message of the one pass, in input order, with what the source's
 * read-ahead prepared of it, and changes nothing the scan finds. */
#include "net/source.h"
#include "review/scan.h"
#include "unit.h"

#include <glib.h>

static const char mbox[] =
	"From x@y Mon Jan  1 00:00:00 2001\n"
	"Message-ID: <c@x>\nFrom: A <a@x>\nSubject: [PATCH 0/1] frob\n"
	"Date: Mon, 1 Dec 2025 10:00:00 +0000\n\nA frob.\n\n"
	"From x@y Mon Jan  1 00:00:00 2001\n"
	"Message-ID: <p@x>\nFrom: A <a@x>\nSubject: [PATCH 1/1] zone: frob\n"
	"In-Reply-To: <c@x>\nReferences: <c@x>\nDate: Mon, 1 Dec 2025 10:01:00 +0000\n\n"
	"Frob it.\n\nSigned-off-by: A <a@x>\n---\n"
	"diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n\n"
	"From x@y Mon Jan  1 00:00:00 2001\n"
	"Message-ID: <r@x>\nFrom: R <r@x>\nSubject: Re: [PATCH 1/1] zone: frob\n"
	"In-Reply-To: <p@x>\nReferences: <c@x> <p@x>\nDate: Mon, 1 Dec 2025 11:00:00 +0000\n\n"
	"> Frob it.\n\nAcked-by: R <r@x>\n\n"
	"From x@y Mon Jan  1 00:00:00 2001\n"
	"Subject: no id, on nothing\n\nstray\n";

/* What the read-ahead's prepare makes of a message: its Subject. */
static void *subject_of(const struct source_mail *m, void *payload)
{
	(void)payload;
	return message_get(m->m, "Subject");
}

struct seen {
	GString *log;
	gboolean prepared_ok;
};

static void each(void *payload, const struct source_mail *m)
{
	static const char *const subjects[] = { "[PATCH 0/1] frob", "[PATCH 1/1] zone: frob",
						"Re: [PATCH 1/1] zone: frob", "no id, on nothing" };
	struct seen *s = payload;

	g_string_append_printf(s->log, "%u %s %s|", m->position, m->msgid,
			       m->in_reply_to ? m->in_reply_to : "-");
	if (m->position < 1 || m->position > G_N_ELEMENTS(subjects) ||
	    g_strcmp0(m->prepared, subjects[m->position - 1]))
		s->prepared_ok = FALSE;
}

/* Scan the mbox (read ahead with `prepare` or not), with the hook or
 * without; the result's shape as one line. */
static char *scan(gboolean hooked, gboolean ahead, struct seen *s)
{
	GBytes *bytes = g_bytes_new_static(mbox, sizeof mbox - 1);
	struct source *src = source_new(NULL, NULL);
	struct review_scan_opts o = { .each_mail = hooked ? each : NULL, .mail_payload = s };
	struct review_result *r = NULL;
	GError *e = NULL;
	char *shape;

	source_add_bytes(src, "test", bytes);
	g_bytes_unref(bytes);
	if (ahead)
		source_read_ahead(src, subject_of, g_free, NULL);
	if (!review_scan(src, &o, &r, &e)) {
		source_free(src);
		g_clear_error(&e);
		return g_strdup("failed");
	}
	shape = g_strdup_printf("%u messages, %u posted, %u replies, %u items, %u unthreaded",
				r->messages, r->posted->len, r->replies->len, r->items->len,
				r->unthreaded);
	review_result_free(r);
	source_free(src);
	return shape;
}

int main(void)
{
	const char *want_log = "1 c@x -|2 p@x c@x|3 r@x p@x|4 nomsgid.4@quill.invalid -|";
	struct seen s = { g_string_new(NULL), TRUE };
	char *plain = scan(FALSE, FALSE, NULL), *got;

	is_str(plain, "4 messages, 2 posted, 1 replies, 1 items, 1 unthreaded",
	       "the scan without the hook");
	got = scan(TRUE, TRUE, &s);
	is_str(got, plain, "with the hook, the scan finds the same");
	is_str(s.log->str, want_log, "the hook saw each message once, in input order");
	ok(s.prepared_ok, "with what the read-ahead prepared of each");
	g_free(got);

	g_string_truncate(s.log, 0);
	got = scan(TRUE, FALSE, &s);
	is_str(s.log->str, want_log, "without read-ahead too");
	is_str(got, plain, "and the same result");
	g_free(got);

	g_free(plain);
	g_string_free(s.log, TRUE);
	return done_testing();
}
