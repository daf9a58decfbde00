/* series-version.c - versions: the working one on the branch, frozen ones
 * made from it (series new-version) or from given data (imports), and the
 * tags derived from them. */
#include "series/series.h"
#include "git/commit.h"
#include "git/config.h"
#include "core/error.h"
#include "git/lock.h"
#include "git/ident.h"

#include <string.h>

/* ---- the working version ---- */

static gboolean branch_tip(git_oid *out, git_repository *repo, const struct series *s,
			   GError **error)
{
	char *ref = g_strconcat("refs/heads/", s->branch, NULL);
	int rc = git_reference_name_to_id(out, repo, ref);

	g_free(ref);
	if (rc == GIT_ENOTFOUND)
		return qerr(error, QUILL_ERROR_USAGE, "branch '%s' of series '%s' does not exist",
			    s->branch, s->name);
	if (rc < 0)
		return qerr_git(error, rc, "cannot read branch '%s'", s->branch);
	return TRUE;
}

/* The upstream to take the fork point against: the one the series names,
 * else the branch's configured upstream. */
static gboolean upstream_oid(git_oid *out, git_repository *repo, const struct series *s,
			     GError **error)
{
	git_reference *br = NULL, *up = NULL, *direct = NULL;
	int rc;

	if (s->upstream)
		return commit_resolve(out, repo, s->upstream, error) ||
		       qerr_prefix(error, "the base of series '%s'", s->name);
	if (!git_branch_lookup(&br, repo, s->branch, GIT_BRANCH_LOCAL) &&
	    !git_branch_upstream(&up, br) && git_reference_resolve(&direct, up) == 0 &&
	    git_reference_target(direct)) {
		git_oid_cpy(out, git_reference_target(direct));
		rc = 0;
	} else {
		rc = -1;
	}
	git_reference_free(direct);
	git_reference_free(up);
	git_reference_free(br);
	if (rc < 0)
		return qerr(error, QUILL_ERROR_USAGE,
			    "series '%s' has no base: set one with 'quill series edit --base REV'",
			    s->name);
	return TRUE;
}

gboolean series_working_range(git_oid *base_out, git_oid *tip_out, git_repository *repo,
			      const struct series *s, GError **error)
{
	git_oid up;
	int rc;

	if (!branch_tip(tip_out, repo, s, error) || !upstream_oid(&up, repo, s, error))
		return FALSE;
	rc = git_merge_base(base_out, repo, tip_out, &up);
	if (rc == GIT_ENOTFOUND)
		return qerr(error, QUILL_ERROR_USAGE,
			    "branch '%s' has no history in common with the base '%s'", s->branch,
			    s->upstream ? s->upstream : "(upstream)");
	if (rc < 0)
		return qerr_git(error, rc, "cannot find the fork point of '%s'", s->branch);
	return TRUE;
}

/* The working version's commits (oldest first), its fork point and tip:
 * the commits of the branch that the upstream does not have, one walk.
 * A series has no merges (commit_range refuses them), so they are a chain
 * down from the tip, and the parent of the oldest is the fork point that
 * series_working_range finds with git_merge_base: it is a common ancestor,
 * and every other one is below it.  (git_merge_base painted the same
 * history a second time: a twentieth of `series format`.) */
static gboolean working_commits(GPtrArray **oids, git_oid *base, git_oid *tip,
				git_repository *repo, const struct series *s, GError **error)
{
	git_commit *oldest;
	git_oid up;
	int rc;

	if (!branch_tip(tip, repo, s, error) || !upstream_oid(&up, repo, s, error) ||
	    !commit_range(oids, repo, &up, tip, error))
		return FALSE;
	if ((*oids)->len == 0) {	/* the upstream has all of it */
		git_oid_cpy(base, tip);
		return TRUE;
	}
	if ((rc = git_commit_lookup(&oldest, repo, g_ptr_array_index(*oids, 0))) < 0) {
		g_clear_pointer(oids, g_ptr_array_unref);
		return qerr_git(error, rc, "cannot find the fork point of '%s'", s->branch);
	}
	rc = git_commit_parentcount(oldest);
	if (rc)
		git_oid_cpy(base, git_commit_parent_id(oldest, 0));
	git_commit_free(oldest);
	if (!rc) {
		g_clear_pointer(oids, g_ptr_array_unref);
		return qerr(error, QUILL_ERROR_USAGE,
			    "branch '%s' has no history in common with the base '%s'", s->branch,
			    s->upstream ? s->upstream : "(upstream)");
	}
	return TRUE;
}

