/* test-send-gate.c - lib/review/send-gate: the checks series send makes
 * before it sends, over series made in scratch repositories by git and
 * the quill built here (QUILL_BUILD_DIR, else the current directory):
 * placeholders (never overridden), trailer lint errors (--force makes them
 * a warning), the branch changed since series format, the same patches as
 * the version last sent, open review items of the version before. */
#include "review/send-gate.h"
#include "core/error.h"
#include "core/resource.h"
#include "review/store.h"
#include "series/outgoing.h"
#include "unit.h"

#include <gmime/gmime.h>

static char *top;		/* the scratch directory */
static struct resources *res;
static GString *warnings;

static void collect_warning(void *payload, const char *fmt, ...)
{
	va_list ap;

	(void)payload;
	va_start(ap, fmt);
	g_string_append_vprintf(warnings, fmt, ap);
	g_string_append_c(warnings, '\n');
	va_end(ap);
}

/* Run a shell script in top/dir with a fixed identity and dates; TRUE when
 * it exits 0 (its stderr is shown when it does not). */
static gboolean sh(const char *dir, const char *script)
{
	char *cwd = g_build_filename(top, dir, NULL), *err = NULL;
	const char *argv[] = { "sh", "-c", script, NULL };
	int status = -1;
	gboolean ok;

	g_mkdir_with_parents(cwd, 0777);
	ok = g_spawn_sync(cwd, (char **)argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
			  NULL, NULL, NULL, &err, &status, NULL) &&
	     g_spawn_check_wait_status(status, NULL);
	if (!ok)
		printf("# %s: %s\n", script, err ? err : "");
	g_free(err);
	g_free(cwd);
	return ok;
}

static void setup_env(void)
{
	const char *build = g_getenv("QUILL_BUILD_DIR");
	char *abs = build ? g_strdup(build) : g_get_current_dir();
	char *path = g_strdup_printf("%s:%s", abs, g_getenv("PATH"));
	char *home = g_build_filename(top, "home", NULL);

	g_mkdir_with_parents(home, 0777);
	g_setenv("PATH", path, TRUE);
	g_setenv("HOME", home, TRUE);
	g_setenv("GIT_CONFIG_NOSYSTEM", "1", TRUE);
	g_setenv("GIT_AUTHOR_NAME", "Ada Author", TRUE);
	g_setenv("GIT_AUTHOR_EMAIL", "ada@example.org", TRUE);
	g_setenv("GIT_COMMITTER_NAME", "Ada Author", TRUE);
	g_setenv("GIT_COMMITTER_EMAIL", "ada@example.org", TRUE);
	g_setenv("GIT_AUTHOR_DATE", "@1764583200 +0000", TRUE);
	g_setenv("GIT_COMMITTER_DATE", "@1764583200 +0000", TRUE);
	g_setenv("SOURCE_DATE_EPOCH", "1764583200", TRUE);
	g_setenv("LC_ALL", "C", TRUE);
	g_unsetenv("GIT_DIR");
	g_unsetenv("EDITOR");
	sh(".", "git config --global user.name 'Ada Author' && "
		"git config --global user.email ada@example.org && "
		"git config --global init.defaultBranch main");
	g_free(home);
	g_free(path);
	g_free(abs);
}

/* A repository `dir` with series zone of n signed-off patches and a
 * filled-in cover. */
static gboolean make_series(const char *dir, int n)
{
	char *script = g_strdup_printf(
		"git init -q %s && cd %s && echo base >base && git add base && "
		"git commit -qm base && quill series new zone && "
		"quill series edit-cover -m 'zone: frob the zones\n\nWhy it is done.' && "
		"for i in $(seq %d); do echo $i >f$i && git add f$i && "
		"git commit -qs -m \"zone: add f$i\"; done", dir, dir, n);
	gboolean ok = sh(".", script);

	g_free(script);
	return ok;
}

/* The gate on the working version of zone in `dir`: "ok" or "class N:
 * message"; the warnings go to `warnings` (emptied first). */
static char *gate(const char *dir, gboolean force)
{
	char *path = g_build_filename(top, dir, NULL), *out = NULL;
	git_repository *repo = NULL;
	struct series *s = NULL;
	struct series_outgoing *og = NULL;
	struct series_outgoing_opts o = { .when = 1764583200 };
	GError *e = NULL;
	struct send_gate g = { 0 };

	g_string_truncate(warnings, 0);
	if (git_repository_open(&repo, path) < 0)
		out = g_strdup("no repository");
	else if (!series_load(&s, repo, "zone", &e) ||
		 !series_outgoing_build(&og, repo, s, res, &o, &e))
		out = g_strdup_printf("build: %s", e->message);
	if (!out) {
		g.repo = repo;
		g.res = res;
		g.force = force;
		g.warn = collect_warning;
		out = send_gate_check(&g, s, og, &e) ? g_strdup("ok")
		      : g_strdup_printf("class %d: %s", qerr_class(e), e->message);
	}
	g_clear_error(&e);
	series_outgoing_free(og);
	if (s)
		series_free(s);
	git_repository_free(repo);
	g_free(path);
	return out;
}

