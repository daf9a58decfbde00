/* test-send-outbox.c - series send's outbox in the state: written and read
 * back the same; a damaged outbox.json (it may come from a fetch) refused
 * with QUILL_ERROR_INPUT naming it, never half read. */
#include "unit.h"

#include "core/error.h"
#include "series/send-private.h"
#include "series/store.h"

#define TIP "0123456789abcdef0123456789abcdef01234567"
#define BASE "89abcdef0123456789abcdef0123456789abcdef"

static struct send_mail *mail(int index, const char *msgid, enum send_status st)
{
	struct send_mail *m = g_new0(struct send_mail, 1);
	const char *rcpts[] = { "list@example.org", "rev@example.net", NULL };
	const char *to[] = { "List <list@example.org>", NULL };
	const char *cc[] = { "Rev Iewer <rev@example.net>", NULL };

	m->index = index;
	m->msgid = g_strdup(msgid);
	m->subject = g_strdup_printf("[PATCH %d/2] zone: step %d", index, index);
	m->rcpts = g_strdupv((char **)rcpts);
	m->to = g_strdupv((char **)to);
	m->cc = g_strdupv((char **)cc);
	m->status = st;
	if (st == SEND_SENT) {
		m->time = g_strdup("2025-12-01T12:00:05Z");
		m->reply = g_strdup("250 2.0.0 Ok: queued as 000001");
	}
	return m;
}

static struct outbox *sample(void)
{
	struct outbox *ob = outbox_new(3, 1764590400, BASE, TIP);

	outbox_add(ob, mail(0, "c0@example.org", SEND_SENT), "From x\nSubject: cover\n\nhi\n");
	outbox_add(ob, mail(1, "p1@example.org", SEND_SENDING), "From x\nSubject: one\n\n1\n");
	outbox_add(ob, mail(2, "p2@example.org", SEND_PENDING), "From x\nSubject: two\n\n2\n");
	return ob;
}

static void round_trip(void)
{
	struct state *st = state_new("zone");
	struct outbox *ob = sample(), *back = NULL;
	GError *e = NULL;

	outbox_put(ob, st, TRUE);
	ok(outbox_read(&back, st, 3, &e) && back, "an outbox written is read back");
	if (!back)
		goto out;
	is_int(back->mails->len, 3, "three mails");
	is_str(back->started, "2025-12-01T12:00:00Z", "the start from its base time");
	is_str(back->tip, TIP, "the tip");
	is_str(back->base, BASE, "the base");
	for (guint i = 0; i < 3; i++) {
		const struct send_mail *a = g_ptr_array_index(ob->mails, i);
		const struct send_mail *b = g_ptr_array_index(back->mails, i);

		is_int(b->index, a->index, "index");
		is_str(b->msgid, a->msgid, "msgid");
		is_int(b->status, a->status, "status");
		is_str(b->rcpts[1], a->rcpts[1], "envelope recipients");
		is_str(b->cc[0], a->cc[0], "cc as in the headers");
		is_str(g_ptr_array_index(back->texts, i), g_ptr_array_index(ob->texts, i),
		       "the mail's bytes");
	}
	is_str(((struct send_mail *)g_ptr_array_index(back->mails, 0))->reply,
	       "250 2.0.0 Ok: queued as 000001", "the server's answer");
	ok(!((struct send_mail *)g_ptr_array_index(back->mails, 2))->time, "no time when not sent");
out:
	outbox_free(back);
	outbox_free(ob);
	state_free(st);
}

static void none_and_rewritten(void)
{
	struct state *st = state_new("zone");
	struct outbox *ob = sample(), *back = NULL;
	GError *e = NULL;

	ok(outbox_read(&back, st, 3, &e) && !back && !e, "no outbox: TRUE, none");
	outbox_put(ob, st, TRUE);
	g_ptr_array_remove_index(ob->mails, 2);
	g_ptr_array_remove_index(ob->texts, 2);
	outbox_put(ob, st, TRUE);
	ok(!state_get(st, "v3/outbox/0003.eml"), "a mail file of an earlier outbox is removed");
	ok(state_get(st, "v3/outbox/0002.eml") != NULL, "the others are there");
	outbox_free(ob);
	state_free(st);
}

