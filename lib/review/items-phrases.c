/* items-phrases.c - review-phrases.conf read into phrase lists, and the
 * matching of a phrase against a sentence (see items-private.h). */
#include "review/items-private.h"
#include "core/error.h"
#include "core/resource.h"
#include "core/text.h"

#include <stdarg.h>
#include <string.h>

/* ---- normalising text ---- */

static gboolean word_char(unsigned char c)
{
	return g_ascii_isalnum(c) || c == '_' || c >= 0x80;
}

/* Contractions spelled out; `start`: only at the start of a word. */
static const struct {
	const char *from, *to;
	gboolean start;
} contractions[] = {
	{ "won't", "will not", TRUE },
	{ "can't", "can not", TRUE },
	{ "cannot", "can not", TRUE },
	{ "shan't", "shall not", TRUE },
	{ "i'm", "i am", TRUE },
	{ "n't", " not", FALSE },
	{ "'ll", " will", FALSE },
	{ "'d", " would", FALSE },
	{ "'re", " are", FALSE },
	{ "'ve", " have", FALSE },
};

/* The first pass: lowered, one space per white space run, straight
 * apostrophes, into o (room for len bytes); its length. */
static gsize lower_squeeze(const char *text, gsize len, char *o)
{
	gsize n = 0;
	gboolean space = FALSE;

	for (gsize i = 0; i < len; i++) {
		unsigned char c = text[i];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = n > 0;
			continue;
		}
		if (space)
			o[n++] = ' ';
		space = FALSE;
		if (c == 0xe2 && i + 2 < len && (unsigned char)text[i + 1] == 0x80 &&
		    ((unsigned char)text[i + 2] == 0x98 || (unsigned char)text[i + 2] == 0x99)) {
			o[n++] = '\'';
			i += 2;
			continue;
		}
		o[n++] = g_ascii_tolower(c);
	}
	return n;
}

/* The contraction spelled out at l[i] (of n), with its length in *from_len;
 * NULL when none is there. */
static const char *contraction_at(const char *l, gsize i, gsize n, gsize *from_len)
{
	/* only these begin one ("won't" .. "'ve") */
	switch (l[i]) {
	case 'w': case 'c': case 's': case 'i': case 'n': case '\'':
		break;
	default:
		return NULL;
	}
	for (gsize k = 0; k < G_N_ELEMENTS(contractions); k++) {
		const char *from = contractions[k].from;
		gsize m;

		if (from[0] != l[i])
			continue;
		m = strlen(from);
		if (i + m > n || memcmp(l + i, from, m))
			continue;
		if (contractions[k].start && i > 0 && word_char(l[i - 1]))
			continue;
		if (!contractions[k].start && (i == 0 || !word_char(l[i - 1])))
			continue;
		if (i + m < n && word_char(l[i + m]))
			continue;
		*from_len = m;
		return contractions[k].to;
	}
	return NULL;
}

char *items_normalise(const char *text, gsize len)
{
	char small[512];
	char *l = len <= sizeof small ? small : g_malloc(len);
	gsize n = lower_squeeze(text, len, l), k = 0;
	/* a contraction at most triples ("'d" -> " would") */
	char *o = g_malloc(3 * n + 1);

	for (gsize i = 0; i < n;) {
		gsize m;
		const char *to = contraction_at(l, i, n, &m);

		if (to) {
			gsize tn = strlen(to);

			memcpy(o + k, to, tn);
			k += tn;
			i += m;
		} else {
			o[k++] = l[i++];
		}
	}
	o[k] = '\0';
	if (l != small)
		g_free(l);
	return o;
}

/* ---- matching ---- */

/* Does p match at t?  The pattern is run as a set of the offsets into t
 * that its first characters can reach (a '*' widens each offset to the
 * next 1..80, a '#' moves it past its digits, a character keeps the
 * offsets it is at), so that a pattern of many '*' costs its length times
 * the set, never a backtracking search over each star's choices (a phrase
 * file of "a*a*a*a*...b" took minutes that way: found by fuzz-phrases).
 * The end must be a word's end where the text matched ended in a word
 * character.  Sets of up to MATCH_STACK offsets live on the stack. */
