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

/* A quill error's code: the class in the low four bits, libgit2's return
 * code (negated: libgit2's are negative) above them. */
#define CLASS_BITS 4
#define CLASS_MASK ((1 << CLASS_BITS) - 1)

static void set_git(GError **error, enum quill_error_code cls, int code, const char *fmt,
		    va_list ap)
{
	const git_error *e = git_error_last();
	char *what = g_strdup_vprintf(fmt, ap);
	int packed = (int)cls | (code < 0 && code > -(1 << 20) ? -code << CLASS_BITS : 0);

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

int qerr_class(const GError *error)
{
	int cls;

	if (!error)
		return 0;
	cls = error->domain == QUILL_ERROR ? error->code & CLASS_MASK : 0;
	return cls >= QUILL_ERROR_NEGATIVE && cls <= QUILL_ERROR_OUTSIDE ? cls : QUILL_ERROR_OUTSIDE;
}

int qerr_git_code(const GError *error)
{
	if (!error || error->domain != QUILL_ERROR)
		return 0;
	return -(error->code >> CLASS_BITS);
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
