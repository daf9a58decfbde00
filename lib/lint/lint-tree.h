/* lint-tree.h - the control files trailer lint reads from a work tree
 * (.quill/trailers.conf, trailers.conf at its root, .quill/lint-ignore).
 *
 * Whoever committed the tree wrote them, not the user who runs lint, so
 * they are read without following a symbolic link (a committed link to
 * ~/.git-credentials would otherwise be read, and a parse error would
 * quote it), as git 2.32 stopped following a symlinked .gitattributes or
 * .mailmap: a link anywhere below the work tree is refused with one
 * warning, "PATH: a symbolic link; not read" (or, when it is a directory on
 * the way, ".../.quill/lint-ignore: under the symbolic link .../.quill; not
 * read"), and the file is taken as absent.  Their parse errors quote none of their
 * text (policy.h, lint.h).  The files the user names (--policy,
 * --ignore-file) are theirs, and read as they are.
 */
#ifndef QUILL_LINT_TREE_H
#define QUILL_LINT_TREE_H

#include <glib.h>

#include "core/warn.h"

enum lint_tree_status {
	LINT_TREE_ERROR = 0,	/* it could not be read (*error set) */
	LINT_TREE_READ,		/* *text holds it */
	LINT_TREE_ABSENT,	/* no such file */
	LINT_TREE_LINK,		/* a symbolic link on the way: warned, not read */
	LINT_TREE_OTHER,	/* there, but not a regular file (a directory) */
};

/* The file `rel` (relative, '/'-separated: ".quill/lint-ignore") of the
 * work tree `workdir`, opened part by part with O_NOFOLLOW.  On
 * LINT_TREE_READ *text (caller owns, g_free; NUL-terminated) and *len are
 * set, else *text is NULL.  LINT_TREE_ERROR is QUILL_ERROR_INPUT "cannot
 * read PATH: why".  PATH in messages is workdir/rel (up to the link). */
enum lint_tree_status lint_tree_read(const char *workdir, const char *rel, char **text, gsize *len,
				     warn_fn warn, void *warn_payload, GError **error);

#endif
