/* test-diffstat.c - lib/git/diffstat: the stat gathered from patches made
 * once is what libgit2's git_diff_stats_to_buf prints for the same diff,
 * and commit_patch_load's text and stat are libgit2's own. */
#include "unit.h"
#include "git/commit.h"
#include "git/diffstat.h"
#include "git/init.h"

#include <git2.h>
#include <string.h>

static git_repository *repo;

/* One file of a tree: its path, mode and content (len -1: a string). */
struct entry {
	const char *path;
	unsigned mode;
	const char *data;
	int len;
};

/* A tree of `n` files (caller owns). */
static git_tree *make_tree(const struct entry *e, int n)
{
	git_index *index = NULL;
	git_tree *tree = NULL;
	git_oid oid;

	if (git_index_new(&index) < 0)
		return NULL;
	for (int i = 0; i < n; i++) {
		git_index_entry ie = { 0 };
		size_t len = e[i].len < 0 ? strlen(e[i].data) : (size_t)e[i].len;

		ie.path = e[i].path;
		ie.mode = e[i].mode;
		if (git_blob_create_from_buffer(&ie.id, repo, e[i].data, len) < 0 ||
		    git_index_add(index, &ie) < 0)
			goto done;
	}
	if (git_index_write_tree_to(&oid, index, repo) == 0)
		git_tree_lookup(&tree, repo, &oid);
done:
	git_index_free(index);
	return tree;
}

/* `count` numbered lines "PREFIX N\n" (caller owns). */
static char *lines(const char *prefix, int from, int count)
{
	GString *s = g_string_new(NULL);

	for (int i = from; i < from + count; i++)
		g_string_append_printf(s, "%s %d\n", prefix, i);
	return g_string_free(s, FALSE);
}

/* old -> new as a commit's patch is diffed (commit.c), renames found */
static git_diff *tree_diff(git_tree *old, git_tree *new_)
{
	git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
	git_diff_find_options fopts = GIT_DIFF_FIND_OPTIONS_INIT;
	git_diff *diff = NULL;

	opts.flags = GIT_DIFF_SHOW_BINARY;
	fopts.flags = GIT_DIFF_FIND_RENAMES;
	if (git_diff_tree_to_tree(&diff, repo, old, new_, &opts) < 0 ||
	    git_diff_find_similar(diff, &fopts) < 0) {
		git_diff_free(diff);
		return NULL;
	}
	return diff;
}

/* libgit2's stat of a diff at `width` (caller owns) */
static char *libgit2_stat(git_diff *diff, size_t width)
{
	git_diff_stats *stats = NULL;
	git_buf buf = GIT_BUF_INIT;
	char *out;

	if (git_diff_get_stats(&stats, diff) == 0)
		git_diff_stats_to_buf(&buf, stats, GIT_DIFF_STATS_FULL | GIT_DIFF_STATS_INCLUDE_SUMMARY,
				      width);
	out = g_strdup(buf.ptr ? buf.ptr : "");
	git_buf_dispose(&buf);
	git_diff_stats_free(stats);
	return out;
}

/* diffstat_text over the patches of old -> new equals
 * git_diff_stats_to_buf at each width. */
static void check_same(const char *what, git_tree *old, git_tree *new_)
{
	static const size_t widths[] = { 72, 0, 20, 40, 200 };
	git_diff *diff = tree_diff(old, new_);
	struct diffstat *d = diffstat_new();
	int rc = 0;

	if (!diff) {
		ok(0, what);
		diffstat_free(d);
		return;
	}
	for (size_t i = 0; i < git_diff_num_deltas(diff) && rc == 0; i++) {
		git_patch *patch = NULL;

		rc = git_patch_from_diff(&patch, diff, i);
		if (rc == 0)
			rc = diffstat_add(d, patch);
		git_patch_free(patch);
	}
	ok(rc == 0, what);
	for (size_t w = 0; w < G_N_ELEMENTS(widths); w++) {
		char *got = diffstat_text(d, widths[w]), *want = libgit2_stat(diff, widths[w]);
		char *name = g_strdup_printf("%s, width %zu: libgit2's stat", what, widths[w]);

		is_str(got, want, name);
		g_free(got);
		g_free(want);
		g_free(name);
	}
	git_diff_free(diff);
	diffstat_free(d);
}

static void test_against_libgit2(void)
{
	char *a = lines("line", 1, 300), *b = lines("changed", 1, 200), *c = lines("x", 1, 40);
	/* b, then the second half of a from a line's start (a is 2,592 bytes) */
	char *a2 = g_strconcat(a, "one more\n", NULL),
	     *ab = g_strconcat(b, strchr(a + strlen(a) / 2, '\n') + 1, NULL);
	const struct entry base[] = {
		{ "a.c", 0100644, "int a;\n", -1 },
		{ "big.txt", 0100644, a, -1 },
		{ "bin.dat", 0100644, "\0\1\2binary", 9 },
		{ "dir/moved", 0100644, c, -1 },
		{ "gone", 0100644, "keep\n", -1 },
		{ "run.sh", 0100644, "#!/bin/sh\n", -1 },
		{ "top", 0100644, a, -1 },
	};
	const struct entry next[] = {
		{ "a.c", 0100644, "int a;\nint b;\n", -1 },
		{ "big.txt", 0100644, ab, -1 },
		{ "bin.dat", 0100644, "\0\3\4binary!", 10 },
		{ "dir/sub/renamed", 0100644, c, -1 },
		{ "new/very/long/path/of/a/file/added/to/make/the/name/column/wide.txt", 0100644, c, -1 },
		{ "run.sh", 0100755, "#!/bin/sh\n", -1 },
		{ "top-renamed", 0100644, a2, -1 },
	};
	git_tree *t0 = make_tree(base, G_N_ELEMENTS(base)), *t1 = make_tree(next, G_N_ELEMENTS(next));
	const struct entry moved[] = { { "dir/x", 0100644, c, -1 } };
	git_tree *t2 = make_tree(next, 2), *t3 = make_tree(base + 3, 1), *t4 = make_tree(moved, 1);

	ok(t0 && t1 && t2 && t3 && t4, "trees made");
	check_same("renames, modes, binary, adds and deletes", t0, t1);
	check_same("the same backwards", t1, t0);
	check_same("one scaled file and a small one", t0, t2);
	check_same("from nothing", NULL, t0);
	check_same("a rename alone", t3, t4);
	check_same("no change", t0, t0);
	git_tree_free(t0);
	git_tree_free(t1);
	git_tree_free(t2);
	git_tree_free(t3);
	git_tree_free(t4);
	g_free(a);
	g_free(b);
	g_free(c);
	g_free(a2);
	g_free(ab);
}

