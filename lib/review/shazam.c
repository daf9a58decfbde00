/* shazam.c - an am-ready series applied onto a base commit (see shazam.h). */
#include "review/shazam.h"

#include <string.h>

#include <gmime/gmime.h>

#include "core/error.h"
#include "git/commit.h"
#include "git/ident.h"
#include "git/sign.h"
#include "mail/mailinfo.h"
#include "mail/message.h"
#include "mail/subject.h"

static void version_free(gpointer p)
{
	struct shazam_version *v = p;

	g_free(v->base_commit);
	g_free(v->change_id);
	g_free(v->cover_msgid);
	g_free(v->cover);
	g_free(v->subject);
	g_free(v);
}

const struct shazam_version *shazam_version_get(GPtrArray *versions, int n)
{
	for (guint i = 0; versions && i < versions->len; i++) {
		const struct shazam_version *v = versions->pdata[i];
		if (v->number == n)
			return v;
	}
	return NULL;
}

static gint by_number(gconstpointer a, gconstpointer b)
{
	const struct shazam_version *x = *(struct shazam_version *const *)a;
	const struct shazam_version *y = *(struct shazam_version *const *)b;

	return x->number - y->number;
}

/* The value of the first line "KEY: value" of text[0..len), or NULL. */
static char *footer(const char *text, gsize len, const char *key)
{
	gsize kl = strlen(key);
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		gsize l = nl ? (gsize)(nl - p) : (gsize)(end - p);
		if (l > kl + 2 && !strncmp(p, key, kl) && p[kl] == ':' && p[kl + 1] == ' ') {
			char *v = g_strstrip(g_strndup(p + kl + 2, l - kl - 2));
			if (*v)
				return v;
			g_free(v);
		}
		p = nl ? nl + 1 : end;
	}
	return NULL;
}

static struct shazam_version *version_for(GPtrArray *out, int n)
{
	struct shazam_version *v = (struct shazam_version *)shazam_version_get(out, n);

	if (!v) {
		v = g_new0(struct shazam_version, 1);
		v->number = n;
		g_ptr_array_add(out, v);
	}
	return v;
}

/* The cover text as a series keeps it: subject, blank line, the body up to
 * its "---" line. */
static char *cover_text(const char *data, gsize len, const char *subject)
{
	struct mailinfo_options mo;
	struct mailinfo_result mr = { 0 };
	GString *s = g_string_new(subject);
	char *msg;

	mailinfo_options_init(&mo);
	if (mailinfo_split(data, len, &mo, &mr, NULL)) {
		msg = g_strstrip(g_strdup(mr.msg->str));
		if (*msg)
			g_string_append_printf(s, "\n\n%s", msg);
		g_free(msg);
		mailinfo_result_clear(&mr);
	}
	g_string_append_c(s, '\n');
	return g_string_free(s, FALSE);
}

static void take_mail(GPtrArray *out, const struct source_mail *sm)
{
	char *subj = message_get_decoded(sm->m, "Subject");
	struct subject sub;
	struct shazam_version *v;

	subject_parse(&sub, subj ? subj : "", -1);
	if (sub.is_patch && !sub.reply && !sub.forward) {
		v = version_for(out, sub.version);
		if (!v->base_commit)
			v->base_commit = footer(sm->body, sm->body_len, "base-commit");
		if (!v->change_id)
			v->change_id = footer(sm->body, sm->body_len, "change-id");
		if (sub.index == 0 && sub.total && !v->cover_msgid) {
			gsize hl = sm->m->body < sm->m->len ? sm->m->body : sm->m->len;
			GString *all = g_string_new_len(sm->m->data, hl);
			g_string_append_len(all, sm->body, sm->body_len);
			v->cover_msgid = g_strdup(sm->msgid);
			v->cover = cover_text(all->str, all->len, sub.text);
			g_free(v->subject);
			v->subject = g_strdup(sub.text);
			g_string_free(all, TRUE);
		} else if (!v->subject && sub.index <= 1) {
			v->subject = g_strdup(sub.text);
		}
	}
	subject_clear(&sub);
	g_free(subj);
}

gboolean shazam_versions(struct source *src, GPtrArray **out, GError **error)
{
	GPtrArray *vs = g_ptr_array_new_with_free_func(version_free);
	struct source_mail sm;
	GError *e = NULL;

	while (source_next(src, &sm, &e))
		take_mail(vs, &sm);
	if (e) {
		g_ptr_array_unref(vs);
		g_propagate_error(error, e);
		return FALSE;
	}
	g_ptr_array_sort(vs, by_number);
	*out = vs;
	return TRUE;
}

