/* error-git.c - errors made from libgit2's: qerr_git, qerr_git_as.  Apart
 * from error.c so that a program that links no libgit2 (the front quill,
 * cmd/front.c) can still use the rest of the domain. */
#include "core/error.h"

#include <git2.h>
#include <stdarg.h>
#include <string.h>

static void set_git(GError **error, enum quill_error_code cls, int code, const char *fmt,
		    va_list ap)
{
	const git_error *e = git_error_last();
	char *what = g_strdup_vprintf(fmt, ap);
	int packed = (int)cls | (code < 0 && code > -(1 << 20) ? -code << QUILL_ERROR_CLASS_BITS : 0);

	if (e && e->message && *e->message) {
		/* libgit2 ends some messages with ": " and an empty OS error */
		char *why = g_strdup(e->message);
		size_t n = strlen(why);
		while (n && (why[n - 1] == ' ' || why[n - 1] == ':' || why[n - 1] == '\n'))
			why[--n] = 0;
		g_set_error(error, QUILL_ERROR, packed, "%s: %s", what, why);
		g_free(why);
	} else
		g_set_error_literal(error, QUILL_ERROR, packed, what);
	g_free(what);
}

gboolean qerr_git(GError **error, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_git(error, QUILL_ERROR_OUTSIDE, code, fmt, ap);
	va_end(ap);
	return FALSE;
}

gboolean qerr_git_as(GError **error, enum quill_error_code cls, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_git(error, cls, code, fmt, ap);
	va_end(ap);
	return FALSE;
}
