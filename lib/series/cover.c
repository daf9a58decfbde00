/* cover.c - cover letter rendering and its changelog sections. */
#include "series/cover.h"
#include "series/attach.h"
#include "bench/bench-plot.h"
#include "bench/bench-table.h"
#include "git/commit.h"
#include "git/config.h"
#include "core/error.h"
#include "git/ident.h"
#include "bench/objsize.h"
#include "core/resource.h"
#include "series/store.h"
#include "core/template.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *cover_link_line(const struct series_version *v, const char *linkmask)
{
	GString *url;
	const char *pct;

	if (!v || !v->cover_msgid || !linkmask || !(pct = strstr(linkmask, "%s")))
		return NULL;
	url = g_string_new(NULL);
	g_string_append_printf(url, "- Link to v%d: ", v->number);
	g_string_append_len(url, linkmask, pct - linkmask);
	g_string_append(url, v->cover_msgid);
	g_string_append(url, pct + 2);
	return g_string_free(url, FALSE);
}

char *cover_prerequisites(git_repository *repo, const struct series *series)
{
	GString *s = g_string_new(NULL);

	for (char **p = series->prereqs; p && *p; p++) {
		char *id = g_strdup(*p), *colon = strrchr(id, ':');
		int ver = 0;
		GPtrArray *names;

		if (colon && colon[1] == 'v') {
			ver = atoi(colon + 2);
			*colon = 0;
		}
		g_string_append_printf(s, "prerequisite-change-id: %s%s%.0d\n", id, ver ? ":v" : "",
				       ver);
		/* the patch-ids, when that series is in this repository */
		names = store_list(repo, NULL);
		for (guint i = 0; names && i < names->len; i++) {
			struct series *o;
			struct series_version *v;

			if (!series_load(&o, repo, g_ptr_array_index(names, i), NULL))
				continue;
			if (o->change_id && !strcmp(o->change_id, id) &&
			    (v = series_get_version(o, ver ? ver : (int)o->versions->len))) {
				for (guint k = 0; k < v->patches->len; k++)
					g_string_append_printf(
						s, "prerequisite-patch-id: %s\n",
						((struct series_patch *)g_ptr_array_index(v->patches, k))
							->patch_id);
			}
			series_free(o);
		}
		if (names)
			g_ptr_array_unref(names);
		g_free(id);
	}
	if (s->len)
		g_string_truncate(s, s->len - 1);
	return g_string_free(s, FALSE);
}

struct lookup_ctx {
	const struct cover_input *in;
	const char *cover_body;	/* for {{cover}}, NULL inside the working cover */
	const char *subject;
};

static char *strip_nl(char *s)
{
	size_t n = strlen(s);

	while (n && s[n - 1] == '\n')
		s[--n] = 0;
	return s;
}

/* The version's benchmarks, read from the state once per cover (the cover
 * and the template may both hold bench tokens). */
static GPtrArray *version_benches(const struct cover_input *in, GError **error)
{
	/* a cache, not a change of what the input says: hence the cast */
	struct cover_input *mut = (struct cover_input *)in;

	if (!in->benches && !bench_load_version(&mut->benches, in->s->state, in->version, error))
		return NULL;
	return in->benches;
}

/* A table of version k's results shown for a later version: a line
 * "  (measured on vK)" under its title (the first line, with the lines
 * that continue it, indented by four).  Takes `table`; caller owns. */
static char *mark_bench_table(char *table, int k)
{
	const char *p = strchr(table, '\n');
	GString *out;

	if (!p)
		p = table + strlen(table);
	else
		while (g_str_has_prefix(p + 1, "    ") && strchr(p + 1, '\n'))
			p = strchr(p + 1, '\n');
	out = g_string_new_len(table, p - table);
	g_string_append_printf(out, "\n  (measured on v%d)%s", k, p);
	g_free(table);
	return g_string_free(out, FALSE);
}

/* {{bench NAME}} when the version has no NAME: the latest earlier
 * version's, marked; NULL with the error naming what the version has when
 * no version has one. */
