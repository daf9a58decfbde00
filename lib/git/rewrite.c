/* rewrite.c - replaying base..tip with new messages (see rewrite.h). */
#include "git/rewrite.h"

#include <string.h>

#include "core/error.h"
#include "git/commit.h"
#include "git/ident.h"
#include "git/lock.h"
#include "git/sign.h"

static const char *const notes_refs[] = { "refs/notes/quill", "refs/notes/commits", NULL };

gboolean rewrite_commit_signed(const git_commit *c)
{
	static const char *const fields[] = { "gpgsig", "gpgsig-sha256", NULL };

	for (int i = 0; fields[i]; i++) {
		git_buf b = { 0 };
		int rc = git_commit_header_field(&b, c, fields[i]);

		git_buf_dispose(&b);
		if (rc == 0)
			return TRUE;
	}
	return FALSE;
}

static const char *edit_for(const struct rewrite_edit *edits, size_t n, const git_oid *id)
{
	for (size_t i = 0; i < n; i++)
		if (git_oid_equal(&edits[i].commit, id))
			return edits[i].message;
	return NULL;
}

/* Replay one commit on `parent` (NULL: keep its own parent: no earlier
 * commit changed) with `message` (NULL: keep its own).  *out gets the new
 * id; the commit is written only when something changes (under dry_run
 * never: *out is the old id). */
static gboolean replay_one(git_repository *repo, git_commit *c, const git_oid *parent,
			   const char *message, const struct rewrite_opts *o, git_oid *out,
			   GError **error)
{
	char hex[GIT_OID_HEXSZ + 1];
	git_commit *pc = NULL;
	git_tree *tree = NULL;
	gboolean signed_c, ok = TRUE;
	int rc;

	git_oid_tostr(hex, sizeof hex, git_commit_id(c));
	if (git_commit_parentcount(c) > 1)
		return qerr(error, QUILL_ERROR_INPUT, "commit %.12s is a merge: cannot rewrite it",
			    hex);
	if (!message && !parent) {
		git_oid_cpy(out, git_commit_id(c));
		return TRUE;
	}
	signed_c = rewrite_commit_signed(c);
	if (signed_c && !o->resign && !o->drop_signatures)
		return qerr(error, QUILL_ERROR_NEGATIVE,
			    "commit %.12s is signed: rewriting it drops the signature "
			    "(--drop-signatures to do so, or --resign)", hex);
	if (o->dry_run) {
		git_oid_cpy(out, git_commit_id(c));
		return TRUE;
	}
	if (!parent)
		parent = git_commit_parent_id(c, 0);	/* NULL for a root commit */
	if ((parent && (rc = git_commit_lookup(&pc, repo, parent)) < 0) ||
	    (rc = git_commit_tree(&tree, c)) < 0)
		return qerr_git(error, rc, "cannot read commit %.12s", hex);
	{
		const git_commit *parents[1] = { pc };
		const char *msg = message ? message : git_commit_message_raw(c);

		if (signed_c && o->resign) {
			ok = sign_commit_create(out, repo, git_commit_author(c),
						git_commit_committer(c),
						git_commit_message_encoding(c), msg, tree,
						pc ? 1 : 0, parents, error);
			if (!ok)
				qerr_prefix(error, "cannot re-sign commit %.12s", hex);
		} else if ((rc = git_commit_create(out, repo, NULL, git_commit_author(c),
						   git_commit_committer(c),
						   git_commit_message_encoding(c), msg, tree,
						   pc ? 1 : 0, parents)) < 0) {
			ok = qerr_git(error, rc, "cannot write the new commit of %.12s", hex);
		}
	}
	git_tree_free(tree);
	git_commit_free(pc);
	return ok;
}

/* The notes commit `work` (the last of those carry_notes made) as one
 * commit on `base`, the notes ref `name` moved to it compare-and-swap: the
 * intermediate commits become garbage. */
static gboolean squash_notes(git_repository *repo, const char *name, const git_signature *sig,
			     git_commit *base, git_commit *work, GError **error)
{
	const git_commit *parents[1] = { base };
	const char *msg = "quill: notes carried to rewritten commits\n";
	git_tree *tree = NULL;
	GError *why = NULL;
	git_oid out;
	int rc;

	if ((rc = git_commit_tree(&tree, work)) < 0 ||
	    (rc = git_commit_create(&out, repo, NULL, sig, sig, NULL, msg, tree, 1, parents)) < 0 ||
	    (rc = lock_ref_write(repo, name, &out, 1, git_commit_id(base), msg, &why)) < 0) {
		git_tree_free(tree);
		if (why)
			g_propagate_prefixed_error(error, why, "cannot update %s: ", name);
		else
			qerr_git_as(error, rc == GIT_EMODIFIED ? QUILL_ERROR_OUTSIDE
							       : QUILL_ERROR_INPUT,
				    rc, "cannot update %s", name);
		return FALSE;
	}
	git_tree_free(tree);
	return TRUE;
}

