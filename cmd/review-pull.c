/* review-pull.c - quill review pull: the replies to every sent version,
 * fetched from the mail archive into the series (vN/review.json) and the
 * notes on refs/notes/quill. */
#include "cmd.h"
#include "core/error.h"
#include "net/archive.h"
#include "review/pull.h"
#include "series/series.h"

#include <stdio.h>
#include <unistd.h>

static const char pull_help[] =
	"Fetches the threads of the series' posted versions (every version that\n"
	"was sent; --version N that one; --all every frozen one; the working\n"
	"version never) from the mail archive, all at once, and threads each\n"
	"reply onto the version and the patch (or cover) it answers.  The thread\n"
	"of a version is found from the Message-IDs recorded when it was sent,\n"
	"else by searching the archive for the series' change-id, else for the\n"
	"subject of its first patch from its author.  The replies and the review\n"
	"items found in them are kept in vN/review.json of the series state (one\n"
	"commit for the whole pull; nothing is written when nothing is new; the\n"
	"status set with review resolve is kept) and as git notes on\n"
	"refs/notes/quill, one section per version on each patch commit, so\n"
	"'git log --notes=quill' shows them.  A second pull adds only what is new.\n"
	"\n"
	"Sources (--source, else quill.source, else lore): lore[:URL],\n"
	"notmuch[:PATH], mirror:PATH, mbox:FILE, maildir:DIR (see quill mail\n"
	"get).  --offline answers from the cache of earlier fetches alone.\n"
	"\n"
	"Each thread is stored whole or not at all; one that could not be fetched\n"
	"is named in a warning and remembered in the cache, and the next pull\n"
	"without --version or --all asks only those (public-inbox sends no ETag,\n"
	"so asking again what arrived would download it whole).\n"
	"\n"
	ARCHIVE_ENV_HELP "\n"
	"\n"
	"Exit: 0 pulled (a version with no thread is a warning); 1 no version to\n"
	"pull, or no version's thread was there; 2 bad usage; 3 a review.json\n"
	"that does not parse; 4 a thread could not be fetched (each named in a\n"
	"warning: the others are stored) or the state could not be written.";

/* The progress line, on a terminal only. */
static void progress(void *payload, guint done, guint total, guint messages, guint64 bytes)
{
	gboolean *shown = payload;

	fprintf(stderr, "\rthreads %u/%u, %u messages, %" G_GUINT64_FORMAT " bytes", done, total,
		messages, bytes);
	fflush(stderr);
	*shown = TRUE;
}

static json_t *version_json(const struct review_pull_version *r)
{
	json_t *o = json_object();

	json_object_set_new(o, "version", json_integer(r->version));
	json_object_set_new(o, "msgid", json_str_or_null(r->msgid));
	json_object_set_new(o, "searched", json_boolean(r->searched));
	json_object_set_new(o, "messages", json_integer(r->messages));
	json_object_set_new(o, "replies", json_integer(r->replies));
	json_object_set_new(o, "new_replies", json_integer(r->new_replies));
	json_object_set_new(o, "items", json_integer(r->items));
	json_object_set_new(o, "new_items", json_integer(r->new_items));
	json_object_set_new(o, "failed", json_str_or_null(r->failed));
	return o;
}

static json_t *pull_report(const struct series *s, const char *spec,
			   const struct review_pull_result *res)
{
	json_t *doc = json_object(), *list = json_array();

	json_object_set_new(doc, "series", json_string(s->name));
	json_object_set_new(doc, "source", json_string(spec));
	for (guint i = 0; i < res->versions->len; i++)
		json_array_append_new(list, version_json(g_ptr_array_index(res->versions, i)));
	json_object_set_new(doc, "versions", list);
	json_object_set_new(doc, "committed", json_boolean(res->committed));
	json_object_set_new(doc, "failed", json_integer(res->failed));
	json_object_set_new(doc, "retried", json_boolean(res->retried));
	return doc;
}

static void pull_view(struct ctx *ctx, const json_t *report)
{
	const json_t *list = json_object_get(report, "versions"), *v;
	size_t i;

	(void)ctx;
	if (json_is_true(json_object_get(report, "retried")))
		printf("only the versions whose last fetch failed (the next pull asks every one)\n");
	json_array_foreach(list, i, v) {
		int replies = jint(v, "replies"), items = jint(v, "new_items");

		printf("v%d: %d %s, %d new %s%s\n", jint(v, "version"), replies,
		       plural_word(replies, "reply", "replies"), items,
		       plural_word(items, "item", "items"),
		       jstr(v, "failed") ? " (its thread failed: see the warning)" : "");
	}
	if (!json_is_true(json_object_get(report, "committed")))
		printf("nothing new\n");
}

