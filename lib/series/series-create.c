/* series-create.c - a series comes into being: series new (branch, tie,
 * notes ref), series built elsewhere and adopted, and renames. */
#include "series/series.h"
#include "git/commit.h"
#include "git/config.h"
#include "core/error.h"
#include "git/ident.h"
#include "git/lock.h"

#include <string.h>

/* ---- the upstream ---- */

/* TRUE when REV spells the ref FULL ("main", "heads/main", "origin/main" for
 * refs/remotes/origin/main), not something that resolved to it (HEAD). */
static gboolean names_ref(const char *full, const char *rev)
{
	size_t f = strlen(full), r = strlen(rev);

	return g_str_has_prefix(full, "refs/") && g_str_has_suffix(full, rev) &&
	       (f == r || full[f - r - 1] == '/');
}

char *series_upstream_spec(git_repository *repo, const char *rev, GError **error)
{
	git_reference *named = NULL;
	git_oid oid;
	char *out;

	if (!commit_resolve(&oid, repo, rev, error))
		return NULL;
	if (git_reference_dwim(&named, repo, rev) == 0 && names_ref(git_reference_name(named), rev))
		out = g_strdup(rev);	/* a branch, remote branch or tag: it moves on */
	else
		out = g_strdup(git_oid_tostr_s(&oid));	/* HEAD~2, @{u}, an id: now */
	git_reference_free(named);
	return out;
}

/* ---- create ---- */

static char *branch_upstream_name(git_repository *repo, const char *branch)
{
	git_reference *br = NULL, *up = NULL;
	char *out = NULL;

	if (!git_branch_lookup(&br, repo, branch, GIT_BRANCH_LOCAL) && !git_branch_upstream(&up, br))
		out = g_strdup(git_reference_shorthand(up));
	git_reference_free(up);
	git_reference_free(br);
	return out;
}

/* Switch HEAD to a new branch at `target`: a safe checkout of its tree,
 * unless HEAD's tree is the same. */
static gboolean switch_to(git_repository *repo, const char *branch, const git_oid *target,
			  GError **error)
{
	git_object *obj = NULL;
	git_oid head;
	char *ref = g_strconcat("refs/heads/", branch, NULL);
	gboolean ok = FALSE;
	int rc;

	if (git_repository_is_bare(repo)) {
		g_free(ref);
		return TRUE;
	}
	if (git_reference_name_to_id(&head, repo, "HEAD") < 0 || !git_oid_equal(&head, target)) {
		git_checkout_options co = GIT_CHECKOUT_OPTIONS_INIT;

		co.checkout_strategy = GIT_CHECKOUT_SAFE;
		if ((rc = git_object_lookup(&obj, repo, target, GIT_OBJECT_COMMIT)) < 0 ||
		    (rc = git_checkout_tree(repo, obj, &co)) < 0) {
			qerr_git(error, rc, "cannot switch to branch '%s'", branch);
			goto done;
		}
	}
	if ((rc = git_repository_set_head(repo, ref)) < 0) {
		qerr_git(error, rc, "cannot switch to branch '%s'", branch);
		goto done;
	}
	ok = TRUE;
done:
	git_object_free(obj);
	g_free(ref);
	return ok;
}

/* Start refs/notes/quill when it is missing: a notes commit with an empty
 * tree, as the first 'git notes add' makes one.  git warns "notes ref ... is
 * invalid" on every amend and rebase while notes.rewriteRef names a ref that
 * does not exist, so the ref has to be there before the key is set.  The
 * commit is the same in every repository (fixed author, date and message),
 * so two clones that each started their notes have not diverged. */
static gboolean ensure_notes_ref(git_repository *repo)
{
	git_treebuilder *tb = NULL;
	git_tree *tree = NULL;
	git_signature *sig = NULL;
	git_reference *ref = NULL;
	git_oid oid;
	int rc;

	if (git_reference_name_to_id(&oid, repo, STORE_NOTES_REF) == 0)
		return TRUE;
	if (git_signature_new(&sig, "quill", "quill@invalid", 0, 0) < 0)
		return FALSE;
	if ((rc = git_treebuilder_new(&tb, repo, NULL)) == 0 &&
	    (rc = git_treebuilder_write(&oid, tb)) == 0 &&
	    (rc = git_tree_lookup(&tree, repo, &oid)) == 0 &&
	    (rc = git_commit_create(&oid, repo, NULL, sig, sig, NULL,
				    "Notes of quill: review items per patch and version\n", tree, 0, NULL)) == 0)
		rc = lock_ref_write(repo, STORE_NOTES_REF, &oid, 0, NULL, "quill: start the notes", NULL);
	git_reference_free(ref);
	git_tree_free(tree);
	git_treebuilder_free(tb);
	git_signature_free(sig);
	return rc == 0 || rc == GIT_EEXISTS;
}

