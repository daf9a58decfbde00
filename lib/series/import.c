/* import.c - rebuilding a series from an export directory (see export.h):
 * every commit first, then the state ref as the one commit point, then the
 * refs derived from it (import-finish.h), so that a failed import leaves no
 * ref behind and a killed one is finished by running it again. */
#include "series/import.h"
#include "series/import-finish.h"
#include "series/import-read.h"
#include "series/series.h"
#include "git/commit.h"
#include "git/config.h"
#include "core/error.h"
#include "git/ident.h"
#include "git/patchid.h"
#include "series/store.h"

#include <errno.h>
#include <string.h>

/* A libgit2 failure caused by the file's content: bad input, not git. */
#define bad_input(error, rc, ...) qerr_git_as((error), QUILL_ERROR_INPUT, (rc), __VA_ARGS__)

/* Apply a patch on `parent` (NULL: the empty tree) and commit it. */
static gboolean apply_commit(git_oid *out, git_repository *repo, const git_oid *parent,
			     const struct mail_patch *m, const char *path, GError **error)
{
	git_commit *pc = NULL;
	git_tree *base = NULL, *tree = NULL;
	git_diff *diff = NULL;
	git_index *index = NULL;
	git_signature *author = NULL, *committer = NULL;
	git_oid tree_oid;
	gboolean ok = FALSE;
	int rc;

	if (parent && ((rc = git_commit_lookup(&pc, repo, parent)) < 0 ||
		       (rc = git_commit_tree(&base, pc)) < 0)) {
		qerr_git(error, rc, "%s: cannot read its parent %s", path, git_oid_tostr_s(parent));
		goto done;
	}
	if (!base) {
		git_treebuilder *tb;
		git_oid empty;
		if ((rc = git_treebuilder_new(&tb, repo, NULL)) < 0 ||
		    (rc = git_treebuilder_write(&empty, tb)) < 0 ||
		    (rc = git_tree_lookup(&base, repo, &empty)) < 0) {
			qerr_git(error, rc, "cannot write the empty tree");
			goto done;
		}
		git_treebuilder_free(tb);
	}
	if (m->diff && *m->diff) {
		if ((rc = git_diff_from_buffer(&diff, m->diff, strlen(m->diff))) < 0) {
			bad_input(error, rc, "%s: the diff does not parse", path);
			goto done;
		}
		if ((rc = git_apply_to_tree(&index, repo, base, diff, NULL)) < 0) {
			bad_input(error, rc, "%s: does not apply", path);
			goto done;
		}
		if ((rc = git_index_write_tree_to(&tree_oid, index, repo)) < 0 ||
		    (rc = git_tree_lookup(&tree, repo, &tree_oid)) < 0) {
			qerr_git(error, rc, "%s: cannot write the tree", path);
			goto done;
		}
	} else {
		tree = base;
		base = NULL;
	}
	if ((rc = git_signature_new(&author, m->author_name, m->author_email, m->time, m->offset)) < 0) {
		qerr_git(error, rc, "%s: bad author", path);
		goto done;
	}
	if (!ident_signature(&committer, repo, FALSE, error))
		goto done;
	if ((rc = git_commit_create(out, repo, NULL, author, committer, NULL, m->message, tree,
				    pc ? 1 : 0, (const git_commit **)&pc)) < 0) {
		qerr_git(error, rc, "%s: cannot commit", path);
		goto done;
	}
	ok = TRUE;
done:
	git_signature_free(author);
	git_signature_free(committer);
	git_index_free(index);
	git_diff_free(diff);
	git_tree_free(tree);
	git_tree_free(base);
	git_commit_free(pc);
	return ok;
}

struct importer {
	git_repository *repo;
	const char *dir;
	GHashTable *map;	/* original hex -> new hex */
	int commits;
	int upstream;
	char *upstream_tip;	/* the newest upstream commit created */
	gboolean upstream_done;
	GPtrArray *tags;	/* upstream/tags (struct export_tag*), once read */
};

