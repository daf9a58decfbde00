/* test-trailer.c - lib/trailer: the block finder's offsets and the items. */
#include "mail/trailer.h"
#include "unit.h"

#include <stdlib.h>

static const struct trailer_opts plain = { 0 };

/* The block of msg as "start,end" (or "none,msg_end"), for one-line checks. */
static const char *block(const char *msg, size_t len, const struct trailer_opts *o)
{
	static char out[64];
	struct trailer_block b;

	if (trailer_block_find(msg, len, o, &b))
		snprintf(out, sizeof(out), "%zu,%zu", b.start, b.end);
	else
		snprintf(out, sizeof(out), "none,%zu", b.msg_end);
	return out;
}

#define BLOCK(msg, o) block((msg), sizeof(msg) - 1, (o))

/* The items of msg, one per line: kind, [start,end), key, value. */
static const char *items(const char *msg, size_t len, const struct trailer_opts *o)
{
	static char out[2048];
	struct trailer_block b;
	struct trailer_iter it;
	struct trailer_item item;
	size_t n = 0;

	out[0] = '\0';
	trailer_block_find(msg, len, o, &b);
	trailer_iter_init(&it, msg, &b, o);
	while (trailer_iter_next(&it, &item) && n < sizeof(out) - 200)
		n += (size_t)snprintf(out + n, sizeof(out) - n, "%c %zu-%zu [%.*s] [%.*s]\n",
				      "TOC"[item.kind], item.start, item.end,
				      (int)(item.key_end - item.key_start), msg + item.key_start,
				      (int)item.value_len, item.value);
	trailer_iter_done(&it);
	return out;
}

#define ITEMS(msg, o) items((msg), sizeof(msg) - 1, (o))

static void test_block(void)
{
	struct trailer_opts nodiv = { .no_divider = true };
	struct trailer_opts semi = { .comment = ";;" };

	/* "Title\n\n" is 7 bytes: the block starts after it */
	is_str(BLOCK("Title\n\nSigned-off-by: A <a@x>\n", &plain), "7,30", "one trailer");
	is_str(BLOCK("Title\n\nbody\n\nA: b\nC: d\n", &plain), "13,23", "after the body");
	is_str(BLOCK("Title\nA: b\n", &plain), "none,11", "the title never holds trailers");
	is_str(BLOCK("", &plain), "none,0", "empty message");
	is_str(BLOCK("\nA: b\n", &plain), "1,6", "a leading blank line: no title");
	is_str(BLOCK("Title\n\nA: b\nnot one\n", &plain), "none,20", "half trailers, none git's");
	is_str(BLOCK("Title\n\nA: b\nx\ny\nz\nSigned-off-by: s\n", &plain), "7,35",
	       "25%: 2 trailers, 3 other lines, one recognised");
	is_str(BLOCK("Title\n\nu\nv\nx\ny\nz\nw\nA: b\nSigned-off-by: s\n", &plain), "7,41",
	       "25% exactly: 2 trailers, 6 other lines");
	is_str(BLOCK("Title\n\nt\nu\nv\nx\ny\nz\nw\nA: b\nSigned-off-by: s\n", &plain), "none,43",
	       "under 25%: 2 trailers, 7 other lines");
	is_str(BLOCK("Title\n\nA: b\n---\nC: d\n", &plain), "7,12", "the divider ends the message");
	is_str(BLOCK("Title\n\nA: b\n---\nC: d\n", &nodiv), "none,21",
	       "--no-divider: the --- line is an other line");
	is_str(BLOCK("Title\n\nA: b\n------\n\nC: d\n", &plain), "20,25",
	       "------ is no divider");
	is_str(BLOCK("Title\n\nA: b\n---", &plain), "none,15",
	       "--- at the very end (no newline) is no divider");
	is_str(BLOCK("Title\n\nA: b\n\n# a\n\n#b\n", &plain), "7,12",
	       "trailing comment and blank lines are dropped");
	is_str(BLOCK("Title\n\nA: b\n# ------------------------ >8 ------------------------\nC: d\n",
		     &plain), "7,12", "the cut line ends the message");
	is_str(BLOCK("Title\n\nA: b\n;; ------------------------ >8 ------------------------\n\nC: d\n",
		     &semi), "7,12", "a cut line with a comment string");
	is_str(BLOCK("Title\n\nA: b\n\nConflicts:\n\tx.c\n# y\n", &plain), "7,12",
	       "an old Conflicts: block is dropped");
	is_str(BLOCK("Title\r\n\r\nA: b\r\n", &plain), "9,15", "CRLF");
	is_str(BLOCK("Title\n\nA: b\n\0\nC: d\n", &plain), "7,12", "the message ends at a NUL");
	is_str(BLOCK("Title\n\nA: b\n \n", &plain), "7,14", "a whitespace line stays in the block");
}

