/* rangediff.c - comparing two versions of a series. */
#include "series/rangediff.h"
#include "git/commit.h"
#include "core/error.h"

#include <stdarg.h>
#include <string.h>

void range_compare_free(struct range_compare *c)
{
	if (!c)
		return;
	if (c->old)
		g_ptr_array_unref(c->old);
	if (c->new_)
		g_ptr_array_unref(c->new_);
	if (c->pairs)
		g_array_unref(c->pairs);
	g_free(c);
}

static struct pair_item *items_of(GPtrArray *patches)
{
	struct pair_item *it = g_new0(struct pair_item, patches->len + 1);

	for (guint i = 0; i < patches->len; i++) {
		const struct commit_patch *p = g_ptr_array_index(patches, i);
		it[i].patch_id = p->patch_id;
		it[i].subject = p->subject;
		it[i].message = p->message;
		it[i].diff = p->diff;
	}
	return it;
}

GArray *range_pair_patches(GPtrArray *old, GPtrArray *new_)
{
	struct pair_item *a = items_of(old), *b = items_of(new_);
	GArray *pairs = pair_versions(a, (int)old->len, b, (int)new_->len, 60);

	g_free(a);
	g_free(b);
	return pairs;
}

gboolean range_compare(struct range_compare **out, git_repository *repo, const struct series *s,
		       int va, int vb, GError **error)
{
	return range_compare_with(out, repo, s, va, vb, NULL, NULL, NULL, error);
}

/* A frozen version's patches without their diffs, each with the patch-id
 * the state recorded at the freeze (the one of its diff); a patch whose
 * recorded id is not 40 hex digits gets its diff read.  The working
 * version's are read with their diffs. */
static gboolean load_side(GPtrArray **out, git_oid *base, git_oid *tip, git_repository *repo,
			  const struct series *s, int n, GError **error)
{
	const struct series_version *v = n ? series_get_version(s, n) : NULL;

	if (!series_load_patches(out, base, tip, repo, s, n, v ? 0 : COMMIT_WANT_DIFF, error))
		return FALSE;
	for (guint i = 0; v && i < (*out)->len; i++) {
		struct commit_patch *p = g_ptr_array_index(*out, i);
		const struct series_patch *sp = i < v->patches->len ? g_ptr_array_index(v->patches, i)
								    : NULL;
		const char *id = sp ? sp->patch_id : NULL;
		gboolean hex = id && strlen(id) == GIT_OID_HEXSZ;

		for (int k = 0; hex && k < GIT_OID_HEXSZ; k++)
			hex = g_ascii_isxdigit(id[k]) && !g_ascii_isupper(id[k]);
		if (hex)
			memcpy(p->patch_id, id, GIT_OID_HEXSZ + 1);
		else if (!commit_patch_add(p, repo, COMMIT_WANT_DIFF, error))
			return FALSE;
	}
	return TRUE;
}

/* The diffs of the patches equal patch-ids do not pair: what the pairing
 * weighs them by.  Again until every unpaired one has its diff (a diff
 * read can give another patch-id than the one recorded). */
static gboolean load_unpaired(struct range_compare *c, git_repository *repo, GError **error)
{
	guint no = c->old->len, nn = c->new_->len;
	struct pair_item *a = items_of(c->old), *b = items_of(c->new_);
	int *o2n = g_new(int, no + 1), *n2o = g_new(int, nn + 1);
	gboolean ok = TRUE, again = TRUE;

	while (ok && again) {
		again = FALSE;
		pair_by_id(a, (int)no, b, (int)nn, o2n, n2o);
		for (guint i = 0; ok && i < no + nn; i++) {
			gboolean old_side = i < no;
			guint k = old_side ? i : i - no;
			struct commit_patch *p = g_ptr_array_index(old_side ? c->old : c->new_, k);

			if ((old_side ? o2n[k] : n2o[k]) >= 0 || p->diff)
				continue;
			ok = commit_patch_add(p, repo, COMMIT_WANT_DIFF, error);
			(old_side ? a : b)[k].diff = p->diff;
			again = TRUE;
		}
	}
	g_free(a);
	g_free(b);
	g_free(o2n);
	g_free(n2o);
	return ok;
}

