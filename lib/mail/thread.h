/* thread.h - messages arranged into threads by Message-ID, In-Reply-To and
 * References (Jamie Zawinski's algorithm, without the subject step).
 *
 * Add every message (thread_add), then thread_build once, then read the
 * result as one flat list in thread order: each entry has its parent's
 * position in the list and its depth, so a thread of any depth is a plain
 * array.  All of it runs in loops over one open-addressing id table and
 * index arrays, never by recursion, so a 10,000-deep chain is as safe as a
 * flat one.
 *
 * The rules, where mail is odd:
 * - An id named only in References or In-Reply-To becomes a placeholder
 *   entry (message -1: "missing"), kept when a message hangs below it.
 * - A message's parent is what its In-Reply-To names, else the last of its
 *   References, whatever other messages implied; the links References
 *   imply between the ids before it are only added where nothing is linked
 *   yet.
 * - A link that would close a loop is not made (one warning per message).
 * - A message without a Message-ID is threaded under a synthetic id,
 *   "nomsgid.N@quill.invalid" (N: its 1-based position in the order added).
 * - A second message with an id already taken keeps its place in the thread
 *   (its own References: usually the first copy's sibling) under the id
 *   "<id>#dupK" (K = 2 for the second copy); replies to <id> go below the
 *   first.  One warning names it.
 * - Threads are listed in order of first appearance (of the earliest added
 *   message in them); the children of one parent by Date,
 *   earliest first (a placeholder by the earliest Date below it), undated
 *   ones after the dated, ties in order of appearance.
 * Subjects are not used: messages that lost their References stay roots.
 */
#ifndef QUILL_THREAD_H
#define QUILL_THREAD_H

#include <glib.h>

#include "core/warn.h"

struct thread;

struct thread_entry {
	const char *msgid;	/* the id it was threaded under (borrowed from the thread) */
	int message;		/* what thread_add returned for it; -1: a placeholder */
	int parent;		/* the parent's position in the list, -1 for a root */
	guint depth;		/* 0 for a root */
};

/* A new, empty threader; warn (may be NULL) gets its warnings.  Free with
 * thread_free. */
struct thread *thread_new(warn_fn warn, void *payload);
void thread_free(struct thread *t);

/* Add one message: its Message-ID (without <>; NULL or "" for none), its
 * References oldest first (refs[0..nrefs), may be NULL when nrefs is 0),
 * its In-Reply-To (NULL for none) and its Date (seconds since the epoch, 0
 * when unknown).  Everything is copied.  Returns the message's number: 0
 * for the first message added, then 1, 2, ...  Not after thread_build. */
guint thread_add(struct thread *t, const char *msgid, const char *const *refs, guint nrefs,
		 const char *in_reply_to, gint64 date);

/* thread_add with the ids measured and hashed already (struct mail_id,
 * mail/id-hash.h: on a reading thread, so that this one neither measures
 * nor hashes): msgid NULL (or of length 0) for none, refs[0..nrefs) (one
 * of length 0 is skipped), in_reply_to NULL (or of length 0) for none.
 * The same result as thread_add with the same strings. */
struct mail_id;
guint thread_add_ids(struct thread *t, const struct mail_id *msgid, const struct mail_id *refs,
		     guint nrefs, const struct mail_id *in_reply_to, gint64 date);

/* Arrange what was added into the flat list.  Call once. */
void thread_build(struct thread *t);

/* The flat list (after thread_build): thread_len entries, each message once,
 * a parent always before its children.  Entries are borrowed. */
guint thread_len(const struct thread *t);
const struct thread_entry *thread_get(const struct thread *t, guint i);

/* The position in the flat list of message number `message`. */
guint thread_position(const struct thread *t, guint message);

#endif
