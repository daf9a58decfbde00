/* trailer-lint.c - quill trailer lint: the commits of REVS, of a series'
 * version, or mails, checked against the trailer policy (lib/lint); one
 * line per finding, a summary, or --json. */
#include "cmd.h"
#include "git/config.h"
#include "core/error.h"
#include "git/ident.h"
#include "lint/lint.h"
#include "git/logwalk.h"
#include "mail/mbox.h"
#include "git/revs.h"
#include "series/series.h"
#include "git/commit.h"

#include <stdio.h>
#include <string.h>

#define NOTES_REF "refs/notes/quill-lint"

struct run {
	struct ctx *ctx;
	struct lint *lint;
	gboolean json;
	json_t *findings;		/* --json: the array */
	GArray *out;			/* struct lint_finding */
	guint checked, skipped;
	struct finding_counts n;
	const char *submitter_name, *submitter_email;	/* --submitter or the sender */
	gboolean committer_submits;	/* REVS: each commit's committer submits it */
};

/* Print (or keep, for --json) the findings in r->out, then empty it. */
static void flush(struct run *r)
{
	findings_flush(r->ctx, r->out, &r->n, r->json ? r->findings : NULL);
}

/* Every commit of the walk (merges are skipped, as checkpatch -g skips them). */
static int lint_walk(struct run *r, struct logwalk *lw)
{
	GError *e = NULL;
	git_oid oid;
	const char *msg;
	size_t len;
	char where[13];

	while (logwalk_next(lw, &oid, &msg, &len, &e)) {
		struct lint_input in = { 0 };
		char *an, *ae, *cn = NULL, *ce = NULL;

		if (logwalk_parent_count(lw) > 1) {
			r->skipped++;
			continue;
		}
		logwalk_person(lw, "author", &an, &ae);
		if (r->committer_submits)
			logwalk_person(lw, "committer", &cn, &ce);
		git_oid_tostr(where, sizeof(where), &oid);
		in.where = where;
		in.message = msg;
		in.len = len;
		in.oid = &oid;
		in.author_name = an;
		in.author_email = ae;
		in.submitter_name = r->committer_submits ? cn : r->submitter_name;
		in.submitter_email = r->committer_submits ? ce : r->submitter_email;
		lint_check(r->lint, &in, r->out);
		r->checked++;
		flush(r);
		g_free(an);
		g_free(ae);
		g_free(cn);
		g_free(ce);
	}
	logwalk_free(lw);
	return e ? fail(e) : 0;
}

/* REVS in rev-list's syntax, or --rev-range RANGE as trailer parse takes it
 * (REV: its whole history). */
static int lint_revs(struct run *r, git_repository *repo, char **revs, int n, const char *range)
{
	GPtrArray *walks = NULL;
	struct logwalk *lw;
	GError *e = NULL;
	int rc = 0;

	/* each object is read once: libgit2's cache would only cost */
	git_libgit2_opts(GIT_OPT_ENABLE_CACHING, 0);
	if (range) {
		if (!logwalk_new(&lw, repo, range, &e))
			return fail(e);
		return lint_walk(r, lw);
	}
	if (!revs_parse(&walks, repo, revs, n, &e))
		return fail(e);
	for (guint i = 0; i < walks->len && !rc; i++) {
		const struct revs_walk *w = g_ptr_array_index(walks, i);

		if (!logwalk_new_oids(&lw, repo, (const git_oid *)(void *)w->tips->data, w->tips->len,
				      (const git_oid *)(void *)w->bottoms->data, w->bottoms->len, &e))
			rc = fail(e);
		else
			rc = lint_walk(r, lw);
	}
	g_ptr_array_unref(walks);
	return rc;
}

gboolean lint_exceptions_load(struct lint_ignore **out, git_repository *repo, const char *file,
			      GError **error)
{
	struct lint_ignore *ig = lint_ignore_new();
	gboolean ok = TRUE;

	if (file) {
		ok = lint_ignore_load(ig, file, FALSE, error);
	} else if (repo && git_repository_workdir(repo)) {
		char *path = g_build_filename(git_repository_workdir(repo), ".quill", "lint-ignore", NULL);

		ok = lint_ignore_load(ig, path, TRUE, error);
		g_free(path);
	}
	if (ok && repo)
		ok = lint_ignore_notes(ig, repo, NOTES_REF, error);
	*out = ig;	/* freed by the caller either way */
	return ok;
}

