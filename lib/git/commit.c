/* commit.c - a commit as a patch, and linear ranges, over libgit2. */
#include "git/commit.h"
#include "core/error.h"
#include "git/diffstat.h"
#include "git/patchid.h"

#include <string.h>

void commit_patch_free(struct commit_patch *p)
{
	if (!p)
		return;
	g_free(p->subject);
	g_free(p->body);
	g_free(p->message);
	g_free(p->author_name);
	g_free(p->author_email);
	g_free(p->diff);
	g_free(p->diffstat);
	g_free(p);
}

/* Split a message as format-patch does: the first paragraph (joined with
 * spaces) is the subject, the rest after blank lines is the body. */
static void split_message(const char *msg, char **subject, char **body)
{
	GString *s = g_string_new(NULL);
	const char *p = msg;

	while (*p == '\n')
		p++;
	while (*p) {
		const char *nl = strchr(p, '\n');
		gsize n = nl ? (gsize)(nl - p) : strlen(p);
		gsize k = n;

		while (k && (p[k - 1] == ' ' || p[k - 1] == '\t' || p[k - 1] == '\r'))
			k--;
		if (k == 0)
			break;	/* blank line ends the first paragraph */
		if (s->len)
			g_string_append_c(s, ' ');
		g_string_append_len(s, p, k);
		p = nl ? nl + 1 : p + n;
	}
	while (*p) {	/* skip blank lines */
		const char *q = p;
		while (*q == ' ' || *q == '\t' || *q == '\r')
			q++;
		if (*q != '\n')
			break;
		p = q + 1;
	}
	*subject = g_string_free(s, FALSE);
	*body = g_strdup(p);
}

char *commit_message_subject(const char *msg, gsize len)
{
	char *copy = g_strndup(msg, len), *subject, *body;

	split_message(copy, &subject, &body);
	g_free(body);
	g_free(copy);
	return subject;
}

/* A series diffs each blob two or three times (its patch's text, the
 * whole range's diffstat, the other version's side of a comparison);
 * libgit2 caches no blob by default, and reads it from the object store
 * anew each time.  Keep the small ones (a source file).  Each tree is read
 * twice too (a commit's, then its child's parent's), and libgit2 keeps
 * none over 4 KiB, a directory of some hundred files: keep those too. */
static void cache_blobs(void)
{
	static gsize done;

	if (g_once_init_enter(&done)) {
		git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, GIT_OBJECT_BLOB, (size_t)256 << 10);
		git_libgit2_opts(GIT_OPT_SET_CACHE_OBJECT_LIMIT, GIT_OBJECT_TREE, (size_t)256 << 10);
		g_once_init_leave(&done, 1);
	}
}

static int diff_commit(git_diff **out, git_repository *repo, git_commit *c)
{
	git_commit *parent = NULL;
	git_tree *old = NULL, *new_ = NULL;
	git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
	git_diff_find_options fopts = GIT_DIFF_FIND_OPTIONS_INIT;
	int rc;

	cache_blobs();
	opts.flags = GIT_DIFF_SHOW_BINARY;
	opts.context_lines = 3;
	if (git_commit_parentcount(c) > 0 && (rc = git_commit_parent(&parent, c, 0)) < 0)
		return rc;
	if ((parent && (rc = git_commit_tree(&old, parent)) < 0) ||
	    (rc = git_commit_tree(&new_, c)) < 0)
		goto done;
	if ((rc = git_diff_tree_to_tree(out, repo, old, new_, &opts)) < 0)
		goto done;
	fopts.flags = GIT_DIFF_FIND_RENAMES;
	rc = git_diff_find_similar(*out, &fopts);
done:
	git_tree_free(old);
	git_tree_free(new_);
	git_commit_free(parent);
	return rc;
}