static char *bench_earlier(const struct cover_input *in, const char *name, gboolean plot,
			   GPtrArray *all, GError **error)
{
	struct bench *b;
	int k;
	char *t, *names;

	if (!bench_load_earlier(&b, &k, in->s->state, in->version, name, error))
		return NULL;
	if (b) {
		t = plot ? bench_plot(b, error) : bench_table(b, BENCH_TABLE_TEXT, BENCH_TABLE_WIDTH);
		bench_free(b);
		return t ? mark_bench_table(strip_nl(t), k) : NULL;
	}
	names = bench_names_list(all);
	qerr(error, QUILL_ERROR_INPUT, "no benchmark %s in v%d (there: %s)", name, in->version,
	     names);
	g_free(names);
	return NULL;
}

/* "NAME" or "NAME plot" of {{bench NAME plot}}: the name (caller owns)
 * and whether it asks for the plot; NULL when the words are not that. */
static char *bench_arg(const char *arg, gboolean *plot, GError **error)
{
	char **w = g_strsplit_set(arg, " \t", -1), *name = NULL;
	guint n = 0;

	for (char **p = w; *p; p++)	/* the words, the empty ones left out */
		if (**p)
			w[n++] = *p;
		else
			g_free(*p);
	w[n] = NULL;
	*plot = n == 2 && !strcmp(w[1], "plot");
	if (n == 1 || *plot)
		name = g_strdup(w[0]);
	else
		qerr(error, QUILL_ERROR_INPUT,
		     "names a benchmark: {{bench NAME}}, or its plot: {{bench NAME plot}}");
	g_strfreev(w);
	return name;
}

/* {{bench}}: the version's benchmarks that belong to the series as a whole;
 * {{bench NAME}}: that one, wherever it belongs, else an earlier
 * version's; {{bench NAME plot}}: its plot instead of its tables. */
static char *bench_token(const struct cover_input *in, const char *arg, GError **error)
{
	GPtrArray *all = version_benches(in, error), *pick;
	gboolean plot = FALSE;
	char *t, *name = NULL;

	if (!all || (arg && !(name = bench_arg(arg, &plot, error))))
		return NULL;
	pick = g_ptr_array_new();
	for (guint i = 0; i < all->len; i++) {
		struct bench *b = g_ptr_array_index(all, i);

		if (name ? !strcmp(b->name, name) : !b->patch)
			g_ptr_array_add(pick, b);
	}
	if (name && !pick->len)
		t = bench_earlier(in, name, plot, all, error);
	else
		t = plot ? bench_plots(pick, error) : bench_tables(pick, BENCH_TABLE_TEXT,
								   BENCH_TABLE_WIDTH);
	g_ptr_array_unref(pick);
	g_free(name);
	return t ? strip_nl(t) : NULL;
}

/* {{objsize NAME}}: the size diff attached to the version as NAME, else
 * the latest earlier version's, with a first line "(measured on vK)". */
static char *objsize_token(const struct cover_input *in, const char *arg, GError **error)
{
	char *path, *t, *marked;
	int k = 0;

	if (!arg) {
		qerr(error, QUILL_ERROR_INPUT, "names an attached size diff: {{objsize NAME}}");
		return NULL;
	}
	path = bench_state_path(in->version, arg);
	if (!state_get(in->s->state, path))
		k = objsize_earlier(in->s->state, in->version, arg);
	g_free(path);
	if (!(t = objsize_render(in->s->state, k ? k : in->version, arg, error)))
		return NULL;
	strip_nl(t);
	if (!k)
		return t;
	marked = g_strdup_printf("(measured on v%d)\n%s", k, t);
	g_free(t);
	return marked;
}