static int lint_series(struct run *r, git_repository *repo, const char *name, int version)
{
	struct series *s;
	GPtrArray *patches = NULL;
	struct series_benches sb;
	const char *cover;
	GError *e = NULL;
	char where[13];

	if (!open_series(&s, r->ctx, name, &e))
		return fail(e);
	if (version == s->version)
		version = 0;
	if (!series_load_patches(&patches, NULL, NULL, repo, s, version, 0, &e)) {
		series_free(s);
		return fail(e);
	}
	/* the claim rules: the cover, then each commit, against the version's
	 * benchmarks (a benchmark file that does not read leaves them out, as
	 * bench check would fail on it) */
	if (series_benches_open(&sb, s, version ? version : s->version, &e)) {
		lint_set_benchmarks(r->lint, &sb.lb);
	} else {
		warn("%s; the claims are not checked", e->message);
		g_clear_error(&e);
	}
	cover = version ? series_get_version(s, version)->cover : s->cover;
	if (cover) {
		struct lint_input in = { 0 };

		in.where = "cover";
		in.message = cover;
		in.len = strlen(cover);
		in.cover = TRUE;
		lint_check_text(r->lint, &in, r->out);
		flush(r);
	}
	for (guint i = 0; i < patches->len; i++) {
		const struct commit_patch *p = g_ptr_array_index(patches, i);
		struct lint_input in = { 0 };

		git_oid_tostr(where, sizeof(where), &p->oid);
		in.where = where;
		in.message = p->message;
		in.len = strlen(p->message);
		in.oid = &p->oid;
		in.author_name = p->author_name;
		in.author_email = p->author_email;
		in.submitter_name = r->submitter_name;
		in.submitter_email = r->submitter_email;
		lint_check(r->lint, &in, r->out);
		r->checked++;
		flush(r);
	}
	lint_set_benchmarks(r->lint, NULL);
	series_benches_close(&sb);
	g_ptr_array_unref(patches);
	series_free(s);
	return 0;
}

static void mail_free(gpointer p)
{
	lint_mail_clear(p);
	g_free(p);
}

/* Every patch mail of the sources, then the rules over all of them. */
static int lint_mails(struct run *r, char **paths, int n)
{
	GPtrArray *mails = g_ptr_array_new_with_free_func(mail_free);
	GPtrArray *set = g_ptr_array_new();
	guint not_mail = 0, seen = 0;
	int rc = 0;

	for (int i = 0; i < n && !rc; i++) {
		struct mbox *mb;
		struct mbox_msg mm;
		GError *e = NULL;
		const char *prev = NULL;
		char *prev_path = NULL;
		guint line = 1;

		if (!mbox_open(&mb, paths[i], MBOX_RD, &e)) {
			rc = fail(e);
			break;
		}
		while (mbox_next(mb, &mm, &e)) {
			struct lint_mail *lm = g_new0(struct lint_mail, 1);
			gsize len;
			char *data = mbox_unescape(mm.data, mm.len, mbox_get_format(mb), &len);
			GError *me = NULL;

			/* the line the message starts on, counted from the last one
			 * of the same file (each message of a Maildir is its own) */
			if (!prev || g_strcmp0(prev_path, mm.path)) {
				line = mm.from_line ? 2 : 1;
				g_free(prev_path);
				prev_path = g_strdup(mm.path);
			} else {
				for (const char *p = prev; p < mm.data; p++)
					line += *p == '\n';
			}
			prev = mm.data;
			seen++;
			if (!lint_mail_read(lm, mm.path ? mm.path : paths[i], data, len, line, &me)) {
				warn("%s: message %u: %s: skipped", paths[i], mm.index, me->message);
				g_error_free(me);
				g_free(lm);
				g_free(data);
				not_mail++;
				continue;
			}
			g_free(data);
			if (r->submitter_email) {
				lm->in.submitter_name = r->submitter_name;
				lm->in.submitter_email = r->submitter_email;
			}
			g_ptr_array_add(mails, lm);
			g_ptr_array_add(set, &lm->in);
			if (lm->is_reply || lm->is_cover || !lm->is_patch) {
				r->skipped++;
				continue;
			}
			lint_check(r->lint, &lm->in, r->out);
			r->checked++;
			flush(r);
		}
		if (e) {
			warn("%s", e->message);
			g_error_free(e);
		}
		g_free(prev_path);
		mbox_close(mb);
	}
	if (!rc) {
		lint_check_set(r->lint, (const struct lint_input *const *)set->pdata, set->len, r->out);
		flush(r);
		if (seen && not_mail == seen) {
			fprintf(stderr, "quill: %s: no mail in the input\n", r->ctx->name);
			rc = 3;
		}
	}
	g_ptr_array_free(set, TRUE);
	g_ptr_array_unref(mails);
	return rc;
}

