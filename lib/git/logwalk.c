/* logwalk.c - the commits of a range in git log's order, raw messages out.
 *
 * Nodes live in one array and are named by index; an open-addressing table
 * finds them by object id; the queue is a binary heap ordered by committer
 * date (newest first), then by the order commits were queued.  A commit is
 * read (parsed) when it is queued, as git does, so that its date is known;
 * its object is kept until it has been shown.
 */
#include "git/logwalk-private.h"
#include "core/error.h"

#include <string.h>

enum {
	SEEN = 1 << 0,		/* queued once */
	PARSED = 1 << 1,	/* parents and date known, object held */
	UNINTERESTING = 1 << 2,	/* reachable from the negative side */
	SHALLOW = 1 << 3,	/* listed in the shallow file: no parents */
};

#define SLOP 5	/* commits to walk past the point where all look uninteresting */
#define GIVE_OF 16	/* the unit of logwalk_balance's share */

struct node {
	git_oid oid;
	gint64 date;
	guint32 seq;		/* queueing order, for equal dates */
	guint32 flags;
	guint32 par, npar;	/* parents: w->parents[par .. par + npar) */
	struct packread_obj *raw;	/* held from parsing until shown or dropped */
};

struct logwalk {
	git_odb *odb;
	struct packread *packs;	/* the pack files, read here first */
	GPtrArray *spare;	/* struct packread_obj, to reuse */
	struct node *nodes;
	guint32 nnodes, cap;
	guint32 *table;		/* node index + 1; 0 is empty */
	guint32 tsize;		/* a power of two */
	GArray *parents;	/* guint32 */
	GArray *heap;		/* guint32 */
	guint32 seq;
	gboolean limited;
	GArray *out;		/* limited: what to show, in order */
	guint outpos;
	struct logwalk_item one;	/* the commit handed out last, walking here */
	const struct logwalk_item *item;	/* the commit handed out last, or NULL */
	gboolean ahead_on;	/* walk on a second thread (logwalk-ahead.c) */
	logwalk_prepare_fn prepare;	/* logwalk_set_prepare's, or NULL */
	GDestroyNotify prepare_free;
	void *prepare_payload;
	void *caller_payload;	/* logwalk_share_prepare's */
	/* of every GIVE_OF commits read ahead, `give` are finished (and
	 * prepared) by the caller's thread; logwalk_balance moves it */
	guint32 give, acc;
	gboolean balance;	/* give may move (no prepare, or a shared one) */
	struct logwalk_ahead *ahead;	/* that thread, once started */
};

static inline guint32 oid_hash(const git_oid *oid)
{
	guint32 h;

	memcpy(&h, oid->id, sizeof(h));
	return h;
}

static void table_grow(struct logwalk *w)
{
	guint32 size = w->tsize ? w->tsize * 2 : 1024;
	guint32 *t = g_new0(guint32, size);

	for (guint32 i = 0; i < w->nnodes; i++) {
		guint32 h = oid_hash(&w->nodes[i].oid) & (size - 1);

		while (t[h])
			h = (h + 1) & (size - 1);
		t[h] = i + 1;
	}
	g_free(w->table);
	w->table = t;
	w->tsize = size;
}

/* The node for oid, made when new. */
static guint32 lookup(struct logwalk *w, const git_oid *oid)
{
	guint32 h;

	if ((w->nnodes + 1) * 2 > w->tsize)
		table_grow(w);
	h = oid_hash(oid) & (w->tsize - 1);
	while (w->table[h]) {
		guint32 i = w->table[h] - 1;

		if (!git_oid_cmp(&w->nodes[i].oid, oid))
			return i;
		h = (h + 1) & (w->tsize - 1);
	}
	if (w->nnodes == w->cap) {
		w->cap = w->cap ? w->cap * 2 : 1024;
		w->nodes = g_renew(struct node, w->nodes, w->cap);
	}
	memset(&w->nodes[w->nnodes], 0, sizeof(struct node));
	git_oid_cpy(&w->nodes[w->nnodes].oid, oid);
	w->table[h] = w->nnodes + 1;
	return w->nnodes++;
}

/* git's commit date: the number after the first '>' of the committer line,
 * when the header has "author" and then "committer" after the parents; else 0. */
