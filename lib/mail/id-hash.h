/* id-hash.h - the hash of a Message-ID for the open-addressing tables of
 * thread.c and postings.c: eight bytes at a time, seeded (per table, or
 * per process with mail_id_seed, so no mailbox can be made to collide on
 * purpose).  Hand-written: one hash for each message of the hot scans. */
#ifndef QUILL_MAIL_ID_HASH_H
#define QUILL_MAIL_ID_HASH_H

#include <glib.h>
#include <string.h>

static inline guint32 mail_id_hash(guint64 seed, const char *s, gsize n)
{
	guint64 h = seed ^ (n * 0x9e3779b97f4a7c15ULL), w;

	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, s, n);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 29;
	return (guint32)h;
}

/* A Message-ID with its length and its hash under mail_id_seed(): made
 * where the ids are found (a reading thread, lib/net/source), so that the
 * threader hashes nothing and measures nothing. */
struct mail_id {
	const char *id;		/* NUL-terminated (borrowed) */
	gsize len;		/* strlen(id) */
	guint32 hash;		/* mail_id_hash(mail_id_seed(), id, len) */
};

/* The seed of this process, random, the same on every thread (made on
 * the first call; safe to call from any thread). */
guint64 mail_id_seed(void);

/* *out for the NUL-terminated id (borrowed: out->id is id). */
void mail_id_make(struct mail_id *out, const char *id);

#endif