void series_tie_branch(git_repository *repo, const char *branch, const char *name)
{
	char *key = g_strdup_printf("branch.%s.quillSeries", branch);
	char *rw;

	config_set(repo, key, name, NULL);
	g_free(key);
	rw = config_get(repo, "notes.rewriteRef");
	if (!rw && ensure_notes_ref(repo))
		config_set(repo, "notes.rewriteRef", STORE_NOTES_REF, NULL);
	g_free(rw);
}

/* --branch: the series adopts the branch o names, based on o->base or
 * else the branch's upstream (into *base). */
static gboolean adopt_branch(struct series *s, git_repository *repo,
			     const struct series_new_opts *o, git_oid *base, GError **error)
{
	if (!commit_branch_exists(repo, o->branch))
		return qerr(error, QUILL_ERROR_USAGE, "no branch '%s' to adopt", o->branch);
	s->branch = g_strdup(o->branch);
	s->upstream = o->base ? series_upstream_spec(repo, o->base, error)
			      : branch_upstream_name(repo, o->branch);
	if (o->base && !s->upstream)
		return FALSE;
	if (!s->upstream)
		return qerr(error, QUILL_ERROR_USAGE,
			    "branch '%s' has no upstream: name the base with --base REV", o->branch);
	return commit_resolve(base, repo, s->upstream, error);
}

/* The upstream of a new branch without --base: HEAD's branch, else (a
 * detached HEAD) its commit. */
static char *head_upstream(git_repository *repo, GError **error)
{
	char *head = config_head_branch(repo);
	git_oid h;

	if (head && git_reference_name_to_id(&h, repo, "HEAD") == 0)
		return head;
	g_free(head);
	if (git_reference_name_to_id(&h, repo, "HEAD") < 0) {
		qerr(error, QUILL_ERROR_USAGE, "HEAD has no commit yet: name the base with --base REV");
		return NULL;
	}
	return g_strdup(git_oid_tostr_s(&h));
}

/* Without --branch: a new branch named as the series, at o->base or HEAD
 * (into *base; *created: its reference, caller frees). */
static gboolean make_branch(struct series *s, git_repository *repo,
			    const struct series_new_opts *o, git_oid *base,
			    git_reference **created, GError **error)
{
	git_commit *c = NULL;
	int rc;

	if (commit_branch_exists(repo, o->name))
		return qerr(error, QUILL_ERROR_USAGE,
			    "a branch '%s' exists already: adopt it with --branch %s", o->name,
			    o->name);
	s->upstream = o->base ? series_upstream_spec(repo, o->base, error)
			      : head_upstream(repo, error);
	if (!s->upstream || !commit_resolve(base, repo, s->upstream, error))
		return FALSE;
	s->branch = g_strdup(o->name);
	if ((rc = git_commit_lookup(&c, repo, base)) < 0 ||
	    (rc = git_branch_create(created, repo, s->branch, c, 0)) < 0) {
		git_commit_free(c);
		return qerr_git(error, rc, "cannot create branch '%s'", s->branch);
	}
	git_commit_free(c);
	return TRUE;
}

/* The fields of a new series that o gives: subject prefixes (the empty
 * ones dropped), To, Cc, list and cover; version 1, created now. */
static void fill_new(struct series *s, git_repository *repo, const struct series_new_opts *o)
{
	gint64 now;

	for (const char *const *p = o->prefixes; p && *p; p++)
		if (**p) {
			char **old = s->prefixes;
			guint n = g_strv_length(old);
			s->prefixes = g_renew(char *, old, n + 2);
			s->prefixes[n] = g_strdup(*p);
			s->prefixes[n + 1] = NULL;
		}
	g_strfreev(s->to);
	g_strfreev(s->cc);
	s->to = g_strdupv((char **)(o->to ? o->to : (const char *const[]){ NULL }));
	s->cc = g_strdupv((char **)(o->cc ? o->cc : (const char *const[]){ NULL }));
	s->list = g_strdup(o->list);
	s->created = series_now_iso(repo, &now);
	s->change_id = series_make_change_id(s->name, now);
	s->version = 1;
	s->cover = g_strdup(o->cover ? o->cover : "");
	s->state = state_new(s->name);
}