gboolean shazam_base(git_oid *out, git_repository *repo, const char *base_commit,
		     warn_fn warn, void *payload, GError **error)
{
	git_object *o = NULL;
	int rc;

	if (base_commit && !git_revparse_single(&o, repo, base_commit) &&
	    git_object_type(o) == GIT_OBJECT_COMMIT) {
		git_oid_cpy(out, git_object_id(o));
		git_object_free(o);
		return TRUE;
	}
	git_object_free(o);
	if ((rc = git_reference_name_to_id(out, repo, "HEAD")) < 0)
		return qerr_git(error, rc, "no base to apply on: HEAD");
	if (warn) {
		if (base_commit)
			warn(payload, "base-commit %s is not in this repository: applying on HEAD",
			     base_commit);
		else
			warn(payload, "the series names no base-commit: applying on HEAD");
	}
	return TRUE;
}

/* The author of the mail as a signature: name, address and date. */
static gboolean mail_author(git_signature **out, const GString *info, GError **error)
{
	char *name = NULL, *email = NULL, *date = NULL;
	const char *p = info->str;
	gint64 when = 0;
	int off = 0, rc;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		gsize l = nl ? (gsize)(nl - p) : strlen(p);
		if (g_str_has_prefix(p, "Author: "))
			name = g_strndup(p + 8, l - 8);
		else if (g_str_has_prefix(p, "Email: "))
			email = g_strndup(p + 7, l - 7);
		else if (g_str_has_prefix(p, "Date: "))
			date = g_strndup(p + 6, l - 6);
		p = nl ? nl + 1 : NULL;
	}
	if (!date || !ident_parse_date(date, &when, &off))
		when = g_get_real_time() / G_USEC_PER_SEC;
	rc = name && email && *email ? git_signature_new(out, name, email, when, off) : -1;
	g_free(name);
	g_free(email);
	g_free(date);
	return rc < 0 ? qerr(error, QUILL_ERROR_INPUT, "the mail names no author") : TRUE;
}

/* The commit message: the subject, a blank line and the body, prettified. */
static char *mail_message(const char *subject, const GString *msg)
{
	char *raw = g_strdup_printf("%s\n\n%s", subject, msg->str);
	git_buf b = { 0 };
	char *out;

	if (git_message_prettify(&b, raw, 0, 0) < 0)
		out = g_strdup_printf("%s\n", subject);
	else
		out = g_strdup(b.ptr);
	git_buf_dispose(&b);
	g_free(raw);
	return out;
}

/* One patch onto *parent: *parent becomes the new commit. */
static gboolean apply_one(git_repository *repo, const struct am_patch *a, git_oid *parent,
			  const git_signature *committer, gboolean sign, GError **error)
{
	struct mailinfo_options mo;
	struct mailinfo_result mr = { 0 };
	git_commit *pc = NULL;
	git_tree *tree = NULL, *nt = NULL;
	git_diff *diff = NULL;
	git_index *ix = NULL;
	git_signature *author = NULL;
	git_oid tid;
	char *msg = NULL;
	const git_error *ge;
	gboolean ok = FALSE;
	int rc;

	mailinfo_options_init(&mo);
	if (!mailinfo_split(a->mail, strlen(a->mail), &mo, &mr, error))
		return FALSE;
	if (!mail_author(&author, mr.info, error))
		goto done;
	if (git_diff_from_buffer(&diff, mr.patch->str, mr.patch->len) < 0) {
		ge = git_error_last();
		qerr(error, QUILL_ERROR_INPUT, "patch %d/%d (%s): the diff does not parse: %s",
		     a->patch, a->total, a->subject, ge ? ge->message : "unknown error");
		goto done;
	}
	if ((rc = git_commit_lookup(&pc, repo, parent)) < 0 ||
	    (rc = git_commit_tree(&tree, pc)) < 0) {
		qerr_git(error, rc, "cannot read commit %s", git_oid_tostr_s(parent));
		goto done;
	}
	if (git_apply_to_tree(&ix, repo, tree, diff, NULL) < 0) {
		ge = git_error_last();
		qerr(error, QUILL_ERROR_NEGATIVE, "patch %d/%d (%s) does not apply: %s", a->patch,
		     a->total, a->subject, ge ? ge->message : "unknown error");
		goto done;
	}
	msg = mail_message(a->subject, mr.msg);
	if ((rc = git_index_write_tree_to(&tid, ix, repo)) < 0 ||
	    (rc = git_tree_lookup(&nt, repo, &tid)) < 0 ||
	    (!sign && (rc = git_commit_create(parent, repo, NULL, author, committer, NULL, msg, nt,
					      1, (const git_commit **)&pc)) < 0)) {
		qerr_git(error, rc, "patch %d/%d: cannot write the commit", a->patch, a->total);
		goto done;
	}
	if (sign && !sign_commit_create(parent, repo, author, committer, NULL, msg, nt, 1,
					(const git_commit **)&pc, error)) {
		qerr_prefix(error, "patch %d/%d: cannot sign the commit (commit.gpgSign)", a->patch,
			    a->total);
		goto done;
	}
	ok = TRUE;
done:
	g_free(msg);
	git_tree_free(nt);
	git_index_free(ix);
	git_tree_free(tree);
	git_commit_free(pc);
	git_diff_free(diff);
	git_signature_free(author);
	mailinfo_result_clear(&mr);
	return ok;
}