static int list_rules(struct run *r)
{
	guint n;
	const struct lint_rule *rules = lint_rules(&n);
	json_t *a = r->json ? json_array() : NULL;

	for (guint i = 0; i < n; i++) {
		enum policy_severity s = lint_severity(r->lint, &rules[i]);
		const char *needs = rules[i].needs & LINT_NEEDS_BENCH ? "benchmarks: --series"
				    : rules[i].needs & LINT_NEEDS_REVIEW ? "the review history"
				    : rules[i].needs & LINT_NEEDS_REPO ? "a repository"
				    : rules[i].needs & LINT_SET ? "several mails" : NULL;

		if (a) {
			json_t *o = json_object();

			json_object_set_new(o, "rule", json_string(rules[i].id));
			json_object_set_new(o, "severity", json_string(policy_severity_name(s)));
			json_object_set_new(o, "default", json_string(policy_severity_name(rules[i].severity)));
			json_object_set_new(o, "needs", json_str_or_null(needs));
			json_object_set_new(o, "summary", json_string(rules[i].summary));
			json_array_append_new(a, o);
		} else {
			printf("%-24s %-8s %s%s%s%s\n", rules[i].id, policy_severity_name(s),
			       rules[i].summary, needs ? " (needs " : "", needs ? needs : "",
			       needs ? ")" : "");
		}
	}
	if (a) {
		json_t *doc = json_object();

		json_object_set_new(doc, "rules", a);
		print_json(doc);
	}
	return 0;
}

static void plural(GString *s, guint n, const char *one, const char *many)
{
	g_string_append_printf(s, "%u %s", n, n == 1 ? one : many);
}

