/* test-attach.c - lib/series/attach with versions (issue 10, item 15): the
 * latest earlier version's results for a cover ({{bench NAME}},
 * {{objsize NAME}}, marked "(measured on vK)"), and the lib side of
 * `bench rm NAME` and `bench copy --from-version K [NAME]` on a series in
 * a scratch repository. */
#include "series/attach.h"
#include "series/cover.h"
#include "bench/bench.h"
#include "bench/bench-table.h"
#include "core/error.h"

#include <git2.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

/* A benchmark NAME with one role "patched" holding `v` (ms) three times. */
static char *bench_text(const char *name, double v, const char *command, const char *subject)
{
	struct bench *b = bench_new(name);
	struct bench_role *r = bench_role_new("patched", "samples");
	struct bench_metric *m = bench_metric_new("value", "ms");
	json_t *doc;
	char *text, *out;

	for (int i = 0; i < 3; i++)
		bench_metric_add(m, v + 0.1 * i);
	g_ptr_array_add(r->metrics, m);
	r->command = command ? g_strdup(command) : NULL;
	g_ptr_array_add(b->roles, r);
	if (subject) {
		b->patch = g_new0(struct bench_patch, 1);
		b->patch->commit = g_strdup("0123456789abcdef0123456789abcdef01234567");
		b->patch->subject = g_strdup(subject);
	}
	doc = bench_to_json(b);
	text = json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	out = g_strdup(text);
	free(text);
	json_decref(doc);
	bench_free(b);
	return out;
}

static void put_bench(struct state *st, int v, const char *name, double value)
{
	char *path = bench_state_path(v, name), *text = bench_text(name, value, NULL, NULL);

	state_set_string(st, path, text);
	g_free(text);
	g_free(path);
}

static char *table_of(const char *name, double value, const char *command, const char *subject)
{
	char *text = bench_text(name, value, command, subject);
	json_t *doc = json_loads(text, 0, NULL);
	struct bench *b = bench_from_json(doc, "x", NULL, NULL);
	char *t = bench_table(b, BENCH_TABLE_TEXT, BENCH_TABLE_WIDTH);

	bench_free(b);
	json_decref(doc);
	g_free(text);
	return t;
}

/* `text` rendered as a working cover of version n of s (caller owns). */
static char *fill(const struct series *s, int n, const char *text, GError **error)
{
	struct cover_input in = { 0 };
	char *out;

	in.s = s;
	in.version = n;
	out = cover_fill(&in, text, error);
	if (in.benches)
		g_ptr_array_unref(in.benches);
	return out;
}

