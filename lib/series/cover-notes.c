/* cover-notes.c - the patch notes of a version: the tables of the
 * benchmarks attached to one patch (bench run/add --patch) and its size
 * diffs (bench size --attach --patch), each placed at
 * the patch it was measured on as that patch is now: after a rebase, a
 * reword or a change the commit it names is gone from the branch, so the
 * patch is followed the way series diff pairs patches. */
#include "series/cover.h"
#include "series/attach.h"
#include "bench/bench-table.h"
#include "git/commit.h"

#include <string.h>

/* Where the benchmarks of a version are placed, and what placing them
 * needed loaded. */
struct place {
	git_repository *repo;
	const struct series *s;
	int version;
	GPtrArray *patches;	/* the version's (borrowed) */
	GHashTable *frozen;	/* version number -> its patches (GPtrArray*), loaded once */
};

static int by_commit(const struct place *pl, const char *hex)
{
	for (guint k = 0; hex && k < pl->patches->len; k++)
		if (!strcmp(hex, git_oid_tostr_s(&((struct commit_patch *)
							  g_ptr_array_index(pl->patches, k))->oid)))
			return (int)k;
	return -1;
}

/* The frozen version other than the one placed for that holds commit
 * `hex` (the latest), and its index there; 0 when none does. */
static int frozen_with(const struct place *pl, const char *hex, int *index)
{
	for (int n = (int)pl->s->versions->len; hex && n >= 1; n--) {
		const struct series_version *v = series_get_version(pl->s, n);

		if (n == pl->version)
			continue;
		for (guint i = 0; i < v->patches->len; i++)
			if (!strcmp(((struct series_patch *)g_ptr_array_index(v->patches, i))->commit,
				    hex)) {
				*index = (int)i;
				return n;
			}
	}
	return 0;
}

/* The new index the pairing of old[i] gives, or -1 (dropped). */
static int paired(GArray *pairs, int old_index)
{
	for (guint i = 0; i < pairs->len; i++) {
		const struct pair *p = &g_array_index(pairs, struct pair, i);

		if (p->old_index == old_index)
			return p->new_index;
	}
	return -1;
}

/* Through frozen version n, which holds the patch measured at `index`: the
 * patch of this version series diff pairs it with, or -1.  FALSE when n's
 * patches cannot be loaded. */
static gboolean via_frozen(struct place *pl, int n, int index, int *at, GError **error)
{
	GPtrArray *old = g_hash_table_lookup(pl->frozen, GINT_TO_POINTER(n));
	GArray *pairs;

	if (!old) {
		if (!series_load_patches(&old, NULL, NULL, pl->repo, pl->s, n, COMMIT_WANT_DIFF, error))
			return FALSE;
		g_hash_table_insert(pl->frozen, GINT_TO_POINTER(n), old);
	}
	pairs = range_pair_patches(old, pl->patches);
	*at = paired(pairs, index);
	g_array_unref(pairs);
	return TRUE;
}

/* Last: the same patch-id, else the same subject. */
static int by_id_or_subject(const struct place *pl, const struct bench_patch *bp)
{
	for (guint k = 0; bp->patch_id && k < pl->patches->len; k++) {
		const struct commit_patch *p = g_ptr_array_index(pl->patches, k);

		if (*p->patch_id && !strcmp(bp->patch_id, p->patch_id))
			return (int)k;
	}
	for (guint k = 0; bp->subject && k < pl->patches->len; k++)
		if (!strcmp(bp->subject,
			    ((struct commit_patch *)g_ptr_array_index(pl->patches, k))->subject))
			return (int)k;
	return -1;
}

/* The measured commits no version holds but the repository still does
 * (reworded or changed on the working branch), paired all at once with
 * the version's patches: at[i] set for each benchmark i still unplaced
 * (-1 in at, TRUE in loose). */
static void via_commits(struct place *pl, GPtrArray *benches, int *at, const gboolean *loose)
{
	GPtrArray *old = g_ptr_array_new_with_free_func((GDestroyNotify)commit_patch_free);
	int *slot = g_new(int, benches->len ? benches->len : 1);
	GArray *pairs;

	for (guint i = 0; i < benches->len; i++) {
		const struct bench *b = g_ptr_array_index(benches, i);
		struct commit_patch *p = NULL;
		git_oid oid;

		slot[i] = -1;
		if (!loose[i] || git_oid_fromstr(&oid, b->patch->commit) < 0)
			continue;
		/* one entry per commit: two benchmarks of one patch */
		for (guint k = 0; k < old->len && slot[i] < 0; k++)
			if (git_oid_equal(&oid, &((struct commit_patch *)g_ptr_array_index(old, k))->oid))
				slot[i] = (int)k;
		if (slot[i] >= 0)
			continue;
		if (commit_patch_load(&p, pl->repo, &oid, COMMIT_WANT_DIFF, NULL)) {
			slot[i] = (int)old->len;
			g_ptr_array_add(old, p);
		}
	}
	if (old->len) {
		pairs = range_pair_patches(old, pl->patches);
		for (guint i = 0; i < benches->len; i++)
			if (slot[i] >= 0)
				at[i] = paired(pairs, slot[i]);
		g_array_unref(pairs);
	}
	g_free(slot);
	g_ptr_array_unref(old);
}

/* at[i]: the index in the version's patches of benchmark i's patch, or -1
 * (no patch of its own, or not placed). */
