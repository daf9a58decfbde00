/* ident-addr.c - a person as a trailer names one (RFC 5322 name-addr with
 * the kernel's "# comment"), and who is the same person under a mailmap.
 * See ident.h. */
#include "git/ident.h"
#include "core/error.h"

#include <string.h>

/* RFC 5322 specials that may not stand unquoted in a display name; '.' is
 * left out: obs-phrase allows it, and "Ada B. Author" is everywhere. */
static inline gboolean special(unsigned char c)
{
	return strchr("()<>[]:;@\\,\"", c) != NULL && c;
}

static inline gboolean blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* A (comment) starting at s[*i] == '(' with nesting and quoted-pairs; its
 * text (without the outer parentheses) is appended to out.  FALSE when it
 * does not close. */
static gboolean read_comment(const char *s, gsize len, gsize *i, GString *out)
{
	int depth = 0;

	for (; *i < len; (*i)++) {
		char c = s[*i];

		if (c == '\\' && *i + 1 < len) {
			(*i)++;
			g_string_append_c(out, s[*i]);
			continue;
		}
		if (c == '(' && depth++ == 0)
			continue;
		if (c == ')' && --depth == 0) {
			(*i)++;
			return TRUE;
		}
		g_string_append_c(out, c);
	}
	return FALSE;
}

/* Check an addr-spec; returns problem bits. */
static unsigned check_addr(const char *a, gsize len)
{
	const char *at = NULL;
	unsigned p = 0;
	gboolean quoted = FALSE;

	if (!len)
		return IDENT_ADDR_BAD_ADDRESS;
	for (gsize i = 0; i < len; i++) {
		unsigned char c = (unsigned char)a[i];

		if (c >= 0x80) {
			p |= IDENT_ADDR_NON_ASCII;
			continue;
		}
		if (c == '"' && !at) {
			quoted = !quoted;
			continue;
		}
		if (quoted)
			continue;
		if (c == '@') {
			if (at)
				p |= IDENT_ADDR_BAD_ADDRESS;
			at = a + i;
			continue;
		}
		if (c == '(' || c == ')') {
			p |= IDENT_ADDR_ADDR_COMMENT;
			continue;
		}
		if (c <= ' ' || c == 0x7f || strchr("<>[]:;,\\", c)) {
			/* a domain literal [1.2.3.4] is the only place for brackets */
			if (!(at && (c == '[' || c == ']' || c == ':')))
				p |= IDENT_ADDR_BAD_ADDRESS;
		}
	}
	if (quoted || !at || at == a || at == a + len - 1)
		return p | IDENT_ADDR_BAD_ADDRESS;
	/* the domain: labels of letters, digits and '-', or a [literal] */
	if (at[1] != '[') {
		const char *d = at + 1, *end = a + len;
		gsize label = 0;

		for (; d < end; d++) {
			if (*d == '.') {
				if (!label)
					p |= IDENT_ADDR_BAD_ADDRESS;
				label = 0;
			} else {
				if (!g_ascii_isalnum(*d) && *d != '-' && (unsigned char)*d < 0x80 &&
				    *d != '(' && *d != ')')
					p |= IDENT_ADDR_BAD_ADDRESS;
				label++;
			}
		}
		if (!label)
			p |= IDENT_ADDR_BAD_ADDRESS;
	}
	return p;
}

/* The display name s[0..len): words (atoms, quoted strings) joined by one
 * space, comments collected apart. */
static void read_name(const char *s, gsize len, struct ident_addr *out, GString *name,
		      GString *comment)
{
	gsize i = 0;
	gboolean gap = FALSE;
	int comments = 0;

	while (i < len) {
		unsigned char c = (unsigned char)s[i];

		if (blank(c)) {
			gap = name->len > 0;
			i++;
			continue;
		}
		if (c == '(') {
			if (comment->len)
				g_string_append_c(comment, ' ');
			if (!read_comment(s, len, &i, comment))
				out->problems |= IDENT_ADDR_UNBALANCED;
			if (++comments > 1)
				out->problems |= IDENT_ADDR_NAME_COMMENTS;
			gap = name->len > 0;
			continue;
		}
		if (gap)
			g_string_append_c(name, ' ');
		gap = FALSE;
		if (c == '"') {
			for (i++; i < len && s[i] != '"'; i++) {
				if (s[i] == '\\' && i + 1 < len)
					i++;
				g_string_append_c(name, s[i]);
			}
			if (i >= len)
				out->problems |= IDENT_ADDR_UNBALANCED;
			else
				i++;
			continue;
		}
		if (special(c))
			out->problems |= IDENT_ADDR_SPECIALS;
		g_string_append_c(name, (char)c);
		i++;
	}
}

