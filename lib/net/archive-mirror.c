/* archive-mirror.c - the mirror kind of archive: a public-inbox v2 inbox
 * directory (git/0.git, git/1.git, ... as grokmirror or lei keep them),
 * read directly through libgit2.  Each epoch's Message-ID index
 * (archive-mirror-index) is brought up to date first, reading only the
 * commits after its tip; a thread is then the messages connected to the
 * one asked for through References and In-Reply-To (either way), a search
 * a scan of what the index holds, both handed back in the order of the
 * epochs' history. */
#include "core/error.h"
#include "mail/mbox.h"
#include "net/archive-kind.h"
#include "net/archive-mail.h"
#include "net/archive-mirror-index.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct epoch {
	guint n;			/* git/N.git */
	git_repository *repo;
	struct mirror_index *ix;
};

struct mirror {
	char *path;			/* the inbox, absolute */
	char *cache;			/* its directory in the cache, or NULL */
	GPtrArray *epochs;		/* struct epoch, by n */
	const struct archive_opts *opts;
	guint mark;			/* the last thread walk's mark */
};

/* A message there is, where it is. */
struct live {
	struct mirror_msg *m;
	struct epoch *e;
};

static void epoch_free(gpointer p)
{
	struct epoch *e = p;

	mirror_index_free(e->ix);
	git_repository_free(e->repo);
	g_free(e);
}

static gint by_n(gconstpointer a, gconstpointer b)
{
	const struct epoch *x = *(struct epoch *const *)a, *y = *(struct epoch *const *)b;

	return x->n < y->n ? -1 : x->n > y->n;
}

static gboolean known_epoch(const struct mirror *mr, guint n)
{
	for (guint i = 0; i < mr->epochs->len; i++)
		if (((struct epoch *)g_ptr_array_index(mr->epochs, i))->n == n)
			return TRUE;
	return FALSE;
}

/* The epochs in PATH/git not opened yet (a mirror may gain one). */
static gboolean scan_epochs(struct mirror *mr, GError **error)
{
	char *dir = g_build_filename(mr->path, "git", NULL);
	GDir *d = g_dir_open(dir, 0, NULL);
	const char *name;
	gboolean ok = TRUE;

	if (!d) {
		g_free(dir);
		return TRUE;
	}
	while (ok && (name = g_dir_read_name(d))) {
		char *end;
		guint64 n;
		char *git_dir, *file = NULL;
		struct epoch *e;
		int rc;

		if (!g_ascii_isdigit(*name))
			continue;
		n = g_ascii_strtoull(name, &end, 10);
		if (strcmp(end, ".git") || n > G_MAXUINT || known_epoch(mr, (guint)n))
			continue;
		git_dir = g_build_filename(dir, name, NULL);
		e = g_new0(struct epoch, 1);
		e->n = (guint)n;
		if ((rc = git_repository_open_bare(&e->repo, git_dir))) {
			ok = qerr_git(error, rc, "%s: cannot open it", git_dir);
			g_free(e);
		} else {
			if (mr->cache) {
				char *leaf = g_strdup_printf("%u.idx", e->n);
				file = g_build_filename(mr->cache, leaf, NULL);
				g_free(leaf);
			}
			e->ix = mirror_index_new(git_dir, file);
			g_ptr_array_add(mr->epochs, e);
		}
		g_free(file);
		g_free(git_dir);
	}
	g_dir_close(d);
	g_free(dir);
	g_ptr_array_sort(mr->epochs, by_n);
	return ok;
}

static void mirror_close(void *state);

static gboolean mirror_open(void **state, const char *arg, const struct archive_opts *opts,
			    GError **error)
{
	char *abs = realpath(arg, NULL);
	struct mirror *mr;

	if (!abs || !g_file_test(abs, G_FILE_TEST_IS_DIR)) {
		free(abs);
		return qerr(error, QUILL_ERROR_USAGE, "mirror:%s: no such directory", arg);
	}
	mr = g_new0(struct mirror, 1);
	mr->path = g_strdup(abs);
	free(abs);
	mr->opts = opts;
	mr->epochs = g_ptr_array_new_with_free_func(epoch_free);
	if (!opts->no_cache) {
		char *key = g_compute_checksum_for_string(G_CHECKSUM_SHA256, mr->path, -1);
		key[32] = '\0';
		mr->cache = g_build_filename(opts->cache_dir, "mirror", key, NULL);
		g_free(key);
	}
	if (!scan_epochs(mr, error)) {
		mirror_close(mr);
		return FALSE;
	}
	if (!mr->epochs->len) {
		qerr(error, QUILL_ERROR_USAGE,
		     "mirror:%s: not a public-inbox v2 inbox (no git/N.git in it)", arg);
		mirror_close(mr);
		return FALSE;
	}
	*state = mr;
	return TRUE;
}

