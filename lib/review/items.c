/* items.c - the rules finding the review items of one reply (items.h).
 *
 * Two passes over the classified lines.  The first cuts the reply's own
 * text into paragraphs (runs of own and trailer lines), each with the
 * quoted lines just above it (an own paragraph right after another keeps
 * the same quote: it answers it too).  The second reads each paragraph:
 * trailer and Nacked-by lines first, then measurements and tables, then
 * the rest sentence by sentence, each sentence taking the first kind whose
 * phrases it holds; the sentences of one kind in one paragraph make one
 * item.  When nothing was found the reply's own text is one comment.
 */
#include "review/items-private.h"
#include "review/items-lines.h"

#include <string.h>

struct para {
	guint first, last;	/* line indexes, inclusive */
	char *quoted;		/* the quote it answers (owned), "" when none */
	gboolean before_quote;	/* a quote follows it (only blank lines between) */
	gboolean adjacent;	/* only blank lines between it and the one before */
};

struct ctx {
	const struct review_phrases *ph;
	const struct review_mail *m;
	const char *text;	/* the body's */
	const struct message_line *lines;
	struct items_person sender;
	GPtrArray *items;
	guint count[REVIEW_KIND_COUNT];
	guint added;
	struct review_item *results_open;	/* results a next paragraph may continue */
	gboolean *used;		/* per line: taken by a line rule */
};

static const char *line_at(const struct ctx *c, guint i, gsize *len)
{
	*len = c->lines[i].len;
	return c->text + c->lines[i].offset;
}

static struct review_item *add_item(struct ctx *c, enum review_kind kind, const char *text,
				    const char *quoted, const char *trailer)
{
	struct review_item *it = review_item_new();
	const struct review_mail *m = c->m;

	it->id = review_item_id(m->msgid ? m->msgid : "", kind, c->count[kind]++);
	it->kind = kind;
	it->author = g_strdup(m->from);
	it->date = g_strdup(m->date);
	it->msgid = g_strdup(m->msgid);
	it->link = g_strdup(m->link);
	it->version = m->version;
	it->patch = m->patch;
	it->text = g_strdup(text);
	it->quoted = g_strdup(quoted ? quoted : "");
	it->trailer = g_strdup(trailer);
	it->status = REVIEW_OPEN;
	g_ptr_array_add(c->items, it);
	c->added++;
	return it;
}

/* ---- pass 1: paragraphs and their quotes ---- */

/* The quoted line without its first '>' and the space after it. */
static void append_unquoted(GString *q, const char *s, gsize len)
{
	gsize i = 0;

	if (i < len && s[i] == '>')
		i++;
	if (i < len && s[i] == ' ')
		i++;
	g_string_append_len(q, s + i, len - i);
	g_string_append_c(q, '\n');
}

/* q's lines without the empty ones at either end (caller owns). */
static char *trim_lines(const GString *q)
{
	const char *s = q->str, *e = q->str + q->len;

	while (s < e && (*s == '\n' || *s == ' ' || *s == '\t'))
		s++;
	while (e > s && (e[-1] == '\n' || e[-1] == ' ' || e[-1] == '\t'))
		e--;
	/* keep the first line's indentation */
	while (s > q->str && s[-1] != '\n')
		s--;
	return g_strndup(s, e - s);
}

