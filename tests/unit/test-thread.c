/* test-thread.c - lib/thread: order, depth, placeholders and bad input. */
#include "mail/thread.h"
#include "unit.h"

#include <stdarg.h>

static int warnings;
static char last_warning[512];

static void count_warning(void *payload, const char *fmt, ...)
{
	va_list ap;

	(void)payload;
	warnings++;
	va_start(ap, fmt);
	vsnprintf(last_warning, sizeof last_warning, fmt, ap);
	va_end(ap);
}

/* The list as "id:depth:parent-id" lines, for whole-structure checks. */
static char *shape(struct thread *t)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < thread_len(t); i++) {
		const struct thread_entry *e = thread_get(t, i);
		g_string_append_printf(s, "%s%s:%u:%s\n", e->msgid, e->message < 0 ? "(missing)" : "",
				       e->depth, e->parent < 0 ? "-" : thread_get(t, e->parent)->msgid);
	}
	return g_string_free(s, FALSE);
}

static void add1(struct thread *t, const char *id, const char *ref, gint64 date)
{
	const char *refs[1] = { ref };
	thread_add(t, id, refs, ref ? 1 : 0, NULL, date);
}

static void check(struct thread *t, const char *want, const char *name)
{
	char *got = shape(t);
	is_str(got, want, name);
	g_free(got);
}

static void test_basic(void)
{
	struct thread *t = thread_new(count_warning, NULL);
	const char *r2[] = { "cover", "p1" };

	add1(t, "cover", NULL, 100);
	add1(t, "p1", "cover", 101);
	add1(t, "p2", "cover", 102);
	thread_add(t, "re-p1", r2, 2, "p1", 200);
	add1(t, "other", NULL, 50);
	thread_build(t);
	check(t, "cover:0:-\np1:1:cover\nre-p1:2:p1\np2:1:cover\nother:0:-\n",
	      "a cover, two patches, a reply; roots by first appearance");
	is_int(thread_position(t, 3), 2, "thread_position finds message 3");
	is_int(thread_get(t, 2)->message, 3, "and the entry knows its message");
	is_int(warnings, 0, "no warnings");
	thread_free(t);
}

static void test_out_of_order(void)
{
	struct thread *t = thread_new(count_warning, NULL);

	add1(t, "p2", "cover", 102);
	add1(t, "p1", "cover", 101);
	add1(t, "cover", NULL, 100);
	thread_build(t);
	check(t, "cover:0:-\np1:1:cover\np2:1:cover\n", "arriving backwards, children by date");
	thread_free(t);

	t = thread_new(NULL, NULL);
	add1(t, "b", "a", 0);
	add1(t, "c", "a", 5);
	add1(t, "d", "a", 0);
	add1(t, "e", "a", 3);
	thread_build(t);
	check(t, "a(missing):0:-\ne:1:a\nc:1:a\nb:1:a\nd:1:a\n",
	      "dated children first, undated ones after in order of appearance");
	thread_free(t);
}

static void test_placeholders(void)
{
	struct thread *t = thread_new(count_warning, NULL);
	const char *refs[] = { "gone1", "gone2" };
	const char *other[] = { "x", "y" };

	thread_add(t, "m", refs, 2, NULL, 0);
	add1(t, "n", "gone1", 0);
	thread_add(t, "y", other, 0, NULL, 0);	/* y is a root ... */
	thread_add(t, "z", other, 2, NULL, 0);	/* ... until z's References put it below x */
	thread_build(t);
	check(t, "gone1(missing):0:-\ngone2(missing):1:gone1\nm:2:gone2\nn:1:gone1\n"
		 "x(missing):0:-\ny:1:x\nz:2:y\n",
	      "ids known only from References are missing entries");
	thread_free(t);

	/* A's references say B hangs below X; B's own say below A: B moves, and
	 * X, a placeholder left with nothing below, is not listed. */
	t = thread_new(count_warning, NULL);
	{
		const char *ra[] = { "X", "B" };
		add1(t, "A", NULL, 0);
		thread_add(t, "C", ra, 2, NULL, 0);
		add1(t, "B", "A", 0);
	}
	thread_build(t);
	check(t, "A:0:-\nB:1:A\nC:2:B\n", "a message's own References win; empty placeholders go");
	thread_free(t);

	/* r1 comes first, then r2; later a message puts r1 below a placeholder
	 * x: x's thread still comes first, as r1 did */
	t = thread_new(NULL, NULL);
	{
		const char *rx[] = { "x", "r1" };
		add1(t, "r1", NULL, 0);
		add1(t, "r2", NULL, 0);
		thread_add(t, "c", rx, 2, NULL, 0);
	}
	thread_build(t);
	check(t, "x(missing):0:-\nr1:1:x\nc:2:r1\nr2:0:-\n",
	      "a thread is as early as its earliest message");
	thread_free(t);
}

static void test_in_reply_to(void)
{
	struct thread *t = thread_new(NULL, NULL);
	const char *refs[] = { "root", "mid" };

	add1(t, "root", NULL, 0);
	add1(t, "mid", "root", 0);
	add1(t, "side", "root", 0);
	thread_add(t, "r", refs, 2, "side", 0);
	thread_add(t, "s", NULL, 0, "mid", 0);
	thread_build(t);
	check(t, "root:0:-\nmid:1:root\ns:2:mid\nside:1:root\nr:2:side\n",
	      "In-Reply-To names the parent; alone it is enough");
	thread_free(t);
}

