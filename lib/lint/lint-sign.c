/* lint-sign.c - rules about signatures and the people tags name: the
 * Signed-off-by chain (author first, submitter last), pairs such as
 * Co-developed-by + Signed-off-by, duplicates, self-credit, one person under
 * two addresses, and the form of "Name <address>". */
#include "lint/lint-private.h"

#include <string.h>

#define SOB "Signed-off-by"

static gboolean is_sob(const struct lint_trailer *t)
{
	return lint_key_is(t, SOB);
}

/* A person trailer with an address to compare. */
static gboolean has_email(const struct lint_trailer *t)
{
	return t->is_trailer && t->person && t->addr.email && !(t->addr.problems & IDENT_ADDR_FATAL);
}

static gboolean item_is(const struct lint_ctx *c, const struct lint_trailer *t, const char *name,
			const char *email)
{
	return has_email(t) && lint_same_person(c, t->addr.name, t->addr.email, name, email);
}

/* A line outside the block that starts like "Signed-off-by:", or 0. */
static guint stray_sob_line(const struct lint_message *m)
{
	const char *text = m->in->message;

	for (guint i = 0; i < m->lines->len; i++) {
		const struct lint_line *ln = &g_array_index(m->lines, struct lint_line, i);
		gsize p = ln->start, end = ln->start + ln->len;

		if (ln->kind == LINT_LINE_BLOCK)
			continue;
		while (p < end && (text[p] == ' ' || text[p] == '\t'))
			p++;
		if (end - p >= 14 && !lint_strncasecmp(text + p, SOB ":", 14))
			return i + 1;
	}
	return 0;
}

LINT_CHECK(sign_off_missing)
{
	const struct lint_message *m = c->msg;
	guint stray;

	for (guint i = 0; i < m->items->len; i++)
		if (is_sob(lint_item(m, i)))
			return;
	stray = stray_sob_line(m);
	if (stray && lint_line_at(m, stray)->kind == LINT_LINE_CUT)
		lint_report(c, stray, "no Signed-off-by in the trailer block: this one is below a "
			    "'---' line, which git am cuts off");
	else if (stray)
		lint_report(c, stray, "no Signed-off-by in the trailer block: this one is not in "
			    "the last paragraph, so git does not read it as a trailer");
	else
		lint_report(c, lint_last_line(m), "no Signed-off-by: sign your work (git commit -s)");
}

/* How the author's signature stands: 1 signed (*partial: signed under
 * another name), 2 only the name matches (*partial: that one), 0 none. */
static int author_signed(const struct lint_ctx *c, const struct lint_trailer **partial)
{
	const struct lint_message *m = c->msg;
	const char *name = m->in->author_name ? m->in->author_name : "";
	const char *email = m->in->author_email;
	const struct lint_trailer *name_diff = NULL, *name_only = NULL;

	*partial = NULL;
	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		const char *n1, *e1, *n2, *e2;

		if (!is_sob(t) || !has_email(t))
			continue;
		if (lint_same_person(c, t->addr.name, t->addr.email, name, email)) {
			ident_resolve(c->mailmap, t->addr.name, t->addr.email, &n1, &e1);
			ident_resolve(c->mailmap, name, email, &n2, &e2);
			if (!strcmp(n1, n2))
				return 1;
			if (!name_diff)
				name_diff = t;
		} else if (*name && !strcmp(t->addr.name, name) && !name_only) {
			name_only = t;
		}
	}
	if (name_diff) {
		*partial = name_diff;
		return 1;
	}
	*partial = name_only;
	return name_only ? 2 : 0;
}

LINT_CHECK(sign_off_author)
{
	const struct lint_input *in = c->msg->in;
	const struct lint_trailer *partial;
	char *who;

	if (!in->author_email || !*in->author_email)
		return;
	if (author_signed(c, &partial) != 0)
		return;
	who = lint_person_text(in->author_name, in->author_email);
	lint_report(c, lint_last_line(c->msg), "no Signed-off-by by the author, %s", who);
	g_free(who);
}

