/* series-sync.c - quill series push / fetch: series state, tags and notes
 * between repositories (lib/sync.h). */
#include "cmd.h"
#include "core/error.h"
#include "series/store.h"
#include "series/sync.h"

#include <stdio.h>
#include <string.h>

static const char exit_help[] =
	"Exit status: 0 everything went (or was up to date); 1 something was refused:\n"
	"a series rejected or diverged, a tag that differs; 2 bad usage: REMOTE is no\n"
	"configured remote, path or URL (that is a mistake in the command line, not a\n"
	"failure of the remote), or NAME is no series; 4 the remote could not be reached\n"
	"or the transfer failed, or a local update lost a race.";

/* The word for what happened to a ref, as text and in JSON. */
static const char *state_word(const struct sync_report *r, const struct sync_item *it,
			      gboolean tag)
{
	switch (it->state) {
	case SYNC_UP_TO_DATE: return "up-to-date";
	case SYNC_NEW:
		if (r->push)
			return r->dry_run ? "would-push" : "pushed";
		return tag ? "created" : "adopted";
	case SYNC_FAST_FORWARD:
		if (r->push)
			return r->dry_run ? "would-push" : "pushed";
		return "fast-forward";
	case SYNC_AHEAD: return "ahead";
	case SYNC_REJECTED: return "rejected";
	case SYNC_DIVERGED: return "diverged";
	case SYNC_CONFLICT: return "conflict";
	case SYNC_FAILED: return "failed";
	}
	return "?";
}

static gboolean is_problem(const struct sync_item *it)
{
	return it->state == SYNC_REJECTED || it->state == SYNC_DIVERGED ||
	       it->state == SYNC_CONFLICT || it->state == SYNC_FAILED;
}

static char *branch_hint(const struct sync_report *r, const struct sync_item *it)
{
	return g_strdup_printf("branch %s missing locally: git fetch %s %s:%s", it->branch,
			       r->remote, it->branch, it->branch);
}

static json_t *item_json(const struct sync_report *r, const struct sync_item *it, gboolean tag)
{
	json_t *o = json_pack("{s:s, s:s, s:o, s:o, s:o}", tag ? "tag" : "name", it->name,
			      "status", state_word(r, it, tag), "local", json_str_or_null(it->local),
			      "remote", json_str_or_null(it->remote), "message",
			      json_str_or_null(it->note));

	if (!tag && r->push && (it->state == SYNC_NEW || it->state == SYNC_FAST_FORWARD))
		json_object_set_new(o, "new", json_boolean(it->state == SYNC_NEW));
	if (!tag && it != r->notes)
		json_object_set_new(o, "tags", json_integer(it->tags));
	if (it->branch) {
		char *hint = branch_hint(r, it);
		json_object_set_new(o, "branch_missing", json_string(it->branch));
		json_object_set_new(o, "hint", json_string(hint));
		g_free(hint);
	}
	return o;
}

static void print_report_json(const struct sync_report *r)
{
	json_t *series = json_array(), *tags = json_array();

	for (guint i = 0; i < r->series->len; i++)
		json_array_append_new(series, item_json(r, g_ptr_array_index(r->series, i), FALSE));
	for (guint i = 0; i < r->tags->len; i++)
		json_array_append_new(tags, item_json(r, g_ptr_array_index(r->tags, i), TRUE));
	print_json(json_pack("{s:s, s:s, s:s, s:s, s:b, s:o, s:o, s:o, s:i}", "direction",
			     r->push ? "push" : "fetch", "remote", r->remote, "url", r->url,
			     "tracking", r->track, "dry_run", r->dry_run, "series", series, "tags",
			     tags, "notes", r->notes ? item_json(r, r->notes, FALSE) : json_null(),
			     "status", sync_report_status(r)));
}

/* One line per series (and notes); problems go to stderr. */
static void print_item(struct ctx *ctx, const struct sync_report *r, const struct sync_item *it,
		       const char *what)
{
	const char *word = state_word(r, it, FALSE);
	GString *extra = g_string_new(NULL);

	if (is_problem(it)) {
		fprintf(stderr, "quill: %s: %s%s%s%s\n", what,
			it->state == SYNC_DIVERGED ? "diverged from " : "",
			it->state == SYNC_DIVERGED ? r->remote : "",
			it->state == SYNC_DIVERGED ? ": " : "", it->note ? it->note : word);
		g_string_free(extra, TRUE);
		return;
	}
	if (r->push && (it->state == SYNC_NEW || it->state == SYNC_FAST_FORWARD))
		g_string_append(extra, it->state == SYNC_NEW ? "new" : "fast-forward");
	if (it->tags)
		g_string_append_printf(extra, "%s%u tag%s %s", extra->len ? ", " : "", it->tags,
				       it->tags == 1 ? "" : "s",
				       r->push ? (r->dry_run ? "to push" : "pushed") : "created");
	if (it->state == SYNC_AHEAD)
		g_string_append_printf(extra, "%syours has changes %s lacks: quill series push %s",
				       extra->len ? ", " : "", r->remote, r->remote);
	printf("%s: %s%s%s", what, it->state == SYNC_UP_TO_DATE ? "" : color(ctx, "green"),
	       !strcmp(word, "up-to-date") ? "up to date"
	       : !strcmp(word, "would-push") ? "would push" : word, color(ctx, "reset"));
	if (extra->len)
		printf(" (%s)", extra->str);
	putchar('\n');
	if (it->note)
		printf("  note: %s\n", it->note);
	if (it->branch) {
		char *hint = branch_hint(r, it);
		printf("  note: %s\n", hint);
		g_free(hint);
	}
	g_string_free(extra, TRUE);
}