static guint oid_hash(gconstpointer p)
{
	guint h;

	memcpy(&h, ((const git_oid *)p)->id, sizeof h);
	return h;
}

static gboolean oid_equal(gconstpointer a, gconstpointer b)
{
	return git_oid_equal(a, b);
}

/* Every epoch's index up to date; then the messages there are (not
 * deleted), in history order (caller owns: g_array_unref). */
static GArray *refresh(struct mirror *mr, GError **error)
{
	GHashTable *by_blob;
	GArray *live;

	if (!scan_epochs(mr, error))
		return NULL;
	if (mr->cache && g_mkdir_with_parents(mr->cache, 0700) < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: cannot make it: %s", mr->cache,
		     g_strerror(errno));
		return NULL;
	}
	for (guint i = 0; i < mr->epochs->len; i++) {
		struct epoch *e = g_ptr_array_index(mr->epochs, i);
		if (!mirror_index_update(e->ix, e->repo, error))
			return NULL;
	}
	/* a "d" takes back the earlier messages with its blob, in any epoch */
	by_blob = g_hash_table_new_full(oid_hash, oid_equal, NULL, (GDestroyNotify)g_ptr_array_unref);
	for (guint i = 0; i < mr->epochs->len; i++) {
		struct epoch *e = g_ptr_array_index(mr->epochs, i);
		for (guint k = 0; k < e->ix->ops->len; k++) {
			struct mirror_op *op = &g_array_index(e->ix->ops, struct mirror_op, k);
			const git_oid *oid = op->add ? &op->add->blob : &op->del;
			GPtrArray *same = g_hash_table_lookup(by_blob, oid);

			if (op->add) {
				op->add->deleted = FALSE;
				if (!same) {
					same = g_ptr_array_new();
					g_hash_table_insert(by_blob, (gpointer)oid, same);
				}
				g_ptr_array_add(same, op->add);
			} else if (same) {
				for (guint j = 0; j < same->len; j++)
					((struct mirror_msg *)g_ptr_array_index(same, j))->deleted = TRUE;
				g_ptr_array_set_size(same, 0);
			}
		}
	}
	g_hash_table_unref(by_blob);
	live = g_array_new(FALSE, FALSE, sizeof(struct live));
	for (guint i = 0; i < mr->epochs->len; i++) {
		struct epoch *e = g_ptr_array_index(mr->epochs, i);
		for (guint k = 0; k < e->ix->ops->len; k++) {
			struct mirror_op *op = &g_array_index(e->ix->ops, struct mirror_op, k);
			if (op->add && !op->add->deleted) {
				struct live l = { op->add, e };
				g_array_append_val(live, l);
			}
		}
	}
	return live;
}

/* Append the message of l as mboxrd. */
static gboolean append_msg(const struct mirror *mr, GString *out, const struct live *l,
			   GError **error)
{
	git_blob *blob;
	int rc = git_blob_lookup(&blob, l->e->repo, &l->m->blob);

	if (rc)
		return qerr_git(error, rc, "%s: epoch %u: cannot read <%s>", mr->path, l->e->n,
				l->m->msgid);
	mbox_append_rd(out, NULL, git_blob_rawcontent(blob), (gsize)git_blob_rawsize(blob));
	git_blob_free(blob);
	return TRUE;
}

static void link_ids(GHashTable *adj, const char *a, const char *b)
{
	GPtrArray *n = g_hash_table_lookup(adj, a);

	if (!n) {
		n = g_ptr_array_new();
		g_hash_table_insert(adj, (gpointer)a, n);
	}
	g_ptr_array_add(n, (gpointer)b);
}

/* The messages connected to msgid marked with mark; FALSE when msgid is
 * not there. */