static GArray *paragraphs(const struct ctx *c, guint n)
{
	GArray *paras = g_array_new(FALSE, TRUE, sizeof(struct para));
	GString *quote = g_string_new(NULL);
	char *quote_text = g_strdup("");
	gboolean in_quote = FALSE;	/* the last line that is not blank was quoted */
	gboolean open = FALSE, gap = TRUE;	/* gap: something not blank since the last paragraph */

	for (guint i = 0; i < n; i++) {
		enum message_line_kind k = c->lines[i].kind;
		gsize len;
		const char *s = line_at(c, i, &len);

		if (k == MESSAGE_LINE_OWN || k == MESSAGE_LINE_TRAILER) {
			if (in_quote) {
				g_free(quote_text);
				quote_text = trim_lines(quote);
				in_quote = FALSE;
			}
			if (!open) {
				struct para p = { i, i, g_strdup(quote_text), FALSE,
						  !gap && paras->len > 0 };

				g_array_append_val(paras, p);
				open = TRUE;
				gap = FALSE;
			}
			g_array_index(paras, struct para, paras->len - 1).last = i;
			continue;
		}
		open = FALSE;
		if (k == MESSAGE_LINE_QUOTED) {
			if (!in_quote) {
				if (!gap && paras->len)
					g_array_index(paras, struct para, paras->len - 1).before_quote = TRUE;
				g_string_truncate(quote, 0);
				in_quote = TRUE;
			}
			append_unquoted(quote, s, len);
			gap = TRUE;
		} else if (k != MESSAGE_LINE_BLANK) {
			gap = TRUE;
			in_quote = FALSE;
		}
	}
	g_string_free(quote, TRUE);
	g_free(quote_text);
	return paras;
}

/* "On Mon, 1 Jan 2024, Bob wrote:" above a quote is no text of the
 * reply's: drop it from the paragraph (its last line, and the line or two
 * above it back to one starting "On "). */
static void drop_attribution(const struct ctx *c, struct para *p)
{
	gsize len;
	const char *s = line_at(c, p->last, &len);

	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (!p->before_quote ||
	    !((len >= 6 && !memcmp(s + len - 6, "wrote:", 6)) ||
	      (len >= 7 && !memcmp(s + len - 7, "writes:", 7)) ||
	      (len >= 5 && !memcmp(s + len - 5, "said:", 5))))
		return;
	for (guint k = p->last; k >= p->first && k + 3 > p->last; k--) {
		const char *t = line_at(c, k, &len);

		if (len >= 3 && !memcmp(t, "On ", 3)) {
			p->last = k;
			break;
		}
		if (k == 0)
			break;
	}
	if (p->last == p->first) {
		p->first = p->last + 1;	/* empty */
		return;
	}
	p->last--;
}

/* ---- pass 2, line rules: trailers, NAKs ---- */

static void line_rules(struct ctx *c, const struct para *p)
{
	for (guint i = p->first; i <= p->last; i++) {
		struct items_span key, value;
		struct items_person who;
		gsize len;
		const char *s = line_at(c, i, &len);
		char *line;

		if (!items_line_trailer(s, len, &key, &value))
			continue;
		if (items_is_key(c->ph, REVIEW_NAK, key.s, key.len)) {
			line = g_strndup(key.s, value.s + value.len - key.s);
			add_item(c, REVIEW_NAK, line, p->quoted, line);
			g_free(line);
			c->used[i] = TRUE;
			continue;
		}
		if (!items_is_key(c->ph, REVIEW_TRAILER, key.s, key.len))
			continue;
		items_person_parse(&who, value.s, value.len);
		if (items_person_same(&who, &c->sender)) {
			line = g_strndup(key.s, value.s + value.len - key.s);
			add_item(c, REVIEW_TRAILER, line, p->quoted, line);
			g_free(line);
			c->used[i] = TRUE;
		}
		items_person_clear(&who);
	}
}

/* ---- pass 2, results ---- */