static gboolean place_all(struct place *pl, GPtrArray *benches, int *at, GError **error)
{
	gboolean *loose = g_new0(gboolean, benches->len ? benches->len : 1);
	gboolean ok = TRUE;

	/* by commit; else through the frozen version that holds it */
	for (guint i = 0; ok && i < benches->len; i++) {
		const struct bench *b = g_ptr_array_index(benches, i);
		int n, index;

		at[i] = -1;
		if (!b->patch || (at[i] = by_commit(pl, b->patch->commit)) >= 0)
			continue;
		if ((n = frozen_with(pl, b->patch->commit, &index)))
			ok = via_frozen(pl, n, index, &at[i], error);
		else
			loose[i] = b->patch->commit != NULL;
	}
	if (ok)
		via_commits(pl, benches, at, loose);
	for (guint i = 0; ok && i < benches->len; i++) {
		const struct bench *b = g_ptr_array_index(benches, i);

		if (b->patch && at[i] < 0)
			at[i] = by_id_or_subject(pl, b->patch);
	}
	g_free(loose);
	return ok;
}

/* The size diffs of `version` that belong to a patch, appended to `all`
 * as benchmarks without roles (only their name and patch, to be placed
 * like the others); `sizes` maps each of those to its document. */
static gboolean add_sizes(GPtrArray *all, GHashTable *sizes, const struct state *st, int version,
			  GError **error)
{
	GPtrArray *docs;

	if (!objsize_load_version(&docs, st, version, error))
		return FALSE;
	for (guint i = 0; i < docs->len; i++) {
		json_t *doc = g_ptr_array_index(docs, i);
		struct bench *b;

		if (!json_is_object(json_object_get(doc, "patch")))
			continue;
		b = bench_new(json_string_value(json_object_get(doc, "name")));
		objsize_patch(&b->patch, doc, NULL);	/* checked when loaded */
		g_ptr_array_add(all, b);
		g_hash_table_insert(sizes, b, json_incref(doc));
	}
	g_ptr_array_unref(docs);
	return TRUE;
}

/* The notes of one patch: the tables of its benchmarks `in`, then its
 * size diffs, without the last newline (caller owns). */
static char *notes_of(GPtrArray *in, GHashTable *sizes, GError **error)
{
	GPtrArray *benches = g_ptr_array_new();
	GString *out = g_string_new(NULL);
	gsize n;

	for (guint i = 0; i < in->len; i++)
		if (!g_hash_table_contains(sizes, g_ptr_array_index(in, i)))
			g_ptr_array_add(benches, g_ptr_array_index(in, i));
	if (benches->len) {
		char *t = bench_tables(benches, BENCH_TABLE_TEXT, BENCH_TABLE_WIDTH);

		g_string_append(out, t);
		g_free(t);
	}
	for (guint i = 0; i < in->len; i++) {
		const struct bench *b = g_ptr_array_index(in, i);
		const json_t *doc = g_hash_table_lookup(sizes, b);
		char *t;

		if (!doc)
			continue;
		if (!(t = objsize_note(doc, b->patch->subject, FALSE, error))) {
			g_ptr_array_unref(benches);
			g_string_free(out, TRUE);
			return NULL;
		}
		g_string_append_printf(out, "%s%s", out->len ? "\n" : "", t);
		g_free(t);
	}
	g_ptr_array_unref(benches);
	for (n = out->len; n && out->str[n - 1] == '\n';)
		g_string_truncate(out, --n);
	return g_string_free(out, FALSE);
}

GPtrArray *cover_patch_notes(git_repository *repo, const struct series *s, int version,
			     GPtrArray *patches, warn_fn warn, void *payload, GError **error)
{
	struct place pl = { repo, s, version, patches, NULL };
	GPtrArray *all, *notes = NULL;
	GPtrArray **per;
	GHashTable *sizes;
	int *at;

	if (!bench_load_version(&all, s->state, version, error))
		return NULL;
	sizes = g_hash_table_new_full(NULL, NULL, NULL, (GDestroyNotify)json_decref);
	if (!add_sizes(all, sizes, s->state, version, error)) {
		g_hash_table_unref(sizes);
		g_ptr_array_unref(all);
		return NULL;
	}
	pl.frozen = g_hash_table_new_full(NULL, NULL, NULL, (GDestroyNotify)g_ptr_array_unref);
	per = g_new0(GPtrArray *, patches->len ? patches->len : 1);
	at = g_new(int, all->len ? all->len : 1);
	if (!place_all(&pl, all, at, error))
		goto out;
	for (guint i = 0; i < all->len; i++) {
		struct bench *b = g_ptr_array_index(all, i);
		const struct commit_patch *p;

		if (!b->patch)
			continue;
		if (at[i] < 0) {
			if (warn)
				warn(payload, "%s %s: its patch '%s' is not in v%d; left out",
				     g_hash_table_contains(sizes, b) ? "size diff" : "benchmark", b->name, b->patch->subject ? b->patch->subject : "?", version);
			continue;
		}
		/* the table names the patch as it is now */
		p = g_ptr_array_index(patches, at[i]);
		g_free(b->patch->subject);
		b->patch->subject = g_strdup(p->subject);
		if (!per[at[i]])
			per[at[i]] = g_ptr_array_new();
		g_ptr_array_add(per[at[i]], b);
	}
	notes = g_ptr_array_new_with_free_func(g_free);
	for (guint k = 0; k < patches->len; k++) {
		char *t = NULL;

		if (per[k] && !(t = notes_of(per[k], sizes, error))) {
			g_ptr_array_unref(notes);
			notes = NULL;
			break;
		}
		g_ptr_array_add(notes, t);
	}
out:
	for (guint k = 0; k < patches->len; k++)
		if (per[k])
			g_ptr_array_unref(per[k]);
	g_free(per);
	g_free(at);
	g_hash_table_unref(pl.frozen);
	g_hash_table_unref(sizes);
	g_ptr_array_unref(all);
	return notes;
}
