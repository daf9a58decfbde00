/* trailer-lint.c - quill trailer lint: the commits of REVS, of a series'
 * version, or mails, checked against the trailer policy (lib/lint); one
 * line per finding, a summary, or --json. */
#include "cmd.h"
#include "core/error.h"
#include "git/ident.h"
#include "lint/lint-run.h"
#include "net/archive.h"
#include "net/source.h"
#include "review/lint-review.h"
#include "series/series.h"

#include <stdio.h>
#include <string.h>

/* ---- the reports ---- */

static void rules_view(struct ctx *ctx, const json_t *report)
{
	size_t i;
	const json_t *r;

	(void)ctx;
	json_array_foreach(json_object_get(report, "rules"), i, r) {
		const char *why = json_string_value(json_object_get(r, "why"));

		printf("%-24s %-8s %s%s%s%s\n", json_string_value(json_object_get(r, "rule")),
		       json_string_value(json_object_get(r, "severity")),
		       json_string_value(json_object_get(r, "summary")), why ? " (" : "",
		       why ? why : "", why ? ")" : "");
	}
}

/* Why a rule of severity s in the policy that lacks `lacks` (lint.h's
 * lint_rule_lacks) does not run; NULL when it runs. */
static const char *why_not(enum policy_severity s, unsigned lacks)
{
	return s == POLICY_OFF ? "off in the policy"
	       : lacks & LINT_NEEDS_REVIEW ? "needs the review history"
	       : lacks & LINT_NEEDS_BENCH ? "needs --series (benchmarks)"
	       : lacks & LINT_NEEDS_REPO ? "needs a repository"
	       : lacks & LINT_SET ? "needs several mails" : NULL;
}

/* --list-rules: {"rules": [{"rule", "severity" (in force for this run:
 * "off" when it does not run), "policy" (the policy's), "default",
 * "needs", "runs", "why" (why it does not run, or null), "summary"}]}. */
static int list_rules(struct ctx *ctx, const struct lint *l, enum lint_run_kind kind)
{
	guint n;
	const struct lint_rule *rules = lint_rules(&n);
	json_t *a = json_array();

	for (guint i = 0; i < n; i++) {
		enum policy_severity s = lint_policy_severity(l, &rules[i]);
		const char *why = why_not(s, lint_rule_lacks(l, &rules[i], lint_run_gives(kind)));
		const char *needs = rules[i].needs & LINT_NEEDS_BENCH ? "benchmarks: --series"
				    : rules[i].needs & LINT_NEEDS_REVIEW ? "the review history"
				    : rules[i].needs & LINT_NEEDS_REPO ? "a repository"
				    : rules[i].needs & LINT_SET ? "several mails" : NULL;

		json_array_append_new(a, json_pack("{s:s, s:s, s:s, s:s, s:o, s:b, s:o, s:s}",
						   "rule", rules[i].id, "severity",
						   policy_severity_name(why ? POLICY_OFF : s),
						   "policy", policy_severity_name(s), "default",
						   policy_severity_name(rules[i].severity), "needs",
						   json_str_or_null(needs), "runs", !why, "why",
						   json_str_or_null(why), "summary", rules[i].summary));
	}
	emit(ctx, json_pack("{s:o}", "rules", a), rules_view);
	return 0;
}

static void plural(GString *s, guint n, const char *one, const char *many)
{
	g_string_append_printf(s, "%u %s", n, n == 1 ? one : many);
}

/* The findings the report holds (in text, those of a run are printed as
 * they come: it holds none), then "total: ...". */
static void summary_view(struct ctx *ctx, const json_t *report)
{
	gboolean mails = !strcmp(json_string_value(json_object_get(report, "kind")), "mails");
	guint skipped = report_uint(report, "skipped"), ignored = report_uint(report, "ignored");
	GString *s = g_string_new("total: ");

	findings_print(ctx, report);
	plural(s, report_uint(report, "errors"), "error", "errors");
	g_string_append(s, ", ");
	plural(s, report_uint(report, "warnings"), "warning", "warnings");
	g_string_append_printf(s, ", %u info", report_uint(report, "info"));
	if (ignored)
		g_string_append_printf(s, " (%u ignored)", ignored);
	g_string_append(s, json_is_true(json_object_get(report, "cover")) ? " in the cover and "
									    : " in ");
	plural(s, report_uint(report, "checked"), mails ? "mail" : "commit",
	       mails ? "mails" : "commits");
	if (skipped)
		g_string_append_printf(s, " (%u skipped: %s)", skipped,
				       mails ? "covers, replies, not patches" : "merges");
	printf("%s\n", s->str);
	g_string_free(s, TRUE);
}

