/* trailer-collect.c - quill trailer collect: the trailers given on the
 * list, per version and patch; inside a repository matched to the
 * series' commits and, with --apply, written into them. */
#include "cmd.h"
#include "core/error.h"
#include "git/ident.h"
#include "lint/lint.h"
#include "net/archive.h"
#include "net/source.h"
#include "review/apply.h"
#include "review/collect.h"
#include "series/series.h"

#include <string.h>

static const char collect_help[] =
	"Collects the trailers (Reviewed-by, Acked-by, Tested-by, Reported-by,\n"
	"Suggested-by) given in replies to the posted versions of a series: read\n"
	"from each reply's own lines only (never the quoted ones), checked against\n"
	"the reply's sender (address with a +tag ignored and the mailmap, else the\n"
	"display name; a mismatch is listed, never added unless --accept-mismatch),\n"
	"the cover's trailers given to every patch, an older version's carried only\n"
	"to a patch whose stable patch-id did not change, duplicates dropped.\n"
	"\n"
	"The input is --mbox FILE... or --thread MSGID (fetched from --source S:\n"
	"lore[:URL], notmuch[:PATH], mirror:PATH, mbox:FILE, maildir:DIR); neither\n"
	"needs a repository, and without a series it reports what it would add.\n"
	"Inside a repository with a series (NAME, else the current one) and no\n"
	"input given, every sent version's thread is fetched from --source (default\n"
	"quill.source, else lore); the patches are matched to the branch's commits\n"
	"and --apply writes the trailers into them (--order policy sorts the block\n"
	"by trailers.conf; a signed commit needs --resign or --drop-signatures;\n"
	"--dry-run writes nothing).  --resign signs the rewritten signed commits\n"
	"again as git commit -S does (gpg.format, user.signingKey, gpg.program).\n"
	"\n"
	"--json prints {\"version\":N, \"patches\":[{\"version\", \"patch\", \"subject\",\n"
	"\"add\":[...], \"not_carried\":[{\"trailer\", \"reason\", \"link\"}],\n"
	"\"mismatch\":[{\"trailer\", \"from\"}]}], \"missing\":[...], \"messages\":N}.\n"
	"\n"
	"Exit: 0 done; 1 a signed commit without --resign or --drop-signatures;\n"
	"2 bad usage; 3 no patches in the input; 4 the archive or signing failed.\n";

struct collect_args {
	int version;
	char *source, *thread, *order;
	char **mbox;
	gboolean accept_mismatch, apply, resign, drop_signatures, dry_run;
};

static char *bare_id(const char *s)
{
	gsize len = strlen(s);

	return len >= 2 && s[0] == '<' && s[len - 1] == '>' ? g_strndup(s + 1, len - 2) : g_strdup(s);
}

/* Fetch the threads ids[0..n) into src (a failed one warned about unless
 * it is the only one); -1, else the exit code.  *link_base: the lore URL. */
static int fetch(git_repository *repo, const char *spec, char **ids, guint n, struct source *src,
		 char **link_base)
{
	struct archive_opts ao = { .warn = warn_print };
	struct archive *a = NULL;
	struct archive_thread *t = g_new0(struct archive_thread, n);
	GError *e = NULL;
	guint got = 0;
	int rc = -1;

	for (guint i = 0; i < n; i++)
		t[i].msgid = ids[i];
	if (!archive_opts_from_env(&ao, &e) || !archive_open(&a, spec, repo, &ao, &e) ||
	    !archive_threads(a, t, n, &e)) {
		rc = fail(e);
		goto done;
	}
	if (g_str_has_prefix(archive_spec(a), "lore:"))
		*link_base = g_strdup(archive_spec(a) + 5);
	for (guint i = 0; i < n; i++) {
		if (t[i].error) {
			if (n == 1) {
				rc = fail(g_steal_pointer(&t[i].error));
				goto done;
			}
			warn("<%s>: %s", ids[i], t[i].error->message);
			continue;
		}
		char *name = g_strdup_printf("%s thread <%s>", archive_spec(a), ids[i]);
		source_add_bytes(src, name, t[i].mbox);
		g_free(name);
		got++;
	}
	if (!got)
		rc = failf(QUILL_ERROR_OUTSIDE, "no thread of the series could be fetched");
done:
	for (guint i = 0; i < n; i++) {
		if (t[i].mbox)
			g_bytes_unref(t[i].mbox);
		if (t[i].error)
			g_error_free(t[i].error);
	}
	g_free(t);
	archive_free(a);
	return rc;
}

