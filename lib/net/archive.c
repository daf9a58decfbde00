/* archive.c - opening an archive from its spec, the configuration behind
 * the default one, and links to messages.  The kinds do the fetching. */
#include "net/archive.h"
#include "core/error.h"
#include "git/config.h"
#include "net/archive-kind.h"

#include <string.h>

#define LORE_DEFAULT "https://lore.kernel.org/all"

struct archive {
	const struct archive_kind *kind;
	void *state;
	char *spec;
	struct archive_opts opts;
	char *cache_dir;
};

static const struct archive_kind *const kinds[] = {
	&archive_kind_lore, &archive_kind_notmuch, &archive_kind_mirror,
	&archive_kind_mbox, &archive_kind_maildir,
};

static char *strip_slashes(char *s)
{
	gsize n = strlen(s);

	while (n > 0 && s[n - 1] == '/')
		s[--n] = '\0';
	return s;
}

char *archive_lore_base(git_repository *repo)
{
	char *v = config_get(repo, "quill.lore");

	if (v && *v)
		return strip_slashes(v);
	g_free(v);
	v = config_get(repo, "b4.midmask");
	if (v && *v) {
		char *pct = strstr(v, "%s");
		if (pct)
			*pct = '\0';
		strip_slashes(v);
		if (*v)
			return v;
	}
	g_free(v);
	return g_strdup(LORE_DEFAULT);
}

char *archive_default_spec(git_repository *repo)
{
	char *v = config_get(repo, "quill.source"), *base, *spec;

	if (v && *v)
		return v;
	g_free(v);
	base = archive_lore_base(repo);
	spec = g_strconcat("lore:", base, NULL);
	g_free(base);
	return spec;
}

char *archive_link(const char *base, const char *msgid)
{
	/* public-inbox escapes what is not safe in a path segment; '@' stays */
	char *id = g_uri_escape_string(msgid, "@!$&'()*+,;=:~", FALSE);
	gsize n = strlen(base);
	char *link = g_strdup_printf("%.*s/%s/", (int)(n && base[n - 1] == '/' ? n - 1 : n), base, id);

	g_free(id);
	return link;
}

static void fill_defaults(struct archive_opts *o)
{
	if (!o->connect_timeout_ms)
		o->connect_timeout_ms = 10000;
	if (!o->timeout_ms)
		o->timeout_ms = 120000;
	if (!o->low_speed_secs)
		o->low_speed_secs = 30;
	if (!o->max_bytes)
		o->max_bytes = (guint64)256 << 20;
	if (!o->max_inflight)
		o->max_inflight = 8;
	if (!o->retries)
		o->retries = 3;
	if (!o->retry_base_ms)
		o->retry_base_ms = 500;
}

/* What opts leave 0 and the config sets: the transfer timeouts and the
 * transfers at once (archive.h). */
static gboolean config_limits(git_repository *repo, struct archive_opts *o, GError **error)
{
	gint64 n;

	if (!o->timeout_ms) {
		if (!config_get_int(repo, "quill.httpTimeout", 1, G_MAXLONG / 1000, 0, &n, error))
			return FALSE;
		o->timeout_ms = (long)n * 1000;
	}
	if (!o->low_speed_secs) {
		if (!config_get_int(repo, "quill.httpLowSpeedTime", 1, G_MAXLONG, 0, &n, error))
			return FALSE;
		if (!n && !config_get_int(repo, "http.lowSpeedTime", 1, G_MAXLONG, 0, &n, error))
			return FALSE;
		o->low_speed_secs = (long)n;
	}
	if (!o->max_inflight) {
		if (!config_get_int(repo, "quill.pullJobs", 1, 1024, 0, &n, error))
			return FALSE;
		o->max_inflight = (guint)n;
	}
	return TRUE;
}

static char *cache_dir(void)
{
	const char *xdg = g_getenv("XDG_CACHE_HOME");

	if (xdg && *xdg == '/')
		return g_build_filename(xdg, "quill", NULL);
	return g_build_filename(g_get_home_dir(), ".cache", "quill", NULL);
}

static gboolean config_false(git_repository *repo, const char *key)
{
	char *v = config_get(repo, key);
	gboolean no = v && (!g_ascii_strcasecmp(v, "false") || !g_ascii_strcasecmp(v, "no") ||
			    !g_ascii_strcasecmp(v, "off") || !strcmp(v, "0"));

	g_free(v);
	return no;
}

gboolean archive_open(struct archive **out, const char *spec, git_repository *repo,
		      const struct archive_opts *opts, GError **error)
{
	struct archive *a;
	char *given = spec ? g_strdup(spec) : archive_default_spec(repo), *arg;
	const char *colon = strchr(given, ':');
	gsize n = colon ? (gsize)(colon - given) : strlen(given);
	const struct archive_kind *kind = NULL;
	struct archive_opts limits = { 0 };

	*out = NULL;
	if (opts)
		limits = *opts;
	for (gsize i = 0; i < G_N_ELEMENTS(kinds); i++)
		if (strlen(kinds[i]->name) == n && !strncmp(given, kinds[i]->name, n))
			kind = kinds[i];
	if (!kind) {
		qerr(error, QUILL_ERROR_USAGE,
		     "%s: not a mail source (lore[:URL], notmuch[:PATH], mirror:PATH, mbox:FILE, maildir:DIR)",
		     given);
		g_free(given);
		return FALSE;
	}
	arg = g_strdup(colon ? colon + 1 : "");
	if (kind == &archive_kind_lore && !config_limits(repo, &limits, error)) {
		g_free(arg);
		g_free(given);
		return FALSE;
	}
	if (kind == &archive_kind_lore) {
		if (!*arg) {
			g_free(arg);
			arg = archive_lore_base(repo);
		}
		strip_slashes(arg);
	} else if (kind->arg_required && !*arg) {
		qerr(error, QUILL_ERROR_USAGE, "%s: give the %s as %s:PATH", given, kind->name,
		     kind->name);
		g_free(arg);
		g_free(given);
		return FALSE;
	}
	a = g_new0(struct archive, 1);
	a->kind = kind;
	a->spec = g_strconcat(kind->name, ":", arg, NULL);
	a->opts = limits;
	if (!a->opts.cache_dir)
		a->opts.cache_dir = a->cache_dir = cache_dir();
	if (config_false(repo, "quill.sslVerify"))
		a->opts.insecure = TRUE;
	fill_defaults(&a->opts);
	g_free(given);
	if (!kind->open(&a->state, arg, &a->opts, error)) {
		g_free(arg);
		a->kind = NULL;
		archive_free(a);
		return FALSE;
	}
	g_free(arg);
	*out = a;
	return TRUE;
}

void archive_free(struct archive *a)
{
	if (!a)
		return;
	if (a->kind)
		a->kind->close(a->state);
	g_free(a->spec);
	g_free(a->cache_dir);
	g_free(a);
}

const char *archive_spec(const struct archive *a)
{
	return a->spec;
}

gboolean archive_threads(struct archive *a, struct archive_thread *t, guint n, GError **error)
{
	for (guint i = 0; i < n; i++) {
		t[i].mbox = NULL;
		t[i].error = NULL;
		t[i].from_cache = FALSE;
	}
	return a->kind->threads(a->state, t, n, error);
}

gboolean archive_search(struct archive *a, const struct archive_query *q, GBytes **out,
			GError **error)
{
	*out = NULL;
	return a->kind->search(a->state, q, out, error);
}