static char *stats_text(git_diff *diff)
{
	git_diff_stats *stats = NULL;
	git_buf buf = GIT_BUF_INIT;
	char *out = NULL;

	if (git_diff_get_stats(&stats, diff) < 0)
		return g_strdup("");
	if (git_diff_stats_to_buf(&buf, stats, GIT_DIFF_STATS_FULL | GIT_DIFF_STATS_INCLUDE_SUMMARY,
				  72) == 0)
		out = g_strndup(buf.ptr, buf.size);
	git_buf_dispose(&buf);
	git_diff_stats_free(stats);
	return out ? out : g_strdup("");
}

/* Commit text as UTF-8, as git shows it: a message (and the author line)
 * is stored in the encoding the commit's "encoding" header names
 * (i18n.commitEncoding), and bytes that are still not UTF-8 (commits other
 * tools wrote) become U+FFFD rather than poisoning the state files and the
 * JSON output, which hold UTF-8 only. */
static char *text_utf8(const char *s, const char *encoding)
{
	if (!s)
		return g_strdup("");
	if (encoding && g_ascii_strcasecmp(encoding, "UTF-8") && g_ascii_strcasecmp(encoding, "UTF8")) {
		char *c = g_convert(s, -1, "UTF-8", encoding, NULL, NULL, NULL);
		if (c && g_utf8_validate(c, -1, NULL))
			return c;
		g_free(c);
	}
	if (g_utf8_validate(s, -1, NULL))
		return g_strdup(s);
	return g_utf8_make_valid(s, -1);
}

/* The diff (and its patch-id) and the diffstat of commit c into p.  Each
 * file's patch is generated once, for both: git_diff_to_buf() and
 * git_diff_get_stats() would each generate every patch again (reading the
 * blobs, looking up the file's diff driver, running xdiff). */
static gboolean fill_diff(struct commit_patch *p, git_repository *repo, git_commit *c,
			  unsigned flags, GError **error)
{
	gboolean want_diff = (flags & COMMIT_WANT_DIFF) && !p->diff;
	gboolean want_stat = (flags & COMMIT_WANT_STAT) && !p->diffstat;
	git_diff *diff = NULL;
	git_buf buf = GIT_BUF_INIT;
	GString *text = want_diff ? g_string_new(NULL) : NULL;
	struct diffstat *stat = want_stat ? diffstat_new() : NULL;
	int rc;

	if ((rc = diff_commit(&diff, repo, c)) < 0)
		goto fail;
	for (size_t i = 0, n = git_diff_num_deltas(diff); i < n; i++) {
		git_patch *patch = NULL;

		if ((rc = git_patch_from_diff(&patch, diff, i)) < 0)
			goto fail;
		if (text && (rc = git_patch_to_buf(&buf, patch)) == 0)
			g_string_append_len(text, buf.ptr, (gssize)buf.size);
		git_buf_dispose(&buf);
		if (rc == 0 && stat)
			rc = diffstat_add(stat, patch);
		git_patch_free(patch);
		if (rc < 0)
			goto fail;
	}
	if (text) {
		p->diff = g_string_free(text, FALSE);
		patchid_stable(p->diff, strlen(p->diff), p->patch_id);
	}
	if (stat) {
		p->diffstat = diffstat_text(stat, 72);
		diffstat_free(stat);
	}
	git_diff_free(diff);
	return TRUE;
fail:
	if (text)
		g_string_free(text, TRUE);
	diffstat_free(stat);
	git_diff_free(diff);
	return qerr_git(error, rc, "cannot diff commit %s", git_oid_tostr_s(&p->oid));
}

gboolean commit_patch_load(struct commit_patch **out, git_repository *repo, const git_oid *oid,
			   unsigned flags, GError **error)
{
	git_commit *c = NULL;
	struct commit_patch *p;
	const git_signature *a;
	const char *enc;
	int rc;

	*out = NULL;
	if ((rc = git_commit_lookup(&c, repo, oid)) < 0)
		return qerr_git(error, rc, "cannot read commit %s", git_oid_tostr_s(oid));
	p = g_new0(struct commit_patch, 1);
	git_oid_cpy(&p->oid, oid);
	enc = git_commit_message_encoding(c);
	p->message = text_utf8(git_commit_message(c), enc);
	split_message(p->message, &p->subject, &p->body);
	a = git_commit_author(c);
	p->author_name = text_utf8(a->name, enc);
	p->author_email = text_utf8(a->email, enc);
	p->author_time = a->when.time;
	p->author_offset = a->when.offset;
	if ((flags & (COMMIT_WANT_DIFF | COMMIT_WANT_STAT)) && !fill_diff(p, repo, c, flags, error)) {
		git_commit_free(c);
		commit_patch_free(p);
		return FALSE;
	}
	git_commit_free(c);
	*out = p;
	return TRUE;
}

