/* collect-given.c - the trailers a reply gives in its own words: its OWN
 * and TRAILER lines only (never quoted, never the signature or a patch),
 * with an HTML-only body turned into lines first; and the comparisons the
 * collection needs (people, duplicates). */
#include "review/collect-private.h"

#include <string.h>

/* ---- an HTML-only reply read as text ---- */

static const struct {
	const char *name;
	const char *text;
} entities[] = {
	{ "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" }, { "apos", "'" },
	{ "nbsp", " " }, { "#39", "'" }, { "#64", "@" },
};

/* The tag at s (after '<'): its name lower-cased into name[], closing set. */
static void tag_name(const char *s, const char *end, char *name, gsize size, gboolean *closing)
{
	gsize n = 0;

	*closing = s < end && *s == '/';
	if (*closing)
		s++;
	while (s < end && n + 1 < size && g_ascii_isalnum(*s))
		name[n++] = g_ascii_tolower(*s++);
	name[n] = '\0';
}

static gboolean is_block(const char *name)
{
	static const char *const blocks[] = { "br", "p", "div", "li", "tr", "blockquote", "pre" };

	for (gsize i = 0; i < G_N_ELEMENTS(blocks); i++)
		if (!strcmp(name, blocks[i]))
			return TRUE;
	return FALSE;
}

/* The text of an HTML body: tags dropped, a line break at each block,
 * entities undone, what is inside <blockquote> quoted with "> " per level
 * (caller owns). */
char *collect_html_text(const char *html, gsize len)
{
	GString *out = g_string_new(NULL);
	const char *s = html, *end = html + len;
	int depth = 0, skip = 0;
	gboolean bol = TRUE;

	while (s < end) {
		if (*s == '<') {
			const char *close = memchr(s, '>', (gsize)(end - s));
			char name[16];
			gboolean closing;

			if (!close)
				break;
			tag_name(s + 1, close, name, sizeof(name), &closing);
			if (!strcmp(name, "style") || !strcmp(name, "script") || !strcmp(name, "head"))
				skip += closing ? -1 : 1;
			if (!strcmp(name, "blockquote"))
				depth += closing ? -1 : 1;
			if (depth < 0)
				depth = 0;
			if (is_block(name) && !bol) {
				g_string_append_c(out, '\n');
				bol = TRUE;
			}
			s = close + 1;
			continue;
		}
		if (skip > 0) {
			s++;
			continue;
		}
		if (*s == '\n' || *s == '\r') {
			if (!bol)
				g_string_append_c(out, '\n');
			bol = TRUE;
			s++;
			continue;
		}
		if (bol) {
			for (int i = 0; i < depth; i++)
				g_string_append(out, "> ");
			bol = FALSE;
		}
		if (*s == '&') {
			const char *semi = memchr(s, ';', (gsize)MIN(end - s, 8));
			gsize i;

			for (i = 0; semi && i < G_N_ELEMENTS(entities); i++)
				if ((gsize)(semi - s - 1) == strlen(entities[i].name) &&
				    !strncmp(s + 1, entities[i].name, (gsize)(semi - s - 1)))
					break;
			if (semi && i < G_N_ELEMENTS(entities)) {
				g_string_append(out, entities[i].text);
				s = semi + 1;
				continue;
			}
		}
		g_string_append_c(out, *s++);
	}
	if (!bol)
		g_string_append_c(out, '\n');
	return g_string_free(out, FALSE);
}

/* ---- the trailers of a reply ---- */

static const char *const default_keys[] = {
	"Reviewed-by", "Acked-by", "Tested-by", "Reported-by", "Suggested-by", NULL
};

const char *const *collect_keys(const char *const *keys)
{
	return keys ? keys : default_keys;
}

/* "Key: value" when line[0..len) is a trailer with one of keys (caller
 * owns), else NULL. */
static char *given_line(const char *line, gsize len, const char *const *keys)
{
	for (const char *const *k = keys; *k; k++) {
		gsize kn = strlen(*k);
		const char *v;
		char *value, *s;

		if (len <= kn || g_ascii_strncasecmp(line, *k, kn))
			continue;
		v = line + kn;
		while (v < line + len && (*v == ' ' || *v == '\t'))
			v++;
		if (v >= line + len || *v != ':')
			continue;
		value = g_strstrip(g_strndup(v + 1, (gsize)(line + len - v - 1)));
		if (!*value || !g_ascii_strcasecmp(*k, "Nacked-by")) {
			g_free(value);
			return NULL;
		}
		s = g_strdup_printf("%.*s: %s", (int)kn, line, value);
		g_free(value);
		return s;
	}
	return NULL;
}

static void given_from(GPtrArray *out, const char *text, GArray *lines, const char *const *keys)
{
	for (guint i = 0; i < lines->len; i++) {
		const struct message_line *l = &g_array_index(lines, struct message_line, i);
		const char *p = text + l->offset;
		gsize n = l->len;
		char *t;

		if (l->kind != MESSAGE_LINE_OWN && l->kind != MESSAGE_LINE_TRAILER)
			continue;
		while (n && (*p == ' ' || *p == '\t'))
			p++, n--;
		if ((t = given_line(p, n, keys)))
			g_ptr_array_add(out, t);
	}
}

