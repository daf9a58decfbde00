/* test-lint-run.c - lib/lint's runs (lint-run.h) over mailboxes: the
 * findings come to the sink message by message, with the set rules last;
 * what is no mail is counted and warned about; a source that cannot be
 * opened is an error; the exceptions of a run come from a file, not
 * through a symbolic link in the work tree.  The runs
 * over commits and series are tested on real repositories in t31*.sh and
 * t4100. */
#include "core/error.h"
#include "lint/lint-run.h"
#include "lint/lint-tree.h"
#include "unit.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <unistd.h>

static struct policy *policy;

/* What the sink was given: "where:rule" for each finding, and the calls. */
struct seen {
	GString *findings;
	guint calls, warnings;
};

static void take(void *payload, GArray *found)
{
	struct seen *s = payload;

	s->calls++;
	for (guint i = 0; i < found->len; i++) {
		const struct lint_finding *f = &g_array_index(found, struct lint_finding, i);

		g_string_append_printf(s->findings, "%s%s:%s%s", s->findings->len ? " " : "",
				       f->input->where, f->ignored ? "-" : "", f->rule);
	}
}

static void count_warning(void *payload, const char *fmt, ...)
{
	struct seen *s = payload;

	(void)fmt;
	s->warnings++;
}

static char *write_tmp(const char *text)
{
	char *path = NULL;
	int fd = g_file_open_tmp("quill-test-XXXXXX", &path, NULL);

	close(fd);
	g_file_set_contents(path, text, -1, NULL);
	return path;
}

static const char patch_mail[] =
	"From: Ada Author <ada@example.org>\n"
	"Subject: [PATCH] zone: fix the watermark\n"
	"Message-ID: <one@example.org>\n"
	"\n"
	"Explain it.\n"
	"---\n"
	"diff --git a/f b/f\n";

static void test_mails(void)
{
	char *mail = write_tmp(patch_mail), *junk = write_tmp("no mail here\n");
	char *paths[] = { mail, junk };
	struct lint *l = lint_new(policy, NULL, NULL, NULL, NULL);
	struct seen s = { g_string_new(NULL), 0, 0 };
	struct lint_sink sink = { take, NULL, &s, count_warning, &s };
	struct lint_run_counts c;
	GError *e = NULL;
	char *missing = g_strconcat(mail, "-none", NULL);

	ok(lint_run_mails(l, paths, 2, NULL, &sink, &c, &e), "a run over two sources");
	ok(strstr(s.findings->str, "sign-off-missing") != NULL, "the patch's findings come");
	is_int(c.checked, 1, "one mail checked");
	is_int(c.messages, 2, "two messages read");
	is_int(c.not_mail, 1, "one of them no mail");
	is_int(s.warnings, 1, "which is warned about");
	paths[0] = missing;
	ok(!lint_run_mails(l, paths, 1, NULL, &sink, &c, &e), "a source that is not there");
	ok(e && qerr_class(e) != 0, "is an error");
	g_clear_error(&e);
	lint_free(l);
	unlink(mail);
	unlink(junk);
	g_free(mail);
	g_free(junk);
	g_free(missing);
	g_string_free(s.findings, TRUE);
}

/* Two patches of one series, by two authors: as git format-patch writes
 * them (never sent: From: is the author), as sent, and with Sender:. */
static char *two_mails(const char *sep, const char *sender2)
{
	return g_strdup_printf(
		"%s\nFrom: Ada Author <ada@example.org>\nSubject: [PATCH 1/2] zone: a\n"
		"Message-ID: <a@example.org>\n\nDo a.\n\nSigned-off-by: Ada Author <ada@example.org>\n"
		"---\ndiff --git a/f b/f\n\n"
		"%s\nFrom: Bo Brenn <bo@example.org>\n%s%s%sSubject: [PATCH 2/2] zone: b\n"
		"Message-ID: <b@example.org>\n\nDo b.\n\nSigned-off-by: Bo Brenn <bo@example.org>\n"
		"---\ndiff --git a/g b/g\n", sep, sep, sender2 ? "Sender: " : "",
		sender2 ? sender2 : "", sender2 ? "\n" : "");
}