gboolean commit_patch_add(struct commit_patch *p, git_repository *repo, unsigned flags,
			  GError **error)
{
	git_commit *c = NULL;
	gboolean ok;
	int rc;

	if (!((flags & COMMIT_WANT_DIFF) && !p->diff) && !((flags & COMMIT_WANT_STAT) && !p->diffstat))
		return TRUE;
	if ((rc = git_commit_lookup(&c, repo, &p->oid)) < 0)
		return qerr_git(error, rc, "cannot read commit %s", git_oid_tostr_s(&p->oid));
	ok = fill_diff(p, repo, c, flags, error);
	git_commit_free(c);
	return ok;
}

gboolean commit_range(GPtrArray **out, git_repository *repo, const git_oid *base,
		      const git_oid *tip, GError **error)
{
	git_revwalk *walk = NULL;
	GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
	git_oid oid;
	int rc;

	*out = NULL;
	if ((rc = git_revwalk_new(&walk, repo)) < 0)
		goto git_fail;
	git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE);
	if ((rc = git_revwalk_push(walk, tip)) < 0)
		goto git_fail;
	if (base && (rc = git_revwalk_hide(walk, base)) < 0)
		goto git_fail;
	while ((rc = git_revwalk_next(&oid, walk)) == 0) {
		git_commit *c;
		if ((rc = git_commit_lookup(&c, repo, &oid)) < 0)
			goto git_fail;
		if (git_commit_parentcount(c) > 1) {
			git_commit_free(c);
			qerr(error, QUILL_ERROR_USAGE,
			     "commit %.12s is a merge; a patch series must be linear",
			     git_oid_tostr_s(&oid));
			goto fail;
		}
		git_commit_free(c);
		g_ptr_array_add(a, g_memdup2(&oid, sizeof oid));
	}
	if (rc != GIT_ITEROVER)
		goto git_fail;
	git_revwalk_free(walk);
	*out = a;
	return TRUE;
git_fail:
	qerr_git(error, rc, "cannot list the commits of %.12s", git_oid_tostr_s(tip));
fail:
	git_revwalk_free(walk);
	g_ptr_array_unref(a);
	return FALSE;
}

char *commit_range_diffstat(git_repository *repo, const git_oid *base, const git_oid *tip,
			    GError **error)
{
	git_commit *bc = NULL, *tc = NULL;
	git_tree *bt = NULL, *tt = NULL;
	git_diff *diff = NULL;
	git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
	git_diff_find_options fopts = GIT_DIFF_FIND_OPTIONS_INIT;
	char *out = NULL;
	int rc;

	cache_blobs();
	if ((base && ((rc = git_commit_lookup(&bc, repo, base)) < 0 ||
		      (rc = git_commit_tree(&bt, bc)) < 0)) ||
	    (rc = git_commit_lookup(&tc, repo, tip)) < 0 || (rc = git_commit_tree(&tt, tc)) < 0 ||
	    (rc = git_diff_tree_to_tree(&diff, repo, bt, tt, &opts)) < 0) {
		qerr_git(error, rc, "cannot diff the series");
		goto done;
	}
	fopts.flags = GIT_DIFF_FIND_RENAMES;
	git_diff_find_similar(diff, &fopts);
	out = stats_text(diff);
done:
	git_diff_free(diff);
	git_tree_free(bt);
	git_tree_free(tt);
	git_commit_free(bc);
	git_commit_free(tc);
	return out;
}