LINT_CHECK(from_sign_off_mismatch)
{
	const struct lint_input *in = c->msg->in;
	const struct lint_trailer *t;
	char *who;
	int state;

	if (!in->author_email || !*in->author_email)
		return;
	state = author_signed(c, &t);
	if (!t)
		return;
	who = lint_person_text(in->author_name, in->author_email);
	if (state == 1) {
		lint_report(c, t->line, "the author is %s, the Signed-off-by says '%s': another name",
			    who, t->addr.name);
	} else {
		char *a = ident_email_base(t->addr.email), *b = ident_email_base(in->author_email);

		lint_report(c, t->line, "the author is %s, the Signed-off-by has <%s>: another %s",
			    who, t->addr.email, g_ascii_strcasecmp(a, b) ? "address" : "subaddress");
		g_free(a);
		g_free(b);
	}
	g_free(who);
}

LINT_CHECK(sign_off_submitter)
{
	const struct lint_message *m = c->msg;
	const struct lint_input *in = m->in;
	const struct lint_trailer *last = NULL;
	gboolean any = FALSE;
	char *who;

	if (!in->submitter_email || !*in->submitter_email)
		return;
	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);

		if (!is_sob(t) || !has_email(t))
			continue;
		last = t;
		any |= item_is(c, t, in->submitter_name, in->submitter_email);
	}
	if (!last || item_is(c, last, in->submitter_name, in->submitter_email))
		return;
	/* the author who submits and never signed: sign-off-author says it */
	if (!any && in->author_email &&
	    lint_same_person(c, in->author_name, in->author_email, in->submitter_name,
			     in->submitter_email))
		return;
	who = lint_person_text(in->submitter_name, in->submitter_email);
	if (any)
		lint_report(c, last->line, "the submitter %s must sign off last (the last "
			    "Signed-off-by is %s's)", who, *last->addr.name ? last->addr.name :
			    last->addr.email);
	else
		lint_report(c, last->line, "no Signed-off-by by the submitter, %s, who sends it on",
			    who);
	g_free(who);
}

/* The next item after i, or NULL. */
static const struct lint_trailer *next_item(const struct lint_message *m, guint i)
{
	return i + 1 < m->items->len ? lint_item(m, i + 1) : NULL;
}

LINT_CHECK(tag_pair)
{
	const struct lint_message *m = c->msg;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i), *n = next_item(m, i);
		const char *pair = t->tag ? t->tag->pair : NULL;

		if (!t->is_trailer || !pair)
			continue;
		if (!n || !lint_key_is(n, pair)) {
			lint_report(c, t->line, "%.*s: must be followed at once by %s: for the same "
				    "person", (int)t->key_len, t->key, pair);
			continue;
		}
		if (!has_email(t) || !has_email(n))
			continue;	/* trailer-malformed says why */
		if (!lint_same_person(c, t->addr.name, t->addr.email, n->addr.name, n->addr.email) ||
		    strcmp(t->addr.name, n->addr.name))
			lint_report(c, n->line, "%.*s: and the %s: after it name different people "
				    "(%s, %s)", (int)t->key_len, t->key, pair, t->value, n->value);
	}
}

LINT_CHECK(tag_follow)
{
	const struct lint_message *m = c->msg;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i), *n;
		char **want = t->tag ? t->tag->followed_by : NULL;
		gboolean ok = FALSE;
		GString *list;

		if (!t->is_trailer || !want || !*want)
			continue;
		/* a run of the same tag (two reporters of one bug) ends first */
		n = next_item(m, i);
		if (n && lint_key_is(n, t->tag->name))
			continue;
		for (char **w = want; n && *w && !ok; w++)
			ok = lint_key_is(n, *w);
		if (ok)
			continue;
		list = g_string_new(NULL);
		for (char **w = want; *w; w++)
			g_string_append_printf(list, "%s%s:", list->len ? (w[1] ? ", " : " or ") : "",
					       *w);
		lint_report(c, t->line, "%.*s: should be followed by %s (where the report is)",
			    (int)t->key_len, t->key, list->str);
		g_string_free(list, TRUE);
	}
}

