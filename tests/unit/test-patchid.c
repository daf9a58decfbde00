/* test-patchid.c - lib/patchid: stable patch-ids and version pairing. */
#include "git/patchid.h"
#include <git2.h>
#include "unit.h"

/* `git show HEAD --format=` of a one-line change; its id is what
 * `git patch-id --stable` printed for it (git 2.39). */
static const char diff1[] =
	"diff --git a/a.c b/a.c\n"
	"index 2a5c629..cf1f272 100644\n"
	"--- a/a.c\n"
	"+++ b/a.c\n"
	"@@ -1,3 +1,4 @@\n"
	" a\n"
	" line 1\n"
	" line 2\n"
	"+line 3\n";
#define ID1 "4f7dbf344960ba51778c103739eb4ae3807561a2"

/* patchid_stable: what counts and what does not */
static void test_stable(void)
{
	char id[41], id2[41];
	GString *s;

	ok(patchid_stable(diff1, sizeof diff1 - 1, id), "a diff has a patch-id");
	is_str(id, ID1, "the same as git patch-id --stable");

	s = g_string_new("commit message\n\nbody\n---\n a.c | 1 +\n\n");
	g_string_append(s, diff1);
	g_string_append(s, "-- \n2.39.5\n\n");
	patchid_stable(s->str, s->len, id2);
	is_str(id2, ID1, "a mail around the diff changes nothing");
	g_string_free(s, TRUE);

	s = g_string_new(diff1);
	g_string_replace(s, "@@ -1,3 +1,4 @@", "@@ -10,3 +10,4 @@", 1);
	g_string_replace(s, "index 2a5c629..cf1f272", "index 1111111..2222222", 1);
	g_string_replace(s, "+line 3", "+line    3", 1);
	patchid_stable(s->str, s->len, id2);
	is_str(id2, ID1, "line numbers, index lines and whitespace do not count");
	g_string_free(s, TRUE);

	s = g_string_new(diff1);
	g_string_replace(s, "+line 3", "+line 4", 1);
	patchid_stable(s->str, s->len, id2);
	ok(strcmp(id2, ID1) != 0, "a changed line changes the id");
	g_string_free(s, TRUE);

	/* two files in either order: the same stable id */
	{
		const char *fa = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-1\n+2\n";
		const char *fb = "diff --git a/y b/y\n--- a/y\n+++ b/y\n@@ -1 +1 @@\n-3\n+4\n";
		char *ab = g_strconcat(fa, fb, NULL), *ba = g_strconcat(fb, fa, NULL);
		patchid_stable(ab, strlen(ab), id);
		patchid_stable(ba, strlen(ba), id2);
		is_str(id, id2, "stable: the order of files does not matter");
		g_free(ab);
		g_free(ba);
	}
	ok(!patchid_stable("just text\n", 10, id) && !*id, "no diff, no id");
}

