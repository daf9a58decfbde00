/* notes.c - the review as git notes on refs/notes/quill (store.h): one
 * "[quill vN]" section per version on each patch commit of that version,
 * rewritten from vN/review.json, the rest of each note kept. */
#include "review/store.h"
#include "core/error.h"
#include "git/ident.h"
#include "git/lock.h"
#include "review/review.h"

#include <stdlib.h>
#include <string.h>

/* Where a commit is in the series: version and patch (1-based). */
struct place {
	int version, patch;
};

/* s with every control character (a newline too) as a space: one line. */
static void append_line_text(GString *out, const char *s)
{
	for (; s && *s; s++)
		g_string_append_c(out, (unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s);
}

/* The section of version rv for its patch `patch`: cover items and that
 * patch's, in thread order; NULL when there are none (caller owns). */
static char *section_text(const struct review_version *rv, int patch)
{
	GString *out = g_string_new(NULL);
	guint n = 0;

	g_string_append_printf(out, "[quill v%d]\n", rv->version);
	for (guint i = 0; i < rv->items->len; i++) {
		const struct review_item *it = g_ptr_array_index(rv->items, i);
		gboolean has_trailer = (it->kind == REVIEW_TRAILER || it->kind == REVIEW_NAK ||
					it->kind == REVIEW_TRAILER_OBJECTION) && it->trailer;

		if (it->patch != 0 && it->patch != patch)
			continue;
		append_line_text(out, has_trailer ? it->trailer : review_kind_name(it->kind));
		g_string_append(out, "  -- ");
		append_line_text(out, it->author ? it->author : "unknown");
		g_string_append_printf(out, ", %s", review_status_name(it->status));
		if (it->link) {
			g_string_append(out, ", ");
			append_line_text(out, it->link);
		}
		g_string_append_c(out, '\n');
		n++;
	}
	if (!n) {
		g_string_free(out, TRUE);
		return NULL;
	}
	return g_string_free(out, FALSE);
}

/* The version of a "[quill vN]" heading line, or 0. */
static int heading_version(const char *line)
{
	char *end;
	long v;

	if (!g_str_has_prefix(line, "[quill v") || !g_ascii_isdigit(line[8]))
		return 0;
	v = strtol(line + 8, &end, 10);
	return strcmp(end, "]") || v <= 0 || v > G_MAXINT ? 0 : (int)v;
}

/* A note split into the text that is not quill's and its sections by
 * version (the heading's line and the lines up to a blank one). */
static void note_split(const char *note, GString *other, GTree *sections)
{
	char **lines = g_strsplit(note ? note : "", "\n", -1);
	GString *cur = NULL;

	for (char **l = lines; *l; l++) {
		int v = heading_version(*l);

		if (v) {
			cur = g_string_new(NULL);
			g_string_append_printf(cur, "%s\n", *l);
			g_tree_replace(sections, GINT_TO_POINTER(v), cur);
			continue;
		}
		if (cur && **l) {
			g_string_append_printf(cur, "%s\n", *l);
			continue;
		}
		if (cur) {		/* the blank line that ends a section */
			cur = NULL;
			continue;
		}
		g_string_append_printf(other, "%s\n", *l);
	}
	g_strfreev(lines);
	while (other->len && other->str[other->len - 1] == '\n')
		g_string_truncate(other, other->len - 1);
}

static gboolean join_section(gpointer key, gpointer value, gpointer data)
{
	GString *out = data, *sec = value;

	if (out->len)
		g_string_append_c(out, '\n');
	g_string_append(out, sec->str);
	return FALSE;
}

static gint cmp_int(gconstpointer a, gconstpointer b, gpointer unused)
{
	return GPOINTER_TO_INT(a) - GPOINTER_TO_INT(b);
}

static void gstring_free(gpointer p)
{
	g_string_free(p, TRUE);
}

/* The note of a commit at `places` of the series: `old` with the sections
 * of those versions rewritten; "" when nothing is left (caller owns). */
static char *note_rebuild(const char *old, GArray *places, GPtrArray *reviews)
{
	GString *out = g_string_new(NULL);
	GTree *sections = g_tree_new_full(cmp_int, NULL, NULL, gstring_free);

	note_split(old, out, sections);
	if (out->len)
		g_string_append_c(out, '\n');
	for (guint i = 0; i < places->len; i++) {
		const struct place *p = &g_array_index(places, struct place, i);
		char *sec = section_text(g_ptr_array_index(reviews, p->version - 1), p->patch);

		if (sec)
			g_tree_replace(sections, GINT_TO_POINTER(p->version), g_string_new(sec));
		else
			g_tree_remove(sections, GINT_TO_POINTER(p->version));
		g_free(sec);
	}
	g_tree_foreach(sections, join_section, out);
	g_tree_destroy(sections);
	return g_string_free(out, FALSE);
}

/* Every patch commit of the frozen versions, in order, with its places. */
static void collect_commits(const struct series *s, GPtrArray *order, GHashTable *places)
{
	for (guint n = 0; n < s->versions->len; n++) {
		const struct series_version *v = g_ptr_array_index(s->versions, n);

		for (guint i = 0; i < v->patches->len; i++) {
			const struct series_patch *p = g_ptr_array_index(v->patches, i);
			struct place pl = { v->number, (int)i + 1 };
			GArray *a = g_hash_table_lookup(places, p->commit);

			if (!a) {
				a = g_array_new(FALSE, FALSE, sizeof(struct place));
				g_hash_table_insert(places, p->commit, a);
				g_ptr_array_add(order, p->commit);
			}
			g_array_append_val(a, pl);
		}
	}
}

/* The note on `oid` in notes commit `nc` (NULL: none), or NULL. */
static char *note_read(git_repository *repo, git_commit *nc, const git_oid *oid)
{
	git_note *note = NULL;
	char *text;

	if (!nc || git_note_commit_read(&note, repo, nc, oid) < 0)
		return NULL;
	text = g_strdup(git_note_message(note));
	git_note_free(note);
	return text;
}

/* Change the note on `oid` to `text` ("" removes it) on top of *work (the
 * commits made so far; NULL before the first, then base is the parent). */
static int note_put(git_repository *repo, git_commit *base, git_commit **work,
		    const git_signature *sig, const git_oid *oid, const char *text)
{
	git_commit *parent = *work ? *work : base;
	git_oid next, blob;
	int rc;

	if (*text)
		rc = git_note_commit_create(&next, &blob, repo, parent, sig, sig, oid, text, 1);
	else
		rc = git_note_commit_remove(&next, repo, parent, sig, sig, oid);
	if (rc < 0)
		return rc;
	git_commit_free(*work);
	return git_commit_lookup(work, repo, &next);
}

/* The one notes commit: the tree of `work`, its parent the old notes
 * commit; the ref moved compare-and-swap. */
static int notes_finish(git_repository *repo, git_commit *base, git_commit *work,
			const git_signature *sig, const char *name, GError **why)
{
	git_tree *tree = NULL;
	const git_commit *parents[1] = { base };
	char *msg = g_strdup_printf("quill: the review of %s\n", name);
	git_oid out;
	int rc;

	if ((rc = git_commit_tree(&tree, work)) < 0 ||
	    (rc = git_commit_create(&out, repo, NULL, sig, sig, NULL, msg, tree, base ? 1 : 0,
				    parents)) < 0)
		goto done;
	rc = lock_ref_write(repo, STORE_NOTES_REF, &out, base ? 1 : 0,
			    base ? git_commit_id(base) : NULL, msg, why);
done:
	git_tree_free(tree);
	g_free(msg);
	return rc;
}

static void place_array_free(gpointer p)
{
	g_array_free(p, TRUE);
}

gboolean review_notes_write(git_repository *repo, const struct series *s, GError **error)
{
	GPtrArray *reviews = g_ptr_array_new_with_free_func((GDestroyNotify)review_version_free);
	GPtrArray *order = g_ptr_array_new();
	GHashTable *places = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, place_array_free);
	git_commit *base = NULL, *work = NULL;
	git_signature *sig = NULL;
	git_oid base_oid;
	GError *why = NULL;
	gboolean ok = FALSE;
	int rc = 0;

	for (guint n = 1; n <= s->versions->len; n++) {
		struct review_version *rv;
		if (!review_store_read(s, (int)n, &rv, error))
			goto done;
		g_ptr_array_add(reviews, rv);
	}
	collect_commits(s, order, places);
	if (git_reference_name_to_id(&base_oid, repo, STORE_NOTES_REF) == 0 &&
	    (rc = git_commit_lookup(&base, repo, &base_oid)) < 0)
		goto git_fail;
	for (guint i = 0; i < order->len; i++) {
		const char *hex = g_ptr_array_index(order, i);
		git_oid oid;
		char *old, *text;

		if ((rc = git_oid_fromstr(&oid, hex)) < 0)
			goto git_fail;
		old = note_read(repo, base, &oid);
		text = note_rebuild(old, g_hash_table_lookup(places, hex), reviews);
		if (g_strcmp0(old ? old : "", text)) {
			if (!sig && !ident_signature(&sig, repo, FALSE, error)) {
				g_free(old);
				g_free(text);
				goto done;
			}
			rc = note_put(repo, base, &work, sig, &oid, text);
		}
		g_free(old);
		g_free(text);
		if (rc < 0)
			goto git_fail;
	}
	if (work && (rc = notes_finish(repo, base, work, sig, s->name, &why)) < 0)
		goto git_fail;
	ok = TRUE;
	goto done;
git_fail:
	if (why)
		g_propagate_prefixed_error(error, why, "cannot write the review notes on %s: ",
					   STORE_NOTES_REF);
	else
		qerr_git(error, rc, "cannot write the review notes on %s", STORE_NOTES_REF);
done:
	git_commit_free(work);
	git_commit_free(base);
	git_signature_free(sig);
	g_hash_table_destroy(places);
	g_ptr_array_unref(order);
	g_ptr_array_unref(reviews);
	return ok;
}
