/* ident.h - people: who is acting, and name/address strings.
 *
 * Identity follows git: GIT_{AUTHOR,COMMITTER}_{NAME,EMAIL,DATE} from the
 * environment, then user.name / user.email from the configuration.
 */
#ifndef QUILL_IDENT_H
#define QUILL_IDENT_H

#include <git2.h>
#include <glib.h>

/* The committer (author = FALSE) or author identity, dated now or by
 * GIT_COMMITTER_DATE / GIT_AUTHOR_DATE.  Caller frees with git_signature_free.
 * Fails with QUILL_ERROR_USAGE naming the missing key when nobody is set. */
gboolean ident_signature(git_signature **out, git_repository *repo, gboolean author,
			 GError **error);

/* Parse a date as git's GIT_*_DATE accepts it: "@EPOCH [+ZZZZ]", "EPOCH +ZZZZ",
 * ISO 8601 ("2026-12-01T10:00:00+01:00", "2026-12-01 10:00:00 +0100") or
 * RFC 2822.  Sets the time (seconds) and the offset in minutes. */
gboolean ident_parse_date(const char *s, gint64 *time_out, int *offset_out);

/* The sender "Name <email>": quill.from, sendemail.from, then the committer
 * identity (caller owns, g_free); NULL with an error when nobody is set. */
char *ident_sender(git_repository *repo, GError **error);

/* "Name <email>" for a signature (caller owns, g_free). */
char *ident_format(const git_signature *sig);

/* Split "Name <email>" (or a bare address) into its parts (caller owns both,
 * g_free; name may come back empty).  FALSE when there is no address. */
gboolean ident_split(const char *s, char **name_out, char **email_out);

/* TRUE when two "Name <email>" strings are the same person (same address,
 * case-insensitive, and same name). */
gboolean ident_same(const char *a, const char *b);

#endif
