/* lock.h - lock files a killed writer left behind: judged, and removed
 * when they are provably stale.
 *
 * git and libgit2 update a ref, the index or packed-refs by writing
 * NAME.lock and renaming it over NAME; a process killed in between leaves
 * the .lock, and every later writer refuses.  Such a file carries no pid,
 * so quill keeps a lease of its own: every quill process that opens a
 * repository holds a shared flock(2) on <common dir>/quill-lease for its
 * whole life (the kernel drops it when the process dies, however it dies).
 *
 * A lock file that still blocks after the usual retry is stale, and is
 * removed (with a warning), when no other quill process holds the lease
 * (tested by taking the lease exclusively, held while the file is removed,
 * so no quill can start a write meanwhile), and
 *   - it locks a ref under refs/quill/ or refs/tags/quill/ (quill's own
 *     namespaces: only quill writes those), or
 *   - it is another lock (index.lock, a branch, a notes ref, packed-refs):
 *     it is older than quill.staleLockSeconds (default 60) and no process
 *     named "git" runs in the repository (its current directory
 *     in the work tree or the git dir, read from /proc; no /proc: never).
 * Otherwise the error names the file to remove and says when that is safe.
 */
#ifndef QUILL_GIT_LOCK_H
#define QUILL_GIT_LOCK_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"

/* Take the shared lease for this process (once; later calls do nothing).
 * Failing to take it (a read-only repository) is not an error: the
 * process then only cannot recover stale locks.  The file is opened
 * without following a symbolic link: when quill-lease is there but is no
 * regular file, it is refused (not opened, no lease taken) and FALSE comes
 * with QUILL_ERROR_OUTSIDE "<path> is not a regular file: refused";
 * lock_recover then keeps every lock, with that reason. */
gboolean lock_lease_take(git_repository *repo, GError **error);

/* Where recoveries are told (cmd/ sets it once; NULL: say nothing). */
void lock_set_warn(warn_fn warn, void *payload);

/* The lock file of a ref ("refs/quill/series/x" -> "<common>/refs/quill/
 * series/x.lock"; HEAD and ORIG_HEAD are in the git dir); caller frees. */
char *lock_ref_path(git_repository *repo, const char *refname);

/* The lock file of the index; caller frees. */
char *lock_index_path(git_repository *repo);

/* After GIT_ELOCKED: remove `path` if it is stale (see above) and return
 * TRUE, so the caller retries once; TRUE too when it is gone meanwhile.
 * FALSE with QUILL_ERROR_OUTSIDE naming the file, saying why it is kept
 * and that removing it is safe when no other quill or git runs. */
gboolean lock_recover(git_repository *repo, const char *path, GError **error);

/* After `rc` from a write of `refname`: TRUE when rc is GIT_ELOCKED and
 * the lock was stale and is gone (lock_recover), so the caller retries
 * once; the reason it is kept is not reported (libgit2's error stays). */
gboolean lock_retry(git_repository *repo, int rc, const char *refname);

/* lock_retry for any lock file `lock` (config.lock: git/config.c). */
gboolean lock_retry_file(git_repository *repo, int rc, const char *lock);

/* git_reference_create (current NULL) or git_reference_create_matching
 * (current: the value it must have), with one lock_recover and a retry
 * when the ref is locked; libgit2's return code.  On GIT_ELOCKED, *why
 * (when not NULL) gets lock_recover's error: the file, why it was kept. */
int lock_ref_write(git_repository *repo, const char *refname, const git_oid *id, int force,
		   const git_oid *current, const char *msg, GError **why);

#endif
