/* html.c - escaping and links for the report's HTML. */
#include "report/html.h"

#include <string.h>

/* An ASCII byte html_escape leaves as it is: printable, not markup. */
static inline gboolean plain_byte(char c)
{
	return ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7f && c != '&' && c != '<' &&
		c != '>' && c != '"' && c != '\'') || c == '\n' || c == '\t';
}

void html_escape(GString *out, const char *s)
{
	const char *p = s;

	if (!s)
		return;
	while (*p) {
		gunichar c;
		const char *next, *run = p;

		/* a run of what stays as it is, at once */
		while (plain_byte(*p))
			p++;
		if (p > run)
			g_string_append_len(out, run, p - run);
		if (!*p)
			break;
		switch (*p) {
		case '&': g_string_append(out, "&amp;"); p++; continue;
		case '<': g_string_append(out, "&lt;"); p++; continue;
		case '>': g_string_append(out, "&gt;"); p++; continue;
		case '"': g_string_append(out, "&quot;"); p++; continue;
		case '\'': g_string_append(out, "&#39;"); p++; continue;
		default: break;
		}
		c = g_utf8_get_char_validated(p, -1);
		if (c == (gunichar)-1 || c == (gunichar)-2) {
			g_string_append(out, "\xef\xbf\xbd");
			p++;
			continue;
		}
		next = g_utf8_next_char(p);
		if (c < 0x20 || (c >= 0x7f && c < 0xa0))
			g_string_append(out, "\xef\xbf\xbd");
		else
			g_string_append_len(out, p, next - p);
		p = next;
	}
}

gboolean html_href_ok(const char *url)
{
	size_t n;

	if (!url || !*url)
		return FALSE;
	for (const char *p = url; *p; p++)
		if ((unsigned char)*p <= 0x20 || *p == 0x7f)
			return FALSE;
	n = strcspn(url, ":/?#");
	if (url[n] != ':')
		return TRUE;	/* relative */
	return (n == 4 && !g_ascii_strncasecmp(url, "http", 4) && !strncmp(url + 5, "//", 2)) ||
	       (n == 5 && !g_ascii_strncasecmp(url, "https", 5) && !strncmp(url + 6, "//", 2)) ||
	       (n == 6 && !g_ascii_strncasecmp(url, "mailto", 6));
}

void html_link(GString *out, const char *url, const char *text)
{
	if (!html_href_ok(url)) {
		html_escape(out, text);
		return;
	}
	g_string_append(out, "<a href=\"");
	html_escape(out, url);
	g_string_append(out, "\">");
	html_escape(out, text);
	g_string_append(out, "</a>");
}

void html_elem(GString *out, const char *tag, const char *cls, const char *text)
{
	if (cls)
		g_string_append_printf(out, "<%s class=\"%s\">", tag, cls);
	else
		g_string_append_printf(out, "<%s>", tag);
	html_escape(out, text);
	g_string_append_printf(out, "</%s>", tag);
}
