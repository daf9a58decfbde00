/* test-mbox-split.c - mbox_split_at: the two parts of a split mbox, read one
 * after the other, hand out what the whole does, wherever the split is
 * asked for (every byte of each input), on inputs made to mislead a split:
 * "From " lines in bodies, ">From " quoting, separators without a date,
 * junk before the first separator, CRLF, tiny files, one message. */
#include "mail/mbox.h"
#include "unit.h"

#include <glib/gstdio.h>

#define SEP "From a@example.org Mon Jan  1 00:00:00 2024\n"

static const char *const inputs[] = {
	SEP "Subject: one\n\nbody\n",
	SEP,
	"From x",
	SEP "\n",
	SEP "Subject: a\n\nFrom the start of it\n>From quoted\n>>From twice\n\n" SEP
	"Subject: b\n\nFrom here, no date\nFrom a@example.org Mon Jan  1 00:00 x\n\n" SEP
	"Subject: c\n\n",
	"junk before\n\n" SEP "Subject: a\n\n" SEP "Subject: b\n",
	"\xef\xbb\xbf" SEP "S: a\n\n" SEP "S: b\n\n" SEP,
	SEP "S: a\r\n\r\nx\r\n\r\n" SEP "S: b\r\n\r\n\r\n" SEP "S: c\r\n",
	SEP SEP SEP SEP,
	SEP "\n\n\n" SEP "\n" SEP "S: x\n\nFrom a@example.org Mon Jan  1 00:00:00 2024",
	SEP ">" SEP ">>" SEP "\n" SEP,
};

struct seq {
	GArray *offset, *len, *from_len, *index;
};

static void seq_init(struct seq *s)
{
	s->offset = g_array_new(FALSE, FALSE, sizeof(guint64));
	s->len = g_array_new(FALSE, FALSE, sizeof(gsize));
	s->from_len = g_array_new(FALSE, FALSE, sizeof(gsize));
	s->index = g_array_new(FALSE, FALSE, sizeof(guint));
}

static void seq_clear(struct seq *s)
{
	g_array_unref(s->offset);
	g_array_unref(s->len);
	g_array_unref(s->from_len);
	g_array_unref(s->index);
}

/* Read mb to its end into s, indexes raised by base. */
static void read_into(struct mbox *mb, struct seq *s, guint base)
{
	struct mbox_msg m;

	while (mbox_next(mb, &m, NULL)) {
		guint index = m.index + base;

		g_array_append_val(s->offset, m.offset);
		g_array_append_val(s->len, m.len);
		g_array_append_val(s->from_len, m.from_len);
		g_array_append_val(s->index, index);
	}
}

static gboolean same(const struct seq *a, const struct seq *b)
{
	if (a->offset->len != b->offset->len)
		return FALSE;
	if (!a->offset->len)	/* empty arrays' data may be NULL: no memcmp of those */
		return TRUE;
	return !memcmp(a->offset->data, b->offset->data, a->offset->len * sizeof(guint64)) &&
	       !memcmp(a->len->data, b->len->data, a->len->len * sizeof(gsize)) &&
	       !memcmp(a->from_len->data, b->from_len->data, a->from_len->len * sizeof(gsize)) &&
	       !memcmp(a->index->data, b->index->data, a->index->len * sizeof(guint));
}

/* Split data at every byte (through a file, mapped, and through memory):
 * how many splits read differently from the whole; *splits counts the
 * ones that split at all. */