static char *lookup(const char *name, const char *arg, void *payload, GError **error)
{
	struct lookup_ctx *l = payload;
	const struct cover_input *in = l->in;

	if (!strcmp(name, "bench"))
		return bench_token(in, arg, error);
	if (!strcmp(name, "objsize"))
		return objsize_token(in, arg, error);
	if (arg)
		return NULL;
	if (!strcmp(name, "cover"))
		return l->cover_body ? g_strdup(l->cover_body) : NULL;
	if (!strcmp(name, "shortlog"))
		return strip_nl(commit_shortlog(in->patches));
	if (!strcmp(name, "diffstat")) {
		char *d = commit_range_diffstat(in->repo, &in->base, &in->tip, error);
		return d ? strip_nl(d) : NULL;
	}
	if (!strcmp(name, "changes"))
		return in->cmp ? range_changes_lines(in->cmp) : g_strdup("");
	if (!strcmp(name, "link")) {
		char *line = cover_link_line(series_get_version(in->s, in->version - 1), in->linkmask);
		return line ? line : g_strdup("");
	}
	if (!strcmp(name, "links")) {
		GString *all = g_string_new(NULL);

		for (int k = 1; k < in->version; k++) {
			char *line = cover_link_line(series_get_version(in->s, k), in->linkmask);

			if (line)
				g_string_append_printf(all, "%s%s", all->len ? "\n" : "", line);
			g_free(line);
		}
		return g_string_free(all, FALSE);
	}
	if (!strcmp(name, "range_diff")) {
		char *d, *out;

		if (!in->cmp || !in->cmp->pairs->len)
			return g_strdup("");
		if (!range_compare_load_diffs(in->cmp, error))
			return NULL;
		d = strip_nl(range_diff_text(in->cmp));
		out = g_strdup_printf("Range-diff against v%d:\n%s", in->cmp->old_version, d);
		g_free(d);
		return out;
	}
	if (!strcmp(name, "base_commit"))
		return g_strdup(git_oid_tostr_s(&in->base));
	if (!strcmp(name, "change_id"))
		return g_strdup(in->s->change_id);
	if (!strcmp(name, "prerequisites"))
		return cover_prerequisites(in->repo, in->s);
	if (!strcmp(name, "signature"))
		return g_strdup(in->sender ? in->sender : "");
	if (!strcmp(name, "name"))
		return g_strdup(in->s->name);
	if (!strcmp(name, "version"))
		return g_strdup_printf("%d", in->version);
	if (!strcmp(name, "subject") && l->subject)
		return g_strdup(l->subject);
	return NULL;
}

static gboolean blank_line(const char *p, gsize n)
{
	for (gsize i = 0; i < n; i++)
		if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r' && p[i] != '\n')
			return FALSE;
	return TRUE;
}

/* Drop '#' comment lines; ">#" at a line start is a literal '#'.  The blank
 * lines around a dropped block collapse into one (and go at the start), so
 * "text, blank, comments, blank, text" leaves one blank line, not two. */
static char *drop_comments(const char *text)
{
	GString *s = g_string_new(NULL);
	const char *p = text;
	gboolean dropped = FALSE;	/* a comment went since the last text line */

	while (*p) {
		const char *nl = strchr(p, '\n');
		gsize n = nl ? (gsize)(nl - p + 1) : strlen(p);

		if (*p == '#') {
			dropped = TRUE;
		} else if (blank_line(p, n)) {
			if (!(dropped && (s->len == 0 || g_str_has_suffix(s->str, "\n\n"))))
				g_string_append_len(s, p, n);
		} else {
			dropped = FALSE;
			if (p[0] == '>' && p[1] == '#')
				g_string_append_len(s, p + 1, n - 1);
			else
				g_string_append_len(s, p, n);
		}
		p += n;
	}
	return g_string_free(s, FALSE);
}

char *cover_fill(const struct cover_input *in, const char *cover_text, GError **error)
{
	struct lookup_ctx l = { in, NULL, NULL };
	char *text = drop_comments(cover_text);
	char *out = template_render(text, "cover", lookup, &l, error);

	g_free(text);
	return out;
}

void cover_split(const char *text, char **subject, char **body)
{
	const char *p = text, *nl;

	while (*p == '\n')
		p++;
	nl = strchr(p, '\n');
	*subject = g_strstrip(nl ? g_strndup(p, nl - p) : g_strdup(p));
	p = nl ? nl + 1 : p + strlen(p);
	while (*p == '\n')
		p++;
	*body = g_strdup(p);
}