/* Copy the notes of every rewritten commit on notes ref `name` (when it
 * exists) to its new commit, in one notes commit moved compare-and-swap.
 * A new commit that has a note of its own keeps it. */
static gboolean carry_notes(git_repository *repo, const char *name, GArray *map, GError **error)
{
	git_reference *ref = NULL;
	git_commit *base = NULL, *work = NULL;
	git_signature *sig = NULL;
	gboolean ok = FALSE;
	guint carried = 0;
	int rc;

	if (git_reference_lookup(&ref, repo, name) < 0)
		return TRUE;
	if ((rc = git_reference_peel((git_object **)&base, ref, GIT_OBJECT_COMMIT)) < 0) {
		qerr_git(error, rc, "cannot read %s", name);
		goto done;
	}
	if (!ident_signature(&sig, repo, FALSE, error))
		goto done;
	for (guint i = 0; i < map->len; i++) {
		const struct rewrite_map *m = &g_array_index(map, struct rewrite_map, i);
		git_note *note = NULL, *there = NULL;
		git_commit *parent = work ? work : base;
		git_oid next, blob;

		if (git_oid_equal(&m->old_id, &m->new_id) ||
		    git_note_commit_read(&note, repo, base, &m->old_id) < 0)
			continue;
		if (git_note_commit_read(&there, repo, parent, &m->new_id) == 0) {
			git_note_free(there);
			git_note_free(note);
			continue;
		}
		rc = git_note_commit_create(&next, &blob, repo, parent, sig, sig, &m->new_id,
					    git_note_message(note), 0);
		git_note_free(note);
		if (rc < 0) {
			qerr_git(error, rc, "cannot write a note on %s", name);
			goto done;
		}
		git_commit_free(work);
		work = NULL;
		if ((rc = git_commit_lookup(&work, repo, &next)) < 0) {
			qerr_git(error, rc, "cannot read a notes commit of %s", name);
			goto done;
		}
		carried++;
	}
	ok = !carried || squash_notes(repo, name, sig, base, work, error);
done:
	git_reference_free(ref);
	git_commit_free(work);
	git_commit_free(base);
	git_signature_free(sig);
	return ok;
}

/* Every edit names a commit of the range (oids); else QUILL_ERROR_USAGE. */
static gboolean edits_in_range(const GPtrArray *oids, const struct rewrite_edit *edits,
			       size_t n_edits, const char *ref, GError **error)
{
	for (size_t i = 0; i < n_edits; i++) {
		gboolean found = FALSE;
		char hex[GIT_OID_HEXSZ + 1];

		for (guint j = 0; j < oids->len && !found; j++)
			found = git_oid_equal(g_ptr_array_index(oids, j), &edits[i].commit);
		if (!found) {
			git_oid_tostr(hex, sizeof hex, &edits[i].commit);
			return qerr(error, QUILL_ERROR_USAGE, "commit %.12s is not on %s", hex, ref);
		}
	}
	return TRUE;
}

/* Replay the range (oids) with the edits, each commit's old and new id
 * appended to map; *last: the new tip (when map is not empty), *changed:
 * whether any commit changed. */
static gboolean replay_all(git_repository *repo, const char *ref, const GPtrArray *oids,
			   const struct rewrite_edit *edits, size_t n_edits,
			   const struct rewrite_opts *o, GArray *map, git_oid *last,
			   gboolean *changed, GError **error)
{
	gboolean have_parent = FALSE;
	int rc;

	*changed = FALSE;
	for (guint i = 0; i < oids->len; i++) {
		const git_oid *id = g_ptr_array_index(oids, i);
		const char *message = edit_for(edits, n_edits, id);
		struct rewrite_map m;
		git_commit *c = NULL;
		gboolean ok;

		if ((rc = git_commit_lookup(&c, repo, id)) < 0)
			return qerr_git(error, rc, "cannot read a commit of %s", ref);
		ok = replay_one(repo, c, have_parent ? last : NULL, message, o, &m.new_id, error);
		git_commit_free(c);
		if (!ok)
			return FALSE;
		git_oid_cpy(&m.old_id, id);
		g_array_append_val(map, m);
		git_oid_cpy(last, &m.new_id);
		*changed |= have_parent || message != NULL;
		have_parent = *changed;
	}
	return TRUE;
}

