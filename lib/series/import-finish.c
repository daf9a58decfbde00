/* import-finish.c - the refs derived from an import's state commit
 * (import-finish.h): its plan in the commit message, and the refs written
 * from it, each only when missing, so a rerun finishes a killed import. */
#include "series/import-finish.h"
#include "core/error.h"
#include "git/lock.h"
#include "git/commit.h"
#include "git/config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PLAN_BRANCH "Import-Branch: "
#define PLAN_CHECKOUT "Import-Checkout: yes"
#define PLAN_HEAD "Import-Head: "
#define PLAN_TAG "Import-Tag: "

static void import_tag_free(struct import_tag *t)
{
	g_free(t->name);
	g_free(t);
}

void import_plan_init(struct import_plan *p)
{
	memset(p, 0, sizeof *p);
	p->tags = g_ptr_array_new_with_free_func((GDestroyNotify)import_tag_free);
}

void import_plan_clear(struct import_plan *p)
{
	g_free(p->head);
	if (p->tags)
		g_ptr_array_unref(p->tags);
	memset(p, 0, sizeof *p);
}

void import_plan_add_tag(struct import_plan *p, const char *name, const git_oid *target)
{
	struct import_tag *t = g_new0(struct import_tag, 1);

	t->name = g_strdup(name);
	git_oid_cpy(&t->target, target);
	g_ptr_array_add(p->tags, t);
}

gboolean import_plan_has_tag(const struct import_plan *p, const char *name)
{
	for (guint i = 0; i < p->tags->len; i++)
		if (!strcmp(((const struct import_tag *)g_ptr_array_index(p->tags, i))->name, name))
			return TRUE;
	return FALSE;
}

char *import_plan_message(const struct import_plan *p, const char *dir)
{
	GString *m = g_string_new("import from ");

	/* the directory on one line, so nothing in its name reads as the plan */
	for (const char *c = dir; *c; c++)
		g_string_append_c(m, (unsigned char)*c < ' ' || *c == 0x7f ? '?' : *c);
	g_string_append_printf(m, "\n\n" PLAN_BRANCH "%s\n", git_oid_tostr_s(&p->branch_tip));
	if (p->checkout)
		g_string_append(m, PLAN_CHECKOUT "\n");
	if (p->head)
		g_string_append_printf(m, PLAN_HEAD "%s %s\n", p->head, git_oid_tostr_s(&p->head_tip));
	for (guint i = 0; i < p->tags->len; i++) {
		const struct import_tag *t = g_ptr_array_index(p->tags, i);
		g_string_append_printf(m, PLAN_TAG "%s %s\n", t->name, git_oid_tostr_s(&t->target));
	}
	return g_string_free(m, FALSE);
}

/* "NAME HEX" into *name (caller owns) and *oid. */
static gboolean name_oid(const char *s, char **name, git_oid *oid)
{
	const char *sp = strchr(s, ' ');

	if (!sp || sp == s || git_oid_fromstr(oid, sp + 1) < 0 || strlen(sp + 1) != GIT_OID_HEXSZ)
		return FALSE;
	*name = g_strndup(s, sp - s);
	return TRUE;
}

gboolean import_plan_parse(struct import_plan *p, const char *message)
{
	const char *body = message ? strstr(message, "\n\n") : NULL;
	gboolean branch = FALSE;
	char **lines;

	if (!g_str_has_prefix(message ? message : "", "import from ") || !body)
		return FALSE;
	lines = g_strsplit(body + 2, "\n", -1);
	for (char **l = lines; *l; l++) {
		char *name;
		git_oid oid;

		if (g_str_has_prefix(*l, PLAN_BRANCH)) {
			branch = git_oid_fromstr(&p->branch_tip, *l + strlen(PLAN_BRANCH)) == 0;
		} else if (!strcmp(*l, PLAN_CHECKOUT)) {
			p->checkout = TRUE;
		} else if (g_str_has_prefix(*l, PLAN_HEAD) && !p->head &&
			   name_oid(*l + strlen(PLAN_HEAD), &name, &oid)) {
			p->head = name;
			git_oid_cpy(&p->head_tip, &oid);
		} else if (g_str_has_prefix(*l, PLAN_TAG) && name_oid(*l + strlen(PLAN_TAG), &name, &oid)) {
			import_plan_add_tag(p, name, &oid);
			g_free(name);
		}
	}
	g_strfreev(lines);
	return branch;
}

