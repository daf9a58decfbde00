/* revs.h - revision arguments in git rev-list's syntax, turned into walks
 * (tips and bottoms) for logwalk_new_oids.
 *
 * Forms: A..B (an empty side is HEAD), A...B (from either, not from their
 * merge bases), ^A (a bottom), REV^! (REV without its parents: that one
 * commit), REV^@ (REV's parents, not REV), REV^-N (REV^N..REV; N defaults
 * to 1), and a plain REV (a tip).  libgit2's revparse knows A..B and A...B
 * but not the others, nor lists of arguments, so they are read here; each
 * REV is resolved by libgit2 (commit_resolve).
 *
 * One rule differs from rev-list, as checkpatch -g has it: when no
 * argument has a negative side (no ^A, A..B, A...B, ^! or ^-), each plain
 * REV is that one commit, and every argument is a walk of its own.
 * Otherwise all arguments make one walk, as rev-list makes.
 */
#ifndef QUILL_REVS_H
#define QUILL_REVS_H

#include <git2.h>
#include <glib.h>

struct revs_walk {
	GArray *tips;		/* git_oid */
	GArray *bottoms;	/* git_oid */
};

/* Parse args[0..n).  *out (caller owns: g_ptr_array_unref frees the walks)
 * holds at least one walk.  QUILL_ERROR_USAGE naming an argument that
 * names no commit. */
gboolean revs_parse(GPtrArray **out, git_repository *repo, char *const *args, int n,
		    GError **error);

#endif