/* A commit of `tree` on `parent` (NULL: a root) into *out. */
static int make_commit(git_oid *out, git_tree *tree, const git_oid *parent)
{
	git_signature *sig = NULL;
	git_commit *pc = NULL;
	const git_commit *parents[1];
	int rc;

	if ((rc = git_signature_new(&sig, "Ada Author", "ada@example.org", 1764583200, 0)) < 0 ||
	    (parent && (rc = git_commit_lookup(&pc, repo, parent)) < 0))
		goto done;
	parents[0] = pc;
	rc = git_commit_create(out, repo, NULL, sig, sig, NULL, "a change\n\nits body\n", tree,
			       pc ? 1 : 0, parents);
done:
	git_commit_free(pc);
	git_signature_free(sig);
	return rc;
}

/* commit_patch_load: the text git_diff_to_buf prints and libgit2's stat,
 * from one generation of each patch */
static void test_commit_patch(void)
{
	char *c = lines("x", 1, 40), *c2 = lines("x", 1, 41);
	const struct entry one[] = {
		{ "bin.dat", 0100644, "\0\1\2binary", 9 },
		{ "dir/moved", 0100644, c, -1 },
		{ "gone", 0100644, "keep\n", -1 },
		{ "run.sh", 0100644, "#!/bin/sh\n", -1 },
	};
	const struct entry two[] = {
		{ "bin.dat", 0100644, "\0\3\4binary!", 10 },
		{ "dir/sub/renamed", 0100644, c2, -1 },
		{ "new.txt", 0100644, "new\nfile\n", -1 },
		{ "run.sh", 0100755, "#!/bin/sh\n", -1 },
	};
	git_tree *t1 = make_tree(one, G_N_ELEMENTS(one)), *t2 = make_tree(two, G_N_ELEMENTS(two));
	git_oid root, next;
	struct commit_patch *p = NULL, *q = NULL;
	git_diff *diff = tree_diff(t1, t2);
	git_buf text = GIT_BUF_INIT;
	char *stat = diff ? libgit2_stat(diff, 72) : NULL;
	GError *e = NULL;

	ok(t1 && t2 && diff && make_commit(&root, t1, NULL) == 0 && make_commit(&next, t2, &root) == 0,
	   "two commits made");
	ok(git_diff_to_buf(&text, diff, GIT_DIFF_FORMAT_PATCH) == 0, "libgit2's text");
	ok(commit_patch_load(&p, repo, &next, COMMIT_WANT_DIFF | COMMIT_WANT_STAT, &e), "loaded");
	is_str(p ? p->diff : NULL, text.ptr, "the patch text is git_diff_to_buf's");
	is_str(p ? p->diffstat : NULL, stat, "the stat is libgit2's");
	ok(p && strstr(p->diffstat, "dir/{moved => sub/renamed}") && strstr(p->diff, "GIT binary patch"),
	   "the commit has a rename and a binary file");
	ok(commit_patch_load(&q, repo, &next, COMMIT_WANT_STAT, &e) && q && !q->diff && !*q->patch_id,
	   "a stat alone: no text");
	is_str(q ? q->diffstat : NULL, stat, "the stat alone is the same");
	ok(q && commit_patch_add(q, repo, COMMIT_WANT_DIFF, &e) && !strcmp(q->diff, text.ptr) &&
	   !strcmp(q->patch_id, p->patch_id), "the text added later: the same text and patch-id");
	commit_patch_free(p);
	commit_patch_free(q);
	ok(commit_patch_load(&p, repo, &root, COMMIT_WANT_DIFF | COMMIT_WANT_STAT, &e) && p &&
	   g_str_has_prefix(p->diffstat, " bin.dat   | Bin 0 -> 9 bytes\n") &&
	   strstr(p->diffstat, " 4 files changed, 42 insertions(+)\n create mode 100644 bin.dat\n"),
	   "a root commit: every file created");
	commit_patch_free(p);
	git_buf_dispose(&text);
	git_diff_free(diff);
	git_tree_free(t1);
	git_tree_free(t2);
	g_free(stat);
	g_free(c);
	g_free(c2);
	g_clear_error(&e);
}

int main(int argc, char **argv)
{
	char *dir = g_dir_make_tmp("quill-test-diffstat-XXXXXX", NULL);
	char *argv_rm[] = { "rm", "-rf", dir, NULL };

	unit_init(argc, argv);
	git_start();
	if (!dir || git_repository_init(&repo, dir, TRUE) < 0) {
		ok(0, "a scratch repository");
		return done_testing();
	}
	UNIT_CASE("libgit2")
		test_against_libgit2();
	UNIT_CASE("commit")
		test_commit_patch();
	git_repository_free(repo);
	g_spawn_sync(NULL, argv_rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
	g_free(dir);
	git_stop();
	return done_testing();
}