gboolean import_ref_free(git_repository *repo, const char *refname)
{
	char *p = g_strdup(refname), *glob;
	git_reference_iterator *it = NULL;
	git_reference *r = NULL;
	gboolean free_ = TRUE;

	/* a ref where a leading part of it would be a directory */
	for (char *s = strchr(p + strlen("refs/"), '/'); free_ && s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (git_reference_lookup(&r, repo, p) == 0)
			free_ = FALSE;
		git_reference_free(r);
		r = NULL;
		*s = '/';
	}
	/* refs below it, where it would be a file */
	glob = g_strconcat(refname, "/*", NULL);
	if (free_ && git_reference_iterator_glob_new(&it, repo, glob) == 0) {
		if (git_reference_next(&r, it) == 0)
			free_ = FALSE;
		git_reference_free(r);
		git_reference_iterator_free(it);
	}
	g_free(glob);
	g_free(p);
	return free_;
}

/* Why git could not write something, from its last error; for a .lock
 * left by a killed git (the message names the file), what to do too
 * (caller owns the text). */
static char *git_failure(int rc)
{
	const git_error *ge = git_error_last();
	char *msg = g_strdup(ge && ge->message ? ge->message : "unknown error"), *out;
	size_t n = strlen(msg);

	/* libgit2 ends some with ": " and no reason */
	while (n && (msg[n - 1] == ' ' || msg[n - 1] == ':'))
		msg[--n] = '\0';
	if (rc != GIT_ELOCKED)
		return msg;
	out = g_strdup_printf("%s (another git is running, or one was killed: remove that .lock "
			      "file if none runs, then run the import again)", msg);
	g_free(msg);
	return out;
}

struct in_the_way {
	const char *root;	/* the work tree */
	char *path;		/* the first entry the work tree holds otherwise */
	git_repository *repo;
	gint64 since;		/* the commit point's time */
};

/* Is the regular file `path` a write of entry e that a kill cut short: not
 * older than the commit point, and what it holds the start of the blob
 * (a checkout creates the file, then writes it)? */
static gboolean cut_short_write(const struct in_the_way *w, const char *path,
				const struct stat *st, const git_tree_entry *e)
{
	git_blob *b = NULL;
	char *text = NULL;
	gsize len = 0;
	gboolean yes = FALSE;

	if (!S_ISREG(st->st_mode) || (gint64)st->st_mtime < w->since ||
	    (git_tree_entry_filemode(e) != GIT_FILEMODE_BLOB &&
	     git_tree_entry_filemode(e) != GIT_FILEMODE_BLOB_EXECUTABLE) ||
	    git_blob_lookup(&b, w->repo, git_tree_entry_id(e)) < 0)
		return FALSE;
	if ((git_object_size_t)st->st_size < git_blob_rawsize(b) &&
	    g_file_get_contents(path, &text, &len, NULL))
		yes = len == (gsize)st->st_size && !memcmp(text, git_blob_rawcontent(b), len);
	g_free(text);
	git_blob_free(b);
	return yes;
}

/* Is the work tree's `path` (lstat'ed into st) what entry e holds? */
static gboolean same_as_entry(const char *path, const struct stat *st, const git_tree_entry *e)
{
	git_filemode_t mode = git_tree_entry_filemode(e);
	git_oid oid;

	if (mode == GIT_FILEMODE_TREE)
		return S_ISDIR(st->st_mode);
	if (mode == GIT_FILEMODE_COMMIT)
		return TRUE;
	if (mode == GIT_FILEMODE_LINK) {
		char buf[4096];
		ssize_t n = S_ISLNK(st->st_mode) ? readlink(path, buf, sizeof buf) : -1;
		return n >= 0 && git_odb_hash(&oid, buf, (size_t)n, GIT_OBJECT_BLOB) == 0 &&
		       git_oid_equal(&oid, git_tree_entry_id(e));
	}
	return S_ISREG(st->st_mode) && git_odb_hashfile(&oid, path, GIT_OBJECT_BLOB) == 0 &&
	       git_oid_equal(&oid, git_tree_entry_id(e));
}

