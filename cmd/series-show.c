/* series-show.c - quill series show / diff: a series, its versions, and
 * two versions compared. */
#include "cmd.h"
#include "git/commit.h"
#include "series/rangediff.h"
#include "series/series.h"

#include <stdio.h>
#include <string.h>

/* ---- show ---- */

static json_t *patches_json(const struct series_version *v, GPtrArray *cps)
{
	json_t *a = json_array();

	if (v) {
		for (guint i = 0; i < v->patches->len; i++) {
			const struct series_patch *p = g_ptr_array_index(v->patches, i);
			json_array_append_new(
				a, json_pack("{s:i, s:s, s:o, s:s, s:o, s:o}", "index", i + 1, "commit",
					     p->commit, "patch_id", json_str_or_null(p->patch_id),
					     "subject", p->subject, "author",
					     json_str_or_null(p->author), "msgid",
					     json_str_or_null(p->msgid)));
		}
	} else {
		for (guint i = 0; cps && i < cps->len; i++) {
			const struct commit_patch *p = g_ptr_array_index(cps, i);
			char *author = g_strdup_printf("%s <%s>", p->author_name, p->author_email);
			json_array_append_new(
				a, json_pack("{s:i, s:s, s:s, s:s, s:s, s:n}", "index", i + 1, "commit",
					     git_oid_tostr_s(&p->oid), "patch_id", p->patch_id,
					     "subject", p->subject, "author", author, "msgid"));
			g_free(author);
		}
	}
	return a;
}

/* One row of the table of versions: frozen version n, or the working one. */
static json_t *version_json(struct ctx *ctx, const struct series *s, int n, GPtrArray *working,
			    const git_oid *wbase, const git_oid *wtip)
{
	struct series_version *v = series_get_version(s, n);
	struct range_compare *cmp = NULL;
	char *tag = v ? series_tag_name(s->name, n) : NULL, *sum = NULL;
	int count = v ? (int)v->patches->len : working ? (int)working->len : -1;
	json_t *o;

	if (n > 1 && (v || working) && range_compare(&cmp, ctx->repo, s, n - 1, v ? n : 0, NULL))
		sum = range_summary(cmp);
	o = json_pack("{s:i, s:o, s:o, s:o, s:o, s:o, s:b, s:b, s:o}", "version", n, "tag",
		      json_str_or_null(tag), "date", json_str_or_null(v ? v->date : NULL), "base",
		      v ? json_string(v->base)
			: working ? json_string(git_oid_tostr_s(wbase)) : json_null(),
		      "tip",
		      v ? json_string(v->tip)
			: working ? json_string(git_oid_tostr_s(wtip)) : json_null(),
		      "patches", count < 0 ? json_null() : json_integer(count), "sent",
		      v ? v->sent : FALSE, "frozen", v != NULL, "changed", json_str_or_null(sum));
	if (v && v->cover_msgid)
		json_object_set_new(o, "cover_msgid", json_string(v->cover_msgid));
	range_compare_free(cmp);
	g_free(sum);
	g_free(tag);
	return o;
}

/* The report of series show: the series, its versions and, for --version N,
 * that one's patches and cover.  `working`: the working version's patches,
 * or NULL when they cannot be read. */
static json_t *show_json(struct ctx *ctx, const struct series *s, int only, GPtrArray *working,
			 const git_oid *wbase, const git_oid *wtip)
{
	json_t *versions = json_array(), *doc;

	for (int n = 1; n <= s->version; n++)
		json_array_append_new(versions, version_json(ctx, s, n, working, wbase, wtip));
	doc = json_pack("{s:s, s:i, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "name", s->name,
			"version", s->version, "change_id", s->change_id, "branch", s->branch,
			"base", json_str_or_null(s->upstream), "prefixes", strv_json(s->prefixes),
			"to", strv_json(s->to), "cc", strv_json(s->cc), "list",
			json_str_or_null(s->list), "prerequisites", strv_json(s->prereqs),
			"versions", versions);
	if (only) {
		struct series_version *v = series_get_version(s, only);
		json_object_set_new(doc, "detail",
				    json_pack("{s:i, s:o, s:o, s:o}", "version", only, "patches",
					      patches_json(v, working), "cover",
					      json_str_or_null(v ? v->cover : s->cover), "changes",
					      json_str_or_null(v ? v->changes : NULL)));
	}
	return doc;
}