static void results_rule(struct ctx *c, const struct para *p)
{
	guint n = p->last - p->first + 1;
	guint8 *what = g_new0(guint8, n);	/* 1 measurement or row, 2 label */
	gboolean *row = g_new0(gboolean, n);
	struct review_item *cont = p->adjacent ? c->results_open : NULL;

	c->results_open = NULL;

	for (guint i = 0; i < n; i++) {
		gsize len;
		const char *s = line_at(c, p->first + i, &len);

		if (c->used[p->first + i])
			continue;
		row[i] = items_line_table_row(s, len);
		if (items_line_measurement(c->ph->unit, s, len))
			what[i] = 1;
	}
	for (guint i = 0; i < n; i++) {
		gsize len;
		const char *s = line_at(c, p->first + i, &len);

		if (c->used[p->first + i] || what[i])
			continue;
		if (row[i] && ((i > 0 && row[i - 1]) || (i + 1 < n && row[i + 1])))
			what[i] = 1;
		else if ((len && len <= 60 && s[len - 1] == ':') ||
			 (i + 1 < n && row[i + 1] && i + 2 < n && row[i + 2] &&
			  items_line_columns(s, len)))
			what[i] = 2;
	}
	for (guint i = 0; i < n;) {
		guint j = i, last = G_MAXUINT;
		struct review_item *it;
		GString *t;

		while (j < n && what[j]) {
			if (what[j] == 1)
				last = j;
			j++;
		}
		if (last == G_MAXUINT) {
			i = j + 1;
			continue;
		}
		t = g_string_new(NULL);
		for (guint k = i; k <= last; k++) {
			gsize len;
			const char *s = line_at(c, p->first + k, &len);

			g_string_append_len(t, s, len);
			if (k < last)
				g_string_append_c(t, '\n');
			c->used[p->first + k] = TRUE;
		}
		if (i == 0 && cont) {
			char *old = cont->text;

			cont->text = g_strdup_printf("%s\n\n%s", old, t->str);
			g_free(old);
			it = cont;
		} else {
			it = add_item(c, REVIEW_RESULTS, t->str, p->quoted, NULL);
		}
		g_string_free(t, TRUE);
		c->results_open = last + 1 == n ? it : NULL;
		i = last + 1;
	}
	g_free(what);
	g_free(row);
}

/* ---- pass 2, sentences ---- */

/* The word before the '.' that ends cur is an abbreviation ("e.g.",
 * "etc.", a single letter): no sentence ends there. */
static gboolean abbreviation(const GString *cur)
{
	static const char *const abbrev[] = { "e.g", "i.e", "etc", "vs", "cf", "approx", "resp",
					      "al", "eg", "ie", "mr", "dr" };
	gsize end = cur->len - 1, start = end;
	char *w;
	gboolean yes = FALSE;

	while (start > 0 && cur->str[start - 1] != ' ' && cur->str[start - 1] != '(')
		start--;
	if (end - start == 1 && g_ascii_isalpha(cur->str[start]))
		return TRUE;
	w = g_ascii_strdown(cur->str + start, end - start);
	for (gsize i = 0; i < G_N_ELEMENTS(abbrev) && !yes; i++)
		yes = !strcmp(w, abbrev[i]);
	g_free(w);
	return yes;
}

static void flush_sentence(GPtrArray *out, GString *cur)
{
	char *s = g_strstrip(g_strdup(cur->str));

	if (*s)
		g_ptr_array_add(out, s);
	else
		g_free(s);
	g_string_truncate(cur, 0);
}

/* "- x", "* x", "1. x", "2) x": a list item starts a sentence. */
static gboolean list_item(const char *s, gsize len)
{
	gsize i = 0;

	if (len >= 2 && strchr("-*+", s[0]) && s[1] == ' ')
		return TRUE;
	while (i < len && g_ascii_isdigit(s[i]))
		i++;
	return i > 0 && i + 1 < len && (s[i] == '.' || s[i] == ')') && s[i + 1] == ' ';
}

/* strchr(".?!", c), strchr(")]\"'`", c), strchr(")\"'", c): a NUL is
 * in each, as strchr finds the terminator. */
static inline gboolean is_mark(char c)
{
	return c == '.' || c == '?' || c == '!' || !c;
}

static inline gboolean after_word(char c)
{
	return c == ')' || c == ']' || c == '"' || c == '\'' || c == '`' || !c;
}

static inline gboolean is_closing(char c)
{
	return c == ')' || c == '"' || c == '\'' || !c;
}

/* The paragraph's lines no line rule took, cut into sentences (char *,
 * trimmed; caller owns). */
