/* send-gate.c - what series send checks before it sends a version, in
 * this order: placeholders, the same patches as the version last sent, the
 * branch changed since series format, trailer lint errors; then the open
 * review items of the version before (a warning).  Each refusal is one
 * line of QUILL_ERROR_NEGATIVE. */
#include "review/send-gate.h"
#include "core/error.h"
#include "git/commit.h"
#include "git/ident.h"
#include "lint/lint-run.h"
#include "review/lint-review.h"
#include "review/store.h"

#include <string.h>

/* ---- placeholders ---- */

/* The names of the cover's tokens (series/cover.h): "{{name}}" or
 * "{{name ARG}}" of one of these, left in a mail, was never filled.  Other
 * braces (code in a range-diff, a reviewer's words) are not placeholders. */
static const char *const token_names[] = {
	"shortlog", "diffstat", "changes", "link", "links", "range_diff", "bench", "objsize",
	"base_commit", "change_id", "prerequisites", "signature", "name", "version", "subject",
	"cover", NULL
};

/* The first "{{token}}" of token_names in text[0..len), or NULL (caller owns). */
static char *find_token(const char *text, gsize len)
{
	const char *end = text + len;

	for (const char *p = text; (p = g_strstr_len(p, end - p, "{{")); p += 2) {
		const char *close = g_strstr_len(p + 2, end - p - 2, "}}"), *nl;
		char *inside, *word;
		gboolean known = FALSE;

		if (!close)
			return NULL;
		nl = memchr(p, '\n', (gsize)(close - p));
		if (nl || (p > text && p[-1] == '\\'))
			continue;
		inside = g_strstrip(g_strndup(p + 2, (gsize)(close - p - 2)));
		word = g_strndup(inside, strcspn(inside, " \t"));
		for (const char *const *t = token_names; *t && !known; t++)
			known = !strcmp(word, *t);
		g_free(word);
		g_free(inside);
		if (known)
			return g_strndup(p, (gsize)(close + 2 - p));
	}
	return NULL;
}

/* The placeholder left in text[0..len) (caller owns), or NULL. */
static char *find_placeholder(const char *text, gsize len)
{
	static const char *const fixed[] = { "EDITME", "*** SUBJECT HERE ***", "*** BLURB HERE ***",
					     NULL };

	for (const char *const *f = fixed; *f; f++)
		if (g_strstr_len(text, (gssize)len, *f))
			return g_strdup(*f);
	return find_token(text, len);
}

/* What of a mail is the cover's text: a cover mail's all of it; a
 * one-patch series' the part below its "---" line, before the diffstat
 * (else the diff), where series format puts it. */
static void cover_text(const struct series_outgoing *og, const struct series_mail *m,
		       const char **start, gsize *len)
{
	const struct commit_patch *p = og->patches->len ? g_ptr_array_index(og->patches, 0) : NULL;
	const char *t = m->text, *cut = strstr(t, "\n---\n"), *stop = NULL;

	*start = t;
	*len = strlen(t);
	if (m->index == 0)
		return;
	if (!cut) {
		*len = 0;
		return;
	}
	cut += 5;
	if (p && p->diffstat && *p->diffstat)
		stop = strstr(cut, p->diffstat);
	if (!stop)
		stop = strstr(cut, "\ndiff --git ");
	*start = cut;
	*len = stop ? (gsize)(stop - cut) : strlen(cut);
}

static gboolean check_placeholders(const struct series_outgoing *og, GError **error)
{
	const struct series_mail *m = og->mails->len ? g_ptr_array_index(og->mails, 0) : NULL;
	const char *start;
	gsize len;
	char *found;
	gboolean cover;

	if (!m)
		return TRUE;
	cover = m->index == 0;
	cover_text(og, m, &start, &len);
	found = find_placeholder(start, len);
	if (!found && og->has_editme)
		found = g_strdup("EDITME");
	if (!found)
		return TRUE;
	qerr(error, QUILL_ERROR_NEGATIVE, "the %s of v%d still holds the placeholder '%s'; fill "
	     "it in with 'quill series edit-cover'", cover ? "cover" : "text below the patch's ---",
	     og->version, found);
	g_free(found);
	return FALSE;
}

/* ---- the same patches as the version last sent ---- */

static gboolean same_patches(const struct series_version *v, const struct series_outgoing *og)
{
	if (v->patches->len != og->patches->len)
		return FALSE;
	for (guint i = 0; i < v->patches->len; i++) {
		const struct series_patch *a = g_ptr_array_index(v->patches, i);
		const struct commit_patch *b = g_ptr_array_index(og->patches, i);

		if (!a->patch_id || !*b->patch_id || strcmp(a->patch_id, b->patch_id))
			return FALSE;
	}
	return TRUE;
}

static gboolean check_not_sent(const struct series *s, const struct series_outgoing *og,
			       GError **error)
{
	const struct series_version *v;
	char *day;

	if (!og->working || s->versions->len == 0)
		return TRUE;
	v = series_get_version(s, (int)s->versions->len);
	if (!v || !v->sent || !same_patches(v, og))
		return TRUE;
	day = v->date ? g_strndup(v->date, 10) : g_strdup("an earlier day");
	qerr(error, QUILL_ERROR_NEGATIVE, "v%d is what v%d sent on %s (the same patches); use "
	     "--resend %d to send that again", og->version, v->number, day, v->number);
	g_free(day);
	return FALSE;
}

