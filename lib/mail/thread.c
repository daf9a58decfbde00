/* thread.c - JWZ threading over index arrays.
 *
 * Containers live in one GArray and point at each other by index (parent,
 * first and last child, previous and next sibling), so relinking is O(1)
 * and growing the array moves nothing that matters.  Ids are interned in a
 * GStringChunk and found through one open-addressing table that hashes each
 * id once, a word at a time (GHashTable would hash it again to insert it,
 * and that was a third of the threading time).  The loop check walks up
 * from the would-be parent, and is skipped when the would-be child has no
 * children (then it cannot be anyone's ancestor): a chain that arrives in
 * order, however deep, costs no walks at all.
 */
#include "mail/thread.h"
#include "mail/id-hash.h"
#include "mail/message.h"

#include <string.h>

#define NONE (-1)

struct container {
	const char *id;		/* interned */
	gsize len;		/* its length */
	int message;		/* NONE: a placeholder */
	int parent, child, last, prev, next;
	guint seen;		/* the message being added when this was created */
	gint64 date;		/* the message's Date (0: unknown) */
};

struct slot {
	guint32 hash;
	int c;			/* container index, NONE: empty */
};

struct thread {
	GArray *c;		/* struct container */
	struct slot *slots;	/* ids -> containers; a power of two of them */
	guint mask, used;
	guint64 seed;
	GStringChunk *strings;
	GArray *of_message;	/* message number -> container index */
	warn_fn warn;
	void *payload;
	gboolean built;
	GArray *scratch;	/* struct mail_id: thread_add's ids */
	GArray *list;		/* struct thread_entry, after build */
	GArray *position;	/* message number -> list position, after build */
};

#define C(t, i) (&g_array_index((t)->c, struct container, (i)))

struct thread *thread_new(warn_fn warn, void *payload)
{
	struct thread *t = g_new0(struct thread, 1);

	t->c = g_array_sized_new(FALSE, FALSE, sizeof(struct container), 1024);
	t->mask = 1023;
	t->slots = g_new(struct slot, t->mask + 1);
	for (guint i = 0; i <= t->mask; i++)
		t->slots[i].c = NONE;
	t->seed = mail_id_seed();	/* the reading threads hash with it */
	t->scratch = g_array_new(FALSE, FALSE, sizeof(struct mail_id));
	t->strings = g_string_chunk_new(64 * 1024);
	t->of_message = g_array_sized_new(FALSE, FALSE, sizeof(int), 1024);
	t->warn = warn;
	t->payload = payload;
	return t;
}

void thread_free(struct thread *t)
{
	if (!t)
		return;
	g_array_unref(t->c);
	g_free(t->slots);
	g_string_chunk_free(t->strings);
	g_array_unref(t->of_message);
	g_array_unref(t->scratch);
	if (t->list)
		g_array_unref(t->list);
	if (t->position)
		g_array_unref(t->position);
	g_free(t);
}

/* The slot of id: the one holding it, or the empty one it would go in. */
static struct slot *find_slot(struct thread *t, const struct mail_id *id)
{
	for (guint i = id->hash & t->mask;; i = (i + 1) & t->mask) {
		struct slot *sl = &t->slots[i];
		const struct container *c;

		if (sl->c == NONE)
			return sl;
		if (sl->hash != id->hash)
			continue;
		c = C(t, sl->c);
		if (c->len == id->len && !memcmp(c->id, id->id, id->len))
			return sl;
	}
}

static void grow(struct thread *t)
{
	struct slot *old = t->slots;
	guint n = t->mask + 1;

	t->mask = n * 2 - 1;
	t->slots = g_new(struct slot, n * 2);
	for (guint i = 0; i < n * 2; i++)
		t->slots[i].c = NONE;
	for (guint i = 0; i < n; i++) {
		guint k = old[i].hash & t->mask;

		if (old[i].c == NONE)
			continue;
		while (t->slots[k].c != NONE)
			k = (k + 1) & t->mask;
		t->slots[k] = old[i];
	}
	g_free(old);
}

/* The container of id, or a new placeholder for it when create is set
 * (else NONE). */