static void summary(struct run *r, const char *what)
{
	if (r->json) {
		json_t *doc = json_object();

		json_object_set_new(doc, "checked", json_integer(r->checked));
		json_object_set_new(doc, "kind", json_string(what));
		json_object_set_new(doc, "errors", json_integer(r->n.errors));
		json_object_set_new(doc, "warnings", json_integer(r->n.warnings));
		json_object_set_new(doc, "info", json_integer(r->n.infos));
		json_object_set_new(doc, "ignored", json_integer(r->n.ignored));
		json_object_set_new(doc, "skipped", json_integer(r->skipped));
		json_object_set_new(doc, "findings", r->findings);
		r->findings = NULL;
		print_json(doc);
	} else {
		GString *s = g_string_new("total: ");

		plural(s, r->n.errors, "error", "errors");
		g_string_append(s, ", ");
		plural(s, r->n.warnings, "warning", "warnings");
		g_string_append_printf(s, ", %u info", r->n.infos);
		if (r->n.ignored)
			g_string_append_printf(s, " (%u ignored)", r->n.ignored);
		g_string_append(s, " in ");
		plural(s, r->checked, !strcmp(what, "mails") ? "mail" : "commit", what);
		if (r->skipped)
			g_string_append_printf(s, " (%u skipped: %s)", r->skipped,
					       !strcmp(what, "mails") ? "covers, replies, not patches"
					       : "merges");
		printf("%s\n", s->str);
		g_string_free(s, TRUE);
	}
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
	"                   lines of the file.  The submitter is the From: header.\n"
	"  nothing          the current series (see 'quill series show'), else HEAD.\n"
	"\n"
	"The policy: the installed trailers.conf (beside the binary, PREFIX/share/quill or\n"
	"built in), then the repository's .quill/trailers.conf (or trailers.conf at the\n"
	"root of its work tree), then --policy FILE.  A bad key or value is refused with\n"
	"FILE:LINE (exit 3).  --list-rules prints every rule with the severity in force.\n"
	"\n"
	"Exceptions, never in a commit message: lines 'COMMIT RULE-ID  # why' (COMMIT: 7 to\n"
	"40 hex digits, or a <message-id> for a mail) in .quill/lint-ignore of the work tree\n"
	"(or --ignore-file FILE), and notes on " NOTES_REF ", one 'RULE-ID  # why' a\n"
	"line ('git notes --ref=quill-lint add -m \"long-line  # a log\" COMMIT').  Ignored\n"
	"findings are counted in the summary, and listed in --json with \"ignored\": true.\n"
	"\n"
	"One person under two addresses is joined by the mailmap: the repository's\n"
	"(.mailmap, mailmap.file, mailmap.blob), or --mailmap FILE instead.\n"
	"\n"
	"--json prints {\"checked\", \"kind\" (commits or mails), \"errors\", \"warnings\",\n"
	"\"info\", \"ignored\", \"skipped\", \"findings\": [{\"where\", \"commit\", \"file\",\n"
	"\"msgid\", \"line\", \"column\", \"severity\", \"rule\", \"message\", \"ignored\"}]}.";

int cmd_trailer_lint(int argc, char **argv, struct ctx *ctx)
{
	gboolean json = FALSE, rules_only = FALSE;
	char *series = NULL, *range = NULL, *policy_file = NULL, *ignore_file = NULL;
	char *mailmap_file = NULL, *submitter = NULL, **mboxes = NULL;
	int version = 0;
	GOptionEntry entries[] = {
		{ "series", 0, 0, G_OPTION_ARG_STRING, &series, "The patches of series NAME", "NAME" },
		{ "version", 0, 0, G_OPTION_ARG_INT, &version, "With --series: frozen version N (default: the working one)", "N" },
		{ "mbox", 0, 0, G_OPTION_ARG_STRING_ARRAY, &mboxes, "Patch mails in FILE (repeatable)", "FILE" },
		{ "rev-range", 0, 0, G_OPTION_ARG_STRING, &range, "The commits of RANGE as trailer parse takes it (REV: its history)", "RANGE" },
		{ "policy", 0, 0, G_OPTION_ARG_STRING, &policy_file, "A policy file applied last", "FILE" },
		{ "ignore-file", 0, 0, G_OPTION_ARG_STRING, &ignore_file, "Exceptions from FILE instead of .quill/lint-ignore", "FILE" },
		{ "mailmap", 0, 0, G_OPTION_ARG_STRING, &mailmap_file, "The mailmap FILE instead of the repository's", "FILE" },
		{ "submitter", 0, 0, G_OPTION_ARG_STRING, &submitter, "Who sends the patches (the last Signed-off-by)", "'NAME <ADDR>'" },
		{ "list-rules", 0, 0, G_OPTION_ARG_NONE, &rules_only, "Print the rules and their severities", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "One JSON document", NULL },
		G_OPTION_ENTRY_NULL
	};
	git_repository *repo = NULL;
	struct policy *policy = NULL;
	git_mailmap *mm = NULL;
	struct lint_ignore *ig = NULL;
	struct run r = { 0 };
	char *sub_name = NULL, *sub_email = NULL, *current = NULL;
	GError *e = NULL;
	gboolean files;
	int nops, rc = opt_parse(ctx, &argc, &argv, "[REVS... | --series NAME [--version N] | --mbox FILE | FILE...]",
				 help, entries);

	if (rc >= 0)
		goto done;
	rc = 0;
	nops = argc - 1;
	if (git_repository_open_ext(&repo, NULL, GIT_REPOSITORY_OPEN_FROM_ENV, NULL) < 0)
		repo = NULL;
	ctx->repo = repo;	/* run() frees it */
	if (version && !series) {
		rc = usage_error(ctx, "--version needs --series");
		goto done;
	}
	if (version < 0) {
		rc = usage_error(ctx, "--version %d: versions count from 1", version);
		goto done;
	}
	files = mboxes != NULL;
	if (!files && nops && !series && !range) {
		files = operands_are_files(ctx, repo, argv + 1, nops, &rc);
		if (rc)
			goto done;
	}
	if ((series != NULL) + (range != NULL) + (files || nops > 0) > 1 ||
	    (files && nops && mboxes == NULL && (series || range))) {
		rc = usage_error(ctx, "give one of REVS, --rev-range, --series, or mail FILEs");
		goto done;
	}
	if (!files && !repo && !rules_only) {
		fprintf(stderr, "quill: %s: not in a git repository (mail FILEs need none)\n",
			ctx->name);
		rc = 2;
		goto done;
	}
	if (submitter && !ident_split(submitter, &sub_name, &sub_email)) {
		rc = usage_error(ctx, "--submitter '%s': no address", submitter);
		goto done;
	}

	policy = policy_new(lint_rule_ids());
	if (!policy_load_standard(policy, ctx->res, repo, policy_file, &e) ||
	    !ident_mailmap_load(&mm, repo, mailmap_file, &e)) {
		rc = fail(e);
		goto done;
	}
	if (!lint_exceptions_load(&ig, repo, ignore_file, &e)) {
		rc = fail(e);
		goto done;
	}

	r.ctx = ctx;
	r.json = json;
	r.findings = json_array();
	r.out = g_array_new(FALSE, FALSE, sizeof(struct lint_finding));
	r.lint = lint_new(policy, repo, mm, NULL, ig);
	if (rules_only) {
		rc = list_rules(&r);
		goto done;
	}
	r.submitter_name = sub_name;
	r.submitter_email = sub_email;
	if (files) {
		GPtrArray *paths = g_ptr_array_new();

		for (char **m = mboxes; m && *m; m++)
			g_ptr_array_add(paths, *m);
		for (int i = 1; i < argc; i++)
			g_ptr_array_add(paths, argv[i]);
		rc = lint_mails(&r, (char **)paths->pdata, (int)paths->len);
		g_ptr_array_free(paths, TRUE);
		if (rc == 0 || rc == 1)
			summary(&r, "mails");
		goto verdict;
	}
	if (!series && !range && !nops && series_current(&current, repo, NULL, NULL))
		series = current;
	if (series) {
		if (!sub_email) {
			char *sender = ident_sender(repo, NULL);

			if (sender)
				ident_split(sender, &sub_name, &sub_email);
			g_free(sender);
			r.submitter_name = sub_name;
			r.submitter_email = sub_email;
		}
		rc = lint_series(&r, repo, series == current ? NULL : series, version);
	} else {
		char *head[1] = { (char *)"HEAD" };

		r.committer_submits = !sub_email;
		rc = nops || range ? lint_revs(&r, repo, argv + 1, nops, range)
				   : lint_revs(&r, repo, head, 1, NULL);
	}
	if (rc == 0)
		summary(&r, "commits");
verdict:
	if (rc == 0 && r.n.errors)
		rc = 1;
done:
	if (r.lint)
		lint_free(r.lint);
	if (r.out) {
		lint_findings_clear(r.out);
		g_array_free(r.out, TRUE);
	}
	json_decref(r.findings);
	lint_ignore_free(ig);
	git_mailmap_free(mm);
	policy_free(policy);
	g_free(sub_name);
	g_free(sub_email);
	g_free(current);
	g_free(series == current ? NULL : series);
	g_free(range);
	g_free(policy_file);
	g_free(ignore_file);
	g_free(mailmap_file);
	g_free(submitter);
	g_strfreev(mboxes);
	return rc;
}
