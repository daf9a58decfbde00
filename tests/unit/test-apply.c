/* test-apply.c - lib/review/apply and lib/git/rewrite (issue 12, --apply):
 * collected trailers matched to a series' commits and written into them,
 * on a scratch repository made with git.  The cases run in order on one
 * repository, each on what the one before left (run them all). */
#include "review/apply.h"
#include "git/rewrite.h"
#include "core/error.h"

#include <git2.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

static char *dir;

/* Run a shell command in the scratch repository; its output (caller
 * owns), or NULL when it fails. */
static char *sh(const char *cmd)
{
	char *argv[] = { "sh", "-c", (char *)cmd, NULL };
	char *out = NULL;
	int status = 1;

	if (!g_spawn_sync(dir, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL, &status,
			  NULL) ||
	    !g_spawn_check_wait_status(status, NULL)) {
		g_free(out);
		return NULL;
	}
	g_strchomp(out);
	return out;
}

static char *msg_of(const char *rev)
{
	char *cmd = g_strdup_printf("git log -1 --format=%%B %s", rev);
	char *out = sh(cmd);

	g_free(cmd);
	return out;
}

/* ---- a collect result built by hand ---- */

static void trailer_free(gpointer p)
{
	struct collect_trailer *t = p;

	g_free(t->trailer);
	g_free(t->from);
	g_free(t->msgid);
	g_free(t->link);
	g_free(t->reason);
	g_free(t);
}

static void patch_free(gpointer p)
{
	struct collect_patch *c = p;

	g_free(c->subject);
	g_free(c->msgid);
	g_free(c->patch_id);
	g_strfreev(c->existing);
	g_free(c->commit);
	g_ptr_array_unref(c->add);
	g_ptr_array_unref(c->not_carried);
	g_ptr_array_unref(c->mismatch);
	g_free(c);
}

/* Patch n of `total`: subject, patch-id (may be NULL), then trailers to
 * add, NULL-terminated; each one's mail is "mN.K@example.org". */
static struct collect_patch *patch(int n, int total, const char *subject, const char *pid, ...)
{
	struct collect_patch *p = g_new0(struct collect_patch, 1);
	const char *t;
	va_list ap;

	p->version = 1;
	p->patch = n;
	p->total = total;
	p->subject = g_strdup(subject);
	p->patch_id = g_strdup(pid);
	p->add = g_ptr_array_new_with_free_func(trailer_free);
	p->not_carried = g_ptr_array_new_with_free_func(trailer_free);
	p->mismatch = g_ptr_array_new_with_free_func(trailer_free);
	va_start(ap, pid);
	while ((t = va_arg(ap, const char *))) {
		struct collect_trailer *ct = g_new0(struct collect_trailer, 1);

		ct->trailer = g_strdup(t);
		ct->msgid = g_strdup_printf("m%d.%u@example.org", n, p->add->len);
		ct->link = g_strdup_printf("https://lore.example.org/r/%s", ct->msgid);
		ct->given_on = 1;
		g_ptr_array_add(p->add, ct);
	}
	va_end(ap);
	return p;
}

static struct collect_result *result(struct collect_patch *first, ...)
{
	struct collect_result *r = g_new0(struct collect_result, 1);
	struct collect_patch *p;
	va_list ap;

	r->version = 1;
	r->patches = g_ptr_array_new_with_free_func(patch_free);
	r->cover = g_ptr_array_new_with_free_func(trailer_free);
	r->missing = g_ptr_array_new_with_free_func(g_free);
	va_start(ap, first);
	for (p = first; p; p = va_arg(ap, struct collect_patch *))
		g_ptr_array_add(r->patches, p);
	va_end(ap);
	return r;
}

static void result_free(struct collect_result *r)
{
	g_ptr_array_unref(r->patches);
	g_ptr_array_unref(r->cover);
	g_ptr_array_unref(r->missing);
	g_free(r);
}

