/* mail-am.c - quill mail am: a posted series as an am-ready mbox, with the
 * trailers given on the list (b4 am). */
#include "cmd.h"
#include "core/error.h"
#include "core/file.h"
#include "git/config.h"
#include "lint/lint.h"
#include "net/archive.h"
#include "review/am.h"
#include "review/shazam.h"

#include <stdio.h>
#include <string.h>

static const char am_help[] =
	"The maintainer's side, as b4 am: reads the thread MSGID is in (fetched from\n"
	"--source, else quill.source, else lore), or the mailbox --mbox FILE (with a\n"
	"MSGID: only that message's thread), finds the posted versions by their\n"
	"subjects and takes the newest (or -v N).  A partial reroll (patches of vN\n"
	"sent in reply to the same X/N of v(N-1)) is completed from v(N-1); a version\n"
	"with other patches missing is named and refused (exit 1) unless --partial\n"
	"takes what is there.\n"
	"\n"
	"The trailers given in replies (Reviewed-by, Acked-by, Tested-by,\n"
	"Reported-by, Suggested-by; sender-checked as quill trailer collect does)\n"
	"are appended to each patch's trailer block in the order given, the cover's\n"
	"to every patch unless --no-cover-trailers; -l adds a Link: from\n"
	"quill.amLinkmask, else b4.linkmask, else https://patch.msgid.link/%s; -s\n"
	"adds your Signed-off-by (user.name, user.email) last.  The result is checked\n"
	"against the trailer policy (findings as warnings).\n"
	"\n"
	"-o FILE (written whole or not at all) or -o - (standard output) writes the\n"
	"patches, no cover, as one mboxrd for git am: each as posted but for its\n"
	"trailer block and its subject ([PATCH vN i/n]).  -o is required unless\n"
	"--json, which prints {\"version\", \"patches\":[{\"patch\", \"subject\",\n"
	"\"author\", \"msgid\", \"added\"}], \"missing\"} on standard output (so not\n"
	"with -o -); without it, the same as text.\n"
	"\n"
	"--apply applies the patches (as b4 shazam, without git am) on the\n"
	"series' base-commit: (else HEAD, with a warning) as commits with the\n"
	"posted authors and dates, committed by you, and creates the branch\n"
	"--branch NAME (default: am/ and the cover's subject slug); nothing is\n"
	"written unless every patch applies.  --checkout switches to it when the\n"
	"work tree is clean.  With commit.gpgSign true the commits are signed as\n"
	"git commit -S signs them (gpg.format, user.signingKey).\n"
	"\n"
	"A series written with -o or applied is remembered for quill series thanks\n"
	"in $XDG_DATA_HOME/quill/thanks/ (else ~/.local/share/quill/thanks/).\n"
	"\n"
	"Exit: 0 written; 1 no such thread, a patch does not apply, the version is not there or patches are\n"
	"missing; 2 bad usage; 3 nothing in the input is a patch, or it is not mail;\n"
	"4 the archive failed.";

struct am_args {
	char *mbox, *output, *source, *branch;
	gboolean signoff, link, no_cover, partial, apply, checkout;
	int version;
};

static void am_view(struct ctx *ctx, const json_t *report)
{
	const json_t *p, *t;
	size_t i, k;

	(void)ctx;
	printf("v%d\n", (int)json_integer_value(json_object_get(report, "version")));
	json_array_foreach(json_object_get(report, "patches"), i, p) {
		char *s = out_escape(json_string_value(json_object_get(p, "subject")));
		printf("%d %s\n", (int)json_integer_value(json_object_get(p, "patch")), s);
		g_free(s);
		json_array_foreach(json_object_get(p, "added"), k, t) {
			s = out_escape(json_string_value(t));
			printf("    + %s\n", s);
			g_free(s);
		}
	}
	json_array_foreach(json_object_get(report, "missing"), i, t) {
		char *s = out_escape(json_string_value(t));
		printf("missing: %s\n", s);
		g_free(s);
	}
}

/* The mail to read into src: the mbox, or the thread fetched; -1 to go on,
 * else the exit code. */
static int am_source(struct ctx *ctx, const struct am_args *a, const char *msgid,
		     struct source *src, struct source *again, struct source *rec)
{
	struct archive_opts ao = { 0 };
	struct archive *ar = NULL;
	struct archive_thread t = { 0 };
	GError *error = NULL;

