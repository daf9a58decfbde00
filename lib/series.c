/* series.c - series and versions, serialized into the state tree. */
#include "series.h"
#include "commit.h"
#include "config.h"
#include "error.h"
#include "ident.h"

#include <string.h>

/* ---- memory ---- */

void series_patch_free(struct series_patch *p)
{
	if (!p)
		return;
	g_free(p->commit);
	g_free(p->patch_id);
	g_free(p->subject);
	g_free(p->author);
	g_free(p->msgid);
	g_free(p);
}

struct series_version *series_version_new(int n)
{
	struct series_version *v = g_new0(struct series_version, 1);

	v->number = n;
	v->patches = g_ptr_array_new_with_free_func((GDestroyNotify)series_patch_free);
	return v;
}

static void version_free(struct series_version *v)
{
	if (!v)
		return;
	g_free(v->base);
	g_free(v->tip);
	g_free(v->date);
	g_free(v->cover_msgid);
	g_free(v->cover);
	g_free(v->changes);
	g_ptr_array_unref(v->patches);
	g_free(v);
}

void series_free(struct series *s)
{
	if (!s)
		return;
	g_free(s->name);
	g_free(s->change_id);
	g_free(s->branch);
	g_free(s->upstream);
	g_strfreev(s->prefixes);
	g_strfreev(s->to);
	g_strfreev(s->cc);
	g_strfreev(s->prereqs);
	g_free(s->list);
	g_free(s->created);
	g_free(s->cover);
	if (s->versions)
		g_ptr_array_unref(s->versions);
	state_free(s->state);
	g_free(s);
}

struct series *series_new_empty(const char *name)
{
	struct series *s = g_new0(struct series, 1);

	s->versions = g_ptr_array_new_with_free_func((GDestroyNotify)version_free);
	s->prefixes = g_new0(char *, 1);
	s->to = g_new0(char *, 1);
	s->cc = g_new0(char *, 1);
	s->prereqs = g_new0(char *, 1);
	s->version = 1;
	s->name = g_strdup(name);
	return s;
}

struct series *series_blank(const char *name)
{
	struct series *s = series_new_empty(name);

	s->state = state_new(name);
	return s;
}

struct series_version *series_get_version(const struct series *s, int n)
{
	if (n < 1 || (guint)n > s->versions->len)
		return NULL;
	return g_ptr_array_index(s->versions, n - 1);
}

/* ---- serialization (GKeyFile: "[group]" and "key=value" lines) ---- */

static char *kf_string(GKeyFile *kf, const char *group, const char *key)
{
	char *v = g_key_file_get_string(kf, group, key, NULL);

	if (v && !*v) {
		g_free(v);
		return NULL;
	}
	return v;
}

static char **kf_list(GKeyFile *kf, const char *group, const char *key)
{
	char **v = g_key_file_get_string_list(kf, group, key, NULL, NULL);

	return v ? v : g_new0(char *, 1);
}

static void kf_set(GKeyFile *kf, const char *group, const char *key, const char *v)
{
	if (v)
		g_key_file_set_string(kf, group, key, v);
}

static void kf_set_list(GKeyFile *kf, const char *group, const char *key, char **v)
{
	if (v && *v)
		g_key_file_set_string_list(kf, group, key, (const char *const *)v, g_strv_length(v));
}

static gboolean parse_conf(GKeyFile **out, struct state *st, const char *path, GError **error)
{
	GBytes *b = state_get(st, path);
	GKeyFile *kf;
	GError *e = NULL;
	gsize len;
	const char *d;

	*out = NULL;
	if (!b)
		return qerr(error, QUILL_ERROR_INPUT, "series '%s': %s is missing from the state",
			    state_name(st), path);
	d = g_bytes_get_data(b, &len);
	kf = g_key_file_new();
	if (!g_key_file_load_from_data(kf, d ? d : "", len, G_KEY_FILE_NONE, &e)) {
		qerr(error, QUILL_ERROR_INPUT, "series '%s': %s: %s", state_name(st), path, e->message);
		g_error_free(e);
		g_key_file_free(kf);
		return FALSE;
	}
	*out = kf;
	return TRUE;
}