static gint64 commit_date(const char *p, const char *end)
{
	const char *nl;
	gint64 v = 0;

	if (end - p < 7 || memcmp(p, "author ", 7) || !(nl = memchr(p, '\n', (size_t)(end - p))))
		return 0;
	p = nl + 1;
	if (end - p < 10 || memcmp(p, "committer ", 10))
		return 0;
	while (p < end && *p != '>' && *p != '\n')
		p++;
	if (p == end || *p != '>')
		return 0;
	for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	for (; p < end && *p >= '0' && *p <= '9'; p++)
		v = v * 10 + (*p - '0');
	return v;
}

static struct packread_obj *obj_get(struct logwalk *w)
{
	return w->spare->len ? g_ptr_array_steal_index_fast(w->spare, w->spare->len - 1)
			     : g_new0(struct packread_obj, 1);
}

static void obj_put(struct logwalk *w, struct packread_obj *o)
{
	if (!o)
		return;
	packread_release(w->packs, o);
	g_ptr_array_add(w->spare, o);
}

static void obj_free(gpointer data)
{
	packread_obj_clear(data);
	g_free(data);
}

static gboolean damaged(GError **error, const git_oid *oid)
{
	char hex[GIT_OID_HEXSZ + 1];

	git_oid_tostr(hex, sizeof(hex), oid);
	return qerr(error, QUILL_ERROR_OUTSIDE, "cannot read commit %s: damaged pack data", hex);
}

/* Read commit oid into o: its header at least (all of it with `whole`),
 * from a pack file if it is there as a whole commit, else through the
 * object database. */
static gboolean read_commit(struct logwalk *w, const git_oid *oid, struct packread_obj *o,
			    gboolean whole, GError **error)
{
	git_odb_object *obj;
	char hex[GIT_OID_HEXSZ + 1];
	gboolean ok;
	int rc;

	if (packread_begin(w->packs, oid, o, &ok)) {
		if (!ok || (whole && !packread_finish(o)))
			return damaged(error, oid);
		return TRUE;
	}
	if ((rc = git_odb_read(&obj, w->odb, oid)) < 0) {
		git_oid_tostr(hex, sizeof(hex), oid);
		return qerr_git(error, rc, "cannot read commit %s", hex);
	}
	if (git_odb_object_type(obj) != GIT_OBJECT_COMMIT) {
		git_oid_tostr(hex, sizeof(hex), oid);
		git_odb_object_free(obj);
		return qerr(error, QUILL_ERROR_INPUT, "%s is not a commit", hex);
	}
	packread_set(o, git_odb_object_data(obj), git_odb_object_size(obj));
	git_odb_object_free(obj);
	return TRUE;
}

/* Read a commit: its parents and date, its header at least (the whole of
 * it for a limited walk, which holds many commits until it shows them). */
static gboolean parse(struct logwalk *w, guint32 i, GError **error)
{
	struct packread_obj *o;
	const char *data, *p, *end, *sep;
	guint32 par = w->parents->len, npar = 0;

	if (w->nodes[i].flags & PARSED)
		return TRUE;
	o = obj_get(w);
	if (!read_commit(w, &w->nodes[i].oid, o, w->limited, error)) {
		obj_put(w, o);
		return FALSE;
	}
	if (w->limited)
		packread_release(w->packs, o);
	data = o->data;
	end = data + o->have;
	p = data;
	if (end - p > 5 && !memcmp(p, "tree ", 5) && (sep = memchr(p, '\n', (size_t)(end - p))))
		p = sep + 1;
	while (end - p >= 7 + GIT_OID_HEXSZ && !memcmp(p, "parent ", 7) &&
	       p[7 + GIT_OID_HEXSZ] == '\n') {
		git_oid oid;

		if (git_oid_fromstrn(&oid, p + 7, GIT_OID_HEXSZ) < 0)
			break;
		if (!(w->nodes[i].flags & SHALLOW)) {
			guint32 j = lookup(w, &oid);
			g_array_append_val(w->parents, j);
			npar++;
		}
		p += 8 + GIT_OID_HEXSZ;
	}
	/* lookup may have moved the nodes: index again from here on */
	w->nodes[i].date = commit_date(p, end);
	w->nodes[i].raw = o;
	w->nodes[i].par = par;
	w->nodes[i].npar = npar;
	w->nodes[i].flags |= PARSED;
	return TRUE;
}

/* Where the message starts in o: after the blank line that ends the
 * header, or at the end when there is none. */
static inline size_t msg_start(const struct packread_obj *o)
{
	return o->header_end < o->size ? o->header_end + 2 : o->size;
}