/* {"checked", "kind", "cover", "errors", "warnings", "info", "ignored",
 * "skipped", "findings"}; exit 1 when an error is left. */
static int summary(struct ctx *ctx, const struct lint_run_counts *c, struct findings *fs,
		   const char *kind)
{
	json_t *doc = json_pack("{s:I, s:s, s:b}", "checked", (json_int_t)c->checked, "kind", kind,
				"cover", c->covers > 0);

	findings_counts_json(doc, fs);
	json_object_set_new(doc, "skipped", json_integer(c->skipped));
	json_object_set_new(doc, "findings", fs->list ? json_incref(fs->list) : json_array());
	emit(ctx, doc, summary_view);
	return fs->errors ? 1 : 0;
}

/* Are the operands mail files?  TRUE when every one is a path that exists
 * (or "-"); 2 is returned through *rc when a path is also a revision. */
static gboolean operands_are_files(struct ctx *ctx, git_repository *repo, char **ops, int n,
				   int *rc)
{
	int files = 0;

	*rc = 0;
	for (int i = 0; i < n; i++)
		files += !strcmp(ops[i], "-") || g_file_test(ops[i], G_FILE_TEST_EXISTS);
	if (!files)
		return FALSE;
	for (int i = 0; repo && i < n; i++) {
		git_object *o;

		if (git_revparse_single(&o, repo, ops[i]) == 0) {
			git_object_free(o);
			if (strcmp(ops[i], "-") && g_file_test(ops[i], G_FILE_TEST_EXISTS)) {
				*rc = usage_error(ctx, "'%s' is both a file and a revision: use --mbox "
						  "%s, or %s^{commit}", ops[i], ops[i], ops[i]);
				return FALSE;
			}
		}
	}
	if (files != n) {
		*rc = usage_error(ctx, "give mail FILEs or REVS, not both");
		return FALSE;
	}
	return TRUE;
}

