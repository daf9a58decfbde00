/* review-pull.c - quill review pull: the replies to every sent version,
 * fetched from the mail archive into the series (vN/review.json) and the
 * notes on refs/notes/quill. */
#include "cmd.h"
#include "core/error.h"
#include "net/archive.h"
#include "review/pull.h"
#include "series/series.h"
#include "series/store.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
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
	"--all-series pulls every series of the repository in one run (each as\n"
	"without --version/--all), every thread of all of them through one set of\n"
	"transfers; each series is stored on its own, so one that fails leaves the\n"
	"others pulled.  At most --jobs N transfers run at once (else\n"
	"quill.pullJobs, else 8).\n"
	"\n"
	"Each thread is stored whole or not at all; one that could not be fetched\n"
	"is named in a warning and remembered in the cache, and the next pull\n"
	"without --version or --all asks only those (public-inbox sends no ETag,\n"
	"so asking again what arrived would download it whole).\n"
	"\n"
	"Timeouts are each transfer's own, counted from its start: quill.httpTimeout\n"
	"(seconds for a whole transfer, default 120; QUILL_HTTP_TIMEOUT_MS\n"
	"overrides it), quill.httpLowSpeedTime, else http.lowSpeedTime (seconds\n"
	"under 1 byte/s before a stalled transfer is given up, default 30).  A\n"
	"transfer that times out fails alone; the others go on.\n"
	"\n"
	"On a terminal (or with QUILL_PROGRESS=1, then one line per change) a\n"
	"progress line goes to standard error: threads done of all asked, the\n"
	"messages and bytes so far, and the transfer waited on longest once it\n"
	"has taken 2 s or more.\n"
	"\n"
	ARCHIVE_ENV_HELP "\n"
	"\n"
	"Exit: 0 pulled (a version with no thread is a warning); 1 no version to\n"
	"pull, or no version's thread was there; 2 bad usage; 3 a review.json\n"
	"that does not parse; 4 a thread could not be fetched (each named in a\n"
	"warning: the others are stored) or the state could not be written.";

/* The progress line: on a terminal redrawn in place; with QUILL_PROGRESS=1
 * and no terminal, one line per change (for logs and tests). */
struct progress {
	gboolean on, tty, shown;
	guint done, total, messages, slow_secs;
	guint64 bytes;
	char *slow;		/* the URL waited on longest, or NULL */
	GString *last;		/* the line last drawn */
};

static void progress_draw(struct progress *pr)
{
	GString *line = g_string_new(NULL);

	g_string_printf(line, "threads %u/%u, %u messages, %" G_GUINT64_FORMAT " bytes", pr->done,
			pr->total, pr->messages, pr->bytes);
	if (pr->slow && pr->slow_secs >= 2 && pr->done < pr->total)
		g_string_append_printf(line, "; waiting %u s for %s", pr->slow_secs, pr->slow);
	if (!g_string_equal(line, pr->last)) {
		if (pr->tty)	/* pad over what a longer line left */
			fprintf(stderr, "\r%-*s", (int)pr->last->len, line->str);
		else
			fprintf(stderr, "%s\n", line->str);
		fflush(stderr);
		g_string_assign(pr->last, line->str);
		pr->shown = pr->tty;
	}
	g_string_free(line, TRUE);
}

static void progress(void *payload, guint done, guint total, guint messages, guint64 bytes)
{
	struct progress *pr = payload;

	pr->done = done;
	pr->total = total;
	pr->messages = messages;
	pr->bytes = bytes;
	progress_draw(pr);
}

static void waiting(void *payload, const char *url, guint secs)
{
	struct progress *pr = payload;

	g_free(pr->slow);
	pr->slow = g_strdup(url);
	pr->slow_secs = secs;
	if (pr->total)
		progress_draw(pr);
}

/* End the line on a terminal before anything else is printed. */
static void progress_end(struct progress *pr)
{
	if (pr->shown)
		fputc('\n', stderr);
	pr->shown = FALSE;
	g_string_truncate(pr->last, 0);
}

/* A warning of the pull of one series: after the progress line, and named
 * by the series when several are pulled. */
struct pull_warn {
	struct progress *pr;
	const char *series;	/* NULL: one series, not named */
};