struct pull_args {
	char *source;
	int version;
	gboolean all, offline;
};

/* Which version: --version N must be a frozen one (-1 to go on). */
static int check_version(struct ctx *ctx, const struct series *s, const struct pull_args *pa)
{
	if (pa->all && pa->version)
		return usage_error(ctx, "--version and --all exclude each other");
	if (!pa->version)
		return -1;
	if (pa->version == s->version)
		return usage_error(ctx, "v%d is the working version of series %s: it is not pulled",
				   s->version, s->name);
	if (pa->version < 1 || pa->version > s->version)
		return usage_error(ctx, "series %s has versions 1 to %d", s->name, s->version);
	return -1;
}

/* Where the versions whose fetch failed are remembered for series s of
 * this repository: under the user's cache, named by a hash of the git
 * directory and the series name (caller owns). */
static char *retry_path(const struct ctx *ctx, const struct series *s)
{
	char *key = g_strconcat(git_repository_path(ctx->repo), "\n", s->name, NULL);
	char *hex = g_compute_checksum_for_string(G_CHECKSUM_SHA256, key, -1);
	char *path = g_build_filename(g_get_user_cache_dir(), "quill", "review-pull", hex, NULL);

	g_free(hex);
	g_free(key);
	return path;
}

static int run_pull(struct ctx *ctx, struct series *s, const struct pull_args *pa)
{
	struct archive_opts ao = { 0 };
	struct review_pull_opts po = { 0 };
	struct review_pull_result *res = NULL;
	struct archive *a = NULL;
	gboolean shown = FALSE, ok;
	GError *error = NULL;
	char *retry;
	int rc;

	ao.offline = pa->offline;
	ao.warn = warn_print;
	if (isatty(STDERR_FILENO)) {
		ao.progress = progress;
		ao.progress_payload = &shown;
	}
	if (!archive_opts_from_env(&ao, &error) ||
	    !archive_open(&a, pa->source, ctx->repo, &ao, &error))
		return fail(error);
	po.version = pa->version;
	po.all = pa->all;
	po.warn = warn_print;
	po.retry_file = retry = retry_path(ctx, s);
	ok = review_pull(s, ctx->repo, a, &po, &res, &error);
	g_free(retry);
	if (!ok) {
		if (shown)
			fputc('\n', stderr);
		archive_free(a);
		return fail(error);
	}
	if (shown)
		fputc('\n', stderr);
	if (res->worst > QUILL_ERROR_NEGATIVE)
		rc = res->worst;
	else if (res->failed == res->versions->len)
		rc = QUILL_ERROR_NEGATIVE;
	else
		rc = 0;
	emit(ctx, pull_report(s, archive_spec(a), res), pull_view);
	review_pull_result_free(res);
	archive_free(a);
	return rc;
}

int cmd_review_pull(int argc, char **argv, struct ctx *ctx)
{
	struct pull_args pa = { 0 };
	GOptionEntry entries[] = {
		{ "version", 'v', 0, G_OPTION_ARG_INT, &pa.version, "Pull version N alone", "N" },
		{ "all", 0, 0, G_OPTION_ARG_NONE, &pa.all, "Pull every frozen version, sent or not", NULL },
		{ "source", 0, 0, G_OPTION_ARG_STRING, &pa.source, "Where to fetch from", "S" },
		{ "offline", 0, 0, G_OPTION_ARG_NONE, &pa.offline, "Answer from the cache alone", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the report as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	GError *error = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]", pull_help, entries);

	if (rc < 0)
		rc = opt_max_operands(ctx, argc, 1);
	if (rc >= 0)
		goto done;
	if (!open_series(&s, ctx, argc > 1 ? argv[1] : NULL, &error)) {
		rc = fail(error);
		goto done;
	}
	rc = check_version(ctx, s, &pa);
	if (rc < 0)
		rc = run_pull(ctx, s, &pa);
done:
	if (s)
		series_free(s);
	g_free(pa.source);
	return rc;
}
