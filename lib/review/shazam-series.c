/* shazam-series.c - a series posted on the list adopted as a local series
 * (quill series new --from-thread; see shazam.h). */
#include "review/shazam.h"

#include <string.h>

#include "core/error.h"
#include "git/commit.h"

/* Version v of thread t made am-ready and applied on its base: *res and the
 * range base..tip. */
static gboolean build_version(struct am_result **res, git_oid *base, git_oid *tip,
			      git_repository *repo, const struct shazam_thread *t,
			      const struct shazam_version *v, const struct shazam_series_opts *o,
			      GError **error)
{
	struct source *src;
	struct am_opts ao = { 0 };
	gboolean ok;

	if (!t)
		return qerr(error, QUILL_ERROR_NEGATIVE, "v%d is not in the threads found",
			    v->number);
	src = source_new(o->warn, o->payload);
	source_add_bytes(src, t->msgid, t->mbox);
	ao.version = v->number;
	ao.thread = t->msgid;
	ao.warn = o->warn;
	ao.payload = o->payload;
	ok = review_am(src, &ao, res, error) &&
	     shazam_base(base, repo, v->base_commit, o->warn, o->payload, error) &&
	     shazam_commits(tip, repo, *res, base, error);
	source_free(src);
	return ok;
}

/* Append version v to s: its patches, or (older ones that do not build)
 * an empty range at fallback with the cover's Message-ID. */
static gboolean add_version(struct series *s, git_repository *repo,
			    const struct shazam_thread *t, const struct shazam_version *v, gboolean newest, git_oid *fallback,
			    git_oid *tip_out, const struct shazam_series_opts *o, GError **error)
{
	struct series_version_data d = { 0 };
	struct am_result *r = NULL;
	struct series_version *sv;
	git_oid base, tip;
	GError *e = NULL;

	if (!build_version(&r, &base, &tip, repo, t, v, o, &e)) {
		am_result_free(r);
		r = NULL;
		if (newest) {
			g_propagate_error(error, e);
			return FALSE;
		}
		if (o->warn)
			o->warn(o->payload, "v%d is recorded without its patches: %s", v->number,
				e->message);
		g_error_free(e);
		git_oid_cpy(&base, fallback);
		git_oid_cpy(&tip, fallback);
	}
	d.base = &base;
	d.tip = &tip;
	d.cover = v->cover;
	d.cover_msgid = v->cover_msgid;
	d.sent = TRUE;
	sv = series_add_version(s, repo, &d, error);
	for (guint i = 0; sv && r && i < sv->patches->len && i < r->patches->len; i++) {
		struct series_patch *p = sv->patches->pdata[i];
		const struct am_patch *a = r->patches->pdata[i];
		g_free(p->msgid);
		p->msgid = g_strdup(a->msgid);
	}
	am_result_free(r);
	if (tip_out)
		git_oid_cpy(tip_out, &tip);
	git_oid_cpy(fallback, &base);
	return sv != NULL;
}

void shazam_thread_free(struct shazam_thread *t)
{
	if (!t)
		return;
	g_free(t->msgid);
	if (t->mbox)
		g_bytes_unref(t->mbox);
	g_free(t);
}

/* The versions posted in one mbox (as shazam_versions). */
static gboolean mbox_versions(GPtrArray **out, const char *name, GBytes *mbox, warn_fn warn,
			      void *payload, GError **error)
{
	struct source *src = source_new(warn, payload);
	gboolean ok;

	source_add_bytes(src, name, mbox);
	ok = shazam_versions(src, out, error);
	source_free(src);
	return ok;
}

static struct shazam_thread *thread_new(const char *msgid, GBytes *mbox)
{
	struct shazam_thread *t = g_new0(struct shazam_thread, 1);

	t->msgid = g_strdup(msgid);
	t->mbox = mbox;
	return t;
}

/* The covers of the versions of change_id that first does not hold (older
 * and newer ones), found in ar, their threads fetched into out. */
