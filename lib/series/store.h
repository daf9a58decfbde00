/* store.h - the bottom of all git state: one state ref per series.
 *
 * A series' state is a small tree of files (series.conf, cover, v1/...) held
 * as a chain of commits on refs/quill/series/NAME.  A `struct state` is that
 * tree read into memory; edits are made there and written as one new commit,
 * and the ref is moved compare-and-swap: if anyone moved it since the read,
 * nothing is written and the caller gets an error.  The state ref is the
 * only commit point; tags and notes are derived from it (see series.h).
 */
#ifndef QUILL_STORE_H
#define QUILL_STORE_H

#include <git2.h>
#include <glib.h>

#define STORE_REF_PREFIX "refs/quill/series/"

/* The notes of every series (review items per patch and version): started
 * by series new (series_tie_branch), carried by push and fetch (sync.h). */
#define STORE_NOTES_REF "refs/notes/quill"

struct state;

/* TRUE if NAME can name a series: one ref path component, no '/'. */
gboolean store_name_valid(const char *name);

/* The longest name a new series may have, in bytes. */
#define STORE_NAME_MAX 100

/* Why NAME cannot name a new series, or NULL when it can (static text):
 * it must be store_name_valid, hold no control character, be a valid
 * branch name other than "HEAD" (series new makes a branch of that name),
 * and be at most STORE_NAME_MAX bytes long.  Series made before keep
 * working under store_name_valid alone. */
const char *store_name_problem(const char *name);

/* "refs/quill/series/NAME" (caller owns, g_free). */
char *store_ref_name(const char *name);

/* TRUE when the state ref of series NAME exists. */
gboolean store_exists(git_repository *repo, const char *name);

/* A new, empty state for series NAME, not yet in git (store_commit creates
 * the ref, failing if it exists).  Free with state_free. */
struct state *state_new(const char *name);

/* Read refs/quill/series/NAME.  Fails with QUILL_ERROR_USAGE
 * "no series 'NAME'" when the ref does not exist. Free with state_free. */
gboolean store_read(struct state **out, git_repository *repo, const char *name, GError **error);

/* Read the state at a given commit (a state commit of any series). */
gboolean store_read_commit(struct state **out, git_repository *repo, const char *name,
			   const git_oid *commit, GError **error);

void state_free(struct state *st);

/* The series name the state belongs to (borrowed). */
const char *state_name(const struct state *st);

/* The state commit it was read from, or NULL for a new state (borrowed). */
const git_oid *state_commit(const struct state *st);

/* Commit time (seconds since the epoch) of the state commit, 0 if new. */
gint64 state_time(const struct state *st);

/* File contents, or NULL when absent (borrowed: valid until the next edit
 * of that path or state_free). */
GBytes *state_get(const struct state *st, const char *path);

/* File contents as a NUL-terminated string, or NULL (caller owns, g_free). */
char *state_get_string(const struct state *st, const char *path);

/* Set a file (bytes are copied). Paths are relative, '/'-separated. */
void state_set(struct state *st, const char *path, const void *data, gsize len);
void state_set_string(struct state *st, const char *path, const char *s);

/* Remove a file (nothing happens when there is none). */
void state_remove(struct state *st, const char *path);

/* Sorted paths of every file (caller owns the array; strings are borrowed). */
GPtrArray *state_paths(const struct state *st);

/* TRUE when edits were made since the read. */
gboolean state_dirty(const struct state *st);

/* Write the state as a new commit whose parents are the commit it was read
 * from (if any) and then `extra` (n_extra oids, e.g. a frozen version's tip
 * and base so gc keeps them), and move the ref there compare-and-swap.
 * On success the state now stands at the new commit.  A concurrent update
 * fails with QUILL_ERROR_OUTSIDE and writes nothing the ref points to. */
gboolean store_commit(git_repository *repo, struct state *st, const char *message,
		      const git_oid *extra, size_t n_extra, GError **error);

/* Rename: a new commit (on top of the current one) under refs/quill/series/NEW,
 * which must not exist, then the old ref deleted compare-and-swap. */
gboolean store_rename(git_repository *repo, struct state *st, const char *new_name,
		      const char *message, GError **error);

/* Delete the state ref, compare-and-swap against the commit it was read from. */
gboolean store_delete(git_repository *repo, struct state *st, GError **error);

/* Every series name in the repository, sorted (caller owns: g_ptr_array_unref;
 * the array frees its strings). */
GPtrArray *store_list(git_repository *repo, GError **error);

#endif