/* The recorded Message-IDs of s's sent versions: the threads to fetch
 * (one per version) into *ids, and every one as known posted mail; *all
 * cleared when a version's patches are not all recorded (frozen with only
 * the cover's Message-ID), so that the posted mail is found by subject. */
static GArray *recorded(const struct series *s, GPtrArray *ids, gboolean *all)
{
	GArray *known = g_array_new(FALSE, TRUE, sizeof(struct review_known));

	for (guint i = 0; i < s->versions->len; i++) {
		const struct series_version *v = g_ptr_array_index(s->versions, i);
		const char *first = v->cover_msgid;
		gboolean gap = FALSE;

		if (v->cover_msgid) {
			struct review_known k = { v->cover_msgid, v->number, 0 };
			g_array_append_val(known, k);
		}
		for (guint p = 0; p < v->patches->len; p++) {
			const struct series_patch *sp = g_ptr_array_index(v->patches, p);
			struct review_known k = { sp->msgid, v->number, (int)p + 1 };

			if (!sp->msgid) {
				gap = TRUE;
				continue;
			}
			g_array_append_val(known, k);
			if (!first)
				first = sp->msgid;
		}
		if (first)
			g_ptr_array_add(ids, (gpointer)first);
		if (first && gap)
			*all = FALSE;
	}
	return known;
}

/* Read the input and collect; -1, else the exit code. */
static int run_collect(struct ctx *ctx, const struct collect_args *ca, const struct series *s,
		       const git_mailmap *mm, struct collect_result **out)
{
	struct source *src = source_new(warn_print, NULL);
	struct collect_opts co = { .version = ca->version, .mailmap = mm,
				   .accept_mismatch = ca->accept_mismatch, .warn = warn_print };
	GPtrArray *ids = g_ptr_array_new();
	GArray *known = NULL;
	char *link_base = NULL, *thread = NULL;
	GError *e = NULL;
	int rc = -1;

	if (ca->mbox) {
		for (char **p = ca->mbox; *p && rc < 0; p++)
			if (!source_add_path(src, *p, &e))
				rc = fail(e);
	} else if (ca->thread) {
		thread = bare_id(ca->thread);
		rc = fetch(ctx->repo, ca->source, &thread, 1, src, &link_base);
	} else {
		gboolean all = TRUE;

		known = recorded(s, ids, &all);
		if (!ids->len)
			rc = failf(QUILL_ERROR_NEGATIVE, "series %s has no sent version to collect for",
				   s->name);
		else
			rc = fetch(ctx->repo, ca->source, (char **)ids->pdata, ids->len, src, &link_base);
		co.known = all ? (const struct review_known *)known->data : NULL;
		co.n_known = all ? known->len : 0;
	}
	if (rc < 0) {
		if (!link_base)
			link_base = archive_lore_base(ctx->repo);
		co.link_base = link_base;
		if (!review_collect(src, &co, out, &e)) {
			qerr_prefix(&e, "%s", ctx->name);
			rc = fail(e);
		}
	}
	source_free(src);
	g_ptr_array_unref(ids);
	if (known)
		g_array_unref(known);
	g_free(link_base);
	g_free(thread);
	return rc;
}

/* ---- the report ---- */

static json_t *collect_report(const struct collect_result *r, const struct series *s,
			      const struct apply_report *ar)
{
	json_t *doc = collect_result_json(r), *missing = json_array();
	json_t *ps = json_object_get(doc, "patches");

	json_object_set_new(doc, "version", json_integer(r->version));
	if (s)
		json_object_set_new(doc, "series", json_string(s->name));
	for (guint i = 0; s && i < r->patches->len; i++) {
		const struct collect_patch *p = g_ptr_array_index(r->patches, i);
		json_object_set_new(json_array_get(ps, i), "commit", json_str_or_null(p->commit));
	}
	for (guint i = 0; i < r->missing->len; i++)
		json_array_append_new(missing, json_string(g_ptr_array_index(r->missing, i)));
	json_object_set_new(doc, "missing", missing);
	json_object_set_new(doc, "messages", json_integer(r->messages));
	if (ar)
		json_object_set_new(doc, "apply",
				    json_pack("{s:i, s:i, s:o, s:o}", "commits", (int)ar->commits,
					      "trailers", (int)ar->trailers, "old_tip",
					      json_str_or_null(ar->old_tip), "new_tip",
					      json_str_or_null(ar->new_tip)));
	return doc;
}