/* A JSON array of strings as a NULL-terminated vector (caller owns). */
static char **json_strv(const json_t *a)
{
	char **v = g_new0(char *, json_array_size(a) + 1);
	size_t i;
	json_t *x;

	json_array_foreach(a, i, x)
		v[i] = g_strdup(json_string_value(x));
	return v;
}

/* What the state holds, for a line of text: every control character
 * escaped (out_escape), so a value cannot break the line or reach the
 * terminal.  "" for NULL.  Lines of their own carry no escapes: pass them
 * to print_text. */
static const char *esc(GPtrArray *keep, const char *s)
{
	char *e = out_escape(s ? s : "");

	g_ptr_array_add(keep, e);
	return e;
}

/* A text of many lines (a cover, changes) with its newlines and tabs kept
 * and every other control character escaped. */
static void print_text(const char *s)
{
	GString *out = g_string_new(NULL);
	const char *p = s;

	while (*p) {
		size_t n = strcspn(p, "\n\t");
		char *piece = g_strndup(p, n);

		out_append_escaped(out, piece);
		g_free(piece);
		p += n;
		if (*p)
			g_string_append_c(out, *p++);
	}
	fputs(out->str, stdout);
	g_string_free(out, TRUE);
}

/* "  to      a, b" for a list that is not empty. */
static void print_list(const char *label, const json_t *a)
{
	char **v = json_strv(a), *j, *e;

	if (*v) {
		j = g_strjoinv(", ", v);
		e = out_escape(j);
		printf("  %-7s %s\n", label, e);
		g_free(e);
		g_free(j);
	}
	g_strfreev(v);
}

static void show_head(struct ctx *ctx, const json_t *d)
{
	struct series as_sent = { 0 };	/* what the subject prefix is made of */
	GPtrArray *keep = g_ptr_array_new_with_free_func(g_free);
	const json_t *p;
	char *prefix;
	size_t i;

	as_sent.prefixes = json_strv(json_object_get(d, "prefixes"));
	prefix = series_subject_prefix(&as_sent, jint(d, "version"), 0, 0);
	printf("%sseries %s%s  v%d  change-id %s\n", color(ctx, "bold"), esc(keep, jstr(d, "name")),
	       color(ctx, "reset"), jint(d, "version"), esc(keep, jstr(d, "change_id")));
	printf("  branch  %s, based on %s\n", esc(keep, jstr(d, "branch")),
	       jstr(d, "base") ? esc(keep, jstr(d, "base")) : "-");
	printf("  subject %s\n", esc(keep, prefix));
	print_list("to", json_object_get(d, "to"));
	print_list("cc", json_object_get(d, "cc"));
	if (jstr(d, "list"))
		printf("  list    %s\n", esc(keep, jstr(d, "list")));
	json_array_foreach(json_object_get(d, "prerequisites"), i, p)
		printf("  needs   %s\n", esc(keep, json_string_value(p)));
	g_strfreev(as_sent.prefixes);
	g_free(prefix);
	g_ptr_array_unref(keep);
}

/* The table of versions: one row each, the columns as wide as their
 * longest entry. */
