/* relay.h - batches handed between a thread that fills them and the
 * caller's thread that reads them, in order, and hands each back when done
 * with it: two queues (the filled ones, the ones to fill) over a fixed set
 * of batches, so memory stays bounded and nothing is copied.  Used by the
 * mail sources' read-ahead (lib/net) and the history walk's (lib/git).
 *
 * The batches are the caller's (borrowed); a batch says itself whether it
 * is the last one (the `is_end` function of relay_stop).
 */
#ifndef QUILL_CORE_RELAY_H
#define QUILL_CORE_RELAY_H

#include <glib.h>

struct relay {
	GAsyncQueue *full, *empty;
	gint stop;		/* relay_stop was called: the filler ends its batch */
	void *cur;		/* the batch being read, or NULL */
};

/* Start with batches[0..n) all to fill. */
void relay_init(struct relay *r, void *const *batches, guint n);

/* The filling thread: the next batch to fill (waits for one), and the
 * batch filled.  relay_stopping says the reader wants no more. */
void *relay_to_fill(struct relay *r);
void relay_filled(struct relay *r, void *batch);
gboolean relay_stopping(struct relay *r);

/* Batches filled and not yet taken by the reader (negative while the
 * reader waits for one): how far the filler is ahead. */
int relay_backlog(struct relay *r);

/* The reader: the batch being read, or the next filled one (waits). */
void *relay_current(struct relay *r);

/* The reader is done with the current batch: back to the filler. */
void relay_give_back(struct relay *r);

/* The reader wants no more: tell the filler and take batches until the
 * last one (is_end), which is then the current one.  The filler has sent
 * its last batch by then: join it after this. */
void relay_stop(struct relay *r, gboolean (*is_end)(const void *batch));

/* Free the queues (the batches stay the caller's). */
void relay_clear(struct relay *r);

#endif
