/* sync-remote.c - naming, opening and connecting to the remote of a push
 * or fetch, and reading what it holds. */
#include "series/sync.h"
#include "series/sync-remote.h"
#include "git/config.h"
#include "git/init.h"
#include "series/store.h"
#include "core/error.h"
#include "series/store.h"

#include <string.h>

char *sync_tracking_name(const char *remote, gboolean configured)
{
	GString *s;
	char *ref, *sum, *out;
	int valid = 0;

	if (configured)
		return g_strdup(remote);
	s = g_string_new(NULL);
	for (const char *p = remote; *p; p++) {
		if (g_ascii_isalnum(*p) || *p == '.' || *p == '_' || *p == '-')
			g_string_append_c(s, *p);
		else if (s->len && s->str[s->len - 1] != '-')
			g_string_append_c(s, '-');
	}
	while (s->len && (s->str[s->len - 1] == '-' || s->str[s->len - 1] == '.'))
		g_string_truncate(s, s->len - 1);
	while (s->len && (s->str[0] == '-' || s->str[0] == '.'))
		g_string_erase(s, 0, 1);
	ref = g_strconcat(SYNC_TRACK_PREFIX, s->str, "/series/x", NULL);
	if (s->len && git_reference_name_is_valid(&valid, ref) == 0 && valid) {
		g_free(ref);
		return g_string_free(s, FALSE);
	}
	g_free(ref);
	g_string_free(s, TRUE);
	sum = g_compute_checksum_for_string(G_CHECKSUM_SHA1, remote, -1);
	out = g_strdup_printf("url-%.12s", sum);
	g_free(sum);
	return out;
}

static gboolean looks_like_url(const char *s)
{
	const char *colon = strchr(s, ':'), *slash = strchr(s, '/');

	if (strstr(s, "://"))
		return TRUE;
	/* scp-like: host:path, the colon before any slash */
	return colon && colon != s && (!slash || colon < slash);
}

void conn_free(struct conn *c)
{
	if (c->remote) {
		git_remote_disconnect(c->remote);
		git_remote_free(c->remote);
	}
	g_free(c->name);
	g_free(c->url);
	g_free(c->track);
	if (c->heads)
		g_hash_table_unref(c->heads);
	if (c->status)
		g_hash_table_unref(c->status);
}

gboolean conn_open(struct conn *c, git_repository *repo, const char *given, gboolean push,
		   GError **error)
{
	char *dflt = NULL;
	const char *name = given;
	gboolean configured;
	int valid = 0, rc;

	memset(c, 0, sizeof *c);
	/* libgit2's own TLS (an https remote) needs the system's certificates */
	if (!git_trust_load())
		return qerr_git(error, -1, "cannot load the system certificates");
	if (!name) {
		dflt = config_get(repo, "quill.remote");
		name = dflt ? dflt : "origin";
	}
	c->name = g_strdup(name);
	rc = git_remote_name_is_valid(&valid, name) == 0 && valid
		     ? git_remote_lookup(&c->remote, repo, name) : GIT_ENOTFOUND;
	configured = rc == 0;
	if (rc < 0 && rc != GIT_ENOTFOUND && rc != GIT_EINVALIDSPEC) {
		qerr_git(error, rc, "cannot read remote '%s'", name);
		goto fail;
	}
	if (configured) {
		const char *u = push && git_remote_pushurl(c->remote) ? git_remote_pushurl(c->remote)
								       : git_remote_url(c->remote);
		c->url = g_strdup(u ? u : "");
	} else if (looks_like_url(name)) {
		c->url = g_strdup(name);
	} else if (g_file_test(name, G_FILE_TEST_IS_DIR)) {
		c->url = g_canonicalize_filename(name, NULL);
	} else {
		if (given && push && store_name_valid(given) && store_exists(repo, given))
			/* a series' name where the remote goes: say how to push it */
			qerr(error, QUILL_ERROR_USAGE,
			     "no remote '%s': neither a configured remote nor a path or URL "
			     "(to push series %s: quill series push REMOTE %s)", name, given, given);
		else if (given)
			qerr(error, QUILL_ERROR_USAGE,
			     "no remote '%s': neither a configured remote nor a path or URL", name);
		else
			qerr(error, QUILL_ERROR_USAGE,
			     "no remote '%s': add it (git remote add), set quill.remote, or name one",
			     name);
		goto fail;
	}
	if (!configured && (rc = git_remote_create_anonymous(&c->remote, repo, c->url)) < 0) {
		qerr_git(error, rc, "cannot use '%s' as a remote", name);
		goto fail;
	}
	g_free(dflt);
	dflt = sync_tracking_name(configured ? c->name : c->url, configured);
	c->track = g_strconcat(SYNC_TRACK_PREFIX, dflt, "/", NULL);
	g_free(dflt);
	return TRUE;
fail:
	g_free(dflt);
	conn_free(c);
	memset(c, 0, sizeof *c);
	return FALSE;
}