/* pair_versions: old and new patches paired */
static void test_pairs(void)
{
	{
		struct pair_item old[] = {
			{ "aaa", "one", "one\n", "diff --git a/1 b/1\n+one\n" },
			{ "bbb", "two", "two\n", "diff --git a/2 b/2\n+two\n+two more\n+and more\n" },
			{ "ccc", "three", "three\n", "diff --git a/3 b/3\n+three\n" },
			{ "ddd", "four", "four\n", "diff --git a/4 b/4\n+four\n" },
		};
		struct pair_item new_[] = {
			{ "aaa", "one", "one\n\nreworded\n", "diff --git a/1 b/1\n+one\n" },
			{ "eee", "two", "two\n", "diff --git a/2 b/2\n+two\n+two MORE\n+and more\n" },
			{ "fff", "five", "five\n", "diff --git a/5 b/5\n+completely\n+different\n+thing\n" },
			{ "ddd", "four", "four\n", "diff --git a/4 b/4\n+four\n" },
		};
		GArray *p = pair_versions(old, 4, new_, 4, 60);
		GString *got = g_string_new(NULL);

		for (guint i = 0; i < p->len; i++) {
			struct pair *x = &g_array_index(p, struct pair, i);
			g_string_append_printf(got, "%d:%d:%s ", x->old_index, x->new_index,
					       pair_kind_name(x->kind));
		}
		is_str(got->str, "0:0:message 1:1:changed 2:-1:dropped -1:2:added 3:3:unchanged ",
		       "pairs: reworded, changed, dropped, added, unchanged, in order");
		g_string_free(got, TRUE);
		g_array_unref(p);

		p = pair_versions(old, 4, old, 0, 60);
		is_int(p->len, 4, "against nothing: all dropped");
		g_array_unref(p);
	}
	/* reordered patches pair by patch-id */
	{
		struct pair_item a[] = { { "p1", "a", "a\n", "+a\n" }, { "p2", "b", "b\n", "+b\n" } };
		struct pair_item b[] = { { "p2", "b", "b\n", "+b\n" }, { "p1", "a", "a\n", "+a\n" } };
		GArray *p = pair_versions(a, 2, b, 2, 60);
		struct pair *x = &g_array_index(p, struct pair, 0);
		ok(p->len == 2 && x->old_index == 1 && x->new_index == 0 && x->kind == PAIR_UNCHANGED,
		   "a reordered patch is paired and unchanged");
		g_array_unref(p);
	}
	/* an empty commit (no diff, no patch-id) against itself */
	{
		struct pair_item a[] = { { "p1", "a", "a\n", "+a\n" }, { "", "e", "e\n", "" } };
		struct pair_item b[] = { { "p1", "a", "a\n", "+a\n" }, { "", "e", "e\n", "" } };
		struct pair_item c[] = { { "p1", "a", "a\n", "+a\n" }, { "", "e", "e, said better\n", "" } };
		GArray *p = pair_versions(a, 2, b, 2, 60);
		struct pair *x = &g_array_index(p, struct pair, 1);
		ok(p->len == 2 && x->old_index == 1 && x->new_index == 1 && x->kind == PAIR_UNCHANGED,
		   "an empty commit is unchanged against itself");
		g_array_unref(p);
		p = pair_versions(a, 2, c, 2, 60);
		x = &g_array_index(p, struct pair, 1);
		ok(p->len == 2 && x->kind == PAIR_MESSAGE, "and reworded, its message changed");
		g_array_unref(p);
	}
}

/* pair_by_id: equal patch-ids only, first come first paired, no diff read
 * (the items have none); who is left is what pair_versions weighs */
static void test_by_id(void)
{
	struct pair_item old[] = { { "p1", "a", NULL, NULL }, { "p2", "b", NULL, NULL },
				   { "p1", "a again", NULL, NULL }, { "", "empty", NULL, NULL } };
	struct pair_item new_[] = { { "p2", "b", NULL, NULL }, { "p1", "a", NULL, NULL },
				    { "p3", "c", NULL, NULL }, { "", "empty", NULL, NULL } };
	int o2n[4], n2o[4];

	pair_by_id(old, 4, new_, 4, o2n, n2o);
	ok(o2n[0] == 1 && o2n[1] == 0 && o2n[2] == -1 && o2n[3] == -1,
	   "old: the first p1 and p2 paired, the second p1 and the empty one not");
	ok(n2o[0] == 1 && n2o[1] == 0 && n2o[2] == -1 && n2o[3] == -1,
	   "new: p2 and p1 paired, p3 and the empty one not");
}

int main(int argc, char **argv)
{
	unit_init(argc, argv);
	git_libgit2_init();
	UNIT_CASE("stable")
		test_stable();
	UNIT_CASE("pairs")
		test_pairs();
	UNIT_CASE("by-id")
		test_by_id();
	UNIT_CASE("diff-size")
		is_int(patchid_diff_size("a\nb\nc\n", "a\nB\nc\n"), 2,
		       "diff size counts added and removed lines");
	return done_testing();
}
