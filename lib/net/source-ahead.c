/* source-ahead.c - reading a source ahead on a second thread.
 *
 * The reading thread runs source_produce (the scan, the header parse, the
 * ids, the checks) and the caller's prepare into batches of items; the
 * caller's thread takes the batches in order through one queue and hands
 * the batches it is done with back through another, so at most NBATCH
 * batches are in flight (memory stays bounded) and nothing is copied.
 * Warnings the reading thread meets are held with the item they come
 * before (or the end) and said by the caller's thread when it gets there:
 * the same lines in the same order as reading in one thread.
 *
 * A source of one big operand (an mbox of SPLIT_MIN bytes or more) is read
 * by two threads: the operand is split at the "From " line nearest its
 * middle (source_kind.split), and a third thread scans the second part and
 * prepares its messages, into batches it keeps on a queue of its own, not
 * bounded: it runs beside the reading thread, which reads the first part
 * and then finishes the second part's messages in order (the header parse
 * again, the ids, numbering, warnings) and hands them on.  Memory: what is
 * held of each message of the second part is its span, its place and what
 * prepare made, until the caller gets there.
 */
#include "net/source-private.h"
#include "core/relay.h"

#define BATCH 256
#define NBATCH 8
#define SPLIT_MIN (16u << 20)	/* smaller operands are read by one thread */

struct batch {
	struct source_item items[BATCH];
	guint n;
	gboolean end;		/* the last batch: no message after its items */
	GError *error;		/* with end: what source_next fails with */
	GPtrArray *tail;	/* with end: warnings after the last item */
};

/* A message of the split part as its thread leaves it: where it is, its
 * header fields and ids (in its batch's store, so that the reading thread
 * does not parse it again: that made it do half as much again as the
 * part's thread) and what prepare made of it. */
struct held {
	gboolean unreadable;	/* `where` says why */
	struct source_saved sv;
	struct source_mark mark;
	char *where;		/* for an unreadable one */
	void *prepared;
};

#define HELD 1024

/* A batch of them. */
struct held_batch {
	struct held h[HELD];
	guint n;
	gboolean end;		/* the part ends after these */
	struct source_store store;	/* their fields and ids */
};

/* The second part of a split operand, read on a thread of its own. */
struct split {
	struct operand op;		/* the part: the operand's kind, the part's state */
	guint at;			/* the operand's number */
	GThread *thread;
	GAsyncQueue *full;		/* struct held_batch, in order */
	GAsyncQueue *empty;		/* those finished, to be filled again (their
					 * store's room kept: fresh room for each
					 * batch cost a page fault every 4 KiB) */
	struct held_batch *cur;		/* the one being finished, or NULL */
	guint next;			/* its next message */
	gint stop;			/* end at the next message */
	gboolean started;		/* the reading thread got to the part */
	guint base;			/* then: the messages before it */
};

struct source_ahead {
	void *(*prepare)(const struct source_mail *m, void *payload);
	void (*prepare_free)(void *prepared);
	void *payload;
	GThread *thread;
	struct relay relay;		/* struct batch, between the thread and the caller */
	guint next;			/* the next item of the relay's current batch */
	gboolean done;			/* the end was handed out */
	gboolean here;			/* one processor: no thread */
	struct split *split;		/* a big operand read by two threads, or NULL */
	struct batch store[NBATCH];
};

static void drop_prepared(struct source_ahead *a, struct source_item *it)
{
	if (it->out.prepared && a->prepare_free)
		a->prepare_free(it->out.prepared);
	it->out.prepared = NULL;
}

/* Free what is left of a held batch (from message `from` on). */
static void held_free(struct source_ahead *a, struct held_batch *b, guint from)
{
	for (guint k = from; k < b->n; k++) {
		if (b->h[k].prepared && a->prepare_free)
			a->prepare_free(b->h[k].prepared);
		g_free(b->h[k].where);
	}
	source_store_clear(&b->store);
	g_free(b);
}

/* A held batch finished with (from message `from` on it holds what is
 * left), handed back to the part's thread to be filled again. */
static void held_recycle(struct source_ahead *a, struct held_batch *b, guint from)
{
	for (guint k = from; k < b->n; k++) {
		if (b->h[k].prepared && a->prepare_free)
			a->prepare_free(b->h[k].prepared);
		g_free(b->h[k].where);
	}
	b->n = 0;
	if (b->store.fields) {
		g_array_set_size(b->store.fields, 0);
		g_string_truncate(b->store.ids, 0);
		g_array_set_size(b->store.offs, 0);
	}
	g_async_queue_push(a->split->empty, b);
}

