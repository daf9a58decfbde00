/* test-logwalk.c - lib/git/logwalk: the walk read ahead on a second thread
 * hands out the same commits, in the same order, with the same messages,
 * headers and parent counts, as the walk in one thread (QUILL_READ_AHEAD=0),
 * over a history of merges, equal dates and clocks going backwards longer
 * than the thread's batches; for every kind of range, an empty one too;
 * a missing parent fails both after the same commits; a walk left part way
 * frees its thread.  (Against git log's own order: t3000.) */
#include "core/error.h"
#include "git/logwalk.h"
#include "unit.h"

#include <git2.h>
#include <glib/gstdio.h>

#define NCOMMITS 3000

static git_repository *repo;
static git_oid commits[NCOMMITS + 1];
static git_oid empty_tree;

/* Write one commit object as given (parents may be missing objects). */
static void write_commit(git_oid *out, const git_oid *parents, int np, gint64 date, int n)
{
	git_odb *odb;
	GString *s = g_string_new(NULL);
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), &empty_tree);
	g_string_append_printf(s, "tree %s\n", hex);
	for (int i = 0; i < np; i++) {
		git_oid_tostr(hex, sizeof(hex), &parents[i]);
		g_string_append_printf(s, "parent %s\n", hex);
	}
	g_string_append_printf(s, "author Ada Author <ada@example.org> %" G_GINT64_FORMAT " +0000\n"
			       "committer Ada Author <ada@example.org> %" G_GINT64_FORMAT " +0000\n"
			       "\npart %d\n\nSigned-off-by: Ada Author <ada@example.org>\n",
			       date, date, n);
	git_repository_odb(&odb, repo);
	git_odb_write(out, odb, s->str, s->len, GIT_OBJECT_COMMIT);
	git_odb_free(odb);
	g_string_free(s, TRUE);
}

/* A history of three lines of work that merge now and then; dates mostly
 * rise, some repeat, some go backwards. */
static void make_history(void)
{
	GRand *r = g_rand_new_with_seed(20251202);
	git_odb *odb;
	int heads[3] = { 0, 0, 0 };
	gint64 date = 1700000000;

	git_repository_odb(&odb, repo);
	git_odb_write(&empty_tree, odb, "", 0, GIT_OBJECT_TREE);
	git_odb_free(odb);
	for (int i = 1; i <= NCOMMITS; i++) {
		int line = g_rand_int_range(r, 0, 3), other = (line + 1) % 3, np = 0;
		git_oid parents[2];
		int k = g_rand_int_range(r, 0, 10);

		date += k == 0 ? -500 : k == 1 ? 0 : g_rand_int_range(r, 1, 100);
		if (heads[line])
			parents[np++] = commits[heads[line]];
		if (g_rand_int_range(r, 0, 8) == 0 && heads[other] && heads[other] != heads[line])
			parents[np++] = commits[heads[other]];
		write_commit(&commits[i], parents, np, date, i);
		heads[line] = i;
	}
	g_rand_free(r);
	for (int i = 0; i < 3; i++) {
		git_reference *ref = NULL;
		char name[32];

		g_snprintf(name, sizeof(name), "refs/heads/l%d", i);
		git_reference_create(&ref, repo, name, &commits[heads[i]], 1, NULL);
		git_reference_free(ref);
	}
}

/* One line per commit the walk hands out (id, parents, header and
 * message lengths, the message's first line), then "error: ..." or "end". */
static char *walk_text(struct logwalk *w, guint stop_after)
{
	GString *s = g_string_new(NULL);
	GError *e = NULL;
	git_oid oid;
	const char *msg;
	size_t len;
	guint n = 0;

	while (logwalk_next(w, &oid, &msg, &len, &e)) {
		char hex[GIT_OID_HEXSZ + 1];
		size_t hlen;
		const char *h = logwalk_header(w, &hlen);
		const char *nl = memchr(msg, '\n', len);
		char *name, *email;

		logwalk_person(w, "author", &name, &email);
		git_oid_tostr(hex, sizeof(hex), &oid);
		g_string_append_printf(s, "%s %u %zu %zu %.*s %s %s %d\n", hex,
				       logwalk_parent_count(w), hlen, len,
				       (int)(nl ? nl - msg : (long)len), msg, name, email,
				       (int)(h[0] == 't'));
		g_free(name);
		g_free(email);
		if (++n == stop_after)
			break;
	}
	g_string_append_printf(s, "%s\n", e ? e->message : "end");
	g_clear_error(&e);
	logwalk_free(w);
	return g_string_free(s, FALSE);
}

