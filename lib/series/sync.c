/* sync.c - push and fetch of series state, tags and notes (sync.h).
 *
 * Both directions first learn what the remote holds (git_remote_ls on an
 * open connection) and decide per ref from the commit graph; only then do
 * they move objects, with explicit refspecs.  A push sends the old value it
 * saw, so a remote that moved meanwhile refuses the update (reported per
 * ref through push_update_reference); local updates after a fetch are
 * compare-and-swap.
 */
#include "series/sync.h"
#include "series/sync-remote.h"
#include "git/config.h"
#include "core/error.h"
#include "series/series.h"
#include "series/store.h"

#include <string.h>



/* ---- reports ---- */

static void item_free(struct sync_item *it)
{
	if (!it)
		return;
	g_free(it->name);
	g_free(it->local);
	g_free(it->remote);
	g_free(it->note);
	g_free(it->branch);
	g_free(it->branch_from);
	g_free(it);
}

static struct sync_item *item_new(const char *name, const git_oid *local, const git_oid *remote)
{
	struct sync_item *it = g_new0(struct sync_item, 1);

	it->name = g_strdup(name);
	it->local = local ? g_strdup(git_oid_tostr_s(local)) : NULL;
	it->remote = remote ? g_strdup(git_oid_tostr_s(remote)) : NULL;
	return it;
}

void sync_report_free(struct sync_report *r)
{
	if (!r)
		return;
	g_free(r->remote);
	g_free(r->url);
	g_free(r->track);
	g_ptr_array_unref(r->series);
	g_ptr_array_unref(r->tags);
	item_free(r->notes);
	g_free(r);
}

static int state_status(enum sync_state st)
{
	switch (st) {
	case SYNC_REJECTED: case SYNC_DIVERGED: case SYNC_CONFLICT: return 1;
	case SYNC_FAILED: return 4;
	default: return 0;
	}
}

int sync_report_status(const struct sync_report *r)
{
	int worst = 0;

	for (guint i = 0; i < r->series->len; i++)
		worst = MAX(worst, state_status(((struct sync_item *)g_ptr_array_index(r->series, i))->state));
	for (guint i = 0; i < r->tags->len; i++)
		worst = MAX(worst, state_status(((struct sync_item *)g_ptr_array_index(r->tags, i))->state));
	if (r->notes)
		worst = MAX(worst, state_status(r->notes->state));
	return worst;
}

static struct sync_report *report_new(const struct conn *c, gboolean push, gboolean dry_run)
{
	struct sync_report *r = g_new0(struct sync_report, 1);

	r->remote = g_strdup(c->name);
	r->url = g_strdup(c->url);
	r->track = g_strdup(c->track);
	r->push = push;
	r->dry_run = dry_run;
	r->series = g_ptr_array_new_with_free_func((GDestroyNotify)item_free);
	r->tags = g_ptr_array_new_with_free_func((GDestroyNotify)item_free);
	return r;
}