#define MATCH_STAR 80
#define MATCH_STACK 256

struct offsets {
	guint32 *v;
	gsize n, cap;
	guint32 stack[MATCH_STACK];
};

static void offsets_add(struct offsets *o, guint32 x)
{
	if (o->n && o->v[o->n - 1] >= x)
		return;		/* kept ascending and unique */
	if (o->n == o->cap) {
		o->cap *= 2;
		if (o->v == o->stack)
			o->v = g_memdup2(o->stack, sizeof o->stack);
		o->v = g_renew(guint32, o->v, o->cap);
	}
	o->v[o->n++] = x;
}

static void offsets_step(const struct offsets *cur, struct offsets *next, char p, const char *t)
{
	next->n = 0;
	for (gsize i = 0; i < cur->n; i++) {
		guint32 at = cur->v[i], k = 0;

		if (p == '*') {
			/* from past what the previous offset added */
			k = next->n && next->v[next->n - 1] > at ? next->v[next->n - 1] - at : 0;
			while (k < MATCH_STAR && t[at + k])
				offsets_add(next, at + ++k);
		} else if (p == '#') {
			while (g_ascii_isdigit(t[at + k]))
				k++;
			if (k)
				offsets_add(next, at + k);
		} else if (t[at] == p) {
			offsets_add(next, at + 1);
		}
	}
}

static gboolean match_here(const char *p, const char *t)
{
	struct offsets a = { 0 }, b = { 0 }, *cur = &a, *next = &b, *swap;
	gboolean ok = FALSE;

	if (!*p)
		return TRUE;
	a.v = a.stack, a.cap = MATCH_STACK;
	b.v = b.stack, b.cap = MATCH_STACK;
	a.v[a.n++] = 0;
	for (; *p && cur->n; p++) {
		offsets_step(cur, next, *p, t);
		swap = cur, cur = next, next = swap;
	}
	/* every offset is past one character at least: t[at - 1] is there */
	for (gsize i = 0; !*p && !ok && i < cur->n; i++)
		ok = !(word_char(t[cur->v[i] - 1]) && word_char(t[cur->v[i]]));
	if (a.v != a.stack)
		g_free(a.v);
	if (b.v != b.stack)
		g_free(b.v);
	return ok;
}

gboolean items_match(const char *pat, const char *s)
{
	gboolean anchored = pat[0] == '^';
	const char *p = pat + anchored;
	gboolean starts_word = word_char(*p) || *p == '#';

	gboolean literal = !anchored && *p && *p != '*' && *p != '#';

	for (const char *t = s; *t; t++) {
		if (anchored && t > s)
			break;
		if (literal && *t != *p && !(t = strchr(t, *p)))
			break;
		if (starts_word && t > s && word_char(t[-1]))
			continue;
		if (match_here(p, t))
			return TRUE;
	}
	return FALSE;
}

static gboolean any_match(const GPtrArray *pats, const char *s)
{
	for (guint i = 0; pats && i < pats->len; i++)
		if (items_match(g_ptr_array_index(pats, i), s))
			return TRUE;
	return FALSE;
}

/* ---- the index: every list's patterns tried in one pass ---- */

G_STATIC_ASSERT(2 * REVIEW_KIND_COUNT <= 32);

static void index_add(GArray **slot, const char *pat, guint32 bit)
{
	struct items_entry e = { pat, 0, bit };

	while (pat[e.lit] && pat[e.lit] != '*' && pat[e.lit] != '#')
		e.lit++;
	if (!*slot)
		*slot = g_array_new(FALSE, FALSE, sizeof(struct items_entry));
	g_array_append_val(*slot, e);
}

/* Where items_match would try pat: at the start only ('^'), anywhere
 * ('*' first), at a word's start (a word character or '#' first: '#'
 * under each digit), else anywhere its first character is. */