static const char help[] =
	"Checks the trailers and messages of commits or patch mails against the trailer\n"
	"policy (trailers.conf: the kernel's rules by default) and prints one line per\n"
	"finding, 'COMMIT-OR-FILE:LINE: SEVERITY: RULE-ID: message', then a summary line\n"
	"('total: ...').  The exit status is 1 when an error-level finding is left, else 0.\n"
	"\n"
	"What is checked:\n"
	"  REVS...          commits, in git rev-list's syntax (A..B, A...B, ^A B, REV^!,\n"
	"                   REV^-N); a REV alone is that one commit (as checkpatch -g), and\n"
	"                   merges are skipped.  The submitter is each commit's committer.\n"
	"  --rev-range R    the commits of R as 'trailer parse --rev-range' takes it (a REV\n"
	"                   is its whole history).\n"
	"  --series NAME    the patches of a series' working version, or of --version N;\n"
	"                   the submitter is the sender (quill.from, sendemail.from, user.*).\n"
	"                   The numbers the cover and the messages quote are checked against\n"
	"                   the benchmarks attached to that version, as 'quill bench check'\n"
	"                   does (claim-mismatch, claim-noise, claim-unmatched).\n"
	"  --mbox FILE, FILE...  patch mails (mbox, Maildir, one message; '-' is standard\n"
	"                   input), read as git am reads them; no repository is needed (one\n"
	"                   is used when there, to look up Fixes:).  Covers and replies are\n"
	"                   not checked themselves but count for the series rules; lines are\n"
	"                   lines of the file.  The submitter is the From: header.  The\n"
	"                   series rules compare senders only where one is known:\n"
	"                   --submitter, a Sender: header, or mails as sent (not a git\n"
	"                   format-patch file, 'From <sha> Mon Sep 17 00:00:00 2001',\n"
	"                   whose From: is the author).\n"
	"  --thread MSGID   the patch mails of the thread MSGID is in, fetched from\n"
	"                   --source S (else quill.source, else lore; as 'mail get').\n"
	"  nothing          the current series (see 'quill series show'), else HEAD.\n"
	"\n"
	"The review history: with --series, the replies pulled into the series state\n"
	"('quill review pull') for every version up to the one checked; with mails\n"
	"and --thread, the replies in the same input.  Then review-declined (a tag\n"
	"its person declined on the list: an error naming the tag, the person and\n"
	"the link), review-taken-back, review-not-given (a Reviewed-by, Acked-by,\n"
	"Tested-by or Suggested-by that no reply of its person gives, where the\n"
	"thread is known) and review-patch-changed (given on an earlier version of\n"
	"a patch whose patch-id changed since) run.  Standard input is not read\n"
	"for replies.\n"
	"\n"
	"The policy: the installed trailers.conf (beside the binary, PREFIX/share/quill or\n"
	"built in), then the repository's .quill/trailers.conf (or trailers.conf at the\n"
	"root of its work tree), then --policy FILE.  A bad key or value is refused with\n"
	"FILE:LINE (exit 3).  The work tree's files (.quill/trailers.conf, trailers.conf,\n"
	".quill/lint-ignore) come with it, not from you: a symbolic link among them is\n"
	"not followed (a warning says so), and their errors quote none of their text.\n"
	"\n"
	"Exceptions, never in a commit message: lines 'COMMIT RULE-ID  # why' (COMMIT: 7 to\n"
	"40 hex digits, or a <message-id> for a mail) in .quill/lint-ignore of the work tree\n"
	"(or --ignore-file FILE), and notes on " LINT_NOTES_REF ", one 'RULE-ID  # why' a\n"
	"line ('git notes --ref=quill-lint add -m \"long-line  # a log\" COMMIT').  Ignored\n"
	"findings are counted in the summary, and listed in --json with \"ignored\": true.\n"
	"\n"
	"One person under two addresses is joined by the mailmap: the repository's\n"
	"(.mailmap, mailmap.file, mailmap.blob), or --mailmap FILE instead.\n"
	"\n"
	"--list-rules prints every rule with the severity it has in the run the other\n"
	"options ask for (REVS, --series, mails, or the current series): 'off' for one\n"
	"that does not run, with why ('off in the policy', 'needs the review history',\n"
	"'needs --series (benchmarks)', 'needs a repository', 'needs several mails');\n"
	"--json: {\"rules\": [{\"rule\", \"severity\", \"policy\", \"default\", \"needs\", \"runs\",\n"
	"\"why\", \"summary\"}]}.\n"
	"\n"
	"--json prints {\"checked\", \"kind\" (commits or mails), \"cover\" (true when a\n"
	"series' cover was checked too), \"errors\", \"warnings\", \"info\", \"ignored\",\n"
	"\"skipped\", \"findings\": [{\"where\", \"commit\", \"file\",\n"
	"\"msgid\", \"line\", \"column\", \"severity\", \"rule\", \"message\", \"ignored\"}]}.";

/* What the options and operands ask for. */
struct request {
	gboolean rules_only, files;
	char *series, *range, *policy_file, *ignore_file, *mailmap_file, *submitter, **mboxes;
	char *thread, *source;		/* --thread MSGID (without <>), --source S */
	GBytes *thread_mbox;		/* the thread fetched */
	char *link_base;		/* where links to the mails point */
	char *current;			/* the current series, when nothing was named */
	int version;
	char **ops;			/* the operands, nops of them */
	int nops;
	struct lint_submitter sub;	/* --submitter split (owned) */
};

static void request_clear(struct request *q)
{
	g_free(q->series);
	g_free(q->current);
	g_free(q->range);
	g_free(q->policy_file);
	g_free(q->ignore_file);
	g_free(q->mailmap_file);
	g_free(q->submitter);
	g_strfreev(q->mboxes);
	g_free(q->thread);
	g_free(q->source);
	g_free(q->link_base);
	if (q->thread_mbox)
		g_bytes_unref(q->thread_mbox);
	g_free((char *)q->sub.name);
	g_free((char *)q->sub.email);
}