gboolean shazam_commits(git_oid *tip, git_repository *repo, const struct am_result *r,
			const git_oid *base, GError **error)
{
	git_signature *committer = NULL;
	gboolean sign;
	git_oid cur;

	if (!r->patches->len)
		return qerr(error, QUILL_ERROR_NEGATIVE, "no patches to apply");
	if (!ident_signature(&committer, repo, FALSE, error))
		return FALSE;
	git_oid_cpy(&cur, base);
	sign = sign_wanted(repo);
	for (guint i = 0; i < r->patches->len; i++) {
		if (!apply_one(repo, r->patches->pdata[i], &cur, committer, sign, error)) {
			git_signature_free(committer);
			return FALSE;
		}
	}
	git_signature_free(committer);
	git_oid_cpy(tip, &cur);
	return TRUE;
}

char *shazam_branch_name(const char *subject)
{
	char *slug = commit_subject_slug(subject && *subject ? subject : "series");
	char *out;

	if (strlen(slug) > 40) {
		slug[40] = '\0';
		g_strchomp(slug);
		while (*slug && slug[strlen(slug) - 1] == '-')
			slug[strlen(slug) - 1] = '\0';
	}
	out = g_strdup_printf("am/%s", *slug ? slug : "series");
	g_free(slug);
	return out;
}

/* Whether the work tree and index match HEAD (untracked files allowed). */
static gboolean tree_clean(git_repository *repo)
{
	git_status_options so = GIT_STATUS_OPTIONS_INIT;
	git_status_list *sl = NULL;
	gboolean clean;

	so.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES;
	if (git_repository_is_bare(repo) || git_status_list_new(&sl, repo, &so) < 0)
		return FALSE;
	clean = git_status_list_entrycount(sl) == 0;
	git_status_list_free(sl);
	return clean;
}

static gboolean switch_to(git_repository *repo, git_reference *ref, git_commit *c)
{
	git_checkout_options co = GIT_CHECKOUT_OPTIONS_INIT;

	co.checkout_strategy = GIT_CHECKOUT_SAFE;
	return git_checkout_tree(repo, (const git_object *)c, &co) == 0 &&
	       git_repository_set_head(repo, git_reference_name(ref)) == 0;
}

gboolean shazam_branch(git_repository *repo, const char *branch, const git_oid *tip,
		       gboolean checkout, gboolean *checked_out, warn_fn warn, void *payload,
		       GError **error)
{
	git_commit *c = NULL;
	git_reference *ref = NULL;
	int rc, valid = 0;

	if (checked_out)
		*checked_out = FALSE;

	if (git_branch_name_is_valid(&valid, branch) < 0 || !valid)
		return qerr(error, QUILL_ERROR_USAGE, "'%s' is not a branch name", branch);
	if (commit_branch_exists(repo, branch))
		return qerr(error, QUILL_ERROR_USAGE, "a branch '%s' exists already", branch);
	if ((rc = git_commit_lookup(&c, repo, tip)) < 0 ||
	    (rc = git_branch_create(&ref, repo, branch, c, 0)) < 0) {
		git_commit_free(c);
		return qerr_git(error, rc, "cannot create branch '%s'", branch);
	}
	if (checkout) {
		if (!tree_clean(repo)) {
			if (warn)
				warn(payload, "the work tree is not clean: staying where HEAD is");
		} else if (!switch_to(repo, ref, c)) {
			if (warn)
				warn(payload, "cannot switch to '%s': %s", branch,
				     git_error_last() ? git_error_last()->message : "unknown error");
		} else if (checked_out) {
			*checked_out = TRUE;
		}
	}
	git_reference_free(ref);
	git_commit_free(c);
	return TRUE;
}
