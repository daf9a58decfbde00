/* series-sync.c - quill series push / fetch: series state, tags and notes
 * between repositories (lib/sync.h). */
#include "cmd.h"
#include "core/error.h"
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
	if (it->branch && it->branch_from) {
		json_object_set_new(o, "branch_created", json_string(it->branch));
		json_object_set_new(o, "branch_from", json_string(it->branch_from));
	} else if (it->branch) {
		char *hint = g_strdup_printf("branch %s missing locally: git fetch %s %s:%s",
					     it->branch, r->remote, it->branch, it->branch);
		json_object_set_new(o, "branch_missing", json_string(it->branch));
		json_object_set_new(o, "hint", json_string(hint));
		g_free(hint);
	}
	return o;
}

/* The report: what happened to each series, tag and the notes. */
static json_t *report_json(const struct sync_report *r)
{
	json_t *series = json_array(), *tags = json_array();

	for (guint i = 0; i < r->series->len; i++)
		json_array_append_new(series, item_json(r, g_ptr_array_index(r->series, i), FALSE));
	for (guint i = 0; i < r->tags->len; i++)
		json_array_append_new(tags, item_json(r, g_ptr_array_index(r->tags, i), TRUE));
	return json_pack("{s:s, s:s, s:s, s:s, s:b, s:o, s:o, s:o, s:i}", "direction",
			 r->push ? "push" : "fetch", "remote", r->remote, "url", r->url, "tracking",
			 r->track, "dry_run", r->dry_run, "series", series, "tags", tags, "notes",
			 r->notes ? item_json(r, r->notes, FALSE) : json_null(), "status",
			 sync_report_status(r));
}

/* ---- the text view of the report ---- */

static gboolean is_problem(const json_t *it)
{
	const char *w = jstr(it, "status");

	return !strcmp(w, "rejected") || !strcmp(w, "diverged") || !strcmp(w, "conflict") ||
	       !strcmp(w, "failed");
}

/* A problem is said as an error is (the exit status is the report's). */
static int problem_class(const json_t *it)
{
	return !strcmp(jstr(it, "status"), "failed") ? QUILL_ERROR_OUTSIDE : QUILL_ERROR_NEGATIVE;
}

/* One line per series (and notes); problems go to stderr. */
static void print_item(struct ctx *ctx, const json_t *report, const json_t *it, const char *what)
{
	const char *word = jstr(it, "status"), *note = jstr(it, "message");
	const char *remote = jstr(report, "remote");
	gboolean push = !strcmp(jstr(report, "direction"), "push");
	gboolean dry_run = json_is_true(json_object_get(report, "dry_run"));
	gboolean diverged = !strcmp(word, "diverged");
	json_t *is_new = json_object_get(it, "new");
	int tags = jint(it, "tags");
	GString *extra;

	if (is_problem(it)) {
		failf(problem_class(it), "%s: %s%s%s%s", what, diverged ? "diverged from " : "",
		      diverged ? remote : "", diverged ? ": " : "", note ? note : word);
		return;
	}
	extra = g_string_new(NULL);
	if (is_new)
		g_string_append(extra, json_is_true(is_new) ? "new" : "fast-forward");
	if (tags)
		g_string_append_printf(extra, "%s%d tag%s %s",
				       extra->len ? ", " : "", tags, tags == 1 ? "" : "s",
				       push ? (dry_run ? "to push" : "pushed") : "created");
	if (!strcmp(word, "ahead"))
		g_string_append_printf(extra, "%syours has changes %s lacks: quill series push %s",
				       extra->len ? ", " : "", remote, remote);
	printf("%s: %s%s%s", what, !strcmp(word, "up-to-date") ? "" : color(ctx, "green"),
	       !strcmp(word, "up-to-date") ? "up to date"
	       : !strcmp(word, "would-push") ? "would push" : word, color(ctx, "reset"));
	if (extra->len)
		printf(" (%s)", extra->str);
	putchar('\n');
	if (note)
		printf("  note: %s\n", note);
	if (jstr(it, "hint"))
		printf("  note: %s\n", jstr(it, "hint"));
	if (jstr(it, "branch_created"))
		printf("  note: branch %s created from %s\n", jstr(it, "branch_created"),
		       jstr(it, "branch_from"));
	g_string_free(extra, TRUE);
}

/* A tag that moved with its series is counted there. */
static gboolean moved_with_series(const json_t *series, const json_t *tag)
{
	const char *name = jstr(tag, "tag") + strlen("quill/"), *slash = strchr(name, '/');
	size_t i;
	json_t *s;

	if (!slash || is_problem(tag))
		return FALSE;
	json_array_foreach(series, i, s) {
		const char *sn = jstr(s, "name");
		if (strlen(sn) == (size_t)(slash - name) && !strncmp(sn, name, strlen(sn)))
			return TRUE;
	}
	return FALSE;
}