static void damaged(const char *what, const char *json, const char *name)
{
	struct state *st = state_new("zone");
	struct outbox *ob = sample(), *back = NULL;
	GError *e = NULL;
	gboolean r;

	outbox_put(ob, st, TRUE);
	if (json)
		state_set_string(st, "v3/outbox.json", json);
	else
		state_remove(st, what);
	r = outbox_read(&back, st, 3, &e);
	ok(!r && !back && qerr_class(e) == QUILL_ERROR_INPUT && strstr(e->message, "v3/outbox.json"),
	   name);
	g_clear_error(&e);
	outbox_free(ob);
	state_free(st);
}

static void reads(const char *json, const char *name)
{
	struct state *st = state_new("zone");
	struct outbox *ob = sample(), *back = NULL;
	GError *e = NULL;

	outbox_put(ob, st, TRUE);
	state_set_string(st, "v3/outbox.json", json);
	ok(outbox_read(&back, st, 3, &e) && back && back->mails->len == 1, name);
	g_clear_error(&e);
	outbox_free(back);
	outbox_free(ob);
	state_free(st);
}

#define MAIL(extra) "{\"index\":0, \"file\":\"0001.eml\", \"msgid\":\"c@x\", \"subject\":\"s\", " \
	"\"rcpts\":[\"a@example.org\"], \"to\":[], \"cc\":[], \"time\":null, \"reply\":null" extra "}"
#define BOX(mails) "{\"version\":3, \"started\":\"x\", \"when\":1, \"tip\":\"" TIP "\", " \
	"\"mails\":[" mails "]}"

int main(int argc, char **argv)
{
	unit_init(argc, argv);
	UNIT_CASE("round-trip")
		round_trip();
	UNIT_CASE("none")
		none_and_rewritten();
	UNIT_CASE("damaged") {
		damaged("", "{not json", "not JSON");
		damaged("", "[]", "not an object");
		reads(BOX(MAIL(", \"status\":\"sent\"")), "sanity: the shape below reads");
		damaged("", BOX(""), "no mails");
		damaged("", BOX(MAIL(", \"status\":\"gone\"")), "an unknown status");
		damaged("", BOX(MAIL("")), "no status");
		damaged("", "{\"version\":4, \"when\":1, \"tip\":\"" TIP "\", \"mails\":["
			MAIL(", \"status\":\"sent\"") "]}", "another version's");
		damaged("", "{\"version\":3, \"when\":1, \"tip\":\"abc\", \"mails\":["
			MAIL(", \"status\":\"sent\"") "]}", "a short tip");
		damaged("", "{\"version\":3, \"when\":1, \"base\":\"abc\", \"tip\":\"" TIP "\", "
			"\"mails\":[" MAIL(", \"status\":\"sent\"") "]}", "a short base");
		damaged("", BOX("{\"index\":0, \"msgid\":\"c@x\", \"rcpts\":[], \"to\":[], \"cc\":[], "
				"\"status\":\"sent\"}"), "nobody to send to");
		damaged("", BOX("{\"index\":\"0\", \"msgid\":\"c@x\", \"rcpts\":[\"a@b.org\"], "
				"\"to\":[], \"cc\":[], \"status\":\"sent\"}"), "an index that is a string");
		damaged("", BOX("{\"index\":0, \"msgid\":7, \"rcpts\":[\"a@b.org\"], \"to\":[], "
				"\"cc\":[], \"status\":\"sent\"}"), "a msgid that is a number");
		damaged("", BOX("{\"index\":0, \"msgid\":\"c@x\", \"rcpts\":[1], \"to\":[], "
				"\"cc\":[], \"status\":\"sent\"}"), "a recipient that is a number");
		damaged("v3/outbox/0002.eml", NULL, "a mail file missing");
	}
	return done_testing();
}