/* The trailers to add to the patches matched to a commit. */
static guint adds(const struct collect_result *r)
{
	guint n = 0;

	for (guint i = 0; i < r->patches->len; i++) {
		const struct collect_patch *p = g_ptr_array_index(r->patches, i);

		n += p->commit ? p->add->len : 0;
	}
	return n;
}

static void report_clear(struct apply_report *rep)
{
	g_free(rep->old_tip);
	g_free(rep->new_tip);
	memset(rep, 0, sizeof *rep);
}

/* TRUE when a command ran (its output freed). */
static gboolean ran(char *out)
{
	gboolean r = out != NULL;

	g_free(out);
	return r;
}

static gboolean same(char *a, const char *b)
{
	gboolean eq = a && b && !strcmp(a, b);

	g_free(a);
	return eq;
}

/* ---- the cases ---- */

static const char *setup_script =
	"git init -q -b main . && git config user.name 'Ada Author' && "
	"git config user.email ada@example.org && "
	"echo base >f && git add f && git commit -q -m 'base' && "
	"git checkout -q -b topic && "
	"echo one >>f && git commit -q -am 'zone: add a frob' -m 'Body one.' "
	"-m 'Signed-off-by: Ada Author <ada@example.org>' && "
	"echo two >>f && git commit -q -am 'zone: second' -m 'Body two.' "
	"-m 'Reported-by: Bob <bob@example.org>\nSigned-off-by: Ada Author <ada@example.org>' && "
	"echo three >>f && git commit -q -am 'zone: third' -m 'No trailers here.'";