/* The usage errors.  Returns -1 to go on, else the exit code. */
static int check_request(struct ctx *ctx, struct request *q)
{
	char *name = NULL, *email = NULL;
	int rc;

	if (q->version && !q->series)
		return usage_error(ctx, "--version needs --series");
	if (q->version < 0)
		return usage_error(ctx, "--version %d: versions count from 1", q->version);
	if (q->source && !q->thread)
		return usage_error(ctx, "--source goes with --thread");
	if (q->thread && (q->mboxes || q->nops || q->series || q->range))
		return usage_error(ctx, "--thread takes no REVS, --series, --rev-range or mail FILEs");
	q->files = q->mboxes != NULL || q->thread != NULL;
	if (!q->files && q->nops && !q->series && !q->range) {
		q->files = operands_are_files(ctx, ctx->repo, q->ops, q->nops, &rc);
		if (rc)
			return rc;
	}
	if ((q->series != NULL) + (q->range != NULL) + (q->files || q->nops > 0) > 1 ||
	    (q->files && q->nops && q->mboxes == NULL && (q->series || q->range)))
		return usage_error(ctx, "give one of REVS, --rev-range, --series, or mail FILEs");
	if (!q->files && !ctx->repo && !q->rules_only)
		return failf(QUILL_ERROR_USAGE, "%s: not in a git repository (mail FILEs need none)",
			     ctx->name);
	if (q->submitter && !ident_split(q->submitter, &name, &email))
		return usage_error(ctx, "--submitter '%s': no address", q->submitter);
	q->sub.name = name;
	q->sub.email = email;
	return -1;
}

/* The mails of --mbox and the FILE operands. */
static int lint_mails(struct ctx *ctx, struct request *q, struct lint *l,
		      const struct lint_sink *sink, struct findings *fs)
{
	GPtrArray *paths = g_ptr_array_new();
	struct lint_run_counts c;
	GError *e = NULL;
	int rc;

	for (char **m = q->mboxes; m && *m; m++)
		g_ptr_array_add(paths, *m);
	for (int i = 0; i < q->nops; i++)
		g_ptr_array_add(paths, q->ops[i]);
	if (q->thread_mbox)
		lint_run_mbox_bytes(l, q->thread, q->thread_mbox, &q->sub, sink, &c);
	if (!q->thread_mbox &&
	    !lint_run_mails(l, (char **)paths->pdata, (int)paths->len, &q->sub, sink, &c, &e))
		rc = fail(e);
	else if (c.messages && c.not_mail == c.messages)
		rc = failf(QUILL_ERROR_INPUT, "%s: no mail in the input", ctx->name);
	else
		rc = summary(ctx, &c, fs, "mails");
	g_ptr_array_free(paths, TRUE);
	return rc;
}

/* What the request runs over: mails, a series' version (--series, or,
 * with nothing named, the current series: q->current set), else commits. */
static enum lint_run_kind run_kind(struct ctx *ctx, struct request *q)
{
	if (q->files)
		return LINT_RUN_MAILS;
	if (!q->series && !q->range && !q->nops && ctx->repo &&
	    series_current(&q->current, ctx->repo, NULL, NULL))
		q->series = g_strdup(q->current);
	return q->series ? LINT_RUN_SERIES : LINT_RUN_REVS;
}

/* A series' version, REVS, --rev-range, or (nothing) the current series,
 * else HEAD. */
static int lint_commits(struct ctx *ctx, struct request *q, struct lint *l,
			const struct lint_sink *sink, struct findings *fs)
{
	char *head[1] = { (char *)"HEAD" };
	struct lint_run_counts c;
	GError *e = NULL;
	gboolean ok;

	if (q->series) {
		struct series *s;

		ok = open_series(&s, ctx, q->current ? NULL : q->series, &e);
		if (ok) {
			ok = lint_run_series(l, ctx->repo, s, q->version, &q->sub, sink, &c, &e);
			series_free(s);
		}
	} else {
		/* each object is read once: libgit2's cache would only cost */
		git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
		ok = q->nops || q->range
			     ? lint_run_revs(l, ctx->repo, q->ops, q->nops, q->range, &q->sub, sink, &c, &e)
			     : lint_run_revs(l, ctx->repo, head, 1, NULL, &q->sub, sink, &c, &e);
	}
	return ok ? summary(ctx, &c, fs, "commits") : fail(e);
}

