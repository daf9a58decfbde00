/* series-check.c - what a series is sent with, checked as it comes in:
 * one mailbox per address, no control character in a prefix, the inbox
 * or a prerequisite (series.h). */
#include "series/series.h"
#include "series/email.h"
#include "core/error.h"
#include "git/ident.h"

/* TRUE when s holds a C0 control, DEL or a C1 control (U+0080..U+009F). */
static gboolean has_control(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f || (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
			return TRUE;
	return FALSE;
}

gboolean series_check_address(const char *label, const char *value, GError **error)
{
	const char *why;

	if (!*value)
		return TRUE;
	why = ident_mailbox_problem(value);
	if (!why && !email_one_mailbox(value))
		why = "a mail reader would not read it as one";
	if (why)
		return qerr(error, QUILL_ERROR_USAGE, "%s: '%s' is not one address: %s", label, value,
			    why);
	return TRUE;
}

gboolean series_check_text(const char *label, const char *value, GError **error)
{
	if (has_control(value))
		return qerr(error, QUILL_ERROR_USAGE, "%s: '%s' holds a control character", label,
			    value);
	return TRUE;
}

gboolean series_check_addresses(const char *label, const char *const *values, GError **error)
{
	for (const char *const *p = values; p && *p; p++)
		if (!series_check_address(label, *p, error))
			return FALSE;
	return TRUE;
}

gboolean series_check_texts(const char *label, const char *const *values, GError **error)
{
	for (const char *const *p = values; p && *p; p++)
		if (!series_check_text(label, *p, error))
			return FALSE;
	return TRUE;
}