static void fetch_older(GPtrArray *out, struct archive *ar, GPtrArray *first,
			const char *change_id, warn_fn warn, void *payload)
{
	struct archive_query q = { .change_id = change_id };
	GPtrArray *found = NULL, *ids = g_ptr_array_new();
	struct archive_thread *ts;
	GBytes *hits = NULL;
	GError *e = NULL;

	if (!archive_search(ar, &q, &hits, &e) ||
	    !mbox_versions(&found, "search", hits, NULL, NULL, &e)) {
		if (warn)
			warn(payload, "older versions not searched: %s", e->message);
		g_clear_error(&e);
		goto done;
	}
	for (guint i = 0; i < found->len; i++) {
		const struct shazam_version *v = found->pdata[i];
		if (v->cover_msgid && !shazam_version_get(first, v->number))
			g_ptr_array_add(ids, v->cover_msgid);
	}
	ts = g_new0(struct archive_thread, ids->len ? ids->len : 1);
	for (guint i = 0; i < ids->len; i++)
		ts[i].msgid = ids->pdata[i];
	if (ids->len && !archive_threads(ar, ts, ids->len, &e)) {
		if (warn)
			warn(payload, "older versions not fetched: %s", e->message);
		g_clear_error(&e);
	}
	for (guint i = 0; i < ids->len; i++) {
		if (ts[i].mbox)
			g_ptr_array_add(out, thread_new(ts[i].msgid, ts[i].mbox));
		else if (ts[i].error && warn)
			warn(payload, "<%s> not fetched: %s", ts[i].msgid, ts[i].error->message);
		g_clear_error(&ts[i].error);
	}
	g_free(ts);
done:
	if (hits)
		g_bytes_unref(hits);
	if (found)
		g_ptr_array_unref(found);
	g_ptr_array_unref(ids);
}

gboolean shazam_fetch(GPtrArray **out, struct archive *ar, const char *msgid, warn_fn warn,
		      void *payload, GError **error)
{
	struct archive_thread t = { .msgid = msgid };
	GPtrArray *first = NULL;
	const struct shazam_version *nv;

	*out = NULL;
	if (!archive_threads(ar, &t, 1, error))
		return FALSE;
	if (t.error) {
		g_propagate_error(error, t.error);
		return FALSE;
	}
	*out = g_ptr_array_new_with_free_func((GDestroyNotify)shazam_thread_free);
	g_ptr_array_add(*out, thread_new(msgid, t.mbox));
	if (!mbox_versions(&first, msgid, t.mbox, NULL, NULL, NULL))
		return TRUE;
	nv = first->len ? first->pdata[first->len - 1] : NULL;
	if (nv && nv->change_id)
		fetch_older(*out, ar, first, nv->change_id, warn, payload);
	g_ptr_array_unref(first);
	return TRUE;
}

/* The versions of each thread: vs[i] for threads[i] (caller frees both). */
static gboolean read_versions(GPtrArray ***out, GPtrArray *threads,
			      const struct shazam_series_opts *o, GError **error)
{
	GPtrArray **vs = g_new0(GPtrArray *, threads->len + 1);

	for (guint i = 0; i < threads->len; i++) {
		const struct shazam_thread *t = threads->pdata[i];
		if (!mbox_versions(&vs[i], t->msgid, t->mbox, i ? NULL : o->warn, o->payload,
				   error))
			goto fail;
	}
	if (!threads->len || !vs[0]->len) {
		qerr(error, QUILL_ERROR_INPUT, "no patches in the thread");
		goto fail;
	}
	*out = vs;
	return TRUE;
fail:
	for (guint i = 0; i < threads->len; i++)
		if (vs[i])
			g_ptr_array_unref(vs[i]);
	g_free(vs);
	return FALSE;
}