static void is_gate(const char *dir, gboolean force, const char *want, const char *what)
{
	char *got = gate(dir, force);

	is_str(got, want, what);
	g_free(got);
}

static void is_warned(const char *want, const char *what)
{
	is_str(warnings->str, want, what);
}

static void test_placeholders(void)
{
	ok(make_series("ph", 2), "ph: a series of two patches");
	is_gate("ph", FALSE, "ok", "a filled-in cover passes");
	is_warned("", "no warning");
	ok(sh("ph", "quill series edit-cover -m 'zone: EDITME a subject\n\nbody'"), "EDITME");
	is_gate("ph", FALSE, "class 1: the cover of v1 still holds the placeholder 'EDITME'; fill "
		"it in with 'quill series edit-cover'", "EDITME in the cover is refused");
	is_gate("ph", TRUE, "class 1: the cover of v1 still holds the placeholder 'EDITME'; fill "
		"it in with 'quill series edit-cover'", "even with force");
	ok(sh("ph", "quill series edit-cover -m '*** SUBJECT HERE ***\n\n*** BLURB HERE ***'"),
	   "git's placeholders");
	is_gate("ph", FALSE, "class 1: the cover of v1 still holds the placeholder '*** SUBJECT "
		"HERE ***'; fill it in with 'quill series edit-cover'", "*** SUBJECT HERE ***");
	ok(sh("ph", "quill series edit-cover -m 'zone: x\n\nsee \\{{ shortlog }} here'"),
	   "an escaped token");
	is_gate("ph", FALSE, "class 1: the cover of v1 still holds the placeholder '{{ shortlog }}'; "
		"fill it in with 'quill series edit-cover'", "an unfilled {{token}}");
	ok(sh("ph", "quill series edit-cover -m 'zone: x\n\nGo templates: \\{{ .Name }} and "
		    "\\{{nothing}}\n\n{{shortlog}}'"), "braces that are no token");
	is_gate("ph", FALSE, "ok", "braces that name no token of the cover pass");
}

static void test_one_patch(void)
{
	ok(make_series("one", 1), "one: a series of one patch");
	ok(sh("one", "printf '%s\\n' '{{name}}' 'EDITME' >tmpl && git add tmpl && "
		     "git commit -q --amend -s -m 'zone: add a template\n\nIt says {{subject}}.'"),
	   "the patch holds braces and EDITME itself");
	is_gate("one", FALSE, "ok", "the patch's own message and diff are no placeholders");
	ok(sh("one", "quill series edit-cover -m 'zone: x\n\nEDITME: say why'"), "EDITME below ---");
	is_gate("one", FALSE, "class 1: the text below the patch's --- of v1 still holds the "
		"placeholder 'EDITME'; fill it in with 'quill series edit-cover'",
		"EDITME in a one-patch series' text");
}

static void test_lint(void)
{
	ok(make_series("lint", 2), "lint: a series");
	ok(sh("lint", "echo x >g && git add g && git commit -q -m 'zone: no sign-off'"),
	   "a patch without Signed-off-by");
	{
		char *got = gate("lint", FALSE);

		/* sign-off-missing and sign-off-author */
		ok(g_str_has_prefix(got, "class 1: v1 has 2 trailer lint errors ("), "lint errors refuse");
		ok(strstr(got, ": sign-off-missing: ") != NULL, "naming the first");
		ok(strstr(got, "; see 'quill trailer lint --series zone', or send anyway with --force") != NULL,
		   "saying how to see them");
		ok(!strchr(got, '\n'), "in one line");
		printf("# %s\n", got);
		g_free(got);
	}
	is_gate("lint", TRUE, "ok", "force sends anyway");
	is_warned("v1 has 2 trailer lint errors, sent anyway (--force)\n", "with a warning");
}

static void test_formatted(void)
{
	char *rec;

	ok(make_series("fmt", 2), "fmt: a series");
	is_gate("fmt", FALSE, "ok", "never formatted: no check");
	ok(sh("fmt", "quill series format >mbox"), "formatted");
	is_gate("fmt", FALSE, "ok", "formatted at this tip");
	ok(sh("fmt", "git rev-parse --short=7 HEAD >../fmt-old && echo y >h && git add h && "
		     "git commit -qs -m 'zone: one more' && git rev-parse --short=7 HEAD >../fmt-new"),
	   "a commit after the format");
	{
		char *old = NULL, *now = NULL, *want;
		char *po = g_build_filename(top, "fmt-old", NULL), *pn = g_build_filename(top, "fmt-new", NULL);

		g_file_get_contents(po, &old, NULL, NULL);
		g_file_get_contents(pn, &now, NULL, NULL);
		want = g_strdup_printf("class 1: branch zone changed since 'quill series format' of v1 "
				       "(tip %s, now %s); run it again to look at what will go",
				       g_strstrip(old), g_strstrip(now));
		is_gate("fmt", TRUE, want, "the branch changed since: refused, even with force");
		g_free(want);
		g_free(old);
		g_free(now);
		g_free(po);
		g_free(pn);
	}
	ok(sh("fmt", "quill series format -o out >/dev/null"), "formatted again");
	is_gate("fmt", FALSE, "ok", "then it passes");
	rec = g_build_filename(top, "fmt", ".git", "quill", "formatted", "zone", NULL);
	ok(g_file_set_contents(rec, "version 7\ntip 0123456789abcdef0123456789abcdef01234567\ntime 1\n",
			       -1, NULL), "a record of another version");
	is_gate("fmt", FALSE, "ok", "a record of another version is not this one's");
	ok(g_file_set_contents(rec, "garbage\n", -1, NULL), "a damaged record");
	is_gate("fmt", FALSE, "ok", "a damaged record does not refuse");
	ok(g_str_has_prefix(warnings->str, "cannot tell whether branch zone changed since 'quill "
			    "series format': "), "it is a warning");
	g_free(rec);
}

