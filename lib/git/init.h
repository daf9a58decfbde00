/* init.h - libgit2 started once, late, with quill's options.
 *
 * libgit2's init costs some 9 ms (its TLS back end parses the system's
 * certificates), so quill starts it only when a command first needs it:
 * cmd/ calls git_start() before the repository is opened and before any
 * other libgit2 call a command makes without one; config_get and
 * config_foreach with no repository call it themselves.  A command that
 * never touches git (mail info, mail split) never pays it.
 */
#ifndef QUILL_GIT_INIT_H
#define QUILL_GIT_INIT_H

#include <glib.h>

/* Start libgit2 (git_libgit2_init and quill's options), once; later calls
 * do nothing.  The disposition of SIGPIPE is kept as it was (libgit2's init
 * ignores it): cmd/ chooses it per command. */
void git_start(void);

/* Set up libgit2's own TLS and SSH and load the system certificates its
 * TLS needs (https and ssh remotes of `series sync`): git_start() leaves
 * them undone (init.c says how); call this before libgit2 opens a
 * connection.  Starts libgit2 when needed.  FALSE when libgit2 could not
 * (its error is set; a later call tries again). */
gboolean git_trust_load(void);

/* TRUE when libgit2 asked for certificates at its init, or its TLS set-up
 * was deferred, and git_trust_load has not done it yet. */
gboolean git_trust_pending(void);

/* Shut libgit2 down when git_start started it. */
void git_stop(void);

#endif
