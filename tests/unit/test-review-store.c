/* test-review-store.c - lib/review/store: review_merge, vN/review.json
 * written and read back, review_store_find. */
#include "unit.h"
#include "core/error.h"
#include "review/review.h"
#include "review/store.h"
#include "series/series.h"

static struct review_item *item(const char *id, enum review_kind kind, int patch)
{
	struct review_item *it = review_item_new();

	it->id = g_strdup(id);
	it->kind = kind;
	it->author = g_strdup("Rev Iewer <rev@example.org>");
	it->msgid = g_strdup_printf("%s@example.org", id);
	it->version = 1;
	it->patch = patch;
	it->text = g_strdup("text");
	it->quoted = g_strdup("");
	return it;
}

static struct review_reply *reply(const char *msgid)
{
	struct review_reply *r = g_new0(struct review_reply, 1);

	r->msgid = g_strdup(msgid);
	r->from = g_strdup("Rev Iewer <rev@example.org>");
	r->version = 1;
	return r;
}

static void test_merge(void)
{
	struct review_version *old = review_version_new(1), *fresh = review_version_new(1);
	struct review_item *kept = item("aaaa00000001", REVIEW_QUESTION, 1), *got;

	kept->status = REVIEW_ADDRESSED;
	kept->note = g_strdup("done");
	g_ptr_array_add(old->items, kept);
	g_ptr_array_add(old->replies, reply("a@example.org"));
	g_ptr_array_add(fresh->items, item("aaaa00000001", REVIEW_QUESTION, 1));
	g_ptr_array_add(fresh->items, item("bbbb00000002", REVIEW_NAK, 2));
	g_ptr_array_add(fresh->replies, reply("a@example.org"));
	g_ptr_array_add(fresh->replies, reply("b@example.org"));

	is_int(review_merge(old, fresh), 1, "one new item");
	is_int(old->items->len, 2, "two items");
	is_int(old->replies->len, 2, "the reply already there is not added twice");
	got = g_ptr_array_index(old->items, 0);
	is_int(got->status, REVIEW_ADDRESSED, "an item already there keeps its status");
	is_str(got->note, "done", "and its note");
	got = g_ptr_array_index(old->items, 1);
	is_str(got->id, "bbbb00000002", "the new item is appended");
	is_int(got->status, REVIEW_OPEN, "open");
	is_int(review_merge(old, fresh), 0, "a second merge adds nothing");
	is_int(old->items->len, 2, "still two items");
	review_version_free(old);
	review_version_free(fresh);
}

static void test_store(void)
{
	struct series *s = series_blank("x");
	struct review_version *rv = review_version_new(1), *back = NULL;
	GError *e = NULL;
	int version = 0;
	guint index = 99;

	ok(review_store_read(s, 1, &back, &e) && back && back->items->len == 0,
	   "an absent review.json is an empty review");
	review_version_free(back);
	g_ptr_array_add(rv->items, item("aaaa00000001", REVIEW_QUESTION, 1));
	g_ptr_array_add(rv->items, item("aaab00000002", REVIEW_TRAILER, 0));
	g_ptr_array_add(rv->replies, reply("a@example.org"));
	review_store_set(s, rv);
	ok(review_store_read(s, 1, &back, &e), "read back");
	is_int(back ? back->items->len : 0, 2, "two items");
	is_int(back ? back->replies->len : 0, 1, "one reply");
	is_str(back ? ((struct review_reply *)g_ptr_array_index(back->replies, 0))->msgid : NULL,
	       "a@example.org", "the reply's msgid");
	review_version_free(back);

	ok(review_store_find(s, "AAAB", &version, &index, &e), "found by a prefix, any case");
	is_int(version, 1, "in v1");
	is_int(index, 1, "the second item");
	ok(!review_store_find(s, "aaa", &version, &index, &e) && qerr_class(e) == QUILL_ERROR_USAGE,
	   "three digits are too few");
	g_clear_error(&e);
	ok(!review_store_find(s, "aaaa1", &version, &index, &e) && e &&
	   g_str_has_prefix(e->message, "no review item"), "no match");
	g_clear_error(&e);
	ok(!review_store_find(s, "aab0", &version, &index, &e), "no match either");
	g_clear_error(&e);

	state_set_string(s->state, "v1/review.json", "{\"version\": 2}\n");
	ok(!review_store_read(s, 1, &back, &e) && qerr_class(e) == QUILL_ERROR_INPUT &&
	   strstr(e->message, "v1/review.json"), "a wrong version is bad input naming the file");
	g_clear_error(&e);
	review_version_free(rv);
	series_free(s);
}

int main(int argc, char **argv)
{
	unit_init(argc, argv);
	UNIT_CASE("merge")
		test_merge();
	UNIT_CASE("store")
		test_store();
	return done_testing();
}
