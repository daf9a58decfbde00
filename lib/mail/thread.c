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
	t->seed = ((guint64)g_random_int() << 32) | g_random_int();
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
	if (t->list)
		g_array_unref(t->list);
	if (t->position)
		g_array_unref(t->position);
	g_free(t);
}

/* The slot of id: the one holding it, or the empty one it would go in. */
static struct slot *find_slot(struct thread *t, const char *id, guint32 hash)
{
	for (guint i = hash & t->mask;; i = (i + 1) & t->mask) {
		struct slot *sl = &t->slots[i];

		if (sl->c == NONE || (sl->hash == hash && !strcmp(C(t, sl->c)->id, id)))
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
static int find(struct thread *t, const char *id, gboolean create)
{
	gsize n = strlen(id);
	guint32 hash = mail_id_hash(t->seed, id, n);
	struct slot *sl = find_slot(t, id, hash);
	struct container x = { 0 };

	if (sl->c != NONE || !create)
		return sl->c;
	x.id = g_string_chunk_insert_len(t->strings, id, (gssize)n);
	x.message = x.parent = x.child = x.last = x.prev = x.next = NONE;
	x.seen = t->of_message->len;
	g_array_append_val(t->c, x);
	sl->hash = hash;
	sl->c = (int)t->c->len - 1;
	if (++t->used * 2 > t->mask)
		grow(t);
	return (int)t->c->len - 1;
}

static int lookup(struct thread *t, const char *id)
{
	return find(t, id, FALSE);
}

static int get(struct thread *t, const char *id)
{
	return find(t, id, TRUE);
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

guint thread_add(struct thread *t, const char *msgid, const char *const *refs, guint nrefs,
		 const char *in_reply_to, gint64 date)
{
	guint number = t->of_message->len;
	char *own = NULL;
	const char *name;
	gboolean loop = FALSE;
	int c, prev = NONE;

	g_return_val_if_fail(!t->built, number);
	if (msgid && *msgid) {
		name = msgid;
	} else {
		char *base = message_nomsgid(number + 1);
		own = unused_id(t, base);
		g_free(base);
		name = own;
	}
	c = get(t, name);
	if (C(t, c)->message != NONE) {
		char *dup = NULL;

		for (guint k = 2; !dup || lookup(t, dup) >= 0; k++) {
			g_free(dup);
			dup = g_strdup_printf("%s#dup%u", name, k);
		}
		if (t->warn)
			t->warn(t->payload, "<%s>: a second message with this Message-ID (message %u), "
				"threaded as <%s>", name, number + 1, dup);
		c = get(t, dup);
		g_free(dup);
	}
	C(t, c)->message = (int)number;
	C(t, c)->date = date;
	g_array_append_val(t->of_message, c);

	/* References link their ids in order, where nothing is linked yet */
	for (guint i = 0; i < nrefs; i++) {
		int x;

		if (!refs[i] || !*refs[i])
			continue;
		if (!strcmp(refs[i], name)) {	/* the message names itself */
			loop = TRUE;
			prev = NONE;
			continue;
		}
		x = get(t, refs[i]);
		if (prev != NONE && x != prev && C(t, x)->parent == NONE) {
			if (above(t, x, prev))
				loop = TRUE;
			else
				link_child(t, prev, x);
		}
		prev = x;
	}
	if (in_reply_to && *in_reply_to && !(nrefs && refs[nrefs - 1] && prev != NONE &&
					     !strcmp(in_reply_to, refs[nrefs - 1]))) {
		if (!strcmp(in_reply_to, name)) {
			loop = TRUE;
			prev = NONE;
		} else {
			prev = get(t, in_reply_to);
		}
	}
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
	g_free(own);
	return number;
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