/* ---- the branch changed since series format ---- */

static gboolean check_formatted(const struct send_gate *g, const struct series *s,
				const struct series_outgoing *og, GError **error)
{
	struct format_record r;
	GError *e = NULL;

	if (!format_record_read(&r, g->repo, s->name, &e)) {
		if (e && g->warn)
			g->warn(g->payload, "cannot tell whether branch %s changed since 'quill series "
				"format': %s", s->branch, e->message);
		g_clear_error(&e);
		return TRUE;
	}
	if (r.version != og->version || !strcmp(r.tip, og->tip))
		return TRUE;
	return qerr(error, QUILL_ERROR_NEGATIVE, "branch %s changed since 'quill series format' of "
		    "v%d (tip %.7s, now %.7s); run it again to look at what will go", s->branch,
		    r.version, r.tip, og->tip);
}

/* ---- trailer lint ---- */

struct lint_tally {
	guint errors;
	char *first;		/* "WHERE:LINE: RULE: message" of the first error */
};

static void tally_findings(void *payload, GArray *found)
{
	struct lint_tally *t = payload;

	for (guint i = 0; i < found->len; i++) {
		const struct lint_finding *f = &g_array_index(found, struct lint_finding, i);

		if (f->ignored || f->severity != POLICY_ERROR)
			continue;
		if (!t->errors++)
			t->first = g_strdup_printf("%s:%u: %s: %s", f->input->where, f->line, f->rule,
						   f->message);
	}
}

/* Lint version og->version of s as `quill trailer lint --series` does
 * (the standard policy, the mailmap, the exceptions, the review history)
 * into *t. */
static gboolean run_lint(const struct send_gate *g, const struct series *s, int version,
			 struct lint_tally *t, GError **error)
{
	struct policy *policy = policy_new(lint_rule_ids());
	git_mailmap *mm = NULL;
	struct lint_ignore *ig = NULL;
	struct review_lint *rl = NULL;
	struct lint_sink sink = { tally_findings, NULL, t, g->warn, g->payload };
	struct lint_run_counts c;
	gboolean ok;

	ok = policy_load_standard(policy, g->res, g->repo, NULL, g->warn, g->payload, error) &&
	     ident_mailmap_load(&mm, g->repo, NULL, error) &&
	     lint_exceptions_load(&ig, g->repo, NULL, g->warn, g->payload, error) &&
	     review_lint_series(&rl, g->repo, s, version, error);
	if (ok) {
		struct lint *l = lint_new(policy, g->repo, mm, review_lint_provider(rl), ig);

		ok = lint_run_series(l, g->repo, s, version, NULL, &sink, &c, error);
		lint_free(l);
	}
	review_lint_free(rl);
	lint_ignore_free(ig);
	git_mailmap_free(mm);
	policy_free(policy);
	return ok;
}

static gboolean check_lint(const struct send_gate *g, const struct series *s,
			   const struct series_outgoing *og, GError **error)
{
	struct lint_tally t = { 0 };
	gboolean ok = run_lint(g, s, og->version, &t, error);

	if (!ok) {
		qerr_prefix(error, "cannot run trailer lint on v%d", og->version);
		return FALSE;
	}
	if (t.errors && !g->force)
		ok = qerr(error, QUILL_ERROR_NEGATIVE, "v%d has %u trailer lint error%s (%s); see "
			  "'quill trailer lint --series %s', or send anyway with --force", og->version,
			  t.errors, t.errors == 1 ? "" : "s", t.first, s->name);
	else if (t.errors && g->warn)
		g->warn(g->payload, "v%d has %u trailer lint error%s, sent anyway (--force)",
			og->version, t.errors, t.errors == 1 ? "" : "s");
	g_free(t.first);
	return ok;
}

/* ---- the review of the version before ---- */

static void warn_open_items(const struct send_gate *g, const struct series *s, int version)
{
	struct review_version *rv = NULL;
	GError *e = NULL;
	guint open = 0;

	if (version < 1 || !g->warn)
		return;
	if (!review_store_read(s, version, &rv, &e)) {
		g->warn(g->payload, "cannot read the review of v%d: %s", version, e->message);
		g_error_free(e);
		return;
	}
	for (guint i = 0; i < rv->items->len; i++)
		open += ((const struct review_item *)g_ptr_array_index(rv->items, i))->status ==
			REVIEW_OPEN;
	if (open)
		g->warn(g->payload, "v%d has %u open review item%s (quill review show)", version, open,
			open == 1 ? "" : "s");
	review_version_free(rv);
}

gboolean send_gate_check(void *payload, const struct series *s, const struct series_outgoing *og,
			 GError **error)
{
	const struct send_gate *g = payload;

	if (!check_placeholders(og, error) || !check_not_sent(s, og, error) ||
	    !check_formatted(g, s, og, error) || !check_lint(g, s, og, error))
		return FALSE;
	warn_open_items(g, s, og->version - 1);
	return TRUE;
}