static void test_sent(void)
{
	ok(make_series("sent", 2), "sent: a series");
	ok(sh("sent", "quill series new-version --msgid '<c0@example.org>' -m 'nothing yet' && "
		      "git commit -q --amend -s --no-edit --date='@1764590000 +0000'"),
	   "v1 sent; the last patch amended without a change");
	{
		char *got = gate("sent", FALSE);

		ok(g_str_has_prefix(got, "class 1: v2 is what v1 sent on 20") &&
		   g_str_has_suffix(got, " (the same patches); use --resend 1 to send that again"),
		   "the same patches as v1 sent are refused");
		printf("# %s\n", got);
		g_free(got);
	}
	ok(sh("sent", "echo z >z && git add z && git commit -qs -m 'zone: a new patch'"),
	   "a patch more");
	is_gate("sent", FALSE, "ok", "other patches pass");
	ok(make_series("unsent", 2) &&
	   sh("unsent", "quill series new-version -m 'nothing yet' && "
			"quill series edit-cover -m 'zone: frob\n\nAgain.'"),
	   "unsent: v1 frozen without a Message-ID");
	is_gate("unsent", FALSE, "ok", "the same patches as an unsent v1 pass");
}

/* Two open items and one addressed on v1 of zone in `dir`. */
static gboolean add_items(const char *dir)
{
	char *path = g_build_filename(top, dir, NULL);
	git_repository *repo = NULL;
	struct series *s = NULL;
	struct review_version *rv = review_version_new(1);
	GError *e = NULL;
	gboolean ok = git_repository_open(&repo, path) == 0 && series_load(&s, repo, "zone", &e);

	for (int i = 0; ok && i < 3; i++) {
		struct review_item *it = review_item_new();

		it->id = g_strdup_printf("00000000000%d", i);
		it->kind = REVIEW_QUESTION;
		it->author = g_strdup("Bo Reviewer <bo@example.com>");
		it->msgid = g_strdup_printf("r%d@example.com", i);
		it->version = 1;
		it->patch = 1;
		it->text = g_strdup("Why?");
		it->quoted = g_strdup("");
		it->status = i == 2 ? REVIEW_ADDRESSED : REVIEW_OPEN;
		g_ptr_array_add(rv->items, it);
	}
	if (ok) {
		review_store_set(s, rv);
		ok = series_save(s, repo, "review: test items", NULL, 0, &e);
	}
	if (e)
		printf("# %s\n", e->message);
	g_clear_error(&e);
	review_version_free(rv);
	if (s)
		series_free(s);
	git_repository_free(repo);
	g_free(path);
	return ok;
}

static void test_open_items(void)
{
	ok(make_series("rev", 2), "rev: a series");
	ok(sh("rev", "quill series new-version --msgid '<c1@example.org>' -m 'nothing yet' && "
		     "echo n >n && git add n && git commit -qs -m 'zone: answer the review'"),
	   "v1 sent, v2 with a patch more");
	is_gate("rev", FALSE, "ok", "no review: ok");
	is_warned("", "and no warning");
	ok(add_items("rev"), "v1 has two open items and one addressed");
	is_gate("rev", FALSE, "ok", "open items do not refuse");
	is_warned("v1 has 2 open review items (quill review show)\n", "they are a warning");
}

int main(int argc, char **argv)
{
	char *argv_rm[] = { (char *)"rm", (char *)"-rf", NULL, NULL };
	const char *none[] = { NULL };

	unit_init(argc, argv);
	g_mime_init();
	git_libgit2_init();
	top = g_dir_make_tmp("quill-test-gate-XXXXXX", NULL);
	warnings = g_string_new(NULL);
	res = resources_new(none);
	setup_env();
	UNIT_CASE("placeholders")
		test_placeholders();
	UNIT_CASE("one-patch")
		test_one_patch();
	UNIT_CASE("lint")
		test_lint();
	UNIT_CASE("formatted")
		test_formatted();
	UNIT_CASE("sent")
		test_sent();
	UNIT_CASE("open-items")
		test_open_items();
	argv_rm[2] = top;
	g_spawn_sync(NULL, argv_rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
	resources_free(res);
	g_string_free(warnings, TRUE);
	g_free(top);
	return done_testing();
}