static void show_versions(struct ctx *ctx, const json_t *d)
{
	const json_t *versions = json_object_get(d, "versions"), *v;
	GPtrArray *keep = g_ptr_array_new_with_free_func(g_free);
	const char *branch = esc(keep, jstr(d, "branch"));
	int vwidth = g_snprintf(NULL, 0, "%d", jint(d, "version"));
	int rwidth = (int)g_utf8_strlen(branch, -1), cwidth = 1;
	GString *row = g_string_new(NULL);
	size_t i;

	json_array_foreach(versions, i, v) {
		if (jstr(v, "tag"))
			rwidth = MAX(rwidth, (int)g_utf8_strlen(esc(keep, jstr(v, "tag")), -1));
		if (json_is_integer(json_object_get(v, "patches")))
			cwidth = MAX(cwidth, g_snprintf(NULL, 0, "%d", jint(v, "patches")));
	}
	json_array_foreach(versions, i, v) {
		gboolean frozen = json_is_true(json_object_get(v, "frozen"));
		gboolean known = json_is_integer(json_object_get(v, "patches"));
		const char *ref = frozen ? esc(keep, jstr(v, "tag")) : branch;
		const char *sum = jstr(v, "changed");
		char cnt[16];

		g_snprintf(cnt, sizeof cnt, known ? "%d" : "?", jint(v, "patches"));
		g_string_printf(row, "  %sv%-*d%s  %-20s  %*s patch%s  %-4s  %s%*s  %s",
				color(ctx, "bold"), vwidth, jint(v, "version"), color(ctx, "reset"),
				frozen ? esc(keep, jstr(v, "date")) : "(working)", cwidth, cnt,
				known && jint(v, "patches") == 1 ? "  " : "es",
				json_is_true(json_object_get(v, "sent")) ? "sent" : "", ref,
				rwidth - (int)g_utf8_strlen(ref, -1), "", sum ? esc(keep, sum) : "");
		while (row->len && row->str[row->len - 1] == ' ')
			g_string_truncate(row, row->len - 1);
		puts(row->str);
	}
	g_string_free(row, TRUE);
	g_ptr_array_unref(keep);
}

/* --version N: its patches, its changes and its cover. */
static void show_detail(const json_t *d, const json_t *detail)
{
	int n = jint(detail, "version");
	const json_t *patches = json_object_get(detail, "patches"), *p;
	gboolean frozen = json_is_true(json_object_get(json_array_get(json_object_get(d, "versions"),
								      n - 1), "frozen"));
	const char *changes = jstr(detail, "changes");
	GPtrArray *keep = g_ptr_array_new_with_free_func(g_free);
	size_t i;

	printf("\nv%d%s:\n", n, frozen ? "" : " (working)");
	json_array_foreach(patches, i, p)
		printf("  %2u/%u %.12s %s\n", (unsigned)i + 1, (unsigned)json_array_size(patches),
		       esc(keep, jstr(p, "commit")), esc(keep, jstr(p, "subject")));
	if (frozen && *changes) {
		printf("\nchanges:\n");
		print_text(changes);
	}
	printf("\ncover (%s):\n", frozen ? "as frozen" : "working");
	print_text(jstr(detail, "cover") ? jstr(detail, "cover") : "");
	g_ptr_array_unref(keep);
}

static void show_view(struct ctx *ctx, const json_t *d)
{
	const json_t *detail = json_object_get(d, "detail");

	show_head(ctx, d);
	putchar('\n');
	show_versions(ctx, d);
	if (detail)
		show_detail(d, detail);
}

