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
 */
#ifndef QUILL_CONFIG_H
#define QUILL_CONFIG_H

#include <git2.h>
#include <glib.h>

/* A string value, or NULL when unset (caller owns, g_free).  repo may be
 * NULL: then only the global/system files are read. */
char *config_get(git_repository *repo, const char *key);

/* Call fn(name, value, data) for every entry whose name matches the POSIX
 * regular expression `regexp`, in the order git reads them: system, global,
 * then the repository's own files (repo NULL: no repository).  Names come
 * as git reports them (section and variable lower-case, subsection as
 * written); value is NULL for a key given without '='.  Both are borrowed
 * for the call.  Stops at the first non-zero fn result and returns it; 0
 * otherwise, also when no configuration can be read. */
int config_foreach(git_repository *repo, const char *regexp,
		   int (*fn)(const char *name, const char *value, void *data), void *data);

/* Set / delete a key in the repository's own config file. */
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
