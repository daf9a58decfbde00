/* export.c - a series to a directory of format-patch files, and back. */
#include "series/export.h"
#include "git/commit.h"
#include "series/email.h"
#include "core/error.h"
#include "core/file.h"
#include "git/ident.h"
#include "series/store.h"

#include <errno.h>
#include <gmime/gmime.h>
#include <glib/gstdio.h>
#include <string.h>

/* ---- writing ---- */

static gboolean write_file(const char *dir, const char *name, const char *text, GError **error)
{
	char *path = g_build_filename(dir, name, NULL);
	char *parent = g_path_get_dirname(path);
	gboolean ok;

	g_mkdir_with_parents(parent, 0777);
	ok = file_write_atomic(path, text, -1, error);
	g_free(parent);
	g_free(path);
	return ok;
}

static gboolean write_patches(const char *dir, const char *sub, GPtrArray *patches, int version,
			      GError **error)
{
	for (guint i = 0; i < patches->len; i++) {
		const struct commit_patch *p = g_ptr_array_index(patches, i);
		struct email_opts o = { 0 };
		char *prefix, *sender, *mail, *file, *rel;
		gboolean ok;

		if (version > 1)
			prefix = g_strdup_printf("[PATCH v%d %u/%u]", version, i + 1, patches->len);
		else if (version == 1)
			prefix = g_strdup_printf("[PATCH %u/%u]", i + 1, patches->len);
		else
			prefix = g_strdup("[PATCH]");
		sender = g_strdup_printf("%s <%s>", p->author_name, p->author_email);
		o.subject_prefix = prefix;
		o.sender = sender;
		o.date = p->author_time;
		o.date_offset = p->author_offset;
		mail = email_patch(p, &o);
		file = email_file_name((int)i + 1, p->subject);
		rel = g_build_filename(sub, file, NULL);
		ok = write_file(dir, rel, mail, error);
		g_free(prefix);
		g_free(sender);
		g_free(mail);
		g_free(file);
		g_free(rel);
		if (!ok)
			return FALSE;
	}
	return TRUE;
}

static char *working_conf(const git_oid *base, const git_oid *tip, GPtrArray *patches, int n)
{
	GKeyFile *kf = g_key_file_new();
	char *data;

	g_key_file_set_integer(kf, "version", "number", n);
	g_key_file_set_boolean(kf, "version", "working", TRUE);
	g_key_file_set_string(kf, "version", "base", git_oid_tostr_s(base));
	g_key_file_set_string(kf, "version", "tip", git_oid_tostr_s(tip));
	g_key_file_set_integer(kf, "version", "patches", (gint)patches->len);
	for (guint i = 0; i < patches->len; i++) {
		const struct commit_patch *p = g_ptr_array_index(patches, i);
		char group[32];
		char *author = g_strdup_printf("%s <%s>", p->author_name, p->author_email);

		g_snprintf(group, sizeof group, "patch %u", i + 1);
		g_key_file_set_string(kf, group, "commit", git_oid_tostr_s(&p->oid));
		g_key_file_set_string(kf, group, "patch-id", p->patch_id);
		g_key_file_set_string(kf, group, "subject", p->subject);
		g_key_file_set_string(kf, group, "author", author);
		g_free(author);
	}
	data = g_key_file_to_data(kf, NULL, NULL);
	g_key_file_free(kf);
	return data;
}

/* The history below the bases, oldest first; it must be one line of
 * commits from a root. */
static gboolean upstream_commits(GPtrArray **out, git_repository *repo, GArray *bases,
				 GError **error)
{
	git_revwalk *walk = NULL;
	GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
	git_oid oid, prev;
	gboolean have_prev = FALSE;
	int rc;

	*out = NULL;
	if ((rc = git_revwalk_new(&walk, repo)) < 0)
		goto git_fail;
	git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE);
	for (guint i = 0; i < bases->len; i++)
		if ((rc = git_revwalk_push(walk, &g_array_index(bases, git_oid, i))) < 0)
			goto git_fail;
	while ((rc = git_revwalk_next(&oid, walk)) == 0) {
		git_commit *c;
		gboolean linear;

		if ((rc = git_commit_lookup(&c, repo, &oid)) < 0)
			goto git_fail;
		linear = have_prev ? git_commit_parentcount(c) == 1 &&
					     git_oid_equal(git_commit_parent_id(c, 0), &prev)
				   : git_commit_parentcount(c) == 0;
		git_commit_free(c);
		if (!linear) {
			qerr(error, QUILL_ERROR_USAGE,
			     "the history below the bases is not one line of commits (at %.12s); "
			     "export without the upstream", git_oid_tostr_s(&oid));
			goto fail;
		}
		g_ptr_array_add(a, g_memdup2(&oid, sizeof oid));
		git_oid_cpy(&prev, &oid);
		have_prev = TRUE;
	}
	if (rc != GIT_ITEROVER)
		goto git_fail;
	git_revwalk_free(walk);
	*out = a;
	return TRUE;
