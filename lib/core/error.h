/* error.h - how lib/ reports failure: a GError in the quill domain.
 *
 * Every lib/ function that can fail takes `GError **error` last and returns
 * FALSE / NULL / -1 with the error set.  Each error has a class, which is
 * the exit status the command ends with (cmd/ reports every error through
 * fail(), which maps it; lib/ never exits):
 *
 *   QUILL_ERROR_NEGATIVE  1  a clean negative (nothing matched, nothing to do)
 *   QUILL_ERROR_USAGE     2  bad usage: no repository, no such series, bad option value
 *   QUILL_ERROR_INPUT     3  bad input: a file or config that does not parse
 *   QUILL_ERROR_OUTSIDE   4  an outside failure: git, network, SMTP, a lost race
 *
 * An error made from a libgit2 failure (qerr_git, qerr_git_as) keeps
 * libgit2's return code beside its class, so a caller can tell
 * GIT_ENOTFOUND from a failure (qerr_git_code) without reading the message.
 * Read the class with qerr_class, never from ->code directly.
 *
 * Messages are lowercase, no full stop, and name the thing: "series 'x' not found".
 */
#ifndef QUILL_ERROR_H
#define QUILL_ERROR_H

#include <glib.h>

#define QUILL_ERROR (quill_error_quark())
GQuark quill_error_quark(void);

/* A quill error's code: the class in the low QUILL_ERROR_CLASS_BITS bits,
 * libgit2's return code (negated: libgit2's are negative) above them
 * (error.c and error-git.c; read it with the functions below). */
#define QUILL_ERROR_CLASS_BITS 4

enum quill_error_code {
	QUILL_ERROR_NEGATIVE = 1,
	QUILL_ERROR_USAGE = 2,
	QUILL_ERROR_INPUT = 3,
	QUILL_ERROR_OUTSIDE = 4,
};

/* Set *error from libgit2's last error, as "<what>: <libgit2 message>", of
 * class QUILL_ERROR_OUTSIDE, keeping `code` (the libgit2 return value).
 * Returns FALSE so callers can `return qerr_git(error, rc, "cannot read %s", x);`. */
gboolean qerr_git(GError **error, int code, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

/* The same with another class: a libgit2 failure caused by the user's input
 * (a patch that does not apply: QUILL_ERROR_INPUT) or words (a revision
 * that names nothing: QUILL_ERROR_USAGE). */
gboolean qerr_git_as(GError **error, enum quill_error_code cls, int code, const char *fmt, ...)
	G_GNUC_PRINTF(4, 5);

/* The class of an error: 1 to 4 as above (an error of another domain is
 * QUILL_ERROR_OUTSIDE; NULL is 0). */
int qerr_class(const GError *error);

/* The libgit2 return code an error was made from (GIT_ENOTFOUND, ...), or 0
 * when it was not made from one. */
int qerr_git_code(const GError *error);

/* g_set_error in the quill domain; returns FALSE. */
gboolean qerr(GError **error, enum quill_error_code code, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

/* Prefix an existing error's message with "<prefix>: "; returns FALSE. */
gboolean qerr_prefix(GError **error, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* The exit status for an error: its class (qerr_class). */
int qerr_exit_code(const GError *error);

#endif