/* s escaped, kept in pool until the view is done (borrowed). */
static const char *esc(GPtrArray *pool, const char *s)
{
	char *e = out_escape(s ? s : "");

	g_ptr_array_add(pool, e);
	return e;
}

static void collect_view(struct ctx *ctx, const json_t *report)
{
	const json_t *ps = json_object_get(report, "patches"), *apply;
	json_t *p, *t;
	GPtrArray *pool = g_ptr_array_new_with_free_func(g_free);
	size_t i, k;

	json_array_foreach(ps, i, p) {
		printf("%sv%d %d/%d %s%s\n", color(ctx, "bold"), jint(p, "version"), jint(p, "patch"),
		       (int)json_array_size(ps), esc(pool, jstr(p, "subject")), color(ctx, "reset"));
		json_array_foreach(json_object_get(p, "add"), k, t)
			printf("  %s+ %s%s\n", color(ctx, "green"), esc(pool, json_string_value(t)),
			       color(ctx, "reset"));
		json_array_foreach(json_object_get(p, "mismatch"), k, t)
			printf("  %s! mismatch: %s (from %s)%s\n", color(ctx, "red"),
			       esc(pool, jstr(t, "trailer")), esc(pool, jstr(t, "from")), color(ctx, "reset"));
		json_array_foreach(json_object_get(p, "not_carried"), k, t)
			printf("  %s- not carried: %s (%s) %s%s\n", color(ctx, "yellow"),
			       esc(pool, jstr(t, "trailer")), esc(pool, jstr(t, "reason")),
			       esc(pool, jstr(t, "link")), color(ctx, "reset"));
	}
	json_array_foreach(json_object_get(report, "missing"), i, t)
		printf("missing: %s\n", esc(pool, json_string_value(t)));
	if ((apply = json_object_get(report, "apply")))
		printf("%s %d %s in %d %s\n",
		       json_is_string(json_object_get(apply, "new_tip")) ? "added" : "would add",
		       jint(apply, "trailers"), plural_word(jint(apply, "trailers"), "trailer", "trailers"),
		       jint(apply, "commits"), plural_word(jint(apply, "commits"), "commit", "commits"));
	g_ptr_array_unref(pool);
}

/* ---- the command ---- */

/* The series to collect for, when there is a repository and one is named
 * or (with no input given) found; *s stays NULL without.  -1, else the
 * exit code. */
static int find_series(struct ctx *ctx, const struct collect_args *ca, const char *name,
		       struct series **s)
{
	GError *e = NULL;
	gboolean input = ca->mbox || ca->thread;

	if (!ctx->repo) {
		if (name || !input)
			return usage_error(ctx, "not in a git repository: give --mbox FILE or --thread MSGID");
		return -1;
	}
	if (open_series(s, ctx, name, &e))
		return -1;
	if (input && !name) {
		g_error_free(e);	/* no series: report what it would add */
		return -1;
	}
	return fail(e);
}

/* Match to the branch and, with --apply, write; -1, else the exit code. */
static int match_apply(struct ctx *ctx, const struct collect_args *ca, struct series *s,
		       struct collect_result *r, struct apply_report *ar)
{
	struct apply_opts ao = { .order_policy = ca->order != NULL, .resign = ca->resign,
				 .drop_signatures = ca->drop_signatures, .dry_run = ca->dry_run,
				 .warn = warn_print };
	struct policy *pol = NULL;
	GError *e = NULL;
	int rc = -1;

	if (!review_collect_match(ctx->repo, s, r, warn_print, NULL, &e))
		return fail(e);
	if (ca->apply && ca->order) {
		/* the policy in force (trailers.conf, the repository's own) */
		pol = policy_new(lint_rule_ids());
		if (!policy_load_standard(pol, ctx->res, ctx->repo, NULL, warn_print, NULL, &e))
			rc = fail(e);
		ao.policy = pol;
	}
	if (rc < 0 && ca->apply && !review_apply(ctx->repo, s, r, &ao, ar, &e))
		rc = fail(e);
	if (pol)
		policy_free(pol);
	return rc;
}