int cmd_series_show(int argc, char **argv, struct ctx *ctx)
{
	int only = 0;
	GOptionEntry entries[] = {
		{ "version", 'v', 0, G_OPTION_ARG_INT, &only, "Show version N in detail", "N" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	GError *e = NULL;
	GPtrArray *working = NULL;
	git_oid wbase, wtip;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]",
			   "Shows the series, its frozen versions and the working one.", entries);

	if (rc >= 0 || (rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto out;
	if (!open_series(&s, ctx, argc > 1 ? argv[1] : NULL, &e)) {
		rc = fail(e);
		goto out;
	}
	if (only && (only < 1 || only > s->version)) {
		char *has = series_versions_phrase(s, FALSE);
		rc = usage_error(ctx, "series %s has %s", s->name, has);
		g_free(has);
		goto out;
	}
	if (!series_load_patches(&working, &wbase, &wtip, ctx->repo, s, 0,
				 only == s->version ? COMMIT_WANT_DIFF : 0, &e)) {
		warn("the working version: %s", e->message);
		g_clear_error(&e);
	}
	emit(ctx, show_json(ctx, s, only, working, &wbase, &wtip), show_view);
	rc = 0;
out:
	if (working)
		g_ptr_array_unref(working);
	series_free(s);
	return rc;
}

/* ---- diff ---- */

static gboolean parse_version(const char *arg, int *out)
{
	const char *p = arg[0] == 'v' ? arg + 1 : arg;
	char *end;
	long v;

	if (!g_ascii_isdigit(*p))
		return FALSE;
	v = strtol(p, &end, 10);
	if (*end || v < 1 || v > 100000)
		return FALSE;
	*out = (int)v;
	return TRUE;
}

/* The report of series diff: the two versions and the pairs. */
static json_t *diff_json(const struct series *s, int va, int vb, const struct range_compare *c)
{
	json_t *pairs = json_array(), *counts = json_object();
	char ob[GIT_OID_HEXSZ + 1], ot[GIT_OID_HEXSZ + 1], nb[GIT_OID_HEXSZ + 1], nt[GIT_OID_HEXSZ + 1];

	for (guint i = 0; i < c->pairs->len; i++) {
		const struct pair *p = &g_array_index(c->pairs, struct pair, i);
		const struct commit_patch *o = p->old_index >= 0 ? g_ptr_array_index(c->old, p->old_index) : NULL;
		const struct commit_patch *n = p->new_index >= 0 ? g_ptr_array_index(c->new_, p->new_index) : NULL;
		json_array_append_new(
			pairs, json_pack("{s:o, s:o, s:s, s:o, s:o, s:s}", "old",
					 o ? json_integer(p->old_index + 1) : json_null(), "new",
					 n ? json_integer(p->new_index + 1) : json_null(), "status",
					 pair_kind_name(p->kind), "old_commit",
					 o ? json_string(git_oid_tostr_s(&o->oid)) : json_null(),
					 "new_commit",
					 n ? json_string(git_oid_tostr_s(&n->oid)) : json_null(),
					 "subject", n ? n->subject : o->subject));
	}
	for (int k = PAIR_UNCHANGED; k <= PAIR_DROPPED; k++)
		json_object_set_new(counts, pair_kind_name(k), json_integer(c->counts[k]));
	/* one buffer each: git_oid_tostr_s() returns the same static one */
	git_oid_tostr(ob, sizeof ob, &c->old_base);
	git_oid_tostr(ot, sizeof ot, &c->old_tip);
	git_oid_tostr(nb, sizeof nb, &c->new_base);
	git_oid_tostr(nt, sizeof nt, &c->new_tip);
	return json_pack("{s:s, s:{s:i, s:s, s:s, s:b}, s:{s:i, s:s, s:s, s:b}, s:o, s:o}", "name",
			 s->name, "from", "version", va, "base", ob, "tip", ot, "working",
			 va == s->version, "to", "version", vb, "base", nb, "tip", nt, "working",
			 vb == s->version, "pairs", pairs, "counts", counts);
}

static enum pair_kind pair_kind_of(const char *name)
{
	for (int k = PAIR_UNCHANGED; k <= PAIR_DROPPED; k++)
		if (!strcmp(pair_kind_name(k), name))
			return k;
	return PAIR_CHANGED;
}

/* The comparison series diff reports, while its text view runs: the
 * patches it read, with their diffs (borrowed; NULL otherwise). */
static const struct range_compare *diff_shown;

/* Pair `p` of the comparison shown when it is the pair of those two
 * commits (the view reads the report; the report is of this comparison). */
static const struct pair *shown_pair(const json_t *p, const char *old_hex, const char *new_hex)
{
	const struct range_compare *c = diff_shown;
	int oi = jint(p, "old") - 1, ni = jint(p, "new") - 1;

	for (guint i = 0; c && i < c->pairs->len; i++) {
		const struct pair *q = &g_array_index(c->pairs, struct pair, i);
		const struct commit_patch *o, *n;

		if (q->old_index != oi || q->new_index != ni || oi < 0 || ni < 0)
			continue;
		o = g_ptr_array_index(c->old, oi);
		n = g_ptr_array_index(c->new_, ni);
		if (!strcmp(git_oid_tostr_s(&o->oid), old_hex) &&
		    !strcmp(git_oid_tostr_s(&n->oid), new_hex))
			return q;
	}
	return NULL;
}

/* The diff between the two commits of a pair, as range_pair_diff shows it
 * ("" when one cannot be read; caller owns). */
static char *pair_diff(struct ctx *ctx, const json_t *pj, const char *old_hex,
		       const char *new_hex, enum pair_kind kind)
{
	struct range_compare one = { 0 };
	struct pair p = { 0, 0, kind };
	const struct pair *q = shown_pair(pj, old_hex, new_hex);
	struct commit_patch *o = NULL, *n = NULL;
	git_oid oo, no;
	char *d;

	if (q && q->kind == kind)
		return range_pair_diff(diff_shown, q);
	if (git_oid_fromstr(&oo, old_hex) < 0 || git_oid_fromstr(&no, new_hex) < 0 ||
	    !commit_patch_load(&o, ctx->repo, &oo, COMMIT_WANT_DIFF, NULL) ||
	    !commit_patch_load(&n, ctx->repo, &no, COMMIT_WANT_DIFF, NULL)) {
		commit_patch_free(o);
		return g_strdup("");
	}
	/* a comparison of just this pair */
	one.old = g_ptr_array_new_with_free_func((GDestroyNotify)commit_patch_free);
	one.new_ = g_ptr_array_new_with_free_func((GDestroyNotify)commit_patch_free);
	g_ptr_array_add(one.old, o);
	g_ptr_array_add(one.new_, n);
	d = range_pair_diff(&one, &p);
	g_ptr_array_unref(one.old);
	g_ptr_array_unref(one.new_);
	return d;
}

/* "  1:  <12 hex>" for one side of a pair, or its dashes. */
static void pair_side(char *buf, size_t size, int width, const json_t *index, const char *hex)
{
	if (json_is_integer(index))
		g_snprintf(buf, size, "%*d:  %.12s", width, (int)json_integer_value(index), hex);
	else
		g_snprintf(buf, size, "%*s:  ------------", width, "-");
}

static void diff_text(struct ctx *ctx, const json_t *d, gboolean with_diffs)
{
	const json_t *pairs = json_object_get(d, "pairs"), *counts = json_object_get(d, "counts");
	const json_t *from = json_object_get(d, "from"), *to = json_object_get(d, "to"), *p;
	struct range_compare sum = { 0 };
	int width, most = 0;
	char *summary;
	size_t i;

	json_array_foreach(pairs, i, p)
		most = MAX(most, MAX(jint(p, "old"), jint(p, "new")));
	width = g_snprintf(NULL, 0, "%d", most);
	json_array_foreach(pairs, i, p) {
		enum pair_kind kind = pair_kind_of(jstr(p, "status"));
		const char *col = kind == PAIR_UNCHANGED ? "" : kind == PAIR_ADDED ? "green"
				  : kind == PAIR_DROPPED ? "red" : "yellow";
		char ol[64], nl[64];

		pair_side(ol, sizeof ol, width, json_object_get(p, "old"), jstr(p, "old_commit"));
		pair_side(nl, sizeof nl, width, json_object_get(p, "new"), jstr(p, "new_commit"));
		printf("%s%s %c %s %s%s%s\n", color(ctx, col), ol, range_mark(kind), nl,
		       jstr(p, "subject"), kind == PAIR_MESSAGE ? " (message only)" : "",
		       color(ctx, "reset"));
		if (with_diffs && (kind == PAIR_CHANGED || kind == PAIR_MESSAGE)) {
			char *text = pair_diff(ctx, p, jstr(p, "old_commit"), jstr(p, "new_commit"),
					       kind);
			fputs(text, stdout);
			g_free(text);
		}
	}
	for (int k = PAIR_UNCHANGED; k <= PAIR_DROPPED; k++)
		sum.counts[k] = jint(counts, pair_kind_name(k));
	summary = range_summary(&sum);
	printf("v%d%s -> v%d%s: %s\n", jint(from, "version"),
	       json_is_true(json_object_get(from, "working")) ? " (working)" : "", jint(to, "version"),
	       json_is_true(json_object_get(to, "working")) ? " (working)" : "", summary);
	g_free(summary);
}

static void diff_view(struct ctx *ctx, const json_t *d)
{
	diff_text(ctx, d, TRUE);
}

/* --summary: the pairing only */
static void diff_summary_view(struct ctx *ctx, const json_t *d)
{
	diff_text(ctx, d, FALSE);
}

/* The versions to compare: none given, the last frozen one and the working
 * one; one, that one and the working one. */
static int diff_versions(struct ctx *ctx, const struct series *s, const int *vers, int nv,
			 int *va, int *vb)
{
	if (nv == 0 && s->version < 2)
		return usage_error(ctx, "series %s has no frozen version to compare with", s->name);
	*va = nv == 0 ? s->version - 1 : vers[0];
	*vb = nv == 2 ? vers[1] : s->version;
	if (*va < 1 || *va > s->version || *vb < 1 || *vb > s->version) {
		char *has = series_versions_phrase(s, TRUE);
		int rc = usage_error(ctx, "series %s has %s", s->name, has);
		g_free(has);
		return rc;
	}
	return -1;
}

int cmd_series_diff(int argc, char **argv, struct ctx *ctx)
{
	gboolean summary_only = FALSE;
	GOptionEntry entries[] = {
		{ "summary", 's', 0, G_OPTION_ARG_NONE, &summary_only, "Only the pairing, no diffs", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	struct range_compare *c = NULL;
	GError *e = NULL;
	const char *name = NULL;
	int vers[2], nv = 0, va = 0, vb = 0;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME] [vA [vB]]",
			   "Compares two versions patch by patch (stable patch-id, then the least\n"
			   "costly pairing, as git range-diff does).  Without versions: the last\n"
			   "frozen one against the working branch; with one: that one against it.",
			   entries);

	if (rc >= 0)
		goto out;
	for (int i = 1; i < argc; i++) {
		int v;
		if (nv < 2 && parse_version(argv[i], &v))
			vers[nv++] = v;
		else if (!name && nv == 0 && i == 1)
			name = argv[i];
		else {
			rc = usage_error(ctx, "unexpected argument '%s'", argv[i]);
			goto out;
		}
	}
	if (!open_series(&s, ctx, name, &e)) {
		rc = fail(e);
		goto out;
	}
	if ((rc = diff_versions(ctx, s, vers, nv, &va, &vb)) >= 0)
		goto out;
	if (!range_compare(&c, ctx->repo, s, va == s->version ? 0 : va, vb == s->version ? 0 : vb,
			   &e)) {
		rc = fail(e);
		goto out;
	}
	if (!ctx->json && !summary_only && !range_compare_load_diffs(c, &e)) {
		rc = fail(e);
		goto out;
	}
	diff_shown = c;
	emit(ctx, diff_json(s, va, vb, c), summary_only ? diff_summary_view : diff_view);
	diff_shown = NULL;
	rc = 0;
out:
	range_compare_free(c);
	series_free(s);
	return rc;
}