static int cred_cb(git_credential **out, const char *url, const char *user, unsigned int allowed,
		   void *payload)
{
	struct conn *c = payload;

	if (c->cred_tries++ >= 3)
		return GIT_EAUTH;
	if (allowed & GIT_CREDENTIAL_USERNAME)
		return git_credential_username_new(out, user ? user : "git");
	if (allowed & GIT_CREDENTIAL_SSH_KEY)
		return git_credential_ssh_key_from_agent(out, user ? user : "git");
	return GIT_PASSTHROUGH;
}

static int push_ref_cb(const char *refname, const char *status, void *payload)
{
	struct conn *c = payload;

	g_hash_table_replace(c->status, g_strdup(refname), g_strdup(status ? status : ""));
	return 0;
}

void conn_callbacks_init(git_remote_callbacks *cb, struct conn *c)
{
	git_remote_init_callbacks(cb, GIT_REMOTE_CALLBACKS_VERSION);
	cb->credentials = cred_cb;
	cb->push_update_reference = push_ref_cb;
	cb->payload = c;
}

static gboolean ours(const char *ref)
{
	return g_str_has_prefix(ref, STORE_REF_PREFIX) || g_str_has_prefix(ref, TAG_PREFIX) ||
	       !strcmp(ref, STORE_NOTES_REF);
}

/* Connect and learn the remote's refs in our namespaces. */
gboolean conn_connect(struct conn *c, gboolean push, GError **error)
{
	git_remote_callbacks cb;
	git_proxy_options proxy = GIT_PROXY_OPTIONS_INIT;
	const git_remote_head **heads;
	size_t n;
	int rc;

	conn_callbacks_init(&cb, c);
	proxy.type = GIT_PROXY_AUTO;
	c->heads = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	c->status = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	if ((rc = git_remote_connect(c->remote, push ? GIT_DIRECTION_PUSH : GIT_DIRECTION_FETCH,
				     &cb, &proxy, NULL)) < 0)
		return qerr_git(error, rc, "cannot reach remote '%s'", c->name);
	if ((rc = git_remote_ls(&heads, &n, c->remote)) < 0)
		return qerr_git(error, rc, "cannot list the refs of remote '%s'", c->name);
	for (size_t i = 0; i < n; i++)
		if (ours(heads[i]->name) && !g_str_has_suffix(heads[i]->name, "^{}"))
			g_hash_table_replace(c->heads, g_strdup(heads[i]->name),
					     g_memdup2(&heads[i]->oid, sizeof(git_oid)));
	return TRUE;
}

const git_oid *conn_remote_oid(const struct conn *c, const char *ref)
{
	return g_hash_table_lookup(c->heads, ref);
}

gboolean sync_local_oid(git_oid *out, git_repository *repo, const char *ref)
{
	return git_reference_name_to_id(out, repo, ref) == 0;
}

/* TRUE when `desc` contains `anc` (both must be here; equal counts). */
gboolean sync_contains(git_repository *repo, const git_oid *desc, const git_oid *anc)
{
	git_odb *odb = NULL;
	gboolean have;

	if (git_oid_equal(desc, anc))
		return TRUE;
	if (git_repository_odb(&odb, repo) < 0)
		return FALSE;
	have = git_odb_exists(odb, anc) && git_odb_exists(odb, desc);
	git_odb_free(odb);
	return have && git_graph_descendant_of(repo, desc, anc) == 1;
}


/* Where a remote ref is kept under refs/quill-remote/R/: "series/NAME",
 * "tags/NAME/vN" or "notes/quill" (caller owns). */
char *sync_track_rest(const char *ref)
{
	if (g_str_has_prefix(ref, STORE_REF_PREFIX))
		return g_strconcat("series/", ref + strlen(STORE_REF_PREFIX), NULL);
	if (g_str_has_prefix(ref, TAG_PREFIX))
		return g_strconcat("tags/", ref + strlen(TAG_PREFIX), NULL);
	return g_strdup("notes/quill");
}

void conn_set_tracking(git_repository *repo, const struct conn *c, const char *rest,
			 const git_oid *oid)
{
	git_reference *ref = NULL;
	char *name = g_strconcat(c->track, rest, NULL);

	git_reference_create(&ref, repo, name, oid, 1, "quill series push");
	git_reference_free(ref);
	g_free(name);
}

