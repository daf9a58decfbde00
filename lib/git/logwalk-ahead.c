/* logwalk-ahead.c - a history walk run ahead on a second thread.
 *
 * The thread runs logwalk_produce (the queue, reading and inflating each
 * commit, finding its parents, the caller's prepare) into batches of
 * commits; the caller's thread takes them in order and hands them back
 * (lib/core/relay.h), so at most NBATCH batches are in flight and nothing
 * is copied.  The thread frees the objects (and what was prepared) of a
 * batch it gets back before filling it again (malloc keeps memory with the
 * thread that frees it).  The walk reads through an object database of
 * its own (logwalk.c's walk_open), so the caller may go on using its
 * repository meanwhile; libgit2 shares the pack files between the two
 * under its own locks.
 */
#include "git/logwalk-private.h"
#include "core/relay.h"

#include <string.h>

#define BATCH 64	/* each commit in flight may hold a zlib stream (packread.h) */
#define NBATCH 8

struct batch {
	struct logwalk_item items[BATCH];
	guint n;
	gboolean end;		/* the last batch: no commit after its items */
	GError *error;		/* with end: what the walk failed with */
};

struct logwalk_ahead {
	struct logwalk *walk;
	GThread *thread;
	struct relay relay;		/* struct batch, between the thread and the caller */
	guint next;			/* the next item of the relay's current batch */
	gboolean done;			/* the end was handed out */
	struct batch store[NBATCH];
};

gboolean logwalk_ahead_wanted(void)
{
	return g_get_num_processors() >= 2 && g_strcmp0(g_getenv("QUILL_READ_AHEAD"), "0");
}

static void batch_clear(struct logwalk *w, struct batch *b)
{
	for (guint k = 0; k < BATCH; k++)
		logwalk_item_clear(w, &b->items[k]);
	b->n = 0;
}

static gpointer walker(gpointer data)
{
	struct logwalk_ahead *a = data;

	for (;;) {
		struct batch *b = relay_to_fill(&a->relay);

		batch_clear(a->walk, b);
		logwalk_balance(a->walk, relay_backlog(&a->relay));
		while (b->n < BATCH) {
			if (relay_stopping(&a->relay) ||
			    !logwalk_produce(a->walk, &b->items[b->n], &b->error)) {
				b->end = TRUE;
				break;
			}
			b->n++;
		}
		relay_filled(&a->relay, b);
		if (b->end)
			return NULL;
	}
}

struct logwalk_ahead *logwalk_ahead_start(struct logwalk *w)
{
	struct logwalk_ahead *a = g_new0(struct logwalk_ahead, 1);
	void *batches[NBATCH];

	a->walk = w;
	for (guint i = 0; i < NBATCH; i++)
		batches[i] = &a->store[i];
	relay_init(&a->relay, batches, NBATCH);
	a->thread = g_thread_new("logwalk-ahead", walker, a);
	return a;
}

gboolean logwalk_ahead_next(struct logwalk_ahead *a, const struct logwalk_item **it,
			    GError **error)
{
	while (!a->done) {
		struct batch *b = relay_current(&a->relay);

		if (a->next < b->n) {
			*it = &b->items[a->next++];
			return TRUE;
		}
		if (b->end) {
			a->done = TRUE;
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

void logwalk_ahead_stop(struct logwalk_ahead *a)
{
	if (!a)
		return;
	relay_stop(&a->relay, batch_is_end);
	g_thread_join(a->thread);
	g_clear_error(&((struct batch *)a->relay.cur)->error);
	relay_clear(&a->relay);
	for (guint i = 0; i < NBATCH; i++)
		batch_clear(a->walk, &a->store[i]);
	g_free(a);
}