static void test_earlier(void)
{
	struct series *s = series_blank("zone");
	struct bench *b = NULL;
	GError *e = NULL;
	int k = -1;
	char *t, *want, *long_cmd;

	put_bench(s->state, 1, "rebind", 10);
	put_bench(s->state, 2, "rebind", 9);
	put_bench(s->state, 1, "old", 5);
	state_set_string(s->state, "v2/bench/other.json", "{\"tool\": \"another\"}");
	state_set_string(s->state, "v1/bench/mm.json", "{\"kind\": \"quill-objsize\"}");

	ok(bench_load_earlier(&b, &k, s->state, 3, "rebind", &e) && b && k == 2,
	   "the latest earlier version that has it");
	bench_free(b);
	ok(bench_load_earlier(&b, &k, s->state, 2, "rebind", &e) && b && k == 1,
	   "only versions before the one asked about");
	bench_free(b);
	ok(bench_load_earlier(&b, &k, s->state, 1, "rebind", &e) && !b && k == 0,
	   "v1 has no earlier version: none, no error");
	ok(bench_load_earlier(&b, &k, s->state, 3, "other", &e) && !b && k == 0,
	   "another tool's JSON under the name is passed over");
	state_set_string(s->state, "v1/bench/broken.json", "{\"roles\": 3}");
	ok(!bench_load_earlier(&b, &k, s->state, 3, "broken", &e) && e &&
		   qerr_class(e) == QUILL_ERROR_INPUT && strstr(e->message, "v1/bench/broken.json"),
	   "a damaged benchmark is an error naming its path");
	g_clear_error(&e);
	is_int(objsize_earlier(s->state, 3, "mm"), 1, "a size diff of an earlier version");
	is_int(objsize_earlier(s->state, 3, "rebind"), 0, "a benchmark is no size diff");
	is_int(objsize_earlier(s->state, 1, "mm"), 0, "nothing before v1");

	/* the cover of v3: v2's rebind, v1's old, marked */
	t = fill(s, 3, "{{bench rebind}}\n", &e);
	{
		char *table = table_of("rebind", 9, NULL, NULL);
		char *nl = strchr(table, '\n');

		want = g_strdup_printf("%.*s\n  (measured on v2)%s", (int)(nl - table), table, nl);
		g_free(table);
	}
	is_str(t, want, "{{bench NAME}}: the table, \"  (measured on v2)\" under its title");
	g_free(t);
	g_free(want);
	t = fill(s, 2, "{{bench rebind}}\n", &e);
	want = table_of("rebind", 9, NULL, NULL);
	is_str(t, want, "its own version's: unmarked");
	g_free(t);
	g_free(want);
	t = fill(s, 3, "[{{bench}}]\n", &e);
	is_str(t, "[]\n", "{{bench}}: only the version's own (none)");
	g_free(t);
	t = fill(s, 3, "x\n{{bench nosuch}}\n", &e);
	ok(!t && e && qerr_class(e) == QUILL_ERROR_INPUT &&
		   !strcmp(e->message, "cover:2: {{bench nosuch}}: no benchmark nosuch in v3 (there: none)"),
	   "no version has it: the error names the token as written");
	g_clear_error(&e);

	/* a title that wraps: the mark goes under its last line */
	long_cmd = g_strnfill(90, 'x');
	{
		char *path = bench_state_path(1, "wide"), *text = bench_text("wide", 3, long_cmd, NULL);

		state_set_string(s->state, path, text);
		g_free(path);
		g_free(text);
	}
	t = fill(s, 2, "{{bench wide}}\n", &e);
	{
		char *table = table_of("wide", 3, long_cmd, NULL);
		char *p = strchr(table, '\n');

		ok(g_str_has_prefix(p + 1, "    "), "(the title of that table wraps)");
		while (g_str_has_prefix(p + 1, "    "))
			p = strchr(p + 1, '\n');
		want = g_strdup_printf("%.*s\n  (measured on v1)%s", (int)(p - table), table, p);
		g_free(table);
	}
	is_str(t, want, "a wrapped title: the mark under its continuation lines");
	g_free(t);
	g_free(want);
	g_free(long_cmd);
	series_free(s);
}

/* A scratch repository; its path in *dir (caller owns). */
static git_repository *scratch_repo(char **dir)
{
	git_repository *repo = NULL;

	*dir = g_dir_make_tmp("quill-test-attach-XXXXXX", NULL);
	if (!*dir || git_repository_init(&repo, *dir, TRUE) < 0)
		return NULL;
	return repo;
}

static char *state_head_message(git_repository *repo)
{
	git_oid oid;
	git_commit *c;
	char *msg;

	if (git_reference_name_to_id(&oid, repo, "refs/quill/series/zone") < 0 ||
	    git_commit_lookup(&c, repo, &oid) < 0)
		return NULL;
	msg = g_strdup(git_commit_message(c));
	g_strchomp(msg);
	git_commit_free(c);
	return msg;
}

static gboolean state_has(git_repository *repo, const char *path)
{
	struct state *st;
	gboolean has;

	if (!store_read(&st, repo, "zone", NULL))
		return FALSE;
	has = state_get(st, path) != NULL;
	state_free(st);
	return has;
}