static gboolean mark_thread(GHashTable *by_id, GHashTable *adj, const char *msgid, guint mark)
{
	GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
	GQueue todo = G_QUEUE_INIT;

	if (!g_hash_table_contains(by_id, msgid)) {
		g_hash_table_unref(seen);
		return FALSE;
	}
	g_hash_table_add(seen, (gpointer)msgid);
	g_queue_push_tail(&todo, (gpointer)msgid);
	while (!g_queue_is_empty(&todo)) {
		const char *id = g_queue_pop_head(&todo);
		GPtrArray *msgs = g_hash_table_lookup(by_id, id), *next = g_hash_table_lookup(adj, id);

		for (guint i = 0; msgs && i < msgs->len; i++)
			((struct mirror_msg *)g_ptr_array_index(msgs, i))->mark = mark;
		for (guint i = 0; next && i < next->len; i++) {
			const char *n = g_ptr_array_index(next, i);
			if (g_hash_table_add(seen, (gpointer)n))
				g_queue_push_tail(&todo, (gpointer)n);
		}
	}
	g_hash_table_unref(seen);
	return TRUE;
}

static gboolean mirror_threads(void *state, struct archive_thread *t, guint n, GError **error)
{
	struct mirror *mr = state;
	GArray *live = refresh(mr, error);
	GHashTable *by_id, *adj;

	if (!live)
		return FALSE;
	by_id = g_hash_table_new_full(g_str_hash, g_str_equal, NULL,
				      (GDestroyNotify)g_ptr_array_unref);
	adj = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, (GDestroyNotify)g_ptr_array_unref);
	for (guint i = 0; i < live->len; i++) {
		struct mirror_msg *m = g_array_index(live, struct live, i).m;
		GPtrArray *same;

		if (!*m->msgid)
			continue;
		if (!(same = g_hash_table_lookup(by_id, m->msgid))) {
			same = g_ptr_array_new();
			g_hash_table_insert(by_id, m->msgid, same);
		}
		g_ptr_array_add(same, m);
		for (char **p = m->parents; *p; p++) {
			link_ids(adj, m->msgid, *p);
			link_ids(adj, *p, m->msgid);
		}
	}
	for (guint k = 0; k < n; k++) {
		GString *out;
		guint mark = ++mr->mark;
		gsize len;

		if (!mark_thread(by_id, adj, t[k].msgid, mark)) {
			qerr(&t[k].error, QUILL_ERROR_NEGATIVE, "%s: no such thread", t[k].msgid);
			continue;
		}
		out = g_string_new(NULL);
		for (guint i = 0; i < live->len && out; i++) {
			const struct live *l = &g_array_index(live, struct live, i);
			if (l->m->mark == mark && !append_msg(mr, out, l, &t[k].error)) {
				g_string_free(out, TRUE);
				out = NULL;	/* a thread is all or nothing */
			}
		}
		if (!out)
			continue;
		len = out->len;
		t[k].mbox = g_bytes_new_take(g_string_free(out, FALSE), len);
	}
	g_hash_table_unref(adj);
	g_hash_table_unref(by_id);
	g_array_unref(live);
	return TRUE;
}

static gboolean mirror_search(void *state, const struct archive_query *q, GBytes **out,
			      GError **error)
{
	struct mirror *mr = state;
	GArray *live = refresh(mr, error);
	struct archive_match mt;
	GString *buf;
	gboolean ok = TRUE;
	gsize len;

	if (!live)
		return FALSE;
	archive_match_init(&mt, q);
	buf = g_string_new(NULL);
	for (guint i = 0; i < live->len && ok; i++) {
		const struct live *l = &g_array_index(live, struct live, i);
		if (archive_match(&mt, l->m->subject, l->m->from, l->m->change_id))
			ok = append_msg(mr, buf, l, error);
	}
	archive_match_clear(&mt);
	g_array_unref(live);
	if (!ok) {
		g_string_free(buf, TRUE);
		return FALSE;
	}
	len = buf->len;
	*out = g_bytes_new_take(g_string_free(buf, FALSE), len);
	return TRUE;
}

static void mirror_close(void *state)
{
	struct mirror *mr = state;

	if (!mr)
		return;
	g_ptr_array_unref(mr->epochs);
	g_free(mr->cache);
	g_free(mr->path);
	g_free(mr);
}

const struct archive_kind archive_kind_mirror = { "mirror", TRUE, mirror_open, mirror_threads,
						  mirror_search, mirror_close };