static void drop(struct logwalk *w, guint32 i)
{
	obj_put(w, w->nodes[i].raw);
	w->nodes[i].raw = NULL;
}

static inline guint32 parent(const struct logwalk *w, guint32 i, guint32 k)
{
	return g_array_index(w->parents, guint32, w->nodes[i].par + k);
}

/* Does node a come out of the queue before node b? */
static inline gboolean before(const struct logwalk *w, guint32 a, guint32 b)
{
	const struct node *x = &w->nodes[a], *y = &w->nodes[b];

	return x->date > y->date || (x->date == y->date && x->seq < y->seq);
}

static void heap_push(struct logwalk *w, guint32 i)
{
	guint32 *h;
	guint k;

	w->nodes[i].seq = w->seq++;
	g_array_append_val(w->heap, i);
	h = (guint32 *)(void *)w->heap->data;
	for (k = w->heap->len - 1; k > 0 && before(w, h[k], h[(k - 1) / 2]); k = (k - 1) / 2) {
		guint32 t = h[k];
		h[k] = h[(k - 1) / 2];
		h[(k - 1) / 2] = t;
	}
}

static guint32 heap_pop(struct logwalk *w)
{
	guint32 *h = (guint32 *)(void *)w->heap->data, top = h[0];
	guint n = w->heap->len - 1, k = 0;

	h[0] = h[n];
	g_array_set_size(w->heap, n);
	for (;;) {
		guint l = 2 * k + 1, r = l + 1, m = k;
		guint32 t;

		if (l < n && before(w, h[l], h[m]))
			m = l;
		if (r < n && before(w, h[r], h[m]))
			m = r;
		if (m == k)
			break;
		t = h[k];
		h[k] = h[m];
		h[m] = t;
		k = m;
	}
	return top;
}

/* Queue a commit once, reading it for its date. */
static gboolean queue(struct logwalk *w, guint32 i, GError **error)
{
	if (!parse(w, i, error))
		return FALSE;
	if (!(w->nodes[i].flags & SEEN)) {
		w->nodes[i].flags |= SEEN;
		heap_push(w, i);
	}
	return TRUE;
}

/* Everything below i's parents is uninteresting too, as far as known. */
static void mark_parents_uninteresting(struct logwalk *w, guint32 i)
{
	GArray *stack = g_array_new(FALSE, FALSE, sizeof(guint32));

	for (guint32 k = 0; k < w->nodes[i].npar; k++) {
		guint32 p = parent(w, i, k);
		g_array_append_val(stack, p);
	}
	while (stack->len) {
		guint32 p = g_array_index(stack, guint32, stack->len - 1);

		g_array_set_size(stack, stack->len - 1);
		if (w->nodes[p].flags & UNINTERESTING)
			continue;
		w->nodes[p].flags |= UNINTERESTING;
		for (guint32 k = 0; k < w->nodes[p].npar; k++) {
			guint32 q = parent(w, p, k);
			g_array_append_val(stack, q);
		}
	}
	g_array_free(stack, TRUE);
}

/* Queue i's parents; an uninteresting commit passes that on to them (and a
 * parent that cannot be read there is only skipped, as git skips it). */
static gboolean process_parents(struct logwalk *w, guint32 i, GError **error)
{
	gboolean unint = (w->nodes[i].flags & UNINTERESTING) != 0;

	for (guint32 k = 0; k < w->nodes[i].npar; k++) {
		guint32 p = parent(w, i, k);

		if (!unint) {
			if (!queue(w, p, error))
				return FALSE;
			continue;
		}
		w->nodes[p].flags |= UNINTERESTING;
		if (!parse(w, p, NULL))
			continue;
		if (w->nodes[p].npar)
			mark_parents_uninteresting(w, p);
		queue(w, p, NULL);
	}
	return TRUE;
}

static gboolean everybody_uninteresting(const struct logwalk *w)
{
	const guint32 *h = (const guint32 *)(const void *)w->heap->data;

	for (guint k = 0; k < w->heap->len; k++)
		if (!(w->nodes[h[k]].flags & UNINTERESTING))
			return FALSE;
	return TRUE;
}

/* Walk until only uninteresting commits are left (git's limit_list):
 * w->out gets the interesting commits in the order they came. */
