/* thanks.c - the posted series that may have landed: own series' newest
 * sent versions and the records quill mail am leaves (see thanks.h). */
#include "series/thanks.h"

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "core/date.h"
#include "core/error.h"
#include "core/file.h"
#include "git/commit.h"
#include "git/ident.h"
#include "series/series.h"
#include "series/store.h"

/* A record is small; anything larger is not one of ours. */
#define RECORD_MAX (4u << 20)

struct thanks_series *thanks_series_new(void)
{
	struct thanks_series *t = g_new0(struct thanks_series, 1);

	t->patches = g_ptr_array_new_with_free_func((GDestroyNotify)thanks_patch_free);
	return t;
}

void thanks_patch_free(struct thanks_patch *p)
{
	if (!p)
		return;
	g_free(p->subject);
	g_free(p->patch_id);
	g_free(p->msgid);
	g_free(p);
}

void thanks_series_clear_headers(struct thanks_series *t)
{
	g_clear_pointer(&t->msgid, g_free);
	g_clear_pointer(&t->subject, g_free);
	g_clear_pointer(&t->from, g_free);
	g_clear_pointer(&t->to, g_strfreev);
	g_clear_pointer(&t->cc, g_strfreev);
	g_clear_pointer(&t->date, g_free);
	g_clear_pointer(&t->quote, g_free);
}

void thanks_series_free(struct thanks_series *t)
{
	if (!t)
		return;
	thanks_series_clear_headers(t);
	g_ptr_array_unref(t->patches);
	g_free(t->series);
	g_free(t->record);
	g_strfreev(t->own_commits);
	g_free(t);
}

char *thanks_quote_lines(const char *body)
{
	GString *out = g_string_new(NULL);
	const char *p = body ? body : "";
	int lines = 0;

	while (*p == '\n')
		p++;
	while (*p && lines < 5) {
		const char *nl = strchr(p, '\n');
		gsize n = nl ? (gsize)(nl - p) : strlen(p);

		if ((n == 3 && (!strncmp(p, "---", 3) || !strncmp(p, "-- ", 3))))
			break;
		g_string_append_len(out, p, n);
		g_string_append_c(out, '\n');
		lines++;
		p = nl ? nl + 1 : p + n;
	}
	while (out->len && (out->str[out->len - 1] == '\n' || out->str[out->len - 1] == ' '))
		g_string_truncate(out, out->len - 1);
	return g_string_free(out, FALSE);
}

/* ---- records ---- */

char *thanks_dir(void)
{
	const char *xdg = g_getenv("XDG_DATA_HOME");

	if (xdg && *xdg == '/')
		return g_build_filename(xdg, "quill", "thanks", NULL);
	return g_build_filename(g_get_home_dir(), ".local", "share", "quill", "thanks", NULL);
}

static json_t *strv_to_json(char **v)
{
	json_t *a = json_array();

	for (; v && *v; v++)
		json_array_append_new(a, json_string(*v));
	return a;
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

json_t *thanks_record_json(const struct thanks_series *t)
{
	json_t *doc = json_object(), *ps = json_array();

	json_object_set_new(doc, "msgid", json_string(t->msgid));
	json_object_set_new(doc, "subject", json_string(t->subject ? t->subject : ""));
	json_object_set_new(doc, "from", json_string(t->from ? t->from : ""));
	json_object_set_new(doc, "to", strv_to_json(t->to));
	json_object_set_new(doc, "cc", strv_to_json(t->cc));
	json_object_set_new(doc, "date", str_or_null(t->date));
	json_object_set_new(doc, "version", json_integer(t->version));
	json_object_set_new(doc, "quote", str_or_null(t->quote));
	for (guint i = 0; i < t->patches->len; i++) {
		const struct thanks_patch *p = t->patches->pdata[i];
		json_t *o = json_object();

		json_object_set_new(o, "patch", json_integer(p->patch));
		json_object_set_new(o, "subject", json_string(p->subject ? p->subject : ""));
		json_object_set_new(o, "patch_id", str_or_null(p->patch_id));
		json_object_set_new(o, "msgid", str_or_null(p->msgid));
		json_array_append_new(ps, o);
	}
	json_object_set_new(doc, "patches", ps);
	return doc;
}

static char *record_name(const char *msgid)
{
	char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA1, msgid, -1);
	char *name = g_strdup_printf("%s.json", sum);

	g_free(sum);
	return name;
}

gboolean thanks_record_write(const struct thanks_series *t, GError **error)
{
	char *dir = thanks_dir(), *name = record_name(t->msgid);
	char *path = g_build_filename(dir, name, NULL), *text;
	json_t *doc = thanks_record_json(t);
	gboolean ok = FALSE;

	if (g_mkdir_with_parents(dir, 0777) < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", dir, g_strerror(errno));
	} else {
		text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		ok = file_write_atomic(path, text, -1, error);
		free(text);
	}
	json_decref(doc);
	g_free(path);
	g_free(name);
	g_free(dir);
	return ok;
}