static gboolean load_version(struct series_version **out, struct state *st, int n, GError **error)
{
	char *path = g_strdup_printf("v%d/version.conf", n);
	GKeyFile *kf;
	struct series_version *v;
	int count;

	*out = NULL;
	if (!parse_conf(&kf, st, path, error)) {
		g_free(path);
		return FALSE;
	}
	v = series_version_new(n);
	v->base = kf_string(kf, "version", "base");
	v->tip = kf_string(kf, "version", "tip");
	v->date = kf_string(kf, "version", "date");
	v->cover_msgid = kf_string(kf, "version", "cover-msgid");
	v->sent = g_key_file_get_boolean(kf, "version", "sent", NULL);
	count = g_key_file_get_integer(kf, "version", "patches", NULL);
	for (int i = 1; i <= count; i++) {
		char group[32];
		struct series_patch *p = g_new0(struct series_patch, 1);

		g_snprintf(group, sizeof group, "patch %d", i);
		p->commit = kf_string(kf, group, "commit");
		p->patch_id = kf_string(kf, group, "patch-id");
		p->subject = kf_string(kf, group, "subject");
		p->author = kf_string(kf, group, "author");
		p->msgid = kf_string(kf, group, "msgid");
		if (!p->subject)
			p->subject = g_strdup("");
		g_ptr_array_add(v->patches, p);
	}
	g_key_file_free(kf);
	if (!v->tip || !v->base) {
		qerr(error, QUILL_ERROR_INPUT, "series '%s': %s has no base or tip", state_name(st), path);
		g_free(path);
		version_free(v);
		return FALSE;
	}
	g_free(path);
	path = g_strdup_printf("v%d/cover", n);
	v->cover = state_get_string(st, path);
	g_free(path);
	path = g_strdup_printf("v%d/changes", n);
	v->changes = state_get_string(st, path);
	g_free(path);
	if (!v->cover)
		v->cover = g_strdup("");
	if (!v->changes)
		v->changes = g_strdup("");
	*out = v;
	return TRUE;
}

static char *version_conf(const struct series_version *v)
{
	GKeyFile *kf = g_key_file_new();
	char *data;

	g_key_file_set_integer(kf, "version", "number", v->number);
	kf_set(kf, "version", "base", v->base);
	kf_set(kf, "version", "tip", v->tip);
	kf_set(kf, "version", "date", v->date);
	kf_set(kf, "version", "cover-msgid", v->cover_msgid);
	g_key_file_set_boolean(kf, "version", "sent", v->sent);
	g_key_file_set_integer(kf, "version", "patches", (gint)v->patches->len);
	for (guint i = 0; i < v->patches->len; i++) {
		const struct series_patch *p = g_ptr_array_index(v->patches, i);
		char group[32];

		g_snprintf(group, sizeof group, "patch %u", i + 1);
		kf_set(kf, group, "commit", p->commit);
		kf_set(kf, group, "patch-id", p->patch_id);
		kf_set(kf, group, "subject", p->subject);
		kf_set(kf, group, "author", p->author);
		kf_set(kf, group, "msgid", p->msgid);
	}
	data = g_key_file_to_data(kf, NULL, NULL);
	g_key_file_free(kf);
	return data;
}

static char *series_conf(const struct series *s)
{
	GKeyFile *kf = g_key_file_new();
	char *data;

	kf_set(kf, "series", "name", s->name);
	kf_set(kf, "series", "change-id", s->change_id);
	kf_set(kf, "series", "branch", s->branch);
	kf_set(kf, "series", "upstream", s->upstream);
	kf_set_list(kf, "series", "prefixes", s->prefixes);
	kf_set_list(kf, "series", "to", s->to);
	kf_set_list(kf, "series", "cc", s->cc);
	kf_set_list(kf, "series", "prerequisites", s->prereqs);
	kf_set(kf, "series", "list", s->list);
	kf_set(kf, "series", "created", s->created);
	g_key_file_set_integer(kf, "series", "version", s->version);
	data = g_key_file_to_data(kf, NULL, NULL);
	g_key_file_free(kf);
	return data;
}

gboolean series_from_state(struct series **out, struct state *st, GError **error)
{
	struct series *s;
	GKeyFile *kf;

	*out = NULL;
	if (!parse_conf(&kf, st, "series.conf", error))
		return FALSE;
	s = series_new_empty(NULL);
	g_strfreev(s->prefixes);
	g_strfreev(s->to);
	g_strfreev(s->cc);
	g_strfreev(s->prereqs);
	s->name = g_strdup(state_name(st));
	s->change_id = kf_string(kf, "series", "change-id");
	s->branch = kf_string(kf, "series", "branch");
	s->upstream = kf_string(kf, "series", "upstream");
	s->prefixes = kf_list(kf, "series", "prefixes");
	s->to = kf_list(kf, "series", "to");
	s->cc = kf_list(kf, "series", "cc");
	s->prereqs = kf_list(kf, "series", "prerequisites");
	s->list = kf_string(kf, "series", "list");
	s->created = kf_string(kf, "series", "created");
	s->version = g_key_file_get_integer(kf, "series", "version", NULL);
	g_key_file_free(kf);
	s->cover = state_get_string(st, "cover");
	if (!s->cover)
		s->cover = g_strdup("");
	if (s->version < 1 || !s->change_id || !s->branch) {
		qerr(error, QUILL_ERROR_INPUT, "series '%s': series.conf lacks version, change-id or branch",
		     s->name);
		series_free(s);
		return FALSE;
	}
	for (int n = 1; n < s->version; n++) {
		struct series_version *v;
		if (!load_version(&v, st, n, error)) {
			series_free(s);
			return FALSE;
		}
		g_ptr_array_add(s->versions, v);
	}
	s->state = st;
	*out = s;
	return TRUE;
}

