/* test-text.c - lib/core/text: control characters escaped. */
#include "core/text.h"
#include "unit.h"

#include <glib.h>

static void is_escaped(const char *in, const char *want, gboolean lines, const char *name)
{
	char *got = lines ? text_escape_lines(in) : text_escape(in);

	is_str(got, want, name);
	g_free(got);
}

/* text_utf8_valid says what g_utf8_validate_len says, for every piece of
 * UTF-8 and not-UTF-8 at every place and alignment in ASCII, and for
 * random bytes. */
static void test_utf8_valid(void)
{
	static const char *const piece[] = {
		"", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xc3", "\xe2\x82",
		"\xf0\x9f\x98", "\x80", "\xbf", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80",
		"\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80", "\xfe", "\xff", "\xc3\xa9\xc3",
		"\xc3\xa9" "a" "\xa9",
	};
	char buf[96];
	guint bad = 0, n = 0;

	for (guint k = 0; k < G_N_ELEMENTS(piece); k++)
		for (guint at = 0; at < 24; at++)
			for (guint len = at; len < 40; len += 3)
				for (guint off = 0; off < 8; off++) {
					char *s = buf + off;
					gsize pl = strlen(piece[k]), total = len + pl;

					memset(s, 'x', total);
					memcpy(s + at, piece[k], pl);
					bad += text_utf8_valid(s, total) != g_utf8_validate_len(s, total, NULL);
					n++;
				}
	for (guint i = 0; i < 24; i++) {
		/* a NUL anywhere: not valid, as GLib says */
		memset(buf, 'y', 24);
		buf[i] = 0;
		bad += text_utf8_valid(buf, 24) != g_utf8_validate_len(buf, 24, NULL);
		n++;
	}
	{
		GRand *r = g_rand_new_with_seed(14);

		for (guint i = 0; i < 20000; i++) {
			gsize len = (gsize)g_rand_int_range(r, 0, 64);

			for (gsize j = 0; j < len; j++)
				buf[j] = (char)(g_rand_boolean(r) ? g_rand_int_range(r, 0x20, 0x7f)
								  : g_rand_int_range(r, 0, 256));
			bad += text_utf8_valid(buf, len) != g_utf8_validate_len(buf, len, NULL);
			n++;
		}
		g_rand_free(r);
	}
	is_int(bad, 0, "text_utf8_valid: GLib's verdict on every input");
	ok(n > 20000, "many inputs tried");
	ok(!text_utf8_valid("caf\xc3\xa9\xc3", 7) && text_utf8_valid("caf\xc3\xa9 ok", 8),
	   "a cut sequence at the end is not valid; a whole one is");
}

int main(void)
{
	is_escaped("plain text, ünïcode", "plain text, ünïcode", FALSE, "text is left alone");
	is_escaped("a\033[31mb", "a\\033[31mb", FALSE, "ESC as \\033");
	is_escaped("a\nb\tc\rd", "a\\nb\\tc\\rd", FALSE, "newline, tab, CR by name");
	is_escaped("\x7f\x01", "\\177\\001", FALSE, "DEL and other C0 in octal");
	is_escaped("x\xc2\x9by", "x\\302\\233y", FALSE, "a C1 control (U+009B) in octal");
	is_escaped("\xff\xfe", "\xff\xfe", FALSE, "bytes that are not UTF-8 stay");
	is_escaped("a\tb\nc\033d\n", "a\tb\nc\\033d\n", TRUE, "a table keeps its tabs and lines");
	{
		static const char *const all[] = { "", "plain", "ünïcode", "a\033b", "a\nb", "\x7f",
						   "\x01", "x\xc2\x9by", "x\xc2\xa0y", "\xc2",
						   "\xff\xfe", "tab\there" };
		guint same = 0;

		for (guint i = 0; i < G_N_ELEMENTS(all); i++) {
			char *e = text_escape(all[i]);

			same += text_is_safe(all[i]) == !strcmp(e, all[i]);
			g_free(e);
		}
		is_int(same, G_N_ELEMENTS(all), "text_is_safe: exactly when text_escape changes nothing");
		ok(text_is_safe("plain") && !text_is_safe("x\xc2\x9by"), "and says so");
	}
	ok(text_escape(NULL) == NULL && text_escape_lines(NULL) == NULL, "NULL for NULL");
	test_utf8_valid();
	return done_testing();
}
