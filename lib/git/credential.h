/* credential.h - passwords from git's credential helpers: `git credential
 * fill` / `approve` / `reject`, as git itself asks them.  A secret is kept
 * only in memory, wiped when freed, and never put in an error message.
 */
#ifndef QUILL_CREDENTIAL_H
#define QUILL_CREDENTIAL_H

#include <glib.h>

struct credential {
	char *protocol;		/* "smtp" */
	char *host;		/* "mail.example.org" or "mail.example.org:587" */
	char *username;		/* may be NULL before fill */
	char *password;		/* filled; wiped by credential_clear */
};

/* Ask `git credential fill` (run in `git_dir`'s repository when not NULL,
 * so its config's credential.* helpers apply) for c's password; the
 * terminal prompt is not allowed when `interactive` is FALSE
 * (GIT_TERMINAL_PROMPT=0).  FALSE with QUILL_ERROR_OUTSIDE when git has
 * none to give. */
gboolean credential_fill(struct credential *c, const char *git_dir, gboolean interactive,
			 GError **error);

/* Tell the helpers the credential worked (approve) or did not (reject);
 * best effort. */
void credential_approve(const struct credential *c, const char *git_dir);
void credential_reject(const struct credential *c, const char *git_dir);

/* Free the fields, the password overwritten first. */
void credential_clear(struct credential *c);

#endif