	if (a->mbox)
		return source_add_path(src, a->mbox, &error) &&
			       source_add_path(again, a->mbox, &error) &&
			       source_add_path(rec, a->mbox, &error) ? -1 : fail(error);
	ao.warn = warn_print;
	t.msgid = msgid;
	if (!archive_opts_from_env(&ao, &error) ||
	    !archive_open(&ar, a->source, ctx->repo, &ao, &error) ||
	    !archive_threads(ar, &t, 1, &error)) {
		archive_free(ar);
		return fail(error);
	}
	archive_free(ar);
	if (t.error)
		return fail(t.error);
	source_add_bytes(src, msgid, t.mbox);
	source_add_bytes(again, msgid, t.mbox);
	source_add_bytes(rec, msgid, t.mbox);
	g_bytes_unref(t.mbox);
	return -1;
}

/* The Link: mask: quill.amLinkmask, else b4.linkmask, else patch.msgid.link. */
static char *am_linkmask(git_repository *repo)
{
	char *v = config_get(repo, "quill.amLinkmask");

	if (!v || !*v) {
		g_free(v);
		v = config_get(repo, "b4.linkmask");
	}
	if (!v || !*v) {
		g_free(v);
		v = g_strdup("https://patch.msgid.link/%s");
	}
	return v;
}

/* "Name <email>" from user.name and user.email, or NULL (exit code in *rc). */
static char *am_signoff(git_repository *repo)
{
	char *name = config_get(repo, "user.name"), *email = config_get(repo, "user.email");
	char *s = NULL;

	if (name && *name && email && *email)
		s = g_strdup_printf("%s <%s>", name, email);
	g_free(name);
	g_free(email);
	return s;
}

static int am_write(const char *path, const struct am_result *r)
{
	GString *mb = am_result_mbox(r);
	GError *error = NULL;
	int rc = 0;

	if (!strcmp(path, "-")) {
		if (fwrite(mb->str, 1, mb->len, stdout) != mb->len || fflush(stdout))
			rc = failf(QUILL_ERROR_OUTSIDE, "standard output: write failed");
	} else if (!file_write_atomic(path, mb->str, mb->len, &error)) {
		rc = fail(error);
	}
	g_string_free(mb, TRUE);
	return rc;
}

/* --apply: the patches of r as commits on a new branch. */
static int am_apply(struct ctx *ctx, const struct am_args *a, const struct am_result *r,
		    struct source *again)
{
	GPtrArray *vs = NULL;
	const struct shazam_version *v;
	char *branch = NULL;
	git_oid base, tip;
	gboolean co = FALSE;
	GError *error = NULL;
	int rc = 0;

	if (!ctx->repo)
		return failf(QUILL_ERROR_USAGE, "--apply needs a git repository");
	if (!shazam_versions(again, &vs, &error))
		return fail(error);
	v = shazam_version_get(vs, r->version);
	branch = a->branch ? g_strdup(a->branch) : shazam_branch_name(v ? v->subject : NULL);
	if (!shazam_base(&base, ctx->repo, v ? v->base_commit : NULL, warn_print, NULL, &error) ||
	    !shazam_commits(&tip, ctx->repo, r, &base, &error) ||
	    !shazam_branch(ctx->repo, branch, &tip, a->checkout, &co, warn_print, NULL, &error))
		rc = fail(error);
	else if (!ctx->json)
		fprintf(stderr, "quill: v%d applied on %.12s: branch %s%s\n", r->version,
			git_oid_tostr_s(&base), branch, co ? " (checked out)" : "");
	g_free(branch);
	g_ptr_array_unref(vs);
	return rc;
}

/* What was written or applied is remembered for series thanks; a record
 * that cannot be made is a warning. */
static void am_record(const struct am_result *r, struct source *rec)
{
	struct thanks_series *t = NULL;
	GError *error = NULL;

	if (!am_thanks_record(rec, r, &t, &error) || !thanks_record_write(t, &error)) {
		warn("not recorded for series thanks: %s", error->message);
		g_error_free(error);
	}
	thanks_series_free(t);
}