/* Apply upstream/ once, mapping its commits; read its tags. */
static gboolean import_upstream(struct importer *im, GError **error)
{
	GPtrArray *files = NULL;
	git_oid parent, oid;
	gboolean have = FALSE, ok = TRUE;

	im->upstream_done = TRUE;
	if (!export_upstream_tags(&im->tags, im->dir, error) ||
	    !export_patch_files(&files, im->dir, "upstream", error))
		return FALSE;
	for (guint i = 0; ok && i < files->len; i++) {
		struct mail_patch m;
		const char *f = g_ptr_array_index(files, i);

		if (!(ok = export_parse_mail(&m, f, error)))
			break;
		if ((ok = apply_commit(&oid, im->repo, have ? &parent : NULL, &m, f, error))) {
			if (*m.orig)
				g_hash_table_replace(im->map, g_strdup(m.orig),
						     g_strdup(git_oid_tostr_s(&oid)));
			git_oid_cpy(&parent, &oid);
			have = TRUE;
			im->upstream++;
		}
		mail_patch_release(&m);
	}
	if (ok && have) {
		g_free(im->upstream_tip);
		im->upstream_tip = g_strdup(git_oid_tostr_s(&parent));
	}
	g_ptr_array_unref(files);
	return ok;
}

/* The commit `hex` stands for here: itself if the repository has it, else
 * what upstream/ made of it. */
static gboolean resolve_base(git_oid *out, struct importer *im, const char *hex, GError **error)
{
	const char *mapped = g_hash_table_lookup(im->map, hex);
	git_commit *c = NULL;

	if (!mapped && git_oid_fromstr(out, hex) == 0 && git_commit_lookup(&c, im->repo, out) == 0) {
		git_commit_free(c);
		return TRUE;
	}
	if (!mapped && !im->upstream_done) {
		if (!import_upstream(im, error))
			return FALSE;
		mapped = g_hash_table_lookup(im->map, hex);
	}
	if (!mapped)
		return qerr(error, QUILL_ERROR_USAGE,
			    "the base %.12s is not in this repository, and %s/upstream does not hold it",
			    hex, im->dir);
	return git_oid_fromstr(out, mapped) == 0;
}

/* Apply the patches in DIR/sub onto base; fill `v` (its commits, tip). */
static gboolean import_patches(struct importer *im, const char *sub, const git_oid *base,
			       struct series_version *v, git_oid *tip_out, GError **error)
{
	GPtrArray *files;
	git_oid parent;
	gboolean ok = TRUE;

	if (!export_patch_files(&files, im->dir, sub, error))
		return FALSE;
	git_oid_cpy(&parent, base);
	if (v && files->len != v->patches->len) {
		char *path = g_build_filename(im->dir, sub, NULL);
		ok = qerr(error, QUILL_ERROR_INPUT, "%s: %u patch files, but version.conf lists %u",
			  path, files->len, v->patches->len);
		g_free(path);
	}
	for (guint i = 0; ok && i < files->len; i++) {
		const char *f = g_ptr_array_index(files, i);
		struct mail_patch m;
		const char *known;
		git_oid oid;

		if (!(ok = export_parse_mail(&m, f, error)))
			break;
		known = *m.orig ? g_hash_table_lookup(im->map, m.orig) : NULL;
		if (known) {
			git_oid_fromstr(&oid, known);
		} else if ((ok = apply_commit(&oid, im->repo, &parent, &m, f, error))) {
			im->commits++;
			if (*m.orig)
				g_hash_table_replace(im->map, g_strdup(m.orig),
						     g_strdup(git_oid_tostr_s(&oid)));
		}
		if (ok && v) {
			struct series_patch *p = g_ptr_array_index(v->patches, i);
			char pid[41];
			g_free(p->commit);
			p->commit = g_strdup(git_oid_tostr_s(&oid));
			if (m.diff && patchid_stable(m.diff, strlen(m.diff), pid)) {
				g_free(p->patch_id);
				p->patch_id = g_strdup(pid);
			}
		}
		git_oid_cpy(&parent, &oid);
		mail_patch_release(&m);
	}
	if (ok)
		git_oid_cpy(tip_out, &parent);
	g_ptr_array_unref(files);
	return ok;
}

/* DIR/rel into the state (absent: an error when `need`). */
static gboolean read_into_state(struct state *st, const char *dir, const char *rel, gboolean need,
				GError **error)
{
	char *data;
	gsize len;

	switch (export_read(dir, rel, &data, &len, error)) {
	case 1:
		state_set(st, rel, data, len);
		g_free(data);
		return TRUE;
	case 0:
		if (need) {
			char *path = g_build_filename(dir, rel, NULL);
			qerr(error, QUILL_ERROR_INPUT, "%s: missing", path);
			g_free(path);
			return FALSE;
		}
		return TRUE;
	}
	return FALSE;
}

/* vN/version.conf (text, parsed into kf when it parses) has its numbers in range. */
static gboolean check_version_conf(const char *dir, const char *rel, const char *text, gsize len,
				   GError **error)
{
	GKeyFile *kf = g_key_file_new();
	char *path = g_build_filename(dir, rel, NULL);
	int n = 0;
	gboolean ok = TRUE;

	/* one that does not parse is reported as before, by the series parser */
	if (g_key_file_load_from_data(kf, text, len, G_KEY_FILE_NONE, NULL))
		ok = export_conf_int(path, text, kf, "version", "patches", 0, EXPORT_NUMBER_MAX, &n,
				     error);
	g_free(path);
	g_key_file_free(kf);
	return ok;
}