static GPtrArray *sentences(const struct ctx *c, const struct para *p)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
	GString *cur = g_string_new(NULL);

	for (guint i = p->first; i <= p->last; i++) {
		gsize len, j = 0;
		const char *s = line_at(c, i, &len);

		if (c->used[i]) {
			flush_sentence(out, cur);
			continue;
		}
		while (j < len && (s[j] == ' ' || s[j] == '\t'))
			j++;
		if (list_item(s + j, len - j))
			flush_sentence(out, cur);
		for (; j < len; j++) {
			gsize k = j + 1;

			g_string_append_c(cur, s[j]);
			/* a mark ends a sentence after a word ("x?", "foo()?"),
			 * not after a space or a symbol ("a ? b", "%?") */
			if (!is_mark(s[j]) || j == 0 ||
			    !(g_ascii_isalnum(s[j - 1]) || after_word(s[j - 1]) ||
			      (guchar)s[j - 1] >= 0x80))
				continue;
			while (k < len && is_closing(s[k]))
				k++;
			if (k < len && s[k] != ' ' && s[k] != '\t')
				continue;
			if (s[j] == '.' && abbreviation(cur))
				continue;
			g_string_append_len(cur, s + j + 1, k - j - 1);
			j = k - 1;
			flush_sentence(out, cur);
		}
		if (cur->len)
			g_string_append_c(cur, ' ');
	}
	flush_sentence(out, cur);
	g_string_free(cur, TRUE);
	return out;
}

static gboolean ends_in_question(const char *s)
{
	gsize n = strlen(s);

	while (n > 0 && strchr(" \t)\"'", s[n - 1]))
		n--;
	return n > 0 && s[n - 1] == '?';
}

/* Add "Key: value" (s[0..len)) to out when it is a trailer that can be
 * disputed and names the sender. */
static void maybe_target(const struct ctx *c, const char *s, gsize len, GPtrArray *out)
{
	struct items_span key, value;
	struct items_person who;

	while (len && (*s == '>' || *s == ' ' || *s == '\t')) {
		s++;
		len--;
	}
	if (!items_line_trailer(s, len, &key, &value) ||
	    !items_is_key(c->ph, REVIEW_TRAILER_OBJECTION, key.s, key.len))
		return;
	items_person_parse(&who, value.s, value.len);
	if (items_person_same(&who, &c->sender))
		g_ptr_array_add(out, g_strndup(key.s, value.s + value.len - key.s));
	items_person_clear(&who);
}

/* The trailers the sender could dispute here: those quoted just above,
 * then the credits of the patch answered (char *; caller owns). */
static GPtrArray *objection_targets(const struct ctx *c, const struct para *p)
{
	GPtrArray *out = g_ptr_array_new_with_free_func(g_free);
	const char *q = p->quoted;

	while (*q) {
		const char *nl = strchr(q, '\n');
		gsize len = nl ? (gsize)(nl - q) : strlen(q);

		maybe_target(c, q, len, out);
		q += len + (nl != NULL);
	}
	for (const char *const *t = c->m->credits; t && *t; t++)
		maybe_target(c, *t, strlen(*t), out);
	return out;
}

/* Of the targets, the one whose tag the sentence names ("suggest" for a
 * Suggested-by), else the first. */
static const char *pick_target(const GPtrArray *targets, const char *norm)
{
	for (guint i = 0; i < targets->len; i++) {
		const char *t = g_ptr_array_index(targets, i);
		const char *by = strstr(t, "-by:") ? strstr(t, "-by:") : strchr(t, ':');
		char *stem = g_ascii_strdown(t, by - t);
		gsize n = strlen(stem);
		gboolean named;

		if (n > 4 && g_str_has_suffix(stem, "ed"))
			stem[n - 2] = '\0';
		named = strstr(norm, stem) != NULL;
		g_free(stem);
		if (named)
			return t;
	}
	return g_ptr_array_index(targets, 0);
}

/* The sentence's kind, or -1.  *targets: objection_targets(c, p), found
 * the first time a sentence reads as an objection (NULL until then). */