static void print_report(struct ctx *ctx, const struct sync_report *r)
{
	guint moved = 0;

	printf("%s %s%s%s%s\n", r->push ? (r->dry_run ? "would push to" : "pushing to") : "fetched from",
	       r->remote, strcmp(r->remote, r->url) ? " (" : "", strcmp(r->remote, r->url) ? r->url : "",
	       strcmp(r->remote, r->url) ? ")" : "");
	for (guint i = 0; i < r->series->len; i++) {
		const struct sync_item *it = g_ptr_array_index(r->series, i);
		char *what = g_strdup_printf("series %s", it->name);
		print_item(ctx, r, it, what);
		if (it->state != SYNC_UP_TO_DATE || it->tags)
			moved++;
		g_free(what);
	}
	for (guint i = 0; i < r->tags->len; i++) {
		const struct sync_item *it = g_ptr_array_index(r->tags, i);
		char *slash = strchr(it->name + strlen("quill/"), '/');
		gboolean counted = FALSE;

		/* tags that moved with their series are counted there */
		for (guint k = 0; slash && !is_problem(it) && k < r->series->len; k++) {
			const struct sync_item *s = g_ptr_array_index(r->series, k);
			if (strlen(s->name) == (size_t)(slash - it->name - 6) &&
			    !strncmp(s->name, it->name + 6, strlen(s->name)))
				counted = TRUE;
		}
		if (counted)
			continue;
		if (is_problem(it))
			fprintf(stderr, "quill: tag %s: %s\n", it->name, it->note ? it->note : "");
		else
			printf("tag %s: %s\n", it->name, state_word(r, it, TRUE));
		moved++;
	}
	if (r->notes) {
		print_item(ctx, r, r->notes, "notes");
		if (r->notes->state != SYNC_UP_TO_DATE)
			moved++;
	}
	if (!r->series->len && !r->notes && !r->tags->len)
		printf("no series %s\n", r->push ? "to push" : "on the remote");
	else if (!moved)
		printf("everything is up to date\n");
}

static int finish(struct ctx *ctx, struct sync_report *r, gboolean json)
{
	int rc = sync_report_status(r);

	if (json)
		print_report_json(r);
	else
		print_report(ctx, r);
	sync_report_free(r);
	return rc;
}

/* A remote that names nothing but is a series' name: say how to push it. */
static int remote_fail(struct ctx *ctx, GError *e, const char *given)
{
	if (qerr_class(e) == QUILL_ERROR_USAGE && given && g_str_has_prefix(e->message, "no remote") &&
	    !strcmp(ctx->name, "series push") && store_name_valid(given)) {
		char *ref = store_ref_name(given);
		git_oid oid;
		if (git_reference_name_to_id(&oid, ctx->repo, ref) == 0) {
			char *m = g_strdup_printf("%s (to push series %s: quill series push REMOTE %s)",
						  e->message, given, given);
			g_free(e->message);
			e->message = m;
		}
		g_free(ref);
	}
	return fail(e);
}

int cmd_series_push(int argc, char **argv, struct ctx *ctx)
{
	gboolean json = FALSE, dry_run = FALSE;
	GOptionEntry entries[] = {
		{ "dry-run", 'n', 0, G_OPTION_ARG_NONE, &dry_run, "Say what would be pushed; push nothing", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the outcome as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct sync_opts o = { 0 };
	struct sync_report *r;
	GError *e = NULL;
	char *desc = g_strdup_printf(
		"Pushes refs/quill/series/NAME (every series, or the NAMEs given), its tags\n"
		"refs/tags/quill/NAME/* and refs/notes/quill, which 'git push' leaves behind.\n"
		"REMOTE is a remote's name, a path or a URL; default: quill.remote, else origin.\n"
		"Never forced: a series whose state on the remote is not an ancestor of yours\n"
		"is rejected ('fetch first') and the others still go.\n\n%s", exit_help);
	int rc = opt_parse(ctx, &argc, &argv, "[REMOTE] [NAME...]", desc, entries);

	g_free(desc);
	if (rc >= 0)
		return rc;
	o.remote = argc > 1 ? argv[1] : NULL;
	o.names = argc > 2 ? (const char *const *)argv + 2 : NULL;
	o.dry_run = dry_run;
	if (!sync_push(&r, ctx->repo, &o, &e))
		return remote_fail(ctx, e, o.remote);
	return finish(ctx, r, json);
}

int cmd_series_fetch(int argc, char **argv, struct ctx *ctx)
{
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the outcome as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct sync_opts o = { 0 };
	struct sync_report *r;
	GError *e = NULL;
	char *desc = g_strdup_printf(
		"Fetches the remote's series into refs/quill-remote/REMOTE/series/*, its notes\n"
		"into refs/quill-remote/REMOTE/notes/quill and its tags (only the missing ones\n"
		"are created; one that differs is reported and kept).  Then each series is\n"
		"adopted if it is new here, fast-forwarded if yours is an ancestor of theirs,\n"
		"and reported, never overwritten, if both changed.  A series' patch branch is\n"
		"not fetched: a missing one is named with the git command that fetches it.\n"
		"REMOTE is a remote's name, a path or a URL; default: quill.remote, else origin.\n\n%s",
		exit_help);
	int rc = opt_parse(ctx, &argc, &argv, "[REMOTE]", desc, entries);

	g_free(desc);
	if (rc >= 0)
		return rc;
	if (argc > 2)
		return usage_error(ctx, "too many arguments (fetch takes one REMOTE)");
	o.remote = argc > 1 ? argv[1] : NULL;
	if (!sync_fetch(&r, ctx->repo, &o, &e))
		return remote_fail(ctx, e, o.remote);
	return finish(ctx, r, json);
}