/* The notes first, best effort: a kill after the branch moved would leave
 * them on the old commits, and a rerun has nothing left to do; one before
 * it leaves notes on commits no branch holds (git notes prune), and the
 * rerun carries them again.  The first failure goes to *notes_error. */
static void carry_all_notes(git_repository *repo, GArray *map, GError **notes_error)
{
	for (int i = 0; notes_refs[i]; i++) {
		GError *e = NULL;

		if (!carry_notes(repo, notes_refs[i], map, &e)) {
			if (notes_error && !*notes_error)
				g_propagate_error(notes_error, e);
			else
				g_clear_error(&e);
		}
	}
}

/* The one commit point: the branch moves from the old tip to the new one
 * or not at all; then, best effort, ORIG_HEAD (a failure to *notes_error). */
static gboolean move_branch(git_repository *repo, const char *ref, const git_oid *tip,
			    const git_oid *new_tip, const struct rewrite_opts *o,
			    GError **notes_error, GError **error)
{
	git_reference *r = NULL;
	GError *why = NULL;
	int rc;

	rc = lock_ref_write(repo, ref, new_tip, 1, tip, o->reflog ? o->reflog : "quill: rewrite",
			    &why);
	if (rc < 0 && why) {
		g_propagate_prefixed_error(error, why, "cannot move %s: ", ref);
		return FALSE;
	}
	if (rc < 0)
		return qerr_git_as(error,
				   rc == GIT_EMODIFIED ? QUILL_ERROR_OUTSIDE : QUILL_ERROR_INPUT, rc,
				   "cannot move %s%s", ref,
				   rc == GIT_EMODIFIED ? ": it moved meanwhile, nothing rewritten"
						       : "");
	if (git_reference_create(&r, repo, "ORIG_HEAD", tip, 1, "quill: rewrite") < 0 &&
	    notes_error && !*notes_error)
		qerr(notes_error, QUILL_ERROR_OUTSIDE, "cannot write ORIG_HEAD");
	git_reference_free(r);
	return TRUE;
}

gboolean rewrite_range(git_repository *repo, const char *ref, const git_oid *base,
		       const git_oid *tip, const struct rewrite_edit *edits, size_t n_edits,
		       const struct rewrite_opts *o, git_oid *new_tip, GArray **map_out,
		       GError **notes_error, GError **error)
{
	static const struct rewrite_opts none = { 0 };
	GPtrArray *oids = NULL;
	GArray *map;
	git_oid last, cur;
	gboolean changed, ok;
	int rc;

	if (map_out)
		*map_out = NULL;
	if (!o)
		o = &none;
	if ((rc = git_reference_name_to_id(&cur, repo, ref)) < 0)
		return qerr_git(error, rc, "cannot read %s", ref);
	if (!git_oid_equal(&cur, tip))
		return qerr(error, QUILL_ERROR_OUTSIDE, "%s moved meanwhile: nothing rewritten", ref);
	if (!commit_range(&oids, repo, base, tip, error))
		return FALSE;
	if (!edits_in_range(oids, edits, n_edits, ref, error)) {
		g_ptr_array_unref(oids);
		return FALSE;
	}
	map = g_array_new(FALSE, FALSE, sizeof(struct rewrite_map));
	ok = replay_all(repo, ref, oids, edits, n_edits, o, map, &last, &changed, error);
	g_ptr_array_unref(oids);
	if (!ok)
		goto fail;
	git_oid_cpy(new_tip, map->len ? &last : tip);
	if (o->dry_run || !changed || git_oid_equal(new_tip, tip)) {
		git_oid_cpy(new_tip, tip);
		g_array_set_size(map, 0);
	} else {
		carry_all_notes(repo, map, notes_error);
		if ((o->before_move && !o->before_move(o->before_payload, new_tip, map, error)) ||
		    !move_branch(repo, ref, tip, new_tip, o, notes_error, error))
			goto fail;
	}
	if (map_out)
		*map_out = map;
	else
		g_array_free(map, TRUE);
	return TRUE;
fail:
	g_array_free(map, TRUE);
	return FALSE;
}
