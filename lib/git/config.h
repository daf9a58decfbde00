/* config.h - quill.* configuration keys and their fallbacks, read through
 * libgit2 (repository, global and system files, as git reads them).
 *
 * Keys used so far:
 *   quill.linkmask        URL for "Link to vN:", %s = Message-ID
 *                         (falls back to b4.linkmask, then https://lore.kernel.org/r/%s)
 *   quill.coverTemplate   path of the cover letter template (default templates/cover-letter.txt)
 *   quill.getMaintainerCmd  the get_maintainer command (series/recipients.h)
 *   quill.from            the sender "Name <email>" (falls back to sendemail.from, then user.*)
 *   branch.<b>.quillSeries  the series a branch belongs to (read by series_current)
 * Whole numbers (config_get_int): quill.staleLockSeconds (git/lock.h),
 * core.filesRefLockTimeout (series/store.c), quill.httpTimeout,
 * quill.httpLowSpeedTime, http.lowSpeedTime and quill.pullJobs (net/archive.h).
 */
#ifndef QUILL_CONFIG_H
#define QUILL_CONFIG_H

#include <git2.h>
#include <glib.h>

/* A string value, or NULL when unset (caller owns, g_free).  repo may be
 * NULL: then only the global/system files are read. */
char *config_get(git_repository *repo, const char *key);

/* The whole number `key` is set to, read as git reads one (decimal, 0x
 * hex or a leading 0 octal, an optional k, m or g suffix), into *out;
 * `dflt` when it is unset or empty.  FALSE (*out = dflt) with
 * QUILL_ERROR_USAGE when it is set to anything else or to a number outside
 * min..max: "KEY=VALUE: not a positive number" when min is 1 or more, else
 * "KEY=VALUE: not a whole number from MIN to MAX".  error may be NULL (a
 * caller that falls back to dflt quietly). */
gboolean config_get_int(git_repository *repo, const char *key, gint64 min, gint64 max,
			gint64 dflt, gint64 *out, GError **error);

/* Call fn(name, value, data) for every entry whose name matches the POSIX
 * regular expression `regexp`, in the order git reads them: system, global,
 * then the repository's own files (repo NULL: no repository).  Names come
 * as git reports them (section and variable lower-case, subsection as
 * written); value is NULL for a key given without '='.  Both are borrowed
 * for the call.  Stops at the first non-zero fn result and returns it; 0
 * otherwise, also when no configuration can be read. */
int config_foreach(git_repository *repo, const char *regexp,
		   int (*fn)(const char *name, const char *value, void *data), void *data);

/* Set / delete a key in the repository's own config file.  A config.lock
 * that a killed writer left is removed as a stale ref lock is (git/lock.h:
 * lock_recover) and the write tried once more. */
gboolean config_set(git_repository *repo, const char *key, const char *value, GError **error);
gboolean config_unset(git_repository *repo, const char *key, GError **error);

/* The editor command, as git chooses it: GIT_EDITOR, core.editor, VISUAL,
 * EDITOR, then "vi" (caller owns). */
char *config_editor(git_repository *repo);

/* The Link: URL mask with one %s (caller owns). */
char *config_linkmask(git_repository *repo);

/* The short name of HEAD's branch, or NULL when detached/unborn (caller owns). */
char *config_head_branch(git_repository *repo);

#endif
