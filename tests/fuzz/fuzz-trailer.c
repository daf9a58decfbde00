/* fuzz-trailer.c - lib/trailer's block finder and item iterator: any bytes
 * as a commit message, under several option sets; offsets must stay inside
 * the message, items must tile the block, values must come out trimmed and
 * unfolded.
 *
 * libFuzzer: clang -fsanitize=fuzzer,address,undefined -Ilib
 *            tests/fuzz/fuzz-trailer.c lib/trailer.c
 * As the other targets: fuzz_trailer_init()/fuzz_trailer_one(), and the
 * entry points unless FUZZ_NO_ENTRY is defined (seeds: corpus/trailer/).
 *
 * Facts: items=A/B/C/D, the items of the block found under each option set
 * in turn (0 when none is found; the first is git's defaults).
 */
#include "fuzz.h"
#include "mail/trailer.h"

static int fuzz_trailer_ws(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void fuzz_trailer_init(void)
{
}

/* The items of the block found (0 when none). */
static size_t fuzz_trailer_check(const char *d, size_t size, const struct trailer_opts *o)
{
	struct trailer_block b;
	struct trailer_iter it;
	struct trailer_item item;
	struct trailer_shown sh;
	bool found = trailer_block_find(d, size, o, &b);
	size_t pos, items = 0;

	FUZZ_CHECK(b.msg_end <= size);
	FUZZ_CHECK(!memchr(d, '\0', b.msg_end));
	FUZZ_CHECK(b.start <= b.end && b.end <= b.msg_end);
	FUZZ_CHECK(found == (b.start < b.end));
	if (!found) {
		FUZZ_CHECK(b.start == b.msg_end && b.end == b.msg_end);
		return 0;
	}
	/* whole lines, after a blank line */
	FUZZ_CHECK(b.start > 0 && d[b.start - 1] == '\n');
	FUZZ_CHECK(b.end == b.msg_end || d[b.end - 1] == '\n');

	trailer_iter_init(&it, d, &b, o);
	pos = b.start;
	while (trailer_iter_next(&it, &item)) {
		const char *v = item.value;

		items++;
		FUZZ_CHECK(item.start == pos && item.end > item.start && item.end <= b.end);
		pos = item.end;
		FUZZ_CHECK(item.value_len <= item.end - item.start);
		FUZZ_CHECK((v >= d + item.start && v + item.value_len <= d + item.end) ||
			   (it.buf && v == it.buf && item.value_len <= it.bufsize));
		if (item.kind != TRAILER_TRAILER) {
			FUZZ_CHECK(item.key_start == item.key_end);
			FUZZ_CHECK(!trailer_shown(d, &item, o, &sh));
			continue;
		}
		FUZZ_CHECK(item.start <= item.key_start && item.key_start < item.key_end);
		FUZZ_CHECK(item.key_end <= item.sep && item.sep < item.end);
		FUZZ_CHECK(!fuzz_trailer_ws(d[item.key_start]) && !fuzz_trailer_ws(d[item.key_end - 1]));
		FUZZ_CHECK(strchr(o->separators ? o->separators : ":", d[item.sep]));
		FUZZ_CHECK(!memchr(v, '\n', item.value_len));
		if (item.value_len)
			FUZZ_CHECK(!fuzz_trailer_ws(v[0]) && !fuzz_trailer_ws(v[item.value_len - 1]));
		FUZZ_CHECK(!item.conf || (item.conf >= o->conf && item.conf < o->conf + o->nconf));
		if (trailer_shown(d, &item, o, &sh)) {
			FUZZ_CHECK(sh.token && sh.token_len > 0);
			FUZZ_CHECK(!o->trim_empty || item.value_len > 0);
		}
	}
	FUZZ_CHECK(pos == b.end && items > 0);
	trailer_iter_done(&it);
	return items;
}

static int fuzz_trailer_one(const uint8_t *data, size_t size)
{
	static const struct trailer_conf conf[] = {
		{ "ack", "Acked-by= " }, { "my", "My-trailer: " }, { "rev", NULL }, { "e", "" },
	};
	const struct trailer_opts opts[] = {
		{ 0 },
		{ .no_divider = true, .trim_empty = true },
		{ .comment = ";", .separators = ":=#", .conf = conf, .nconf = 4 },
		{ .comment = "//", .separators = "%\n", .conf = conf, .nconf = 2, .no_divider = true },
	};
	/* a copy of exactly `size` bytes, so that reading past it is caught */
	char *d = malloc(size ? size : 1);
	GString *items = g_string_new(NULL);

	if (!d)
		return 0;
	memcpy(d, data, size);
	for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		g_string_append_printf(items, "%s%zu", i ? "/" : "",
				       fuzz_trailer_check(d, size, &opts[i]));
	fuzz_fact_str("items", items->str);
	g_string_free(items, TRUE);
	free(d);
	return 0;
}

FUZZ_ENTRY(trailer)
