/* packread.h - commit objects read straight from a repository's pack
 * files, the inflate split in two: the header first (what a history walk
 * needs: parents, date), the rest later, possibly on another thread.
 *
 * Only whole (undeltified) commits in version-2 pack indexes are read
 * here; anything else (loose objects, deltas, other object types, packs
 * this module does not know) is left to libgit2: packread_find says no.
 * The zlib stream's checksum is checked as libgit2 checks it.
 */
#ifndef QUILL_PACKREAD_H
#define QUILL_PACKREAD_H

#include <git2.h>
#include <glib.h>

struct packread;
struct packread_zs;

/* A commit object being read: data[0..have) of its size bytes so far. */
struct packread_obj {
	char *data;			/* owned, size bytes (capacity cap), reused */
	size_t cap, size, have;
	size_t header_end;		/* where "\n\n" starts, or size when none */
	struct packread_zs *zs;		/* the stream while unfinished, else NULL */
};

/* The pack files of objects directory `objects` (mapped read-only, which
 * they stay until packread_free).  Never NULL: with no usable pack every
 * packread_begin says no. */
struct packread *packread_open(const char *objects);
void packread_free(struct packread *p);

/* Start reading commit oid into o (its previous contents dropped) and
 * inflate its header (up to and including the blank line that ends it, or
 * all of it).  FALSE when the commit is not a whole commit in a pack known
 * here (o is then empty); TRUE with *ok FALSE when its data is damaged. */
gboolean packread_begin(struct packread *p, const git_oid *oid, struct packread_obj *o,
			gboolean *ok);

/* Inflate the rest of o.  FALSE when the data is damaged (o then holds
 * what could be read).  Needs only o, so it may run on another thread
 * than packread_begin did, one thread at a time. */
gboolean packread_finish(struct packread_obj *o);

/* Hand o's stream back to p (on the thread that owns p), finished or not;
 * o keeps its buffer for the next packread_begin. */
void packread_release(struct packread *p, struct packread_obj *o);

/* Fill o with a copy of data[0..len), complete (for objects read some other
 * way). */
void packread_set(struct packread_obj *o, const char *data, size_t len);

/* Free o's buffer (after packread_release). */
void packread_obj_clear(struct packread_obj *o);

#endif