git_fail:
	qerr_git(error, rc, "cannot walk the upstream history");
fail:
	git_revwalk_free(walk);
	g_ptr_array_unref(a);
	return FALSE;
}

/* upstream/tags: "NAME OID" for each tag on an upstream commit, so the
 * base a series names (v1.1) means the same after an import. */
static char *upstream_tags(git_repository *repo, GPtrArray *oids)
{
	GHashTable *set = g_hash_table_new(g_str_hash, g_str_equal);
	GString *out = g_string_new(NULL);
	git_reference_iterator *it = NULL;
	git_reference *ref;
	GPtrArray *hex = g_ptr_array_new_with_free_func(g_free);

	for (guint i = 0; i < oids->len; i++) {
		char *h = g_strdup(git_oid_tostr_s(g_ptr_array_index(oids, i)));
		g_ptr_array_add(hex, h);
		g_hash_table_add(set, h);
	}
	if (git_reference_iterator_glob_new(&it, repo, "refs/tags/*") == 0) {
		while (git_reference_next(&ref, it) == 0) {
			git_object *c = NULL;
			const char *name = git_reference_name(ref) + strlen("refs/tags/");
			if (!g_str_has_prefix(name, "quill/") &&
			    git_reference_peel(&c, ref, GIT_OBJECT_COMMIT) == 0 &&
			    g_hash_table_contains(set, git_oid_tostr_s(git_object_id(c))))
				g_string_append_printf(out, "%s %s\n", name,
						       git_oid_tostr_s(git_object_id(c)));
			git_object_free(c);
			git_reference_free(ref);
		}
		git_reference_iterator_free(it);
	}
	g_hash_table_unref(set);
	g_ptr_array_unref(hex);
	return g_string_free(out, FALSE);
}

static gboolean write_upstream(git_repository *repo, const char *dir, GArray *bases,
			       GError **error)
{
	GPtrArray *oids, *patches;
	gboolean ok = TRUE;
	char *tags;

	if (!upstream_commits(&oids, repo, bases, error))
		return FALSE;
	tags = upstream_tags(repo, oids);
	if (*tags && !write_file(dir, "upstream/tags", tags, error)) {
		g_free(tags);
		g_ptr_array_unref(oids);
		return FALSE;
	}
	g_free(tags);
	patches = g_ptr_array_new_with_free_func((GDestroyNotify)commit_patch_free);
	for (guint i = 0; ok && i < oids->len; i++) {
		struct commit_patch *p;
		ok = commit_patch_load(&p, repo, g_ptr_array_index(oids, i),
				       COMMIT_WANT_DIFF | COMMIT_WANT_STAT, error);
		if (ok)
			g_ptr_array_add(patches, p);
	}
	ok = ok && write_patches(dir, "upstream", patches, 0, error);
	g_ptr_array_unref(patches);
	g_ptr_array_unref(oids);
	return ok;
}

static void rm_tree(const char *path)
{
	GDir *d = g_dir_open(path, 0, NULL);
	const char *n;

	while (d && (n = g_dir_read_name(d))) {
		char *p = g_build_filename(path, n, NULL);
		if (g_file_test(p, G_FILE_TEST_IS_DIR) && !g_file_test(p, G_FILE_TEST_IS_SYMLINK))
			rm_tree(p);
		else
			g_unlink(p);
		g_free(p);
	}
	if (d)
		g_dir_close(d);
	g_rmdir(path);
}

/* An export goes to a new directory or an empty one. */
static gboolean check_target(const char *dir, GError **error)
{
	if (g_file_test(dir, G_FILE_TEST_EXISTS)) {
		GDir *d = g_dir_open(dir, 0, NULL);
		gboolean empty = d && !g_dir_read_name(d);
		if (d)
			g_dir_close(d);
		if (!empty) {
			qerr(error, QUILL_ERROR_USAGE, "%s exists and is not an empty directory", dir);
			return FALSE;
		}
	}
	return TRUE;
}