static void pull_warn(void *payload, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static void pull_warn(void *payload, const char *fmt, ...)
{
	struct pull_warn *w = payload;
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	progress_end(w->pr);
	if (w->series)
		warn("%s: %s", w->series, msg);
	else
		warn("%s", msg);
	g_free(msg);
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

/* The text of one series' report, each line after `indent`. */
static void series_view(const json_t *report, const char *indent)
{
	const json_t *list = json_object_get(report, "versions"), *v;
	size_t i;

	if (json_is_true(json_object_get(report, "retried")))
		printf("%sonly the versions whose last fetch failed (the next pull asks every one)\n",
		       indent);
	json_array_foreach(list, i, v) {
		int replies = jint(v, "replies"), items = jint(v, "new_items");

		printf("%sv%d: %d %s, %d new %s%s\n", indent, jint(v, "version"), replies,
		       plural_word(replies, "reply", "replies"), items,
		       plural_word(items, "item", "items"),
		       jstr(v, "failed") ? " (its thread failed: see the warning)" : "");
	}
	if (!json_is_true(json_object_get(report, "committed")))
		printf("%snothing new\n", indent);
}

static void pull_view(struct ctx *ctx, const json_t *report)
{
	(void)ctx;
	series_view(report, "");
}

/* --all-series: a section per series; one that could not be pulled says so. */
static void many_view(struct ctx *ctx, const json_t *report)
{
	const json_t *list = json_object_get(report, "series"), *one;
	size_t i;

	(void)ctx;
	json_array_foreach(list, i, one) {
		char *name = out_escape(jstr(one, "series"));
		printf("%s:\n", name);
		if (jstr(one, "error")) {
			char *why = out_escape(jstr(one, "error"));
			printf("  not pulled: %s\n", why);
			g_free(why);
		}
		else
			series_view(one, "  ");
		g_free(name);
	}
}

struct pull_args {
	char *source;
	int version, jobs;
	gboolean all, offline, all_series;
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

/* The exit code of one series' pull: the worst failure's class, 1 when no
 * version's thread was there, else 0. */
static int pull_rc(const struct review_pull_result *res)
{
	if (res->worst > QUILL_ERROR_NEGATIVE)
		return res->worst;
	return res->failed == res->versions->len ? QUILL_ERROR_NEGATIVE : 0;
}

/* The archive for pa, its progress and warnings through pr. */
static gboolean open_archive(struct archive **a, struct ctx *ctx, const struct pull_args *pa,
			     struct progress *pr, struct pull_warn *w, GError **error)
{
	struct archive_opts ao = { 0 };
	const char *force = g_getenv("QUILL_PROGRESS");

	ao.offline = pa->offline;
	ao.max_inflight = (guint)pa->jobs;
	ao.warn = pull_warn;
	ao.warn_payload = w;
	pr->tty = isatty(STDERR_FILENO);
	pr->on = pr->tty || (force && !strcmp(force, "1"));
	if (pr->on) {
		ao.progress = progress;
		ao.waiting = waiting;
		ao.progress_payload = pr;
	}
	return archive_opts_from_env(&ao, error) &&
	       archive_open(a, pa->source, ctx->repo, &ao, error);
}

/* Pull jobs[0..n) (names[i] warns for series i; NULL: one series) and
 * print the report; the exit code. */
static int pull_jobs(struct ctx *ctx, struct review_pull_job *jobs, guint n, gboolean many,
		     const struct pull_args *pa)
{
	struct progress pr = { 0 };
	struct pull_warn w0 = { &pr, NULL }, *w = g_new0(struct pull_warn, n ? n : 1);
	struct archive *a = NULL;
	GError *error = NULL;
	json_t *list = json_array();
	int rc = 0;
	guint negative = 0;

	pr.last = g_string_new(NULL);
	if (!open_archive(&a, ctx, pa, &pr, &w0, &error)) {
		rc = fail(error);
		goto done;
	}
	for (guint i = 0; i < n; i++) {
		w[i] = (struct pull_warn){ &pr, many ? jobs[i].s->name : NULL };
		jobs[i].o.warn = pull_warn;
		jobs[i].o.payload = &w[i];
	}
	review_pull_many(ctx->repo, a, jobs, n);
	progress_end(&pr);
	for (guint i = 0; i < n; i++) {
		json_t *one;
		int cls;

		if (!jobs[i].result) {
			if (!many) {
				rc = fail(jobs[i].error);
				goto done;
			}
			one = json_pack("{s:s, s:s}", "series", jobs[i].s->name, "error",
					jobs[i].error->message);
			cls = qerr_class(jobs[i].error);
			if (cls > QUILL_ERROR_NEGATIVE)	/* nothing sent: said in the report */
				warn("%s: %s", jobs[i].s->name, jobs[i].error->message);
			g_clear_error(&jobs[i].error);
		} else {
			one = pull_report(jobs[i].s, archive_spec(a), jobs[i].result);
			cls = pull_rc(jobs[i].result);
		}
		/* many: a series with nothing to pull fails the run only when all do */
		if (cls == QUILL_ERROR_NEGATIVE)
			negative++;
		else if (cls > rc)
			rc = cls;
		json_array_append_new(list, one);
	}
	if (!rc && negative && (!many || negative == n))
		rc = QUILL_ERROR_NEGATIVE;
	if (many)
		emit(ctx, json_pack("{s:s, s:O}", "source", archive_spec(a), "series", list), many_view);
	else
		emit(ctx, json_incref(json_array_get(list, 0)), pull_view);
done:
	json_decref(list);
	for (guint i = 0; i < n; i++)
		review_pull_result_free(jobs[i].result);
	archive_free(a);
	g_string_free(pr.last, TRUE);
	g_free(pr.slow);
	g_free(w);
	return rc;
}

/* Every series of the repository, loaded into jobs (caller owns the
 * series).  -1 to go on. */
static int load_all(struct ctx *ctx, GArray *jobs)
{
	GError *error = NULL;
	GPtrArray *got = store_list(ctx->repo, &error);

	if (!got)
		return fail(error);
	for (guint i = 0; i < got->len; i++) {
		struct review_pull_job j = { 0 };
		if (!series_load(&j.s, ctx->repo, g_ptr_array_index(got, i), &error)) {
			g_ptr_array_unref(got);
			return fail(error);
		}
		g_array_append_val(jobs, j);
	}
	g_ptr_array_unref(got);
	if (!jobs->len)
		return failf(QUILL_ERROR_NEGATIVE, "no series in this repository");
	return -1;
}

static int run_all(struct ctx *ctx, const struct pull_args *pa)
{
	GArray *jobs = g_array_new(FALSE, TRUE, sizeof(struct review_pull_job));
	GPtrArray *retry = g_ptr_array_new_with_free_func(g_free);
	int rc;

	if (pa->all || pa->version)
		rc = usage_error(ctx, "--all-series pulls the sent versions of every series: "
				      "not with --version or --all");
	else
		rc = load_all(ctx, jobs);
	if (rc < 0) {
		for (guint i = 0; i < jobs->len; i++) {
			struct review_pull_job *j = &g_array_index(jobs, struct review_pull_job, i);
			char *path = retry_path(ctx, j->s);
			g_ptr_array_add(retry, path);
			j->o.retry_file = path;
		}
		rc = pull_jobs(ctx, (struct review_pull_job *)(void *)jobs->data, jobs->len, TRUE, pa);
	}
	for (guint i = 0; i < jobs->len; i++)
		series_free(g_array_index(jobs, struct review_pull_job, i).s);
	g_array_unref(jobs);
	g_ptr_array_unref(retry);
	return rc;
}

static int run_one(struct ctx *ctx, struct series *s, const struct pull_args *pa)
{
	struct review_pull_job job = { .s = s };
	int rc;

	job.o.version = pa->version;
	job.o.all = pa->all;
	job.o.retry_file = retry_path(ctx, s);
	rc = pull_jobs(ctx, &job, 1, FALSE, pa);
	g_free((char *)job.o.retry_file);
	return rc;
}

int cmd_review_pull(int argc, char **argv, struct ctx *ctx)
{
	struct pull_args pa = { 0 };
	GOptionEntry entries[] = {
		{ "version", 'v', 0, G_OPTION_ARG_INT, &pa.version, "Pull version N alone", "N" },
		{ "all", 0, 0, G_OPTION_ARG_NONE, &pa.all, "Pull every frozen version, sent or not", NULL },
		{ "all-series", 0, 0, G_OPTION_ARG_NONE, &pa.all_series,
		  "Pull every series of the repository, in one run", NULL },
		{ "jobs", 'j', 0, G_OPTION_ARG_INT, &pa.jobs, "At most N transfers at once (default 8)", "N" },
		{ "source", 0, 0, G_OPTION_ARG_STRING, &pa.source, "Where to fetch from", "S" },
		{ "offline", 0, 0, G_OPTION_ARG_NONE, &pa.offline, "Answer from the cache alone", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the report as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	GError *error = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "[NAME | --all-series]", pull_help, entries);

	if (rc < 0)
		rc = opt_max_operands(ctx, argc, pa.all_series ? 0 : 1);
	if (rc < 0 && (pa.jobs < 0 || pa.jobs > 1024))
		rc = usage_error(ctx, "--jobs %d: give 1 to 1024 transfers at once", pa.jobs);
	if (rc >= 0)
		goto done;
	if (pa.all_series) {
		rc = run_all(ctx, &pa);
		goto done;
	}
	if (!open_series(&s, ctx, argc > 1 ? argv[1] : NULL, &error)) {
		rc = fail(error);
		goto done;
	}
	rc = check_version(ctx, s, &pa);
	if (rc < 0)
		rc = run_one(ctx, s, &pa);
done:
	if (s)
		series_free(s);
	g_free(pa.source);
	return rc;
}
