/* id-hash.c - the process's seed for mail_id_hash (id-hash.h). */
#include "mail/id-hash.h"

guint64 mail_id_seed(void)
{
	static gsize once;
	static guint64 seed;

	if (g_once_init_enter(&once)) {
		seed = ((guint64)g_random_int() << 32) | g_random_int();
		g_once_init_leave(&once, 1);
	}
	return seed;
}

void mail_id_make(struct mail_id *out, const char *id)
{
	out->id = id;
	out->len = strlen(id);
	out->hash = mail_id_hash(mail_id_seed(), id, out->len);
}