static int way_entry(const char *dir, const git_tree_entry *e, void *payload)
{
	struct in_the_way *w = payload;
	char *path = g_build_filename(w->root, dir, git_tree_entry_name(e), NULL);
	struct stat st;
	int r = 0;

	if (lstat(path, &st) < 0) {
		/* absent: nothing below it is in the way either */
		r = git_tree_entry_filemode(e) == GIT_FILEMODE_TREE ? 1 : 0;
	} else if (!same_as_entry(path, &st, e) && !cut_short_write(w, path, &st, e)) {
		w->path = g_strconcat(dir, git_tree_entry_name(e), NULL);
		r = -1;
	}
	g_free(path);
	return r;
}

/* An unborn HEAD in a work tree: the tip's tree into the work tree and the
 * index, then HEAD to the branch.  Files already there are taken when they
 * hold what the tree holds, or the start of it and are not older than the
 * commit point (a checkout cut short wrote them), else nothing
 * is written.  A kill before HEAD moves leaves it unborn, so the rerun
 * does this again. */
static gboolean check_out(git_repository *repo, const char *bref, const git_oid *tip,
			  gint64 since, char **why)
{
	git_commit *c = NULL;
	git_tree *tree = NULL;
	git_checkout_options co = GIT_CHECKOUT_OPTIONS_INIT;
	struct in_the_way w = { git_repository_workdir(repo), NULL, repo, since };
	int rc;

	if ((rc = git_commit_lookup(&c, repo, tip)) < 0 || (rc = git_commit_tree(&tree, c)) < 0)
		goto fail;
	git_tree_walk(tree, GIT_TREEWALK_PRE, way_entry, &w);
	if (w.path) {
		*why = g_strdup_printf("%s in the work tree is not the branch's (move it away and run "
				       "the import again, or check the branch out yourself)",
				       w.path);
		g_free(w.path);
		git_tree_free(tree);
		git_commit_free(c);
		return FALSE;
	}
	/* nothing in the way: files that are there are the same */
	co.checkout_strategy = GIT_CHECKOUT_FORCE;
	if ((rc = git_checkout_tree(repo, (git_object *)tree, &co)) == GIT_ELOCKED) {
		/* libgit2 does not name the index's lock: a stale one goes */
		char *lock = lock_index_path(repo);
		GError *e = NULL;

		if (lock_recover(repo, lock, &e))
			rc = git_checkout_tree(repo, (git_object *)tree, &co);
		g_free(lock);
		if (rc == GIT_ELOCKED) {
			*why = e ? g_strdup(e->message)
				 : g_strdup_printf("%sindex.lock exists (run the import again)",
						   git_repository_path(repo));
			g_clear_error(&e);
			git_tree_free(tree);
			git_commit_free(c);
			return FALSE;
		}
		g_clear_error(&e);
	}
	if (rc == 0 && (rc = git_repository_set_head(repo, bref)) < 0 && lock_retry(repo, rc, "HEAD"))
		rc = git_repository_set_head(repo, bref);
	if (rc < 0)
		goto fail;
	git_tree_free(tree);
	git_commit_free(c);
	return TRUE;
fail:
	*why = git_failure(rc);
	git_tree_free(tree);
	git_commit_free(c);
	return FALSE;
}

/* branch.<b>.quillSeries and notes.rewriteRef, as series_tie_branch sets them. */
static gboolean tied(git_repository *repo, const char *branch, const char *name)
{
	char *key = g_strdup_printf("branch.%s.quillSeries", branch);
	char *v = config_get(repo, key), *rw = config_get(repo, "notes.rewriteRef");
	gboolean yes = v && rw && !strcmp(v, name);

	g_free(key);
	g_free(v);
	g_free(rw);
	return yes;
}

static void upstream_tags(git_repository *repo, const struct import_plan *p, int *done,
			  warn_fn warn, void *payload)
{
	for (guint i = 0; i < p->tags->len; i++) {
		const struct import_tag *t = g_ptr_array_index(p->tags, i);
		char *ref = g_strconcat("refs/tags/", t->name, NULL);
		git_object *obj = NULL;
		git_oid x;
		int rc = 0;

		if (git_reference_name_to_id(&x, repo, ref) < 0 &&
		    (rc = git_object_lookup(&obj, repo, &t->target, GIT_OBJECT_COMMIT)) == 0 &&
		    (rc = git_tag_create_lightweight(&x, repo, t->name, obj, 0)) < 0 &&
		    lock_retry(repo, rc, ref))
			rc = git_tag_create_lightweight(&x, repo, t->name, obj, 0);
		if (rc == 0 && obj)
			(*done)++;
		if (rc < 0 && rc != GIT_EEXISTS && warn) {
			char *why = git_failure(rc);
			warn(payload, "tag %s not created: %s", t->name, why);
			g_free(why);
		}
		git_object_free(obj);
		g_free(ref);
	}
}

