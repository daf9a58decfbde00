/* error.c - the quill GError domain (libgit2 errors: error-git.c). */
#include "core/error.h"

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

int qerr_class(const GError *error)
{
	int cls;

	if (!error)
		return 0;
	cls = error->domain == QUILL_ERROR ? error->code & ((1 << QUILL_ERROR_CLASS_BITS) - 1) : 0;
	return cls >= QUILL_ERROR_NEGATIVE && cls <= QUILL_ERROR_OUTSIDE ? cls : QUILL_ERROR_OUTSIDE;
}

int qerr_git_code(const GError *error)
{
	if (!error || error->domain != QUILL_ERROR)
		return 0;
	return -(error->code >> QUILL_ERROR_CLASS_BITS);
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
	return qerr_class(error);
}