static gboolean limit(struct logwalk *w, GError **error)
{
	gint64 date = G_MAXINT64;
	int slop = SLOP;

	while (w->heap->len) {
		guint32 i = heap_pop(w);

		if (!process_parents(w, i, error))
			return FALSE;
		if (w->nodes[i].flags & UNINTERESTING) {
			mark_parents_uninteresting(w, i);
			drop(w, i);
			if (!w->heap->len)
				break;
			if (date > w->nodes[g_array_index(w->heap, guint32, 0)].date &&
			    everybody_uninteresting(w)) {
				if (--slop == 0)
					break;
			} else {
				slop = SLOP;
			}
			continue;
		}
		date = w->nodes[i].date;
		g_array_append_val(w->out, i);
	}
	return TRUE;
}

/* The shallow file's commits: their parents are not there. */
static void read_shallow(struct logwalk *w, git_repository *repo)
{
	char *path = g_build_filename(git_repository_commondir(repo), "shallow", NULL);
	char *text = NULL, *save = NULL;
	git_oid oid;

	if (g_file_get_contents(path, &text, NULL, NULL)) {
		for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			if (strlen(line) == GIT_OID_HEXSZ && !git_oid_fromstr(&oid, line)) {
				guint32 i = lookup(w, &oid);	/* may move w->nodes */
				w->nodes[i].flags |= SHALLOW;
			}
	}
	g_free(text);
	g_free(path);
}

static gboolean peel(git_oid *out, git_object *obj, const char *range, GError **error)
{
	git_object *c = NULL;
	int rc = git_object_peel(&c, obj, GIT_OBJECT_COMMIT);

	if (rc < 0)
		return qerr(error, QUILL_ERROR_USAGE, "'%s' does not name commits", range);
	git_oid_cpy(out, git_object_id(c));
	git_object_free(c);
	return TRUE;
}

/* Queue the walk: the negative side first, then the tips, each once (as git). */
static gboolean start(struct logwalk *w, git_repository *repo, const git_oid *tips, size_t ntips,
		      const git_oid *bottoms, size_t nbottoms, GError **error)
{
	read_shallow(w, repo);
	w->limited = nbottoms > 0;	/* before any parse: see parse */
	for (size_t i = 0; i < nbottoms; i++) {
		guint32 b = lookup(w, &bottoms[i]);

		if (!parse(w, b, error))
			return FALSE;
		w->nodes[b].flags |= UNINTERESTING;
		mark_parents_uninteresting(w, b);
	}
	for (size_t i = 0; i < nbottoms; i++)
		if (!queue(w, lookup(w, &bottoms[i]), error))
			return FALSE;
	for (size_t i = 0; i < ntips; i++)
		if (!queue(w, lookup(w, &tips[i]), error))
			return FALSE;
	return !w->limited || limit(w, error);
}

static struct logwalk *walk_alloc(void)
{
	struct logwalk *w = g_new0(struct logwalk, 1);

	w->spare = g_ptr_array_new_with_free_func(obj_free);
	w->parents = g_array_new(FALSE, FALSE, sizeof(guint32));
	w->heap = g_array_new(FALSE, FALSE, sizeof(guint32));
	w->out = g_array_new(FALSE, FALSE, sizeof(guint32));
	/* no prepare: the caller's thread inflates the rest of each commit's
	 * object to begin with (the walk needs only the header) */
	w->give = GIVE_OF;
	w->balance = TRUE;
	return w;
}

/* A walk with the repository's object database open, or NULL (error set). */
static struct logwalk *walk_open(git_repository *repo, GError **error)
{
	struct logwalk *w = walk_alloc();
	char *objects = g_build_filename(git_repository_commondir(repo), "objects", NULL);
	int rc;

	w->packs = packread_open(objects);
	/* reading ahead, the thread has an object database of its own: the
	 * caller's thread goes on using the repository's */
	if ((w->ahead_on = logwalk_ahead_wanted()))
		rc = git_odb_open(&w->odb, objects);
	else
		rc = git_repository_odb(&w->odb, repo);
	g_free(objects);
	if (rc < 0) {
		qerr_git(error, rc, "cannot open the object database");
		logwalk_free(w);
		return NULL;
	}
	return w;
}

gboolean logwalk_new_oids(struct logwalk **out, git_repository *repo, const git_oid *tips,
			  size_t ntips, const git_oid *bottoms, size_t nbottoms, GError **error)
{
	struct logwalk *w;

	*out = NULL;
	if (!(w = walk_open(repo, error)))
		return FALSE;
	if (!start(w, repo, tips, ntips, bottoms, nbottoms, error)) {
		logwalk_free(w);
		return FALSE;
	}
	*out = w;
	return TRUE;
}