/* Options right, the repository (if any), config; then the run. */
static int am_run(struct ctx *ctx, struct am_args *a, const char *msgid)
{
	struct am_opts o = { 0 };
	struct source *src = source_new(warn_print, NULL), *again = source_new(NULL, NULL);
	struct source *rec = source_new(NULL, NULL);
	struct policy *policy = policy_new(lint_rule_ids());
	struct am_result *r = NULL;
	char *linkmask = NULL, *sob = NULL, *base = archive_lore_base(ctx->repo);
	GError *error = NULL;
	int rc = am_source(ctx, a, msgid, src, again, rec);

	if (rc >= 0)
		goto done;
	if (!policy_load_standard(policy, ctx->res, ctx->repo, NULL, warn_print, NULL, &error)) {
		rc = fail(error);
		goto done;
	}
	if (a->signoff && !(sob = am_signoff(ctx->repo))) {
		rc = usage_error(ctx, "-s needs user.name and user.email in git config");
		goto done;
	}
	if (a->link)
		linkmask = am_linkmask(ctx->repo);
	o.version = a->version;
	o.thread = msgid;
	o.name = a->mbox ? a->mbox : msgid;
	o.partial = a->partial;
	o.no_cover_trailers = a->no_cover;
	o.signoff = sob;
	o.linkmask = linkmask;
	o.link_base = base;
	o.policy = policy;
	o.repo = ctx->repo;
	o.warn = warn_print;
	if (!review_am(src, &o, &r, &error)) {
		rc = fail(error);
		goto done;
	}
	rc = a->output ? am_write(a->output, r) : 0;
	if (!rc && a->apply)
		rc = am_apply(ctx, a, r, again);
	if (!rc && (a->output || a->apply))
		am_record(r, rec);
	if (!rc && (ctx->json || !a->output))
		emit(ctx, am_result_json(r), am_view);
done:
	am_result_free(r);
	policy_free(policy);
	source_free(src);
	source_free(again);
	source_free(rec);
	g_free(linkmask);
	g_free(sob);
	g_free(base);
	return rc;
}

int cmd_mail_am(int argc, char **argv, struct ctx *ctx)
{
	struct am_args a = { 0 };
	GOptionEntry entries[] = {
		{ "mbox", 0, 0, G_OPTION_ARG_FILENAME, &a.mbox, "Read the mailbox FILE", "FILE" },
		{ "output", 'o', 0, G_OPTION_ARG_FILENAME, &a.output, "Write to FILE (- stdout)",
		  "FILE" },
		{ "signoff", 's', 0, G_OPTION_ARG_NONE, &a.signoff, "Add your Signed-off-by", NULL },
		{ "link", 'l', 0, G_OPTION_ARG_NONE, &a.link, "Add a Link: to each patch", NULL },
		{ "no-cover-trailers", 0, 0, G_OPTION_ARG_NONE, &a.no_cover,
		  "Do not add the cover's trailers", NULL },
		{ "version", 'v', 0, G_OPTION_ARG_INT, &a.version, "Take version N", "N" },
		{ "partial", 0, 0, G_OPTION_ARG_NONE, &a.partial, "Take a version with patches missing",
		  NULL },
		{ "source", 0, 0, G_OPTION_ARG_STRING, &a.source, "Where to fetch the thread from", "S" },
		{ "apply", 0, 0, G_OPTION_ARG_NONE, &a.apply, "Apply the patches on a new branch", NULL },
		{ "branch", 0, 0, G_OPTION_ARG_STRING, &a.branch, "The branch --apply creates", "NAME" },
		{ "checkout", 0, 0, G_OPTION_ARG_NONE, &a.checkout, "Switch to the branch --apply made",
		  NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print the report as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	char *msgid = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "MSGID | --mbox FILE [MSGID]", am_help, entries);

	if (rc >= 0)
		goto done;
	if ((rc = opt_max_operands(ctx, argc, 1)) >= 0)
		goto done;
	if (argc < 2 && !a.mbox) {
		rc = usage_error(ctx, "give a MSGID or --mbox FILE");
	} else if (a.mbox && a.source) {
		rc = usage_error(ctx, "--source fetches a MSGID; --mbox reads a file");
	} else if (!a.output && !ctx->json && !a.apply) {
		rc = usage_error(ctx, "give -o FILE (- for standard output), --apply or --json");
	} else if ((a.branch || a.checkout) && !a.apply) {
		rc = usage_error(ctx, "--branch and --checkout go with --apply");
	} else if (a.output && !strcmp(a.output, "-") && ctx->json) {
		rc = usage_error(ctx, "--json and -o - both write to standard output");
	} else if (a.version < 0) {
		rc = usage_error(ctx, "-v takes a version number");
	}
	if (rc >= 0)
		goto done;
	if (argc > 1) {
		gsize len = strlen(argv[1]);
		msgid = argv[1][0] == '<' && len >= 2 && argv[1][len - 1] == '>'
				? g_strndup(argv[1] + 1, len - 2)
				: g_strdup(argv[1]);
	}
	if (!ctx->repo)
		repo_open(&ctx->repo, NULL, NULL);
	rc = am_run(ctx, &a, msgid);
done:
	g_free(msgid);
	g_free(a.mbox);
	g_free(a.output);
	g_free(a.source);
	g_free(a.branch);
	return rc;
}