/* What follows the address: "", "# comment", "(comment)", or junk. */
static void read_rest(const char *s, gsize len, struct ident_addr *out, GString *comment)
{
	gsize i = 0;

	while (i < len && blank((unsigned char)s[i]))
		i++;
	while (len > i && blank((unsigned char)s[len - 1]))
		len--;
	if (i == len)
		return;
	g_string_append_len(comment, s + i, (gssize)(len - i));
	if (s[i] == '#')
		return;
	if (s[i] == ',') {
		out->problems |= IDENT_ADDR_MANY;
		return;
	}
	if (s[i] == '(') {
		GString *tmp = g_string_new(NULL);
		gsize j = i;

		if (!read_comment(s, len, &j, tmp))
			out->problems |= IDENT_ADDR_UNBALANCED;
		else if (j < len)
			out->problems |= IDENT_ADDR_TRAILING;
		g_string_free(tmp, TRUE);
		return;
	}
	out->problems |= IDENT_ADDR_TRAILING;
}

/* The first '<' outside quotes and comments, or len. */
static gsize find_angle(const char *s, gsize len)
{
	gboolean quoted = FALSE;
	int depth = 0;

	for (gsize i = 0; i < len; i++) {
		if (s[i] == '\\' && i + 1 < len) {
			i++;
			continue;
		}
		if (s[i] == '"' && !depth)
			quoted = !quoted;
		else if (!quoted && s[i] == '(')
			depth++;
		else if (!quoted && s[i] == ')' && depth)
			depth--;
		else if (!quoted && !depth && s[i] == '<')
			return i;
	}
	return len;
}

void ident_addr_parse(const char *s, gsize len, struct ident_addr *out)
{
	GString *name = g_string_new(NULL), *comment = g_string_new(NULL);
	GString *ncomment = g_string_new(NULL);
	gsize lt;

	memset(out, 0, sizeof(*out));
	if (!g_utf8_validate(s, (gssize)len, NULL))
		out->problems |= IDENT_ADDR_BAD_UTF8;
	lt = find_angle(s, len);
	if (lt < len) {
		const char *gt = memchr(s + lt, '>', len - lt);

		read_name(s, lt, out, name, ncomment);
		if (!gt) {
			out->problems |= IDENT_ADDR_UNBALANCED;
			out->email = g_strndup(s + lt + 1, len - lt - 1);
		} else {
			out->email = g_strndup(s + lt + 1, (gsize)(gt - s - lt - 1));
			read_rest(gt + 1, (gsize)(s + len - gt - 1), out, comment);
		}
		g_strstrip(out->email);
		out->problems |= check_addr(out->email, strlen(out->email));
	} else {
		/* no <>: "addr", "addr (Name)", "addr # x", or "Name addr" */
		gsize i = 0, tok = 0, tokend = 0;
		gboolean found = FALSE;

		while (i < len && !found) {
			while (i < len && blank((unsigned char)s[i]))
				i++;
			tok = i;
			if (i < len && (s[i] == '#' || s[i] == '('))
				break;
			while (i < len && !blank((unsigned char)s[i]))
				i++;
			tokend = i;
			found = memchr(s + tok, '@', tokend - tok) != NULL;
		}
		if (!found) {
			out->problems |= IDENT_ADDR_NO_ADDRESS;
			read_name(s, len, out, name, ncomment);
		} else {
			out->email = g_strndup(s + tok, tokend - tok);
			out->problems |= check_addr(out->email, tokend - tok);
			if (tok > 0) {
				out->problems |= IDENT_ADDR_NO_BRACKETS;
				read_name(s, tok, out, name, ncomment);
			}
			/* the old "addr (Name)" form gives the name in a comment */
			{
				gsize j = tokend;

				while (j < len && blank((unsigned char)s[j]))
					j++;
				if (!name->len && j < len && s[j] == '(') {
					gsize k = j;

					if (read_comment(s, len, &k, name)) {
						read_rest(s + k, len - k, out, comment);
					} else {
						out->problems |= IDENT_ADDR_UNBALANCED;
					}
				} else {
					read_rest(s + tokend, len - tokend, out, comment);
				}
			}
		}
	}
	if (strstr(name->str, "=?") && strstr(name->str, "?="))
		out->problems |= IDENT_ADDR_ENCODED;
	if (strchr(name->str, '@'))
		out->problems |= IDENT_ADDR_NAME_IS_ADDRESS;
	out->name = g_string_free(name, FALSE);
	out->comment = g_string_free(comment, FALSE);
	out->name_comment = g_string_free(ncomment, FALSE);
}