gboolean series_load(struct series **out, git_repository *repo, const char *name, GError **error)
{
	struct state *st;

	*out = NULL;
	if (!store_read(&st, repo, name, error))
		return FALSE;
	if (!series_from_state(out, st, error)) {
		state_free(st);
		return FALSE;
	}
	return TRUE;
}

static void series_to_state(struct series *s)
{
	char *conf = series_conf(s);

	state_set_string(s->state, "series.conf", conf);
	state_set_string(s->state, "cover", s->cover ? s->cover : "");
	g_free(conf);
	for (guint i = 0; i < s->versions->len; i++) {
		const struct series_version *v = g_ptr_array_index(s->versions, i);
		char *path, *vc = version_conf(v);

		path = g_strdup_printf("v%d/version.conf", v->number);
		state_set_string(s->state, path, vc);
		g_free(path);
		path = g_strdup_printf("v%d/cover", v->number);
		state_set_string(s->state, path, v->cover ? v->cover : "");
		g_free(path);
		path = g_strdup_printf("v%d/changes", v->number);
		state_set_string(s->state, path, v->changes ? v->changes : "");
		g_free(path);
		g_free(vc);
	}
}

gboolean series_save(struct series *s, git_repository *repo, const char *message,
		     const git_oid *extra, size_t n_extra, GError **error)
{
	series_to_state(s);
	if (!state_dirty(s->state) && state_commit(s->state) && !n_extra)
		return TRUE;	/* nothing changed */
	return store_commit(repo, s->state, message, extra, n_extra, error);
}

/* ---- names ---- */

char *series_tag_name(const char *name, int n)
{
	return g_strdup_printf("quill/%s/v%d", name, n);
}

char *series_make_change_id(const char *name, gint64 when)
{
	GDateTime *dt = g_date_time_new_from_unix_utc(when);
	char *date = g_date_time_format(dt, "%Y%m%d");
	GString *slug = g_string_new(NULL);
	char *uuid = g_uuid_string_random();
	GString *hex = g_string_new(NULL);
	char *out;

	for (const char *p = name; *p; p++) {
		if (g_ascii_isalnum(*p) || *p == '_')
			g_string_append_c(slug, g_ascii_tolower(*p));
		else if (slug->len && slug->str[slug->len - 1] != '-')
			g_string_append_c(slug, '-');
	}
	while (slug->len && slug->str[slug->len - 1] == '-')
		g_string_truncate(slug, slug->len - 1);
	if (!slug->len)
		g_string_append(slug, "series");
	for (const char *p = uuid; *p && hex->len < 12; p++)
		if (g_ascii_isxdigit(*p))
			g_string_append_c(hex, *p);
	out = g_strdup_printf("%s-%s-%s", date, slug->str, hex->str);
	g_date_time_unref(dt);
	g_free(date);
	g_free(uuid);
	g_string_free(slug, TRUE);
	g_string_free(hex, TRUE);
	return out;
}

static gboolean prefix_goes_first(const char *p)
{
	return !g_ascii_strcasecmp(p, "RFC") || !g_ascii_strcasecmp(p, "RESEND");
}

char *series_subject_prefix(const struct series *s, int version, int index, int total)
{
	GString *out = g_string_new("[");

	for (char **p = s->prefixes; p && *p; p++)
		if (prefix_goes_first(*p))
			g_string_append_printf(out, "%s ", *p);
	g_string_append(out, "PATCH");
	for (char **p = s->prefixes; p && *p; p++)
		if (!prefix_goes_first(*p))
			g_string_append_printf(out, " %s", *p);
	if (version > 1)
		g_string_append_printf(out, " v%d", version);
	if (total > 0) {
		int width = g_snprintf(NULL, 0, "%d", total);
		g_string_append_printf(out, " %0*d/%d", width, index, total);
	}
	g_string_append_c(out, ']');
	return g_string_free(out, FALSE);
}

