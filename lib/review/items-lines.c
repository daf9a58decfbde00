/* items-lines.c - what one line of a reply is, for the item rules: a
 * trailer ("Key: value"), a person, a measurement, a row of a table. */
#include "review/items-lines.h"

#include <string.h>

static const char *trim_start(const char *s, const char *end)
{
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	return s;
}

static const char *trim_end(const char *s, const char *end)
{
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		end--;
	return end;
}

gboolean items_line_trailer(const char *s, gsize len, struct items_span *key,
			    struct items_span *value)
{
	const char *end = s + len, *k = trim_start(s, end), *ke = k, *v;

	while (ke < end && (g_ascii_isalnum(*ke) || *ke == '-'))
		ke++;
	if (ke == k || !g_ascii_isalpha(*k))
		return FALSE;
	v = trim_start(ke, end);
	if (v == end || *v != ':')
		return FALSE;
	v = trim_start(v + 1, end);
	end = trim_end(v, end);
	if (v == end)
		return FALSE;
	key->s = k;
	key->len = ke - k;
	value->s = v;
	value->len = end - v;
	return TRUE;
}

/* s[0..len) trimmed, without surrounding double quotes; NULL when empty. */
static char *clean_name(const char *s, const char *end)
{
	s = trim_start(s, end);
	end = trim_end(s, end);
	if (end - s >= 2 && *s == '"' && end[-1] == '"') {
		s++;
		end--;
	}
	return end > s ? g_strndup(s, end - s) : NULL;
}

void items_person_parse(struct items_person *p, const char *s, gsize len)
{
	const char *end = s + len, *lt = memchr(s, '<', len), *gt;

	p->name = p->addr = NULL;
	if (lt && (gt = memchr(lt, '>', end - lt))) {
		p->name = clean_name(s, lt);
		p->addr = clean_name(lt + 1, gt);
		return;
	}
	s = trim_start(s, end);
	end = trim_end(s, end);
	if (memchr(s, '@', end - s) && !memchr(s, ' ', end - s))
		p->addr = g_strndup(s, end - s);
	else
		p->name = clean_name(s, end);
}

void items_person_clear(struct items_person *p)
{
	g_free(p->name);
	g_free(p->addr);
	p->name = p->addr = NULL;
}

gboolean items_person_same(const struct items_person *a, const struct items_person *b)
{
	gboolean same;
	char *x, *y;

	if (a->addr && b->addr && !g_ascii_strcasecmp(a->addr, b->addr))
		return TRUE;
	if (!a->name || !b->name)
		return FALSE;
	x = g_utf8_casefold(a->name, -1);
	y = g_utf8_casefold(b->name, -1);
	same = !strcmp(x, y);
	g_free(x);
	g_free(y);
	return same;
}

/* ---- numbers ---- */

/* A number at s (sign, digits, a decimal point or comma and digits):
 * its end, or NULL. */
static const char *number_end(const char *s, const char *end)
{
	const char *d;

	if (s < end && (*s == '+' || *s == '-' || *s == '~'))
		s++;
	if (s == end || !g_ascii_isdigit(*s))
		return NULL;
	while (s < end && g_ascii_isdigit(*s))
		s++;
	while (s + 1 < end && (*s == '.' || *s == ',') && g_ascii_isdigit(s[1])) {
		for (d = s + 1; d < end && g_ascii_isdigit(*d); d++)
			;
		s = d;
	}
	return s;
}

/* Whether unit[0..len) is one of the units (ignoring ASCII case). */
static gboolean is_unit(const GPtrArray *units, const char *u, gsize len)
{
	for (guint i = 0; units && i < units->len; i++) {
		const char *x = g_ptr_array_index(units, i);

		if (strlen(x) == len && !g_ascii_strncasecmp(x, u, len))
			return TRUE;
	}
	return FALSE;
}

/* A number and a unit at s (white space before the unit allowed). */
static gboolean value_with_unit(const GPtrArray *units, const char *s, const char *end)
{
	const char *n = number_end(s, end), *u, *ue;

	if (!n)
		return FALSE;
	u = trim_start(n, end);
	for (ue = u; ue < end && *ue != ' ' && *ue != '\t' && !strchr(",;()[]", *ue); ue++)
		;
	while (ue > u && strchr(".:", ue[-1]))
		ue--;
	return ue > u && is_unit(units, u, ue - u);
}

gboolean items_line_measurement(const GPtrArray *units, const char *s, gsize len)
{
	const char *end = s + len, *k = trim_start(s, end);

	for (const char *c = k; c < end; c++) {
		gboolean letter = FALSE;

		if (*c != ':')
			continue;
		if (c == k || c - k > 60 || (end - c > 2 && c[1] == '/' && c[2] == '/'))
			continue;
		for (const char *x = k; x < c && !letter; x++)
			letter = g_ascii_isalpha(*x);
		if (letter && value_with_unit(units, trim_start(c + 1, end), end))
			return TRUE;
	}
	return FALSE;
}

/* A cell of a table: a number, maybe with a short unit glued on. */
static gboolean numeric_cell(const char *s, const char *end)
{
	const char *n = number_end(s, end);

	if (!n)
		return FALSE;
	if (n < end && *n == '%')
		n++;
	for (int i = 0; n < end && i < 6 && (g_ascii_isalpha(*n) || *n == '/'); i++)
		n++;
	return n == end;
}

gboolean items_line_table_row(const char *s, gsize len)
{
	const char *end = s + len, *c = s;
	guint cells = 0, numbers = 0;

	while (c < end) {
		const char *w;

		while (c < end && strchr(" \t|", *c))
			c++;
		if (c == end)
			break;
		for (w = c; w < end && !strchr(" \t|", *w); w++)
			;
		cells++;
		numbers += numeric_cell(c, w);
		c = w;
	}
	return numbers >= 2 && numbers * 2 >= cells;
}

gboolean items_line_columns(const char *s, gsize len)
{
	const char *end = trim_end(s, s + len), *c = trim_start(s, end);
	guint gaps = 0;

	for (; c < end; c++)
		if (*c == '\t' || *c == '|' || (*c == ' ' && c + 1 < end && c[1] == ' ')) {
			gaps++;
			while (c + 1 < end && strchr(" \t|", c[1]))
				c++;
		}
	return gaps >= 1;
}
