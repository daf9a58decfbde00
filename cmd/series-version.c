/* series-version.c - quill series new-version / list / show / diff. */
#include "cmd.h"
#include "core/date.h"
#include "git/commit.h"
#include "git/config.h"
#include "series/cover.h"
#include "series/freeze.h"
#include "core/error.h"
#include "series/rangediff.h"
#include "series/series.h"

#include <stdio.h>
#include <string.h>

/* ---- new-version ---- */

/* Take the <> off --msgid, in place; FALSE when it is no Message-ID. */
static gboolean msgid_clean(char *msgid)
{
	size_t l = strlen(msgid);

	if (msgid[0] == '<' && l > 2 && msgid[l - 1] == '>') {
		memmove(msgid, msgid + 1, l - 2);
		msgid[l - 2] = 0;
	}
	return *msgid && !strpbrk(msgid, "<> \t\r\n");
}

/* --dry-run: what would be frozen, as text (it has no JSON form). */
static void print_dry_run(const struct series *s, const struct series_freeze_result *r)
{
	printf("would freeze v%d of %s: %u patch%s on %.12s%s%s\n", r->version, s->name, r->patches,
	       r->patches == 1 ? "" : "es", git_oid_tostr_s(&r->base),
	       r->summary ? "; since the last version: " : "", r->summary ? r->summary : "");
	printf("the cover as it would be frozen:\n\n%s", r->cover);
	if (!g_str_has_suffix(r->cover, "\n"))
		putchar('\n');
}

static void frozen_view(struct ctx *ctx, const json_t *r)
{
	int n = (int)json_integer_value(json_object_get(r, "frozen"));
	int now = (int)json_integer_value(json_object_get(r, "version"));
	json_int_t patches = json_integer_value(json_object_get(r, "patches"));
	const char *changed = json_string_value(json_object_get(r, "changed"));

	(void)ctx;
	printf("froze v%d of %s: %" JSON_INTEGER_FORMAT " patch%s, tag %s\n", n,
	       json_string_value(json_object_get(r, "name")), patches, patches == 1 ? "" : "es",
	       json_string_value(json_object_get(r, "tag")));
	if (changed)
		printf("  since v%d: %s\n", n - 1, changed);
	printf("now at v%d: the cover has a 'Changes in v%d:' draft (quill series edit-cover)\n",
	       now, now);
}

