/* lint-tags.c - rules about the form of tags (spelling, spacing, unknown
 * and combined ones, order, lines git does not take as trailers) and about
 * links (the stable address, Link:/Closes: URLs, archives, Change-Id). */
#include "lint/lint-private.h"

#include <string.h>

LINT_CHECK(tag_spelling)
{
	const struct lint_message *m = c->msg;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);

		if (t->is_trailer && t->tag && strncmp(t->key, t->tag->name, t->key_len))
			lint_report(c, t->line, "'%.*s' is spelled %s", (int)t->key_len, t->key,
				    t->tag->name);
	}
}

LINT_CHECK(tag_spacing)
{
	const struct lint_message *m = c->msg;
	const char *text = m->in->message;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		gsize p, spaces = 0;
		gboolean tab = FALSE;

		if (!t->is_trailer || (!t->tag && !lint_ends_by(t->key, t->key_len)))
			continue;
		if (t->key + t->key_len < text + t->sep) {
			lint_report(c, t->line, "no blank between %.*s and '%c'", (int)t->key_len,
				    t->key, text[t->sep]);
			continue;
		}
		for (p = t->sep + 1; p < t->end && (text[p] == ' ' || text[p] == '\t'); p++) {
			spaces++;
			tab |= text[p] == '\t';
		}
		if (!t->value_len || (p < t->end && text[p] == '\n'))
			continue;	/* empty, or the value on a continuation line */
		if (spaces != 1 || tab)
			lint_report(c, t->line, "one space after %.*s%c, not %s", (int)t->key_len,
				    t->key, text[t->sep], tab ? "a tab" : spaces ? "several" : "none");
	}
}

/* Levenshtein distance of a and b with '-' dropped and case folded. */
static guint distance(const char *a, gsize alen, const char *b)
{
	char x[64], y[64];
	guint nx = 0, ny = 0, row[65];

	for (gsize i = 0; i < alen && nx < 63; i++)
		if (a[i] != '-')
			x[nx++] = g_ascii_tolower(a[i]);
	for (; *b && ny < 63; b++)
		if (*b != '-')
			y[ny++] = g_ascii_tolower(*b);
	for (guint j = 0; j <= ny; j++)
		row[j] = j;
	for (guint i = 1; i <= nx; i++) {
		guint diag = row[0];

		row[0] = i;
		for (guint j = 1; j <= ny; j++) {
			guint up = row[j], v = diag + (x[i - 1] != y[j - 1]);

			if (up + 1 < v)
				v = up + 1;
			if (row[j - 1] + 1 < v)
				v = row[j - 1] + 1;
			diag = up;
			row[j] = v;
		}
	}
	return row[ny];
}

static gboolean combined(const char *key, gsize len)
{
	return lint_ends_by(key, len) && lint_find_ci(key, len, "-and-") > 0;
}

LINT_CHECK(tag_unknown)
{
	const struct lint_message *m = c->msg;
	const GPtrArray *tags = c->policy->tags;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		gboolean by;
		const char *best = NULL;
		guint bestd = 3;

		if (!t->is_trailer || t->tag || combined(t->key, t->key_len))
			continue;
		by = lint_ends_by(t->key, t->key_len);
		for (guint k = 0; k < tags->len; k++) {
			const struct policy_tag *pt = g_ptr_array_index(tags, k);
			guint d;

			if (!by && (strlen(pt->name) < 5 || t->key_len < 4))
				continue;
			d = distance(t->key, t->key_len, pt->name);
			if (d < bestd) {
				bestd = d;
				best = pt->name;
			}
		}
		if (best)
			lint_report(c, t->line, "unknown tag '%.*s': %s?", (int)t->key_len, t->key,
				    best);
		else if (by)
			lint_report(c, t->line, "unknown tag '%.*s' (trailers.conf lists the known "
				    "ones)", (int)t->key_len, t->key);
	}
}

LINT_CHECK(tag_combined)
{
	const struct lint_message *m = c->msg;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		char *word, **parts;
		GString *want;

		if (!t->is_trailer || !combined(t->key, t->key_len))
			continue;
		word = g_strndup(t->key, t->key_len - 3);
		parts = g_strsplit(word, "-and-", -1);
		want = g_string_new(NULL);
		for (char **p = parts; *p; p++) {
			if (!**p)
				continue;
			if (want->len)
				g_string_append(want, p[1] ? ", " : " and ");
			g_string_append_printf(want, "%c%s-by:", g_ascii_toupper(**p), *p + 1);
		}
		lint_report(c, t->line, "combined tag %.*s: give %s on lines of their own",
			    (int)t->key_len, t->key, want->str);
		g_strfreev(parts);
		g_free(word);
		g_string_free(want, TRUE);
	}
}