static char *iso_now(git_repository *repo, gint64 *when_out)
{
	git_signature *sig = NULL;
	GDateTime *dt;
	gint64 t;
	char *s;

	if (ident_signature(&sig, repo, FALSE, NULL))
		t = sig->when.time;
	else
		t = g_get_real_time() / G_USEC_PER_SEC;
	git_signature_free(sig);
	dt = g_date_time_new_from_unix_utc(t);
	s = g_date_time_format(dt, "%Y-%m-%dT%H:%M:%SZ");
	g_date_time_unref(dt);
	if (when_out)
		*when_out = t;
	return s;
}

/* ---- the working version ---- */

static gboolean branch_tip(git_oid *out, git_repository *repo, const struct series *s,
			   GError **error)
{
	char *ref = g_strconcat("refs/heads/", s->branch, NULL);
	int rc = git_reference_name_to_id(out, repo, ref);

	g_free(ref);
	if (rc == GIT_ENOTFOUND)
		return qerr(error, QUILL_ERROR_USAGE, "branch '%s' of series '%s' does not exist",
			    s->branch, s->name);
	if (rc < 0)
		return qerr_git(error, rc, "cannot read branch '%s'", s->branch);
	return TRUE;
}

/* The upstream to take the fork point against: the one the series names,
 * else the branch's configured upstream. */
static gboolean upstream_oid(git_oid *out, git_repository *repo, const struct series *s,
			     GError **error)
{
	git_reference *br = NULL, *up = NULL;
	int rc;

	if (s->upstream)
		return commit_resolve(out, repo, s->upstream, error) ||
		       qerr_prefix(error, "the base of series '%s'", s->name);
	if (!git_branch_lookup(&br, repo, s->branch, GIT_BRANCH_LOCAL) &&
	    !git_branch_upstream(&up, br) && git_reference_resolve(&up, up) == 0 &&
	    git_reference_target(up)) {
		git_oid_cpy(out, git_reference_target(up));
		rc = 0;
	} else {
		rc = -1;
	}
	git_reference_free(up);
	git_reference_free(br);
	if (rc < 0)
		return qerr(error, QUILL_ERROR_USAGE,
			    "series '%s' has no base: set one with 'quill series edit --base REV'",
			    s->name);
	return TRUE;
}

gboolean series_working_range(git_oid *base_out, git_oid *tip_out, git_repository *repo,
			      const struct series *s, GError **error)
{
	git_oid up;
	int rc;

	if (!branch_tip(tip_out, repo, s, error) || !upstream_oid(&up, repo, s, error))
		return FALSE;
	rc = git_merge_base(base_out, repo, tip_out, &up);
	if (rc == GIT_ENOTFOUND)
		return qerr(error, QUILL_ERROR_USAGE,
			    "branch '%s' has no history in common with the base '%s'", s->branch,
			    s->upstream ? s->upstream : "(upstream)");
	if (rc < 0)
		return qerr_git(error, rc, "cannot find the fork point of '%s'", s->branch);
	return TRUE;
}

gboolean series_load_patches(GPtrArray **out, git_oid *base_out, git_oid *tip_out,
			     git_repository *repo, const struct series *s, int n, unsigned flags,
			     GError **error)
{
	GPtrArray *oids = NULL, *patches;
	git_oid base, tip;

	*out = NULL;
	if (n == 0) {
		if (!series_working_range(&base, &tip, repo, s, error) ||
		    !commit_range(&oids, repo, &base, &tip, error))
			return FALSE;
	} else {
		struct series_version *v = series_get_version(s, n);

		if (!v)
			return qerr(error, QUILL_ERROR_USAGE, "series '%s' has no frozen version %d%s",
				    s->name, n, n == s->version ? " (it is the working one)" : "");
		if (git_oid_fromstr(&base, v->base) < 0 || git_oid_fromstr(&tip, v->tip) < 0)
			return qerr(error, QUILL_ERROR_INPUT, "series '%s': v%d has a bad base or tip",
				    s->name, n);
		oids = g_ptr_array_new_with_free_func(g_free);
		for (guint i = 0; i < v->patches->len; i++) {
			struct series_patch *p = g_ptr_array_index(v->patches, i);
			git_oid o;
			if (!p->commit || git_oid_fromstr(&o, p->commit) < 0) {
				g_ptr_array_unref(oids);
				return qerr(error, QUILL_ERROR_INPUT,
					    "series '%s': v%d patch %u has a bad commit id", s->name, n,
					    i + 1);
			}
			g_ptr_array_add(oids, g_memdup2(&o, sizeof o));
		}
	}
	patches = g_ptr_array_new_with_free_func((GDestroyNotify)commit_patch_free);
	for (guint i = 0; i < oids->len; i++) {
		struct commit_patch *p;
		if (!commit_patch_load(&p, repo, g_ptr_array_index(oids, i), flags, error)) {
			g_ptr_array_unref(patches);
			g_ptr_array_unref(oids);
			return FALSE;
		}
		g_ptr_array_add(patches, p);
	}
	g_ptr_array_unref(oids);
	if (base_out)
		git_oid_cpy(base_out, &base);
	if (tip_out)
		git_oid_cpy(tip_out, &tip);
	*out = patches;
	return TRUE;
}