static gint cmp_str(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* ---- push ---- */

/* The series to push: the names given (each must exist), else all. */
static GPtrArray *push_names(git_repository *repo, const char *const *names, GError **error)
{
	GPtrArray *out;

	if (!names || !*names)
		return store_list(repo, error);
	out = g_ptr_array_new_with_free_func(g_free);
	for (const char *const *p = names; *p; p++) {
		char *ref = store_name_valid(*p) ? store_ref_name(*p) : NULL;
		git_oid oid;
		gboolean dup = FALSE;

		if (!ref || !sync_local_oid(&oid, repo, ref)) {
			qerr(error, QUILL_ERROR_USAGE, ref ? "no series '%s'"
						       : "'%s' is not a valid series name", *p);
			g_free(ref);
			g_ptr_array_unref(out);
			return NULL;
		}
		g_free(ref);
		for (guint i = 0; i < out->len; i++)
			dup |= !strcmp(g_ptr_array_index(out, i), *p);
		if (!dup)
			g_ptr_array_add(out, g_strdup(*p));
	}
	g_ptr_array_sort(out, cmp_str);
	return out;
}

/* One ref to send: the item that reports it, and for a tag its series'. */
struct queued {
	char *ref;
	git_oid oid;
	struct sync_item *item, *series;
};

static void queued_free(struct queued *q)
{
	g_free(q->ref);
	g_free(q);
}

static void enqueue(GPtrArray *queue, const char *ref, const git_oid *oid, struct sync_item *item,
		    struct sync_item *series)
{
	struct queued *q = g_new0(struct queued, 1);

	q->ref = g_strdup(ref);
	git_oid_cpy(&q->oid, oid);
	q->item = item;
	q->series = series;
	g_ptr_array_add(queue, q);
}

/* TRUE when two tag (or commit) ids peel to the same commit; an id we do
 * not have yet counts as different. */
static gboolean same_commit(git_repository *repo, const git_oid *a, const git_oid *b)
{
	git_object *oa = NULL, *ob = NULL, *pa = NULL, *pb = NULL;
	gboolean same = git_object_lookup(&oa, repo, a, GIT_OBJECT_ANY) == 0 &&
			git_object_lookup(&ob, repo, b, GIT_OBJECT_ANY) == 0 &&
			git_object_peel(&pa, oa, GIT_OBJECT_COMMIT) == 0 &&
			git_object_peel(&pb, ob, GIT_OBJECT_COMMIT) == 0 &&
			git_oid_equal(git_object_id(pa), git_object_id(pb));

	git_object_free(pa);
	git_object_free(pb);
	git_object_free(oa);
	git_object_free(ob);
	return same;
}

/* Queue the tags of series `si` the remote lacks; report those it holds
 * with another value. */
static void push_tags(struct sync_report *r, struct conn *c, git_repository *repo,
		      struct sync_item *si, GPtrArray *queue)
{
	git_reference_iterator *it = NULL;
	char *glob = g_strdup_printf(TAG_PREFIX "%s/*", si->name);
	const char *ref;

	if (git_reference_iterator_glob_new(&it, repo, glob) == 0) {
		while (git_reference_next_name(&ref, it) == 0) {
			const git_oid *theirs = conn_remote_oid(c, ref);
			struct sync_item *ti;
			git_oid mine;

			if (!sync_local_oid(&mine, repo, ref) ||
			    (theirs && (git_oid_equal(theirs, &mine) || same_commit(repo, theirs, &mine))))
				continue;	/* there, or an equivalent tag of that version */
			ti = item_new(ref + strlen("refs/tags/"), &mine, theirs);
			if (theirs) {
				ti->state = SYNC_CONFLICT;
				ti->note = g_strdup("the remote's tag differs; left alone");
			} else {
				ti->state = SYNC_NEW;
				enqueue(queue, ref, &mine, ti, si);
				si->tags++;
			}
			g_ptr_array_add(r->tags, ti);
		}
		git_reference_iterator_free(it);
	}
	g_free(glob);
}

/* Decide for one ref (a state ref or the notes): queue it or reject it. */
static void push_decide(struct sync_item *it, git_repository *repo, const char *ref,
			const git_oid *mine, const git_oid *theirs, GPtrArray *queue,
			const char *what)
{
	if (!theirs) {
		it->state = SYNC_NEW;
	} else if (git_oid_equal(mine, theirs)) {
		it->state = SYNC_UP_TO_DATE;
		return;
	} else if (sync_contains(repo, mine, theirs)) {
		it->state = SYNC_FAST_FORWARD;
	} else {
		it->state = SYNC_REJECTED;
		it->note = g_strdup_printf("remote has %s you do not have; fetch first", what);
		return;
	}
	enqueue(queue, ref, mine, it, NULL);
}

/* Send the queue; mark what the remote refused, track what it took. */
static gboolean push_send(struct conn *c, git_repository *repo, GPtrArray *queue,
			  GError **error)
{
	git_push_options po = GIT_PUSH_OPTIONS_INIT;
	GPtrArray *specs = g_ptr_array_new_with_free_func(g_free);
	git_strarray arr;
	int rc;

	for (guint i = 0; i < queue->len; i++) {
		const struct queued *q = g_ptr_array_index(queue, i);
		g_ptr_array_add(specs, g_strdup_printf("%s:%s", q->ref, q->ref));
	}
	arr.strings = (char **)specs->pdata;
	arr.count = specs->len;
	conn_callbacks_init(&po.callbacks, c);
	po.proxy_opts.type = GIT_PROXY_AUTO;
	rc = git_remote_upload(c->remote, &arr, &po);
	g_ptr_array_unref(specs);
	if (rc < 0)
		return qerr_git(error, rc, "cannot push to '%s'", c->name);
	for (guint i = 0; i < queue->len; i++) {
		const struct queued *q = g_ptr_array_index(queue, i);
		const char *st = g_hash_table_lookup(c->status, q->ref);
		char *rest;

		if (st && *st) {
			q->item->state = SYNC_REJECTED;
			g_free(q->item->note);
			q->item->note = g_strdup_printf("the remote refused it: %s", st);
			if (q->series && q->series->tags)
				q->series->tags--;
			continue;
		}
		rest = sync_track_rest(q->ref);	/* what we now know the remote holds */
		conn_set_tracking(repo, c, rest, &q->oid);
		g_free(rest);
	}
	return TRUE;
}

gboolean sync_push(struct sync_report **out, git_repository *repo, const struct sync_opts *o,
		   GError **error)
{
	struct conn c;
	struct sync_report *r = NULL;
	GPtrArray *names, *queue = NULL;
	git_oid notes;
	gboolean ok = FALSE;

	*out = NULL;
	if (!(names = push_names(repo, o->names, error)))
		return FALSE;
	if (!conn_open(&c, repo, o->remote, TRUE, error)) {
		g_ptr_array_unref(names);
		return FALSE;
	}
	if (!conn_connect(&c, TRUE, error))
		goto done;
	r = report_new(&c, TRUE, o->dry_run);
	queue = g_ptr_array_new_with_free_func((GDestroyNotify)queued_free);
	for (guint i = 0; i < names->len; i++) {
		const char *name = g_ptr_array_index(names, i);
		char *ref = store_ref_name(name);
		git_oid mine;

		if (sync_local_oid(&mine, repo, ref)) {	/* else deleted meanwhile */
			struct sync_item *it = item_new(name, &mine, conn_remote_oid(&c, ref));

			g_ptr_array_add(r->series, it);
			push_decide(it, repo, ref, &mine, conn_remote_oid(&c, ref), queue, "changes");
			if (it->state != SYNC_REJECTED)
				push_tags(r, &c, repo, it, queue);
		}
		g_free(ref);
	}
	if (sync_local_oid(&notes, repo, STORE_NOTES_REF)) {
		r->notes = item_new("quill", &notes, conn_remote_oid(&c, STORE_NOTES_REF));
		push_decide(r->notes, repo, STORE_NOTES_REF, &notes, conn_remote_oid(&c, STORE_NOTES_REF),
			    queue, "notes");
	}
	if (!o->dry_run && queue->len && !push_send(&c, repo, queue, error))
		goto done;
	ok = TRUE;
done:
	if (ok)
		*out = r;
	else
		sync_report_free(r);
	if (queue)
		g_ptr_array_unref(queue);
	g_ptr_array_unref(names);
	conn_free(&c);
	return ok;
}

/* ---- fetch ---- */

/* The remote ref a tracking ref mirrors, or NULL (caller owns). */
static char *tracked_ref(const struct conn *c, const char *tracking)
{
	const char *rest = tracking + strlen(c->track);

	if (g_str_has_prefix(rest, "series/"))
		return g_strconcat(STORE_REF_PREFIX, rest + strlen("series/"), NULL);
	if (g_str_has_prefix(rest, "tags/"))
		return g_strconcat(TAG_PREFIX, rest + strlen("tags/"), NULL);
	if (!strcmp(rest, "notes/quill"))
		return g_strdup(STORE_NOTES_REF);
	return NULL;
}

/* Drop the tracking refs of what the remote no longer holds. */
static void prune_tracking(git_repository *repo, const struct conn *c)
{
	git_reference_iterator *it = NULL;
	GPtrArray *gone = g_ptr_array_new_with_free_func(g_free);
	char *glob = g_strconcat(c->track, "*", NULL);
	const char *name;

	if (git_reference_iterator_glob_new(&it, repo, glob) == 0) {
		while (git_reference_next_name(&name, it) == 0) {
			char *theirs = tracked_ref(c, name);
			if (theirs && !conn_remote_oid(c, theirs))
				g_ptr_array_add(gone, g_strdup(name));
			g_free(theirs);
		}
		git_reference_iterator_free(it);
	}
	for (guint i = 0; i < gone->len; i++) {
		git_reference *ref = NULL;
		if (git_reference_lookup(&ref, repo, g_ptr_array_index(gone, i)) == 0)
			git_reference_delete(ref);
		git_reference_free(ref);
	}
	g_ptr_array_unref(gone);
	g_free(glob);
}

/* Adopt, fast-forward, keep or report one ref (a state ref or the notes)
 * against the fetched value. */
static void fetch_decide(struct sync_item *it, git_repository *repo, const struct conn *c,
			 const char *ref, const git_oid *theirs)
{
	git_reference *nr = NULL;
	char *msg = g_strdup_printf("quill series fetch %s", c->name);
	char *rest = sync_track_rest(ref);
	git_oid mine;
	int rc;

	if (!sync_local_oid(&mine, repo, ref)) {
		rc = git_reference_create(&nr, repo, ref, theirs, 0, msg);
		it->state = rc == 0 ? SYNC_NEW : SYNC_FAILED;
		if (rc < 0)
			it->note = g_strdup(rc == GIT_EEXISTS ? "created here meanwhile; fetch again"
							      : git_error_last()->message);
	} else if (git_oid_equal(&mine, theirs)) {
		it->state = SYNC_UP_TO_DATE;
	} else if (sync_contains(repo, theirs, &mine)) {
		rc = git_reference_create_matching(&nr, repo, ref, theirs, 1, &mine, msg);
		it->state = rc == 0 ? SYNC_FAST_FORWARD : SYNC_FAILED;
		if (rc < 0)
			it->note = g_strdup(rc == GIT_EMODIFIED ? "changed here meanwhile; fetch again"
								: git_error_last()->message);
	} else if (sync_contains(repo, &mine, theirs)) {
		it->state = SYNC_AHEAD;
	} else {
		it->state = SYNC_DIVERGED;
		if (!strcmp(ref, STORE_NOTES_REF))
			it->note = g_strdup_printf("both sides changed the notes; nothing was "
						   "overwritten (merge: git notes --ref=quill merge %s%s)",
						   c->track, rest);
		else
			it->note = g_strdup_printf("both sides changed it; nothing was overwritten "
						   "(theirs: %s%s)", c->track, rest);
	}
	git_reference_free(nr);
	g_free(rest);
	g_free(msg);
}

static struct sync_item *find_item(GPtrArray *items, const char *name, size_t len)
{
	for (guint i = 0; i < items->len; i++) {
		struct sync_item *it = g_ptr_array_index(items, i);
		if (strlen(it->name) == len && !strncmp(it->name, name, len))
			return it;
	}
	return NULL;
}

static gboolean settled(const struct sync_item *it)
{
	return it->state != SYNC_DIVERGED && it->state != SYNC_FAILED;
}

static GPtrArray *heads_with_prefix(const struct conn *c, const char *prefix)
{
	GPtrArray *a = g_ptr_array_new();
	GHashTableIter hi;
	gpointer key;

	g_hash_table_iter_init(&hi, c->heads);
	while (g_hash_table_iter_next(&hi, &key, NULL))
		if (g_str_has_prefix(key, prefix))
			g_ptr_array_add(a, key);
	g_ptr_array_sort(a, cmp_str);
	return a;
}

/* Create the tags we lack, except those of a series that diverged. */
static void fetch_tags(struct sync_report *r, const struct conn *c, git_repository *repo)
{
	GPtrArray *refs = heads_with_prefix(c, TAG_PREFIX);
	char *msg = g_strdup_printf("quill series fetch %s", c->name);

	for (guint i = 0; i < refs->len; i++) {
		const char *ref = g_ptr_array_index(refs, i);
		const char *rest = ref + strlen(TAG_PREFIX), *slash = strchr(rest, '/');
		const git_oid *theirs = conn_remote_oid(c, ref);
		struct sync_item *si = slash ? find_item(r->series, rest, (size_t)(slash - rest)) : NULL;
		struct sync_item *ti;
		git_reference *nr = NULL;
		git_oid mine;
		int rc;

		if (si && !settled(si))
			continue;
		if (sync_local_oid(&mine, repo, ref)) {
			if (git_oid_equal(&mine, theirs) || same_commit(repo, &mine, theirs))
				continue;	/* two tags of one version: equivalent */
			ti = item_new(ref + strlen("refs/tags/"), &mine, theirs);
			ti->state = SYNC_CONFLICT;
			ti->note = g_strdup_printf("differs from %s's, which stays in %stags/%s; "
						   "tags follow this repository's state",
						   c->name, c->track, rest);
		} else {
			ti = item_new(ref + strlen("refs/tags/"), NULL, theirs);
			rc = git_reference_create(&nr, repo, ref, theirs, 0, msg);
			git_reference_free(nr);
			ti->state = rc == 0 ? SYNC_NEW : SYNC_FAILED;
			if (rc < 0)
				ti->note = g_strdup(git_error_last()->message);
			else if (si)
				si->tags++;
		}
		g_ptr_array_add(r->tags, ti);
	}
	g_ptr_array_unref(refs);
	g_free(msg);
}

/* A missing patch branch made from the remote-tracking branch REMOTE/BRANCH
 * when that exists: the remote-tracking name ("origin/BRANCH", caller
 * owns), else NULL. */
static char *branch_from_tracking(git_repository *repo, const struct conn *c, const char *branch)
{
	char *tracking = g_strdup_printf("refs/remotes/%s/%s", c->name, branch), *from = NULL;
	git_reference *created = NULL;
	git_commit *commit = NULL;
	git_oid oid;
	int valid = 0;

	if (git_reference_name_is_valid(&valid, tracking) == 0 && valid &&
	    sync_local_oid(&oid, repo, tracking) && git_commit_lookup(&commit, repo, &oid) == 0 &&
	    git_branch_create(&created, repo, branch, commit, 0) == 0)
		from = g_strdup(tracking + strlen("refs/remotes/"));
	git_reference_free(created);
	git_commit_free(commit);
	g_free(tracking);
	return from;
}

/* After a series arrived or moved: its tags, its branch tie, and its
 * patch branch made from the remote-tracking one, or a note when that is
 * not here either. */
static void settle_series(struct sync_item *it, git_repository *repo, const struct conn *c)
{
	struct series *s = NULL;
	GError *e = NULL;
	char *ref, *key, *tied;
	git_oid oid;
	int n;

	if (!series_load(&s, repo, it->name, &e)) {
		it->note = g_strdup_printf("cannot read it: %s", e->message);
		g_error_free(e);
		return;
	}
	if ((n = series_repair(s, repo, &e)) < 0) {
		it->note = g_strdup_printf("tags not repaired: %s", e->message);
		g_clear_error(&e);
	} else {
		it->tags += (guint)n;
	}
	key = g_strdup_printf("branch.%s.quillSeries", s->branch);
	tied = config_get(repo, key);
	if (it->state == SYNC_NEW && !tied)
		series_tie_branch(repo, s->branch, s->name);
	ref = g_strconcat("refs/heads/", s->branch, NULL);
	if (!sync_local_oid(&oid, repo, ref)) {
		it->branch = g_strdup(s->branch);
		it->branch_from = branch_from_tracking(repo, c, s->branch);
	}
	g_free(ref);
	g_free(tied);
	g_free(key);
	series_free(s);
}

gboolean sync_fetch(struct sync_report **out, git_repository *repo, const struct sync_opts *o,
		    GError **error)
{
	struct conn c;
	struct sync_report *r = NULL;
	GPtrArray *specs = NULL, *names = NULL;
	gboolean ok = FALSE;

	*out = NULL;
	if (!conn_open(&c, repo, o->remote, FALSE, error))
		return FALSE;
	if (!conn_connect(&c, FALSE, error))
		goto done;
	r = report_new(&c, FALSE, FALSE);
	/* our namespaces only, mirrored under the tracking prefix */
	specs = g_ptr_array_new_with_free_func(g_free);
	g_ptr_array_add(specs, g_strdup_printf("+" STORE_REF_PREFIX "*:%sseries/*", c.track));
	g_ptr_array_add(specs, g_strdup_printf("+" TAG_PREFIX "*:%stags/*", c.track));
	g_ptr_array_add(specs, g_strdup_printf("+" STORE_NOTES_REF ":%snotes/quill", c.track));
	names = heads_with_prefix(&c, STORE_REF_PREFIX);
	if (g_hash_table_size(c.heads)) {
		git_fetch_options fo = GIT_FETCH_OPTIONS_INIT;
		git_strarray arr = { (char **)specs->pdata, specs->len };
		char *msg = g_strdup_printf("quill series fetch %s", c.name);
		int rc;

		conn_callbacks_init(&fo.callbacks, &c);
		fo.prune = GIT_FETCH_NO_PRUNE;
		fo.update_fetchhead = 0;
		fo.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE;
		fo.proxy_opts.type = GIT_PROXY_AUTO;
		rc = git_remote_download(c.remote, &arr, &fo);
		if (rc == 0)
			rc = git_remote_update_tips(c.remote, &fo.callbacks, 0,
						    GIT_REMOTE_DOWNLOAD_TAGS_NONE, msg);
		g_free(msg);
		if (rc < 0) {
			qerr_git(error, rc, "cannot fetch from '%s'", c.name);
			goto done;
		}
	}
	prune_tracking(repo, &c);
	for (guint i = 0; i < names->len; i++) {
		const char *ref = g_ptr_array_index(names, i);
		const char *name = ref + strlen(STORE_REF_PREFIX);
		struct sync_item *it;
		git_oid mine;

		if (!store_name_valid(name))
			continue;
		it = item_new(name, sync_local_oid(&mine, repo, ref) ? &mine : NULL, conn_remote_oid(&c, ref));
		fetch_decide(it, repo, &c, ref, conn_remote_oid(&c, ref));
		g_ptr_array_add(r->series, it);
	}
	fetch_tags(r, &c, repo);
	for (guint i = 0; i < r->series->len; i++) {
		struct sync_item *it = g_ptr_array_index(r->series, i);
		if (settled(it))
			settle_series(it, repo, &c);
	}
	if (conn_remote_oid(&c, STORE_NOTES_REF)) {
		git_oid mine;
		gboolean have = sync_local_oid(&mine, repo, STORE_NOTES_REF);

		r->notes = item_new("quill", have ? &mine : NULL, conn_remote_oid(&c, STORE_NOTES_REF));
		fetch_decide(r->notes, repo, &c, STORE_NOTES_REF, conn_remote_oid(&c, STORE_NOTES_REF));
	}
	ok = TRUE;
done:
	if (ok)
		*out = r;
	else
		sync_report_free(r);
	if (specs)
		g_ptr_array_unref(specs);
	if (names)
		g_ptr_array_unref(names);
	conn_free(&c);
	return ok;
}