static char *range_text(const char *range, gboolean ahead, guint stop_after)
{
	struct logwalk *w = NULL;
	GError *e = NULL;

	g_setenv("QUILL_READ_AHEAD", ahead ? "1" : "0", TRUE);
	if (!logwalk_new(&w, repo, range, &e)) {
		char *t = g_strdup_printf("failed: %s\n", e->message);

		g_error_free(e);
		return t;
	}
	return walk_text(w, stop_after);
}

static guint lines(const char *s)
{
	guint n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static void test_ranges(void)
{
	static const char *const ranges[] = {
		"l0", "l1", "l2", "l0~40..l1", "l1..l0", "l2...l0", "l0~3...l0",
		"l1~100..l1~2", "l0..l0", "l1...l1",
	};

	for (guint i = 0; i < G_N_ELEMENTS(ranges); i++) {
		char *one = range_text(ranges[i], FALSE, 0), *two = range_text(ranges[i], TRUE, 0);
		char *name = g_strdup_printf("%s: the same commits, order and messages read ahead",
					     ranges[i]);

		is_str(two, one, name);
		ok(g_str_has_suffix(one, "end\n"), "the walk ends well");
		if (!strcmp(ranges[i], "l0"))
			ok(lines(one) > 2048 + 1, "l0: longer than the batches in flight");
		if (!strcmp(ranges[i], "l0..l0") || !strcmp(ranges[i], "l1...l1"))
			is_str(one, "end\n", "an empty range hands out nothing");
		g_free(name);
		g_free(one);
		g_free(two);
	}
}

/* A walk named by ids, with no tips: nothing, either way. */
static void test_no_tips(void)
{
	for (int ahead = 0; ahead < 2; ahead++) {
		struct logwalk *w = NULL;
		char *t;

		g_setenv("QUILL_READ_AHEAD", ahead ? "1" : "0", TRUE);
		ok(logwalk_new_oids(&w, repo, NULL, 0, &commits[5], 1, NULL), "no tips: a walk");
		t = walk_text(w, 0);
		is_str(t, "end\n", ahead ? "no tips, read ahead: nothing" : "no tips: nothing");
		g_free(t);
	}
}

/* A commit whose parent is missing: both fail after the same commits. */
static void test_missing_parent(void)
{
	git_oid missing, tip[1], chain[2];
	char *one = NULL, *two = NULL;

	git_oid_fromstr(&missing, "0123456789abcdef0123456789abcdef01234567");
	write_commit(&chain[0], &missing, 1, 1800000000, 9001);
	write_commit(&chain[1], &chain[0], 1, 1800000001, 9002);
	tip[0] = chain[1];
	for (int ahead = 0; ahead < 2; ahead++) {
		struct logwalk *w = NULL;

		g_setenv("QUILL_READ_AHEAD", ahead ? "1" : "0", TRUE);
		logwalk_new_oids(&w, repo, tip, 1, NULL, 0, NULL);
		if (ahead)
			two = walk_text(w, 0);
		else
			one = walk_text(w, 0);
	}
	is_str(two, one, "a missing parent: the same commits, then the same error");
	ok(strstr(one, "cannot read commit 0123456789abcdef") != NULL, "the error names it");
	is_int(lines(one), 2, "one commit before it");
	g_free(one);
	g_free(two);
}

/* Left part way: the first commits as in one thread, and the thread ends. */
static void test_stop_early(void)
{
	char *one = range_text("l0", FALSE, 300), *two = range_text("l0", TRUE, 300);

	is_str(two, one, "left after 300 commits: the same 300");
	g_free(one);
	g_free(two);
	g_free(range_text("l0", TRUE, 1));
	ok(1, "a walk left after one commit is freed");
}

/* What prepare makes of each commit comes with it, made in order on the
 * walk's thread (or in logwalk_next), freed once each. */
struct prep {
	guint made, freed;
	GThread *where;
};

static void *prep_make(const struct logwalk_commit *c, void *payload)
{
	struct prep *p = payload;
	char hex[GIT_OID_HEXSZ + 1];

	p->made++;
	if (!p->where)
		p->where = g_thread_self();
	git_oid_tostr(hex, sizeof(hex), c->oid);
	return g_strdup_printf("%u %s %u %zu %zu", p->made, hex, c->parents, c->len,
			       c->header_len);
}

static guint prep_freed;

static void prep_free_count(gpointer data)
{
	g_atomic_int_inc((gint *)&prep_freed);
	g_free(data);
}

static void test_prepare(void)
{
	for (int ahead = 0; ahead < 2; ahead++) {
		struct logwalk *w = NULL;
		struct prep p = { 0 };
		GError *e = NULL;
		git_oid oid;
		const char *msg;
		size_t len;
		guint n = 0, bad = 0;

		prep_freed = 0;
		g_setenv("QUILL_READ_AHEAD", ahead ? "1" : "0", TRUE);
		logwalk_new(&w, repo, "l0", NULL);
		logwalk_set_prepare(w, prep_make, prep_free_count, &p);
		while (logwalk_next(w, &oid, &msg, &len, &e)) {
			char hex[GIT_OID_HEXSZ + 1], *want;
			size_t hlen;

			n++;
			logwalk_header(w, &hlen);
			git_oid_tostr(hex, sizeof(hex), &oid);
			want = g_strdup_printf("%u %s %u %zu %zu", n, hex, logwalk_parent_count(w), len,
					       hlen);
			bad += strcmp(logwalk_prepared(w), want) != 0;
			g_free(want);
		}
		logwalk_free(w);
		is_int(bad, 0, ahead ? "read ahead: each commit with what was prepared of it"
				     : "in one thread: each commit with what was prepared of it");
		ok(n > 0 && p.made == n && prep_freed == n, "made and freed once each");
		ok(ahead ? p.where != g_thread_self() : p.where == g_thread_self(),
		   ahead ? "on the walk's thread" : "on the caller's");
	}
}

/* Commits prepared on the caller's thread too (its own payload), one in
 * three to begin with: each still with what was prepared of it, made and
 * freed once each, on both threads.  The share follows the load: with a
 * caller that takes its time over each commit (`slow`), the walk's thread
 * takes over, and the caller prepares far fewer than one in three. */
static guint share_run(gboolean slow, struct prep *walk, struct prep *caller, guint *bad)
{
	struct logwalk *w = NULL;
	GError *e = NULL;
	git_oid oid;
	const char *msg;
	size_t len;
	guint n = 0;

	prep_freed = 0;
	g_setenv("QUILL_READ_AHEAD", "1", TRUE);
	logwalk_new(&w, repo, "l0", NULL);
	logwalk_set_prepare(w, prep_make, prep_free_count, walk);
	logwalk_share_prepare(w, caller, 3);
	while (logwalk_next(w, &oid, &msg, &len, &e)) {
		char hex[GIT_OID_HEXSZ + 1], *want;
		const char *got = logwalk_prepared(w);
		size_t hlen;

		n++;
		logwalk_header(w, &hlen);
		git_oid_tostr(hex, sizeof(hex), &oid);
		want = g_strdup_printf("%s %u %zu %zu", hex, logwalk_parent_count(w), len, hlen);
		*bad += !strchr(got, ' ') || strcmp(strchr(got, ' ') + 1, want) != 0;
		g_free(want);
		if (slow)
			g_usleep(100);
	}
	logwalk_free(w);
	return n;
}

static void test_share(void)
{
	struct prep walk = { 0 }, caller = { 0 }, swalk = { 0 }, scaller = { 0 };
	guint bad = 0, sbad = 0;
	guint n = share_run(FALSE, &walk, &caller, &bad);

	is_int(bad, 0, "shared: each commit with what was prepared of it");
	ok(caller.made > 0, "some prepared by the caller");
	ok(walk.made + caller.made == n && prep_freed == n, "made and freed once each");
	ok(walk.where != g_thread_self() && caller.where == g_thread_self(), "on both threads");
	n = share_run(TRUE, &swalk, &scaller, &sbad);
	is_int(sbad, 0, "a slow caller: each commit with what was prepared of it");
	ok(n > 600 && scaller.made < n / 6, "a slow caller: the walk's thread takes over");
	if (scaller.made >= n / 6)
		printf("# the caller prepared %u of %u\n", scaller.made, n);
	ok(swalk.made + scaller.made == n && prep_freed == n, "a slow caller: made and freed once each");
}

/* A commit with a header longer than the first part inflated from a pack
 * (an extra multi-line header, as gpgsig is) and a message longer still (so
 * the rest is inflated later), on top of l0, as "big". */
static void write_long_header(void)
{
	GString *s = g_string_new(NULL);
	char hex[GIT_OID_HEXSZ + 1];
	git_reference *ref = NULL;
	git_oid tip, oid;
	git_odb *odb;

	git_reference_name_to_id(&tip, repo, "refs/heads/l0");
	git_oid_tostr(hex, sizeof(hex), &empty_tree);
	g_string_append_printf(s, "tree %s\n", hex);
	git_oid_tostr(hex, sizeof(hex), &tip);
	g_string_append_printf(s, "parent %s\n", hex);
	g_string_append(s, "author Ada Author <ada@example.org> 1900000000 +0000\n"
			   "committer Ada Author <ada@example.org> 1900000000 +0000\ngpgsig x");
	for (int i = 0; i < 200; i++)
		g_string_append_printf(s, "\n %08x%08x%08x", i * 7919u, i * 104729u, i * 31u);
	g_string_append(s, "\n\nlong header\n");
	for (int i = 0; i < 400; i++)	/* and a message longer than it */
		g_string_append_printf(s, "\nline %d of the body, %08x", i, i * 2654435761u);
	g_string_append(s, "\n\nSigned-off-by: Ada Author <ada@example.org>\n");
	git_repository_odb(&odb, repo);
	git_odb_write(&oid, odb, s->str, s->len, GIT_OBJECT_COMMIT);
	git_odb_free(odb);
	git_reference_create(&ref, repo, "refs/heads/big", &oid, 1, NULL);
	git_reference_free(ref);
	g_string_free(s, TRUE);
}

/* Read from a pack file (git repack) as from loose objects, either way. */
static void test_packed(const char *dir)
{
	static const char *const ranges[] = { "l0", "l2...l0", "l1~100..l1~2", "big", "l2..big" };
	char *loose[G_N_ELEMENTS(ranges)], *cmd;

	write_long_header();
	for (guint i = 0; i < G_N_ELEMENTS(ranges); i++)
		loose[i] = range_text(ranges[i], FALSE, 0);
	cmd = g_strdup_printf("git -C '%s' repack -adq", dir);
	is_int(system(cmd), 0, "git repack");
	g_free(cmd);
	for (guint i = 0; i < G_N_ELEMENTS(ranges); i++) {
		for (int ahead = 0; ahead < 2; ahead++) {
			char *t = range_text(ranges[i], ahead, 0);
			char *name = g_strdup_printf("%s%s: packed as loose", ranges[i],
						     ahead ? ", read ahead" : "");

			is_str(t, loose[i], name);
			g_free(name);
			g_free(t);
		}
		g_free(loose[i]);
	}
}

int main(int argc, char **argv)
{
	char *dir = g_dir_make_tmp("quill-logwalk-XXXXXX", NULL);

	unit_init(argc, argv);
	git_libgit2_init();
	git_libgit2_opts(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION, 0);
	ok(git_repository_init(&repo, dir, TRUE) == 0, "a bare repository");
	make_history();
	UNIT_CASE("ranges")
		test_ranges();
	UNIT_CASE("no-tips")
		test_no_tips();
	UNIT_CASE("missing-parent")
		test_missing_parent();
	UNIT_CASE("stop-early")
		test_stop_early();
	UNIT_CASE("prepare")
		test_prepare();
	UNIT_CASE("share")
		test_share();
	UNIT_CASE("packed")
		test_packed(dir);
	git_repository_free(repo);
	unit_remove_tree(dir);
	g_free(dir);
	git_libgit2_shutdown();
	return done_testing();
}