/* The split part's thread: its messages taken and prepared (in one item,
 * used again and again), batch by batch onto its queue; the last batch
 * says the end. */
static gpointer part_reader(gpointer data)
{
	struct source *s = data;
	struct source_ahead *a = s->ahead;
	struct split *sp = a->split;
	struct source_item it = { 0 };
	gboolean end = FALSE;

	while (!end) {
		struct held_batch *b = g_async_queue_try_pop(sp->empty);

		if (!b) {
			b = g_new(struct held_batch, 1);
			memset(&b->store, 0, sizeof b->store);
		}
		b->n = 0;
		while (b->n < HELD) {
			struct held *h = &b->h[b->n];

			if (g_atomic_int_get(&sp->stop) || !source_take_raw(&sp->op, sp->at, &it)) {
				end = TRUE;
				break;
			}
			h->unreadable = it.state == SOURCE_ITEM_UNREADABLE;
			if (!h->unreadable)
				source_item_save(&it, &h->sv, &b->store);
			h->mark = it.mark;
			h->where = g_steal_pointer(&it.where);
			h->prepared = it.state == SOURCE_ITEM_MAIL && a->prepare ?
				      a->prepare(&it.out, a->payload) : NULL;
			b->n++;
		}
		b->end = end;
		g_async_queue_push(sp->full, b);
	}
	source_item_free(&it);
	return NULL;
}

/* The next message of the split part into *it, finished in order (its
 * number, its index raised by `base`, its warnings): FALSE at the part's
 * end.  *it gets the held message's prepared. */
static gboolean part_produce(struct source *s, struct source_item *it, guint base)
{
	struct split *sp = s->ahead->split;

	for (;;) {
		struct held *h;

		if (!sp->cur)
			sp->cur = g_async_queue_pop(sp->full);
		if (sp->next == sp->cur->n) {
			if (sp->cur->end)
				return FALSE;
			held_recycle(s->ahead, sp->cur, sp->next);
			sp->cur = NULL;
			sp->next = 0;
			continue;
		}
		h = &sp->cur->h[sp->next++];
		source_item_reset(it);
		memset(&it->out, 0, sizeof it->out);
		it->mark = h->mark;
		it->where = g_steal_pointer(&h->where);
		if (!h->unreadable) {
			source_item_restore(it, sp->at, &h->sv, &sp->cur->store);
		} else {
			it->state = SOURCE_ITEM_UNREADABLE;
			it->op = sp->at;
		}
		it->out.prepared = g_steal_pointer(&h->prepared);
		if (source_finish(s, it, base))
			return TRUE;
		drop_prepared(s->ahead, it);
	}
}

/* source_produce over a split source: the first part, then the second. */
static gboolean produce(struct source *s, struct source_item *it, GError **error)
{
	struct split *sp = s->ahead->split;

	if (!sp)
		return source_produce(s, it, error);
	if (s->at <= sp->at && source_produce(s, it, error))
		return TRUE;
	if (!sp->started) {
		/* the messages before the part: all of the operand's (the only one) */
		sp->started = TRUE;
		sp->base = s->position;
	}
	if (part_produce(s, it, sp->base))
		return TRUE;
	return source_produce_end(s, error);
}

static gpointer reader(gpointer data)
{
	struct source *s = data;
	struct source_ahead *a = s->ahead;

	for (;;) {
		struct batch *b = relay_to_fill(&a->relay);

		b->n = 0;
		while (b->n < BATCH) {
			struct source_item *it = &b->items[b->n];
			gboolean raw_prepared;

			/* freed here, by the thread that made it (malloc keeps
			 * its memory with the thread that frees it) */
			drop_prepared(a, it);
			if (relay_stopping(&a->relay) || !produce(s, it, &b->error)) {
				b->end = TRUE;
				break;
			}
			it->said = g_steal_pointer(&s->capture);
			raw_prepared = a->split && s->at > a->split->at;
			if (!raw_prepared)
				it->out.prepared = a->prepare ? a->prepare(&it->out, a->payload) : NULL;
			b->n++;
		}
		if (b->end)
			b->tail = g_steal_pointer(&s->capture);
		relay_filled(&a->relay, b);
		if (b->end)
			return NULL;
	}
}

void source_read_ahead(struct source *s, void *(*prepare)(const struct source_mail *m, void *payload),
		       void (*prepare_free)(void *prepared), void *payload)
{
	struct source_ahead *a = g_new0(struct source_ahead, 1);

	a->prepare = prepare;
	a->prepare_free = prepare_free;
	a->payload = payload;
	s->ahead = a;
	s->ahead_on = TRUE;
}

static void say_all(struct source *s, GPtrArray *said)
{
	for (guint i = 0; said && s->warn && i < said->len; i++)
		s->warn(s->payload, "%s", (const char *)g_ptr_array_index(said, i));
}