static gboolean submitter_warned(char *text, const struct lint_submitter *sub)
{
	char *path = write_tmp(text), *paths[] = { path };
	struct lint *l = lint_new(policy, NULL, NULL, NULL, NULL);
	struct seen s = { g_string_new(NULL), 0, 0 };
	struct lint_sink sink = { take, NULL, &s, NULL, NULL };
	struct lint_run_counts c;
	GError *e = NULL;
	gboolean warned;

	ok(lint_run_mails(l, paths, 1, sub, &sink, &c, &e) && c.checked == 2, "senders: a run");
	warned = strstr(s.findings->str, "series-submitter") != NULL;
	lint_free(l);
	unlink(path);
	g_free(path);
	g_free(text);
	g_string_free(s.findings, TRUE);
	return warned;
}

static void test_senders(void)
{
	static const char magic[] = "From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001";
	static const char sent[] = "From list@example.org Mon Dec  1 10:00:00 2025";
	struct lint_submitter ada = { "Ada Author", "ada@example.org" };

	ok(!submitter_warned(two_mails(magic, NULL), NULL),
	   "senders: format-patch files of two authors are no two senders (item 33)");
	ok(submitter_warned(two_mails(sent, NULL), NULL), "senders: the same mails as sent are");
	ok(!submitter_warned(two_mails(sent, NULL), &ada), "senders: --submitter is the one sender");
	ok(!submitter_warned(two_mails(magic, "Mira Marrow <mira@example.org>"), NULL),
	   "senders: one Sender: known, the other not");
	ok(submitter_warned(two_mails(sent, "Mira Marrow <mira@example.org>"), NULL),
	   "senders: a Sender: header over From:");
	ok(!submitter_warned(two_mails(sent, "Ada Author <ada@example.org>"), NULL),
	   "senders: the same Sender: as the other's From:");
}

static void test_exceptions(void)
{
	char *mail = write_tmp(patch_mail);
	char *ignore = write_tmp("<one@example.org> sign-off-missing  # a test\n");
	char *paths[] = { mail };
	struct lint_ignore *ig = NULL;
	struct seen s = { g_string_new(NULL), 0, 0 };
	struct lint_sink sink = { take, NULL, &s, NULL, NULL };
	struct lint_run_counts c;
	struct lint *l;
	GError *e = NULL;

	ok(lint_exceptions_load(&ig, NULL, ignore, NULL, NULL, &e), "exceptions from a file");
	l = lint_new(policy, NULL, NULL, NULL, ig);
	ok(lint_run_mails(l, paths, 1, NULL, &sink, &c, &e), "a run with them");
	ok(strstr(s.findings->str, ":-sign-off-missing") != NULL, "the finding is marked ignored");
	lint_free(l);
	lint_ignore_free(ig);
	ig = NULL;
	ok(!lint_exceptions_load(&ig, NULL, "/nonexistent/lint-ignore", NULL, NULL, &e) && ig,
	   "a file that is not there: an error, and the list to free");
	g_clear_error(&e);
	lint_ignore_free(ig);
	unlink(mail);
	unlink(ignore);
	g_free(mail);
	g_free(ignore);
	g_string_free(s.findings, TRUE);
}

/* The control files of a work tree: a symbolic link on the way is warned
 * about once and not read (issue 10, item 3); lint_exceptions_load takes
 * it as no file. */
