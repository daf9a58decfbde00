/* oidfind.h - abbreviated object ids resolved many times over, without
 * libgit2 reading the pack directory again on every miss.
 *
 * git_object_lookup_prefix and git_odb_exists_prefix, when no object has
 * the prefix, refresh the object database (a readdir of objects/pack and a
 * look at each pack) and try again: a linter that checks the Fixes: tags
 * of 50,000 commits, most naming commits the repository lacks, spent a
 * third of its time there.  An oidfind asks the repository's own backends
 * (packs, loose objects, alternates, in libgit2's order) through an object
 * database whose backends do not refresh: objects that arrive while it is
 * open may be missed, which a run over a fixed history never meets.
 */
#ifndef QUILL_OIDFIND_H
#define QUILL_OIDFIND_H

#include <git2.h>
#include <glib.h>

struct oidfind;

/* An oidfind over repo's object database (borrowed: repo outlives it).
 * NULL with libgit2's error when that cannot be opened. */
struct oidfind *oidfind_new(git_repository *repo);

/* The object whose id starts with hex[0..len) (4 to 40 hex digits):
 * 0 with *out set, GIT_ENOTFOUND, GIT_EAMBIGUOUS (more than one object of
 * any type has it), or another libgit2 error. */
int oidfind_find(struct oidfind *f, git_oid *out, const char *hex, size_t len);

void oidfind_free(struct oidfind *f);

#endif