static char *jdup(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? g_strdup(s) : NULL;
}

/* A header's text from a record: every control character a blank, so
 * that no value can start a header of its own (in place; returns s). */
static char *one_line(char *s)
{
	for (unsigned char *p = (unsigned char *)s; p && *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			*p = ' ';
	return s;
}

static char **jstrv(const json_t *o, const char *key)
{
	const json_t *a = json_object_get(o, key), *v;
	GPtrArray *out = g_ptr_array_new();
	size_t i;

	json_array_foreach(a, i, v)
		if (json_is_string(v))
			g_ptr_array_add(out, one_line(g_strdup(json_string_value(v))));
	g_ptr_array_add(out, NULL);
	return (char **)g_ptr_array_free(out, FALSE);
}

struct thanks_series *thanks_record_parse(const char *data, gsize len, const char **why)
{
	json_t *doc = json_loadb(data, len, 0, NULL), *p;
	struct thanks_series *t;
	size_t i;

	if (!json_is_object(doc) || !json_is_string(json_object_get(doc, "msgid")) ||
	    !json_is_array(json_object_get(doc, "patches"))) {
		*why = "not a record of quill mail am";
		json_decref(doc);
		return NULL;
	}
	t = thanks_series_new();
	t->msgid = one_line(jdup(doc, "msgid"));
	t->subject = one_line(jdup(doc, "subject"));
	t->from = one_line(jdup(doc, "from"));
	t->to = jstrv(doc, "to");
	t->cc = jstrv(doc, "cc");
	t->date = jdup(doc, "date");
	t->quote = jdup(doc, "quote");
	t->version = (int)json_integer_value(json_object_get(doc, "version"));
	json_array_foreach(json_object_get(doc, "patches"), i, p) {
		struct thanks_patch *tp = g_new0(struct thanks_patch, 1);

		tp->patch = (int)json_integer_value(json_object_get(p, "patch"));
		if (tp->patch <= 0)
			tp->patch = (int)i + 1;
		tp->subject = one_line(jdup(p, "subject"));
		tp->patch_id = jdup(p, "patch_id");
		tp->msgid = one_line(jdup(p, "msgid"));
		g_ptr_array_add(t->patches, tp);
	}
	json_decref(doc);
	if (!t->patches->len) {
		*why = "it lists no patches";
		thanks_series_free(t);
		return NULL;
	}
	return t;
}

/* The records in dir not also under dir/sent, sorted by name. */
static void add_records(GPtrArray *out, warn_fn warn, void *payload)
{
	char *dir = thanks_dir();
	GDir *d = g_dir_open(dir, 0, NULL);
	GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
	const char *n;

	while (d && (n = g_dir_read_name(d)))
		if (g_str_has_suffix(n, ".json"))
			g_ptr_array_add(names, g_strdup(n));
	if (d)
		g_dir_close(d);
	g_ptr_array_sort(names, (GCompareFunc)g_ascii_strcasecmp);
	for (guint i = 0; i < names->len; i++) {
		char *path = g_build_filename(dir, names->pdata[i], NULL);
		char *sent = g_build_filename(dir, "sent", names->pdata[i], NULL);
		char *data = NULL;
		gsize len = 0;
		const char *why = NULL;
		GError *e = NULL;
		struct thanks_series *t = NULL;

		if (!g_file_test(sent, G_FILE_TEST_EXISTS)) {
			int rc = file_read_hostile(path, RECORD_MAX, &data, &len, &e);
			if (rc < 0) {
				if (warn)
					warn(payload, "%s", e->message);
				g_clear_error(&e);
			} else if (rc > 0 && !(t = thanks_record_parse(data, len, &why)) && warn) {
				warn(payload, "%s: %s; left out", path, why);
			}
		}
		if (t) {
			t->record = g_strdup(path);
			g_ptr_array_add(out, t);
		}
		g_free(data);
		g_free(sent);
		g_free(path);
	}
	g_ptr_array_unref(names);
	g_free(dir);
}

/* ---- own series ---- */

static void add_oid_str(GPtrArray *a, const git_oid *oid)
{
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof hex, oid);
	g_ptr_array_add(a, g_strdup(hex));
}

/* The commits that are s's own: every frozen version's patches and the
 * working range of its branch (when it can be found). */
static char **own_commits(git_repository *repo, const struct series *s)
{
	GPtrArray *a = g_ptr_array_new();
	GPtrArray *range = NULL;
	git_oid base, tip;

	for (guint i = 0; i < s->versions->len; i++) {
		const struct series_version *v = s->versions->pdata[i];
		for (guint k = 0; k < v->patches->len; k++) {
			const struct series_patch *p = v->patches->pdata[k];
			if (p->commit)
				g_ptr_array_add(a, g_strdup(p->commit));
		}
	}
	if (series_working_range(&base, &tip, repo, s, NULL) &&
	    commit_range(&range, repo, &base, &tip, NULL)) {
		for (guint i = 0; i < range->len; i++)
			add_oid_str(a, range->pdata[i]);
		g_ptr_array_unref(range);
	}
	g_ptr_array_add(a, NULL);
	return (char **)g_ptr_array_free(a, FALSE);
}

