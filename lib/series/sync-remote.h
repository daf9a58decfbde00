/* sync-remote.h - the connection to a remote, shared by push and fetch
 * (lib/sync.c); private to the sync module. */
#ifndef QUILL_SYNC_REMOTE_H
#define QUILL_SYNC_REMOTE_H

#include <git2.h>
#include <glib.h>

#define TAG_PREFIX "refs/tags/quill/"

struct conn {
	git_remote *remote;
	char *name;		/* as given or defaulted */
	char *url;
	char *track;		/* refs/quill-remote/R/ */
	int cred_tries;
	GHashTable *heads;	/* advertised refname -> git_oid* (our namespaces only) */
	GHashTable *status;	/* push: refname -> server's message ("" = ok) */
};

/* Resolve REMOTE (a configured remote, a path or a URL; NULL: quill.remote,
 * else origin) into c, not yet connected; `push` words the errors for a
 * push.  Release with conn_free. */
gboolean conn_open(struct conn *c, git_repository *repo, const char *given, gboolean push,
		   GError **error);
void conn_free(struct conn *c);

/* Connect for a push or a fetch and learn the remote's refs (c->heads). */
gboolean conn_connect(struct conn *c, gboolean push, GError **error);
void conn_callbacks_init(git_remote_callbacks *cb, struct conn *c);

/* What the remote advertised for a ref, or NULL (borrowed). */
const git_oid *conn_remote_oid(const struct conn *c, const char *ref);

/* Record a remote ref's value under c->track (refs/quill-remote/R/REST). */
void conn_set_tracking(git_repository *repo, const struct conn *c, const char *rest,
		       const git_oid *oid);

/* Our ref's value; FALSE when it does not exist. */
gboolean sync_local_oid(git_oid *out, git_repository *repo, const char *ref);

/* TRUE when anc is desc or one of its ancestors (both must be here). */
gboolean sync_contains(git_repository *repo, const git_oid *desc, const git_oid *anc);

/* "series/NAME", "tags/NAME/vN" or "notes/quill" for one of our refs (caller owns). */
char *sync_track_rest(const char *ref);

#endif
