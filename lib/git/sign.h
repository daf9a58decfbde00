/* sign.h - commits signed the way git signs them.
 *
 * The configuration is git's:
 *   gpg.format          openpgp (default), x509 or ssh
 *   user.signingKey     the key; unset: the committer "Name <email>" for
 *                       openpgp and x509; for ssh a path to the private key
 *                       (or its public half, the private one in an agent),
 *                       "~/" expanded, or a literal public key
 *                       ("key::ssh-ed25519 AAAA...", or starting "ssh-"),
 *                       whose private key an ssh-agent holds
 *   gpg.program / gpg.openpgp.program (gpg), gpg.x509.program (gpgsm),
 *   gpg.ssh.program (ssh-keygen)
 *   commit.gpgSign      whether new commits are signed (sign_wanted)
 *
 * openpgp and x509: `PROGRAM --status-fd=2 -bsau KEY` with the buffer on
 * stdin, the armored signature on stdout; it counts only when the status
 * says SIG_CREATED.  ssh: `PROGRAM -Y sign -n git -f KEYFILE [-U] FILE` on
 * a private temporary copy of the buffer, the signature read from
 * FILE.sig.  The program is run directly (no shell), found in PATH.
 * gpg.ssh.defaultKeyCommand is not supported: user.signingKey is needed
 * for ssh.
 *
 * Errors: QUILL_ERROR_INPUT for a bad gpg.format or a missing ssh key
 * setting, QUILL_ERROR_OUTSIDE when the program cannot run or does not sign
 * (its first line of complaint in the message).
 */
#ifndef QUILL_SIGN_H
#define QUILL_SIGN_H

#include <git2.h>
#include <glib.h>

/* Sign buf[0..len) per the configuration of repo.  *signature gets the
 * signature text as the program wrote it, CRs dropped, without its final
 * newline (caller owns, g_free). */
gboolean sign_buffer(git_repository *repo, const char *buf, gsize len, char **signature,
		     GError **error);

/* git_commit_create without a ref update, the commit signed with
 * sign_buffer (header "gpgsig"); *out gets the new commit's id. */
gboolean sign_commit_create(git_oid *out, git_repository *repo, const git_signature *author,
			    const git_signature *committer, const char *encoding,
			    const char *message, const git_tree *tree, size_t parent_count,
			    const git_commit **parents, GError **error);

/* TRUE when commit.gpgSign is true in repo's configuration. */
gboolean sign_wanted(git_repository *repo);

#endif