/* A frozen version's files into the state: version.conf, cover, changes. */
static gboolean read_version(struct state *st, const char *dir, int n, GError **error)
{
	char *rel = g_strdup_printf("v%d/version.conf", n), *text = NULL;
	gsize len;
	gboolean ok = FALSE;

	switch (export_read(dir, rel, &text, &len, error)) {
	case 0: {
		char *path = g_build_filename(dir, rel, NULL);
		qerr(error, QUILL_ERROR_INPUT, "%s: missing", path);
		g_free(path);
		break;
	}
	case 1:
		if (!check_version_conf(dir, rel, text, len, error))
			break;
		state_set(st, rel, text, len);
		g_free(rel);
		rel = g_strdup_printf("v%d/cover", n);
		if (!read_into_state(st, dir, rel, FALSE, error))
			break;
		g_free(rel);
		rel = g_strdup_printf("v%d/changes", n);
		ok = read_into_state(st, dir, rel, FALSE, error);
		break;
	}
	g_free(text);
	g_free(rel);
	return ok;
}

/* series.conf and every file of the frozen versions into a new state, as
 * series s (caller owns); *cname: the name in series.conf (caller owns). */
static gboolean read_export(struct series **out, char **cname, const char *dir, const char *name,
			    GError **error)
{
	char *conf = g_build_filename(dir, "series.conf", NULL), *text = NULL;
	GKeyFile *kf = g_key_file_new();
	struct state *st = NULL;
	gsize len;
	GError *e = NULL;
	gboolean ok = FALSE;
	int wv = 0;

	*out = NULL;
	*cname = NULL;
	switch (export_read(dir, "series.conf", &text, &len, error)) {
	case 0:
		qerr(error, QUILL_ERROR_USAGE, "%s: %s", conf, g_strerror(ENOENT));
		/* fall through */
	case -1:
		goto done;
	}
	if (!g_key_file_load_from_data(kf, text, len, G_KEY_FILE_NONE, &e)) {
		qerr(error, QUILL_ERROR_INPUT, "%s: %s", conf, e->message);
		g_error_free(e);
		goto done;
	}
	*cname = g_key_file_get_string(kf, "series", "name", NULL);
	if (!name)
		name = *cname;
	if (!name || !store_name_valid(name)) {
		qerr(error, QUILL_ERROR_INPUT, "%s: no valid series name", conf);
		goto done;
	}
	if (!export_conf_int(conf, text, kf, "series", "version", 1, EXPORT_NUMBER_MAX, &wv, error))
		goto done;
	st = state_new(name);
	state_set(st, "series.conf", text, len);
	if (!read_into_state(st, dir, "cover", FALSE, error))
		goto done;
	for (int n = 1; n < wv; n++)
		if (!read_version(st, dir, n, error))
			goto done;
	if (!series_from_state(out, st, error))
		goto done;
	st = NULL;	/* the series owns it */
	if (g_strcmp0(*cname, name)) {	/* imported under another name: its branch too */
		int valid = 0;
		g_free((*out)->branch);
		(*out)->branch = g_strdup(name);
		if (git_branch_name_is_valid(&valid, name) < 0 || !valid) {
			qerr(error, QUILL_ERROR_USAGE, "'%s' is not a valid branch name", name);
			goto done;
		}
	} else if (!export_conf_branch(conf, text, "series", "branch", (*out)->branch, error)) {
		goto done;
	}
	ok = TRUE;
done:
	if (!ok) {
		series_free(*out);
		*out = NULL;
	}
	state_free(st);
	g_key_file_free(kf);
	g_free(text);
	g_free(conf);
	return ok;
}

/* The working version vW, when the export has one: its patches onto its
 * base; *have is set when it holds any. */