/* Is t one of the tags that must follow `anchor` at once (its followedBy:
 * the Closes: or Link: of a Reported-by)? */
static gboolean follows(const struct lint_trailer *anchor, const struct lint_trailer *t)
{
	char **want = anchor && anchor->tag ? anchor->tag->followed_by : NULL;

	for (; want && *want; want++)
		if (lint_key_is(t, *want))
			return TRUE;
	return FALSE;
}

/* The order of policy.order, with the rule tag-follow holds: the run of
 * tags a followedBy: tag wants right after it (Reported-by, then its
 * Closes: or Link:) goes where that tag goes, so it has no rank of its own
 * (a Link: there is the report's, not the Link: that closes the block). */
LINT_CHECK(tag_order)
{
	const struct lint_message *m = c->msg;
	const struct lint_trailer *top = NULL, *anchor = NULL;
	int toprank = -1;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		int r;

		if (!t->is_trailer) {
			anchor = NULL;
			continue;
		}
		if (follows(anchor, t))
			continue;
		anchor = t;
		if ((r = policy_rank(c->policy, t->key, t->key_len)) < 0)
			continue;
		if (r < toprank)
			lint_report(c, t->line, "%.*s: should come before %.*s: (tag order: %s)",
				    (int)t->key_len, t->key, (int)top->key_len, top->key,
				    policy_order_text((struct policy *)c->policy));
		else if (r > toprank) {
			toprank = r;
			top = t;
		}
	}
}

LINT_CHECK(trailer_not_in_block)
{
	const struct lint_message *m = c->msg;
	const char *text = m->in->message;

	for (guint i = 0; i < m->lines->len; i++) {
		const struct lint_line *ln = &g_array_index(m->lines, struct lint_line, i);
		const char *s = text + ln->start;
		gsize k = 0;
		const struct policy_tag *tag;

		if (ln->kind != LINT_LINE_BODY)
			continue;
		while (k < ln->len && (g_ascii_isalnum(s[k]) || s[k] == '-'))
			k++;
		if (!k || k + 1 >= ln->len || s[k] != ':' || s[k + 1] != ' ')
			continue;
		tag = policy_tag(c->policy, s, k);
		if ((tag && (tag->kind == POLICY_KIND_PERSON || tag->kind == POLICY_KIND_COMMIT)) ||
		    (!tag && lint_ends_by(s, k)))
			lint_report(c, i + 1, "%.*s: is not in the trailer block (the last paragraph, "
				    "all tags): git does not read it as a trailer", (int)k, s);
	}
}

static gboolean is_stable(const struct policy *p, const char *email, gboolean *alias)
{
	*alias = FALSE;
	if (p->stable && !g_ascii_strcasecmp(email, p->stable))
		return TRUE;
	for (char **a = p->stable_aliases; *a; a++)
		if (!g_ascii_strcasecmp(email, *a))
			return *alias = TRUE;
	return FALSE;
}

LINT_CHECK(stable_address)
{
	const struct lint_message *m = c->msg;
	const char *want = c->policy->stable;

	if (!want)
		return;
	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		gboolean alias;
		const char *com;

		if (!t->is_trailer || !t->person || !t->addr.email ||
		    !is_stable(c->policy, t->addr.email, &alias))
			continue;
		com = t->addr.comment;
		if (alias)
			lint_report(c, t->line, "%s is the old address of the stable list: Cc: %s",
				    t->addr.email, want);
		else if (!lint_key_is(t, "Cc"))
			lint_report(c, t->line, "the stable list goes in a Cc: tag, not %.*s:",
				    (int)t->key_len, t->key);
		else if (*t->addr.name || *t->addr.name_comment)
			lint_report(c, t->line, "no name for the stable list: Cc: %s%s%s", want,
				    *com ? " " : "", com);
		else if (*com && com[0] != '#')
			lint_report(c, t->line, "a comment on the stable address starts with '#': "
				    "Cc: %s # 6.1+", want);
		else if (t->addr.problems & IDENT_ADDR_TRAILING)
			lint_report(c, t->line, "the form is Cc: %s # 6.1+", want);
	}
}

/* An http(s) URL at s: its length (up to a blank), or 0. */
static gsize url_len(const char *s, gsize len)
{
	gsize k;

	if (len > 8 && !lint_strncasecmp(s, "https://", 8))
		k = 8;
	else if (len > 7 && !lint_strncasecmp(s, "http://", 7))
		k = 7;
	else
		return 0;
	if (k >= len || s[k] == ' ' || s[k] == '/')
		return 0;
	while (k < len && s[k] != ' ' && s[k] != '\t')
		k++;
	return k;
}