static void index_pattern(struct review_phrases *ph, const char *pat, guint32 bit)
{
	unsigned char c = pat[0];

	if (c == '^')
		index_add(&ph->anchored, pat + 1, bit);
	else if (c == '*')
		index_add(&ph->star, pat, bit);
	else if (c == '#')
		for (c = '0'; c <= '9'; c++)
			index_add(&ph->at_word[c], pat, bit);
	else if (word_char(c))
		index_add(&ph->at_word[c], pat, bit);
	else
		index_add(&ph->at_any[c], pat, bit);
}

static void index_build(struct review_phrases *ph)
{
	for (int k = 0; k < REVIEW_KIND_COUNT; k++)
		for (int x = 0; x < 2; x++) {
			const GPtrArray *l = x ? ph->except[k] : ph->phrase[k];

			for (guint i = 0; l && i < l->len; i++)
				index_pattern(ph, g_ptr_array_index(l, i), items_hit_bit(k, x));
		}
}

static void index_free(struct review_phrases *ph)
{
	for (int c = 0; c < 256; c++) {
		if (ph->at_word[c])
			g_array_unref(ph->at_word[c]);
		if (ph->at_any[c])
			g_array_unref(ph->at_any[c]);
	}
	if (ph->star)
		g_array_unref(ph->star);
	if (ph->anchored)
		g_array_unref(ph->anchored);
}

/* The entries of es that match at t and whose list is not hit yet, added
 * to hits. */
static guint32 try_at(const GArray *es, const char *t, guint32 hits)
{
	for (guint i = 0; es && i < es->len; i++) {
		const struct items_entry *e = &g_array_index(es, struct items_entry, i);
		guint k = 0;

		if (hits & e->bit)
			continue;
		while (k < e->lit && t[k] == e->pat[k])
			k++;
		if (k == e->lit && match_here(e->pat, t))
			hits |= e->bit;
	}
	return hits;
}

guint32 items_sentence_hits(const struct review_phrases *ph, const char *s)
{
	guint32 hits = 0;

	if (!*s)
		return 0;
	hits = try_at(ph->anchored, s, hits);
	for (const char *t = s; *t; t++) {
		unsigned char c = *t;

		if (t == s || !word_char(t[-1]))
			hits = try_at(ph->at_word[c], t, hits);
		hits = try_at(ph->at_any[c], t, hits);
		hits = try_at(ph->star, t, hits);
	}
	return hits;
}

gboolean items_kind_matches(const struct review_phrases *ph, enum review_kind kind,
			    const char *s)
{
	return !any_match(ph->except[kind], s) && any_match(ph->phrase[kind], s);
}

gboolean items_is_key(const struct review_phrases *ph, enum review_kind kind, const char *key,
		      gsize len)
{
	const GPtrArray *keys = ph->key[kind];

	for (guint i = 0; keys && i < keys->len; i++) {
		const char *k = g_ptr_array_index(keys, i);

		if (strlen(k) == len && !g_ascii_strncasecmp(k, key, len))
			return TRUE;
	}
	return FALSE;
}

/* ---- the file ---- */

struct parse {
	const char *where;
	guint line;
	int kind;		/* the section's, or -1 before the first */
	GError **error;
};