LINT_CHECK(self_credit)
{
	const struct lint_message *m = c->msg;
	const struct lint_input *in = m->in;

	if (!in->author_email)
		return;
	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);

		if (t->tag && t->tag->not_author && item_is(c, t, in->author_name, in->author_email))
			lint_report(c, t->line, "%.*s: names the patch's own author", (int)t->key_len,
				    t->key);
	}
}

/* Values alike, blanks and case aside. */
static gboolean same_text(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ' || *a == '\t')
			a++;
		while (*b == ' ' || *b == '\t')
			b++;
		if (!*a || !*b)
			return !*a && !*b;
		if (g_ascii_tolower(*a) != g_ascii_tolower(*b))
			return FALSE;
		a++;
		b++;
	}
}

LINT_CHECK(duplicate_signature)
{
	const struct lint_message *m = c->msg;

	for (guint j = 1; j < m->items->len; j++) {
		const struct lint_trailer *b = lint_item(m, j);

		if (!b->is_trailer)
			continue;
		for (guint i = 0; i < j; i++) {
			const struct lint_trailer *a = lint_item(m, i);
			gboolean dup;

			if (!a->is_trailer || a->key_len != b->key_len ||
			    lint_strncasecmp(a->key, b->key, a->key_len))
				continue;
			if (has_email(a) && has_email(b))
				dup = !g_ascii_strcasecmp(a->canon_email, b->canon_email);
			else
				dup = same_text(a->value, b->value);
			if (dup) {
				lint_report(c, b->line, "duplicate signature: %.*s: %s is on line %u "
					    "already", (int)b->key_len, b->key, b->value,
					    m->in->lines && a->line - 1 < m->in->nlines ?
					    m->in->lines[a->line - 1] : a->line);
				break;
			}
		}
	}
}

/* A name for comparing: lower case, blanks squeezed ("" for none). */
static char *name_key(const char *name)
{
	GString *s = g_string_new(NULL);

	for (const char *p = name; *p; p++) {
		if (*p == ' ' || *p == '\t') {
			if (s->len && s->str[s->len - 1] != ' ')
				g_string_append_c(s, ' ');
			continue;
		}
		g_string_append_c(s, g_ascii_tolower(*p));
	}
	if (s->len && s->str[s->len - 1] == ' ')
		g_string_truncate(s, s->len - 1);
	return g_string_free(s, FALSE);
}

LINT_CHECK(person_two_addresses)
{
	const struct lint_message *m = c->msg;
	GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	GHashTable *said = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i), *first;
		char *key, *pair;

		if (!has_email(t) || !*t->addr.name)
			continue;
		key = name_key(t->addr.name);
		first = g_hash_table_lookup(seen, key);
		if (!first) {
			g_hash_table_insert(seen, key, (gpointer)t);
			continue;
		}
		pair = g_strdup_printf("%s\n%s", first->canon_email, t->canon_email);
		if (g_ascii_strcasecmp(first->canon_email, t->canon_email) &&
		    !g_hash_table_contains(said, pair)) {
			lint_report(c, t->line, "%s appears as <%s> and as <%s>: use one address, or "
				    "join them in .mailmap", t->addr.name, first->addr.email,
				    t->addr.email);
			g_hash_table_add(said, pair);
		} else {
			g_free(pair);
		}
		g_free(key);
	}
	g_hash_table_destroy(seen);
	g_hash_table_destroy(said);
}

/* "Signed-off-by" or a "*-by" word at s (a block line that is no trailer):
 * its length, or 0. */
static gsize tag_word(const struct lint_ctx *c, const char *s, gsize len)
{
	gsize k = 0;

	while (k < len && (g_ascii_isalnum(s[k]) || s[k] == '-'))
		k++;
	if (!k)
		return 0;
	if (policy_tag(c->policy, s, k) || lint_ends_by(s, k))
		return k;
	return 0;
}

