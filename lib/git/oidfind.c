/* oidfind.c - abbreviated ids resolved without a refresh per miss (see
 * oidfind.h).
 *
 * Each backend of the repository's object database gets a stand-in in an
 * object database of our own: the stand-in passes exists and
 * exists_prefix on to the backend and has no refresh, so libgit2's retry
 * after a miss finds nothing to refresh.  The backends stay the
 * repository's (the stand-ins hold a reference to its database).
 */
#include "git/oidfind.h"

#include <git2/sys/odb_backend.h>

struct stand_in {
	git_odb_backend parent;
	git_odb_backend *real;	/* borrowed from the repository's database */
};

struct oidfind {
	git_odb *theirs;	/* the repository's, held while the stand-ins are */
	git_odb *ours;		/* the stand-ins */
};

static int stand_in_exists(git_odb_backend *b, const git_oid *oid)
{
	struct stand_in *s = (struct stand_in *)b;

	return s->real->exists ? s->real->exists(s->real, oid) : 0;
}

static int stand_in_exists_prefix(git_oid *out, git_odb_backend *b, const git_oid *prefix,
				  size_t len)
{
	struct stand_in *s = (struct stand_in *)b;

	return s->real->exists_prefix ? s->real->exists_prefix(out, s->real, prefix, len)
				      : GIT_ENOTFOUND;
}

static void stand_in_free(git_odb_backend *b)
{
	g_free(b);
}

struct oidfind *oidfind_new(git_repository *repo)
{
	struct oidfind *f = g_new0(struct oidfind, 1);
	size_t n;

	if (git_repository_odb(&f->theirs, repo) < 0 || git_odb_new(&f->ours) < 0)
		goto fail;
	n = git_odb_num_backends(f->theirs);
	for (size_t i = 0; i < n; i++) {
		struct stand_in *s = g_new0(struct stand_in, 1);

		git_odb_init_backend(&s->parent, GIT_ODB_BACKEND_VERSION);
		s->parent.exists = stand_in_exists;
		s->parent.exists_prefix = stand_in_exists_prefix;
		s->parent.free = stand_in_free;
		if (git_odb_get_backend(&s->real, f->theirs, i) < 0 ||
		    /* libgit2 keeps them by priority: the first the highest */
		    git_odb_add_backend(f->ours, &s->parent, (int)(n - i)) < 0) {
			g_free(s);
			goto fail;
		}
	}
	return f;
fail:
	oidfind_free(f);
	return NULL;
}

int oidfind_find(struct oidfind *f, git_oid *out, const char *hex, size_t len)
{
	git_oid prefix;

	if (len < GIT_OID_MINPREFIXLEN || len > GIT_OID_HEXSZ ||
	    git_oid_fromstrn(&prefix, hex, len) < 0)
		return GIT_ENOTFOUND;
	return git_odb_exists_prefix(out, f->ours, &prefix, len);
}

void oidfind_free(struct oidfind *f)
{
	if (!f)
		return;
	git_odb_free(f->ours);
	git_odb_free(f->theirs);
	g_free(f);
}