/* ---- the upstream ---- */

/* TRUE when REV spells the ref FULL ("main", "heads/main", "origin/main" for
 * refs/remotes/origin/main), not something that resolved to it (HEAD). */
static gboolean names_ref(const char *full, const char *rev)
{
	size_t f = strlen(full), r = strlen(rev);

	return g_str_has_prefix(full, "refs/") && g_str_has_suffix(full, rev) &&
	       (f == r || full[f - r - 1] == '/');
}

char *series_upstream_spec(git_repository *repo, const char *rev, GError **error)
{
	git_reference *named = NULL;
	git_oid oid;
	char *out;

	if (!commit_resolve(&oid, repo, rev, error))
		return NULL;
	if (git_reference_dwim(&named, repo, rev) == 0 && names_ref(git_reference_name(named), rev))
		out = g_strdup(rev);	/* a branch, remote branch or tag: it moves on */
	else
		out = g_strdup(git_oid_tostr_s(&oid));	/* HEAD~2, @{u}, an id: now */
	git_reference_free(named);
	return out;
}

/* ---- create ---- */

static gboolean branch_exists(git_repository *repo, const char *name)
{
	git_reference *r = NULL;
	gboolean yes = git_branch_lookup(&r, repo, name, GIT_BRANCH_LOCAL) == 0;

	git_reference_free(r);
	return yes;
}

static char *branch_upstream_name(git_repository *repo, const char *branch)
{
	git_reference *br = NULL, *up = NULL;
	char *out = NULL;

	if (!git_branch_lookup(&br, repo, branch, GIT_BRANCH_LOCAL) && !git_branch_upstream(&up, br))
		out = g_strdup(git_reference_shorthand(up));
	git_reference_free(up);
	git_reference_free(br);
	return out;
}

/* Switch HEAD to a new branch at `target`: a safe checkout of its tree,
 * unless HEAD's tree is the same. */
static gboolean switch_to(git_repository *repo, const char *branch, const git_oid *target,
			  GError **error)
{
	git_object *obj = NULL;
	git_oid head;
	char *ref = g_strconcat("refs/heads/", branch, NULL);
	gboolean ok = FALSE;
	int rc;

	if (git_repository_is_bare(repo)) {
		g_free(ref);
		return TRUE;
	}
	if (git_reference_name_to_id(&head, repo, "HEAD") < 0 || !git_oid_equal(&head, target)) {
		git_checkout_options co = GIT_CHECKOUT_OPTIONS_INIT;

		co.checkout_strategy = GIT_CHECKOUT_SAFE;
		if ((rc = git_object_lookup(&obj, repo, target, GIT_OBJECT_COMMIT)) < 0 ||
		    (rc = git_checkout_tree(repo, obj, &co)) < 0) {
			qerr_git(error, rc, "cannot switch to branch '%s'", branch);
			goto done;
		}
	}
	if ((rc = git_repository_set_head(repo, ref)) < 0) {
		qerr_git(error, rc, "cannot switch to branch '%s'", branch);
		goto done;
	}
	ok = TRUE;
done:
	git_object_free(obj);
	g_free(ref);
	return ok;
}

#define NOTES_REF "refs/notes/quill"

/* Start refs/notes/quill when it is missing: a notes commit with an empty
 * tree, as the first 'git notes add' makes one.  git warns "notes ref ... is
 * invalid" on every amend and rebase while notes.rewriteRef names a ref that
 * does not exist, so the ref has to be there before the key is set.  The
 * commit is the same in every repository (fixed author, date and message),
 * so two clones that each started their notes have not diverged. */