gboolean logwalk_new(struct logwalk **out, git_repository *repo, const char *range,
		     GError **error)
{
	struct logwalk *w;
	git_revspec spec = { 0 };
	git_oid tips[2], bottoms[16];
	size_t ntips = 0, nbottoms = 0;
	int rc;

	*out = NULL;
	if (!(w = walk_open(repo, error)))
		return FALSE;
	if ((rc = git_revparse(&spec, repo, range)) < 0) {
		qerr(error, QUILL_ERROR_USAGE, "bad revision range '%s': %s", range,
		     git_error_last() ? git_error_last()->message : "not found");
		goto fail;
	}
	if (spec.flags & GIT_REVSPEC_SINGLE) {
		rc = peel(&tips[ntips++], spec.from, range, error);
	} else if (spec.flags & GIT_REVSPEC_MERGE_BASE) {
		git_oidarray bases = { 0 };

		rc = peel(&tips[0], spec.from, range, error) && peel(&tips[1], spec.to, range, error);
		ntips = 2;
		if (rc && git_merge_bases(&bases, repo, &tips[0], &tips[1]) == 0) {
			for (size_t i = 0; i < bases.count && nbottoms < G_N_ELEMENTS(bottoms); i++)
				git_oid_cpy(&bottoms[nbottoms++], &bases.ids[i]);
			git_oidarray_dispose(&bases);
		}
	} else {
		rc = peel(&bottoms[nbottoms++], spec.from, range, error) &&
		     peel(&tips[ntips++], spec.to, range, error);
	}
	git_object_free(spec.from);
	git_object_free(spec.to);
	if (!rc)
		goto fail;
	if (!start(w, repo, tips, ntips, bottoms, nbottoms, error))
		goto fail;
	*out = w;
	return TRUE;
fail:
	logwalk_free(w);
	return FALSE;
}

static void *run_prepare(struct logwalk *w, const struct logwalk_item *it, void *payload)
{
	size_t m = msg_start(it->raw);
	struct logwalk_commit c = { &it->oid, it->raw->data + m, it->raw->data, it->raw->size - m,
				    m, it->npar };

	return w->prepare(&c, payload);
}

gboolean logwalk_produce(struct logwalk *w, struct logwalk_item *it, GError **error)
{
	guint32 i;
	gboolean mine;

	if (w->limited) {
		for (;;) {
			if (w->outpos >= w->out->len)
				return FALSE;
			i = g_array_index(w->out, guint32, w->outpos++);
			if (!(w->nodes[i].flags & UNINTERESTING))
				break;
			drop(w, i);
		}
	} else {
		if (!w->heap->len)
			return FALSE;
		i = heap_pop(w);
		if (!process_parents(w, i, error))
			return FALSE;
	}
	git_oid_cpy(&it->oid, &w->nodes[i].oid);
	it->raw = w->nodes[i].raw;
	it->npar = w->nodes[i].npar;
	w->nodes[i].raw = NULL;
	/* walking in one thread all is done here; else the caller's thread
	 * inflates the rest of the object (and prepares it) of `give` commits
	 * in GIVE_OF, this thread of the others */
	mine = TRUE;
	if (w->ahead_on && w->give && (w->acc += w->give) >= GIVE_OF) {
		w->acc -= GIVE_OF;
		mine = FALSE;
	}
	it->by_caller = !mine;
	if (mine && !logwalk_item_finish(it, error))
		return FALSE;
	if (mine && w->prepare)
		it->prepared = run_prepare(w, it, w->prepare_payload);
	return TRUE;
}

gboolean logwalk_item_finish(const struct logwalk_item *it, GError **error)
{
	return packread_finish(it->raw) || damaged(error, &it->oid);
}

void logwalk_item_clear(struct logwalk *w, struct logwalk_item *it)
{
	if (it->prepared && w->prepare_free)
		w->prepare_free(it->prepared);
	it->prepared = NULL;
	obj_put(w, it->raw);
	it->raw = NULL;
}

void logwalk_set_prepare(struct logwalk *w, logwalk_prepare_fn prepare, GDestroyNotify free_fn,
			 void *payload)
{
	w->prepare = prepare;
	w->prepare_free = free_fn;
	w->prepare_payload = payload;
	w->give = 0;		/* all prepared on the walk's thread */
	w->balance = FALSE;
}

