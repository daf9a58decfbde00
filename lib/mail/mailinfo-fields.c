/* mailinfo-fields.c - the small text rules of `quill mail info`: a From:
 * value split into name and address, a Subject cleaned of "Re:" and
 * "[PATCH]", scissors lines, the line where the patch begins.  Each one
 * decides as git mailinfo decides (the t5100 cases pin them down). */
#include "mail/mailinfo-private.h"

#include <string.h>

void mi_squeeze_space(GString *s)
{
	gsize w = 0;

	for (gsize r = 0; r < s->len; r++) {
		if (mi_isspace(s->str[r])) {
			s->str[w++] = ' ';
			while (r + 1 < s->len && mi_isspace(s->str[r + 1]))
				r++;
		} else {
			s->str[w++] = s->str[r];
		}
	}
	g_string_truncate(s, w);
}

void mi_trim(GString *s)
{
	gsize b = 0, e = s->len;

	while (e > 0 && mi_isspace(s->str[e - 1]))
		e--;
	while (b < e && mi_isspace(s->str[b]))
		b++;
	g_string_truncate(s, e);
	g_string_erase(s, 0, b);
}

/* ---- Subject ---- */

void mailinfo_clean_subject(GString *s, gboolean keep_brackets)
{
	gsize at = 0;

	/* at the front (or after a kept [...]): drop "re:" (when something
	 * follows it), blanks, colons and [...] groups */
	while (at < s->len) {
		char c = s->str[at];

		if (c == 'r' || c == 'R') {
			if (s->len > at + 3 && (s->str[at + 1] == 'e' || s->str[at + 1] == 'E') &&
			    s->str[at + 2] == ':') {
				g_string_erase(s, at, 3);
				continue;
			}
			break;
		}
		if (c == ' ' || c == '\t' || c == ':') {
			g_string_erase(s, at, 1);
			continue;
		}
		if (c == '[') {
			const char *close = strchr(s->str + at, ']');
			gsize n;

			if (!close)
				break;
			n = close - (s->str + at) + 1;
			if (!keep_brackets || (n >= 7 && g_strstr_len(s->str + at, n, "PATCH"))) {
				g_string_erase(s, at, n);
			} else {
				/* kept, with the blank after it */
				at += n;
				if (at < s->len && mi_isspace(s->str[at]))
					at++;
			}
			continue;
		}
		break;
	}
	mi_squeeze_space(s);
	mi_trim(s);
}

/* ---- From ---- */

/* Copy a quoted string's content (after the opening quote) to out,
 * unescaping backslash pairs; returns where it ended.  Unterminated, it
 * ends past the NUL that stopped it: git reads on there, which matters
 * when the value holds a NUL of its own. */
static const char *unquote_string(const char *in, GString *out)
{
	for (; *in; in++) {
		if (*in == '\\') {
			if (!in[1])
				return in + 2;
			g_string_append_c(out, *++in);
			continue;
		}
		if (*in == '"')
			return in + 1;
		g_string_append_c(out, *in);
	}
	return in + 1;
}

/* Copy a comment (after its opening parenthesis) to out with its
 * parentheses, nested ones included, backslash pairs unescaped; returns
 * where it ended (past the NUL when unterminated, as above). */
static const char *unquote_comment(const char *in, GString *out)
{
	int depth = 1;

	g_string_append_c(out, '(');
	for (; *in; in++) {
		if (*in == '\\') {
			if (!in[1])
				return in + 2;
			g_string_append_c(out, *++in);
			continue;
		}
		g_string_append_c(out, *in);
		if (*in == '(')
			depth++;
		else if (*in == ')' && !--depth)
			return in + 1;
	}
	return in + 1;
}

/* The name, unless it cannot be one: then the address. */
static void sane_name(GString *name, const GString *email)
{
	if (!name->len || name->len > 60 || strpbrk(name->str, "@<>")) {
		g_string_truncate(name, 0);
		g_string_append(name, email->str);
	}
}

/* No '@' anywhere: "Name <local>" is still an address. */
static void from_without_at(const char *value, GString *name, GString *email)
{
	const char *lt = strchr(value, '<'), *gt;

	if (!lt || !(gt = strchr(lt, '>')))
		return;
	g_string_append_len(email, lt + 1, gt - lt - 1);
	g_string_append_len(name, value, lt - value);
	mi_trim(name);
	sane_name(name, email);
}