static int sentence_kind(const struct ctx *c, const struct para *p, const char *raw,
			 const char *norm, GPtrArray **targets)
{
	guint32 hits = items_sentence_hits(c->ph, norm);

	if (items_hits_kind(hits, REVIEW_NAK))
		return REVIEW_NAK;
	if (items_hits_kind(hits, REVIEW_TRAILER_OBJECTION)) {
		if (!*targets)
			*targets = objection_targets(c, p);
		if ((*targets)->len)
			return REVIEW_TRAILER_OBJECTION;
	}
	if (c->m->from_author && items_hits_kind(hits, REVIEW_PROMISE))
		return REVIEW_PROMISE;
	if (items_hits_kind(hits, REVIEW_CHANGE_REQUEST))
		return REVIEW_CHANGE_REQUEST;
	if (ends_in_question(raw) || items_hits_kind(hits, REVIEW_QUESTION))
		return REVIEW_QUESTION;
	return -1;
}

static void sentence_rules(struct ctx *c, const struct para *p)
{
	GPtrArray *sent = sentences(c, p), *targets = NULL;
	GString *acc[REVIEW_KIND_COUNT] = { NULL };
	int order[REVIEW_KIND_COUNT], n = 0;
	char *disputed = NULL, *nak = NULL;

	for (guint i = 0; i < sent->len; i++) {
		const char *raw = g_ptr_array_index(sent, i);
		char *norm = items_normalise(raw, strlen(raw));
		int k = sentence_kind(c, p, raw, norm, &targets);

		if (k >= 0) {
			if (!acc[k]) {
				acc[k] = g_string_new(NULL);
				order[n++] = k;
			} else {
				g_string_append_c(acc[k], ' ');
			}
			g_string_append(acc[k], raw);
			if (k == REVIEW_TRAILER_OBJECTION && !disputed)
				disputed = g_strdup(pick_target(targets, norm));
		}
		g_free(norm);
	}
	if (acc[REVIEW_NAK])
		nak = g_strdup_printf("Nacked-by: %s", c->m->from ? c->m->from : "");
	for (int i = 0; i < n; i++) {
		int k = order[i];

		add_item(c, k, acc[k]->str, p->quoted,
			 k == REVIEW_NAK ? nak : k == REVIEW_TRAILER_OBJECTION ? disputed : NULL);
		g_string_free(acc[k], TRUE);
	}
	g_free(nak);
	g_free(disputed);
	if (targets)
		g_ptr_array_unref(targets);
	g_ptr_array_unref(sent);
}

/* ---- one reply ---- */

guint review_extract(const struct review_phrases *ph, const struct review_mail *m,
		     GPtrArray *items)
{
	struct ctx c = { 0 };
	GString *own;
	const char *first_quoted = NULL;
	GArray *paras;
	guint n;

	if (!m->body || !m->body->lines)
		return 0;
	c.ph = ph ? ph : review_phrases_default();
	c.m = m;
	c.text = m->body->text;
	c.lines = (const struct message_line *)m->body->lines->data;
	c.items = items;
	n = m->body->lines->len;
	c.used = g_new0(gboolean, n + 1);
	if (m->from)
		items_person_parse(&c.sender, m->from, strlen(m->from));
	paras = paragraphs(&c, n);
	own = g_string_new(NULL);
	for (guint i = 0; i < paras->len; i++) {
		struct para *p = &g_array_index(paras, struct para, i);

		drop_attribution(&c, p);
		if (p->first > p->last)
			continue;
		if (own->len)
			g_string_append(own, "\n\n");
		for (guint k = p->first; k <= p->last; k++) {
			gsize len;
			const char *s = line_at(&c, k, &len);

			g_string_append_len(own, s, len);
			if (k < p->last)
				g_string_append_c(own, '\n');
		}
		if (!first_quoted)
			first_quoted = p->quoted;
		line_rules(&c, p);
		results_rule(&c, p);
		sentence_rules(&c, p);
	}
	if (!c.added && own->len)
		add_item(&c, REVIEW_COMMENT, own->str, first_quoted, NULL);
	g_string_free(own, TRUE);
	for (guint i = 0; i < paras->len; i++)
		g_free(g_array_index(paras, struct para, i).quoted);
	g_array_free(paras, TRUE);
	items_person_clear(&c.sender);
	g_free(c.used);
	return c.added;
}