static gboolean ensure_notes_ref(git_repository *repo)
{
	git_treebuilder *tb = NULL;
	git_tree *tree = NULL;
	git_signature *sig = NULL;
	git_reference *ref = NULL;
	git_oid oid;
	int rc;

	if (git_reference_name_to_id(&oid, repo, NOTES_REF) == 0)
		return TRUE;
	if (git_signature_new(&sig, "quill", "quill@invalid", 0, 0) < 0)
		return FALSE;
	if ((rc = git_treebuilder_new(&tb, repo, NULL)) == 0 &&
	    (rc = git_treebuilder_write(&oid, tb)) == 0 &&
	    (rc = git_tree_lookup(&tree, repo, &oid)) == 0 &&
	    (rc = git_commit_create(&oid, repo, NULL, sig, sig, NULL,
				    "Notes of quill: review items per patch and version\n", tree, 0, NULL)) == 0)
		rc = git_reference_create(&ref, repo, NOTES_REF, &oid, 0, "quill: start the notes");
	git_reference_free(ref);
	git_tree_free(tree);
	git_treebuilder_free(tb);
	git_signature_free(sig);
	return rc == 0 || rc == GIT_EEXISTS;
}

void series_tie_branch(git_repository *repo, const char *branch, const char *name)
{
	char *key = g_strdup_printf("branch.%s.quillSeries", branch);
	char *rw;

	config_set(repo, key, name, NULL);
	g_free(key);
	rw = config_get(repo, "notes.rewriteRef");
	if (!rw && ensure_notes_ref(repo))
		config_set(repo, "notes.rewriteRef", NOTES_REF, NULL);
	g_free(rw);
}

gboolean series_create(struct series **out, git_repository *repo,
		       const struct series_new_opts *o, char **warning, GError **error)
{
	struct series *s = NULL;
	git_oid base;
	git_reference *created = NULL;
	char *ref;
	gint64 now;
	int rc;

	*out = NULL;
	if (warning)
		*warning = NULL;
	if (!store_name_valid(o->name))
		return qerr(error, QUILL_ERROR_USAGE,
			    "'%s' is not a valid series name (one path component, no spaces)", o->name);
	ref = store_ref_name(o->name);
	rc = git_reference_name_to_id(&base, repo, ref);
	g_free(ref);
	if (rc == 0)
		return qerr(error, QUILL_ERROR_USAGE, "series '%s' already exists", o->name);

	s = series_new_empty(NULL);
	s->name = g_strdup(o->name);
	if (o->branch) {
		if (!branch_exists(repo, o->branch)) {
			qerr(error, QUILL_ERROR_USAGE, "no branch '%s' to adopt", o->branch);
			goto fail;
		}
		s->branch = g_strdup(o->branch);
		s->upstream = o->base ? series_upstream_spec(repo, o->base, error)
				      : branch_upstream_name(repo, o->branch);
		if (o->base && !s->upstream)
			goto fail;
		if (!s->upstream) {
			qerr(error, QUILL_ERROR_USAGE,
			     "branch '%s' has no upstream: name the base with --base REV", o->branch);
			goto fail;
		}
		if (!commit_resolve(&base, repo, s->upstream, error))
			goto fail;
	} else {
		git_commit *c = NULL;

		if (branch_exists(repo, o->name)) {
			qerr(error, QUILL_ERROR_USAGE,
			     "a branch '%s' exists already: adopt it with --branch %s", o->name, o->name);
			goto fail;
		}
		if (o->base) {
			if (!(s->upstream = series_upstream_spec(repo, o->base, error)))
				goto fail;
		} else {
			char *head = config_head_branch(repo);
			git_oid h;
			if (head && git_reference_name_to_id(&h, repo, "HEAD") == 0) {
				s->upstream = head;
			} else {
				g_free(head);
				if (git_reference_name_to_id(&h, repo, "HEAD") < 0) {
					qerr(error, QUILL_ERROR_USAGE,
					     "HEAD has no commit yet: name the base with --base REV");
					goto fail;
				}
				s->upstream = g_strdup(git_oid_tostr_s(&h));
			}
		}
		if (!commit_resolve(&base, repo, s->upstream, error))
			goto fail;
		s->branch = g_strdup(o->name);
		if ((rc = git_commit_lookup(&c, repo, &base)) < 0 ||
		    (rc = git_branch_create(&created, repo, s->branch, c, 0)) < 0) {
			git_commit_free(c);
			qerr_git(error, rc, "cannot create branch '%s'", s->branch);
			goto fail;
		}
		git_commit_free(c);
	}
	for (const char *const *p = o->prefixes; p && *p; p++)
		if (**p) {
			char **old = s->prefixes;
			guint n = g_strv_length(old);
			s->prefixes = g_renew(char *, old, n + 2);
			s->prefixes[n] = g_strdup(*p);
			s->prefixes[n + 1] = NULL;
		}
	g_strfreev(s->to);
	g_strfreev(s->cc);
	s->to = g_strdupv((char **)(o->to ? o->to : (const char *const[]){ NULL }));
	s->cc = g_strdupv((char **)(o->cc ? o->cc : (const char *const[]){ NULL }));
	s->list = g_strdup(o->list);
	s->created = iso_now(repo, &now);
	s->change_id = series_make_change_id(s->name, now);
	s->version = 1;
	s->cover = g_strdup(o->cover ? o->cover : "");
	s->state = state_new(s->name);
	if (!series_save(s, repo, "series new", NULL, 0, error)) {
		if (created)
			git_branch_delete(created);
		goto fail;
	}
	series_tie_branch(repo, s->branch, s->name);
	if (created && !o->no_checkout) {
		GError *e = NULL;
		if (!switch_to(repo, s->branch, &base, &e)) {
			if (warning)
				*warning = g_strdup(e->message);
			g_error_free(e);
		}
	}
	git_reference_free(created);
	*out = s;
	return TRUE;
fail:
	git_reference_free(created);
	series_free(s);
	return FALSE;
}

