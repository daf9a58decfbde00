/* review-show.c - quill review show / resolve / reopen: the review items of
 * a series (vN/review.json) and their status. */
#include "cmd.h"
#include "core/error.h"
#include "review/review.h"
#include "review/store.h"
#include "series/series.h"

#include <stdio.h>
#include <string.h>

/* ---- show ---- */

static gint by_patch(gconstpointer a, gconstpointer b)
{
	const struct review_item *x = *(const struct review_item *const *)a;
	const struct review_item *y = *(const struct review_item *const *)b;

	return (x->patch > y->patch) - (x->patch < y->patch);
}

/* "vN P/T subject" for the heading of a group (caller owns). */
static char *group_head(const struct series *s, int version, int patch)
{
	const struct series_version *v = series_get_version(s, version);
	const char *subject = NULL;
	char *cover_subject = NULL, *out;

	if (!v)
		return g_strdup_printf("v%d %d", version, patch);
	if (patch == 0 && v->cover) {
		const char *nl = strchr(v->cover, '\n');
		subject = cover_subject = nl ? g_strndup(v->cover, nl - v->cover) : g_strdup(v->cover);
	} else if (patch >= 1 && (guint)patch <= v->patches->len) {
		subject = ((const struct series_patch *)g_ptr_array_index(v->patches, patch - 1))->subject;
	}
	out = g_strdup_printf("v%d %d/%u%s%s", version, patch, v->patches->len, subject ? " " : "",
			      subject ? subject : "");
	g_free(cover_subject);
	return out;
}

/* The items of versions from..to (open ones only with open_only), grouped
 * by version and patch; in text, "heads" names each group. */
static gboolean show_report(struct ctx *ctx, const struct series *s, int from, int to,
			    gboolean open_only, json_t **out, GError **error)
{
	json_t *items = json_array(), *heads = json_object();

	for (int n = from; n <= to; n++) {
		struct review_version *rv;

		if (!review_store_read(s, n, &rv, error)) {
			json_decref(items);
			json_decref(heads);
			return FALSE;
		}
		g_ptr_array_sort(rv->items, by_patch);	/* stable: thread order stays */
		for (guint i = 0; i < rv->items->len; i++) {
			const struct review_item *it = g_ptr_array_index(rv->items, i);
			char *key = g_strdup_printf("%d/%d", n, it->patch);

			if (!open_only || it->status == REVIEW_OPEN) {
				json_t *o = review_item_json(it);
				json_object_set_new(o, "version", json_integer(n));
				json_array_append_new(items, o);
				if (!json_object_get(heads, key)) {
					char *head = group_head(s, n, it->patch);
					json_object_set_new(heads, key, json_string(head));
					g_free(head);
				}
			}
			g_free(key);
		}
		review_version_free(rv);
	}
	*out = json_pack("{s:o}", "items", items);
	if (!ctx->json)
		json_object_set_new(*out, "heads", heads);
	else
		json_decref(heads);
	return TRUE;
}

/* At most three lines of the item's own words, indented. */
static void print_words(const char *text)
{
	char **lines = g_strsplit(text ? text : "", "\n", -1);
	int shown = 0;

	for (char **l = lines; *l; l++) {
		char *e;
		if (!shown && !**l)
			continue;
		if (shown == 3) {
			printf("    [...]\n");
			break;
		}
		e = out_escape(*l);
		printf("    %s\n", e);
		g_free(e);
		shown++;
	}
	g_strfreev(lines);
}

static void show_item(struct ctx *ctx, const json_t *it)
{
	const char *status = jstr(it, "status");
	char *author = out_escape(jstr(it, "author") ? jstr(it, "author") : "unknown");
	char *link = out_escape(jstr(it, "link")), *note = out_escape(jstr(it, "note"));

	printf("  %s  %s  %s%s%s  %s\n", jstr(it, "id"), jstr(it, "kind"),
	       color(ctx, strcmp(status, "open") ? "green" : "yellow"), status,
	       color(ctx, "reset"), author);
	print_words(jstr(it, "text"));
	if (link)
		printf("    %s\n", link);
	if (note)
		printf("    note: %s\n", note);
	g_free(author);
	g_free(link);
	g_free(note);
}

static void show_view(struct ctx *ctx, const json_t *report)
{
	const json_t *items = json_object_get(report, "items");
	const json_t *heads = json_object_get(report, "heads");
	int last_v = -1, last_p = -1;
	size_t i;
	json_t *it;

	if (!json_array_size(items))
		printf("no review items\n");
	json_array_foreach(items, i, it) {
		int v = jint(it, "version"), p = jint(it, "patch");
		if (v != last_v || p != last_p) {
			char *key = g_strdup_printf("%d/%d", v, p);
			char *head = out_escape(jstr(heads, key));
			printf("%s%s%s%s\n", i ? "\n" : "", color(ctx, "bold"), head,
			       color(ctx, "reset"));
			g_free(head);
			g_free(key);
			last_v = v;
			last_p = p;
		}
		show_item(ctx, it);
	}
}