static gboolean bad(struct parse *p, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static gboolean bad(struct parse *p, const char *fmt, ...)
{
	va_list ap;
	char *raw, *valid, *what;

	va_start(ap, fmt);
	raw = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	/* it quotes the file: one line of valid UTF-8, whatever the bytes */
	valid = g_utf8_make_valid(raw, -1);
	what = text_escape(valid);
	qerr(p->error, QUILL_ERROR_INPUT, "%s:%u: %s", p->where, p->line, what);
	g_free(what);
	g_free(valid);
	g_free(raw);
	return FALSE;
}

static const char *skip_space(const char *s, const char *end)
{
	while (s < end && (*s == ' ' || *s == '\t' || *s == '\r'))
		s++;
	return s;
}

static gboolean rest_is_comment(const char *s, const char *end)
{
	s = skip_space(s, end);
	return s == end || *s == '#' || *s == ';';
}

/* A value as git reads one: double quotes group, backslash escapes \" \\
 * \n \t, '#' or ';' outside quotes starts a comment, outer white space
 * goes.  *out: caller owns. */
static gboolean read_value(struct parse *p, const char *s, const char *end, char **out)
{
	GString *v = g_string_new(NULL);
	gboolean quoted = FALSE;
	gsize keep = 0;		/* the length up to the last character that stays */

	for (s = skip_space(s, end); s < end; s++) {
		char c = *s;

		if (c == '\\') {
			if (++s == end) {
				g_string_free(v, TRUE);
				return bad(p, "a value continued on the next line is not supported");
			}
			c = *s == 'n' ? '\n' : *s == 't' ? '\t' : *s;
			if (*s != '"' && *s != '\\' && *s != 'n' && *s != 't') {
				g_string_free(v, TRUE);
				return bad(p, "an unknown escape '\\%c'", *s);
			}
			g_string_append_c(v, c);
			keep = v->len;
			continue;
		}
		if (c == '"') {
			quoted = !quoted;
			keep = v->len;
			continue;
		}
		if (!quoted && (c == '#' || c == ';'))
			break;
		g_string_append_c(v, c);
		if (quoted || (c != ' ' && c != '\t' && c != '\r'))
			keep = v->len;
	}
	if (quoted) {
		g_string_free(v, TRUE);
		return bad(p, "a quote is not closed");
	}
	g_string_truncate(v, keep);
	*out = g_string_free(v, FALSE);
	return TRUE;
}

/* "[kind "NAME"]" */
static gboolean read_section(struct parse *p, const char *s, const char *end)
{
	const char *w = skip_space(s + 1, end), *we = w, *n, *ne;
	char *name;

	while (we < end && g_ascii_isalnum(*we))
		we++;
	if (we - w != 4 || g_ascii_strncasecmp(w, "kind", 4))
		return bad(p, "not a [kind \"NAME\"] section");
	n = skip_space(we, end);
	if (n == end || *n != '"')
		return bad(p, "not a [kind \"NAME\"] section");
	for (ne = ++n; ne < end && *ne != '"'; ne++)
		;
	if (ne == end)
		return bad(p, "a quote is not closed");
	s = skip_space(ne + 1, end);
	if (s == end || *s != ']' || !rest_is_comment(s + 1, end))
		return bad(p, "not a [kind \"NAME\"] section");
	name = g_strndup(n, ne - n);
	p->kind = review_kind_parse(name);
	if (p->kind < 0) {
		bad(p, "\"%s\" is not a kind of review item", name);
		g_free(name);
		return FALSE;
	}
	g_free(name);
	return TRUE;
}

/* Which variables a kind takes. */
static gboolean takes(int kind, const char *var)
{
	gboolean sentences = kind == REVIEW_NAK || kind == REVIEW_TRAILER_OBJECTION ||
			     kind == REVIEW_PROMISE || kind == REVIEW_CHANGE_REQUEST ||
			     kind == REVIEW_QUESTION;

	if (!strcmp(var, "phrase") || !strcmp(var, "except"))
		return sentences;
	if (!strcmp(var, "key"))
		return kind == REVIEW_TRAILER || kind == REVIEW_NAK ||
		       kind == REVIEW_TRAILER_OBJECTION;
	if (!strcmp(var, "unit"))
		return kind == REVIEW_RESULTS;
	return FALSE;
}

static GPtrArray **list_of(struct review_phrases *ph, int kind, const char *var)
{
	if (!strcmp(var, "phrase"))
		return &ph->phrase[kind];
	if (!strcmp(var, "except"))
		return &ph->except[kind];
	if (!strcmp(var, "key"))
		return &ph->key[kind];
	return &ph->unit;
}

static gboolean check_value(struct parse *p, const char *var, const char *value)
{
	if (!*value)
		return bad(p, "%s: an empty value", var);
	if (!strcmp(var, "key")) {
		for (const char *c = value; *c; c++)
			if (!g_ascii_isalnum(*c) && *c != '-')
				return bad(p, "key: '%s' is not a trailer name", value);
	} else if (!strcmp(var, "phrase") || !strcmp(var, "except")) {
		const char *body = value + (value[0] == '^');

		if (strchr(value + 1, '^'))
			return bad(p, "%s: '^' only at the start of a phrase", var);
		if (body[strspn(body, "* ")])
			return TRUE;
		return bad(p, "%s: '%s' matches everything", var, value);
	} else if (strchr(value, ' ')) {
		return bad(p, "unit: '%s' is not one word", value);
	}
	return TRUE;
}

static gboolean read_variable(struct parse *p, struct review_phrases *ph, const char *s,
			      const char *end)
{
	const char *ne = s;
	char *var, *value = NULL;
	gboolean ok = FALSE;

	while (ne < end && (g_ascii_isalnum(*ne) || *ne == '-'))
		ne++;
	if (ne == s || !g_ascii_isalpha(*s))
		return bad(p, "not a section, a variable or a comment");
	var = g_ascii_strdown(s, ne - s);
	s = skip_space(ne, end);
	if (s == end || *s != '=') {
		bad(p, "%s: no '=' and value", var);
		goto out;
	}
	if (p->kind < 0) {
		bad(p, "%s: outside any [kind \"NAME\"] section", var);
		goto out;
	}
	if (!takes(p->kind, var)) {
		bad(p, "kind \"%s\" has no variable '%s'", review_kind_name(p->kind), var);
		goto out;
	}
	if (!read_value(p, s + 1, end, &value) || !check_value(p, var, value))
		goto out;
	{
		GPtrArray **list = list_of(ph, p->kind, var);
		gboolean pattern = !strcmp(var, "phrase") || !strcmp(var, "except");

		if (!*list)
			*list = g_ptr_array_new_with_free_func(g_free);
		g_ptr_array_add(*list, pattern ? items_normalise(value, strlen(value))
					       : g_strdup(value));
	}
	ok = TRUE;
out:
	g_free(var);
	g_free(value);
	return ok;
}

gboolean review_phrases_parse(struct review_phrases **out, const char *text, gsize len,
			      const char *where, GError **error)
{
	struct review_phrases *ph = g_new0(struct review_phrases, 1);
	struct parse p = { where, 0, -1, error };
	const char *s = text, *end = text + len;

	*out = NULL;
	while (s < end) {
		const char *nl = memchr(s, '\n', end - s);
		const char *le = nl ? nl : end;
		const char *c = skip_space(s, le);

		p.line++;
		if (memchr(s, '\0', le - s)) {
			bad(&p, "a NUL byte");
			goto fail;
		}
		if (c < le && *c != '#' && *c != ';') {
			if (*c == '[' ? !read_section(&p, c, le) : !read_variable(&p, ph, c, le))
				goto fail;
		}
		s = nl ? nl + 1 : end;
	}
	index_build(ph);
	*out = ph;
	return TRUE;
fail:
	review_phrases_free(ph);
	return FALSE;
}

void review_phrases_free(struct review_phrases *ph)
{
	if (!ph)
		return;
	for (int k = 0; k < REVIEW_KIND_COUNT; k++) {
		if (ph->phrase[k])
			g_ptr_array_free(ph->phrase[k], TRUE);
		if (ph->except[k])
			g_ptr_array_free(ph->except[k], TRUE);
		if (ph->key[k])
			g_ptr_array_free(ph->key[k], TRUE);
	}
	if (ph->unit)
		g_ptr_array_free(ph->unit, TRUE);
	index_free(ph);
	g_free(ph);
}

const struct review_phrases *review_phrases_default(void)
{
	static gsize once;
	static struct review_phrases *ph;

	if (g_once_init_enter(&once)) {
		GBytes *b = resources_load(NULL, "review-phrases.conf", NULL, NULL);
		gsize len = 0;
		const char *data = b ? g_bytes_get_data(b, &len) : NULL;

		/* the built-in copy is tested (test-review-items): it parses */
		if (!data || !review_phrases_parse(&ph, data, len, "review-phrases.conf", NULL))
			ph = g_new0(struct review_phrases, 1);
		if (b)
			g_bytes_unref(b);
		g_once_init_leave(&once, 1);
	}
	return ph;
}