/* The quote and subject of a one-patch series: the commit's. */
static void one_patch_text(struct thanks_series *t, git_repository *repo,
			   const struct series_patch *p)
{
	struct commit_patch *cp = NULL;
	git_oid oid;

	if (p->commit && !git_oid_fromstr(&oid, p->commit) &&
	    commit_patch_load(&cp, repo, &oid, 0, NULL)) {
		t->quote = thanks_quote_lines(cp->body);
		commit_patch_free(cp);
	}
}

static char **strv_copy(char **v)
{
	return v ? g_strdupv(v) : g_new0(char *, 1);
}

/* The newest sent version of s as a candidate, or NULL: none was sent, or
 * it was thanked. */
static struct thanks_series *own_candidate(git_repository *repo, const struct series *s,
					   const char *me)
{
	const struct series_version *v = NULL;
	struct thanks_series *t;
	char *path, *prefix, *nl;
	GBytes *thanked;

	for (guint i = s->versions->len; i > 0 && !v; i--) {
		const struct series_version *c = s->versions->pdata[i - 1];
		if (c->sent && c->cover_msgid && c->patches->len)
			v = c;
	}
	if (!v)
		return NULL;
	path = g_strdup_printf("v%d/thanked", v->number);
	thanked = state_get(s->state, path);
	g_free(path);
	if (thanked)
		return NULL;
	t = thanks_series_new();
	t->series = g_strdup(s->name);
	t->version = v->number;
	t->msgid = g_strdup(v->cover_msgid);
	t->from = g_strdup(me);
	t->to = strv_copy(s->to);
	t->cc = strv_copy(s->cc);
	t->date = g_strdup(v->date);
	for (guint k = 0; k < v->patches->len; k++) {
		const struct series_patch *p = v->patches->pdata[k];
		struct thanks_patch *tp = g_new0(struct thanks_patch, 1);

		tp->patch = (int)k + 1;
		tp->subject = g_strdup(p->subject);
		tp->patch_id = p->patch_id && *p->patch_id ? g_strdup(p->patch_id) : NULL;
		tp->msgid = g_strdup(p->msgid);
		g_ptr_array_add(t->patches, tp);
	}
	if (v->patches->len == 1) {
		const struct series_patch *p = v->patches->pdata[0];
		prefix = series_subject_prefix(s, v->number, 1, 0);
		t->subject = g_strdup_printf("%s %s", prefix, p->subject);
		one_patch_text(t, repo, p);
	} else {
		const char *body = v->cover ? strchr(v->cover, '\n') : NULL;
		char *line = g_strdup(v->cover ? v->cover : "");

		if ((nl = strchr(line, '\n')))
			*nl = 0;
		prefix = series_subject_prefix(s, v->number, 0, (int)v->patches->len);
		t->subject = g_strdup_printf("%s %s", prefix, line);
		t->quote = thanks_quote_lines(body ? body + 1 : "");
		g_free(line);
	}
	g_free(prefix);
	if (t->quote && !*t->quote)
		g_clear_pointer(&t->quote, g_free);
	t->own_commits = own_commits(repo, s);
	return t;
}

/* Own series NAME (or all of them) into out. */
static gboolean add_own(GPtrArray *out, git_repository *repo, const char *name, GError **error)
{
	GPtrArray *names;
	char *me = ident_sender(repo, error);
	gboolean ok = TRUE;

	if (!me)
		return FALSE;
	if (name) {
		names = g_ptr_array_new_with_free_func(g_free);
		g_ptr_array_add(names, g_strdup(name));
	} else if (!(names = store_list(repo, error))) {
		g_free(me);
		return FALSE;
	}
	for (guint i = 0; ok && i < names->len; i++) {
		struct series *s = NULL;
		struct thanks_series *t;

		if (!(ok = series_load(&s, repo, names->pdata[i], error)))
			break;
		if ((t = own_candidate(repo, s, me)))
			g_ptr_array_add(out, t);
		series_free(s);
	}
	g_ptr_array_unref(names);
	g_free(me);
	return ok;
}

gboolean thanks_candidates(GPtrArray **out, git_repository *repo, const char *name,
			   warn_fn warn, void *payload, GError **error)
{
	GPtrArray *a = g_ptr_array_new_with_free_func((GDestroyNotify)thanks_series_free);

	if (!add_own(a, repo, name, error)) {
		g_ptr_array_unref(a);
		*out = NULL;
		return FALSE;
	}
	if (!name)
		add_records(a, warn, payload);
	*out = a;
	return TRUE;
}