/* --thread: the thread MSGID is in, from --source (else quill.source,
 * else lore).  Returns -1 to go on, else the exit code. */
static int fetch_thread(struct ctx *ctx, struct request *q)
{
	struct archive_opts ao = { 0 };
	struct archive *a;
	struct archive_thread t = { 0 };
	GError *e = NULL;
	gsize len = strlen(q->thread);
	const char *spec;

	if (len >= 2 && q->thread[0] == '<' && q->thread[len - 1] == '>') {
		memmove(q->thread, q->thread + 1, len - 2);
		q->thread[len - 2] = '\0';
	}
	ao.warn = warn_print;
	if (!archive_opts_from_env(&ao, &e) || !archive_open(&a, q->source, ctx->repo, &ao, &e))
		return fail(e);
	t.msgid = q->thread;
	if (!archive_threads(a, &t, 1, &e)) {
		archive_free(a);
		return fail(e);
	}
	spec = archive_spec(a);
	q->link_base = g_str_has_prefix(spec, "lore:") ? g_strdup(spec + 5)
						       : archive_lore_base(ctx->repo);
	archive_free(a);
	if (t.error)
		return fail(t.error);
	q->thread_mbox = t.mbox;
	return -1;
}

/* The replies in the mails linted, scanned (NULL when they cannot be read:
 * the run says why; or when one is standard input). */
static struct review_lint *mails_review(struct ctx *ctx, struct request *q)
{
	struct review_scan_opts so = { 0 };
	struct review_result *res = NULL;
	struct source *src = NULL;
	GPtrArray *paths = g_ptr_array_new();
	gboolean ok = TRUE;
	GError *e = NULL;

	for (char **m = q->mboxes; m && *m; m++)
		g_ptr_array_add(paths, *m);
	for (int i = 0; i < q->nops; i++)
		g_ptr_array_add(paths, q->ops[i]);
	for (guint i = 0; i < paths->len; i++)
		ok &= strcmp(g_ptr_array_index(paths, i), "-") != 0;
	if (!q->link_base)
		q->link_base = archive_lore_base(ctx->repo);
	if (q->thread_mbox) {
		src = source_new(NULL, NULL);
		source_add_bytes(src, q->thread, q->thread_mbox);
	} else if (ok) {
		ok = source_open(&src, (char *const *)paths->pdata, (int)paths->len, NULL, NULL, &e);
	}
	so.link_base = q->link_base;
	ok = ok && review_scan(src, &so, &res, &e);
	g_clear_error(&e);
	source_free(src);
	g_ptr_array_free(paths, TRUE);
	return ok ? review_lint_scan(res) : NULL;
}

/* The review history of the run (NULL: none): the series' pulled review,
 * the replies among the mails, or (--list-rules) an empty one.  Returns -1
 * to go on, else the exit code. */
static int review_for(struct ctx *ctx, struct request *q, enum lint_run_kind kind,
		      struct review_lint **out)
{
	struct series *s;
	GError *e = NULL;

	*out = NULL;
	if (kind == LINT_RUN_REVS)
		return -1;
	if (q->rules_only) {
		*out = review_lint_empty();
		return -1;
	}
	if (kind == LINT_RUN_MAILS) {
		*out = mails_review(ctx, q);
		return -1;
	}
	/* a series that does not open is the run's error */
	if (!open_series(&s, ctx, q->current ? NULL : q->series, &e)) {
		g_clear_error(&e);
		return -1;
	}
	if (!review_lint_series(out, ctx->repo, s, q->version, &e)) {
		series_free(s);
		return fail(e);
	}
	series_free(s);
	return -1;
}