/* "<local@host>": a message-id. */
static gboolean msgid_form(const char *s, gsize len)
{
	const char *at = memchr(s, '@', len);

	return len > 4 && s[0] == '<' && at && at > s + 1 && at < s + len - 2 &&
	       memchr(s, '>', len) == s + len - 1 && !memchr(s, ' ', len);
}

LINT_CHECK(link_url)
{
	const struct lint_message *m = c->msg;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		const char *v = t->value;
		gsize n, rest;

		if (!t->is_trailer || !t->tag || t->tag->kind != POLICY_KIND_URL)
			continue;
		n = url_len(v, t->value_len);
		if (!n) {
			const char *sp = memchr(v, ' ', t->value_len);

			if (msgid_form(v, sp ? (gsize)(sp - v) : t->value_len))
				continue;
			lint_report(c, t->line, "%.*s: needs an http(s) URL%s", (int)t->key_len, t->key,
				    t->value_len ? ", not this" : "");
			continue;
		}
		/* after the URL, only a "# comment" */
		for (rest = n; rest < t->value_len && (v[rest] == ' ' || v[rest] == '\t'); rest++)
			;
		if (rest < t->value_len && v[rest] != '#')
			lint_report(c, t->line, "%.*s: one URL per tag (a comment goes after '#')",
				    (int)t->key_len, t->key);
	}
}

/* Does the URL u[0..n) point into archive `a` ("host" or "host/path")? */
static gboolean url_in(const char *u, gsize n, const char *a)
{
	const char *host = lint_memmem(u, n, "://", 3) + 3;
	const char *slash = memchr(host, '/', (gsize)(u + n - host));
	gsize hlen = slash ? (gsize)(slash - host) : (gsize)(u + n - host);
	const char *as = strchr(a, '/');
	gsize alen = as ? (gsize)(as - a) : strlen(a);

	if (hlen < alen || lint_strncasecmp(host + hlen - alen, a, alen) ||
	    (hlen > alen && host[hlen - alen - 1] != '.'))
		return FALSE;
	if (!as)
		return TRUE;
	return slash && (gsize)(u + n - slash) >= strlen(as) &&
	       !lint_strncasecmp(slash, as, strlen(as));
}

LINT_CHECK(link_archive)
{
	const struct lint_message *m = c->msg;
	const char *text = m->in->message;

	if (!c->policy->obsolete[0])
		return;
	for (guint i = 0; i < m->lines->len; i++) {
		const struct lint_line *ln = &g_array_index(m->lines, struct lint_line, i);
		const char *s = text + ln->start;

		if (ln->kind == LINT_LINE_CUT)
			break;
		if (!ln->url)
			continue;
		for (gsize k = 0; k + 7 < ln->len; k++) {
			gsize n;

			if ((s[k] != 'h' && s[k] != 'H') || !(n = url_len(s + k, ln->len - k)))
				continue;
			for (char **a = c->policy->obsolete; *a; a++)
				if (url_in(s + k, n, *a)) {
					lint_report(c, i + 1, "a link to %s: link to the message on %s "
						    "instead (https://%s/r/<message-id>)", *a,
						    c->policy->archives[0] ? c->policy->archives[0] :
						    "lore.kernel.org", c->policy->archives[0] ?
						    c->policy->archives[0] : "lore.kernel.org");
					k = ln->len;
					break;
				}
			k += n ? n - 1 : 0;
		}
	}
}

LINT_CHECK(use_link)
{
	const struct lint_message *m = c->msg;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);

		if (!t->is_trailer || t->tag || lint_key_is(t, "Change-Id"))
			continue;
		if (url_len(t->value, t->value_len))
			lint_report(c, t->line, "%.*s: with a URL: use Link: (or Closes: for the report "
				    "a patch fixes)", (int)t->key_len, t->key);
	}
}

LINT_CHECK(gerrit_change_id)
{
	const struct lint_message *m = c->msg;
	const char *text = m->in->message;

	for (guint i = 0; i < m->lines->len; i++) {
		const struct lint_line *ln = &g_array_index(m->lines, struct lint_line, i);
		const char *s = text + ln->start;
		gsize k = 0;

		if (ln->kind == LINT_LINE_CUT)
			break;
		while (k < ln->len && (s[k] == ' ' || s[k] == '\t'))
			k++;
		if (ln->len - k >= 10 && !lint_strncasecmp(s + k, "Change-Id:", 10))
			lint_report(c, i + 1, "a Gerrit Change-Id: remove it before sending upstream");
	}
}