static void test_conf(void)
{
	struct trailer_conf keys[] = { { "ack", "Acked-by= " } };
	struct trailer_opts o = { .separators = ":=", .conf = keys, .nconf = 1 };
	struct trailer_opts p = { .conf = keys, .nconf = 1 };
	const char *m = "Title\n\nb\n\nx\ny\nz\nAcked-by= Ann\n";

	is_str(block(m, strlen(m), &plain), "none,30", "an unknown separator: no block");
	is_str(block(m, strlen(m), &o), "10,30", "a configured key is recognised");
	m = "Title\n\nx\ny\nz\nA: q\n";
	is_str(block(m, strlen(m), &p), "7,18", "a token that is a prefix of the key matches");
	m = "Title\n\nx\ny\nz\nAckz: q\n";
	is_str(block(m, strlen(m), &p), "none,21", "a token longer than the alias does not");
}

static void test_items(void)
{
	struct trailer_conf keys[] = { { "my", "My-trailer: " }, { "rev", "Reviewed-by:" } };
	struct trailer_opts o = { .conf = keys, .nconf = 2 };
	struct trailer_opts pct = { .separators = "%=" };
	struct trailer_shown sh;
	struct trailer_block b;
	struct trailer_iter it;
	struct trailer_item item;
	const char *m;

	is_str(ITEMS("T\n\nFixes: abc (\"x\n  y\")\nSigned-off-by: A\n", &plain),
	       "T 3-24 [Fixes] [abc (\"x y\")]\nT 24-41 [Signed-off-by] [A]\n",
	       "a continuation line is joined with one space; offsets span both lines");
	is_str(ITEMS("T\n\nKey :  v  \n\tw\n", &plain), "T 3-17 [Key] [v   w]\n",
	       "key and value trimmed; the space before a fold kept");
	is_str(ITEMS("T\n\nA: b\n# note\n c\nSigned-off-by: s\n", &plain),
	       "T 3-8 [A] [b]\nC 8-15 [] [# note]\nO 15-18 [] [ c]\nT 18-35 [Signed-off-by] [s]\n",
	       "a comment breaks a fold; the indented line after it is another item");
	is_str(ITEMS("T\r\n\r\nA: b\r\n c\r\n", &plain), "T 5-15 [A] [b\r c]\n",
	       "CRLF: the CR before a fold stays");
	is_str(ITEMS("T\n\nA% b\nC= d\n", &pct), "T 3-8 [A] [b]\nT 8-13 [C] [d]\n",
	       "configured separators");
	is_str(ITEMS("T\n\nA: b", &plain), "T 3-7 [A] [b]\n", "no final newline");

	m = "T\n\nmy: one\nREV: two\nOther: three\n";
	trailer_block_find(m, strlen(m), &o, &b);
	trailer_iter_init(&it, m, &b, &o);
	ok(trailer_iter_next(&it, &item) && item.conf == &keys[0], "the alias matches");
	ok(trailer_shown(m, &item, &o, &sh) && sh.sep == 0 &&
	   sh.token_len == strlen("My-trailer: ") && !strncmp(sh.token, "My-trailer: ", sh.token_len),
	   "shown with the configured key, which ends in a separator");
	ok(trailer_iter_next(&it, &item) && item.conf == &keys[1], "the key matches, any case");
	ok(trailer_shown(m, &item, &o, &sh) && sh.sep == 0, "'Reviewed-by:' needs no separator added");
	ok(trailer_iter_next(&it, &item) && !item.conf && trailer_shown(m, &item, &o, &sh) &&
	   sh.sep == ':' && sh.token == m + item.key_start, "an unconfigured token as written, ': '");
	ok(!trailer_iter_next(&it, &item), "three items");

	m = "T\n\nA:\nB: x\n";
	trailer_block_find(m, strlen(m), &plain, &b);
	trailer_iter_reuse(&it, m, &b);
	ok(trailer_iter_next(&it, &item) && item.value_len == 0 &&
	   trailer_shown(m, &item, &plain, &sh), "an empty value is shown");
	{
		struct trailer_opts trim = { .trim_empty = true };
		ok(!trailer_shown(m, &item, &trim, &sh), "but not under trim_empty");
	}
	trailer_iter_done(&it);
}

int main(int argc, char **argv)
{
	unit_init(argc, argv);
	UNIT_CASE("block")
		test_block();
	UNIT_CASE("conf")
		test_conf();
	UNIT_CASE("items")
		test_items();
	return done_testing();
}