static int find(struct thread *t, const struct mail_id *id, gboolean create)
{
	struct slot *sl = find_slot(t, id);
	struct container x = { 0 };

	if (sl->c != NONE || !create)
		return sl->c;
	x.id = g_string_chunk_insert_len(t->strings, id->id, (gssize)id->len);
	x.len = id->len;
	x.message = x.parent = x.child = x.last = x.prev = x.next = NONE;
	x.seen = t->of_message->len;
	g_array_append_val(t->c, x);
	sl->hash = id->hash;
	sl->c = (int)t->c->len - 1;
	if (++t->used * 2 > t->mask)
		grow(t);
	return (int)t->c->len - 1;
}

static int lookup(struct thread *t, const char *id)
{
	struct mail_id x;

	mail_id_make(&x, id);
	return find(t, &x, FALSE);
}

static int get(struct thread *t, const char *id)
{
	struct mail_id x;

	mail_id_make(&x, id);
	return find(t, &x, TRUE);
}

static gboolean same_id(const struct mail_id *a, const struct mail_id *b)
{
	return a->len == b->len && !memcmp(a->id, b->id, a->len);
}

/* An id nobody has: base, else base.2, base.3, ... (caller owns). */
static char *unused_id(struct thread *t, const char *base)
{
	char *id = g_strdup(base);

	for (guint k = 2; lookup(t, id) >= 0; k++) {
		g_free(id);
		id = g_strdup_printf("%s.%u", base, k);
	}
	return id;
}

/* Whether a is b or one of b's ancestors. */
static gboolean above(struct thread *t, int a, int b)
{
	if (a != b && C(t, a)->child == NONE)
		return FALSE;
	for (int x = b; x != NONE; x = C(t, x)->parent)
		if (x == a)
			return TRUE;
	return FALSE;
}

static void unlink_child(struct thread *t, int x)
{
	struct container *c = C(t, x);
	struct container *p = C(t, c->parent);

	if (c->prev != NONE)
		C(t, c->prev)->next = c->next;
	else
		p->child = c->next;
	if (c->next != NONE)
		C(t, c->next)->prev = c->prev;
	else
		p->last = c->prev;
	c->parent = c->prev = c->next = NONE;
}

static void link_child(struct thread *t, int parent, int x)
{
	struct container *c = C(t, x), *p = C(t, parent);

	c->parent = parent;
	c->prev = p->last;
	c->next = NONE;
	if (p->last != NONE)
		C(t, p->last)->next = x;
	else
		p->child = x;
	p->last = x;
}

/* The container message `number` goes in: its id's, or "<id>#dupK" when
 * a message has that id already (with a warning); *own gets a made-up
 * name it needs freed. */
static int own_container(struct thread *t, guint number, const struct mail_id *msgid)
{
	int c;

	if (msgid) {
		c = find(t, msgid, TRUE);
	} else {
		char *base = message_nomsgid(number + 1), *own = unused_id(t, base);

		c = get(t, own);
		g_free(own);
		g_free(base);
	}
	if (C(t, c)->message != NONE) {
		char *dup = NULL, *name = g_strdup(C(t, c)->id);

		for (guint k = 2; !dup || lookup(t, dup) >= 0; k++) {
			g_free(dup);
			dup = g_strdup_printf("%s#dup%u", name, k);
		}
		if (t->warn)
			t->warn(t->payload, "<%s>: a second message with this Message-ID (message %u), "
				"threaded as <%s>", name, number + 1, dup);
		c = get(t, dup);
		g_free(dup);
		g_free(name);
	}
	return c;
}

/* The parent References and In-Reply-To give the message in container c
 * (named `name`), linking the ids of References in order where nothing
 * is linked yet; NONE for none.  *loop is set when a link is left out. */
static int refs_parent(struct thread *t, const struct mail_id *name, const struct mail_id *refs,
		       guint nrefs, const struct mail_id *in_reply_to, gboolean *loop)
{
	int prev = NONE;

	for (guint i = 0; i < nrefs; i++) {
		int x;

		if (!refs[i].len)
			continue;
		if (same_id(&refs[i], name)) {	/* the message names itself */
			*loop = TRUE;
			prev = NONE;
			continue;
		}
		x = find(t, &refs[i], TRUE);
		if (prev != NONE && x != prev && C(t, x)->parent == NONE) {
			if (above(t, x, prev))
				*loop = TRUE;
			else
				link_child(t, prev, x);
		}
		prev = x;
	}
	if (in_reply_to && in_reply_to->len &&
	    !(nrefs && prev != NONE && same_id(in_reply_to, &refs[nrefs - 1]))) {
		if (same_id(in_reply_to, name)) {
			*loop = TRUE;
			prev = NONE;
		} else {
			prev = find(t, in_reply_to, TRUE);
		}
	}
	return prev;
}

