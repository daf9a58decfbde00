/* text.c - text from outside made safe to show (see text.h). */
#include "core/text.h"

#include <string.h>

/* s escaped into out, but for the control characters in `keep`. */
static void append(GString *out, const char *s, const char *keep)
{
	const unsigned char *p = (const unsigned char *)s, *run = p;

	for (; *p; p++) {
		int c1 = p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f;	/* U+0080..U+009F */

		if ((*p >= 0x20 && *p != 0x7f && !c1) || (*p && strchr(keep, *p)))
			continue;
		g_string_append_len(out, (const char *)run, (const char *)p - (const char *)run);
		switch (*p) {
		case '\t': g_string_append(out, "\\t"); break;
		case '\n': g_string_append(out, "\\n"); break;
		case '\r': g_string_append(out, "\\r"); break;
		default:
			if (c1) {
				g_string_append_printf(out, "\\%03o\\%03o", p[0], p[1]);
				p++;
			} else {
				g_string_append_printf(out, "\\%03o", *p);
			}
		}
		run = p + 1;
	}
	g_string_append_len(out, (const char *)run, (const char *)p - (const char *)run);
}

gboolean text_is_safe(const char *s)
{
	/* the bytes that need a second look: the C0 controls (NUL ends s),
	 * DEL, and 0xc2, which may start a C1 control */
	static const guint8 stop[256] = { [0 ... 0x1f] = 1, [0x7f] = 1, [0xc2] = 1 };
	const unsigned char *p = (const unsigned char *)s;

	for (;; p++) {
		while (!stop[*p])
			p++;
		if (!*p)
			return TRUE;
		if (*p < 0x20 || *p == 0x7f || (p[1] >= 0x80 && p[1] <= 0x9f))
			return FALSE;
	}
}

void text_append_escaped(GString *out, const char *s)
{
	append(out, s, "");
}

char *text_escape(const char *s)
{
	GString *out;

	if (!s)
		return NULL;
	out = g_string_sized_new(strlen(s));
	text_append_escaped(out, s);
	return g_string_free(out, FALSE);
}

char *text_escape_lines(const char *s)
{
	GString *out;

	if (!s)
		return NULL;
	out = g_string_sized_new(strlen(s));
	append(out, s, "\n\t");
	return g_string_free(out, FALSE);
}

#define ONES G_GUINT64_CONSTANT(0x0101010101010101)
#define HIGHS G_GUINT64_CONSTANT(0x8080808080808080)

/* Hand-written: the reply bodies of review scan are checked whole, and
 * GLib's validator takes a byte at a time (a sixth of the scan's
 * instructions). */
gboolean text_utf8_valid(const char *s, gsize n)
{
	const char *p = s, *end = s + n;

	while (p < end) {
		const char *q;

		/* eight bytes at a time while all are ASCII and none is NUL */
		while (end - p >= 8) {
			guint64 w;

			memcpy(&w, p, 8);
			if ((w | ((w - ONES) & ~w)) & HIGHS)
				break;
			p += 8;
		}
		if (p == end)
			break;
		if (!(*p & 0x80)) {
			if (!*p)
				return FALSE;
			p++;
			continue;
		}
		for (q = p; q < end && (*q & 0x80); q++)
			;
		if (!g_utf8_validate_len(p, (gsize)(q - p), NULL))
			return FALSE;
		p = q;
	}
	return TRUE;
}