/* The policy, the mailmap and the exceptions, then the run. */
static int lint_request(struct ctx *ctx, struct request *q)
{
	struct policy *policy = policy_new(lint_rule_ids());
	git_mailmap *mm = NULL;
	struct lint_ignore *ig = NULL;
	struct lint *l;
	struct review_lint *rl = NULL;
	enum lint_run_kind kind;
	struct findings fs = { ctx, 0, 0, 0, 0, ctx->json ? json_array() : NULL };
	struct lint_sink sink = { findings_take, NULL, &fs, warn_print, NULL };
	GError *e = NULL;
	int rc;

	if (!policy_load_standard(policy, ctx->res, ctx->repo, q->policy_file, warn_print, NULL, &e) ||
	    !ident_mailmap_load(&mm, ctx->repo, q->mailmap_file, &e) ||
	    !lint_exceptions_load(&ig, ctx->repo, q->ignore_file, warn_print, NULL, &e)) {
		rc = fail(e);
		goto out;
	}
	kind = run_kind(ctx, q);
	if ((q->thread && !q->rules_only && (rc = fetch_thread(ctx, q)) >= 0) ||
	    (rc = review_for(ctx, q, kind, &rl)) >= 0)
		goto out;
	l = lint_new(policy, ctx->repo, mm, rl ? review_lint_provider(rl) : NULL, ig);
	if (q->rules_only)
		rc = list_rules(ctx, l, kind);
	else if (kind == LINT_RUN_MAILS)
		rc = lint_mails(ctx, q, l, &sink, &fs);
	else
		rc = lint_commits(ctx, q, l, &sink, &fs);
	lint_free(l);
out:
	review_lint_free(rl);
	json_decref(fs.list);
	lint_ignore_free(ig);
	git_mailmap_free(mm);
	policy_free(policy);
	return rc;
}

int cmd_trailer_lint(int argc, char **argv, struct ctx *ctx)
{
	struct request q = { 0 };
	GOptionEntry entries[] = {
		{ "series", 0, 0, G_OPTION_ARG_STRING, &q.series, "The patches of series NAME", "NAME" },
		{ "version", 0, 0, G_OPTION_ARG_INT, &q.version, "With --series: frozen version N (default: the working one)", "N" },
		{ "mbox", 0, 0, G_OPTION_ARG_STRING_ARRAY, &q.mboxes, "Patch mails in FILE (repeatable)", "FILE" },
		{ "thread", 0, 0, G_OPTION_ARG_STRING, &q.thread, "The patch mails of the thread MSGID is in", "MSGID" },
		{ "source", 0, 0, G_OPTION_ARG_STRING, &q.source, "With --thread: where to fetch it from (as mail get)", "S" },
		{ "rev-range", 0, 0, G_OPTION_ARG_STRING, &q.range, "The commits of RANGE as trailer parse takes it (REV: its history)", "RANGE" },
		{ "policy", 0, 0, G_OPTION_ARG_STRING, &q.policy_file, "A policy file applied last", "FILE" },
		{ "ignore-file", 0, 0, G_OPTION_ARG_STRING, &q.ignore_file, "Exceptions from FILE instead of .quill/lint-ignore", "FILE" },
		{ "mailmap", 0, 0, G_OPTION_ARG_STRING, &q.mailmap_file, "The mailmap FILE instead of the repository's", "FILE" },
		{ "submitter", 0, 0, G_OPTION_ARG_STRING, &q.submitter, "Who sends the patches (the last Signed-off-by)", "'NAME <ADDR>'" },
		{ "list-rules", 0, 0, G_OPTION_ARG_NONE, &q.rules_only, "Print the rules and their severities", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "One JSON document", NULL },
		G_OPTION_ENTRY_NULL
	};
	int rc = opt_parse(ctx, &argc, &argv, "[REVS... | --series NAME [--version N] | --mbox FILE | FILE... | --thread MSGID]",
			   help, entries);

	if (rc < 0) {
		q.ops = argv + 1;
		q.nops = argc - 1;
		/* optional: mail FILEs need none (run() frees it) */
		repo_open(&ctx->repo, NULL, NULL);
		rc = check_request(ctx, &q);
		if (rc < 0)
			rc = lint_request(ctx, &q);
	}
	request_clear(&q);
	return rc;
}
