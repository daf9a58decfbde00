/* test-recipients-list.c - lib/series/recipients-list: the stored
 * recipients list read back, and refused naming the line. */
#include "series/recipients-private.h"
#include "unit.h"

#include <gmime/gmime.h>

#define PID1 "0123456789abcdef0123456789abcdef01234567"
#define PID2 "89abcdef0123456789abcdef0123456789abcdef"

static void refused(const char *text, const char *want, const char *name)
{
	GError *e = NULL;
	struct rcpt_stored *st = rcpt_stored_parse(text, &e);

	ok(st == NULL, name);
	is_str(e ? e->message : "(no error)", want, name);
	g_clear_error(&e);
	rcpt_stored_free(st);
}

int main(void)
{
	GError *e = NULL;
	struct rcpt_stored *st;
	struct rcpt_block *b;

	g_mime_init();
	st = rcpt_stored_parse("# a comment\n[cover]\nTo: A <a@example.org>\n  cc:  b@example.org  \n"
			       "\n[patch 1 " PID1 "] zone: one\nCc: C <c@example.org>\nTo:\n"
			       "[patch 2 " PID2 "]\r\n", &e);
	ok(st != NULL, "a list reads");
	if (!st)
		return done_testing();
	ok(st->cover && st->cover->to->len == 1 && st->cover->cc->len == 1, "cover: one To, one Cc");
	is_str(g_ptr_array_index(st->cover->cc, 0), "b@example.org", "blanks trimmed, cc: any case");
	b = g_hash_table_lookup(st->by_patch_id, PID1);
	ok(b && b->line == 6 && b->to->len == 0 && b->cc->len == 1, "patch 1 by patch-id; empty To: skipped");
	b = g_hash_table_lookup(st->by_patch_id, PID2);
	ok(b && b->to->len == 0 && b->cc->len == 0, "an empty block, CRLF heading");
	is_int(st->blocks->len, 3, "three blocks");
	rcpt_stored_free(st);

	refused("To: a@example.org\n", "line 1: a To: line before any [cover] or [patch ...] heading",
		"an address before a heading");
	refused("[cover]\nBcc: a@example.org\n", "line 2: neither a heading nor a To: or Cc: line",
		"Bcc is not a line of the list");
	refused("[cover]\n[cover]\n", "line 2: a second [cover] block (the first is on line 1)",
		"two covers");
	refused("[patch 1 " PID1 "]\n\n[patch 2 " PID1 "]\n",
		"line 3: a second block for patch-id 0123456789ab (the first is on line 1)",
		"one patch-id twice");
	refused("[patch one " PID1 "]\n", "line 1: not a [cover] or [patch N PATCH-ID] heading",
		"a heading without a number");
	refused("[patch 1 0123]\n", "line 1: not a [cover] or [patch N PATCH-ID] heading",
		"a short patch-id");
	refused("[cover]\nTo: a@example.org, b@example.org\n",
		"line 2: 'a@example.org, b@example.org' is not one address: it is a list: give one "
		"address each time", "two addresses on one line");
	return done_testing();
}