/* The branch an unborn HEAD names, at the upstream tip; not while HEAD
 * still names it unborn in a work tree (the checkout failed), where it
 * would show every file as deleted. */
static void head_branch(git_repository *repo, const struct import_plan *p, int *done,
			warn_fn warn, void *payload)
{
	char *cur;
	git_commit *c = NULL;
	git_reference *r = NULL;
	int rc;

	if (!p->head || commit_branch_exists(repo, p->head))
		return;
	cur = config_head_branch(repo);
	if (p->checkout && git_repository_head_unborn(repo) == 1 && !g_strcmp0(cur, p->head)) {
		g_free(cur);
		return;
	}
	g_free(cur);
	if ((rc = git_commit_lookup(&c, repo, &p->head_tip)) == 0 &&
	    (rc = git_branch_create(&r, repo, p->head, c, 0)) < 0) {
		char *ref = g_strconcat("refs/heads/", p->head, NULL);
		if (lock_retry(repo, rc, ref))
			rc = git_branch_create(&r, repo, p->head, c, 0);
		g_free(ref);
	}
	if (rc == 0)
		(*done)++;
	if (rc < 0 && warn) {
		char *why = git_failure(rc);
		warn(payload, "branch %s not created: %s", p->head, why);
		g_free(why);
	}
	git_reference_free(r);
	git_commit_free(c);
}

gboolean import_finish(git_repository *repo, struct series *s, const struct import_plan *p,
		       int *done, warn_fn warn, void *payload, GError **error)
{
	char *bref = g_strconcat("refs/heads/", s->branch, NULL), *why = NULL;
	GError *e = NULL;
	int n;

	*done = 0;
	if (p->checkout && !git_repository_is_bare(repo) && git_repository_head_unborn(repo) == 1) {
		if (check_out(repo, bref, &p->branch_tip, state_time(s->state), &why))
			(*done)++;
		else if (warn)
			warn(payload, "branch %s not checked out: %s", s->branch, why);
		g_free(why);
		why = NULL;
	}
	if (!commit_branch_exists(repo, s->branch)) {
		git_commit *c = NULL;
		git_reference *r = NULL;
		int rc;

		if ((rc = git_commit_lookup(&c, repo, &p->branch_tip)) == 0)
			rc = git_branch_create(&r, repo, s->branch, c, 0);
		if (rc < 0) {
			char *ref = g_strconcat("refs/heads/", s->branch, NULL);
			if (lock_retry(repo, rc, ref))
				rc = git_branch_create(&r, repo, s->branch, c, 0);
			g_free(ref);
		}
		git_reference_free(r);
		git_commit_free(c);
		if (rc < 0) {
			why = git_failure(rc);
			qerr(error, QUILL_ERROR_OUTSIDE, "series '%s' is imported, but not its branch %s: %s",
			     s->name, s->branch, why);
			g_free(why);
			g_free(bref);
			return FALSE;
		}
		(*done)++;
	}
	g_free(bref);
	if (!tied(repo, s->branch, s->name)) {
		series_tie_branch(repo, s->branch, s->name);
		if (tied(repo, s->branch, s->name))
			(*done)++;
		else if (warn)
			warn(payload, "branch %s not tied to series %s in the git config", s->branch,
			     s->name);
	}
	/* the state is written: a tag that cannot be made now is made by the
	 * next command that opens the series */
	if ((n = series_repair(s, repo, &e)) < 0) {
		if (warn)
			warn(payload, "tags not created yet: %s%s", e->message,
			     qerr_git_code(e) == GIT_ELOCKED
				     ? " (remove that .lock file if no git runs: the next quill "
				       "command on the series makes them)"
				     : "");
		g_error_free(e);
	} else {
		*done += n;
	}
	upstream_tags(repo, p, done, warn, payload);
	head_branch(repo, p, done, warn, payload);
	return TRUE;
}
