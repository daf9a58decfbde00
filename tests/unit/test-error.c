/* test-error.c - lib/core/error: classes, and libgit2's code kept. */
#include "core/error.h"
#include "unit.h"

#include <git2.h>

int main(void)
{
	GError *e = NULL;
	git_repository *repo = NULL;
	int rc;

	git_libgit2_init();
	ok(!qerr(&e, QUILL_ERROR_INPUT, "x.conf:3: bad"), "qerr returns FALSE");
	is_int(qerr_class(e), QUILL_ERROR_INPUT, "its class is the one given");
	is_int(qerr_git_code(e), 0, "it has no libgit2 code");
	is_int(qerr_exit_code(e), 3, "its exit status is the class");
	g_clear_error(&e);

	rc = git_repository_open(&repo, "/nonexistent/quill-test");
	ok(rc == GIT_ENOTFOUND, "libgit2 says not found");
	ok(!qerr_git(&e, rc, "cannot open %s", "it"), "qerr_git returns FALSE");
	is_int(qerr_class(e), QUILL_ERROR_OUTSIDE, "a libgit2 failure is an outside one");
	is_int(qerr_git_code(e), GIT_ENOTFOUND, "libgit2's code is kept");
	ok(e && g_str_has_prefix(e->message, "cannot open it: "), "the message leads with what failed");
	ok(qerr_prefix(&e, "series x") == FALSE && g_str_has_prefix(e->message, "series x: cannot"),
	   "a prefix keeps the rest");
	is_int(qerr_git_code(e), GIT_ENOTFOUND, "and the code");
	g_clear_error(&e);

	qerr_git_as(&e, QUILL_ERROR_USAGE, GIT_EINVALIDSPEC, "bad rev");
	is_int(qerr_class(e), QUILL_ERROR_USAGE, "qerr_git_as sets the class");
	is_int(qerr_git_code(e), GIT_EINVALIDSPEC, "and keeps the code");
	g_clear_error(&e);

	e = g_error_new_literal(G_FILE_ERROR, G_FILE_ERROR_NOENT, "gone");
	is_int(qerr_class(e), QUILL_ERROR_OUTSIDE, "another domain is an outside failure");
	is_int(qerr_git_code(e), 0, "with no libgit2 code");
	g_clear_error(&e);
	is_int(qerr_class(NULL), 0, "no error, no class");
	git_libgit2_shutdown();
	return done_testing();
}
