/* fuzz-body.c - message_body_decode on any bytes: the text valid UTF-8
 * without NUL, the lines tiling it, attachments and warnings printable;
 * and the line functions on the raw bytes.
 *
 * Facts: the decoded text's lines, its attachments, its warnings. */
#include "fuzz.h"
#include "mail/message-body.h"
#include "mail/message.h"

#include <gmime/gmime.h>
#include <stdarg.h>

static void fuzz_body_init(void)
{
	static gboolean done;

	if (!done)
		g_mime_init();
	done = TRUE;
}

static void fuzz_body_lines(GArray *lines, const char *text, gsize len)
{
	gsize pos = 0;

	for (guint i = 0; i < lines->len; i++) {
		const struct message_line *l = &g_array_index(lines, struct message_line, i);

		FUZZ_CHECK(l->offset == pos);
		FUZZ_CHECK(l->offset + l->len <= len);
		FUZZ_CHECK(!memchr(text + l->offset, '\n', l->len));
		FUZZ_CHECK(l->kind <= MESSAGE_LINE_TRAILER);
		FUZZ_CHECK(l->kind == MESSAGE_LINE_QUOTED ? l->depth > 0 : l->depth == 0);
		pos = l->offset + l->len + 1;
	}
	FUZZ_CHECK(pos >= len && pos <= len + 1);
}

/* Every warning is one line of valid UTF-8; payload counts them. */
static void fuzz_body_warning(void *payload, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void fuzz_body_warning(void *payload, const char *fmt, ...)
{
	va_list ap;
	char *w;

	va_start(ap, fmt);
	w = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	fuzz_check_utf8(w, -1);
	FUZZ_CHECK(!strchr(w, '\n'));
	g_free(w);
	(*(guint *)payload)++;
}

static int fuzz_body_one(const uint8_t *data, size_t size)
{
	const char *d = (const char *)data;
	struct message *m = message_parse(d, size);
	guint nwarn = 0;
	struct message_body *b = message_body_decode(m, fuzz_body_warning, &nwarn, NULL);
	GArray *lines;
	char *u;
	gsize ulen;

	FUZZ_CHECK(b != NULL);
	fuzz_check_utf8(b->text, b->text_len);
	FUZZ_CHECK(strlen(b->text) == b->text_len);
	FUZZ_CHECK(!b->text_len || b->text[b->text_len - 1] == '\n');
	fuzz_body_lines(b->lines, b->text, b->text_len);
	for (guint i = 0; i < b->attachments->len; i++) {
		const struct message_attachment *a =
			&g_array_index(b->attachments, struct message_attachment, i);
		fuzz_check_utf8(a->content_type, -1);
		if (a->filename)
			fuzz_check_utf8(a->filename, -1);
	}
	fuzz_fact_int("lines", b->lines->len);
	fuzz_fact_int("attachments", b->attachments->len);
	fuzz_fact_int("warnings", nwarn);
	message_body_free(b);
	message_free(m);

	/* the line functions take any bytes */
	lines = message_classify_lines(d, size);
	fuzz_body_lines(lines, d, size);
	g_array_unref(lines);
	u = message_unflow(d, size, size & 1, &ulen);
	FUZZ_CHECK(ulen <= 2 * size + 1);	/* at most a space and a newline more a line */
	lines = message_classify_lines(u, ulen);
	fuzz_body_lines(lines, u, ulen);
	g_array_unref(lines);
	g_free(u);
	return 0;
}

FUZZ_ENTRY(body)