/* Version k: from the first thread that has it (*t, or NULL). */
static const struct shazam_version *find_version(GPtrArray **vs, GPtrArray *threads, int k,
						 const struct shazam_thread **t)
{
	for (guint i = 0; i < threads->len; i++) {
		const struct shazam_version *v = shazam_version_get(vs[i], k);
		if (v) {
			*t = threads->pdata[i];
			return v;
		}
	}
	*t = NULL;
	return NULL;
}

/* The newest version of all threads (a later one than the first thread's,
 * found by its change-id, with a warning). */
static const struct shazam_version *newest(GPtrArray **vs, GPtrArray *threads,
					   const struct shazam_series_opts *o)
{
	const struct shazam_version *first = vs[0]->pdata[vs[0]->len - 1], *nv = first;
	const struct shazam_thread *t;

	for (guint i = 1; i < threads->len; i++)
		for (guint j = 0; j < vs[i]->len; j++) {
			const struct shazam_version *v = vs[i]->pdata[j];
			if (v->number > nv->number)
				nv = v;
		}
	nv = find_version(vs, threads, nv->number, &t);
	if (nv != first && o->warn)
		o->warn(o->payload, "v%d found on the list, newer than the thread given (v%d): adopting v%d",
			nv->number, first->number, nv->number);
	return nv;
}

gboolean shazam_series_new(struct series **out, git_repository *repo, GPtrArray *threads,
			   const struct shazam_series_opts *o, GError **error)
{
	GPtrArray **vs = NULL;
	const struct shazam_version *nv;
	struct series *s = NULL;
	git_oid fallback, tip;
	gboolean ok = FALSE, co = FALSE;
	char *msg;
	int n;

	*out = NULL;
	if (store_exists(repo, o->name))
		return qerr(error, QUILL_ERROR_USAGE, "series '%s' already exists", o->name);
	if (commit_branch_exists(repo, o->name))
		return qerr(error, QUILL_ERROR_USAGE, "a branch '%s' exists already", o->name);
	if (!read_versions(&vs, threads, o, error))
		return FALSE;
	nv = newest(vs, threads, o);
	n = nv->number;
	s = series_blank(o->name);
	s->branch = g_strdup(o->name);
	/* an older version that does not build is recorded at the newest's base */
	if (!shazam_base(&fallback, repo, nv->base_commit, NULL, NULL, error))
		goto done;
	for (int k = 1; k <= n; k++) {
		const struct shazam_thread *t;
		const struct shazam_version *v = find_version(vs, threads, k, &t);
		struct shazam_version none = { .number = k };
		git_oid fb = fallback;
		if (!add_version(s, repo, t, v ? v : &none, k == n, &fb, k == n ? &tip : NULL, o,
				 error))
			goto done;
	}
	s->upstream = g_strdup(((struct series_version *)s->versions->pdata[n - 1])->base);
	s->change_id = nv->change_id ? g_strdup(nv->change_id)
				     : series_make_change_id(o->name, g_get_real_time() / G_USEC_PER_SEC);
	s->cover = g_strdup(nv->cover ? nv->cover : nv->subject ? nv->subject : "");
	s->version = n + 1;
	if (!shazam_branch(repo, o->name, &tip, !o->no_checkout, &co, o->warn, o->payload, error))
		goto done;
	msg = g_strdup_printf("new: %s from the list (change-id %s, v%d posted)", o->name,
			      s->change_id, n);
	ok = series_adopt(s, repo, msg, o->warn, o->payload, error);
	g_free(msg);
	if (!ok) {
		git_reference *ref = NULL;
		if (!co && !git_branch_lookup(&ref, repo, o->name, GIT_BRANCH_LOCAL))
			git_branch_delete(ref);
		git_reference_free(ref);
	}
done:
	if (ok) {
		*out = s;
		s = NULL;
	}
	series_free(s);
	for (guint i = 0; i < threads->len; i++)
		g_ptr_array_unref(vs[i]);
	g_free(vs);
	return ok;
}