static void test_tree(void)
{
	char *wd = g_dir_make_tmp("quill-tree-XXXXXX", NULL);
	char *secret = g_build_filename(wd, "credentials", NULL);
	char *dot = g_build_filename(wd, ".quill", NULL);
	char *ignore = g_build_filename(dot, "lint-ignore", NULL);
	char *other = g_build_filename(wd, "elsewhere", NULL);
	struct seen s = { g_string_new(NULL), 0, 0 };
	struct lint_ignore *ig = NULL;
	git_repository *repo = NULL;
	char *text = NULL;
	gsize len;
	GError *e = NULL;

	g_file_set_contents(secret, "https://ada:SECRET@github.com\n", -1, NULL);
	g_mkdir(dot, 0755);
	is_int(lint_tree_read(wd, ".quill/lint-ignore", &text, &len, count_warning, &s, &e),
	       LINT_TREE_ABSENT, "tree: no file");
	ok(symlink(secret, ignore) == 0, "tree: a link made");
	is_int(lint_tree_read(wd, ".quill/lint-ignore", &text, &len, count_warning, &s, &e),
	       LINT_TREE_LINK, "tree: a link is not followed");
	ok(!text && s.warnings == 1 && !e, "tree: one warning, nothing read");
	ok(git_repository_init(&repo, wd, FALSE) == 0, "tree: a repository");
	ok(lint_exceptions_load(&ig, repo, NULL, count_warning, &s, &e), "tree: exceptions load");
	is_int(s.warnings, 2, "tree: the link warned about");
	lint_ignore_free(ig);
	unlink(ignore);
	g_file_set_contents(ignore, "<x@y> long-line\n", -1, NULL);
	is_int(lint_tree_read(wd, ".quill/lint-ignore", &text, &len, count_warning, &s, &e),
	       LINT_TREE_READ, "tree: a file is read");
	is_str(text, "<x@y> long-line\n", "tree: all of it");
	is_int(len, 16, "tree: its length");
	g_free(text);
	g_file_set_contents(ignore, "SECRET long-line\n", -1, NULL);
	ok(!lint_exceptions_load(&ig, repo, NULL, count_warning, &s, &e) && e, "tree: a bad line");
	ok(e && g_str_has_suffix(e->message, "lint-ignore:1: the commit is 7 to 40 hex digits "
				 "(or a <message-id>)"), "tree: FILE:LINE and what is wrong");
	ok(e && !strstr(e->message, "SECRET"), "tree: not the line");
	g_clear_error(&e);
	lint_ignore_free(ig);
	unlink(ignore);
	g_mkdir(ignore, 0755);
	is_int(lint_tree_read(wd, ".quill/lint-ignore", &text, &len, count_warning, &s, &e),
	       LINT_TREE_OTHER, "tree: a directory is no file");
	rmdir(ignore);
	rmdir(dot);
	g_mkdir(other, 0755);
	ok(symlink(other, dot) == 0, "tree: a linked directory");
	is_int(lint_tree_read(wd, ".quill/lint-ignore", &text, &len, count_warning, &s, &e),
	       LINT_TREE_LINK, "tree: a link on the way is not followed");
	is_int(s.warnings, 3, "tree: and warned about");
	unlink(dot);
	rmdir(other);
	git_repository_free(repo);
	unlink(secret);
	{
		char *rm = g_strdup_printf("rm -rf '%s'", wd);	/* the repository in it */

		ok(system(rm) == 0, "tree: cleaned up");
		g_free(rm);
	}
	g_free(secret);
	g_free(dot);
	g_free(ignore);
	g_free(other);
	g_free(wd);
	g_string_free(s.findings, TRUE);
}

int main(void)
{
	const char *src = getenv("QUILL_BUILD_DIR");
	char *path = g_build_filename(src ? src : ".", "trailers.conf", NULL);
	GError *e = NULL;

	git_libgit2_init();
	policy = policy_new(lint_rule_ids());
	if (!policy_load_file(policy, path, NULL, &e)) {
		printf("# %s\n", e->message);
		return 1;
	}
	test_mails();
	test_senders();
	test_exceptions();
	test_tree();
	policy_free(policy);
	g_free(path);
	return done_testing();
}