gboolean range_compare_with(struct range_compare **out, git_repository *repo,
			    const struct series *s, int va, int vb, GPtrArray *new_patches,
			    const git_oid *new_base, const git_oid *new_tip, GError **error)
{
	struct range_compare *c = g_new0(struct range_compare, 1);

	*out = NULL;
	c->repo = repo;
	c->old_version = va;
	c->new_version = vb;
	if (new_patches) {
		c->new_ = g_ptr_array_ref(new_patches);
		git_oid_cpy(&c->new_base, new_base);
		git_oid_cpy(&c->new_tip, new_tip);
	}
	if (!load_side(&c->old, &c->old_base, &c->old_tip, repo, s, va, error) ||
	    (!new_patches && !load_side(&c->new_, &c->new_base, &c->new_tip, repo, s, vb, error)) ||
	    !load_unpaired(c, repo, error)) {
		range_compare_free(c);
		return FALSE;
	}
	c->pairs = range_pair_patches(c->old, c->new_);
	for (guint i = 0; i < c->pairs->len; i++)
		c->counts[g_array_index(c->pairs, struct pair, i).kind]++;
	*out = c;
	return TRUE;
}

gboolean range_compare_load_diffs(struct range_compare *c, GError **error)
{
	for (guint i = 0; c->pairs && i < c->pairs->len; i++) {
		const struct pair *p = &g_array_index(c->pairs, struct pair, i);

		if (p->kind == PAIR_UNCHANGED)
			continue;
		if ((p->old_index >= 0 && !commit_patch_add(g_ptr_array_index(c->old, p->old_index),
							    c->repo, COMMIT_WANT_DIFF, error)) ||
		    (p->new_index >= 0 && !commit_patch_add(g_ptr_array_index(c->new_, p->new_index),
							    c->repo, COMMIT_WANT_DIFF, error)))
			return FALSE;
	}
	return TRUE;
}

/* One side of a pair as text to compare, with the section each of its
 * lines is in (what git range-diff names after an "@@"): none in the
 * message, then the file's name, then "file: function" after a hunk
 * header that names a function. */
struct side {
	GString *text;
	GArray *line_section;	/* guint per line: an index in sections */
	GPtrArray *sections;	/* char*, owned; [0] is NULL (no section) */
};

/* The path after "a/" or "b/" in a "--- " or "+++ " line, or NULL for
 * /dev/null (caller owns). */
static char *header_path(const char *l, gsize n)
{
	const char *p = l + 4;
	gsize k = n - 4;

	while (k && (p[k - 1] == '\n' || p[k - 1] == '\r'))
		k--;
	if (k >= 2 && (p[0] == 'a' || p[0] == 'b') && p[1] == '/')
		return g_strndup(p + 2, k - 2);
	return NULL;
}

/* The path of the new side in "diff --git a/X b/Y" (caller owns). */
static char *git_header_path(const char *l, gsize n)
{
	char *line = g_strndup(l, n), *b;

	g_strchomp(line);
	b = g_strrstr(line, " b/");
	if (b)
		memmove(line, b + 3, strlen(b + 3) + 1);
	return line;
}

/* A hunk header without its line numbers, as git range-diff compares it:
 * "@@ -325,6 +325,7 @@ func" gives "@@ FILE: func", "@@ -1 +1 @@" gives
 * "@@" (caller owns).  The numbers move with every rebase; the function
 * is part of the patch. */
static char *hunk_label(const char *l, gsize n, const char *file)
{
	const char *close = n > 3 ? g_strstr_len(l + 3, n - 3, "@@") : NULL;
	gsize rest;

	while (n && (l[n - 1] == '\n' || l[n - 1] == '\r'))
		n--;
	if (!close || (rest = n - (close + 2 - l)) == 0)
		return g_strdup("@@");
	return g_strdup_printf("@@ %s:%.*s", file ? file : "", (int)rest, close + 2);
}

