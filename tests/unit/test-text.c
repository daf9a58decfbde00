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
	return done_testing();
}
