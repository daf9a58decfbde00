/* series.c - quill series new / edit / edit-cover. */
#include "cmd.h"
#include "git/commit.h"
#include "git/config.h"
#include "core/error.h"
#include "net/archive.h"
#include "review/shazam.h"
#include "series/cover.h"
#include "series/series.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

/* The values of --prefix, --to, --cc, --list and --prerequisite, checked
 * before anything is read or written: each ends up in mail headers. */
static gboolean check_values(char **prefixes, char **to, char **cc, const char *list,
			     char **prereqs, GError **error)
{
	return series_check_texts("--prefix", (const char *const *)prefixes, error) &&
	       series_check_addresses("--to", (const char *const *)to, error) &&
	       series_check_addresses("--cc", (const char *const *)cc, error) &&
	       (!list || series_check_text("--list", list, error)) &&
	       series_check_texts("--prerequisite", (const char *const *)prereqs, error);
}

/* ---- new ---- */

static void new_view(struct ctx *ctx, const json_t *r)
{
	const char *branch = jstr(r, "branch");

	printf("created series %s%s%s (change-id %s)\n", color(ctx, "bold"), jstr(r, "name"),
	       color(ctx, "reset"), jstr(r, "change_id"));
	printf("  branch %s, based on %s\n", branch, jstr(r, "base"));
	printf("  next: commit the patches on %s, 'quill series edit-cover', then\n"
	       "  'quill series format' (or 'quill series new-version' once sent)\n", branch);
}

/* --from-thread: the threads fetched, the series adopted from them. */
static int new_from_thread(struct ctx *ctx, const char *name, const char *msgid,
			   const char *source, gboolean no_checkout)
{
	struct archive_opts ao = { 0 };
	struct archive *ar = NULL;
	struct shazam_series_opts o = { 0 };
	struct series *s = NULL;
	GPtrArray *threads = NULL;
	GError *e = NULL;
	char *id = g_strdup(msgid + (*msgid == '<'));
	gboolean ok;

	if (*id && id[strlen(id) - 1] == '>')
		id[strlen(id) - 1] = '\0';
	ao.warn = warn_print;
	o.name = name;
	o.no_checkout = no_checkout;
	o.warn = warn_print;
	ok = archive_opts_from_env(&ao, &e) && archive_open(&ar, source, ctx->repo, &ao, &e) &&
	     shazam_fetch(&threads, ar, id, warn_print, NULL, &e) &&
	     shazam_series_new(&s, ctx->repo, threads, &o, &e);
	archive_free(ar);
	if (threads)
		g_ptr_array_unref(threads);
	g_free(id);
	if (!ok)
		return fail(e);
	emit(ctx, json_pack("{s:s, s:i, s:s, s:s, s:o}", "name", s->name, "version", s->version,
			    "change_id", s->change_id, "branch", s->branch, "base",
			    json_str_or_null(s->upstream)), new_view);
	series_free(s);
	return 0;
}

static const char new_help[] =
	"Creates refs/quill/series/NAME with a change-id and a cover letter, and a\n"
	"branch NAME at the base (or ties an existing branch with --branch).\n"
	"--from-thread MSGID adopts a series posted on the list (fetched from\n"
	"--source, else quill.source, else lore): every version found is applied\n"
	"on its base-commit and frozen with its Message-IDs, the branch NAME holds\n"
	"the newest, and the working version is the one after it.";