void ident_addr_clear(struct ident_addr *a)
{
	g_free(a->name);
	g_free(a->email);
	g_free(a->comment);
	g_free(a->name_comment);
	memset(a, 0, sizeof(*a));
}

/* The first of the problems that leave s no single mailbox, in words. */
static const char *mailbox_words(unsigned p, const struct ident_addr *a)
{
	if ((p & IDENT_ADDR_MANY) || (a->email && strchr(a->email, ',')))
		return "it is a list: give one address each time";
	if (a->email && g_str_has_suffix(a->email, ";"))
		return "it is a group: give its addresses one by one";
	if (p & IDENT_ADDR_NO_ADDRESS)
		return "it holds no address";
	if (p & IDENT_ADDR_UNBALANCED)
		return "a '<', a quote or a comment is not closed";
	if (p & IDENT_ADDR_NON_ASCII)
		return "the address is not ASCII";
	if (p & (IDENT_ADDR_BAD_ADDRESS | IDENT_ADDR_ADDR_COMMENT))
		return "the address is not local@domain";
	if (p & IDENT_ADDR_NO_BRACKETS)
		return "a name goes with its address in <>: Name <local@domain>";
	if (p & IDENT_ADDR_SPECIALS)
		return "a name holding , : ; @ [ ] \\ or > is written in quotes";
	if ((p & IDENT_ADDR_TRAILING) || a->comment[0] == '#')
		return "there is text after the address";
	return NULL;
}

const char *ident_mailbox_problem(const char *s)
{
	struct ident_addr a;
	const char *why;
	gsize len = strlen(s);

	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f || (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
			return "it holds a control character";
	if (!g_utf8_validate(s, (gssize)len, NULL))
		return "it is not UTF-8";
	ident_addr_parse(s, len, &a);
	why = mailbox_words(a.problems, &a);
	ident_addr_clear(&a);
	return why;
}

char *ident_email_base(const char *email)
{
	const char *at = strrchr(email, '@');
	const char *plus = at ? memchr(email, '+', (gsize)(at - email)) : NULL;

	GString *b;

	if (!plus)
		return g_strdup(email);
	b = g_string_new_len(email, plus - email);
	g_string_append(b, at);
	return g_string_free(b, FALSE);
}

gboolean ident_mailmap_load(git_mailmap **out, git_repository *repo, const char *path,
			    GError **error)
{
	char *text;
	gsize len;
	GError *e = NULL;
	int rc;

	*out = NULL;
	if (!path) {
		if (repo && (rc = git_mailmap_from_repository(out, repo)) < 0)
			return qerr_git(error, rc, "cannot read the mailmap");
		return TRUE;
	}
	if (!g_file_get_contents(path, &text, &len, &e)) {
		qerr(error, QUILL_ERROR_INPUT, "cannot read %s: %s", path, e->message);
		g_error_free(e);
		return FALSE;
	}
	rc = git_mailmap_from_buffer(out, text, len);
	g_free(text);
	if (rc < 0)
		return qerr_git(error, rc, "cannot read %s", path);
	return TRUE;
}

void ident_resolve(const git_mailmap *mm, const char *name, const char *email,
		   const char **name_out, const char **email_out)
{
	*name_out = name;
	*email_out = email;
	if (mm && git_mailmap_resolve(name_out, email_out, mm, name ? name : "", email ? email : "") < 0) {
		*name_out = name;
		*email_out = email;
	}
}

gboolean ident_same_person(const git_mailmap *mm, const char *name_a, const char *email_a,
			   const char *name_b, const char *email_b)
{
	const char *na, *ea, *nb, *eb;

	if (!email_a || !email_b)
		return FALSE;
	ident_resolve(mm, name_a, email_a, &na, &ea);
	ident_resolve(mm, name_b, email_b, &nb, &eb);
	return ea && eb && !g_ascii_strcasecmp(ea, eb);
}