static void side_set(struct side *sd, char *section, guint *cur)
{
	g_ptr_array_add(sd->sections, section);
	*cur = sd->sections->len - 1;
}

/* A patch as text to compare: its message, then its diff without the
 * index lines (object ids differ after any rebase) and with its hunk
 * headers' line numbers left out (hunk_label). */
static void side_init(struct side *sd, const struct commit_patch *p)
{
	const char *d = p->diff ? p->diff : "";
	char *file = NULL, *old_file = NULL;
	guint cur = 0;

	sd->text = g_string_new(p->message);
	sd->sections = g_ptr_array_new_with_free_func(g_free);
	g_ptr_array_add(sd->sections, NULL);
	if (sd->text->len && sd->text->str[sd->text->len - 1] != '\n')
		g_string_append_c(sd->text, '\n');
	g_string_append(sd->text, "\n");
	sd->line_section = g_array_new(FALSE, TRUE, sizeof(guint));
	for (const char *q = sd->text->str; *q; q++)
		if (*q == '\n')
			g_array_append_val(sd->line_section, cur);
	while (*d) {
		const char *nl = strchr(d, '\n');
		gsize n = nl ? (gsize)(nl - d + 1) : strlen(d);

		if (n >= 6 && !memcmp(d, "index ", 6)) {
			d += n;
			continue;
		}
		if (g_str_has_prefix(d, "diff --git ")) {
			g_free(file);
			g_free(old_file);
			old_file = NULL;
			file = git_header_path(d, n);
			side_set(sd, g_strdup(file), &cur);
		} else if (g_str_has_prefix(d, "--- ")) {
			g_free(old_file);
			old_file = header_path(d, n);
		} else if (g_str_has_prefix(d, "+++ ")) {
			char *path = header_path(d, n);

			if (path || old_file) {
				g_free(file);
				file = path ? path : g_strdup(old_file);
				side_set(sd, g_strdup(file), &cur);
			}
		} else if (g_str_has_prefix(d, "@@ ")) {
			char *label = hunk_label(d, n, file);

			if (label[2])
				side_set(sd, g_strdup(label + 3), &cur);
			g_string_append_printf(sd->text, "%s\n", label);
			g_array_append_val(sd->line_section, cur);
			g_free(label);
			d += n;
			continue;
		}
		g_string_append_len(sd->text, d, n);
		if (d[n - 1] != '\n')
			g_string_append_c(sd->text, '\n');
		g_array_append_val(sd->line_section, cur);
		d += n;
	}
	g_free(file);
	g_free(old_file);
}

static void side_release(struct side *sd)
{
	g_string_free(sd->text, TRUE);
	g_array_unref(sd->line_section);
	g_ptr_array_unref(sd->sections);
}

struct pair_out {
	GString *s;
	const struct side *old;
};

/* "@@" and the section the hunk starts in, as git range-diff heads a hunk
 * (the section of the old side's line before the hunk's first one). */
static int print_hunk(const git_diff_delta *d, const git_diff_hunk *h, void *payload)
{
	struct pair_out *o = payload;
	int first = h->old_lines ? h->old_start - 1 : h->old_start;	/* 0-based */
	const char *section = NULL;

	if (first >= 1 && (guint)first - 1 < o->old->line_section->len)
		section = g_ptr_array_index(
			o->old->sections, g_array_index(o->old->line_section, guint, first - 1));
	g_string_append(o->s, "    @@");
	if (section)
		g_string_append_printf(o->s, " %s", section);
	g_string_append_c(o->s, '\n');
	return 0;
}