static void test_apply(git_repository *repo, struct series *s)
{
	struct apply_opts ao = { 0 };
	struct apply_report rep = { 0 };
	struct collect_result *r;
	GError *e = NULL;
	char *tip0 = sh("git rev-parse topic"), *state0 = sh("git rev-parse refs/quill/series/zone");
	char *pid2 = sh("git show topic~1 | git patch-id --stable | cut -d' ' -f1");
	char *tree0 = sh("git rev-parse topic^{tree}"), *cmd;

	ok(ran(sh("git notes --ref=quill add -f -m 'review of one' topic~2")),
	   "(a note on the first commit)");
	r = result(patch(1, 3, "zone: add a frob", NULL, "Reviewed-by: Carol <carol@example.org>",
			 "signed-off-by: ada author  <ada@example.org>", NULL),
		   patch(2, 3, "zone: second (as posted)", pid2, "Acked-by: Dan <dan@example.org>",
			 "Link: https://lore.example.org/r/abc@x", NULL),
		   patch(3, 3, "zone: third", NULL, "Tested-by: Eve <eve@example.org>",
			 "Reported-by: BOB <bob@example.org>", NULL),
		   patch(4, 3, "zone: not on the branch", NULL, "Acked-by: Zed <z@example.org>", NULL),
		   NULL);
	ok(review_collect_match(repo, s, r, NULL, NULL, &e), "match");
	g_clear_error(&e);
	ok(same(sh("git rev-parse topic~2"),
		((struct collect_patch *)g_ptr_array_index(r->patches, 0))->commit),
	   "patch 1 by its subject");
	ok(same(sh("git rev-parse topic~1"),
		((struct collect_patch *)g_ptr_array_index(r->patches, 1))->commit),
	   "patch 2 by its patch-id (the subject differs)");
	ok(((struct collect_patch *)g_ptr_array_index(r->patches, 3))->commit == NULL,
	   "a patch on no commit matches none");
	is_int(adds(r), 5, "what the commits carry is dropped (case and blanks aside)");

	/* dry run */
	ao.dry_run = TRUE;
	ok(review_apply(repo, s, r, &ao, &rep, &e), "--dry-run");
	g_clear_error(&e);
	is_int(rep.trailers, 5, "it counts the trailers of the matched patches");
	is_int(rep.commits, 3, "and the commits rewritten");
	ok(rep.new_tip == NULL, "no new tip");
	ok(same(sh("git rev-parse topic"), tip0) &&
		   same(sh("git rev-parse refs/quill/series/zone"), state0) &&
		   !ran(sh("git rev-parse -q --verify ORIG_HEAD")),
	   "--dry-run writes nothing");
	report_clear(&rep);

	ao.dry_run = FALSE;
	ok(review_apply(repo, s, r, &ao, &rep, &e), "apply");
	if (e)
		printf("# %s\n", e->message);
	g_clear_error(&e);
	is_int(rep.commits, 3, "three commits rewritten");
	ok(same(sh("git rev-parse topic"), rep.new_tip) && strcmp(rep.new_tip, tip0),
	   "the branch moved to the new tip");
	ok(same(sh("git rev-parse ORIG_HEAD"), tip0), "ORIG_HEAD is the old tip");
	ok(same(sh("git rev-parse topic^{tree}"), tree0), "the same tree");
	cmd = sh("git rev-parse main");
	ok(same(sh("git rev-parse topic~3"), cmd), "on the same base");
	g_free(cmd);
	ok(same(sh("git status --porcelain"), ""), "git status stays clean");
	ok(same(sh("git symbolic-ref HEAD"), "refs/heads/topic"), "HEAD still names the branch");
	ok(same(msg_of("topic~2"), "zone: add a frob\n\nBody one.\n\n"
				   "Reviewed-by: Carol <carol@example.org>\n"
				   "Signed-off-by: Ada Author <ada@example.org>"),
	   "appended; the own Signed-off-by moved last");
	ok(same(msg_of("topic~1"), "zone: second\n\nBody two.\n\n"
				   "Reported-by: Bob <bob@example.org>\n"
				   "Acked-by: Dan <dan@example.org>\n"
				   "Link: https://lore.example.org/r/abc@x\n"
				   "Signed-off-by: Ada Author <ada@example.org>"),
	   "existing trailers in place, new ones in the order given");
	ok(same(msg_of("topic"), "zone: third\n\nNo trailers here.\n\n"
				 "Tested-by: Eve <eve@example.org>\n"
				 "Reported-by: BOB <bob@example.org>"),
	   "a message without a block gets one");
	ok(same(sh("git notes --ref=quill show topic~2"), "review of one"),
	   "the note carried to the new commit");
	ok(same(sh("git rev-list --count refs/notes/quill ^refs/notes/quill~1"), "1") &&
		   same(sh("git log -1 --format=%s refs/notes/quill"),
			"quill: notes carried to rewritten commits"),
	   "in one notes commit");
	ok(same(sh("git rev-parse refs/quill/series/zone~1"), state0), "one state commit");
	{
		char *j = sh("git show refs/quill/series/zone:collected.json");
		json_t *doc = j ? json_loads(j, 0, NULL) : NULL;
		json_t *e0 = json_array_get(doc, 0);
		char *c1 = sh("git rev-parse topic~2");

		is_int(json_array_size(doc), 5, "collected.json: one entry per trailer");
		ok(e0 && !g_strcmp0(json_string_value(json_object_get(e0, "commit")), c1) &&
			   !g_strcmp0(json_string_value(json_object_get(e0, "trailer")),
				      "Reviewed-by: Carol <carol@example.org>") &&
			   !g_strcmp0(json_string_value(json_object_get(e0, "msgid")),
				      "m1.0@example.org") &&
			   json_string_value(json_object_get(e0, "link")),
		   "its commit (the new one), trailer, msgid and link");
		json_decref(doc);
		g_free(j);
		g_free(c1);
	}
	report_clear(&rep);

	/* a second collect adds nothing; a Link: is the same by its Message-ID */
	{
		struct collect_patch *p2 = g_ptr_array_index(r->patches, 1);
		struct collect_trailer *ct = g_new0(struct collect_trailer, 1);

		ct->trailer = g_strdup("Link: https://patch.msgid.link/abc%40x/");
		g_ptr_array_add(p2->add, ct);
	}
	ok(review_collect_match(repo, s, r, NULL, NULL, &e), "match again");
	g_clear_error(&e);
	is_int(adds(r), 0, "a second match after apply finds nothing to add");
	result_free(r);

	/* a branch that moved since it was read: nothing written */
	{
		git_oid base, stale, nt;
		struct rewrite_edit ed;
		char *now = sh("git rev-parse topic");

		cmd = sh("git rev-parse main");
		git_oid_fromstr(&base, cmd);
		g_free(cmd);
		git_oid_fromstr(&stale, tip0);
		git_oid_cpy(&ed.commit, &stale);
		ed.message = "x\n";
		ok(!rewrite_range(repo, "refs/heads/topic", &base, &stale, &ed, 1, NULL, &nt, NULL,
				  NULL, &e) &&
			   e && qerr_class(e) == QUILL_ERROR_OUTSIDE,
		   "a branch moved meanwhile: refused (outside)");
		g_clear_error(&e);
		ok(same(sh("git rev-parse topic"), now), "the branch untouched");
		g_free(now);
	}
	g_free(tip0);
	g_free(state0);
	g_free(pid2);
	g_free(tree0);
}