static gboolean import_working(struct importer *im, int wv, git_oid *base, git_oid *tip,
			       gboolean *have, GError **error)
{
	char *sub = g_strdup_printf("v%d", wv);
	char *rel = g_build_filename(sub, "version.conf", NULL);
	char *wconf = g_build_filename(im->dir, rel, NULL), *text = NULL, *b = NULL;
	GKeyFile *wk = g_key_file_new();
	gsize len;
	gboolean ok = FALSE;
	int n = 0;

	switch (export_read(im->dir, rel, &text, &len, error)) {
	case -1:
		goto done;
	case 0:
		ok = TRUE;
		goto done;
	}
	/* one that does not parse is no working version, as it always was */
	if (!g_key_file_load_from_data(wk, text, len, G_KEY_FILE_NONE, NULL)) {
		ok = TRUE;
		goto done;
	}
	if (!export_conf_int(wconf, text, wk, "version", "patches", 0, EXPORT_NUMBER_MAX, &n, error))
		goto done;
	b = g_key_file_get_string(wk, "version", "base", NULL);
	if (!b) {
		qerr(error, QUILL_ERROR_INPUT, "%s: no base", wconf);
		goto done;
	}
	if (!resolve_base(base, im, b, error) || !import_patches(im, sub, base, NULL, tip, error))
		goto done;
	*have = TRUE;
	ok = TRUE;
done:
	g_key_file_free(wk);
	g_free(b);
	g_free(text);
	g_free(wconf);
	g_free(rel);
	g_free(sub);
	return ok;
}

/* A series there already: an import of the same export (change-id and
 * branch) whose state commit still carries its plan is finished, when
 * anything of the plan is missing; else it exists. */
static gboolean resume(struct import_result *out, git_repository *repo, const struct series *want,
		       warn_fn warn, void *payload, GError **error)
{
	struct series *cur = NULL;
	struct import_plan plan;
	git_commit *c = NULL;
	gboolean ok = FALSE, mine;
	int done = 0;

	import_plan_init(&plan);
	mine = series_load(&cur, repo, want->name, NULL) && state_commit(cur->state) &&
	       git_commit_lookup(&c, repo, state_commit(cur->state)) == 0 &&
	       import_plan_parse(&plan, git_commit_message(c)) &&
	       !g_strcmp0(cur->change_id, want->change_id) && !g_strcmp0(cur->branch, want->branch);
	if (mine && !import_finish(repo, cur, &plan, &done, warn, payload, error))
		goto done;
	if (!mine || !done) {
		qerr(error, QUILL_ERROR_USAGE, "series '%s' already exists", want->name);
		goto done;
	}
	out->name = g_strdup(cur->name);
	out->versions = (int)cur->versions->len;
	out->resumed = TRUE;
	ok = TRUE;
done:
	git_commit_free(c);
	series_free(cur);
	import_plan_clear(&plan);
	return ok;
}

/* The derived refs to write after the commit point: only what can be
 * written here (no ref there, none in its way). */
static void make_plan(struct import_plan *p, git_repository *repo, const struct importer *im,
		      const struct series *s, const git_oid *tip, gboolean unborn)
{
	git_oid_cpy(&p->branch_tip, tip);
	p->checkout = unborn && !git_repository_is_bare(repo);
	for (guint i = 0; im->tags && i < im->tags->len; i++) {
		const struct export_tag *t = g_ptr_array_index(im->tags, i);
		const char *to = g_hash_table_lookup(im->map, t->orig);
		char *ref = g_strconcat("refs/tags/", t->name, NULL);
		git_oid target, x;

		/* a lightweight tag where this repository has none */
		if (to && git_oid_fromstr(&target, to) == 0 && !import_plan_has_tag(p, t->name) &&
		    git_reference_name_to_id(&x, repo, ref) < 0 && import_ref_free(repo, ref))
			import_plan_add_tag(p, t->name, &target);
		g_free(ref);
	}
	/* an empty repository: its unborn branch gets the upstream history */
	if (unborn && im->upstream_tip) {
		char *head = config_head_branch(repo);
		char *ref = head ? g_strconcat("refs/heads/", head, NULL) : NULL;

		if (head && strcmp(head, s->branch) && !commit_branch_exists(repo, head) &&
		    import_ref_free(repo, ref) && git_oid_fromstr(&p->head_tip, im->upstream_tip) == 0) {
			p->head = head;
			head = NULL;
		}
		g_free(ref);
		g_free(head);
	}
}

/* The state commit: the series with every frozen tip and base, the
 * branch's tip and the upstream as extra parents (so gc keeps what the
 * plan names), the plan in its message. */