GPtrArray *collect_given(const struct message_body *b, const char *const *keys)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);

	if (b->html) {
		char *text = collect_html_text(b->text, b->text_len);
		GArray *lines = message_classify_lines(text, strlen(text));

		given_from(out, text, lines, keys);
		g_array_unref(lines);
		g_free(text);
	} else if (b->lines) {
		given_from(out, b->text, b->lines, keys);
	} else {
		GArray *lines = message_classify_lines(b->text, b->text_len);

		given_from(out, b->text, lines, keys);
		g_array_unref(lines);
	}
	return out;
}

/* ---- people ---- */

/* "Name <addr>", "\"Name\" <addr>", "addr", "addr (Name)": the name (the
 * whole text before the address, quotes undone: a comma or parentheses
 * inside are part of it) and the address, each "" when there is none
 * (caller owns both). */
void collect_person(const char *s, char **name, char **addr)
{
	const char *lt, *gt;
	char *n;

	while (*s == ' ' || *s == '\t')
		s++;
	lt = strrchr(s, '<');
	gt = lt ? strchr(lt, '>') : NULL;

	if (lt && gt) {
		n = g_strstrip(g_strndup(s, (gsize)(lt - s)));
		*addr = g_strstrip(g_strndup(lt + 1, (gsize)(gt - lt - 1)));
	} else {
		const char *sp = strpbrk(s, " \t(");

		*addr = g_strstrip(g_strndup(s, sp ? (gsize)(sp - s) : strlen(s)));
		n = g_strdup(sp ? sp : "");
		g_strstrip(n);
		if (*n == '(' && n[strlen(n) - 1] == ')') {
			char *in = g_strndup(n + 1, strlen(n) - 2);
			g_free(n);
			n = in;
		}
		if (!strchr(*addr, '@')) {
			g_free(*addr);
			*addr = g_strdup("");
		}
	}
	if (*n == '"' && strlen(n) >= 2 && n[strlen(n) - 1] == '"') {
		GString *u = g_string_new(NULL);

		for (const char *p = n + 1; p < n + strlen(n) - 1; p++) {
			if (*p == '\\' && p[1])
				p++;
			g_string_append_c(u, *p);
		}
		g_free(n);
		n = g_string_free(u, FALSE);
	}
	*name = n;
}

/* Names equal: case-insensitive, blanks runs as one. */
static gboolean same_name(const char *a, const char *b)
{
	char *x, *y;
	gboolean same;

	if (!*a || !*b)
		return FALSE;
	x = g_utf8_casefold(a, -1);
	y = g_utf8_casefold(b, -1);
	same = !strcmp(g_strdelimit(x, "\t", ' '), g_strdelimit(y, "\t", ' '));
	g_free(x);
	g_free(y);
	return same;
}

gboolean collect_sender_ok(const git_mailmap *mm, const char *trailer, const char *from)
{
	const char *value = strchr(trailer, ':');
	char *tn, *ta, *fn, *fa;
	gboolean ok = FALSE;

	if (!value || !from)
		return FALSE;
	collect_person(value + 1, &tn, &ta);
	collect_person(from, &fn, &fa);
	if (*ta && *fa) {
		char *tb = ident_email_base(ta), *fb = ident_email_base(fa);

		ok = !g_ascii_strcasecmp(tb, fb) || ident_same_person(mm, tn, tb, fn, fb) ||
		     ident_same_person(mm, tn, ta, fn, fa);
		g_free(tb);
		g_free(fb);
	}
	if (!ok)
		ok = same_name(tn, fn);
	g_free(tn);
	g_free(ta);
	g_free(fn);
	g_free(fa);
	return ok;
}

/* The Message-ID a Link: value names: the last non-empty path part of a
 * URL, without <> (caller owns). */
static char *link_msgid(const char *v)
{
	char *s = g_strstrip(g_strdup(v)), *id;
	gsize n = strlen(s);

	while (n && s[n - 1] == '/')
		s[--n] = '\0';
	id = strrchr(s, '/');
	id = g_strdup(id ? id + 1 : s);
	g_free(s);
	if (*id == '<' && id[strlen(id) - 1] == '>') {
		char *in = g_strndup(id + 1, strlen(id) - 2);
		g_free(id);
		id = in;
	}
	return id;
}

char *collect_dup_key(const char *trailer)
{
	const char *colon = strchr(trailer, ':');
	char *key, *v, *out;

	if (!colon)
		return g_ascii_strdown(trailer, -1);
	key = g_ascii_strdown(trailer, colon - trailer);
	g_strstrip(key);
	if (!strcmp(key, "link")) {
		v = link_msgid(colon + 1);
	} else {
		char *name, *addr;

		collect_person(colon + 1, &name, &addr);
		v = *addr ? g_ascii_strdown(addr, -1) : g_utf8_casefold(g_strstrip(g_strdup(colon + 1)), -1);
		g_free(name);
		g_free(addr);
	}
	out = g_strdup_printf("%s:%s", key, v);
	g_free(key);
	g_free(v);
	return out;
}
