/* test-lint-run.c - lib/lint's runs (lint-run.h) over mailboxes: the
 * findings come to the sink message by message, with the set rules last;
 * what is no mail is counted and warned about; a source that cannot be
 * opened is an error; the exceptions of a run come from a file.  The runs
 * over commits and series are tested on real repositories in t31*.sh and
 * t4100. */
#include "core/error.h"
#include "lint/lint-run.h"
#include "unit.h"

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

	ok(lint_exceptions_load(&ig, NULL, ignore, &e), "exceptions from a file");
	l = lint_new(policy, NULL, NULL, NULL, ig);
	ok(lint_run_mails(l, paths, 1, NULL, &sink, &c, &e), "a run with them");
	ok(strstr(s.findings->str, ":-sign-off-missing") != NULL, "the finding is marked ignored");
	lint_free(l);
	lint_ignore_free(ig);
	ig = NULL;
	ok(!lint_exceptions_load(&ig, NULL, "/nonexistent/lint-ignore", &e) && ig,
	   "a file that is not there: an error, and the list to free");
	g_clear_error(&e);
	lint_ignore_free(ig);
	unlink(mail);
	unlink(ignore);
	g_free(mail);
	g_free(ignore);
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
	test_exceptions();
	policy_free(policy);
	g_free(path);
	return done_testing();
}
