/* logwalk-ahead.c - a history walk run ahead on a second thread.
 *
 * The thread runs logwalk_produce (the queue, reading and inflating each
 * commit, finding its parents, the caller's prepare) into batches of
 * commits; the caller's
 * thread takes the batches in order through one queue and hands the ones
 * it is done with back through another, so at most NBATCH batches are in
 * flight and nothing is copied.  The thread frees the objects (and what
 * was prepared) of a batch it gets back before filling it again (malloc keeps memory with the
 * thread that frees it).  The walk reads through an object database of
 * its own (logwalk.c's walk_open), so the caller may go on using its
 * repository meanwhile; libgit2 shares the pack files between the two
 * under its own locks.
 */
#include "git/logwalk-private.h"

#include <string.h>

#define BATCH 256
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
	GAsyncQueue *full, *empty;	/* struct batch: filled ones in order; ones to fill */
	gint stop;			/* the caller is done: the thread ends its batch */
	struct batch *cur;		/* the batch being handed out */
	guint next;			/* its next item */
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
		struct batch *b = g_async_queue_pop(a->empty);

		batch_clear(a->walk, b);
		while (b->n < BATCH) {
			if (g_atomic_int_get(&a->stop) ||
			    !logwalk_produce(a->walk, &b->items[b->n], &b->error)) {
				b->end = TRUE;
				break;
			}
			b->n++;
		}
		g_async_queue_push(a->full, b);
		if (b->end)
			return NULL;
	}
}

struct logwalk_ahead *logwalk_ahead_start(struct logwalk *w)
{
	struct logwalk_ahead *a = g_new0(struct logwalk_ahead, 1);

	a->walk = w;
	a->full = g_async_queue_new();
	a->empty = g_async_queue_new();
	for (guint i = 0; i < NBATCH; i++)
		g_async_queue_push(a->empty, &a->store[i]);
	a->thread = g_thread_new("logwalk-ahead", walker, a);
	return a;
}

/* Done with the batch being handed out: back to the thread. */
static void give_back(struct logwalk_ahead *a)
{
	g_async_queue_push(a->empty, a->cur);
	a->cur = NULL;
}

gboolean logwalk_ahead_next(struct logwalk_ahead *a, const struct logwalk_item **it,
			    GError **error)
{
	while (!a->done) {
		if (!a->cur) {
			a->cur = g_async_queue_pop(a->full);
			a->next = 0;
		}
		if (a->next < a->cur->n) {
			*it = &a->cur->items[a->next++];
			return TRUE;
		}
		if (a->cur->end) {
			a->done = TRUE;
			if (a->cur->error)
				g_propagate_error(error, g_steal_pointer(&a->cur->error));
			return FALSE;
		}
		give_back(a);
	}
	return FALSE;
}

void logwalk_ahead_stop(struct logwalk_ahead *a)
{
	if (!a)
		return;
	g_atomic_int_set(&a->stop, 1);
	/* drain: the thread ends at its next commit and sends its last batch */
	while (!(a->cur && a->cur->end)) {
		if (a->cur)
			give_back(a);
		a->cur = g_async_queue_pop(a->full);
	}
	g_thread_join(a->thread);
	g_clear_error(&a->cur->error);
	g_async_queue_unref(a->full);
	g_async_queue_unref(a->empty);
	for (guint i = 0; i < NBATCH; i++)
		batch_clear(a->walk, &a->store[i]);
	g_free(a);
}