void logwalk_share_prepare(struct logwalk *w, void *caller_payload, unsigned one_in)
{
	w->caller_payload = caller_payload;
	w->give = one_in ? MAX(1u, (GIVE_OF + one_in / 2) / one_in) : 0;
	w->balance = one_in != 0;
}

void logwalk_balance(struct logwalk *w, int backlog)
{
	if (!w->balance)
		return;
	if (backlog >= 4 && w->give > 0)
		w->give--;	/* the caller is behind: do more here */
	else if (backlog <= 1 && w->give < GIVE_OF)
		w->give++;	/* the caller waits for this thread: give it more */
}

/* Free what the caller's thread prepared of the commit handed out last
 * (there, before its batch can go back to the walk's thread). */
static void release_item(struct logwalk *w)
{
	/* the item is the walk's own: handed out const, changed only here */
	struct logwalk_item *it = (struct logwalk_item *)w->item;

	if (it && it->by_caller) {
		if (it->prepared && w->prepare_free)
			w->prepare_free(it->prepared);
		it->prepared = NULL;
		it->by_caller = FALSE;
	}
	w->item = NULL;
}

void *logwalk_prepared(const struct logwalk *w)
{
	return w->item->prepared;
}

gboolean logwalk_next(struct logwalk *w, git_oid *oid, const char **msg, size_t *len,
		      GError **error)
{
	const struct logwalk_item *it;

	release_item(w);
	if (w->ahead_on && !w->ahead)
		w->ahead = logwalk_ahead_start(w);
	if (w->ahead) {
		if (!logwalk_ahead_next(w->ahead, &it, error))
			return FALSE;
		if (it->by_caller && !logwalk_item_finish(it, error))
			return FALSE;
		if (it->by_caller && w->prepare)
			((struct logwalk_item *)it)->prepared = run_prepare(w, it, w->caller_payload);
	} else {
		logwalk_item_clear(w, &w->one);
		if (!logwalk_produce(w, &w->one, error))
			return FALSE;
		it = &w->one;
	}
	w->item = it;
	git_oid_cpy(oid, &it->oid);
	*msg = it->raw->data + msg_start(it->raw);
	*len = it->raw->size - msg_start(it->raw);
	return TRUE;
}

const char *logwalk_header(const struct logwalk *w, size_t *len)
{
	*len = msg_start(w->item->raw);
	return w->item->raw->data;
}

unsigned logwalk_parent_count(const struct logwalk *w)
{
	return w->item->npar;
}

void logwalk_free(struct logwalk *w)
{
	if (!w)
		return;
	/* what this thread prepared, then the thread: it may be using the nodes */
	release_item(w);
	logwalk_ahead_stop(w->ahead);
	logwalk_item_clear(w, &w->one);
	for (guint32 i = 0; i < w->nnodes; i++)
		obj_put(w, w->nodes[i].raw);
	g_ptr_array_free(w->spare, TRUE);
	packread_free(w->packs);
	g_free(w->nodes);
	g_free(w->table);
	g_array_free(w->parents, TRUE);
	g_array_free(w->heap, TRUE);
	g_array_free(w->out, TRUE);
	git_odb_free(w->odb);
	g_free(w);
}

void logwalk_person(const struct logwalk *w, const char *field, char **name, char **email)
{
	size_t len;
	const char *h = logwalk_header(w, &len);

	logwalk_header_person(h, len, field, name, email);
}

void logwalk_header_person(const char *h, size_t len, const char *field, char **name,
			   char **email)
{
	gsize flen = strlen(field);

	*name = *email = NULL;
	for (const char *p = h, *end = h + len; p < end;) {
		const char *nl = memchr(p, '\n', (gsize)(end - p));
		const char *le = nl ? nl : end;

		if ((gsize)(le - p) > flen && !memcmp(p, field, flen) && p[flen] == ' ') {
			const char *lt = memchr(p, '<', (gsize)(le - p));
			const char *gt = lt ? memchr(lt, '>', (gsize)(le - lt)) : NULL;

			if (lt && gt) {
				*name = g_strstrip(g_strndup(p + flen + 1, (gsize)(lt - p - flen - 1)));
				*email = g_strndup(lt + 1, (gsize)(gt - lt - 1));
			}
			return;
		}
		if (!nl)
			return;
		p = nl + 1;
	}
}