static gboolean commit_point(struct series *s, git_repository *repo, const struct import_plan *p,
			     const struct importer *im, GError **error)
{
	GArray *extra = g_array_new(FALSE, FALSE, sizeof(git_oid));
	char *msg = import_plan_message(p, im->dir);
	git_oid o;
	gboolean ok;

	for (guint i = 0; i < s->versions->len; i++) {
		const struct series_version *v = g_ptr_array_index(s->versions, i);
		if (v->tip && !git_oid_fromstr(&o, v->tip))
			g_array_append_val(extra, o);
		if (v->base && !git_oid_fromstr(&o, v->base))
			g_array_append_val(extra, o);
	}
	g_array_append_val(extra, p->branch_tip);
	if (im->upstream_tip && !git_oid_fromstr(&o, im->upstream_tip))
		g_array_append_val(extra, o);
	if (!s->created)
		s->created = series_now_iso(repo, NULL);
	ok = series_save(s, repo, msg, (const git_oid *)extra->data, extra->len, error);
	g_array_unref(extra);
	g_free(msg);
	return ok;
}

/* The commits of each frozen version of s, their base and tip in s
 * rewritten to the new ones; *base, *tip: the last version's. */
static gboolean import_versions(struct importer *im, struct series *s, git_oid *base,
				git_oid *tip, gboolean *have_tip, GError **error)
{
	for (guint i = 0; i < s->versions->len; i++) {
		struct series_version *v = g_ptr_array_index(s->versions, i);
		char *sub = g_strdup_printf("v%d", v->number);
		gboolean r = resolve_base(base, im, v->base, error) &&
			     import_patches(im, sub, base, v, tip, error);

		g_free(sub);
		if (!r)
			return FALSE;
		g_free(v->base);
		g_free(v->tip);
		v->base = g_strdup(git_oid_tostr_s(base));
		v->tip = g_strdup(git_oid_tostr_s(tip));
		*have_tip = TRUE;
	}
	return TRUE;
}

/* The upstream s names: an oid maps; a name this repository lacks (and
 * the import does not tag) becomes the fixed base it stood for. */
static void map_upstream(struct series *s, git_repository *repo, struct importer *im,
			 const struct import_plan *plan, const git_oid *base)
{
	const char *mapped;
	git_oid x;

	if (!s->upstream)
		return;
	mapped = g_hash_table_lookup(im->map, s->upstream);
	if (mapped) {
		g_free(s->upstream);
		s->upstream = g_strdup(mapped);
	} else if (!commit_resolve(&x, repo, s->upstream, NULL) &&
		   !import_plan_has_tag(plan, s->upstream)) {
		g_free(s->upstream);
		s->upstream = g_strdup(git_oid_tostr_s(base));
	}
}

gboolean series_import(struct import_result *out, git_repository *repo, const char *dir,
		       const char *name, warn_fn warn, void *payload, GError **error)
{
	struct importer im = { repo, dir, NULL, 0, 0, NULL, FALSE, NULL };
	struct import_plan plan;
	struct series *s = NULL;
	char *cname = NULL, *bref = NULL;
	git_oid base, tip;
	gboolean ok = FALSE, have_tip = FALSE, unborn;
	int done = 0;

	memset(out, 0, sizeof *out);
	import_plan_init(&plan);
	im.map = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	if (!read_export(&s, &cname, dir, name, error))
		goto done;
	if (store_exists(repo, s->name)) {
		ok = resume(out, repo, s, warn, payload, error);
		goto done;
	}
	if (commit_branch_exists(repo, s->branch)) {
		qerr(error, QUILL_ERROR_USAGE, "branch '%s' already exists", s->branch);
		goto done;
	}
	bref = g_strconcat("refs/heads/", s->branch, NULL);
	if (!import_ref_free(repo, bref)) {
		qerr(error, QUILL_ERROR_USAGE, "branch '%s' cannot be created: another branch is in its way",
		     s->branch);
		goto done;
	}
	unborn = git_repository_head_unborn(repo) == 1;
	/* every commit first: nothing points to them until the commit point */
	if (!import_versions(&im, s, &base, &tip, &have_tip, error) ||
	    !import_working(&im, s->version, &base, &tip, &have_tip, error))
		goto done;
	if (!have_tip) {
		qerr(error, QUILL_ERROR_INPUT, "%s: no version holds any patch", dir);
		goto done;
	}
	make_plan(&plan, repo, &im, s, &tip, unborn);
	map_upstream(s, repo, &im, &plan, &base);
	if (!commit_point(s, repo, &plan, &im, error) ||
	    !import_finish(repo, s, &plan, &done, warn, payload, error))
		goto done;
	out->name = g_strdup(s->name);
	out->versions = (int)s->versions->len;
	out->commits = im.commits;
	out->upstream = im.upstream;
	ok = TRUE;
done:
	series_free(s);
	import_plan_clear(&plan);
	if (im.tags)
		g_ptr_array_unref(im.tags);
	g_hash_table_unref(im.map);
	g_free(im.upstream_tip);
	g_free(cname);
	g_free(bref);
	return ok;
}