int cmd_review_show(int argc, char **argv, struct ctx *ctx)
{
	int version = 0;
	gboolean open_only = FALSE;
	GOptionEntry entries[] = {
		{ "version", 0, 0, G_OPTION_ARG_INT, &version, "Only version N (default: every version)", "N" },
		{ "open", 0, 0, G_OPTION_ARG_NONE, &open_only, "Only the items still open", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print {\"items\":[...]} as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	GError *e = NULL;
	json_t *report;
	int from, to, rc = opt_parse(ctx, &argc, &argv, "[NAME]",
				     "Shows the review items of the series (quill review pull fetches\n"
				     "them), grouped by version and patch (0 is the cover): id, kind,\n"
				     "status, author, the reply's own words and a link.",
				     entries);

	if (rc >= 0 || (rc = opt_max_operands(ctx, argc, 1)) >= 0)
		return rc;
	if (!open_series(&s, ctx, argc > 1 ? argv[1] : NULL, &e))
		return fail(e);
	from = 1;
	to = s->version;
	if (version && (rc = version_arg(ctx, s, &version)) < 0)
		from = to = version;
	if (rc >= 0)
		goto out;
	if (!show_report(ctx, s, from, to, open_only, &report, &e)) {
		rc = fail(e);
		goto out;
	}
	emit(ctx, report, show_view);
	rc = 0;
out:
	series_free(s);
	return rc;
}

/* ---- resolve, reopen ---- */

/* Set the status (and the note, when not NULL) of item `id` in s's state;
 * the item as it is now goes to `done`, and {"id", "status"} to `changed`
 * when its status or note changed (once per item). */
static gboolean set_one(struct series *s, const char *id, enum review_status status,
			const char *note, json_t *done, json_t *changed, GError **error)
{
	struct review_version *rv;
	struct review_item *it;
	gboolean differs;
	int version;
	guint index;

	if (!review_store_find(s, id, &version, &index, error) ||
	    !review_store_read(s, version, &rv, error))
		return FALSE;
	it = g_ptr_array_index(rv->items, index);
	differs = it->status != status || (note && g_strcmp0(it->note, note));
	it->status = status;
	if (note) {
		g_free(it->note);
		it->note = g_strdup(note);
	}
	review_store_set(s, rv);
	json_array_append_new(done, review_item_json(it));
	if (differs)
		json_array_append_new(changed, json_pack("{s:s, s:s}", "id", it->id, "status",
							 review_status_name(status)));
	review_version_free(rv);
	return TRUE;
}

static void status_view(struct ctx *ctx, const json_t *report)
{
	size_t i;
	json_t *it;

	json_array_foreach(json_object_get(report, "items"), i, it) {
		char *author = out_escape(jstr(it, "author") ? jstr(it, "author") : "unknown");
		char *where = jint(it, "patch") ? g_strdup_printf("patch %d", jint(it, "patch"))
						: g_strdup("the cover");
		printf("%s: %s (v%d %s, %s from %s)\n", jstr(it, "id"), jstr(it, "status"),
		       jint(it, "version"), where, jstr(it, "kind"), author);
		g_free(where);
		g_free(author);
	}
}

/* Every id of argv to `status` in one state commit, then the notes. */
static int set_status(struct ctx *ctx, int argc, char **argv, enum review_status status,
		      const char *note)
{
	struct series *s = NULL;
	GError *e = NULL;
	json_t *done = json_array(), *changed = json_array();
	GString *msg = g_string_new(status == REVIEW_OPEN ? "review reopen:" : "review resolve:");
	int rc = 0;

	if (argc < 2) {
		rc = usage_error(ctx, "which review items? give their ids");
		goto out;
	}
	if (!open_series(&s, ctx, NULL, &e)) {
		rc = fail(e);
		goto out;
	}
	for (int i = 1; i < argc; i++) {
		if (!set_one(s, argv[i], status, note, done, changed, &e)) {
			rc = fail(e);
			goto out;
		}
		g_string_append_printf(msg, " %s", jstr(json_array_get(done, i - 1), "id"));
	}
	if (!series_save(s, ctx->repo, msg->str, NULL, 0, &e)) {
		rc = fail(e);
		goto out;
	}
	if (!review_notes_write(ctx->repo, s, &e)) {
		warn("the review notes are not written (the next review command retries): %s",
		     e->message);
		g_clear_error(&e);
	}
	if (ctx->json)
		emit(ctx, json_pack("{s:O}", "changed", changed), NULL);
	else
		emit(ctx, json_pack("{s:O}", "items", done), status_view);
out:
	json_decref(changed);
	json_decref(done);
	g_string_free(msg, TRUE);
	series_free(s);
	return rc;
}

int cmd_review_resolve(int argc, char **argv, struct ctx *ctx)
{
	gboolean wontfix = FALSE;
	char *note = NULL;
	GOptionEntry entries[] = {
		{ "wontfix", 0, 0, G_OPTION_ARG_NONE, &wontfix, "Mark them wontfix instead of addressed", NULL },
		{ "message", 'm', 0, G_OPTION_ARG_STRING, &note, "A note kept with each item", "NOTE" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print what changed as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	int rc = opt_parse(ctx, &argc, &argv, "ID...",
			   "Marks review items of the current series addressed (or wontfix), by\n"
			   "id or a unique prefix of at least 4 hex digits: one state commit,\n"
			   "then the notes on refs/notes/quill.  An id that names no item is\n"
			   "exit 2.  --json prints {\"changed\":[{\"id\", \"status\"}]}: the items\n"
			   "whose status or note changed (none when all were so already).",
			   entries);

	if (rc < 0)
		rc = set_status(ctx, argc, argv, wontfix ? REVIEW_WONTFIX : REVIEW_ADDRESSED, note);
	g_free(note);
	return rc;
}

int cmd_review_reopen(int argc, char **argv, struct ctx *ctx)
{
	GOptionEntry entries[] = {
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print what changed as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	int rc = opt_parse(ctx, &argc, &argv, "ID...",
			   "Marks review items of the current series open again (their note is\n"
			   "kept).  --json prints {\"changed\":[{\"id\", \"status\"}]}: the items\n"
			   "that were not open.",
			   entries);

	return rc < 0 ? set_status(ctx, argc, argv, REVIEW_OPEN, NULL) : rc;
}
