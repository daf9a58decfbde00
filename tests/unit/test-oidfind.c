/* test-oidfind.c - lib/git/oidfind: abbreviated ids resolved as libgit2's
 * own odb resolves them (found, not found, ambiguous), in loose objects
 * and in a pack, with no refresh of the pack directory on a miss. */
#include "git/oidfind.h"
#include "unit.h"

#include <git2.h>
#include <glib/gstdio.h>

#define NBLOBS 800

static git_repository *repo;
static git_oid blobs[NBLOBS];

/* What oidfind says and what git_odb_exists_prefix says, for prefixes of
 * len digits of the ids and of ids nobody has. */
static void same_as_libgit2(struct oidfind *f, size_t len, const char *name)
{
	git_odb *odb;
	GRand *r = g_rand_new_with_seed(7);
	guint differ = 0, found = 0, ambiguous = 0, missing = 0;

	git_repository_odb(&odb, repo);
	for (guint i = 0; i < NBLOBS + NBLOBS / 10; i++) {
		char hex[GIT_OID_HEXSZ + 1];
		git_oid a, b, prefix;
		int ra, rb;

		if (i < NBLOBS)
			git_oid_tostr(hex, sizeof(hex), &blobs[i]);
		else
			for (guint k = 0; k < GIT_OID_HEXSZ; k++)
				hex[k] = "0123456789abcdef"[g_rand_int_range(r, 0, 16)];
		hex[GIT_OID_HEXSZ] = '\0';
		git_oid_fromstrn(&prefix, hex, len);
		ra = oidfind_find(f, &a, hex, len);
		rb = git_odb_exists_prefix(&b, odb, &prefix, len);
		differ += ra != rb || (ra == 0 && git_oid_cmp(&a, &b));
		found += ra == 0;
		ambiguous += ra == GIT_EAMBIGUOUS;
		missing += ra == GIT_ENOTFOUND;
	}
	is_int(differ, 0, name);
	ok(found >= NBLOBS / 2 && missing > 0, "some found, some not");
	if (len == 4)
		ok(ambiguous > 0, "4 digits of 800 ids: some ambiguous");
	g_rand_free(r);
	git_odb_free(odb);
}

int main(int argc, char **argv)
{
	char *dir = g_dir_make_tmp("quill-oidfind-XXXXXX", NULL);
	struct oidfind *f;
	git_odb *odb;
	git_oid out;

	unit_init(argc, argv);
	git_libgit2_init();
	ok(git_repository_init(&repo, dir, TRUE) == 0, "a bare repository");
	git_repository_odb(&odb, repo);
	for (guint i = 0; i < NBLOBS; i++) {
		char *text = g_strdup_printf("blob %u\n", i);

		git_odb_write(&blobs[i], odb, text, strlen(text), GIT_OBJECT_BLOB);
		g_free(text);
	}
	git_odb_free(odb);

	f = oidfind_new(repo);
	ok(f != NULL, "an oidfind");
	same_as_libgit2(f, 4, "loose, 4 digits: as libgit2");
	same_as_libgit2(f, 12, "loose, 12 digits: as libgit2");
	same_as_libgit2(f, GIT_OID_HEXSZ, "loose, whole ids: as libgit2");
	is_int(oidfind_find(f, &out, "abc", 3), GIT_ENOTFOUND, "3 digits: too few");
	is_int(oidfind_find(f, &out, "zzzzzzzzzzzz", 12), GIT_ENOTFOUND, "not hex: none");
	oidfind_free(f);
	{
		char *cmd = g_strdup_printf("git -C '%s' repack -q -a -d && git -C '%s' prune-packed",
					    dir, dir);

		ok(system(cmd) == 0, "packed");
		g_free(cmd);
	}
	f = oidfind_new(repo);
	same_as_libgit2(f, 4, "packed, 4 digits: as libgit2");
	same_as_libgit2(f, 12, "packed, 12 digits: as libgit2");
	oidfind_free(f);
	oidfind_free(NULL);
	git_repository_free(repo);
	unit_remove_tree(dir);
	g_free(dir);
	git_libgit2_shutdown();
	return done_testing();
}