static const char *fatal_text(unsigned p)
{
	if (p & IDENT_ADDR_BAD_UTF8)
		return "is not UTF-8";
	if (p & IDENT_ADDR_NO_ADDRESS)
		return "has no <address>";
	if (p & IDENT_ADDR_UNBALANCED)
		return "has an unclosed quote, parenthesis or <";
	if (p & IDENT_ADDR_MANY)
		return "names more than one person";
	if (p & IDENT_ADDR_NON_ASCII)
		return "has non-ASCII characters in the address";
	if (p & IDENT_ADDR_BAD_ADDRESS)
		return "has no valid address (local@domain)";
	if (p & IDENT_ADDR_ENCODED)
		return "has an undecoded =?charset?...?= word in the name";
	return "is malformed";
}

LINT_CHECK(trailer_malformed)
{
	const struct lint_message *m = c->msg;
	const char *text = m->in->message;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		const char *nl;

		if (!t->is_trailer) {
			/* "Signed-off-by Ada <ada@x>": a tag word without its colon */
			gsize k = tag_word(c, t->value, t->value_len);

			if (k && (k == t->value_len || t->value[k] == ' ' || t->value[k] == '\t' ||
				  t->value[k] == ';' || t->value[k] == '='))
				lint_report(c, t->line, "'%.*s' without ':' after it is not a trailer",
					    (int)k, t->value);
			continue;
		}
		if (t->person && (t->addr.problems & (IDENT_ADDR_FATAL | IDENT_ADDR_ENCODED))) {
			const char *why = fatal_text(t->addr.problems);

			if (!t->value_len)
				lint_report(c, t->line, "%.*s: is empty: it needs Name <address>",
					    (int)t->key_len, t->key);
			else
				lint_report(c, t->line, "%.*s: %s %s", (int)t->key_len, t->key,
					    t->value, why);
		}
		/* a continuation line that holds a tag: indented by mistake */
		guint off = 0;

		for (const char *p = text + t->start; (nl = memchr(p, '\n', text + t->end - p)) &&
		     nl + 1 < text + t->end; p = nl + 1) {
			const char *q = nl + 1, *end = memchr(q, '\n', text + t->end - q);
			gsize k;

			if (!end)
				end = text + t->end;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			off++;
			k = tag_word(c, q, (gsize)(end - q));
			if (k && q + k < end && q[k] == ':')
				lint_report(c, t->line + off, "'%.*s:' is indented: git reads it as "
					    "a continuation of the %.*s: above", (int)k, q,
					    (int)t->key_len, t->key);
		}
	}
}

LINT_CHECK(person_format)
{
	const struct lint_message *m = c->msg;
	const char *stable = c->policy->stable;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		unsigned p;
		const char *why = NULL;

		if (!t->is_trailer || !t->person || (t->addr.problems & IDENT_ADDR_FATAL))
			continue;
		if (stable && t->addr.email && !g_ascii_strcasecmp(t->addr.email, stable))
			continue;	/* stable-address has its own rule */
		p = t->addr.problems;
		if (p & IDENT_ADDR_NO_BRACKETS)
			why = "put the address in <>: Name <address>";
		else if (p & IDENT_ADDR_SPECIALS)
			why = "the name has characters a mail reader splits on (, ; : @ [ ]): "
			      "put it in double quotes";
		else if (p & IDENT_ADDR_ADDR_COMMENT)
			why = "a (comment) inside the <address>";
		else if (p & IDENT_ADDR_NAME_COMMENTS)
			why = "more than one (comment) beside the name";
		else if (p & IDENT_ADDR_TRAILING)
			why = "text after the address that is not a '# comment' or '(comment)'";
		if (why)
			lint_report(c, t->line, "%.*s: %s: %s", (int)t->key_len, t->key, t->value,
				    why);
	}
}

LINT_CHECK(person_name)
{
	const struct lint_message *m = c->msg;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);

		/* Cc: may name a list; person-name is about those who act */
		if (!has_email(t) || !t->tag || lint_key_is(t, "Cc"))
			continue;
		if (!*t->addr.name)
			lint_report(c, t->line, "%.*s: %s has no name: give the person's name before "
				    "the <address>", (int)t->key_len, t->key, t->value);
		else if (t->addr.problems & IDENT_ADDR_NAME_IS_ADDRESS)
			lint_report(c, t->line, "%.*s: the name '%s' is an address", (int)t->key_len,
				    t->key, t->addr.name);
	}
}
