/* fuzz-mbox.c - the mbox scanner: the input as a mailbox file, every
 * message found, each unescaped in the three formats and written back as
 * mboxrd, its header parsed and checked.
 *
 * Facts: error (mbox_open's), messages found, problems message_check finds
 * in them read as mboxrd. */
#include "fuzz.h"
#include "mail/mbox.h"
#include "mail/message-body.h"
#include "mail/message.h"

#include <glib/gstdio.h>
#include <unistd.h>

static char *fuzz_mbox_dir, *fuzz_mbox_path;

static void fuzz_mbox_cleanup(void)
{
	if (fuzz_mbox_path)
		g_unlink(fuzz_mbox_path);
	if (fuzz_mbox_dir)
		g_rmdir(fuzz_mbox_dir);
	g_free(fuzz_mbox_path);
	g_free(fuzz_mbox_dir);
}

static void fuzz_mbox_init(void)
{
	if (fuzz_mbox_dir)
		return;
	fuzz_mbox_dir = g_dir_make_tmp("quill-fuzz-mbox-XXXXXX", NULL);
	FUZZ_CHECK(fuzz_mbox_dir != NULL);
	fuzz_mbox_path = g_build_filename(fuzz_mbox_dir, "box", NULL);
	atexit(fuzz_mbox_cleanup);
}

/* unescape(escape(x)) is x: what mbox_append_rd writes reads back. */
static void fuzz_mbox_roundtrip(const char *u, gsize ulen)
{
	GString *out = g_string_new(NULL);
	const char *body;
	gsize blen, back_len;
	char *back;

	mbox_append_rd(out, NULL, u, ulen);
	body = strchr(out->str, '\n') + 1;
	blen = out->len - (body - out->str) - 1;	/* less the framing blank line */
	FUZZ_CHECK(out->str[out->len - 1] == '\n');
	back = mbox_unescape(body, blen, MBOX_RD, &back_len);
	if (ulen && u[ulen - 1] != '\n') {	/* a final newline was given */
		FUZZ_CHECK(back_len == ulen + 1 && back[ulen] == '\n');
		back_len--;
	}
	FUZZ_CHECK(back_len == ulen && !memcmp(back, u, ulen));
	g_free(back);
	g_string_free(out, TRUE);
}

static int fuzz_mbox_one(const uint8_t *data, size_t size)
{
	static const enum mbox_format formats[] = { MBOX_RD, MBOX_O, MBOX_RAW };
	FILE *f = fopen(fuzz_mbox_path, "wb");
	struct mbox *mb;
	struct mbox_msg m;
	guint64 last_end = 0;
	guint count = 0, problem_count = 0;
	GError *error = NULL;

	FUZZ_CHECK(f != NULL);
	FUZZ_CHECK(fwrite(data, 1, size, f) == size);
	FUZZ_CHECK(fclose(f) == 0);
	if (!mbox_open(&mb, fuzz_mbox_path, MBOX_RD, &error)) {
		fuzz_fact_error(error);
		g_error_free(error);
		return 0;
	}
	while (mbox_next(mb, &m, NULL)) {
		FUZZ_CHECK(m.index == ++count);
		FUZZ_CHECK(m.offset + m.len <= size);
		FUZZ_CHECK(m.offset >= last_end);
		FUZZ_CHECK(!m.len || !memcmp(m.data, data + m.offset, m.len));
		last_end = m.offset + m.len;
		/* a file that starts with "From " is an mbox whatever that line
		 * holds; the separators after it are From lines with a date */
		if (m.from_line && m.index > 1)
			FUZZ_CHECK(mbox_is_from_line(m.from_line, m.from_len));
		if (m.from_line)
			FUZZ_CHECK(m.from_len >= 5 && !memcmp(m.from_line, "From ", 5));
		for (size_t i = 0; i < G_N_ELEMENTS(formats); i++) {
			gsize ulen;
			char *u = mbox_unescape(m.data, m.len, formats[i], &ulen);
			struct message *msg;
			GPtrArray *problems;
			gboolean not_mail;

			FUZZ_CHECK(ulen <= m.len && u[ulen] == '\0');
			if (formats[i] == MBOX_RAW)
				FUZZ_CHECK(ulen == m.len && !memcmp(u, m.data, m.len));
			if (formats[i] == MBOX_RD)
				fuzz_mbox_roundtrip(u, ulen);
			msg = message_parse(u, ulen);
			FUZZ_CHECK(msg->body <= ulen);
			problems = message_check(msg, &not_mail);
			for (guint j = 0; j < problems->len; j++)
				fuzz_check_utf8(g_ptr_array_index(problems, j), -1);
			if (formats[i] == MBOX_RD)
				problem_count += problems->len;
			g_ptr_array_unref(problems);
			message_free(msg);
			g_free(u);
		}
	}
	mbox_close(mb);
	fuzz_fact_error(NULL);
	fuzz_fact_int("messages", count);
	fuzz_fact_int("problems", problem_count);
	return 0;
}

FUZZ_ENTRY(mbox)
