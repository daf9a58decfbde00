/* test-source-split.c - lib/net/source-ahead: one big mbox read by two
 * threads (the operand split at a message start near its middle) hands out
 * what reading it in one thread does: the same messages, ids, positions,
 * places, prepared values and warnings in the same order.  QUILL_SPLIT_MIN
 * makes small inputs split; the split point is moved over every byte near
 * the middle by padding the first message, so a "From " line straddles it
 * somewhere; mboxes of 0, 1 and 2 messages, ">From " lines in bodies, CRLF,
 * messages that are not mail or have no Message-ID. */
#include "net/source.h"
#include "unit.h"

#include <glib/gstdio.h>
#include <stdarg.h>

#define SEP "From a@example.org Mon Jan  1 00:00:00 2024\n"

static GString *said;	/* the warnings, one a line */

static void collect(void *payload, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void collect(void *payload, const char *fmt, ...)
{
	va_list ap;

	(void)payload;
	va_start(ap, fmt);
	g_string_append_vprintf(said, fmt, ap);
	va_end(ap);
	g_string_append_c(said, '\n');
}

/* What prepare makes: the body's length, as text (checks it is the
 * message's own). */
static void *prepare(const struct source_mail *m, void *payload)
{
	(void)payload;
	return g_strdup_printf("%" G_GSIZE_FORMAT, m->body_len);
}

/* Every message as a line, then the warnings, of PATH read ahead (split or
 * not, as the environment says) or in one thread. */
static char *read_path(const char *path, gboolean ahead)
{
	char *paths[] = { (char *)path };
	GString *out = g_string_new(NULL);
	struct source *s;
	struct source_mail it;
	GError *e = NULL;

	g_string_truncate(said, 0);
	if (source_open(&s, paths, 1, collect, NULL, &e)) {
		if (ahead)
			source_read_ahead(s, prepare, g_free, NULL);
		while (source_next(s, &it, &e)) {
			char *where = source_where(s);

			g_string_append_printf(out, "%u %s <%s> %u %s [%s] %s\n", it.position,
					       it.msgid, it.in_reply_to ? it.in_reply_to : "",
					       it.nrefs, where,
					       it.prepared ? (char *)it.prepared : "-",
					       it.m ? "m" : "no m");
			g_free(where);
		}
	}
	if (e)
		g_string_append_printf(out, "error: %s\n", e->message);
	g_clear_error(&e);
	source_free(s);
	g_string_append(out, said->str);
	return g_string_free(out, FALSE);
}

/* Read PATH in one thread (prepared values filled in as read ahead would)
 * and two, and compare. */
static gboolean same(const char *path)
{
	char *one, *two;
	gboolean eq;

	g_setenv("QUILL_READ_AHEAD", "0", TRUE);
	one = read_path(path, TRUE);
	g_unsetenv("QUILL_READ_AHEAD");
	g_setenv("QUILL_SPLIT_MIN", "1", TRUE);
	two = read_path(path, TRUE);
	g_unsetenv("QUILL_SPLIT_MIN");
	eq = !strcmp(one, two);
	if (!eq)
		printf("# one thread:\n%s# two:\n%s", one, two);
	g_free(one);
	g_free(two);
	return eq;
}

/* An mbox of n messages with some of everything; pad bytes in the first
 * body move its middle. */
static GString *mbox(guint n, guint pad, gboolean crlf)
{
	GString *b = g_string_new("");

	for (guint i = 1; i <= n; i++) {
		g_string_append(b, SEP);
		if (i % 7 == 0) {
			g_string_append(b, "no header block here\n\n");
			continue;
		}
		g_string_append(b, "From: Ada <ada@example.org>\nSubject: [PATCH] x\n");
		if (i % 5)
			g_string_append_printf(b, "Message-ID: <m%u@x>\n", i % 11 == 0 ? i - 1 : i);
		if (i > 1)
			g_string_append_printf(b, "In-Reply-To: <m%u@x>\nReferences: <m1@x>\n"
					       " <m%u@x>\n", i - 1, i - 1);
		g_string_append(b, "\nbody\n>From the quoted line\nFrom a line that is no separator\n");
		if (i == 1)
			for (guint k = 0; k < pad; k++)
				g_string_append_c(b, k % 61 == 60 ? '\n' : 'x');
		g_string_append(b, "\n\n");
	}
	if (crlf) {
		GString *c = g_string_new("");

		for (const char *p = b->str; *p; p++) {
			if (*p == '\n')
				g_string_append_c(c, '\r');
			g_string_append_c(c, *p);
		}
		g_string_free(b, TRUE);
		b = c;
	}
	return b;
}

int main(void)
{
	char *dir = g_dir_make_tmp("test-source-split-XXXXXX", NULL);
	char *path = g_build_filename(dir, "box", NULL);
	gboolean all = TRUE;

	said = g_string_new(NULL);
	for (guint n = 0; n <= 2; n++) {
		GString *b = mbox(n, 0, FALSE);
		char *name = g_strdup_printf("an mbox of %u messages", n);

		g_file_set_contents(path, b->str, (gssize)b->len, NULL);
		ok(same(path), name);
		g_free(name);
		g_string_free(b, TRUE);
	}
	/* the middle moved over two messages' worth of bytes: a separator
	 * line at it, before it, after it, straddling it */
	for (guint pad = 0; pad < 600; pad++) {
		GString *b = mbox(4, pad, FALSE);

		g_file_set_contents(path, b->str, (gssize)b->len, NULL);
		all = same(path) && all;
		g_string_free(b, TRUE);
	}
	ok(all, "four messages, the split point moved over 600 bytes");
	{
		GString *b = mbox(1200, 3, FALSE);

		g_file_set_contents(path, b->str, (gssize)b->len, NULL);
		ok(same(path), "1200 messages: several batches each side, warnings all through");
		g_string_free(b, TRUE);
		b = mbox(300, 40, TRUE);
		g_file_set_contents(path, b->str, (gssize)b->len, NULL);
		ok(same(path), "CRLF");
		g_string_free(b, TRUE);
		b = mbox(50, 0, FALSE);
		g_string_prepend(b, "junk before\n\n");
		g_file_set_contents(path, b->str, (gssize)b->len, NULL);
		ok(same(path), "junk before the first separator");
		g_string_free(b, TRUE);
	}
	{
		/* stopped before the end, with both threads running */
		GString *b = mbox(3000, 0, FALSE);
		char *paths[] = { path };
		struct source *s;
		struct source_mail it;
		guint k = 0;

		g_file_set_contents(path, b->str, (gssize)b->len, NULL);
		g_setenv("QUILL_SPLIT_MIN", "1", TRUE);
		source_open(&s, paths, 1, NULL, NULL, NULL);
		source_read_ahead(s, prepare, g_free, NULL);
		while (k < 10 && source_next(s, &it, NULL))
			k++;
		source_free(s);
		g_unsetenv("QUILL_SPLIT_MIN");
		ok(k == 10, "freed while both threads read: nothing left running");
		g_string_free(b, TRUE);
	}
	g_unlink(path);
	g_rmdir(dir);
	g_free(path);
	g_free(dir);
	g_string_free(said, TRUE);
	return done_testing();
}