guint thread_add_ids(struct thread *t, const struct mail_id *msgid, const struct mail_id *refs,
		     guint nrefs, const struct mail_id *in_reply_to, gint64 date)
{
	guint number = t->of_message->len;
	gboolean loop = FALSE;
	struct mail_id name;
	int c, prev;

	g_return_val_if_fail(!t->built, number);
	/* the slots are far apart: ask for all of them before the first probe */
	for (guint i = 0; i < nrefs; i++)
		__builtin_prefetch(&t->slots[refs[i].hash & t->mask]);
	if (in_reply_to)
		__builtin_prefetch(&t->slots[in_reply_to->hash & t->mask]);
	c = own_container(t, number, msgid && msgid->len ? msgid : NULL);
	C(t, c)->message = (int)number;
	C(t, c)->date = date;
	g_array_append_val(t->of_message, c);
	/* the name References and In-Reply-To are checked against: the
	 * Message-ID, not the #dup name; else the made-up one (never a dup) */
	if (msgid && msgid->len) {
		name = *msgid;
	} else {
		name.id = C(t, c)->id;
		name.len = C(t, c)->len;
	}
	prev = refs_parent(t, &name, refs, nrefs, in_reply_to, &loop);
	/* the message's own parent is the last of them, whatever was there */
	if (prev != NONE && C(t, c)->parent != prev) {
		if (above(t, c, prev)) {
			loop = TRUE;
		} else {
			if (C(t, c)->parent != NONE)
				unlink_child(t, c);
			link_child(t, prev, c);
		}
	}
	if (loop && t->warn)
		t->warn(t->payload, "<%s>: its References or In-Reply-To would make a loop; "
			"the link that closes it is left out", C(t, c)->id);
	return number;
}

guint thread_add(struct thread *t, const char *msgid, const char *const *refs, guint nrefs,
		 const char *in_reply_to, gint64 date)
{
	struct mail_id mid, irt, none = { "", 0, 0 };

	g_array_set_size(t->scratch, 0);
	for (guint i = 0; i < nrefs; i++) {
		struct mail_id x = none;

		if (refs[i])
			mail_id_make(&x, refs[i]);
		g_array_append_val(t->scratch, x);
	}
	if (msgid)
		mail_id_make(&mid, msgid);
	if (in_reply_to)
		mail_id_make(&irt, in_reply_to);
	return thread_add_ids(t, msgid ? &mid : NULL, (const struct mail_id *)t->scratch->data, nrefs,
			      in_reply_to ? &irt : NULL, date);
}

/* The roots, in index order. */
static GArray *roots(struct thread *t)
{
	GArray *out = g_array_new(FALSE, FALSE, sizeof(int));

	for (int r = 0; r < (int)t->c->len; r++)
		if (C(t, r)->parent == NONE)
			g_array_append_val(out, r);
	return out;
}

/* The containers in preorder: each root of `roots` followed by its subtree.
 * Walks the links, no stack. */
static GArray *preorder(struct thread *t, GArray *roots_)
{
	GArray *out = g_array_sized_new(FALSE, FALSE, sizeof(int), t->c->len);

	for (guint i = 0; i < roots_->len; i++) {
		int r = g_array_index(roots_, int, i), x = r;

		for (;;) {
			g_array_append_val(out, x);
			if (C(t, x)->child != NONE) {
				x = C(t, x)->child;
				continue;
			}
			while (x != r && C(t, x)->next == NONE)
				x = C(t, x)->parent;
			if (x == r)
				break;
			x = C(t, x)->next;
		}
	}
	return out;
}

struct sort_ctx {
	const gint64 *key;	/* the earliest Date below, G_MAXINT64: none */
	const guint *first;	/* the earliest appearance below */
};