static gint cmp_author(gconstpointer a, gconstpointer b)
{
	const struct commit_patch *x = *(struct commit_patch *const *)a;
	const struct commit_patch *y = *(struct commit_patch *const *)b;
	return strcmp(x->author_name, y->author_name);
}

/* Append `subject` wrapped at 72 columns, first line indented 2, the rest 4. */
static void append_wrapped(GString *s, const char *subject)
{
	char **words = g_strsplit(subject, " ", -1);
	gsize col = 2;
	gboolean first = TRUE;

	g_string_append(s, "  ");
	for (char **w = words; *w; w++) {
		gsize n = strlen(*w);

		if (!n)
			continue;
		if (!first && col + 1 + n > 72) {
			g_string_append(s, "\n    ");
			col = 4;
		} else if (!first) {
			g_string_append_c(s, ' ');
			col++;
		}
		g_string_append(s, *w);
		col += n;
		first = FALSE;
	}
	g_string_append_c(s, '\n');
	g_strfreev(words);
}

char *commit_shortlog(GPtrArray *patches)
{
	GPtrArray *sorted = g_ptr_array_copy(patches, NULL, NULL);

	g_ptr_array_set_free_func(sorted, NULL); /* the copy borrows */
	GString *s = g_string_new(NULL);
	guint i = 0;

	/* stable sort: commits keep their order within one author */
	g_ptr_array_sort(sorted, cmp_author);
	while (i < sorted->len) {
		const struct commit_patch *p = g_ptr_array_index(sorted, i);
		guint j = i;

		while (j < sorted->len &&
		       !strcmp(((struct commit_patch *)g_ptr_array_index(sorted, j))->author_name,
			       p->author_name))
			j++;
		if (s->len)
			g_string_append_c(s, '\n');
		g_string_append_printf(s, "%s (%u):\n", p->author_name, j - i);
		for (guint k = i; k < j; k++)
			append_wrapped(s, ((struct commit_patch *)g_ptr_array_index(sorted, k))->subject);
		i = j;
	}
	g_ptr_array_unref(sorted);
	return g_string_free(s, FALSE);
}

gboolean commit_resolve(git_oid *out, git_repository *repo, const char *rev, GError **error)
{
	git_object *obj = NULL, *peeled = NULL;
	int rc;

	if ((rc = git_revparse_single(&obj, repo, rev)) < 0) {
		if (rc == GIT_ENOTFOUND || rc == GIT_EAMBIGUOUS || rc == GIT_EINVALIDSPEC)
			return qerr(error, QUILL_ERROR_USAGE, "'%s' names no commit", rev);
		return qerr_git(error, rc, "cannot resolve '%s'", rev);
	}
	rc = git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT);
	git_object_free(obj);
	if (rc < 0)
		return qerr(error, QUILL_ERROR_USAGE, "'%s' is not a commit", rev);
	git_oid_cpy(out, git_object_id(peeled));
	git_object_free(peeled);
	return TRUE;
}

gboolean commit_branch_exists(git_repository *repo, const char *name)
{
	git_reference *r = NULL;
	gboolean yes = git_branch_lookup(&r, repo, name, GIT_BRANCH_LOCAL) == 0;

	git_reference_free(r);
	return yes;
}

static gboolean title_char(char c)
{
	return g_ascii_isalnum(c) || c == '.' || c == '_';
}

char *commit_subject_slug(const char *subject)
{
	GString *s = g_string_new(NULL);
	int space = 2;

	for (const char *p = subject; *p; p++) {
		if (title_char(*p)) {
			if (space == 1)
				g_string_append_c(s, '-');
			space = 0;
			g_string_append_c(s, *p);
			if (*p == '.')
				while (p[1] == '.')
					p++;
		} else {
			space |= 1;
		}
	}
	while (s->len && (s->str[s->len - 1] == '.' || s->str[s->len - 1] == '-'))
		g_string_truncate(s, s->len - 1);
	return g_string_free(s, FALSE);
}
