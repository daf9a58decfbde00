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
 */
#include "net/source-private.h"
#include "core/relay.h"

#define BATCH 256
#define NBATCH 8

struct batch {
	struct source_item items[BATCH];
	guint n;
	gboolean end;		/* the last batch: no message after its items */
	GError *error;		/* with end: what source_next fails with */
	GPtrArray *tail;	/* with end: warnings after the last item */
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
	struct batch store[NBATCH];
};

static void drop_prepared(struct source_ahead *a, struct source_item *it)
{
	if (it->out.prepared && a->prepare_free)
		a->prepare_free(it->out.prepared);
	it->out.prepared = NULL;
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

			/* freed here, by the thread that made it (malloc keeps
			 * its memory with the thread that frees it) */
			drop_prepared(a, it);
			if (relay_stopping(&a->relay) || !source_produce(s, it, &b->error)) {
				b->end = TRUE;
				break;
			}
			it->said = g_steal_pointer(&s->capture);
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
