/* series-version.c - quill series new-version / list. */
#include "cmd.h"
#include "core/date.h"
#include "review/next.h"
#include "series/freeze.h"
#include "series/series.h"

#include <stdio.h>
#include <string.h>

/* ---- new-version ---- */

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

/* The review of the version the working one answers: its open items, one
 * line each on stderr (never blocking), its addressed ones into the
 * changelog draft, its promises into the new version's review.  A review
 * that cannot be read is a warning. */
struct review_next *review_into_next(struct series *s)
{
	struct review_next *n = NULL;
	GError *e = NULL;

	if (!review_next_prepare(s, &n, &e)) {
		warn("the review is left out: %s", e->message);
		g_error_free(e);
		return NULL;
	}
	for (guint i = 0; i < n->open->len; i++) {
		const struct review_item *it = g_ptr_array_index(n->open, i);
		char *line = g_strdup_printf("quill: still open on v%d %d/%u: %s %s from %s", n->from,
					     it->patch, n->total, it->id, review_kind_name(it->kind),
					     it->author ? it->author : "unknown");
		char *esc = out_escape(line);

		fprintf(stderr, "%s\n", esc);
		g_free(esc);
		g_free(line);
	}
	review_next_apply(s, n);
	return n;
}

/* After the freeze: the notes of carried promises (a failure is a warning). */
void review_after_freeze(struct ctx *ctx, struct series *s, const struct review_next *n)
{
	GError *e = NULL;

	if (n && n->n_carried && !review_notes_write(ctx->repo, s, &e)) {
		warn("the review notes are not written (the next review command retries): %s",
		     e->message);
		g_error_free(e);
	}
}

static void frozen_view(struct ctx *ctx, const json_t *r)
{
	int n = jint(r, "frozen"), now = jint(r, "version"), patches = jint(r, "patches");
	const char *changed = jstr(r, "changed");

	(void)ctx;
	printf("froze v%d of %s: %d patch%s, tag %s\n", n, jstr(r, "name"), patches,
	       patches == 1 ? "" : "es", jstr(r, "tag"));
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
	struct review_next *rn = NULL;
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
	o = (struct series_freeze_next_opts){ .changes = changes, .cover_msgid = msgid,
					      .dry_run = dry_run, .warn = warn_print };
	if (!open_series(&s, ctx, argc > 1 ? argv[1] : NULL, &e)) {
		rc = fail(e);
		goto out;
	}
	rn = review_into_next(s);
	if (!series_freeze_next(s, ctx->repo, ctx->res, &o, &r, &e)) {
		rc = fail(e);
		goto out;
	}
	rc = 0;
	if (dry_run) {
		print_dry_run(s, &r);
		goto out;
	}
	review_after_freeze(ctx, s, rn);
	v = series_get_version(s, r.version);
	tag = series_tag_name(s->name, r.version);
	emit(ctx, json_pack("{s:s, s:i, s:s, s:s, s:s, s:i, s:i, s:o}", "name", s->name, "frozen",
			    r.version, "tag", tag, "base", v->base, "tip", v->tip, "patches",
			    (int)v->patches->len, "version", s->version, "changed",
			    json_str_or_null(r.summary)), frozen_view);
	g_free(tag);
out:
	review_next_free(rn);
	series_freeze_result_clear(&r);
	series_free(s);
	g_free(changes);
	g_free(msgid);
	return rc;
}

/* ---- list ---- */

/* One series of the list (NULL when it cannot be read: a warning). */
static json_t *list_row(struct ctx *ctx, const char *name)
{
	struct series *s;
	GPtrArray *patches = NULL;
	GError *e = NULL;
	char *when;
	json_t *row;

	if (!series_load(&s, ctx->repo, name, &e)) {
		warn("%s", e->message);
		g_error_free(e);
		return NULL;
	}
	series_load_patches(&patches, NULL, NULL, ctx->repo, s, 0, 0, NULL);
	when = date_iso(state_time(s->state));
	row = json_pack("{s:s, s:i, s:s, s:o, s:o, s:s}", "name", s->name, "version", s->version,
			"branch", s->branch, "base", json_str_or_null(s->upstream), "patches",
			patches ? json_integer(patches->len) : json_null(), "last_change", when);
	g_free(when);
	if (patches)
		g_ptr_array_unref(patches);
	series_free(s);
	return row;
}

/* The cells of a row of the table: NAME VERSION BASE PATCHES LAST CHANGE. */
static void list_cells(const json_t *row, char *cell[5])
{
	const json_t *base = json_object_get(row, "base"), *count = json_object_get(row, "patches");

	cell[0] = g_strdup(jstr(row, "name"));
	cell[1] = g_strdup_printf("v%d", jint(row, "version"));
	cell[2] = g_strdup(json_is_string(base) ? json_string_value(base) : "-");
	cell[3] = json_is_integer(count) ? g_strdup_printf("%d", (int)json_integer_value(count))
					 : g_strdup("?");
	cell[4] = g_strdup(jstr(row, "last_change"));
}

/* The table, columns as wide as their widest entry (in characters). */
static void list_view(struct ctx *ctx, const json_t *report)
{
	static const char *const head[] = { "NAME", "VERSION", "BASE", "PATCHES", "LAST CHANGE" };
	const json_t *series = json_object_get(report, "series");
	size_t rows = json_array_size(series);
	char **cells = g_new0(char *, rows * 5 + 1);
	int width[5];
	GString *line = g_string_new(NULL);

	if (!rows)
		printf("no series yet; start one with 'quill series new NAME'\n");
	for (int c = 0; c < 5; c++)
		width[c] = (int)g_utf8_strlen(head[c], -1);
	for (size_t i = 0; i < rows; i++) {
		list_cells(json_array_get(series, i), cells + 5 * i);
		for (int c = 0; c < 5; c++)
			width[c] = MAX(width[c], (int)g_utf8_strlen(cells[5 * i + c], -1));
	}
	for (size_t i = 0; rows && i <= rows; i++) {
		const char *const *row = i ? (const char *const *)cells + 5 * (i - 1) : head;
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
	g_strfreev(cells);
	g_string_free(line, TRUE);
}

int cmd_series_list(int argc, char **argv, struct ctx *ctx)
{
	GOptionEntry entries[] = {
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	GPtrArray *names;
	GError *e = NULL;
	json_t *rows;
	int rc = opt_parse(ctx, &argc, &argv, "", "Lists every series of the repository.", entries);

	if (rc >= 0)
		return rc;
	if (argc > 1)
		return usage_error(ctx, "no arguments expected");
	if (!(names = store_list(ctx->repo, &e)))
		return fail(e);
	rows = json_array();
	for (guint i = 0; i < names->len; i++) {
		json_t *row = list_row(ctx, g_ptr_array_index(names, i));
		if (row)
			json_array_append_new(rows, row);
	}
	if (names->len && !json_array_size(rows) && !ctx->json)
		json_decref(rows);	/* none could be read: the warnings said why */
	else
		emit(ctx, json_pack("{s:o}", "series", rows), list_view);
	g_ptr_array_unref(names);
	return 0;
}