static int check_args(struct ctx *ctx, const struct collect_args *ca)
{
	if (!!ca->mbox + !!ca->thread + (ca->source && !ca->thread && ca->mbox) > 1)
		return usage_error(ctx, "give one of --source, --mbox and --thread");
	if (ca->order && strcmp(ca->order, "policy"))
		return usage_error(ctx, "--order takes 'policy'");
	if ((ca->order || ca->resign || ca->drop_signatures || ca->dry_run) && !ca->apply)
		return usage_error(ctx, "--order, --resign, --drop-signatures and --dry-run go with --apply");
	if (ca->resign && ca->drop_signatures)
		return usage_error(ctx, "--resign and --drop-signatures exclude each other");
	if (ca->version < 0)
		return usage_error(ctx, "--version takes a number from 1");
	return -1;
}

int cmd_trailer_collect(int argc, char **argv, struct ctx *ctx)
{
	struct collect_args ca = { 0 };
	GOptionEntry entries[] = {
		{ "version", 'v', 0, G_OPTION_ARG_INT, &ca.version, "Collect for version N (default: the newest)", "N" },
		{ "source", 0, 0, G_OPTION_ARG_STRING, &ca.source, "Where to fetch the threads from", "S" },
		{ "mbox", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &ca.mbox, "Read this mailbox (repeatable)", "FILE" },
		{ "thread", 0, 0, G_OPTION_ARG_STRING, &ca.thread, "Fetch the thread MSGID is in", "MSGID" },
		{ "accept-mismatch", 0, 0, G_OPTION_ARG_NONE, &ca.accept_mismatch, "Add trailers whose sender check failed", NULL },
		{ "apply", 0, 0, G_OPTION_ARG_NONE, &ca.apply, "Write the trailers into the branch's commits", NULL },
		{ "order", 0, 0, G_OPTION_ARG_STRING, &ca.order, "With --apply: sort the trailer block by the policy", "policy" },
		{ "resign", 0, 0, G_OPTION_ARG_NONE, &ca.resign, "With --apply: re-sign signed commits", NULL },
		{ "drop-signatures", 0, 0, G_OPTION_ARG_NONE, &ca.drop_signatures, "With --apply: rewrite signed commits unsigned", NULL },
		{ "dry-run", 0, 0, G_OPTION_ARG_NONE, &ca.dry_run, "With --apply: write nothing", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the report as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct series *s = NULL;
	struct collect_result *r = NULL;
	struct apply_report ar = { 0 };
	git_mailmap *mm = NULL;
	GError *e = NULL;
	int rc = opt_parse(ctx, &argc, &argv,
			   "[NAME] [--source S | --mbox FILE... | --thread MSGID] [--apply]",
			   collect_help, entries);

	if (rc < 0)
		rc = opt_max_operands(ctx, argc, 1);
	if (rc < 0)
		rc = check_args(ctx, &ca);
	if (rc >= 0)
		goto done;
	if (!ctx->repo)
		repo_open(&ctx->repo, NULL, NULL);	/* none is fine with --mbox/--thread */
	if ((rc = find_series(ctx, &ca, argc > 1 ? argv[1] : NULL, &s)) >= 0)
		goto done;
	if (ca.apply && !s) {
		rc = usage_error(ctx, "--apply needs a series");
		goto done;
	}
	if (!ident_mailmap_load(&mm, ctx->repo, NULL, &e)) {
		rc = fail(e);
		goto done;
	}
	if ((rc = run_collect(ctx, &ca, s, mm, &r)) >= 0)
		goto done;
	if (s && (rc = match_apply(ctx, &ca, s, r, &ar)) >= 0)
		goto done;
	emit(ctx, collect_report(r, s, ca.apply ? &ar : NULL), collect_view);
	rc = 0;
done:
	collect_result_free(r);
	if (s)
		series_free(s);
	if (mm)
		git_mailmap_free(mm);
	g_free(ar.old_tip);
	g_free(ar.new_tip);
	g_free(ca.source);
	g_free(ca.thread);
	g_free(ca.order);
	g_strfreev(ca.mbox);
	return rc;
}
