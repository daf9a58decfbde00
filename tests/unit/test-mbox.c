/* test-mbox.c - lib/mbox and lib/message's header scan. */
#include "mail/mbox.h"
#include "mail/message.h"
#include "unit.h"

#include <gmime/gmime.h>
#include <glib/gstdio.h>

static const char box[] =
	"From a@b Mon Sep 17 00:00:00 2001\n"
	"From: Ann <ann@example.org>\n"
	"Subject: one\n"
	"Message-ID: <1@x>\n"
	"\n"
	"body one\n"
	">From the start, escaped once\n"
	">>From twice\n"
	"From here on, not a separator (no date)\n"
	"\n"
	"From b@c Tue Dec  2 10:00:00 2025\n"
	"From: =?UTF-8?q?Zo=C3=AB?= <z@example.org>\n"
	"Subject: a subject\n"
	" folded\n"
	"References: <1@x>\n"
	"\t<2@x>\n"
	"In-Reply-To: <2@x> (a comment)\n"
	"Date: Tue, 2 Dec 2025 10:00:00 +0000\n"
	"\n"
	"body two\n"
	"\n"
	"From c@d Wed Dec  3 10:00:00 2025\n"
	"Subject: no body, no blank line\n";

/* The rule, line by line, as a reference for the fast mbox_unescape. */
static char *unescape_ref(const char *data, gsize len, enum mbox_format format)
{
	GString *s = g_string_new(NULL);
	const char *p = data, *end = data + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p), *le = nl ? nl + 1 : end, *q = p;

		while (q < le && *q == '>')
			q++;
		if (format != MBOX_RAW && q > p && le - q >= 5 && !memcmp(q, "From ", 5) &&
		    (format == MBOX_RD || q == p + 1))
			p++;
		g_string_append_len(s, p, le - p);
		p = le;
	}
	return g_string_free(s, FALSE);
}

static void unescape_against_ref(void)
{
	static const char *const bits[] = { "From ", ">", ">>", "\n", "x", "From", " ", ">From " };
	GRand *r = g_rand_new_with_seed(7);
	int bad = 0;

	for (int i = 0; i < 3000; i++) {
		GString *in = g_string_new(NULL);
		int n = g_rand_int_range(r, 0, 24);

		for (int k = 0; k < n; k++)
			g_string_append(in, bits[g_rand_int_range(r, 0, G_N_ELEMENTS(bits))]);
		for (int f = MBOX_RD; f <= MBOX_RAW; f++) {
			gsize got_len;
			char *got = mbox_unescape(in->str, in->len, f, &got_len);
			char *want = unescape_ref(in->str, in->len, f);
			if (strcmp(got, want) || got_len != strlen(want))
				bad++;
			g_free(got);
			g_free(want);
		}
		g_string_free(in, TRUE);
	}
	g_rand_free(r);
	is_int(bad, 0, "mbox_unescape agrees with the line-by-line rule on 3000 random inputs");
}

/* the mailbox above: messages, offsets, unescaping, header fields */
static void test_mbox(const char *path)
{
	struct mbox *mb;
	struct mbox_msg m[4];
	struct message *msg;
	GPtrArray *ids;
	GString *rd;
	char *s;
	gsize n;
	int count = 0;

	g_file_set_contents(path, box, sizeof box - 1, NULL);
	ok(mbox_open(&mb, path, MBOX_RD, NULL), "opens an mbox");
	while (count < 4 && mbox_next(mb, &m[count], NULL))
		count++;
	is_int(count, 3, "three messages: a From line without a date does not split");
	is_int(m[0].index, 1, "numbered from 1");
	ok(m[0].from_line && !strncmp(m[0].from_line, "From a@b", 8), "the separator line is kept");
	is_int((long long)m[1].offset, (long long)(strstr(box, "From: =?UTF") - box), "offsets are file offsets");
	s = g_strndup(m[0].data, m[0].len);
	ok(g_str_has_suffix(s, "(no date)\n"), "the framing blank line is not part of the message");
	g_free(s);
	s = mbox_unescape(m[0].data, m[0].len, MBOX_RD, &n);
	ok(strstr(s, "\nFrom the start, escaped once\n") && strstr(s, "\n>From twice\n"),
	   "mboxrd: every >*From loses one >");
	g_free(s);
	s = mbox_unescape(m[0].data, m[0].len, MBOX_O, &n);
	ok(strstr(s, "\nFrom the start") && strstr(s, "\n>>From twice\n"), "mboxo: only >From");
	g_free(s);
	rd = g_string_new(NULL);
	s = mbox_unescape(m[0].data, m[0].len, MBOX_RD, &n);
	mbox_append_rd(rd, NULL, s, n);
	ok(strstr(rd->str, "\n>From the start") && strstr(rd->str, "\n>>From twice") &&
	   strstr(rd->str, "\n>From here on"), "writing mboxrd escapes every >*From line");
	g_free(s);
	g_string_free(rd, TRUE);

	msg = message_parse(m[1].data, m[1].len);
	s = message_get(msg, "subject");
	is_str(s, "a subject folded", "fields: case-insensitive, unfolded");
	g_free(s);
	s = message_get_decoded(msg, "From");
	is_str(s, "Zoë <z@example.org>", "RFC 2047 decoded to UTF-8");
	g_free(s);
	ids = message_references(msg);
	ok(ids->len == 2 && !strcmp(g_ptr_array_index(ids, 0), "1@x") &&
	   !strcmp(g_ptr_array_index(ids, 1), "2@x"), "References in order, without <>");
	g_ptr_array_unref(ids);
	s = message_in_reply_to(msg);
	is_str(s, "2@x", "In-Reply-To's id, comment dropped");
	g_free(s);
	is_int(message_date(msg), 1764669600, "Date parsed");
	ok(!strncmp(m[1].data + msg->body, "body two", 8), "the body starts after the blank line");
	message_free(msg);

	msg = message_parse(m[2].data, m[2].len);
	ok(msg->truncated && msg->body == m[2].len, "a header block that never ends");
	s = message_msgid(msg);
	ok(s == NULL, "no Message-ID: NULL");
	message_free(msg);
	mbox_close(mb);
}