int cmd_series_new(int argc, char **argv, struct ctx *ctx)
{
	char *base = NULL, *branch = NULL, *list = NULL, *thread = NULL, *source = NULL;
	char **prefixes = NULL, **to = NULL, **cc = NULL;
	gboolean no_checkout = FALSE;
	GOptionEntry entries[] = {
		{ "base", 0, 0, G_OPTION_ARG_STRING, &base, "The upstream the series forks from (default: HEAD)", "REV" },
		{ "branch", 0, 0, G_OPTION_ARG_STRING, &branch, "Adopt this existing branch instead of creating NAME", "BRANCH" },
		{ "prefix", 0, 0, G_OPTION_ARG_STRING_ARRAY, &prefixes, "A subject prefix beside PATCH (RFC, net-next); repeatable", "WORD" },
		{ "to", 0, 0, G_OPTION_ARG_STRING_ARRAY, &to, "A To: recipient; repeatable", "ADDR" },
		{ "cc", 0, 0, G_OPTION_ARG_STRING_ARRAY, &cc, "A Cc: recipient; repeatable", "ADDR" },
		{ "list", 0, 0, G_OPTION_ARG_STRING, &list, "The lore inbox the series goes to", "INBOX" },
		{ "no-checkout", 0, 0, G_OPTION_ARG_NONE, &no_checkout, "Do not switch to the new branch", NULL },
		{ "from-thread", 0, 0, G_OPTION_ARG_STRING, &thread, "Adopt the series posted in this thread", "MSGID" },
		{ "source", 0, 0, G_OPTION_ARG_STRING, &source, "Where --from-thread fetches from", "S" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the new series as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series_new_opts o = { 0 };
	struct series *s = NULL;
	GError *e = NULL;
	char *cover;
	int rc = opt_parse(ctx, &argc, &argv, "NAME", new_help, entries);

	if (rc >= 0)
		goto out;
	if (argc != 2) {
		rc = usage_error(ctx, "give one series NAME");
		goto out;
	}
	if (source && !thread) {
		rc = usage_error(ctx, "--source goes with --from-thread");
		goto out;
	}
	if (thread) {
		rc = base || branch || prefixes || to || cc || list
			     ? usage_error(ctx, "--from-thread takes the rest from the list")
			     : new_from_thread(ctx, argv[1], thread, source, no_checkout);
		goto out;
	}
	if (!check_values(prefixes, to, cc, list, NULL, &e) ||
	    !(cover = resources_load_string(ctx->res, "templates/cover.txt", &e))) {
		rc = fail(e);
		goto out;
	}
	o.name = argv[1];
	o.base = base;
	o.branch = branch;
	o.prefixes = (const char *const *)prefixes;
	o.to = (const char *const *)to;
	o.cc = (const char *const *)cc;
	o.list = list;
	o.cover = cover;
	o.no_checkout = no_checkout;
	if (!series_create(&s, ctx->repo, &o, warn_print, NULL, &e)) {
		g_free(cover);
		rc = fail(e);
		goto out;
	}
	g_free(cover);
	emit(ctx, json_pack("{s:s, s:i, s:s, s:s, s:o}", "name", s->name, "version", s->version,
			    "change_id", s->change_id, "branch", s->branch, "base",
			    json_str_or_null(s->upstream)), new_view);
	rc = 0;
out:
	series_free(s);
	g_free(base);
	g_free(branch);
	g_free(list);
	g_free(thread);
	g_free(source);
	g_strfreev(prefixes);
	g_strfreev(to);
	g_strfreev(cc);
	return rc;
}

/* ---- edit ---- */

int cmd_series_edit(int argc, char **argv, struct ctx *ctx)
{
	char *base = NULL, *list = NULL, *rename = NULL, *branch = NULL;
	char **prefixes = NULL, **to = NULL, **cc = NULL, **prereqs = NULL;
	GOptionEntry entries[] = {
		{ "prefix", 0, 0, G_OPTION_ARG_STRING_ARRAY, &prefixes, "Set the subject prefixes (repeatable; '' for none)", "WORD" },
		{ "to", 0, 0, G_OPTION_ARG_STRING_ARRAY, &to, "Set the To: list (repeatable; '' for none)", "ADDR" },
		{ "cc", 0, 0, G_OPTION_ARG_STRING_ARRAY, &cc, "Set the Cc: list (repeatable; '' for none)", "ADDR" },
		{ "base", 0, 0, G_OPTION_ARG_STRING, &base, "Fork from this upstream from now on", "REV" },
		{ "branch", 0, 0, G_OPTION_ARG_STRING, &branch, "The series lives on this branch from now on", "BRANCH" },
		{ "list", 0, 0, G_OPTION_ARG_STRING, &list, "The lore inbox ('' for none)", "INBOX" },
		{ "prerequisite", 0, 0, G_OPTION_ARG_STRING_ARRAY, &prereqs, "Depends on this series: CHANGE-ID[:vN] or a local NAME[:vN] (repeatable; '' for none)", "ID" },
		{ "rename", 0, 0, G_OPTION_ARG_STRING, &rename, "Rename the series", "NEW" },
		G_OPTION_ENTRY_NULL
	};
	struct series_edit_opts o;
	struct series *s = NULL;
	GError *e = NULL;
	git_oid oid;
	char *what = NULL, *old = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]",
			   "Changes what the series is sent with; every change is one state commit.",
			   entries);

	if (rc >= 0 || (rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto out;
	o = (struct series_edit_opts){ .prefixes = (const char *const *)prefixes,
				       .to = (const char *const *)to, .cc = (const char *const *)cc,
				       .base = base, .branch = branch, .list = list,
				       .prereqs = (const char *const *)prereqs, .rename = rename,
				       .warn = warn_print };
	what = series_edit_what(&o);
	if (!*what && !rename) {
		rc = usage_error(ctx, "nothing to change: give --prefix, --to, --cc, --base, --branch, "
				      "--list, --prerequisite or --rename");
		goto out;
	}
	/* the words first, in this order: a --branch naming nothing is bad usage */
	if (!check_values(prefixes, to, cc, list, prereqs, &e) ||
	    !open_series(&s, ctx, argc > 1 ? argv[1] : NULL, &e) ||
	    (base && !commit_resolve(&oid, ctx->repo, base, &e))) {
		rc = fail(e);
		goto out;
	}
	if (branch && !commit_branch_exists(ctx->repo, branch)) {
		rc = usage_error(ctx, "no branch '%s'", branch);
		goto out;
	}
	old = g_strdup(s->name);
	if (!series_edit(s, ctx->repo, &o, &e)) {
		rc = fail(e);
		goto out;
	}
	if (rename)
		printf("renamed series %s to %s\n", old, s->name);
	if (*what)
		printf("series %s: changed%s\n", s->name, what);
	rc = 0;
out:
	series_free(s);
	g_free(what);
	g_free(old);
	g_free(base);
	g_free(list);
	g_free(rename);
	g_free(branch);
	g_strfreev(prefixes);
	g_strfreev(to);
	g_strfreev(cc);
	g_strfreev(prereqs);
	return rc;
}

/* ---- edit-cover ---- */

/* The new cover: -m TEXT, -F FILE ('-': standard input), else what the
 * editor leaves in .git/QUILL_COVER_EDITMSG (*path: that file). */
static gboolean read_cover(char **out, char **path, struct ctx *ctx, const struct series *s,
			   const char *file, const char *text, GError **error)
{
	GError *why = NULL;

	*out = NULL;
	if (text) {
		*out = g_strdup(text);
	} else if (file && !strcmp(file, "-")) {
		GString *buf = g_string_new(NULL);
		char chunk[4096];
		size_t n;
		while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0)
			g_string_append_len(buf, chunk, n);
		*out = g_string_free(buf, FALSE);
	} else if (file) {
		if (!g_file_get_contents(file, out, NULL, &why)) {
			qerr(error, QUILL_ERROR_INPUT, "%s: %s", ctx->name, why->message);
			g_error_free(why);
			return FALSE;
		}
	} else {
		*path = g_build_filename(git_repository_path(ctx->repo), "QUILL_COVER_EDITMSG", NULL);
		if (!g_file_set_contents(*path, s->cover, -1, error) || !run_editor(ctx, *path, "the cover", error) ||
		    !g_file_get_contents(*path, out, NULL, error))
			return FALSE;
	}
	return TRUE;
}

/* The subject line of a new cover goes into the Subject: header: no
 * control character (a CR, an escape) in it. */
static gboolean check_subject(const char *cover, const char *from, GError **error)
{
	char *subject = NULL, *body = NULL, *label = g_strdup_printf("%s: the subject", from);
	gboolean ok;

	cover_split(cover, &subject, &body);
	ok = series_check_text(label, subject, error);
	g_free(label);
	g_free(subject);
	g_free(body);
	return ok;
}

int cmd_series_edit_cover(int argc, char **argv, struct ctx *ctx)
{
	char *file = NULL, *text = NULL;
	GOptionEntry entries[] = {
		{ "file", 'F', 0, G_OPTION_ARG_FILENAME, &file, "Take the cover from FILE ('-': standard input)", "FILE" },
		{ "message", 'm', 0, G_OPTION_ARG_STRING, &text, "Take the cover from TEXT", "TEXT" },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	GError *e = NULL;
	char *cover = NULL, *path = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]",
			   "Without -F or -m, opens the cover in the editor git would use\n"
			   "(GIT_EDITOR, core.editor, VISUAL, EDITOR).  The first line is the subject.",
			   entries);

	if (rc >= 0 || (rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto out;
	if (file && text) {
		rc = usage_error(ctx, "give -F or -m, not both");
		goto out;
	}
	if (!open_series(&s, ctx, argc > 1 ? argv[1] : NULL, &e) ||
	    !read_cover(&cover, &path, ctx, s, file, text, &e)) {
		rc = fail(e);
		goto out;
	}
	if (!g_utf8_validate(cover, -1, NULL)) {
		rc = failf(QUILL_ERROR_INPUT, "%s: the cover is not UTF-8", file ? file : "cover");
		goto out;
	}
	if (!check_subject(cover, text ? "-m" : file ? file : "the cover", &e)) {
		rc = fail(e);
		goto out;
	}
	if (!*(cover + strspn(cover, " \t\r\n"))) {
		rc = failf(QUILL_ERROR_NEGATIVE, "the cover is empty; it was left as it was");
		goto out;
	}
	if (!g_str_has_suffix(cover, "\n")) {
		char *c = g_strconcat(cover, "\n", NULL);
		g_free(cover);
		cover = c;
	}
	rc = 0;
	if (!strcmp(cover, s->cover)) {
		printf("series %s: the cover is unchanged\n", s->name);
		goto out;
	}
	g_free(s->cover);
	s->cover = cover;
	cover = NULL;
	if (!series_save(s, ctx->repo, "edit-cover", NULL, 0, &e)) {
		rc = fail(e);
		goto out;
	}
	printf("series %s: cover updated\n", s->name);
out:
	if (path && rc == 0)
		g_unlink(path);
	series_free(s);
	g_free(cover);
	g_free(path);
	g_free(file);
	g_free(text);
	return rc;
}