/* ---- freeze ---- */

gboolean series_freeze(struct series *s, git_repository *repo,
		       const struct series_freeze_opts *o, GError **error)
{
	GPtrArray *patches = NULL;
	struct series_version *v;
	git_oid base, tip, extra[2];
	char *msg, *old_cover;
	int old_version = s->version;

	if (!series_load_patches(&patches, &base, &tip, repo, s, 0, COMMIT_WANT_DIFF, error))
		return FALSE;
	if (patches->len == 0) {
		g_ptr_array_unref(patches);
		return qerr(error, QUILL_ERROR_NEGATIVE,
			    "series '%s' has no patches: branch '%s' holds nothing on top of its base",
			    s->name, s->branch);
	}
	v = series_version_new(s->version);
	v->base = g_strdup(git_oid_tostr_s(&base));
	v->tip = g_strdup(git_oid_tostr_s(&tip));
	v->date = iso_now(repo, NULL);
	v->cover = g_strdup(o->cover ? o->cover : s->cover);
	v->changes = g_strdup(o->changes ? o->changes : "");
	v->cover_msgid = o->cover_msgid ? g_strdup(o->cover_msgid) : NULL;
	v->sent = o->cover_msgid != NULL;
	for (guint i = 0; i < patches->len; i++) {
		const struct commit_patch *c = g_ptr_array_index(patches, i);
		struct series_patch *p = g_new0(struct series_patch, 1);

		p->commit = g_strdup(git_oid_tostr_s(&c->oid));
		p->patch_id = g_strdup(c->patch_id);
		p->subject = g_strdup(c->subject);
		p->author = g_strdup_printf("%s <%s>", c->author_name, c->author_email);
		g_ptr_array_add(v->patches, p);
	}
	g_ptr_array_unref(patches);
	g_ptr_array_add(s->versions, v);
	s->version = old_version + 1;
	old_cover = s->cover;
	s->cover = g_strdup(o->next_cover ? o->next_cover : old_cover);
	git_oid_cpy(&extra[0], &tip);
	git_oid_cpy(&extra[1], &base);
	msg = g_strdup_printf("new-version: froze v%d, now at v%d", old_version, s->version);
	if (!series_save(s, repo, msg, extra, 2, error)) {
		g_free(msg);
		g_ptr_array_remove_index(s->versions, s->versions->len - 1);
		s->version = old_version;
		g_free(s->cover);
		s->cover = old_cover;
		return FALSE;
	}
	g_free(msg);
	g_free(old_cover);
	/* The state commit is the freeze; the tag is derived from it.  Failing
	 * now would have the caller freeze again, so a tag that cannot be
	 * written is left to the next series_repair (the caller may call it
	 * to report why). */
	series_repair(s, repo, NULL);
	return TRUE;
}

