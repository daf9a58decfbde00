/* relay.c - batches between a filling thread and a reader (see relay.h). */
#include "core/relay.h"

void relay_init(struct relay *r, void *const *batches, guint n)
{
	r->full = g_async_queue_new();
	r->empty = g_async_queue_new();
	r->stop = 0;
	r->cur = NULL;
	for (guint i = 0; i < n; i++)
		g_async_queue_push(r->empty, batches[i]);
}

void *relay_to_fill(struct relay *r)
{
	return g_async_queue_pop(r->empty);
}

void relay_filled(struct relay *r, void *batch)
{
	g_async_queue_push(r->full, batch);
}

gboolean relay_stopping(struct relay *r)
{
	return g_atomic_int_get(&r->stop) != 0;
}

int relay_backlog(struct relay *r)
{
	return g_async_queue_length(r->full);
}

void *relay_current(struct relay *r)
{
	if (!r->cur)
		r->cur = g_async_queue_pop(r->full);
	return r->cur;
}

void relay_give_back(struct relay *r)
{
	g_async_queue_push(r->empty, r->cur);
	r->cur = NULL;
}

void relay_stop(struct relay *r, gboolean (*is_end)(const void *batch))
{
	g_atomic_int_set(&r->stop, 1);
	/* drain: the filler ends at its next item and sends its last batch */
	while (!(r->cur && is_end(r->cur))) {
		if (r->cur)
			relay_give_back(r);
		relay_current(r);
	}
}

void relay_clear(struct relay *r)
{
	g_clear_pointer(&r->full, g_async_queue_unref);
	g_clear_pointer(&r->empty, g_async_queue_unref);
}