/* Siblings: by Date, then appearance; the index makes it a total order. */
static gint cmp_sibling(gconstpointer pa, gconstpointer pb, gpointer data)
{
	const struct sort_ctx *s = data;
	int a = *(const int *)pa, b = *(const int *)pb;

	if (s->key[a] != s->key[b])
		return s->key[a] < s->key[b] ? -1 : 1;
	if (s->first[a] != s->first[b])
		return s->first[a] < s->first[b] ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* Roots: by appearance only. */
static gint cmp_root(gconstpointer pa, gconstpointer pb, gpointer data)
{
	const struct sort_ctx *s = data;
	int a = *(const int *)pa, b = *(const int *)pb;

	if (s->first[a] != s->first[b])
		return s->first[a] < s->first[b] ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* Put the children of every container in (earliest date, appearance) order. */
static void sort_children(struct thread *t, struct sort_ctx *s)
{
	GArray *kids = g_array_new(FALSE, FALSE, sizeof(int));

	for (int p = 0; p < (int)t->c->len; p++) {
		struct container *pc = C(t, p);
		int prev = NONE;

		if (pc->child == NONE || pc->child == pc->last)
			continue;
		g_array_set_size(kids, 0);
		for (int x = pc->child; x != NONE; x = C(t, x)->next)
			g_array_append_val(kids, x);
		g_array_sort_with_data(kids, cmp_sibling, s);
		for (guint i = 0; i < kids->len; i++) {
			int x = g_array_index(kids, int, i);

			C(t, x)->prev = prev;
			C(t, x)->next = NONE;
			if (prev != NONE)
				C(t, prev)->next = x;
			prev = x;
		}
		pc = C(t, p);
		pc->child = g_array_index(kids, int, 0);
		pc->last = prev;
	}
	g_array_unref(kids);
}

void thread_build(struct thread *t)
{
	guint n = t->c->len;
	gint64 *key = g_new(gint64, n ? n : 1);
	guint *first = g_new(guint, n ? n : 1);
	gboolean *keep = g_new0(gboolean, n ? n : 1);
	int *pos = g_new(int, n ? n : 1);
	struct sort_ctx sc = { key, first };
	GArray *order, *top;

	g_return_if_fail(!t->built);
	t->built = TRUE;
	/* bottom-up (reverse preorder): which subtrees hold a message, the
	 * earliest Date in each placeholder's subtree, and the earliest
	 * appearance in each subtree */
	for (guint i = 0; i < n; i++) {
		const struct container *c = C(t, i);
		key[i] = c->message != NONE && c->date ? c->date : G_MAXINT64;
		keep[i] = c->message != NONE;
		first[i] = keep[i] ? c->seen : G_MAXUINT;
	}
	top = roots(t);
	order = preorder(t, top);
	for (guint i = order->len; i-- > 0;) {
		int x = g_array_index(order, int, i), p = C(t, x)->parent;

		if (p == NONE || !keep[x])
			continue;
		keep[p] = TRUE;
		if (C(t, p)->message == NONE && key[x] < key[p])
			key[p] = key[x];
		if (first[x] < first[p])
			first[p] = first[x];
	}
	g_array_unref(order);
	sort_children(t, &sc);
	g_array_sort_with_data(top, cmp_root, &sc);

	order = preorder(t, top);
	t->list = g_array_sized_new(FALSE, FALSE, sizeof(struct thread_entry), n);
	t->position = g_array_sized_new(FALSE, FALSE, sizeof(guint), t->of_message->len);
	g_array_set_size(t->position, t->of_message->len);
	for (guint i = 0; i < order->len; i++) {
		int x = g_array_index(order, int, i);
		const struct container *c = C(t, x);
		struct thread_entry e;

		if (!keep[x])
			continue;	/* a placeholder with no message below it */
		e.msgid = c->id;
		e.message = c->message;
		e.parent = c->parent == NONE ? -1 : pos[c->parent];
		e.depth = e.parent < 0 ? 0 : g_array_index(t->list, struct thread_entry, e.parent).depth + 1;
		pos[x] = (int)t->list->len;
		if (c->message != NONE)
			g_array_index(t->position, guint, c->message) = t->list->len;
		g_array_append_val(t->list, e);
	}
	g_array_unref(order);
	g_array_unref(top);
	g_free(pos);
	g_free(keep);
	g_free(first);
	g_free(key);
}

guint thread_len(const struct thread *t)
{
	return t->list ? t->list->len : 0;
}

const struct thread_entry *thread_get(const struct thread *t, guint i)
{
	g_return_val_if_fail(t->list && i < t->list->len, NULL);
	return &g_array_index(t->list, struct thread_entry, i);
}

guint thread_position(const struct thread *t, guint message)
{
	g_return_val_if_fail(t->position && message < t->position->len, 0);
	return g_array_index(t->position, guint, message);
}