gboolean cover_render(char **subject_out, char **body_out, const struct cover_input *in,
		      const char *cover_text, GError **error)
{
	char *filled, *body, *out;
	struct lookup_ctx l = { in, NULL, NULL };

	*subject_out = *body_out = NULL;
	if (!(filled = cover_fill(in, cover_text, error)))
		return FALSE;
	cover_split(filled, subject_out, &body);
	g_strchomp(body);
	l.cover_body = body;
	l.subject = *subject_out;
	out = template_render(in->template_text, in->template_name, lookup, &l, error);
	g_free(body);
	g_free(filled);
	if (!out) {
		g_free(*subject_out);
		*subject_out = NULL;
		return FALSE;
	}
	*body_out = out;
	return TRUE;
}

static gboolean is_changes_heading(const char *line, gsize n, int *ver)
{
	char buf[64];

	if (n >= sizeof buf)
		return FALSE;
	memcpy(buf, line, n);
	buf[n] = 0;
	g_strchomp(buf);
	return g_ascii_strncasecmp(buf, "Changes in v", 12) == 0 && sscanf(buf + 12, "%d:", ver) == 1 &&
	       buf[strlen(buf) - 1] == ':';
}

struct fix_ctx {
	const char *changes, *link;
};

/* {{changes}} and {{link}} get their values; every other token stays
 * (template_fill). */
static char *fix_lookup(const char *name, const char *arg, void *payload, GError **error)
{
	struct fix_ctx *f = payload;

	if (!arg && !strcmp(name, "changes"))
		return g_strdup(f->changes);
	if (!arg && !strcmp(name, "link"))
		return g_strdup(f->link);
	return NULL;
}

char *cover_next(const char *cover_text, int next, const char *changes, const char *link)
{
	struct fix_ctx f = { changes ? changes : "", link ? link : "" };
	/* the values are text (subjects, a Message-ID): escaped, so the next
	 * version renders them as they are */
	char *fixed2 = template_fill(cover_text, "cover", fix_lookup, &f, NULL);
	GString *out = g_string_new(NULL);
	GString *section = g_string_new(NULL);
	const char *p = fixed2;
	gboolean placed = FALSE;
	int ver;

	g_string_append_printf(section,
			       "Changes in v%d:\n- EDITME: what changed since v%d\n{{changes}}\n{{link}}\n\n",
			       next, next - 1);
	if (!fixed2) /* an unclosed "{{": keep the text as it is */
		p = fixed2 = g_strdup(cover_text);
	while (*p) {
		const char *nl = strchr(p, '\n');
		gsize n = nl ? (gsize)(nl - p + 1) : strlen(p);

		if (!placed && is_changes_heading(p, n, &ver)) {
			g_string_append(out, section->str);
			placed = TRUE;
		}
		g_string_append_len(out, p, n);
		p += n;
	}
	if (!placed) {
		while (out->len && (out->str[out->len - 1] == '\n' || out->str[out->len - 1] == ' '))
			g_string_truncate(out, out->len - 1);
		g_string_append(out, "\n\n---\n");
		g_string_append(out, section->str);
		g_string_truncate(out, out->len - 1);
	}
	g_string_free(section, TRUE);
	g_free(fixed2);
	return g_string_free(out, FALSE);
}

static gboolean editme_line(const char *p)
{
	return g_str_has_prefix(p, "- EDITME") || g_str_has_prefix(p, "EDITME");
}

/* `text` as changelog items: each line a "- " item unless it is one already
 * or continues one (starts with '-' or a space); blank lines dropped.  The
 * text is escaped: the cover renders it as it is, never as tokens. */
static void append_items(GString *out, const char *text)
{
	char *escaped = template_escape(text);
	char **lines = g_strsplit(escaped, "\n", -1);

	for (char **l = lines; *l; l++) {
		if (!**l || blank_line(*l, strlen(*l)))
			continue;
		g_string_append_printf(out, "%s%s\n", (**l == '-' || **l == ' ') ? "" : "- ", *l);
	}
	g_strfreev(lines);
	g_free(escaped);
}

