/* error.h - how lib/ reports failure: a GError in the quill domain.
 *
 * Every lib/ function that can fail takes `GError **error` last and returns
 * FALSE / NULL / -1 with the error set.  The code says which exit status the
 * command should end with (cmd/ maps it, lib/ never exits):
 *
 *   QUILL_ERROR_NEGATIVE  1  a clean negative (nothing matched, nothing to do)
 *   QUILL_ERROR_USAGE     2  bad usage: no repository, no such series, bad option value
 *   QUILL_ERROR_INPUT     3  bad input: a file or config that does not parse
 *   QUILL_ERROR_OUTSIDE   4  an outside failure: git, network, SMTP, a lost race
 *
 * Messages are lowercase, no full stop, and name the thing: "series 'x' not found".
 */
#ifndef QUILL_ERROR_H
#define QUILL_ERROR_H

#include <glib.h>

#define QUILL_ERROR (quill_error_quark())
GQuark quill_error_quark(void);

enum quill_error_code {
	QUILL_ERROR_NEGATIVE = 1,
	QUILL_ERROR_USAGE = 2,
	QUILL_ERROR_INPUT = 3,
	QUILL_ERROR_OUTSIDE = 4,
};

/* Set *error from libgit2's last error, as "<what>: <libgit2 message>".
 * `code` is the libgit2 return value; GIT_ENOTFOUND keeps QUILL_ERROR_OUTSIDE
 * unless the caller maps it first.  Returns FALSE so callers can
 * `return qerr_git(error, rc, "cannot read %s", x);`. */
gboolean qerr_git(GError **error, int code, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

/* g_set_error in the quill domain; returns FALSE. */
gboolean qerr(GError **error, enum quill_error_code code, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

/* Prefix an existing error's message with "<prefix>: "; returns FALSE. */
gboolean qerr_prefix(GError **error, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* The exit status for an error (any domain; non-quill errors are 4). */
int qerr_exit_code(const GError *error);

#endif