gboolean series_load_patches(GPtrArray **out, git_oid *base_out, git_oid *tip_out,
			     git_repository *repo, const struct series *s, int n, unsigned flags,
			     GError **error)
{
	GPtrArray *oids = NULL, *patches;
	git_oid base, tip;

	*out = NULL;
	if (n == 0) {
		if (!working_commits(&oids, &base, &tip, repo, s, error))
			return FALSE;
	} else {
		struct series_version *v = series_get_version(s, n);

		if (!v)
			return qerr(error, QUILL_ERROR_USAGE, "series '%s' has no frozen version %d%s",
				    s->name, n, n == s->version ? " (it is the working one)" : "");
		if (git_oid_fromstr(&base, v->base) < 0 || git_oid_fromstr(&tip, v->tip) < 0)
			return qerr(error, QUILL_ERROR_INPUT, "series '%s': v%d has a bad base or tip",
				    s->name, n);
		oids = g_ptr_array_new_with_free_func(g_free);
		for (guint i = 0; i < v->patches->len; i++) {
			struct series_patch *p = g_ptr_array_index(v->patches, i);
			git_oid o;
			if (!p->commit || git_oid_fromstr(&o, p->commit) < 0) {
				g_ptr_array_unref(oids);
				return qerr(error, QUILL_ERROR_INPUT,
					    "series '%s': v%d patch %u has a bad commit id", s->name, n,
					    i + 1);
			}
			g_ptr_array_add(oids, g_memdup2(&o, sizeof o));
		}
	}
	patches = g_ptr_array_new_with_free_func((GDestroyNotify)commit_patch_free);
	for (guint i = 0; i < oids->len; i++) {
		struct commit_patch *p;
		if (!commit_patch_load(&p, repo, g_ptr_array_index(oids, i), flags, error)) {
			g_ptr_array_unref(patches);
			g_ptr_array_unref(oids);
			return FALSE;
		}
		g_ptr_array_add(patches, p);
	}
	g_ptr_array_unref(oids);
	if (base_out)
		git_oid_cpy(base_out, &base);
	if (tip_out)
		git_oid_cpy(tip_out, &tip);
	*out = patches;
	return TRUE;
}

gboolean series_load_range(GPtrArray **out, git_repository *repo, const git_oid *base,
			   const git_oid *tip, unsigned flags, GError **error)
{
	GPtrArray *oids = NULL, *patches;

	*out = NULL;
	if (!commit_range(&oids, repo, base, tip, error))
		return FALSE;
	patches = g_ptr_array_new_with_free_func((GDestroyNotify)commit_patch_free);
	for (guint i = 0; i < oids->len; i++) {
		struct commit_patch *p;
		if (!commit_patch_load(&p, repo, g_ptr_array_index(oids, i), flags, error)) {
			g_ptr_array_unref(patches);
			g_ptr_array_unref(oids);
			return FALSE;
		}
		g_ptr_array_add(patches, p);
	}
	g_ptr_array_unref(oids);
	*out = patches;
	return TRUE;
}

/* ---- frozen versions ---- */

/* Entry i of a NULL-terminated list that may be NULL or shorter (a copy). */
static char *msgid_at(const char *const *list, guint i)
{
	for (guint k = 0; list && list[k]; k++)
		if (k == i)
			return g_strdup(list[k]);
	return NULL;
}

struct series_version *series_add_version(struct series *s, git_repository *repo,
					  const struct series_version_data *d, GError **error)
{
	GPtrArray *oids = NULL, *loaded;
	struct series_version *v;

	if (d->patches) {
		loaded = g_ptr_array_ref(d->patches);
		oids = g_ptr_array_new();
	} else if (!commit_range(&oids, repo, d->base, d->tip, error)) {
		return NULL;
	} else {
		loaded = g_ptr_array_new_with_free_func((GDestroyNotify)commit_patch_free);
	}
	for (guint i = 0; i < oids->len; i++) {
		struct commit_patch *c;

		if (!commit_patch_load(&c, repo, g_ptr_array_index(oids, i), COMMIT_WANT_DIFF,
				       error)) {
			g_ptr_array_unref(loaded);
			g_ptr_array_unref(oids);
			return NULL;
		}
		g_ptr_array_add(loaded, c);
	}
	g_ptr_array_unref(oids);
	v = series_version_new((int)s->versions->len + 1);
	for (guint i = 0; i < loaded->len; i++) {
		const struct commit_patch *c = g_ptr_array_index(loaded, i);
		struct series_patch *p = g_new0(struct series_patch, 1);

		p->commit = g_strdup(git_oid_tostr_s(&c->oid));
		p->patch_id = g_strdup(c->patch_id);
		p->subject = g_strdup(c->subject);
		p->author = g_strdup_printf("%s <%s>", c->author_name, c->author_email);
		p->msgid = msgid_at(d->patch_msgids, i);
		g_ptr_array_add(v->patches, p);
	}
	g_ptr_array_unref(loaded);
	v->base = g_strdup(git_oid_tostr_s(d->base));
	v->tip = g_strdup(git_oid_tostr_s(d->tip));
	v->date = d->date ? g_strdup(d->date) : series_now_iso(repo, NULL);
	v->cover = g_strdup(d->cover ? d->cover : "");
	v->changes = g_strdup(d->changes ? d->changes : "");
	v->cover_msgid = d->cover_msgid ? g_strdup(d->cover_msgid) : NULL;
	v->sent = d->sent;
	g_ptr_array_add(s->versions, v);
	return v;
}

