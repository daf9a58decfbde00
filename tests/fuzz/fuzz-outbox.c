/* fuzz-outbox.c - outbox_read (lib/series/send-outbox), v1/outbox.json of
 * an interrupted series send, on any bytes in an in-memory state (its
 * mails' files there for the first three entries): it reads, or refuses as
 * bad input naming the file; an outbox read has its mails each with a
 * Message-ID and a recipient, and written back (outbox_put) it reads again
 * the same.
 *
 * Facts: error, then mails=N, sent=N (of them). */
#include "fuzz.h"
#include "series/send-private.h"
#include "series/store.h"

static void fuzz_outbox_init(void)
{
}

static int fuzz_outbox_one(const uint8_t *data, size_t size)
{
	struct state *st = state_new("fuzz"), *st2;
	struct outbox *ob = NULL, *ob2 = NULL;
	GError *e = NULL;
	int sent = 0;

	state_set(st, "v1/outbox.json", data, size);
	state_set_string(st, "v1/outbox/0001.eml", "Subject: [PATCH 0/2] x\n\ncover\n");
	state_set_string(st, "v1/outbox/0002.eml", "Subject: [PATCH 1/2] x\n\none\n");
	state_set_string(st, "v1/outbox/0003.eml", "Subject: [PATCH 2/2] x\n\ntwo\n");
	if (!outbox_read(&ob, st, 1, &e)) {
		FUZZ_CHECK(e && qerr_class(e) == QUILL_ERROR_INPUT && !ob);
		FUZZ_CHECK(strstr(e->message, "v1/outbox.json") != NULL);
		fuzz_fact_error(e);
		g_error_free(e);
		state_free(st);
		return 0;
	}
	fuzz_fact_error(NULL);
	FUZZ_CHECK(ob != NULL);	/* the file is there */
	FUZZ_CHECK(ob->mails->len == ob->texts->len && ob->mails->len >= 1);
	for (guint i = 0; i < ob->mails->len; i++) {
		const struct send_mail *m = g_ptr_array_index(ob->mails, i);

		FUZZ_CHECK(m->msgid && m->rcpts && m->rcpts[0] && m->to && m->cc);
		sent += m->status == SEND_SENT;
	}
	fuzz_fact_int("mails", ob->mails->len);
	fuzz_fact_int("sent", sent);
	st2 = state_new("fuzz");
	outbox_put(ob, st2, TRUE);
	FUZZ_CHECK(outbox_read(&ob2, st2, 1, NULL) && ob2);
	FUZZ_CHECK(ob2->mails->len == ob->mails->len && ob2->when == ob->when);
	FUZZ_CHECK(!strcmp(ob2->tip, ob->tip));
	for (guint i = 0; i < ob->mails->len; i++) {
		const struct send_mail *a = g_ptr_array_index(ob->mails, i);
		const struct send_mail *b = g_ptr_array_index(ob2->mails, i);

		FUZZ_CHECK(!strcmp(a->msgid, b->msgid) && a->status == b->status);
		FUZZ_CHECK(a->index == b->index && g_strv_length(a->rcpts) == g_strv_length(b->rcpts));
		FUZZ_CHECK(!strcmp(g_ptr_array_index(ob->texts, i), g_ptr_array_index(ob2->texts, i)));
	}
	outbox_free(ob2);
	state_free(st2);
	outbox_free(ob);
	state_free(st);
	return 0;
}

FUZZ_ENTRY(outbox)