gboolean series_create(struct series **out, git_repository *repo,
		       const struct series_new_opts *o, warn_fn warn, void *payload,
		       GError **error)
{
	struct series *s = NULL;
	git_oid base;
	git_reference *created = NULL;
	const char *why;

	*out = NULL;
	if ((why = store_name_problem(o->name)))
		return qerr(error, QUILL_ERROR_USAGE, "'%s' is not a valid series name (%s)", o->name,
			    why);
	if (store_exists(repo, o->name))
		return qerr(error, QUILL_ERROR_USAGE, "series '%s' already exists", o->name);

	s = series_new_empty(NULL);
	s->name = g_strdup(o->name);
	if (o->branch ? !adopt_branch(s, repo, o, &base, error)
		      : !make_branch(s, repo, o, &base, &created, error))
		goto fail;
	fill_new(s, repo, o);
	if (!series_save(s, repo, "series new", NULL, 0, error)) {
		if (created)
			git_branch_delete(created);
		goto fail;
	}
	series_tie_branch(repo, s->branch, s->name);
	if (created && !o->no_checkout) {
		GError *e = NULL;
		if (!switch_to(repo, s->branch, &base, &e)) {
			if (warn)
				warn(payload, "%s", e->message);
			g_error_free(e);
		}
	}
	git_reference_free(created);
	*out = s;
	return TRUE;
fail:
	git_reference_free(created);
	series_free(s);
	return FALSE;
}

/* ---- rename ---- */

gboolean series_rename(struct series *s, git_repository *repo, const char *new_name,
		       GError **error)
{
	const char *why = store_name_problem(new_name);
	char *old, *key, *msg;
	gboolean ok;

	if (!store_name_valid(new_name))
		return qerr(error, QUILL_ERROR_USAGE, "'%s' is not a valid series name", new_name);
	if (why)
		return qerr(error, QUILL_ERROR_USAGE, "'%s' is not a valid series name (%s)", new_name,
			    why);
	if (!strcmp(new_name, s->name))
		return qerr(error, QUILL_ERROR_USAGE, "series '%s' is already called that", new_name);
	old = g_strdup(s->name);
	g_free(s->name);
	s->name = g_strdup(new_name);
	series_to_state(s);
	msg = g_strdup_printf("rename: %s -> %s", old, new_name);
	ok = store_rename(repo, s->state, new_name, msg, error);
	g_free(msg);
	if (!ok) {
		g_free(s->name);
		s->name = old;
		return FALSE;
	}
	key = g_strdup_printf("branch.%s.quillSeries", s->branch);
	config_set(repo, key, new_name, NULL);
	g_free(key);
	if (series_repair(s, repo, error) < 0) {
		g_free(old);
		return FALSE;
	}
	/* the old tags are derived refs of a series that no longer exists */
	for (guint i = 0; i < s->versions->len; i++) {
		struct series_version *v = g_ptr_array_index(s->versions, i);
		char *tag = series_tag_name(old, v->number);
		char *ref = g_strconcat("refs/tags/", tag, NULL);
		git_reference *r = NULL;

		if (!git_reference_lookup(&r, repo, ref))
			git_reference_delete(r);
		git_reference_free(r);
		g_free(tag);
		g_free(ref);
	}
	g_free(old);
	return TRUE;
}

/* ---- adopt ---- */

gboolean series_adopt(struct series *s, git_repository *repo, const char *message,
		      warn_fn warn, void *payload, GError **error)
{
	GArray *extra = g_array_new(FALSE, FALSE, sizeof(git_oid));
	GError *e = NULL;
	gboolean ok;

	for (guint i = 0; i < s->versions->len; i++) {
		const struct series_version *v = g_ptr_array_index(s->versions, i);
		git_oid o;
		if (v->tip && !git_oid_fromstr(&o, v->tip))
			g_array_append_val(extra, o);
		if (v->base && !git_oid_fromstr(&o, v->base))
			g_array_append_val(extra, o);
	}
	if (!s->state)
		s->state = state_new(s->name);
	if (!s->created)
		s->created = series_now_iso(repo, NULL);
	ok = series_save(s, repo, message, (const git_oid *)extra->data, extra->len, error);
	g_array_unref(extra);
	if (!ok)
		return FALSE;
	series_tie_branch(repo, s->branch, s->name);
	/* the state is written: a tag that cannot be made now is made by the
	 * next command that opens the series */
	if (series_repair(s, repo, &e) < 0) {
		if (warn)
			warn(payload, "tags not created yet: %s", e->message);
		g_error_free(e);
	}
	return TRUE;
}