/* ---- freeze ---- */

gboolean series_freeze(struct series *s, git_repository *repo,
		       const struct series_freeze_opts *o, GError **error)
{
	struct series_version_data d = { 0 };
	git_oid base, tip, extra[2];
	char *msg, *old_cover;
	int old_version = s->version;

	if (o->tip) {
		git_oid_cpy(&base, o->base);
		git_oid_cpy(&tip, o->tip);
	} else if (!series_working_range(&base, &tip, repo, s, error)) {
		return FALSE;
	}
	if (git_oid_equal(&base, &tip))
		return qerr(error, QUILL_ERROR_NEGATIVE,
			    "series '%s' has no patches: branch '%s' holds nothing on top of its base",
			    s->name, s->branch);
	d.base = &base;
	d.tip = &tip;
	d.cover = o->cover ? o->cover : s->cover;
	d.changes = o->changes;
	d.cover_msgid = o->cover_msgid;
	d.patch_msgids = o->patch_msgids;
	d.date = o->date;
	d.sent = o->cover_msgid != NULL;
	if (o->patches && git_oid_equal(o->patches_base, &base) &&
	    git_oid_equal(o->patches_tip, &tip))
		d.patches = o->patches;
	if (!series_add_version(s, repo, &d, error))
		return FALSE;
	s->version = old_version + 1;
	old_cover = s->cover;
	s->cover = g_strdup(o->next_cover ? o->next_cover : old_cover);
	git_oid_cpy(&extra[0], &tip);
	git_oid_cpy(&extra[1], &base);
	msg = g_strdup_printf("new-version: froze v%d, now at v%d", old_version, s->version);
	if (!series_save(s, repo, msg, extra, 2, error)) {
		g_free(msg);
		g_ptr_array_remove_index(s->versions, s->versions->len - 1);
		s->version = old_version;
		g_free(s->cover);
		s->cover = old_cover;
		return FALSE;
	}
	g_free(msg);
	g_free(old_cover);
	/* The state commit is the freeze; the tag is derived from it.  Failing
	 * now would have the caller freeze again, so a tag that cannot be
	 * written is left to the next series_repair (the caller may call it
	 * to report why). */
	series_repair(s, repo, NULL);
	return TRUE;
}

int series_repair(struct series *s, git_repository *repo, GError **error)
{
	int written = 0;

	for (guint i = 0; i < s->versions->len; i++) {
		struct series_version *v = g_ptr_array_index(s->versions, i);
		char *tag = series_tag_name(s->name, v->number);
		char *ref = g_strconcat("refs/tags/", tag, NULL);
		git_oid oid, tag_oid;
		git_object *target = NULL;
		git_signature *sig = NULL;
		gboolean force = FALSE;
		char *msg;
		int rc;

		if (git_reference_name_to_id(&oid, repo, ref) == 0) {
			/* there: right if it is on v's tip; a tag left by another
			 * series of that name (deleted, or renamed away) is not */
			git_object *o = NULL, *peeled = NULL;
			gboolean right = git_object_lookup(&o, repo, &oid, GIT_OBJECT_ANY) == 0 &&
					 git_object_peel(&peeled, o, GIT_OBJECT_COMMIT) == 0 &&
					 !g_strcmp0(git_oid_tostr_s(git_object_id(peeled)), v->tip);
			git_object_free(peeled);
			git_object_free(o);
			if (right) {
				g_free(tag);
				g_free(ref);
				continue;
			}
			force = TRUE;
		}
		if (git_oid_fromstr(&oid, v->tip) < 0 ||
		    (rc = git_object_lookup(&target, repo, &oid, GIT_OBJECT_COMMIT)) < 0) {
			qerr(error, QUILL_ERROR_OUTSIDE, "cannot tag %s: commit %s is missing", tag, v->tip);
			g_free(tag);
			g_free(ref);
			return -1;
		}
		if (!ident_signature(&sig, repo, FALSE, error)) {
			git_object_free(target);
			g_free(tag);
			g_free(ref);
			return -1;
		}
		msg = g_str_has_suffix(v->cover, "\n") ? g_strdup(v->cover)
						       : g_strconcat(v->cover, "\n", NULL);
		rc = git_tag_create(&tag_oid, repo, tag, target, sig, msg, force);
		if (rc == GIT_ELOCKED) {
			/* a killed writer's lock goes when it is stale (git/lock.h) */
			char *lock = lock_ref_path(repo, ref);
			if (lock_recover(repo, lock, NULL))
				rc = git_tag_create(&tag_oid, repo, tag, target, sig, msg, force);
			g_free(lock);
		}
		g_free(msg);
		git_signature_free(sig);
		git_object_free(target);
		if (rc < 0 && rc != GIT_EEXISTS) {
			qerr_git(error, rc, "cannot create tag %s", tag);
			g_free(tag);
			g_free(ref);
			return -1;
		}
		if (rc == 0)
			written++;
		g_free(tag);
		g_free(ref);
	}
	return written;
}
