/* series.c - series and versions, serialized into the state tree. */
#include "series/series.h"
#include "core/date.h"
#include "git/commit.h"
#include "git/config.h"
#include "core/error.h"
#include "git/ident.h"

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

void series_to_state(struct series *s)
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

char *series_versions_phrase(const struct series *s, gboolean working)
{
	if (s->version <= 1)
		return g_strdup_printf("only version 1%s", working ? " (the working one)" : "");
	if (working)
		return g_strdup_printf("versions 1 to %d (v%d is the working one)", s->version,
				       s->version);
	return g_strdup_printf("versions 1 to %d", s->version);
}

char *series_tag_name(const char *name, int n)
{
	return g_strdup_printf("quill/%s/v%d", name, n);
}

char *series_make_change_id(const char *name, gint64 when)
{
	GDateTime *dt = date_utc(when);
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

char *series_now_iso(git_repository *repo, gint64 *when_out)
{
	git_signature *sig = NULL;
	gint64 t;
	char *s;

	if (ident_signature(&sig, repo, FALSE, NULL))
		t = sig->when.time;
	else
		t = g_get_real_time() / G_USEC_PER_SEC;
	git_signature_free(sig);
	s = date_iso(t);
	if (when_out)
		*when_out = t;
	return s;
}

gboolean series_current(char **out, git_repository *repo, const char *given, GError **error)
{
	GPtrArray *names;
	char *branch, *tied = NULL;
	gboolean ok = FALSE;

	*out = NULL;
	names = store_list(repo, error);
	if (!names)
		return FALSE;
	if (given) {
		for (guint i = 0; i < names->len; i++)
			if (!strcmp(g_ptr_array_index(names, i), given))
				ok = TRUE;
		if (ok)
			*out = g_strdup(given);
		else if (!store_name_valid(given))
			qerr(error, QUILL_ERROR_USAGE, "'%s' is not a valid series name", given);
		else
			qerr(error, QUILL_ERROR_USAGE, "no series '%s'", given);
		g_ptr_array_unref(names);
		return ok;
	}
	branch = config_head_branch(repo);
	if (branch) {
		char *key = g_strdup_printf("branch.%s.quillSeries", branch);
		tied = config_get(repo, key);
		g_free(key);
	}
	if (tied) {
		for (guint i = 0; i < names->len; i++)
			if (!strcmp(g_ptr_array_index(names, i), tied))
				ok = TRUE;
		if (ok)
			*out = tied;
		else
			g_free(tied);
	}
	if (!ok && names->len == 1) {
		*out = g_strdup(g_ptr_array_index(names, 0));
		ok = TRUE;
	}
	if (!ok) {
		if (names->len == 0) {
			qerr(error, QUILL_ERROR_USAGE,
			     "no series in this repository (start one with 'quill series new NAME')");
		} else {
			GString *s = g_string_new(NULL);
			for (guint i = 0; i < names->len; i++)
				g_string_append_printf(s, "%s%s", i ? ", " : "",
						       (char *)g_ptr_array_index(names, i));
			qerr(error, QUILL_ERROR_USAGE, "which series? name one of: %s", s->str);
			g_string_free(s, TRUE);
		}
	}
	g_free(branch);
	g_ptr_array_unref(names);
	return ok;
}