static void test_order(git_repository *repo, struct series *s)
{
	struct apply_opts ao = { 0 };
	struct apply_report rep = { 0 };
	struct collect_result *r;
	GError *e = NULL;

	r = result(patch(2, 3, "zone: second", NULL, "Cc: Zed <zed@example.org>",
			 "Fixes: 123456789abc (\"zone: old\")", NULL),
		   NULL);
	ok(review_collect_match(repo, s, r, NULL, NULL, &e), "match (order)");
	g_clear_error(&e);
	ao.order_policy = TRUE;
	ok(review_apply(repo, s, r, &ao, &rep, &e), "apply --order policy");
	if (e)
		printf("# %s\n", e->message);
	g_clear_error(&e);
	ok(same(msg_of("topic~1"), "zone: second\n\nBody two.\n\n"
				   "Fixes: 123456789abc (\"zone: old\")\n"
				   "Reported-by: Bob <bob@example.org>\n"
				   "Signed-off-by: Ada Author <ada@example.org>\n"
				   "Acked-by: Dan <dan@example.org>\n"
				   "Cc: Zed <zed@example.org>\n"
				   "Link: https://lore.example.org/r/abc@x"),
	   "the whole block sorted by the policy's order");
	is_int(rep.commits, 2, "that commit and the one after it");
	report_clear(&rep);
	result_free(r);
}