int main(int argc, char **argv)
{
	char *dir = g_dir_make_tmp("quill-test-mbox-XXXXXX", NULL);
	char *path = g_build_filename(dir, "box", NULL);
	struct mbox *mb;
	struct mbox_msg m[4];

	unit_init(argc, argv);
	g_mime_init();
	UNIT_CASE("unescape")
		unescape_against_ref();
	UNIT_CASE("dates") {
		/* the hand-parsed Date agrees with GMime's parser */
		static const char *const dates[] = {
			"Tue, 2 Dec 2025 10:00:00 +0000", "2 Dec 2025 10:00 -0130",
			"Mon, 29 Feb 2016 23:59:59 +1400 (X)", "Thu, 01 Jan 1970 00:00:00 +0000",
			"Sat, 31 Dec 2039 12:00:00 -0800", "Wed, 3 Jan 2024 07:05:09 +0530",
			"3 Jan 24 07:05 GMT", "Wednesday, 3-Jan-2024 07:05:09 EST",
		};
		int bad = 0;
		for (gsize i = 0; i < G_N_ELEMENTS(dates); i++) {
			char *hdr = g_strdup_printf("Date: %s\n\n", dates[i]);
			struct message *dm = message_parse(hdr, strlen(hdr));
			GDateTime *g = g_mime_utils_header_decode_date(dates[i]);
			if (!g || message_date(dm) != g_date_time_to_unix(g))
				bad++;
			if (g)
				g_date_time_unref(g);
			message_free(dm);
			g_free(hdr);
		}
		is_int(bad, 0, "message_date agrees with GMime on eight forms");
	}
	UNIT_CASE("mbox")
		test_mbox(path);
	UNIT_CASE("plain-file") {
		/* a single message that is not an mbox */
		g_file_set_contents(path, "Subject: lone\n\nhi\n", -1, NULL);
		ok(mbox_open(&mb, path, MBOX_RD, NULL) && mbox_next(mb, &m[0], NULL) &&
		   m[0].len == 18 && !mbox_next(mb, &m[1], NULL), "a plain file is one message");
		mbox_close(mb);
	}
	UNIT_CASE("maildir") {
		char *md = g_build_filename(dir, "md", NULL), *cur = g_build_filename(md, "cur", NULL);
		char *f1 = g_build_filename(cur, "1.eml", NULL), *f2 = g_build_filename(cur, "2.eml", NULL);
		g_mkdir_with_parents(cur, 0700);
		g_file_set_contents(f2, "Subject: second\n\n", -1, NULL);
		g_file_set_contents(f1, "Subject: first\n\n", -1, NULL);
		ok(mbox_open(&mb, md, MBOX_RD, NULL), "opens a Maildir");
		ok(mbox_next(mb, &m[0], NULL) && g_str_has_prefix(m[0].data, "Subject: first") &&
		   mbox_next(mb, &m[1], NULL) && !mbox_next(mb, &m[2], NULL), "in file-name order");
		mbox_close(mb);
		g_unlink(f1);
		g_unlink(f2);
		g_rmdir(cur);
		g_rmdir(md);
		g_free(f1);
		g_free(f2);
		g_free(cur);
		g_free(md);
	}
	UNIT_CASE("missing") {
		GError *e = NULL;
		ok(!mbox_open(&mb, "/nonexistent/box", MBOX_RD, &e) && e && strstr(e->message, "/nonexistent/box"),
		   "a missing file fails, naming it");
		g_clear_error(&e);
	}
	UNIT_CASE("from-line") {
		ok(mbox_is_from_line("From x@y Thu Jan  1 00:00:00 1970", 33), "a separator");
		ok(!mbox_is_from_line("From the start of the day", 25), "prose is not");
	}
	g_unlink(path);
	g_rmdir(dir);
	g_free(path);
	g_free(dir);
	return done_testing();
}