static int print_line(const git_diff_delta *d, const git_diff_hunk *h, const git_diff_line *l,
		      void *payload)
{
	GString *s = ((struct pair_out *)payload)->s;

	g_string_append(s, "    ");
	if (l->origin == GIT_DIFF_LINE_ADDITION || l->origin == GIT_DIFF_LINE_DELETION ||
	    l->origin == GIT_DIFF_LINE_CONTEXT)
		g_string_append_c(s, l->origin);
	g_string_append_len(s, l->content, l->content_len);
	if (!l->content_len || l->content[l->content_len - 1] != '\n')
		g_string_append_c(s, '\n');
	return 0;
}

char *range_pair_diff(const struct range_compare *c, const struct pair *p)
{
	git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
	struct side a, b;
	struct pair_out o;

	if (p->kind == PAIR_UNCHANGED || p->old_index < 0 || p->new_index < 0)
		return g_strdup("");
	if (c->repo) {
		commit_patch_add(g_ptr_array_index(c->old, p->old_index), c->repo, COMMIT_WANT_DIFF,
				 NULL);
		commit_patch_add(g_ptr_array_index(c->new_, p->new_index), c->repo,
				 COMMIT_WANT_DIFF, NULL);
	}
	side_init(&a, g_ptr_array_index(c->old, p->old_index));
	side_init(&b, g_ptr_array_index(c->new_, p->new_index));
	o.s = g_string_new(NULL);
	o.old = &a;
	opts.flags = GIT_DIFF_FORCE_TEXT;
	git_diff_buffers(a.text->str, a.text->len, NULL, b.text->str, b.text->len, NULL, &opts, NULL,
			 NULL, print_hunk, print_line, &o);
	side_release(&a);
	side_release(&b);
	return g_string_free(o.s, FALSE);
}

char range_mark(enum pair_kind kind)
{
	switch (kind) {
	case PAIR_UNCHANGED: return '=';
	case PAIR_MESSAGE: case PAIR_CHANGED: return '!';
	case PAIR_ADDED: return '>';
	case PAIR_DROPPED: return '<';
	}
	return '?';
}

char *range_diff_text(const struct range_compare *c)
{
	GString *s = g_string_new(NULL);
	int width = g_snprintf(NULL, 0, "%u", MAX(c->old->len, c->new_->len));

	for (guint i = 0; i < c->pairs->len; i++) {
		const struct pair *p = &g_array_index(c->pairs, struct pair, i);
		const struct commit_patch *o = p->old_index >= 0 ? g_ptr_array_index(c->old, p->old_index) : NULL;
		const struct commit_patch *n = p->new_index >= 0 ? g_ptr_array_index(c->new_, p->new_index) : NULL;
		char ob[13], nb[13];

		if (o)
			git_oid_tostr(ob, sizeof ob, &o->oid);
		if (n)
			git_oid_tostr(nb, sizeof nb, &n->oid);
		if (o)
			g_string_append_printf(s, "%*d:  %s", width, p->old_index + 1, ob);
		else
			g_string_append_printf(s, "%*s:  ------------", width, "-");
		g_string_append_printf(s, " %c ", range_mark(p->kind));
		if (n)
			g_string_append_printf(s, "%*d:  %s", width, p->new_index + 1, nb);
		else
			g_string_append_printf(s, "%*s:  ------------", width, "-");
		g_string_append_printf(s, " %s\n", n ? n->subject : o->subject);
		if (p->kind == PAIR_CHANGED || p->kind == PAIR_MESSAGE) {
			char *d = range_pair_diff(c, p);

			g_string_append(s, d);
			g_free(d);
		}
	}
	return g_string_free(s, FALSE);
}

static const char *pair_subject(const struct range_compare *c, const struct pair *p)
{
	const struct commit_patch *cp =
		p->new_index >= 0 ? g_ptr_array_index(c->new_, p->new_index)
				  : g_ptr_array_index(c->old, p->old_index);
	return cp->subject;
}

/* One "- text" item, wrapped at spaces to CHANGES_WIDTH columns (as the
 * tables keep to), each continuation line under the text after "- ".  A
 * word longer than a line stays whole. */
