/* logwalk-private.h - what logwalk.c shares with logwalk-ahead.c, which
 * runs the walk on a second thread: the commits it hands out and the step
 * that makes the next one. */
#ifndef QUILL_LOGWALK_PRIVATE_H
#define QUILL_LOGWALK_PRIVATE_H

#include "git/logwalk.h"
#include "git/packread.h"

/* One commit handed out: its id, its raw object (owned by the item, given
 * back to the walk by logwalk_item_clear; possibly not inflated to its end
 * yet: logwalk_item_finish), its number of parents. */
struct logwalk_item {
	git_oid oid;
	struct packread_obj *raw;
	guint32 npar;
	void *prepared;		/* what logwalk_set_prepare's function made of it */
	gboolean by_caller;	/* to be finished, prepared (and freed) on the caller's thread */
};

/* Free what the item holds (its object, what was prepared). */
void logwalk_item_clear(struct logwalk *w, struct logwalk_item *it);

/* Inflate the rest of the item's object (on any one thread): FALSE with
 * *error set when its data is damaged. */
gboolean logwalk_item_finish(const struct logwalk_item *it, GError **error);

/* The walk's next commit into *it (cleared): FALSE at the
 * end, or with *error set.  Touches only the walk and its own odb, so it
 * may run on another thread than the caller's as long as only one thread
 * runs it. */
gboolean logwalk_produce(struct logwalk *w, struct logwalk_item *it, GError **error);

/* Reading ahead, before each batch: `backlog` batches are filled and not
 * yet taken by the caller (negative: the caller waits).  Moves the share
 * of commits the caller's thread finishes (logwalk_share_prepare, or all
 * to begin with when there is no prepare) so that the two threads have
 * about as much to do, whatever the machine and the work on each. */
void logwalk_balance(struct logwalk *w, int backlog);

/* ---- logwalk-ahead.c ---- */

/* Should walks read ahead on a second thread?  Not with one processor, nor
 * with QUILL_READ_AHEAD=0 in the environment. */
gboolean logwalk_ahead_wanted(void);

struct logwalk_ahead;

/* A thread that runs logwalk_produce over w from now on (w is the
 * thread's until logwalk_ahead_stop). */
struct logwalk_ahead *logwalk_ahead_start(struct logwalk *w);

/* The next commit as logwalk_produce made it, in the same order; *it is
 * borrowed until the next call.  FALSE at the end or with *error set (the
 * error logwalk_produce met, after every commit before it). */
gboolean logwalk_ahead_next(struct logwalk_ahead *a, const struct logwalk_item **it,
			    GError **error);

/* Stop the thread (if it has not ended) and free what it made; NULL is
 * fine. */
void logwalk_ahead_stop(struct logwalk_ahead *a);

#endif