static void test_bad(void)
{
	struct thread *t;
	const char *loop_ab[] = { "a", "b", "a" };

	warnings = 0;
	t = thread_new(count_warning, NULL);
	add1(t, "a", "b", 0);
	add1(t, "b", "a", 0);
	add1(t, "self", "self", 0);
	thread_add(t, "c", loop_ab, 3, NULL, 0);
	thread_build(t);
	check(t, "b:0:-\na:1:b\nc:2:a\nself:0:-\n", "loops are not made");
	is_int(warnings, 3, "one warning for each message whose references loop");
	ok(strstr(last_warning, "<c>") != NULL, "the warning names the message");
	thread_free(t);

	warnings = 0;
	t = thread_new(count_warning, NULL);
	add1(t, "root", NULL, 0);
	add1(t, "dup", "root", 1);
	add1(t, "dup", "root", 2);
	add1(t, "dup", "root", 3);
	add1(t, "reply", "dup", 4);
	add1(t, NULL, "root", 5);
	add1(t, "", NULL, 6);
	thread_build(t);
	check(t, "root:0:-\ndup:1:root\nreply:2:dup\ndup#dup2:1:root\ndup#dup3:1:root\n"
		 "nomsgid.6@quill.invalid:1:root\nnomsgid.7@quill.invalid:0:-\n",
	      "duplicates are siblings under synthetic ids; so are messages without an id");
	is_int(warnings, 2, "one warning per extra copy, none for a missing id");
	ok(strstr(last_warning, "<dup>") && strstr(last_warning, "<dup#dup3>"),
	   "the warning names the id and the new one");
	thread_free(t);
}

static void test_deep(void)
{
	enum { N = 10000 };
	GPtrArray *ids = g_ptr_array_new_with_free_func(g_free);
	struct thread *t;
	gboolean ordered = TRUE;

	for (int i = 0; i < N; i++)
		g_ptr_array_add(ids, g_strdup_printf("m%d@x", i));

	/* one message naming 10,000 ancestors nobody has */
	t = thread_new(NULL, NULL);
	thread_add(t, "leaf@x", (const char *const *)ids->pdata, N, NULL, 0);
	thread_build(t);
	is_int(thread_len(t), N + 1, "a 10,000-deep References chain: all entries");
	is_int(thread_get(t, thread_position(t, 0))->depth, N, "the message is at depth 10,000");
	thread_free(t);

	/* 10,000 messages, each a reply to the one before, forwards and backwards */
	for (int dir = 0; dir < 2; dir++) {
		t = thread_new(NULL, NULL);
		for (int k = 0; k < N; k++) {
			int i = dir ? N - 1 - k : k;
			thread_add(t, ids->pdata[i], NULL, 0, i ? ids->pdata[i - 1] : NULL, i);
		}
		thread_build(t);
		for (guint i = 0; i < thread_len(t); i++)
			if (thread_get(t, i)->depth != i || thread_get(t, i)->message < 0)
				ordered = FALSE;
		ok(ordered && thread_len(t) == N, dir ? "a 10,000-message chain, arriving backwards"
						      : "a 10,000-message chain");
		thread_free(t);
	}
	g_ptr_array_unref(ids);
}

static void test_every_message_once(void)
{
	/* pseudo-random references among 2,000 ids: every message is listed
	 * exactly once, every parent comes before its child */
	struct thread *t = thread_new(NULL, NULL);
	guint32 seed = 12345;
	int n = 2000, bad = 0;
	int *seen = g_new0(int, n);

	for (int i = 0; i < n; i++) {
		char id[32], r[4][32];
		const char *refs[4];
		int k = 0;

		seed = seed * 1103515245 + 12345;
		snprintf(id, sizeof id, "%u", (seed >> 8) % (guint)n);
		for (k = 0; k < (int)((seed >> 4) % 4); k++) {
			seed = seed * 1103515245 + 12345;
			snprintf(r[k], sizeof r[k], "%u", (seed >> 8) % (guint)n);
			refs[k] = r[k];
		}
		thread_add(t, id, refs, k, NULL, seed % 1000);
	}
	thread_build(t);
	for (guint i = 0; i < thread_len(t); i++) {
		const struct thread_entry *e = thread_get(t, i);
		if (e->message >= 0)
			seen[e->message]++;
		if (e->parent >= (int)i)
			bad++;
		if (e->parent >= 0 && e->depth != thread_get(t, e->parent)->depth + 1)
			bad++;
	}
	for (int i = 0; i < n; i++)
		if (seen[i] != 1)
			bad++;
	is_int(bad, 0, "random references: each message once, parents first, depths agree");
	g_free(seen);
	thread_free(t);
}

int main(void)
{
	test_basic();
	test_out_of_order();
	test_placeholders();
	test_in_reply_to();
	test_bad();
	test_deep();
	test_every_message_once();
	return done_testing();
}