#define CHANGES_WIDTH 72

static void append_item(GString *out, const char *text)
{
	char **words = g_strsplit(text, " ", -1);
	glong col = 2;

	g_string_append(out, "- ");
	for (char **w = words; *w; w++) {
		glong n = g_utf8_strlen(*w, -1);

		if (w != words) {
			if (col + 1 + n > CHANGES_WIDTH && col > 2) {
				g_string_append(out, "\n  ");
				col = 2;
			} else {
				g_string_append_c(out, ' ');
				col++;
			}
		}
		g_string_append(out, *w);
		col += n;
	}
	g_string_append_c(out, '\n');
	g_strfreev(words);
}

static void append_itemf(GString *out, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void append_itemf(GString *out, const char *fmt, ...)
{
	va_list ap;
	char *text;

	va_start(ap, fmt);
	text = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	append_item(out, text);
	g_free(text);
}

/* Every patch unchanged: say so, and which ones moved (a reorder is a
 * change too). */
static void append_all_unchanged(GString *out, const struct range_compare *c)
{
	GString *moved = g_string_new(NULL);
	guint n = c->new_->len;

	for (guint i = 0; i < c->pairs->len; i++) {
		const struct pair *p = &g_array_index(c->pairs, struct pair, i);

		if (p->old_index != p->new_index)
			g_string_append_printf(moved, "%s%d/%u was %d/%u", moved->len ? ", " : "",
					       p->new_index + 1, n, p->old_index + 1, c->old->len);
	}
	if (moved->len)
		append_itemf(out, "%u unchanged, reordered: %s", n, moved->str);
	else
		append_itemf(out, "%u unchanged", n);
	g_string_free(moved, TRUE);
}

char *range_changes_lines(const struct range_compare *c)
{
	GString *s = g_string_new(NULL), *same = g_string_new(NULL);
	guint n = c->new_->len, o = c->old->len;
	int nsame = 0;

	for (guint i = 0; i < c->pairs->len; i++) {
		const struct pair *p = &g_array_index(c->pairs, struct pair, i);
		const char *subj = pair_subject(c, p);

		switch (p->kind) {
		case PAIR_UNCHANGED:
			g_string_append_printf(same, "%s%d/%u", nsame++ ? ", " : "", p->new_index + 1, n);
			break;
		case PAIR_MESSAGE:
			append_itemf(s, "%d/%u \"%s\": commit message changed", p->new_index + 1, n,
				     subj);
			break;
		case PAIR_CHANGED:
			append_itemf(s, "%d/%u \"%s\": changed", p->new_index + 1, n, subj);
			break;
		case PAIR_ADDED:
			append_itemf(s, "%d/%u \"%s\": new", p->new_index + 1, n, subj);
			break;
		case PAIR_DROPPED:
			append_itemf(s, "dropped \"%s\" (was %d/%u)", subj, p->old_index + 1, o);
			break;
		}
	}
	if (s->len && nsame)
		append_itemf(s, "unchanged: %s", same->str);
	else if (nsame && nsame == (int)c->pairs->len)
		append_all_unchanged(s, c);
	g_string_free(same, TRUE);
	if (s->len && s->str[s->len - 1] == '\n')
		g_string_truncate(s, s->len - 1);
	return g_string_free(s, FALSE);
}

char *range_summary(const struct range_compare *c)
{
	static const enum pair_kind order[] = { PAIR_CHANGED, PAIR_MESSAGE, PAIR_ADDED,
						PAIR_DROPPED, PAIR_UNCHANGED };
	static const char *const words[] = { "unchanged", "message only", "changed", "added",
					     "dropped" };
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < G_N_ELEMENTS(order); i++) {
		int n = c->counts[order[i]];
		if (n)
			g_string_append_printf(s, "%s%d %s", s->len ? ", " : "", n, words[order[i]]);
	}
	if (!s->len)
		g_string_append(s, "no patches");
	return g_string_free(s, FALSE);
}