static void test_rm_copy(void)
{
	char *dir, *msg;
	git_repository *repo = scratch_repo(&dir);
	struct series *s = series_blank("zone");
	GError *e = NULL;
	GPtrArray *copied = NULL;
	git_oid before;

	ok(repo != NULL, "a scratch repository");
	if (!repo)
		return;
	s->version = 3;
	put_bench(s->state, 1, "rebind", 10);
	put_bench(s->state, 1, "probe", 7);
	state_set_string(s->state, "v1/bench/mm.json", "{\"kind\": \"quill-objsize\", \"mode\": \"all\"}");
	state_set_string(s->state, "v1/bench/other.json", "{\"tool\": \"another\"}");
	put_bench(s->state, 2, "rebind", 9);
	put_bench(s->state, 3, "rebind", 8);
	state_set_string(s->state, "v3/bench/other.json", "{\"tool\": \"another\"}");
	ok(store_commit(repo, s->state, "setup", NULL, 0, &e), "(the state in git)");
	g_clear_error(&e);

	/* ---- bench rm ---- */
	ok(bench_remove(s, repo, "rebind", &e), "bench rm rebind");
	g_clear_error(&e);
	msg = state_head_message(repo);
	is_str(msg, "bench: rm rebind", "one state commit saying so");
	g_free(msg);
	ok(!state_has(repo, "v3/bench/rebind.json") && state_has(repo, "v2/bench/rebind.json") &&
		   state_has(repo, "v1/bench/rebind.json"),
	   "gone from the working version; the frozen ones keep theirs");
	ok(!state_get(s->state, "v3/bench/rebind.json"), "s->state stands at the new commit");
	git_oid_cpy(&before, state_commit(s->state));
	ok(!bench_remove(s, repo, "rebind", &e) && e && qerr_class(e) == QUILL_ERROR_USAGE &&
		   !strcmp(e->message, "no benchmark or size diff 'rebind' in v3 of zone "
				       "(there: none; v1, v2 have one)"),
	   "none there: bad usage, naming the versions that have one");
	g_clear_error(&e);
	ok(!bench_remove(s, repo, "other", &e) && e && qerr_class(e) == QUILL_ERROR_USAGE &&
		   strstr(e->message, "v3/bench/other.json is not"),
	   "another tool's file is left alone");
	g_clear_error(&e);
	ok(!bench_remove(s, repo, "../cover", &e) && e && qerr_class(e) == QUILL_ERROR_USAGE,
	   "a name that cannot name a benchmark");
	g_clear_error(&e);
	ok(git_oid_equal(&before, state_commit(s->state)), "the errors wrote nothing");
	state_set_string(s->state, "v3/bench/junk.json", "not JSON");
	ok(store_commit(repo, s->state, "(damaged)", NULL, 0, &e) &&
		   bench_remove(s, repo, "junk", &e) && !state_has(repo, "v3/bench/junk.json"),
	   "a damaged file may go");
	g_clear_error(&e);
	git_oid_cpy(&before, state_commit(s->state));

	/* ---- bench copy ---- */
	ok(!bench_copy(&copied, s, repo, 3, NULL, &e) && e && qerr_class(e) == QUILL_ERROR_USAGE &&
		   !strcmp(e->message, "series zone has frozen versions 1 to 2 (v3 is the working one)"),
	   "copy from the working version: bad usage");
	g_clear_error(&e);
	ok(!bench_copy(&copied, s, repo, 1, "nosuch", &e) && e &&
		   qerr_class(e) == QUILL_ERROR_USAGE &&
		   !strcmp(e->message,
			   "no benchmark or size diff 'nosuch' in v1 of zone (there: mm, probe, rebind)"),
	   "copy a name K lacks: bad usage listing what K has");
	g_clear_error(&e);
	ok(!bench_copy(&copied, s, repo, 1, "other", &e) && e && qerr_class(e) == QUILL_ERROR_USAGE &&
		   strstr(e->message, "v1/bench/other.json is not"),
	   "another tool's file is not copied");
	g_clear_error(&e);
	ok(!bench_copy(&copied, s, repo, 1, NULL, &e) && e && qerr_class(e) == QUILL_ERROR_INPUT &&
		   strstr(e->message, "v1/bench/mm.json"),
	   "one that does not parse: bad input naming it, nothing copied");
	g_clear_error(&e);
	ok(git_oid_equal(&before, state_commit(s->state)) && !state_has(repo, "v3/bench/probe.json"),
	   "the errors wrote nothing");
	state_remove(s->state, "v1/bench/mm.json");
	ok(store_commit(repo, s->state, "(mended)", NULL, 0, &e), "(the damaged one gone)");
	g_clear_error(&e);
	ok(bench_copy(&copied, s, repo, 1, NULL, &e) && copied && copied->len == 2 &&
		   !strcmp(g_ptr_array_index(copied, 0), "probe") &&
		   !strcmp(g_ptr_array_index(copied, 1), "rebind"),
	   "copy all of v1: its benchmarks, by name");
	g_clear_error(&e);
	if (copied)
		g_ptr_array_unref(copied);
	copied = NULL;
	msg = state_head_message(repo);
	is_str(msg, "bench: copy probe, rebind from v1", "one state commit saying so");
	g_free(msg);
	{
		struct state *st;
		char *a = NULL, *b = NULL;

		if (store_read(&st, repo, "zone", NULL)) {
			a = state_get_string(st, "v1/bench/rebind.json");
			b = state_get_string(st, "v3/bench/rebind.json");
			state_free(st);
		}
		is_str(b, a, "byte for byte");
		g_free(a);
		g_free(b);
	}
	git_oid_cpy(&before, state_commit(s->state));
	ok(!bench_copy(&copied, s, repo, 2, "rebind", &e) && e &&
		   qerr_class(e) == QUILL_ERROR_USAGE &&
		   !strcmp(e->message, "v3 of zone has its own rebind already (quill bench rm rebind first)"),
	   "the working version has one already: bad usage, nothing written");
	g_clear_error(&e);
	ok(git_oid_equal(&before, state_commit(s->state)), "(nothing written)");
	ok(bench_remove(s, repo, "rebind", &e) && bench_copy(&copied, s, repo, 2, "rebind", &e) &&
		   copied && copied->len == 1,
	   "rm, then copy one name from v2");
	g_clear_error(&e);
	if (copied)
		g_ptr_array_unref(copied);
	copied = NULL;
	msg = state_head_message(repo);
	is_str(msg, "bench: copy rebind from v2", "(its commit)");
	g_free(msg);
	state_remove(s->state, "v2/bench/rebind.json");
	ok(store_commit(repo, s->state, "(emptied)", NULL, 0, &e), "(v2 emptied)");
	g_clear_error(&e);
	ok(!bench_copy(NULL, s, repo, 2, NULL, &e) && e && qerr_class(e) == QUILL_ERROR_NEGATIVE,
	   "nothing in K to copy: a clean negative");
	g_clear_error(&e);
	s->version = 1;
	ok(!bench_copy(NULL, s, repo, 1, NULL, &e) && e && qerr_class(e) == QUILL_ERROR_USAGE &&
		   strstr(e->message, "no frozen version"),
	   "a series with no frozen version");
	g_clear_error(&e);

	series_free(s);
	git_repository_free(repo);
	{
		char *argv[] = { "rm", "-rf", dir, NULL };

		g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
	}
	g_free(dir);
}

int main(void)
{
	git_libgit2_init();
	g_setenv("GIT_COMMITTER_NAME", "Ada Author", TRUE);
	g_setenv("GIT_COMMITTER_EMAIL", "ada@example.org", TRUE);
	g_setenv("GIT_AUTHOR_NAME", "Ada Author", TRUE);
	g_setenv("GIT_AUTHOR_EMAIL", "ada@example.org", TRUE);
	test_earlier();
	test_rm_copy();
	return done_testing();
}