static void sync_view(struct ctx *ctx, const json_t *report)
{
	const char *remote = jstr(report, "remote"), *url = jstr(report, "url");
	const json_t *series = json_object_get(report, "series"), *tags = json_object_get(report, "tags");
	const json_t *notes = json_object_get(report, "notes"), *it;
	gboolean push = !strcmp(jstr(report, "direction"), "push"), other = strcmp(remote, url);
	guint moved = 0;
	size_t i;

	printf("%s %s%s%s%s\n",
	       push ? (json_is_true(json_object_get(report, "dry_run")) ? "would push to" : "pushing to")
		    : "fetched from",
	       remote, other ? " (" : "", other ? url : "", other ? ")" : "");
	json_array_foreach(series, i, it) {
		char *what = g_strdup_printf("series %s", jstr(it, "name"));
		print_item(ctx, report, it, what);
		if (strcmp(jstr(it, "status"), "up-to-date") || jint(it, "tags") ||
		    jstr(it, "branch_created"))
			moved++;
		g_free(what);
	}
	json_array_foreach(tags, i, it) {
		if (moved_with_series(series, it))
			continue;
		if (is_problem(it))
			failf(problem_class(it), "tag %s: %s", jstr(it, "tag"),
			      jstr(it, "message") ? jstr(it, "message") : "");
		else
			printf("tag %s: %s\n", jstr(it, "tag"), jstr(it, "status"));
		moved++;
	}
	if (!json_is_null(notes)) {
		print_item(ctx, report, notes, "notes");
		if (strcmp(jstr(notes, "status"), "up-to-date"))
			moved++;
	}
	if (!json_array_size(series) && json_is_null(notes) && !json_array_size(tags))
		printf("no series %s\n", push ? "to push" : "on the remote");
	else if (!moved)
		printf("everything is up to date\n");
}

/* Show the report; the exit status is the report's (sync_report_status). */
static int finish(struct ctx *ctx, struct sync_report *r)
{
	int rc = sync_report_status(r);

	emit(ctx, report_json(r), sync_view);
	sync_report_free(r);
	return rc;
}

/* opt_parse with the description `text` followed by the exit statuses. */
static int sync_parse(struct ctx *ctx, int *argc, char ***argv, const char *params,
		      const char *text, const GOptionEntry *entries)
{
	char *desc = g_strdup_printf("%s\n\n%s", text, exit_help);
	int rc = opt_parse(ctx, argc, argv, params, desc, entries);

	g_free(desc);
	return rc;
}

int cmd_series_push(int argc, char **argv, struct ctx *ctx)
{
	gboolean dry_run = FALSE;
	GOptionEntry entries[] = {
		{ "dry-run", 'n', 0, G_OPTION_ARG_NONE, &dry_run, "Say what would be pushed; push nothing", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the outcome as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct sync_opts o = { 0 };
	struct sync_report *r;
	GError *e = NULL;
	int rc = sync_parse(ctx, &argc, &argv, "[REMOTE] [NAME...]",
		"Pushes refs/quill/series/NAME (every series, or the NAMEs given), its tags\n"
		"refs/tags/quill/NAME/* and refs/notes/quill, which 'git push' leaves behind.\n"
		"REMOTE is a remote's name, a path or a URL; default: quill.remote, else origin.\n"
		"Never forced: a series whose state on the remote is not an ancestor of yours\n"
		"is rejected ('fetch first') and the others still go.", entries);

	if (rc >= 0)
		return rc;
	o.remote = argc > 1 ? argv[1] : NULL;
	o.names = argc > 2 ? (const char *const *)argv + 2 : NULL;
	o.dry_run = dry_run;
	if (!sync_push(&r, ctx->repo, &o, &e))
		return fail(e);
	return finish(ctx, r);
}

int cmd_series_fetch(int argc, char **argv, struct ctx *ctx)
{
	GOptionEntry entries[] = {
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the outcome as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct sync_opts o = { 0 };
	struct sync_report *r;
	GError *e = NULL;
	int rc = sync_parse(ctx, &argc, &argv, "[REMOTE]",
		"Fetches the remote's series into refs/quill-remote/REMOTE/series/*, its notes\n"
		"into refs/quill-remote/REMOTE/notes/quill and its tags (only the missing ones\n"
		"are created; one that differs is reported and kept).  Then each series is\n"
		"adopted if it is new here, fast-forwarded if yours is an ancestor of theirs,\n"
		"and reported, never overwritten, if both changed.  A series' patch branch is\n"
		"not fetched: a missing one is created from REMOTE/BRANCH when a git fetch\n"
		"made that, else named with the git command that fetches it.\n"
		"REMOTE is a remote's name, a path or a URL; default: quill.remote, else origin.",
		entries);

	if (rc >= 0)
		return rc;
	if (argc > 2)
		return usage_error(ctx, "too many arguments (fetch takes one REMOTE)");
	o.remote = argc > 1 ? argv[1] : NULL;
	if (!sync_fetch(&r, ctx->repo, &o, &e))
		return fail(e);
	return finish(ctx, r);
}