/* With one processor: read here, prepare here. */
static gboolean next_here(struct source *s, struct source_mail *out, GError **error)
{
	struct source_ahead *a = s->ahead;

	drop_prepared(a, &s->cur);
	if (!source_produce(s, &s->cur, error))
		return FALSE;
	s->cur.out.prepared = a->prepare ? a->prepare(&s->cur.out, a->payload) : NULL;
	s->last = &s->cur;
	*out = s->cur.out;
	return TRUE;
}

/* Split the source's operand when it is the only one and big enough
 * (QUILL_SPLIT_MIN in the environment: another size in bytes, for tests)
 * and start the part's thread. */
static void split_start(struct source *s)
{
	struct source_ahead *a = s->ahead;
	const struct operand *op;
	const char *env = g_getenv("QUILL_SPLIT_MIN");
	gsize min = env ? (gsize)g_ascii_strtoull(env, NULL, 10) : SPLIT_MIN;
	struct split *sp;
	void *part;

	if (s->ops->len != 1 || s->at || s->position)
		return;
	op = &g_array_index(s->ops, struct operand, 0);
	if (!op->kind->split || !(part = op->kind->split(op->state, min)))
		return;
	sp = a->split = g_new0(struct split, 1);
	sp->op = *op;
	sp->op.state = part;
	sp->full = g_async_queue_new();
	sp->empty = g_async_queue_new();
	s->split = TRUE;
	sp->thread = g_thread_new("source-split", part_reader, s);
}

/* Stop the part's thread (the reading thread is stopped already) and free
 * what it made. */
static void split_stop(struct source_ahead *a)
{
	struct split *sp = a->split;
	struct held_batch *b;

	if (!sp)
		return;
	g_atomic_int_set(&sp->stop, 1);
	while (!(sp->cur && sp->cur->end)) {
		if (sp->cur)
			held_free(a, sp->cur, sp->next);
		sp->cur = g_async_queue_pop(sp->full);
		sp->next = 0;
	}
	held_free(a, sp->cur, sp->next);
	g_thread_join(sp->thread);
	while ((b = g_async_queue_try_pop(sp->empty)))
		held_free(a, b, 0);
	g_async_queue_unref(sp->empty);
	g_async_queue_unref(sp->full);
	sp->op.kind->close(sp->op.state);
	g_free(sp);
	a->split = NULL;
}

gboolean source_ahead_next(struct source *s, struct source_mail *out, GError **error)
{
	struct source_ahead *a = s->ahead;

	if (!a->thread && !a->here && (g_get_num_processors() < 2 ||
						   !g_strcmp0(g_getenv("QUILL_READ_AHEAD"), "0")))
		a->here = TRUE;
	if (a->here)
		return next_here(s, out, error);
	if (!a->thread) {
		void *batches[NBATCH];

		s->capturing = TRUE;
		for (guint i = 0; i < NBATCH; i++)
			batches[i] = &a->store[i];
		relay_init(&a->relay, batches, NBATCH);
		split_start(s);
		a->thread = g_thread_new("source-ahead", reader, s);
	}
	/* the items handed out are reset by the thread when it reuses them */
	while (!a->done) {
		struct batch *b = relay_current(&a->relay);

		if (a->next < b->n) {
			struct source_item *it = &b->items[a->next++];
			say_all(s, it->said);
			s->last = it;
			*out = it->out;
			return TRUE;
		}
		if (b->end) {
			a->done = TRUE;
			say_all(s, b->tail);
			if (b->error)
				g_propagate_error(error, g_steal_pointer(&b->error));
			return FALSE;
		}
		relay_give_back(&a->relay);
		a->next = 0;
	}
	return FALSE;
}

static gboolean batch_is_end(const void *b)
{
	return ((const struct batch *)b)->end;
}

void source_ahead_stop(struct source *s)
{
	struct source_ahead *a = s->ahead;

	if (!a)
		return;
	if (a->thread) {
		struct batch *last;

		relay_stop(&a->relay, batch_is_end);
		g_thread_join(a->thread);
		split_stop(a);
		last = a->relay.cur;
		g_clear_pointer(&last->tail, g_ptr_array_unref);
		g_clear_error(&last->error);
		relay_clear(&a->relay);
		for (guint i = 0; i < NBATCH; i++)
			for (guint k = 0; k < BATCH; k++) {
				drop_prepared(a, &a->store[i].items[k]);
				source_item_free(&a->store[i].items[k]);
			}
	}
	drop_prepared(a, &s->cur);
	g_free(a);
	s->ahead = NULL;
}
