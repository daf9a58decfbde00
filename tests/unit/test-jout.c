/* test-jout.c - the streaming JSON writer of the printer layer
 * (cmd/output-json.c): its strings byte for byte what jansson writes, for
 * every kind of byte at every place and alignment, and a string that ends
 * at the last byte of a page before an unreadable one read safely. */
#include "unit.h"
#include "../../cmd/output-json.c"

#include <jansson.h>
#include <sys/mman.h>
#include <unistd.h>

/* What jansson writes for the (valid UTF-8) string s. */
static char *jansson_says(const char *s)
{
	json_t *j = json_string(s);
	char *d = json_dumps(j, JSON_ENCODE_ANY);
	char *out = g_strdup(d);

	free(d);
	json_decref(j);
	return out;
}

/* jout_string (text: jout_text) of s, as written. */
static char *jout_says(const char *s, gboolean text)
{
	struct jout *o = jout_new_mem();
	GString *g;

	if (text)
		jout_text(o, s);
	else
		jout_string(o, s);
	g = jout_take(o);
	return g_string_free(g, FALSE);
}

/* Every string of a plain run of `len` bytes with `odd` at position `at`,
 * placed at each of 32 offsets: the same as jansson's. */
static guint sweep(const char *odd, gboolean text)
{
	char *buf = g_malloc(256);
	guint bad = 0;

	for (guint len = 0; len <= 40; len++)
		for (guint at = 0; at <= len; at++)
			for (guint off = 0; off < 32; off++) {
				char *s = buf + off, *want, *got, *valid;

				/* before s, bytes that would stop a scan that
				 * looked at them; in s, at plain bytes, odd,
				 * then the rest of len */
				memset(buf, '"', off);
				memset(s, 'a' + (char)(at % 26), at);
				strcpy(s + at, odd);
				memset(s + at + strlen(odd), 'b', len - at);
				s[len + strlen(odd)] = 0;
				valid = g_utf8_make_valid(s, -1);
				want = jansson_says(valid);
				got = jout_says(s, text);
				if (strcmp(want, got)) {
					if (!bad)
						printf("# %s: want %s, got %s\n", text ? "text" : "string",
						       want, got);
					bad++;
				}
				g_free(want);
				g_free(got);
				g_free(valid);
			}
	g_free(buf);
	return bad;
}

int main(void)
{
	static const char *const odd[] = { "", "\"", "\\", "\n", "\t", "\x01", "\x1f", "\x7f",
					   "\xc3\xa9", "\xe2\x82\xac", "/" };
	long page = sysconf(_SC_PAGESIZE);
	char *map;
	guint bad = 0, tbad = 0;

	for (guint i = 0; i < G_N_ELEMENTS(odd); i++) {
		bad += sweep(odd[i], FALSE);
		tbad += sweep(odd[i], TRUE);
	}
	is_int(bad, 0, "jout_string: as jansson writes it, every byte at every place and alignment");
	is_int(tbad, 0, "jout_text: the same");
	/* invalid UTF-8: jout_text makes it valid as g_utf8_make_valid does */
	for (guint i = 0; i < 2; i++) {
		char *got = jout_says(i ? "caf\xe9 ok" : "\xff", TRUE);
		char *valid = g_utf8_make_valid(i ? "caf\xe9 ok" : "\xff", -1);
		char *want = jansson_says(valid);

		is_str(got, want, i ? "invalid UTF-8 inside: made valid" : "a lone 0xff: made valid");
		g_free(got);
		g_free(valid);
		g_free(want);
	}
	{
		char *null = jout_says(NULL, FALSE);

		is_str(null, "null", "NULL is null");
		g_free(null);
	}
	{
		static const gint64 n[] = { 0, 7, -7, 10, 4096, -100000, G_MAXINT64, G_MININT64 };
		struct jout *o = jout_new_mem();
		GString *want = g_string_new(NULL), *got;

		for (guint i = 0; i < G_N_ELEMENTS(n); i++) {
			jout_int(o, n[i]);
			JOUT_LIT(o, " ");
			g_string_append_printf(want, "%" G_GINT64_FORMAT " ", n[i]);
		}
		jout_uint(o, 0);
		jout_uint(o, G_MAXUINT);
		g_string_append_printf(want, "0%u", G_MAXUINT);
		got = jout_take(o);
		is_str(got->str, want->str, "numbers as printf writes them, the extremes too");
		g_string_free(got, TRUE);
		g_string_free(want, TRUE);
	}
	/* a string whose NUL is the last byte of a page, the next page
	 * unreadable: the scan must not read past it */
	map = mmap(NULL, (size_t)page * 2, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map != MAP_FAILED && mprotect(map + page, (size_t)page, PROT_NONE) == 0) {
		bad = 0;
		for (guint len = 0; len < 40; len++) {
			char *s = map + page - 1 - len, *got;

			memset(s, 'x', len);
			s[len] = 0;
			got = jout_says(s, TRUE);
			bad += strlen(got) != len + 2;
			g_free(got);
		}
		is_int(bad, 0, "strings that end at a page's end: read no further");
	} else {
		ok(1, "# SKIP no mmap/mprotect");
	}
	return done_testing();
}