static int check_all(const char *path, const char *data, gsize len, int *splits)
{
	struct seq whole;
	struct mbox *mb;
	int bad = 0;

	g_file_set_contents(path, data, (gssize)len, NULL);
	seq_init(&whole);
	mbox_open(&mb, path, MBOX_RD, NULL);
	read_into(mb, &whole, 0);
	mbox_close(mb);
	for (gsize at = 0; at <= len + 1; at++)
		for (int mem = 0; mem < 2; mem++) {
			GBytes *bytes = g_bytes_new_static(data, len);
			struct seq got;
			struct mbox *b;

			if (mem)
				mbox_open_bytes(&mb, "mem", bytes, MBOX_RD);
			else
				mbox_open(&mb, path, MBOX_RD, NULL);
			g_bytes_unref(bytes);
			seq_init(&got);
			b = mbox_split_at(mb, at);
			read_into(mb, &got, 0);
			if (b) {
				(*splits)++;
				read_into(b, &got, mbox_count(mb));
				mbox_close(b);
			}
			bad += !same(&whole, &got);
			mbox_close(mb);
			seq_clear(&got);
		}
	seq_clear(&whole);
	return bad;
}

/* Random mailboxes of pieces that look like separators and are not. */
static char *random_box(GRand *r, gsize *len)
{
	static const char *const bits[] = {
		SEP, "From ", ">", ">From ", "\n", "\r\n", "x", "Subject: s\n", "\n\n",
		"From a@example.org Mon Jan  1 00:00:00 1970", "From the line\n",
	};
	GString *s = g_string_new(g_rand_boolean(r) ? SEP : "");
	int n = g_rand_int_range(r, 0, 40);

	for (int i = 0; i < n; i++)
		g_string_append(s, bits[g_rand_int_range(r, 0, G_N_ELEMENTS(bits))]);
	*len = s->len;
	return g_string_free(s, FALSE);
}

int main(int argc, char **argv)
{
	char *dir = g_dir_make_tmp("quill-test-mbox-split-XXXXXX", NULL);
	char *path = g_build_filename(dir, "box", NULL);

	unit_init(argc, argv);
	UNIT_CASE("fixed") {
		int bad = 0, splits = 0;

		for (gsize i = 0; i < G_N_ELEMENTS(inputs); i++)
			bad += check_all(path, inputs[i], strlen(inputs[i]), &splits);
		is_int(bad, 0, "every split of the fixed inputs reads as the whole");
		ok(splits > 100, "and many of them split");
	}
	UNIT_CASE("one-message") {
		struct mbox *mb;

		g_file_set_contents(path, SEP "Subject: a\n\nFrom here\n>From there\n", -1, NULL);
		mbox_open(&mb, path, MBOX_RD, NULL);
		ok(!mbox_split_at(mb, 10) && !mbox_split_at(mb, 0), "one message does not split");
		mbox_close(mb);
		g_file_set_contents(path, "Subject: a\n\nFrom here\n" SEP, -1, NULL);
		mbox_open(&mb, path, MBOX_RD, NULL);
		ok(!mbox_split_at(mb, 0), "nor does a file that is one message");
		mbox_close(mb);
	}
	UNIT_CASE("read-already") {
		struct mbox *mb;
		struct mbox_msg m;

		g_file_set_contents(path, SEP "S: a\n\n" SEP "S: b\n", -1, NULL);
		mbox_open(&mb, path, MBOX_RD, NULL);
		ok(mbox_split_at(mb, 1000) == NULL, "a split past the last separator is none");
		mbox_next(mb, &m, NULL);
		ok(!mbox_split_at(mb, 0), "an mbox read from does not split");
		is_int(mbox_count(mb), 1, "mbox_count counts what was handed out");
		mbox_close(mb);
	}
	UNIT_CASE("random") {
		GRand *r = g_rand_new_with_seed(11);
		int bad = 0, splits = 0;

		for (int i = 0; i < 300; i++) {
			gsize len;
			char *box = random_box(r, &len);
			bad += check_all(path, box, len, &splits);
			g_free(box);
		}
		is_int(bad, 0, "every split of 300 random mailboxes reads as the whole");
		ok(splits > 1000, "and many of them split");
		g_rand_free(r);
	}
	g_unlink(path);
	g_rmdir(dir);
	g_free(path);
	g_free(dir);
	return done_testing();
}