int series_repair(struct series *s, git_repository *repo, GError **error)
{
	int written = 0;

	for (guint i = 0; i < s->versions->len; i++) {
		struct series_version *v = g_ptr_array_index(s->versions, i);
		char *tag = series_tag_name(s->name, v->number);
		char *ref = g_strconcat("refs/tags/", tag, NULL);
		git_oid oid, tag_oid;
		git_object *target = NULL;
		git_signature *sig = NULL;
		gboolean force = FALSE;
		char *msg;
		int rc;

		if (git_reference_name_to_id(&oid, repo, ref) == 0) {
			/* there: right if it is on v's tip; a tag left by another
			 * series of that name (deleted, or renamed away) is not */
			git_object *o = NULL, *peeled = NULL;
			gboolean right = git_object_lookup(&o, repo, &oid, GIT_OBJECT_ANY) == 0 &&
					 git_object_peel(&peeled, o, GIT_OBJECT_COMMIT) == 0 &&
					 !g_strcmp0(git_oid_tostr_s(git_object_id(peeled)), v->tip);
			git_object_free(peeled);
			git_object_free(o);
			if (right) {
				g_free(tag);
				g_free(ref);
				continue;
			}
			force = TRUE;
		}
		if (git_oid_fromstr(&oid, v->tip) < 0 ||
		    (rc = git_object_lookup(&target, repo, &oid, GIT_OBJECT_COMMIT)) < 0) {
			qerr(error, QUILL_ERROR_OUTSIDE, "cannot tag %s: commit %s is missing", tag, v->tip);
			g_free(tag);
			g_free(ref);
			return -1;
		}
		if (!ident_signature(&sig, repo, FALSE, error)) {
			git_object_free(target);
			g_free(tag);
			g_free(ref);
			return -1;
		}
		msg = g_str_has_suffix(v->cover, "\n") ? g_strdup(v->cover)
						       : g_strconcat(v->cover, "\n", NULL);
		rc = git_tag_create(&tag_oid, repo, tag, target, sig, msg, force);
		g_free(msg);
		git_signature_free(sig);
		git_object_free(target);
		if (rc < 0 && rc != GIT_EEXISTS) {
			qerr_git(error, rc, "cannot create tag %s", tag);
			g_free(tag);
			g_free(ref);
			return -1;
		}
		if (rc == 0)
			written++;
		g_free(tag);
		g_free(ref);
	}
	return written;
}

/* ---- rename ---- */

gboolean series_rename(struct series *s, git_repository *repo, const char *new_name,
		       GError **error)
{
	char *old, *key, *msg;
	gboolean ok;

	if (!store_name_valid(new_name))
		return qerr(error, QUILL_ERROR_USAGE, "'%s' is not a valid series name", new_name);
	if (!strcmp(new_name, s->name))
		return qerr(error, QUILL_ERROR_USAGE, "series '%s' is already called that", new_name);
	old = g_strdup(s->name);
	g_free(s->name);
	s->name = g_strdup(new_name);
	series_to_state(s);
	msg = g_strdup_printf("rename: %s -> %s", old, new_name);
	ok = store_rename(repo, s->state, new_name, msg, error);
	g_free(msg);
	if (!ok) {
		g_free(s->name);
		s->name = old;
		return FALSE;
	}
	key = g_strdup_printf("branch.%s.quillSeries", s->branch);
	config_set(repo, key, new_name, NULL);
	g_free(key);
	if (series_repair(s, repo, error) < 0) {
		g_free(old);
		return FALSE;
	}
	/* the old tags are derived refs of a series that no longer exists */
	for (guint i = 0; i < s->versions->len; i++) {
		struct series_version *v = g_ptr_array_index(s->versions, i);
		char *tag = series_tag_name(old, v->number);
		char *ref = g_strconcat("refs/tags/", tag, NULL);
		git_reference *r = NULL;

		if (!git_reference_lookup(&r, repo, ref))
			git_reference_delete(r);
		git_reference_free(r);
		g_free(tag);
		g_free(ref);
	}
	g_free(old);
	return TRUE;
}

/* ---- adopt ---- */

gboolean series_adopt(struct series *s, git_repository *repo, const char *message,
		      char **warning, GError **error)
{
	GArray *extra = g_array_new(FALSE, FALSE, sizeof(git_oid));
	GError *e = NULL;
	gboolean ok;

	if (warning)
		*warning = NULL;
	for (guint i = 0; i < s->versions->len; i++) {
		const struct series_version *v = g_ptr_array_index(s->versions, i);
		git_oid o;
		if (v->tip && !git_oid_fromstr(&o, v->tip))
			g_array_append_val(extra, o);
		if (v->base && !git_oid_fromstr(&o, v->base))
			g_array_append_val(extra, o);
	}
	if (!s->state)
		s->state = state_new(s->name);
	if (!s->created)
		s->created = iso_now(repo, NULL);
	ok = series_save(s, repo, message, (const git_oid *)extra->data, extra->len, error);
	g_array_unref(extra);
	if (!ok)
		return FALSE;
	series_tie_branch(repo, s->branch, s->name);
	/* the state is written: a tag that cannot be made now is made by the
	 * next command that opens the series */
	if (series_repair(s, repo, &e) < 0) {
		if (warning)
			*warning = g_strdup_printf("tags not created yet: %s", e->message);
		g_error_free(e);
	}
	return TRUE;
}