static void test_signed(git_repository *repo, struct series *s)
{
	struct apply_opts ao = { 0 };
	struct apply_report rep = { 0 };
	struct collect_result *r;
	GError *e = NULL;
	char *tip, *state0;

	ok(ran(sh("t=$(git rev-parse HEAD^{tree}) p=$(git rev-parse HEAD) && "
	      "c=$(printf 'tree %s\\nparent %s\\n"
	      "author Ada Author <ada@example.org> 1700000000 +0000\\n"
	      "committer Ada Author <ada@example.org> 1700000000 +0000\\n"
	      "gpgsig -----BEGIN PGP SIGNATURE-----\\n \\n fake\\n -----END PGP SIGNATURE-----\\n"
	      "\\nzone: signed\\n\\nSigned-off-by: Ada Author <ada@example.org>\\n' \"$t\" \"$p\" | "
	      "git hash-object -t commit -w --literally --stdin) && git update-ref refs/heads/topic $c")),
	   "(a signed commit on top)");
	tip = sh("git rev-parse topic");
	state0 = sh("git rev-parse refs/quill/series/zone");
	ok(same(sh("git cat-file commit topic | grep -c ^gpgsig"), "1"), "(it has a gpgsig header)");
	r = result(patch(1, 4, "zone: add a frob", NULL, "Tested-by: Fay <fay@example.org>", NULL),
		   NULL);
	ok(review_collect_match(repo, s, r, NULL, NULL, &e), "match (signed)");
	g_clear_error(&e);
	ok(!review_apply(repo, s, r, &ao, &rep, &e) && e && strstr(e->message, "is signed") &&
		   strstr(e->message, "--drop-signatures"),
	   "a signed commit after a changed one is refused");
	g_clear_error(&e);
	ok(same(sh("git rev-parse topic"), tip) &&
		   same(sh("git rev-parse refs/quill/series/zone"), state0),
	   "and nothing is written");
	report_clear(&rep);
	/* re-signing with a program that is not there: nothing is written */
	ok(ran(sh("git config gpg.program \"$HOME/no-such-gpg\"")), "(gpg.program missing)");
	ao.resign = TRUE;
	ok(!review_apply(repo, s, r, &ao, &rep, &e) && e &&
		   strstr(e->message, "cannot re-sign commit") && strstr(e->message, "no-such-gpg") &&
		   qerr_class(e) == QUILL_ERROR_OUTSIDE,
	   "--resign whose signing fails: an outside failure naming the program");
	g_clear_error(&e);
	ok(same(sh("git rev-parse topic"), tip) &&
		   same(sh("git rev-parse refs/quill/series/zone"), state0),
	   "and nothing is written");
	ok(ran(sh("git config --unset gpg.program")), "(gpg.program unset)");
	report_clear(&rep);
	ao.resign = FALSE;
	ao.drop_signatures = TRUE;
	ok(review_apply(repo, s, r, &ao, &rep, &e), "--drop-signatures rewrites it");
	g_clear_error(&e);
	ok(same(sh("git cat-file commit topic | grep -c ^gpgsig || true"), "0"),
	   "unsigned now");
	ok(same(msg_of("topic"), "zone: signed\n\nSigned-off-by: Ada Author <ada@example.org>"),
	   "its message kept");
	ok(same(sh("git rev-parse ORIG_HEAD"), tip), "ORIG_HEAD the signed tip");
	ok(same(sh("git status --porcelain"), ""), "status clean");
	report_clear(&rep);
	result_free(r);
	g_free(tip);
	g_free(state0);
}

int main(int argc, char **argv)
{
	git_repository *repo = NULL;
	struct series *s = NULL;
	struct series_new_opts so = { 0 };
	GError *e = NULL;

	unit_init(argc, argv);
	git_libgit2_init();
	g_setenv("GIT_COMMITTER_NAME", "Ada Author", TRUE);
	g_setenv("GIT_COMMITTER_EMAIL", "ada@example.org", TRUE);
	g_setenv("GIT_AUTHOR_NAME", "Ada Author", TRUE);
	g_setenv("GIT_AUTHOR_EMAIL", "ada@example.org", TRUE);
	g_setenv("GIT_CONFIG_NOSYSTEM", "1", TRUE);
	dir = g_dir_make_tmp("quill-test-apply-XXXXXX", NULL);
	g_setenv("HOME", dir, TRUE);
	ok(dir && ran(sh(setup_script)), "a scratch repository");
	ok(git_repository_open(&repo, dir) == 0, "opened");
	so.name = "zone";
	so.branch = "topic";
	so.base = "main";
	so.no_checkout = TRUE;
	ok(repo && series_create(&s, repo, &so, NULL, NULL, &e), "a series on it");
	if (e)
		printf("# %s\n", e->message);
	g_clear_error(&e);
	if (s) {
		UNIT_CASE("apply")
			test_apply(repo, s);
		UNIT_CASE("order")
			test_order(repo, s);
		UNIT_CASE("signed")
			test_signed(repo, s);
	}
	series_free(s);
	git_repository_free(repo);
	{
		char *rm[] = { "rm", "-rf", dir, NULL };

		g_spawn_sync(NULL, rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
	}
	g_free(dir);
	return done_testing();
}