/* A new temporary directory in parent (made if need be), to write the
 * export in and rename into place; NULL on an error. */
static char *make_temp_dir(const char *parent, GError **error)
{
	char *tmpl, *tmp;

	g_mkdir_with_parents(parent, 0777);
	tmpl = g_build_filename(parent, ".quill-export-XXXXXX", NULL);
	tmp = g_mkdtemp(tmpl);
	if (!tmp) {
		g_free(tmpl);
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot create a directory in %s: %s", parent,
		     g_strerror(errno));
	}
	return tmp;
}

/* The state files as they are. */
static gboolean write_state(const char *tmp, const struct series *s, GError **error)
{
	GPtrArray *paths = state_paths(s->state);
	gboolean ok = TRUE;

	for (guint i = 0; ok && i < paths->len; i++) {
		const char *p = g_ptr_array_index(paths, i);
		char *text = state_get_string(s->state, p);
		ok = write_file(tmp, p, text, error);
		g_free(text);
	}
	g_ptr_array_unref(paths);
	return ok;
}

/* Each recorded version's patches under v<n>/, its base appended to
 * bases. */
static gboolean write_versions(git_repository *repo, const struct series *s, const char *tmp,
			       GArray *bases, GError **error)
{
	for (guint i = 0; i < s->versions->len; i++) {
		struct series_version *v = g_ptr_array_index(s->versions, i);
		GPtrArray *patches;
		char *sub = g_strdup_printf("v%d", v->number);
		gboolean ok;
		git_oid b;

		if (!series_load_patches(&patches, &b, NULL, repo, s, v->number,
					 COMMIT_WANT_DIFF | COMMIT_WANT_STAT, error)) {
			g_free(sub);
			return FALSE;
		}
		g_array_append_val(bases, b);
		ok = write_patches(tmp, sub, patches, v->number, error);
		g_ptr_array_unref(patches);
		g_free(sub);
		if (!ok)
			return FALSE;
	}
	return TRUE;
}

/* The working version, if it loads: its base appended to bases, and
 * unless it is the last recorded version as it stands, its patches and a
 * version.conf under v<n>/. */
static gboolean write_working(git_repository *repo, const struct series *s, const char *tmp,
			      GArray *bases, GError **error)
{
	GPtrArray *working = NULL;
	git_oid wbase, wtip;
	gboolean ok = TRUE;

	if (series_load_patches(&working, &wbase, &wtip, repo, s, 0,
				COMMIT_WANT_DIFF | COMMIT_WANT_STAT, NULL)) {
		struct series_version *last = series_get_version(s, s->version - 1);
		gboolean same = last && !strcmp(last->tip, git_oid_tostr_s(&wtip)) &&
				!strcmp(last->base, git_oid_tostr_s(&wbase));
		g_array_append_val(bases, wbase);
		if (!same) {
			char *sub = g_strdup_printf("v%d", s->version);
			char *conf = working_conf(&wbase, &wtip, working, s->version);
			char *rel = g_build_filename(sub, "version.conf", NULL);
			ok = write_file(tmp, rel, conf, error) &&
			     write_patches(tmp, sub, working, s->version, error);
			g_free(sub);
			g_free(conf);
			g_free(rel);
		}
	}
	if (working)
		g_ptr_array_unref(working);
	return ok;
}

gboolean export_series(git_repository *repo, const struct series *s, const char *dir,
		       gboolean with_upstream, GError **error)
{
	GArray *bases = g_array_new(FALSE, FALSE, sizeof(git_oid));
	char *parent = g_path_get_dirname(dir), *tmp = NULL;
	gboolean ok = FALSE;

	if (!check_target(dir, error))
		goto done;
	tmp = make_temp_dir(parent, error);
	if (!tmp)
		goto done;
	if (!write_state(tmp, s, error) || !write_versions(repo, s, tmp, bases, error) ||
	    !write_working(repo, s, tmp, bases, error))
		goto done;
	if (with_upstream && bases->len && !write_upstream(repo, tmp, bases, error))
		goto done;
	if (g_file_test(dir, G_FILE_TEST_IS_DIR))
		g_rmdir(dir);
	if (g_rename(tmp, dir) < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot rename %s to %s: %s", tmp, dir,
		     g_strerror(errno));
		goto done;
	}
	g_free(tmp);
	tmp = NULL;
	ok = TRUE;
done:
	if (tmp) {
		rm_tree(tmp);
		g_free(tmp);
	}
	g_array_unref(bases);
	g_free(parent);
	return ok;
}
