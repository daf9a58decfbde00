/* store.c - series state as a commit chain on refs/quill/series/NAME.
 *
 * The whole state tree is read into a hash table (it is a handful of small
 * files), edited there, and written back as a fresh tree.  The ref moves with
 * git_reference_create_matching(), libgit2's compare-and-swap update, so a
 * crash or a concurrent writer leaves either the old or the new state.
 */
#include "series/store.h"
#include "core/error.h"
#include "git/config.h"
#include "git/ident.h"
#include "git/lock.h"

#include <string.h>

struct state {
	char *name;
	gboolean has_commit;
	git_oid commit;
	gint64 time;
	GHashTable *files;	/* char* path -> GBytes* */
	GHashTable *oids;	/* char* path -> git_oid*: the blob a file is in git,
				 * for files not changed since read or written, so
				 * a commit writes only the blobs that changed */
	gboolean dirty;
};

gboolean store_name_valid(const char *name)
{
	char *ref;
	int valid = 0;

	if (!name || !*name || strchr(name, '/') || name[0] == '-' || name[0] == '.')
		return FALSE;
	for (const char *p = name; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f)
			return FALSE;
	ref = store_ref_name(name);
	if (git_reference_name_is_valid(&valid, ref) < 0)
		valid = 0;
	g_free(ref);
	return valid != 0;
}

const char *store_name_problem(const char *name)
{
	int branch = 0;

	if (!store_name_valid(name))
		return "one path component, no spaces";
	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
			return "it holds a control character";
	if (!strcmp(name, "HEAD"))
		return "HEAD names the checked-out commit, not a branch";
	if (strlen(name) > STORE_NAME_MAX)
		return "longer than " G_STRINGIFY(STORE_NAME_MAX) " bytes";
	if (git_branch_name_is_valid(&branch, name) < 0 || !branch)
		return "not a valid branch name";
	return NULL;
}

char *store_ref_name(const char *name)
{
	return g_strconcat(STORE_REF_PREFIX, name, NULL);
}

gboolean store_exists(git_repository *repo, const char *name)
{
	char *ref = store_ref_name(name);
	git_oid oid;
	int rc = git_reference_name_to_id(&oid, repo, ref);

	g_free(ref);
	return rc == 0;
}

struct state *state_new(const char *name)
{
	struct state *st = g_new0(struct state, 1);

	st->name = g_strdup(name);
	st->files = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					  (GDestroyNotify)g_bytes_unref);
	st->oids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	return st;
}

void state_free(struct state *st)
{
	if (!st)
		return;
	g_hash_table_unref(st->files);
	g_hash_table_unref(st->oids);
	g_free(st->name);
	g_free(st);
}

const char *state_name(const struct state *st) { return st->name; }
const git_oid *state_commit(const struct state *st) { return st->has_commit ? &st->commit : NULL; }
gint64 state_time(const struct state *st) { return st->time; }
gboolean state_dirty(const struct state *st) { return st->dirty; }

GBytes *state_get(const struct state *st, const char *path)
{
	return g_hash_table_lookup(st->files, path);
}

char *state_get_string(const struct state *st, const char *path)
{
	GBytes *b = state_get(st, path);
	gsize len;
	const char *d;

	if (!b)
		return NULL;
	d = g_bytes_get_data(b, &len);
	return g_strndup(d ? d : "", len);
}

void state_set(struct state *st, const char *path, const void *data, gsize len)
{
	GBytes *old = state_get(st, path);

	if (old && g_bytes_get_size(old) == len &&
	    (len == 0 || !memcmp(g_bytes_get_data(old, NULL), data, len)))
		return;
	g_hash_table_replace(st->files, g_strdup(path), g_bytes_new(data, len));
	g_hash_table_remove(st->oids, path);
	st->dirty = TRUE;
}

void state_set_string(struct state *st, const char *path, const char *s)
{
	state_set(st, path, s, strlen(s));
}

void state_remove(struct state *st, const char *path)
{
	g_hash_table_remove(st->oids, path);
	if (g_hash_table_remove(st->files, path))
		st->dirty = TRUE;
}

