/* fuzz-lore.c - a lore answer (lib/net/archive-lore) on any bytes: what
 * the server sent (gzip or not, the first byte saying whether to gzip the
 * rest here first, so that the mbox side is fuzzed behind a good gzip too,
 * and whether to allow an empty answer or a small size limit) becomes an
 * mbox starting "From " or an error naming the URL; the mbox's messages
 * read as the archive kinds read them (archive_mail_read, their parents,
 * a query matched against them).
 *
 * Facts: error, then messages=N (archive_lore_count), read=N (mbox_next),
 * parents=N (in all). */
#include "fuzz.h"
#include "mail/mbox.h"
#include "mail/message.h"
#include "net/archive-kind.h"
#include "net/archive-mail.h"

#include <gmime/gmime.h>
#include <zlib.h>

#define FUZZ_LORE_URL "http://127.0.0.1:1/all/x@example.org/t.mbox.gz"

static void fuzz_lore_init(void)
{
	static gboolean done;

	if (!done)	/* archive_mail_read decodes the subject through GMime */
		g_mime_init();
	done = TRUE;
}

/* data[0..len) gzipped (caller owns). */
static GBytes *fuzz_lore_gzip(const guint8 *data, gsize len)
{
	z_stream z = { 0 };
	gsize cap = compressBound(len) + 64;
	guint8 *out = g_malloc(cap);

	FUZZ_CHECK(deflateInit2(&z, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
	z.next_in = (Bytef *)data;
	z.avail_in = (uInt)len;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	FUZZ_CHECK(deflate(&z, Z_FINISH) == Z_STREAM_END);
	cap = z.total_out;
	deflateEnd(&z);
	return g_bytes_new_take(out, cap);
}

static void fuzz_lore_read(GBytes *mbox)
{
	struct archive_query q = { .subject = "PATCH", .from = "ada@example.org" };
	struct archive_match mt;
	struct mbox *mb;
	struct mbox_msg msg;
	guint read = 0, parents = 0;

	archive_match_init(&mt, &q);
	mbox_open_bytes(&mb, "answer", mbox, MBOX_RD);
	while (mbox_next(mb, &msg, NULL)) {
		gsize ulen;
		char *u = mbox_unescape(msg.data, msg.len, MBOX_RD, &ulen);
		struct message *m = message_parse(u, ulen);
		struct archive_mail am;
		GPtrArray *p;

		archive_mail_read(&am, m, msg.data, msg.len);
		FUZZ_CHECK(am.subject && am.from && am.change_id);
		archive_match(&mt, am.subject, am.from, am.change_id);
		archive_match_raw(&mt, msg.data, msg.len);
		p = archive_mail_parents(m);
		parents += p->len;
		g_ptr_array_unref(p);
		archive_mail_clear(&am);
		message_free(m);
		g_free(u);
		read++;
	}
	mbox_close(mb);
	archive_match_clear(&mt);
	fuzz_fact_int("read", read);
	fuzz_fact_int("parents", parents);
}

static int fuzz_lore_one(const uint8_t *data, size_t size)
{
	GBytes *body, *mbox = NULL;
	GError *e = NULL;
	guint64 max;

	if (size < 1)
		return 0;
	body = data[0] & 1 ? fuzz_lore_gzip(data + 1, size - 1) : g_bytes_new(data + 1, size - 1);
	max = data[0] & 4 ? 4096 : 64 << 20;
	if (!archive_lore_answer(FUZZ_LORE_URL, body, data[0] & 8 ? "text/html; charset=UTF-8" : NULL,
				 max, data[0] & 2, &mbox, &e)) {
		FUZZ_CHECK(e && qerr_class(e) == QUILL_ERROR_OUTSIDE && !mbox);
		FUZZ_CHECK(g_str_has_prefix(e->message, FUZZ_LORE_URL ": "));
		fuzz_check_utf8(e->message, -1);
		fuzz_fact_error(e);
		g_error_free(e);
		g_bytes_unref(body);
		return 0;
	}
	fuzz_fact_error(NULL);
	FUZZ_CHECK(mbox == body || g_bytes_get_size(mbox) <= max);	/* gunzipped: bounded */
	fuzz_fact_int("messages", archive_lore_count(mbox));
	fuzz_lore_read(mbox);
	g_bytes_unref(mbox);
	g_bytes_unref(body);
	return 0;
}

FUZZ_ENTRY(lore)