char *cover_set_changes(const char *cover_text, int n, const char *text)
{
	GString *out = g_string_new(NULL);
	const char *p = cover_text;
	gboolean in_section = FALSE, placed = FALSE;
	int ver;

	while (*p) {
		const char *nl = strchr(p, '\n');
		gsize len = nl ? (gsize)(nl - p + 1) : strlen(p);

		if (in_section && blank_line(p, len))
			in_section = FALSE;
		if (!placed && !in_section && is_changes_heading(p, len, &ver) && ver == n) {
			gboolean editme = FALSE;

			/* the items replace the section's EDITME lines, else lead it */
			for (const char *q = p + len; *q && *q != '\n';) {
				const char *qn = strchr(q, '\n');
				gsize ql = qn ? (gsize)(qn - q + 1) : strlen(q);
				if (blank_line(q, ql))
					break;
				if (editme_line(q))
					editme = TRUE;
				q += ql;
			}
			g_string_append_len(out, p, len);
			if (!nl)
				g_string_append_c(out, '\n');
			if (!editme) {
				append_items(out, text);
				placed = TRUE;
			}
			in_section = TRUE;
			p += len;
			continue;
		}
		if (in_section && editme_line(p)) {
			if (!placed)
				append_items(out, text);
			placed = TRUE;
			p += len;
			continue;
		}
		g_string_append_len(out, p, len);
		p += len;
	}
	return g_string_free(out, FALSE);
}

char *cover_extract_changes(const char *body, int n)
{
	GString *out = g_string_new(NULL);
	const char *p = body;
	gboolean in_section = FALSE;
	int ver;

	while (*p) {
		const char *nl = strchr(p, '\n');
		gsize len = nl ? (gsize)(nl - p + 1) : strlen(p);

		if (in_section) {
			if (*p == '\n' || g_str_has_prefix(p, "---"))
				break;
			g_string_append_len(out, p, len);
		} else if (is_changes_heading(p, len, &ver) && ver == n) {
			in_section = TRUE;
		}
		p += len;
	}
	return g_string_free(out, FALSE);
}

gboolean cover_prepare(struct cover_input *in, git_repository *repo, const struct series *s,
		       int n, const struct resources *res, GError **error)
{
	return cover_prepare_with(in, repo, s, n, res, NULL, NULL, NULL, error);
}

gboolean cover_prepare_with(struct cover_input *in, git_repository *repo, const struct series *s,
			    int n, const struct resources *res, GPtrArray *patches,
			    const git_oid *base, const git_oid *tip, GError **error)
{
	char *path;

	memset(in, 0, sizeof *in);
	if (n == 0)
		n = s->version;
	in->repo = repo;
	in->s = s;
	in->version = n;
	if (patches) {
		in->patches = g_ptr_array_ref(patches);
		git_oid_cpy(&in->base, base);
		git_oid_cpy(&in->tip, tip);
	} else if (!series_load_patches(&in->patches, &in->base, &in->tip, repo, s,
					n == s->version ? 0 : n, COMMIT_WANT_DIFF,
					error)) {
		goto fail;
	}
	if (!(in->sender = ident_sender(repo, error)))
		goto fail;
	in->linkmask = config_linkmask(repo);
	if (n > 1 && !range_compare_with(&in->cmp, repo, s, n - 1, n == s->version ? 0 : n,
					 in->patches, &in->base, &in->tip, error))
		goto fail;
	path = config_get(repo, "quill.coverTemplate");
	if (path) {
		char *expanded = path[0] == '~' && path[1] == '/'
					 ? g_build_filename(g_get_home_dir(), path + 2, NULL)
					 : g_strdup(path);
		GError *e = NULL;
		if (!g_file_get_contents(expanded, &in->template_text, NULL, &e)) {
			qerr(error, QUILL_ERROR_INPUT, "quill.coverTemplate: %s", e->message);
			g_error_free(e);
			g_free(expanded);
			g_free(path);
			goto fail;
		}
		in->template_name = expanded;
		g_free(path);
	} else {
		in->template_name = g_strdup("templates/cover-letter.txt");
		if (!(in->template_text = resources_load_string(res, in->template_name, error)))
			goto fail;
	}
	return TRUE;
fail:
	cover_input_release(in);
	return FALSE;
}

void cover_input_release(struct cover_input *in)
{
	if (in->patches)
		g_ptr_array_unref(in->patches);
	g_free(in->sender);
	g_free(in->linkmask);
	range_compare_free(in->cmp);
	g_free(in->template_text);
	g_free(in->template_name);
	if (in->benches)
		g_ptr_array_unref(in->benches);
	memset(in, 0, sizeof *in);
}
