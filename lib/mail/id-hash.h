/* id-hash.h - the hash of a Message-ID for the open-addressing tables of
 * thread.c and postings.c: eight bytes at a time, seeded per table (so no
 * mailbox can be made to collide on purpose).  Hand-written: one hash
 * for each message of the hot scans. */
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

#endif