int cmd_series_new_version(int argc, char **argv, struct ctx *ctx)
{
	char *changes = NULL, *msgid = NULL;
	gboolean dry_run = FALSE;
	GOptionEntry entries[] = {
		{ "message", 'm', 0, G_OPTION_ARG_STRING, &changes, "What changed in this version (replaces the EDITME draft)", "CHANGES" },
		{ "msgid", 0, 0, G_OPTION_ARG_STRING, &msgid, "The Message-ID the cover was sent with (mail sent by other means)", "MSGID" },
		{ "dry-run", 'n', 0, G_OPTION_ARG_NONE, &dry_run, "Show what would be frozen, and the cover; write nothing", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the frozen version as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	struct series_freeze_next_opts o = { 0 };
	struct series_freeze_result r = { 0 };
	const struct series_version *v;
	GError *e = NULL;
	char *tag;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]",
			   "Freezes the working version vN as it stands on the branch (base, tip,\n"
			   "patch-ids, the cover as rendered), tags it quill/NAME/vN and starts vN+1\n"
			   "with a 'Changes in vN+1:' draft in the cover.",
			   entries);

	if (rc >= 0 || (rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto out;
	if (msgid && !msgid_clean(msgid)) {
		rc = usage_error(ctx, "--msgid: '%s' is not a Message-ID", msgid);
		goto out;
	}
	o = (struct series_freeze_next_opts){ changes, msgid, dry_run, warn_print, NULL };
	if (!open_series(&s, ctx, argc > 1 ? argv[1] : NULL, &e) ||
	    !series_freeze_next(s, ctx->repo, ctx->res, &o, &r, &e)) {
		rc = fail(e);
		goto out;
	}
	rc = 0;
	if (dry_run) {
		print_dry_run(s, &r);
		goto out;
	}
	v = series_get_version(s, r.version);
	tag = series_tag_name(s->name, r.version);
	emit(ctx, json_pack("{s:s, s:i, s:s, s:s, s:s, s:i, s:i, s:o}", "name", s->name, "frozen",
			    r.version, "tag", tag, "base", v->base, "tip", v->tip, "patches",
			    (int)v->patches->len, "version", s->version, "changed",
			    json_str_or_null(r.summary)), frozen_view);
	g_free(tag);
out:
	series_freeze_result_clear(&r);
	series_free(s);
	g_free(changes);
	g_free(msgid);
	return rc;
}

/* ---- list ---- */

int cmd_series_list(int argc, char **argv, struct ctx *ctx)
{
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	GPtrArray *names, *rows = NULL;
	GError *e = NULL;
	json_t *arr = json_array();
	int rc = opt_parse(ctx, &argc, &argv, "", "Lists every series of the repository.", entries);

	if (rc >= 0)
		goto out;
	if (argc > 1) {
		rc = usage_error(ctx, "no arguments expected");
		goto out;
	}
	if (!(names = store_list(ctx->repo, &e))) {
		rc = fail(e);
		goto out;
	}
	rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
	for (guint i = 0; i < names->len; i++) {
		struct series *s;
		GPtrArray *patches = NULL;
		char *when;
		int count = -1;

		if (!series_load(&s, ctx->repo, g_ptr_array_index(names, i), &e)) {
			warn("%s", e->message);
			g_clear_error(&e);
			continue;
		}
		if (series_load_patches(&patches, NULL, NULL, ctx->repo, s, 0, 0, NULL))
			count = (int)patches->len;
		when = date_iso(state_time(s->state));
		if (json) {
			json_array_append_new(
				arr, json_pack("{s:s, s:i, s:s, s:o, s:o, s:s}", "name", s->name,
					       "version", s->version, "branch", s->branch, "base",
					       json_str_or_null(s->upstream), "patches",
					       count < 0 ? json_null() : json_integer(count),
					       "last_change", when));
		} else {
			char **row = g_new0(char *, 6);
			row[0] = g_strdup(s->name);
			row[1] = g_strdup_printf("v%d", s->version);
			row[2] = g_strdup(s->upstream ? s->upstream : "-");
			row[3] = count < 0 ? g_strdup("?") : g_strdup_printf("%d", count);
			row[4] = g_strdup(when);
			g_ptr_array_add(rows, row);
		}
		g_free(when);
		if (patches)
			g_ptr_array_unref(patches);
		series_free(s);
	}
	if (rows->len) {
		/* columns as wide as their widest entry (in characters) */
		static const char *const head[] = { "NAME", "VERSION", "BASE", "PATCHES", "LAST CHANGE" };
		int width[5];
		GString *line = g_string_new(NULL);

		for (int c = 0; c < 5; c++)
			width[c] = (int)g_utf8_strlen(head[c], -1);
		for (guint i = 0; i < rows->len; i++)
			for (int c = 0; c < 5; c++)
				width[c] = MAX(width[c], (int)g_utf8_strlen(((char **)g_ptr_array_index(rows, i))[c], -1));
		for (guint i = 0; i <= rows->len; i++) {
			const char *const *row = i ? g_ptr_array_index(rows, i - 1) : (const char *const *)head;
			g_string_truncate(line, 0);
			for (int c = 0; c < 5; c++) {
				int pad = width[c] - (int)g_utf8_strlen(row[c], -1);
				if (c == 3) /* the count is right-aligned */
					g_string_append_printf(line, "%*s%s", pad, "", row[c]);
				else
					g_string_append_printf(line, "%s%*s", row[c], c == 4 ? 0 : pad, "");
				if (c < 4)
					g_string_append(line, "  ");
			}
			printf("%s%s%s\n", i ? "" : color(ctx, "bold"), line->str, i ? "" : color(ctx, "reset"));
		}
		g_string_free(line, TRUE);
	}
	if (json)
		print_json(json_pack("{s:O}", "series", arr));
	else if (!names->len)
		printf("no series yet; start one with 'quill series new NAME'\n");
	g_ptr_array_unref(names);
	g_ptr_array_unref(rows);
	rc = 0;
out:
	json_decref(arr);
	return rc;
}

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

int cmd_series_show(int argc, char **argv, struct ctx *ctx)
{
	gboolean json = FALSE;
	int only = 0;
	GOptionEntry entries[] = {
		{ "version", 'v', 0, G_OPTION_ARG_INT, &only, "Show version N in detail", "N" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	GError *e = NULL;
	GPtrArray *working = NULL;
	git_oid wbase, wtip;
	gboolean have_working;
	json_t *versions = json_array(), *doc = NULL;
	int vwidth = 1, rwidth = 0, cwidth = 1;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]",
			   "Shows the series, its frozen versions and the working one.", entries);

	if (rc >= 0)
		goto out;
	if (argc > 2) {
		rc = usage_error(ctx, "too many arguments");
		goto out;
	}
	if (!open_series(&s, ctx, argc > 1 ? argv[1] : NULL, &e)) {
		rc = fail(e);
		goto out;
	}
	if (only && (only < 1 || only > s->version)) {
		rc = usage_error(ctx, "series %s has versions 1 to %d", s->name, s->version);
		goto out;
	}
	have_working = series_load_patches(&working, &wbase, &wtip, ctx->repo, s, 0,
					   only == s->version ? COMMIT_WANT_DIFF : 0, &e);
	if (!have_working) {
		warn("the working version: %s", e->message);
		g_clear_error(&e);
	}
	if (!json) {
		char *prefix = series_subject_prefix(s, s->version, 0, 0);
		printf("%sseries %s%s  v%d  change-id %s\n", color(ctx, "bold"), s->name,
		       color(ctx, "reset"), s->version, s->change_id);
		printf("  branch  %s, based on %s\n", s->branch, s->upstream ? s->upstream : "-");
		printf("  subject %s\n", prefix);
		if (s->to && *s->to) {
			char *j = g_strjoinv(", ", s->to);
			printf("  to      %s\n", j);
			g_free(j);
		}
		if (s->cc && *s->cc) {
			char *j = g_strjoinv(", ", s->cc);
			printf("  cc      %s\n", j);
			g_free(j);
		}
		if (s->list)
			printf("  list    %s\n", s->list);
		for (char **p = s->prereqs; p && *p; p++)
			printf("  needs   %s\n", *p);
		g_free(prefix);
		/* the table of versions: one row each, the columns as wide as
		 * their longest entry */
		putchar('\n');
		vwidth = g_snprintf(NULL, 0, "%d", s->version);
		rwidth = (int)g_utf8_strlen(s->branch, -1);
		cwidth = have_working ? g_snprintf(NULL, 0, "%u", working->len) : 1;
		for (guint i = 0; i < s->versions->len; i++) {
			const struct series_version *v = g_ptr_array_index(s->versions, i);
			char *tag = series_tag_name(s->name, v->number);
			rwidth = MAX(rwidth, (int)g_utf8_strlen(tag, -1));
			cwidth = MAX(cwidth, g_snprintf(NULL, 0, "%u", v->patches->len));
			g_free(tag);
		}
	}
	for (int n = 1; n <= s->version; n++) {
		struct series_version *v = series_get_version(s, n);
		struct range_compare *cmp = NULL;
		char *tag = v ? series_tag_name(s->name, n) : NULL, *sum = NULL;
		int count = v ? (int)v->patches->len : have_working ? (int)working->len : -1;

		if (n > 1 && (v || have_working) && range_compare(&cmp, ctx->repo, s, n - 1, v ? n : 0, NULL))
			sum = range_summary(cmp);
		if (json) {
			json_t *o = json_pack(
				"{s:i, s:o, s:o, s:o, s:o, s:o, s:b, s:b, s:o}", "version", n, "tag",
				json_str_or_null(tag), "date", json_str_or_null(v ? v->date : NULL),
				"base",
				v ? json_string(v->base)
				  : have_working ? json_string(git_oid_tostr_s(&wbase)) : json_null(),
				"tip",
				v ? json_string(v->tip)
				  : have_working ? json_string(git_oid_tostr_s(&wtip)) : json_null(),
				"patches", count < 0 ? json_null() : json_integer(count), "sent",
				v ? v->sent : FALSE, "frozen", v != NULL, "changed",
				json_str_or_null(sum));
			if (v && v->cover_msgid)
				json_object_set_new(o, "cover_msgid", json_string(v->cover_msgid));
			json_array_append_new(versions, o);
		} else {
			GString *row = g_string_new(NULL);
			char cnt[16];
			const char *ref = v ? tag : s->branch;

			g_snprintf(cnt, sizeof cnt, count < 0 ? "?" : "%d", count);
			g_string_append_printf(row, "  %sv%-*d%s  %-20s  %*s patch%s  %-4s  %s%*s  %s",
					       color(ctx, "bold"), vwidth, n, color(ctx, "reset"),
					       v ? v->date : "(working)", cwidth, cnt,
					       count == 1 ? "  " : "es", v && v->sent ? "sent" : "", ref,
					       rwidth - (int)g_utf8_strlen(ref, -1), "", sum ? sum : "");
			while (row->len && row->str[row->len - 1] == ' ')
				g_string_truncate(row, row->len - 1);
			puts(row->str);
			g_string_free(row, TRUE);
		}
		range_compare_free(cmp);
		g_free(sum);
		g_free(tag);
	}
	if (json) {
		doc = json_pack("{s:s, s:i, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:O}", "name",
				s->name, "version", s->version, "change_id", s->change_id, "branch",
				s->branch, "base", json_str_or_null(s->upstream), "prefixes",
				strv_json(s->prefixes), "to", strv_json(s->to), "cc", strv_json(s->cc),
				"list", json_str_or_null(s->list), "prerequisites",
				strv_json(s->prereqs), "versions", versions);
	}
	if (only) {
		struct series_version *v = series_get_version(s, only);
		if (json) {
			json_object_set_new(
				doc, "detail",
				json_pack("{s:i, s:o, s:o, s:o}", "version", only, "patches",
					  patches_json(v, working), "cover",
					  json_str_or_null(v ? v->cover : s->cover), "changes",
					  json_str_or_null(v ? v->changes : NULL)));
		} else {
			printf("\nv%d%s:\n", only, v ? "" : " (working)");
			if (v) {
				for (guint i = 0; i < v->patches->len; i++) {
					const struct series_patch *p = g_ptr_array_index(v->patches, i);
					char *c = short_oid(p->commit);
					printf("  %2u/%u %s %s\n", i + 1, v->patches->len, c, p->subject);
					g_free(c);
				}
				if (*v->changes)
					printf("\nchanges:\n%s", v->changes);
				printf("\ncover (as frozen):\n%s", v->cover);
			} else {
				for (guint i = 0; have_working && i < working->len; i++) {
					const struct commit_patch *p = g_ptr_array_index(working, i);
					printf("  %2u/%u %.12s %s\n", i + 1, working->len,
					       git_oid_tostr_s(&p->oid), p->subject);
				}
				printf("\ncover (working):\n%s", s->cover);
			}
		}
	}
	if (json)
		print_json(doc);
	rc = 0;
out:
	json_decref(versions);
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

int cmd_series_diff(int argc, char **argv, struct ctx *ctx)
{
	gboolean json = FALSE, summary_only = FALSE;
	GOptionEntry entries[] = {
		{ "summary", 's', 0, G_OPTION_ARG_NONE, &summary_only, "Only the pairing, no diffs", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	struct range_compare *c = NULL;
	GError *e = NULL;
	const char *name = NULL;
	int vers[2], nv = 0, va, vb, width;
	char ob[GIT_OID_HEXSZ + 1], ot[GIT_OID_HEXSZ + 1], nb[GIT_OID_HEXSZ + 1], nt[GIT_OID_HEXSZ + 1];
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
	if (nv == 0) {
		if (s->version < 2) {
			rc = usage_error(ctx, "series %s has no frozen version to compare with", s->name);
			goto out;
		}
		va = s->version - 1;
		vb = s->version;
	} else if (nv == 1) {
		va = vers[0];
		vb = s->version;
	} else {
		va = vers[0];
		vb = vers[1];
	}
	if (va < 1 || va > s->version || vb < 1 || vb > s->version) {
		rc = usage_error(ctx, "series %s has versions 1 to %d (v%d is the working one)", s->name,
				 s->version, s->version);
		goto out;
	}
	if (!range_compare(&c, ctx->repo, s, va == s->version ? 0 : va, vb == s->version ? 0 : vb,
			   &e)) {
		rc = fail(e);
		goto out;
	}
	if (json) {
		json_t *pairs = json_array(), *counts = json_object();
		for (guint i = 0; i < c->pairs->len; i++) {
			const struct pair *p = &g_array_index(c->pairs, struct pair, i);
			const struct commit_patch *o = p->old_index >= 0 ? g_ptr_array_index(c->old, p->old_index) : NULL;
			const struct commit_patch *n = p->new_index >= 0 ? g_ptr_array_index(c->new_, p->new_index) : NULL;
			json_array_append_new(
				pairs,
				json_pack("{s:o, s:o, s:s, s:o, s:o, s:s}", "old",
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
		print_json(json_pack("{s:s, s:{s:i, s:s, s:s, s:b}, s:{s:i, s:s, s:s, s:b}, s:o, s:o}",
				     "name", s->name, "from", "version", va, "base", ob, "tip", ot,
				     "working", va == s->version, "to", "version", vb, "base", nb,
				     "tip", nt, "working", vb == s->version, "pairs", pairs, "counts",
				     counts));
	} else {
		char *sum = range_summary(c);
		width = g_snprintf(NULL, 0, "%u", MAX(c->old->len, c->new_->len));
		for (guint i = 0; i < c->pairs->len; i++) {
			const struct pair *p = &g_array_index(c->pairs, struct pair, i);
			const struct commit_patch *o = p->old_index >= 0 ? g_ptr_array_index(c->old, p->old_index) : NULL;
			const struct commit_patch *n = p->new_index >= 0 ? g_ptr_array_index(c->new_, p->new_index) : NULL;
			char ol[16], nl[16];
			const char *col = p->kind == PAIR_UNCHANGED ? "" : p->kind == PAIR_ADDED ? "green"
					  : p->kind == PAIR_DROPPED ? "red" : "yellow";

			if (o)
				g_snprintf(ol, sizeof ol, "%*d", width, p->old_index + 1);
			else
				g_snprintf(ol, sizeof ol, "%*s", width, "-");
			if (n)
				g_snprintf(nl, sizeof nl, "%*d", width, p->new_index + 1);
			else
				g_snprintf(nl, sizeof nl, "%*s", width, "-");
			git_oid_tostr(ob, 13, o ? &o->oid : &c->old_tip);
			git_oid_tostr(nb, 13, n ? &n->oid : &c->new_tip);
			printf("%s%s:  %s %c %s:  %s %s%s%s\n", color(ctx, col), ol,
			       o ? ob : "------------", range_mark(p->kind), nl,
			       n ? nb : "------------", n ? n->subject : o->subject,
			       p->kind == PAIR_MESSAGE ? " (message only)" : "", color(ctx, "reset"));
			if (!summary_only && (p->kind == PAIR_CHANGED || p->kind == PAIR_MESSAGE)) {
				char *d = range_pair_diff(c, p);
				fputs(d, stdout);
				g_free(d);
			}
		}
		printf("v%d%s -> v%d%s: %s\n", va, va == s->version ? " (working)" : "", vb,
		       vb == s->version ? " (working)" : "", sum);
		g_free(sum);
	}
	rc = 0;
out:
	range_compare_free(c);
	series_free(s);
	return rc;
}
