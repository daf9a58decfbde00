/* error.c - the quill GError domain and libgit2 error translation. */
#include "core/error.h"

#include <git2.h>
#include <stdarg.h>
#include <string.h>

G_DEFINE_QUARK(quill-error-quark, quill_error)

gboolean qerr(GError **error, enum quill_error_code code, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	g_set_error_literal(error, QUILL_ERROR, code, msg);
	g_free(msg);
	return FALSE;
}

gboolean qerr_git(GError **error, int code, const char *fmt, ...)
{
	const git_error *e = git_error_last();
	va_list ap;
	char *what;

	(void)code;
	va_start(ap, fmt);
	what = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	if (e && e->message && *e->message) {
		/* libgit2 ends some messages with ": " and an empty OS error */
		char *why = g_strdup(e->message);
		size_t n = strlen(why);
		while (n && (why[n - 1] == ' ' || why[n - 1] == ':' || why[n - 1] == '\n'))
			why[--n] = 0;
		g_set_error(error, QUILL_ERROR, QUILL_ERROR_OUTSIDE, "%s: %s", what, why);
		g_free(why);
	} else
		g_set_error_literal(error, QUILL_ERROR, QUILL_ERROR_OUTSIDE, what);
	g_free(what);
	return FALSE;
}

gboolean qerr_prefix(GError **error, const char *fmt, ...)
{
	va_list ap;
	char *p;

	if (!error || !*error)
		return FALSE;
	va_start(ap, fmt);
	p = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	g_prefix_error(error, "%s: ", p);
	g_free(p);
	return FALSE;
}

int qerr_exit_code(const GError *error)
{
	if (!error)
		return 0;
	if (error->domain == QUILL_ERROR && error->code >= 1 && error->code <= 4)
		return error->code;
	return 4;
}