static gint cmp_str(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

GPtrArray *state_paths(const struct state *st)
{
	GPtrArray *a = g_ptr_array_new();
	GHashTableIter it;
	gpointer key;

	g_hash_table_iter_init(&it, st->files);
	while (g_hash_table_iter_next(&it, &key, NULL))
		g_ptr_array_add(a, key);
	g_ptr_array_sort(a, cmp_str);
	return a;
}

/* ---- reading ---- */

struct walk_ctx {
	git_repository *repo;
	struct state *st;
	int err;
};

static int walk_cb(const char *root, const git_tree_entry *entry, void *payload)
{
	struct walk_ctx *w = payload;
	git_blob *blob;
	char *path;

	if (git_tree_entry_type(entry) != GIT_OBJECT_BLOB)
		return 0;
	if ((w->err = git_blob_lookup(&blob, w->repo, git_tree_entry_id(entry))) < 0)
		return -1;
	path = g_strconcat(root, git_tree_entry_name(entry), NULL);
	g_hash_table_replace(w->st->files, path,
			     g_bytes_new(git_blob_rawcontent(blob), (gsize)git_blob_rawsize(blob)));
	g_hash_table_replace(w->st->oids, g_strdup(path), g_memdup2(git_tree_entry_id(entry),
								    sizeof(git_oid)));
	git_blob_free(blob);
	return 0;
}

gboolean store_read_commit(struct state **out, git_repository *repo, const char *name,
			   const git_oid *oid, GError **error)
{
	git_commit *commit = NULL;
	git_tree *tree = NULL;
	struct state *st;
	struct walk_ctx w;
	int rc;

	*out = NULL;
	if ((rc = git_commit_lookup(&commit, repo, oid)) < 0)
		return qerr_git(error, rc, "cannot read the state of series '%s'", name);
	if ((rc = git_commit_tree(&tree, commit)) < 0) {
		git_commit_free(commit);
		return qerr_git(error, rc, "cannot read the state of series '%s'", name);
	}
	st = state_new(name);
	st->has_commit = TRUE;
	git_oid_cpy(&st->commit, oid);
	st->time = git_commit_time(commit);
	w.repo = repo;
	w.st = st;
	w.err = 0;
	rc = git_tree_walk(tree, GIT_TREEWALK_PRE, walk_cb, &w);
	git_tree_free(tree);
	git_commit_free(commit);
	if (rc < 0) {
		state_free(st);
		return qerr_git(error, w.err ? w.err : rc, "cannot read the state of series '%s'", name);
	}
	*out = st;
	return TRUE;
}

gboolean store_read(struct state **out, git_repository *repo, const char *name, GError **error)
{
	char *ref;
	git_oid oid;
	int rc;

	*out = NULL;
	if (!store_name_valid(name))
		return qerr(error, QUILL_ERROR_USAGE, "'%s' is not a valid series name", name);
	ref = store_ref_name(name);
	rc = git_reference_name_to_id(&oid, repo, ref);
	g_free(ref);
	if (rc == GIT_ENOTFOUND)
		return qerr(error, QUILL_ERROR_USAGE, "no series '%s'", name);
	if (rc < 0)
		return qerr_git(error, rc, "cannot read series '%s'", name);
	return store_read_commit(out, repo, name, &oid, error);
}

/* ---- writing ---- */

/* The blob of file `path`: the one it was read from or last written to,
 * else written now.  git_odb_write (not git_blob_create_from_buffer, which
 * streams every blob through a temporary file even when git has it) hashes
 * first and writes nothing for an object git has: a send commits its state
 * twice a mail, and most of the tree is the same each time. */
static int file_blob(git_oid *out, git_repository *repo, struct state *st, const char *path)
{
	const git_oid *known = g_hash_table_lookup(st->oids, path);
	GBytes *b = g_hash_table_lookup(st->files, path);
	git_odb *odb = NULL;
	gsize len;
	const void *d = g_bytes_get_data(b, &len);
	int rc;

	if (known) {
		git_oid_cpy(out, known);
		return 0;
	}
	if ((rc = git_repository_odb(&odb, repo)) < 0)
		return rc;
	rc = git_odb_write(out, odb, d ? d : "", len, GIT_OBJECT_BLOB);
	git_odb_free(odb);
	if (rc == 0)
		g_hash_table_replace(st->oids, g_strdup(path), g_memdup2(out, sizeof *out));
	return rc;
}

/* Build a tree from the sorted paths [lo, hi) that all start with `prefix`. */
static int build_tree(git_oid *out, git_repository *repo, struct state *st, GPtrArray *paths,
		      guint lo, guint hi, size_t plen)
{
	git_treebuilder *tb = NULL;
	guint i = lo;
	int rc;

	if ((rc = git_treebuilder_new(&tb, repo, NULL)) < 0)
		return rc;
	while (i < hi) {
		const char *path = g_ptr_array_index(paths, i);
		const char *rest = path + plen;
		const char *slash = strchr(rest, '/');
		git_oid oid;

		if (!slash) {
			if ((rc = file_blob(&oid, repo, st, path)) < 0 ||
			    (rc = git_treebuilder_insert(NULL, tb, rest, &oid, GIT_FILEMODE_BLOB)) < 0)
				goto done;
			i++;
		} else {
			size_t dlen = (size_t)(slash - rest);
			char *dir = g_strndup(rest, dlen);
			guint j = i;

			while (j < hi) {
				const char *p = g_ptr_array_index(paths, j);
				if (strncmp(p + plen, rest, dlen + 1))
					break;
				j++;
			}
			rc = build_tree(&oid, repo, st, paths, i, j, plen + dlen + 1);
			if (rc >= 0)
				rc = git_treebuilder_insert(NULL, tb, dir, &oid, GIT_FILEMODE_TREE);
			g_free(dir);
			if (rc < 0)
				goto done;
			i = j;
		}
	}
	rc = git_treebuilder_write(out, tb);
done:
	git_treebuilder_free(tb);
	return rc;
}

/* Write the state's tree and a commit on top of its commit (and `extra`). */
static gboolean write_commit(git_oid *out, git_repository *repo, struct state *st,
			     const char *message, const git_oid *extra, size_t n_extra,
			     GError **error)
{
	git_signature *sig = NULL;
	git_tree *tree = NULL;
	const git_commit **parents = NULL;
	size_t nparents = 0;
	GPtrArray *paths = NULL;
	git_oid tree_oid;
	gboolean ok = FALSE;
	char *msg;
	int rc;

	if (!ident_signature(&sig, repo, FALSE, error))
		goto done;
	paths = state_paths(st);
	if ((rc = build_tree(&tree_oid, repo, st, paths, 0, paths->len, 0)) < 0 ||
	    (rc = git_tree_lookup(&tree, repo, &tree_oid)) < 0) {
		qerr_git(error, rc, "cannot write the state of series '%s'", st->name);
		goto done;
	}
	parents = g_new0(const git_commit *, n_extra + 1);
	if (st->has_commit) {
		if ((rc = git_commit_lookup((git_commit **)&parents[nparents], repo, &st->commit)) < 0) {
			qerr_git(error, rc, "cannot read the state of series '%s'", st->name);
			goto done;
		}
		nparents++;
	}
	for (size_t i = 0; i < n_extra; i++) {
		gboolean dup = FALSE;
		for (size_t k = 0; k < nparents; k++)
			if (git_oid_equal(git_commit_id(parents[k]), &extra[i]))
				dup = TRUE;
		if (dup)
			continue;
		if ((rc = git_commit_lookup((git_commit **)&parents[nparents], repo, &extra[i])) < 0) {
			qerr_git(error, rc, "cannot read commit %s", git_oid_tostr_s(&extra[i]));
			goto done;
		}
		nparents++;
	}
	/* a message ends with a newline, as every git command writes one */
	msg = g_str_has_suffix(message, "\n") ? g_strdup(message) : g_strconcat(message, "\n", NULL);
	rc = git_commit_create(out, repo, NULL, sig, sig, NULL, msg, tree, nparents, parents);
	g_free(msg);
	if (rc < 0) {
		qerr_git(error, rc, "cannot write the state of series '%s'", st->name);
		goto done;
	}
	st->time = sig->when.time;
	ok = TRUE;
done:
	for (size_t i = 0; i < nparents; i++)
		git_commit_free((git_commit *)parents[i]);
	g_free(parents);
	if (paths)
		g_ptr_array_unref(paths);
	git_tree_free(tree);
	git_signature_free(sig);
	return ok;
}

/* core.filesRefLockTimeout in milliseconds: 100 unless set, -1 forever. */
static gint64 lock_timeout_ms(git_repository *repo)
{
	gint64 v;

	config_get_int(repo, "core.filesRefLockTimeout", G_MININT32, G_MAXINT32, 100, &v, NULL);
	return v;
}

/* Move (or create, when `current` is NULL) a state ref, compare-and-swap. */
static gboolean update_ref(git_repository *repo, const char *name, const git_oid *id,
			   const git_oid *current, const char *message, GError **error)
{
	git_reference *ref = NULL;
	char *refname = store_ref_name(name);
	int rc;

	gint64 timeout = lock_timeout_ms(repo), waited = 0, pause = 1;
	gboolean recovered = FALSE;
	GError *lock_error = NULL;

	/* A ref another writer holds locked is retried for a moment, as git
	 * does (core.filesRefLockTimeout, 100 ms by default): a concurrent
	 * writer is then seen as one ("changed by someone else"), and only a
	 * lock that stays is judged: removed when a killed writer left it
	 * (lock_recover), else reported. */
	for (;;) {
		if (current)
			rc = git_reference_create_matching(&ref, repo, refname, id, 1, current,
							   message);
		else
			rc = git_reference_create(&ref, repo, refname, id, 0, message);
		git_reference_free(ref);
		ref = NULL;
		if (rc == GIT_ELOCKED && timeout >= 0 && waited >= timeout && !recovered) {
			char *lock = lock_ref_path(repo, refname);
			gboolean again = lock_recover(repo, lock, &lock_error);
			g_free(lock);
			recovered = TRUE;
			if (again)
				continue;
		}
		if (rc != GIT_ELOCKED || (timeout >= 0 && waited >= timeout))
			break;
		g_usleep((gulong)pause * 1000);
		waited += pause;
		pause = MIN(pause * 2, 20);
	}
	if (rc == GIT_EEXISTS)
		qerr(error, QUILL_ERROR_USAGE, "series '%s' already exists", name);
	else if (rc == GIT_EMODIFIED)
		qerr(error, QUILL_ERROR_OUTSIDE,
		     "series '%s' was changed by someone else meanwhile (another quill?); nothing was written",
		     name);
	else if (rc == GIT_ELOCKED) {
		if (lock_error)
			g_propagate_prefixed_error(error, lock_error, "series '%s' is locked: ", name);
		else
			qerr(error, QUILL_ERROR_OUTSIDE, "series '%s' is locked; nothing was written",
			     name);
		lock_error = NULL;
	} else if (rc < 0)
		qerr_git(error, rc, "cannot update %s", refname);
	g_clear_error(&lock_error);
	g_free(refname);
	return rc == 0;
}

gboolean store_commit(git_repository *repo, struct state *st, const char *message,
		      const git_oid *extra, size_t n_extra, GError **error)
{
	git_oid commit_oid;

	if (!write_commit(&commit_oid, repo, st, message, extra, n_extra, error) ||
	    !update_ref(repo, st->name, &commit_oid, st->has_commit ? &st->commit : NULL, message,
			error))
		return FALSE;
	st->has_commit = TRUE;
	git_oid_cpy(&st->commit, &commit_oid);
	st->dirty = FALSE;
	return TRUE;
}

gboolean store_rename(git_repository *repo, struct state *st, const char *new_name,
		      const char *message, GError **error)
{
	struct state old = *st;
	git_oid commit_oid;

	if (!st->has_commit)
		return qerr(error, QUILL_ERROR_USAGE, "series '%s' is not in git yet", st->name);
	if (!write_commit(&commit_oid, repo, st, message, NULL, 0, error) ||
	    !update_ref(repo, new_name, &commit_oid, NULL, message, error))
		return FALSE;
	if (!store_delete(repo, &old, error)) {
		/* the old one moved meanwhile: take the new one back */
		struct state fresh = *st;
		fresh.name = (char *)new_name;
		git_oid_cpy(&fresh.commit, &commit_oid);
		store_delete(repo, &fresh, NULL);
		return FALSE;
	}
	g_free(st->name);
	st->name = g_strdup(new_name);
	git_oid_cpy(&st->commit, &commit_oid);
	st->dirty = FALSE;
	return TRUE;
}

gboolean store_delete(git_repository *repo, struct state *st, GError **error)
{
	git_reference *ref = NULL;
	char *refname = store_ref_name(st->name);
	gboolean ok = FALSE;
	int rc;

	rc = git_reference_lookup(&ref, repo, refname);
	if (rc < 0) {
		qerr_git(error, rc, "cannot read %s", refname);
		goto done;
	}
	if (!st->has_commit || !git_reference_target(ref) ||
	    !git_oid_equal(git_reference_target(ref), &st->commit)) {
		qerr(error, QUILL_ERROR_OUTSIDE,
		     "series '%s' was changed by someone else meanwhile; nothing was deleted", st->name);
		goto done;
	}
	if ((rc = git_reference_delete(ref)) < 0) {
		qerr_git(error, rc, "cannot delete %s", refname);
		goto done;
	}
	ok = TRUE;
done:
	git_reference_free(ref);
	g_free(refname);
	return ok;
}

GPtrArray *store_list(git_repository *repo, GError **error)
{
	GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
	git_reference_iterator *it = NULL;
	const char *refname;
	int rc;

	if ((rc = git_reference_iterator_glob_new(&it, repo, STORE_REF_PREFIX "*")) < 0) {
		qerr_git(error, rc, "cannot list series");
		g_ptr_array_unref(names);
		return NULL;
	}
	while ((rc = git_reference_next_name(&refname, it)) == 0) {
		const char *n = refname + strlen(STORE_REF_PREFIX);
		if (!strchr(n, '/'))
			g_ptr_array_add(names, g_strdup(n));
	}
	git_reference_iterator_free(it);
	if (rc != GIT_ITEROVER) {
		qerr_git(error, rc, "cannot list series");
		g_ptr_array_unref(names);
		return NULL;
	}
	g_ptr_array_sort(names, cmp_str);
	return names;
}