void mailinfo_parse_from(const char *value, GString *name, GString *email)
{
	mi_parse_from_len(value, strlen(value), name, email);
}

void mi_parse_from_len(const char *value, gsize len, GString *name, GString *email)
{
	GString *f = g_string_sized_new(len);
	const char *end = value + len;
	char *at;
	gsize start, n;

	g_string_truncate(name, 0);
	g_string_truncate(email, 0);
	/* quoted strings and comments unquoted; the value ends at a NUL,
	 * unless an unterminated one ran over it */
	for (const char *p = value; p < end && *p;) {
		if (*p == '"')
			p = unquote_string(p + 1, f);
		else if (*p == '(')
			p = unquote_comment(p + 1, f);
		else
			g_string_append_c(f, *p++);
	}
	at = strchr(f->str, '@');
	if (!at) {
		from_without_at(value, name, email);
		g_string_free(f, TRUE);
		return;
	}
	/* the address: the word around the '@', maybe opened by '<' */
	start = at - f->str;
	while (start > 0) {
		char c = f->str[start - 1];

		if (mi_isspace(c))
			break;
		if (c == '<') {
			f->str[start - 1] = ' ';
			break;
		}
		start--;
	}
	n = strcspn(f->str + start, " \n\t\r\v\f>");
	g_string_append_len(email, f->str + start, n);
	/* the rest is the name: "Name <a@b>", "a@b (Name)", "N (c) <a@b> (d)" */
	g_string_erase(f, start, n + (f->str[start + n] ? 1 : 0));
	mi_squeeze_space(f);
	mi_trim(f);
	if (f->len && f->str[0] == '(' && f->str[f->len - 1] == ')') {
		g_string_truncate(f, f->len - 1);
		g_string_erase(f, 0, 1);
	}
	g_string_append(name, f->str);
	sane_name(name, email);
	g_string_free(f, TRUE);
}

/* ---- body lines ---- */

gboolean mailinfo_is_scissors_line(const char *line)
{
	int marks = 0, perforation = 0, gaps = 0;
	gboolean in_perforation = FALSE;
	const char *first = NULL, *last = NULL;
	long visible;

	for (const char *c = line; *c; c++) {
		if (mi_isspace(*c)) {
			if (in_perforation) {
				perforation++;
				gaps++;
			}
			continue;
		}
		last = c;
		if (!first)
			first = c;
		if (*c == '-') {
			in_perforation = TRUE;
			perforation++;
		} else if (!strncmp(c, ">8", 2) || !strncmp(c, "8<", 2) ||
			   !strncmp(c, ">%", 2) || !strncmp(c, "%<", 2)) {
			in_perforation = TRUE;
			perforation += 2;
			marks += 2;
			c++;
		} else {
			in_perforation = FALSE;
		}
	}
	if (!marks)
		return FALSE;
	/* at least "-- >8 --" long; dashes and marks over a third of the
	 * line (cruft such as "cut here" may share it), and blanks under
	 * half of the perforation */
	visible = last - first + 1;
	return visible >= 8 && visible < perforation * 3L && gaps * 2 < perforation;
}

gboolean mailinfo_is_patch_break(const char *line, gsize len)
{
	if (g_str_has_prefix(line, "diff -") || g_str_has_prefix(line, "Index: "))
		return TRUE;
	if (len < 4 || !g_str_has_prefix(line, "---"))
		return FALSE;
	/* "--- file" starts a patch without a header */
	if (line[3] == ' ' && !mi_isspace(line[4]))
		return TRUE;
	/* "---" and blanks: the separator format-patch writes */
	for (gsize i = 3; i < len; i++) {
		if (line[i] == '\n')
			return TRUE;
		if (!mi_isspace(line[i]))
			break;
	}
	return FALSE;
}

gboolean mi_is_format_patch_separator(const char *line, gsize len)
{
	static const char tail[] = " Mon Sep 17 00:00:00 2001\n";
	const gsize want = 5 + 40 + sizeof tail - 1;

	if (len != want || strncmp(line, "From ", 5))
		return FALSE;
	if (strspn(line + 5, "0123456789abcdef") != 40)
		return FALSE;
	return !memcmp(line + 45, tail, sizeof tail - 1);
}
