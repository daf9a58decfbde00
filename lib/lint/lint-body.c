/* lint-body.c - rules about Fixes: tags, commits named in the body, and the
 * lines of the message (length, diffs, comments, changelogs, the subject). */
#include "lint/lint-private.h"

#include <string.h>

static inline gboolean is_hex(char ch)
{
	return g_ascii_isxdigit(ch);
}

static inline gboolean is_blank(char ch)
{
	return ch == ' ' || ch == '\t';
}

static gsize skip_blanks(const char *s, gsize i, gsize len)
{
	while (i < len && is_blank(s[i]))
		i++;
	return i;
}

/* ---- Fixes: <sha> ("subject") ---- */

enum ref_form { REF_OK, REF_NO_SHA, REF_SPACING, REF_NO_SUBJECT, REF_UNQUOTED, REF_TRAILING };

struct ref {
	gboolean commit_word;	/* "commit " before the sha (wrong in Fixes:) */
	gsize hex, hex_len;	/* offsets into the text */
	gboolean upper;
	enum ref_form form;
	gsize subj, subj_len;	/* what is inside ("..."), or inside (...) when unquoted */
};

/* Read <sha> ("subject") from s[i..len); *end gets where it stopped. */
static void read_ref(const char *s, gsize i, gsize len, struct ref *r, gsize *end)
{
	gsize k, close;

	memset(r, 0, sizeof(*r));
	r->hex = i;
	while (i < len && is_hex(s[i])) {
		r->upper |= g_ascii_isupper(s[i]);
		i++;
	}
	r->hex_len = i - r->hex;
	*end = i;
	if (!r->hex_len || (i < len && (g_ascii_isalnum(s[i]) || s[i] == '_'))) {
		r->form = REF_NO_SHA;
		return;
	}
	k = skip_blanks(s, i, len);
	if (k >= len || s[k] != '(') {
		r->form = REF_NO_SUBJECT;
		return;
	}
	if (k != i + 1 || s[i] != ' ')
		r->form = REF_SPACING;
	/* to the '")' that closes it, else the last ')' */
	close = 0;
	for (gsize j = k + 1; j < len; j++)
		if (s[j] == ')' && (close == 0 || s[j - 1] == '"')) {
			close = j;
			if (s[j - 1] == '"' && j > k + 2 && s[k + 1] == '"')
				break;
		}
	if (!close) {
		r->form = REF_NO_SUBJECT;
		return;
	}
	*end = close + 1;
	if (s[k + 1] == '"' && close > k + 2 && s[close - 1] == '"') {
		r->subj = k + 2;
		r->subj_len = close - 1 - r->subj;
	} else {
		r->subj = k + 1;
		r->subj_len = close - r->subj;
		if (r->form == REF_OK)
			r->form = REF_UNQUOTED;
	}
}

static gboolean is_commit_tag(const struct lint_trailer *t)
{
	return t->is_trailer && t->tag && t->tag->kind == POLICY_KIND_COMMIT;
}

/* The value of a commit tag as a ref. */
static void fixes_ref(const struct lint_trailer *t, struct ref *r)
{
	const char *v = t->value;
	gsize i = 0, end;
	gboolean word = FALSE;

	if (t->value_len > 7 && !lint_strncasecmp(v, "commit", 6) && is_blank(v[6])) {
		word = TRUE;
		i = skip_blanks(v, 6, t->value_len);
	}
	read_ref(v, i, t->value_len, r, &end);
	r->commit_word = word;
	if (r->form == REF_OK && skip_blanks(v, end, t->value_len) < t->value_len)
		r->form = REF_TRAILING;
}

/* Is the block line after t the rest of t, wrapped onto a line of its own
 * (not indented, so git took it for another line of the block): the
 * ("subject") or its end after a sha, or the sha after an empty tag? */
static gboolean wrapped(const struct lint_message *m, guint i, const struct ref *r)
{
	const struct lint_trailer *t = lint_item(m, i), *n;
	const char *v;

	if (i + 1 >= m->items->len)
		return FALSE;
	n = lint_item(m, i + 1);
	if (n->is_trailer || n->line != t->line + t->nlines || !n->value_len)
		return FALSE;
	v = n->value;
	if (r->form == REF_NO_SHA)
		return !t->value_len && is_hex(v[0]);
	return r->form == REF_NO_SUBJECT &&
	       (v[0] == '(' || v[0] == '"' || memchr(v, ')', n->value_len));
}

LINT_CHECK(fixes_format)
{
	const struct lint_message *m = c->msg;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		struct ref r;
		const char *why = NULL;

		if (!is_commit_tag(t))
			continue;
		fixes_ref(t, &r);
		/* checkpatch's advice: do not wrap Fixes: lines */
		if (wrapped(m, i, &r))
			why = "it is wrapped onto the next line: keep it on one line, however long";
		else if (r.form == REF_NO_SHA)
			why = "it names no commit";
		else if (t->nlines > 1)
			why = "keep it on one line, however long";
		else if (r.commit_word)
			why = "no 'commit' before the sha";
		else if (r.form == REF_NO_SUBJECT)
			why = "the subject is missing";
		else if (r.form == REF_UNQUOTED)
			why = "the subject goes in double quotes";
		else if (r.form == REF_SPACING)
			why = "one space between the sha and (";
		else if (r.form == REF_TRAILING)
			why = "nothing may follow (\"subject\")";
		if (why)
			lint_report(c, t->line, "%.*s: %s: the form is %.*s: <%d hex digits> "
				    "(\"<subject>\")", (int)t->key_len, t->key, why, (int)t->key_len,
				    t->key, c->policy->min_sha);
	}
}

LINT_CHECK(fixes_sha)
{
	const struct lint_message *m = c->msg;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		struct ref r;

		if (!is_commit_tag(t))
			continue;
		fixes_ref(t, &r);
		if (r.form == REF_NO_SHA)
			continue;
		if (r.hex_len < (gsize)c->policy->min_sha)
			lint_report(c, t->line, "%.*s: %.*s has %zu hex digits: give at least %d "
				    "(git log -1 --abbrev=%d --format='%%h (\"%%s\")')", (int)t->key_len,
				    t->key, (int)r.hex_len, t->value + r.hex, r.hex_len,
				    c->policy->min_sha, c->policy->min_sha);
		else if (r.hex_len > GIT_OID_HEXSZ)
			lint_report(c, t->line, "%.*s: %zu hex digits are more than a commit id has",
				    (int)t->key_len, t->key, r.hex_len);
		else if (r.upper)
			lint_report(c, t->line, "%.*s: write the sha in lower case", (int)t->key_len,
				    t->key);
	}
}

/* The commit trailer item i of the message names (a Fixes: with a sha of 4
 * to 40 digits; with `subject`, one that quotes a subject too), looked up;
 * NULL when it names none.  *r gets where its parts are. */
static const struct lint_commit_info *fixes_commit(struct lint_ctx *c, guint i, gboolean subject,
						   struct ref *r)
{
	const struct lint_trailer *t = lint_item(c->msg, i);

	if (!is_commit_tag(t))
		return NULL;
	fixes_ref(t, r);
	if (r->form == REF_NO_SHA || (subject && r->form == REF_NO_SUBJECT) || r->hex_len < 4 ||
	    r->hex_len > GIT_OID_HEXSZ)
		return NULL;
	return lint_lookup_commit(c, t->value + r->hex, r->hex_len);
}

LINT_CHECK(fixes_unknown)
{
	for (guint i = 0; i < c->msg->items->len; i++) {
		const struct lint_trailer *t = lint_item(c->msg, i);
		struct ref r;
		const struct lint_commit_info *ci = fixes_commit(c, i, FALSE, &r);

		if (ci && ci->state == LINT_COMMIT_UNKNOWN)
			lint_report(c, t->line, "%.*s: no commit %.*s in this repository",
				    (int)t->key_len, t->key, (int)r.hex_len, t->value + r.hex);
		else if (ci && ci->state == LINT_COMMIT_AMBIGUOUS)
			lint_report(c, t->line, "%.*s: %.*s names more than one object: give more "
				    "digits", (int)t->key_len, t->key, (int)r.hex_len, t->value + r.hex);
	}
}

LINT_CHECK(fixes_subject)
{
	for (guint i = 0; i < c->msg->items->len; i++) {
		const struct lint_trailer *t = lint_item(c->msg, i);
		struct ref r;
		const struct lint_commit_info *ci = fixes_commit(c, i, TRUE, &r);

		if (ci && ci->state == LINT_COMMIT_FOUND &&
		    (strlen(ci->subject) != r.subj_len || memcmp(ci->subject, t->value + r.subj,
								   r.subj_len)))
			lint_report(c, t->line, "%.*s: the subject of %.12s is \"%s\"", (int)t->key_len,
				    t->key, ci->hex, ci->subject);
	}
}

/* The first line before any "---" cut that holds hint (1-based), or 0:
 * one search of the text per hint, not one per line. */
static guint hint_line(const struct lint_message *m, const char *hint)
{
	const char *text = m->in->message;
	gsize n = strlen(hint), end = m->in->len, pos = 0;
	guint k = m->lines->len;

	while (k && g_array_index(m->lines, struct lint_line, k - 1).kind == LINT_LINE_CUT)
		k--;
	if (!k)
		return 0;
	if (k < m->lines->len)
		end = g_array_index(m->lines, struct lint_line, k).start;
	while (pos <= end) {
		const char *p = lint_memmem(text + pos, end - pos, hint, n);
		guint line;
		const struct lint_line *ln;

		if (!p)
			return 0;
		line = lint_line_of(m, (gsize)(p - text));
		ln = lint_line_at(m, line);
		/* within the line: not across its end (nor its \r) */
		if ((gsize)(p - text) + n <= ln->start + ln->len)
			return line;
		pos = (gsize)(p - text) + 1;
	}
	return 0;
}

LINT_CHECK(fixes_missing)
{
	const struct lint_message *m = c->msg;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);

		if (is_commit_tag(t))
			return;
	}
	{
		guint best = 0;
		const char *hint = NULL;

		/* the first line with a hint, the first hint of the policy's on it */
		for (char **h = c->policy->fixes_hints; *h; h++) {
			guint line = hint_line(m, *h);

			if (line && (!best || line < best)) {
				best = line;
				hint = *h;
			}
		}
		if (hint) {
			lint_report(c, best, "'%s': a bug fix names the commit it fixes "
				    "(Fixes: <sha> (\"subject\"))", hint);
			return;
		}
	}
	for (guint i = 0; i < m->items->len && c->policy->stable; i++) {
		const struct lint_trailer *t = lint_item(m, i);

		if (t->person && t->addr.email && !g_ascii_strcasecmp(t->addr.email, c->policy->stable)) {
			lint_report(c, t->line, "a fix for stable names the commit it fixes (Fixes: "
				    "<sha> (\"subject\"))");
			return;
		}
	}
}

/* ---- commit <sha> ("subject") in the body ---- */

struct body_ref {
	guint line;
	gboolean word;		/* "commit <sha>"; FALSE: a bare sha the repository knows */
	struct ref r;
	const char *text;	/* the joined lines the offsets are into */
};


static gboolean ref_exempt(const struct lint_line *ln, const char *s, gsize len)
{
	gsize k = skip_blanks(s, 0, len);

	return ln->url || (len - k >= 20 && !strncmp(s + k, "This reverts commit ", 20));
}

/* Line i and the two body lines after it, joined by single spaces. */
static GString *joined(const struct lint_message *m, guint i)
{
	const char *text = m->in->message;
	GString *j = g_string_new(NULL);

	for (guint k = i; k < m->lines->len && k < i + 3; k++) {
		const struct lint_line *ln = &g_array_index(m->lines, struct lint_line, k);
		gsize a = skip_blanks(text + ln->start, 0, ln->len), b = ln->len;

		if (ln->kind != LINT_LINE_BODY || a == b)
			break;
		while (b > a && is_blank(text[ln->start + b - 1]))
			b--;
		if (k > i)
			g_string_append_c(j, ' ');
		g_string_append_len(j, text + ln->start + (k > i ? a : 0), (gssize)(b - (k > i ? a : 0)));
	}
	return j;
}

/* Find the commits named in the body of c->msg (into c->lint->refs). */
static void find_refs(struct lint_ctx *c)
{
	const struct lint_message *m = c->msg;
	const char *text = m->in->message;
	struct lint *l = c->lint;

	if (!l->refs) {
		l->refs = g_array_new(FALSE, FALSE, sizeof(struct body_ref));
		l->ref_texts = g_ptr_array_new_with_free_func(g_free);
	}
	g_array_set_size(l->refs, 0);
	g_ptr_array_set_size(l->ref_texts, 0);
	l->refs_gen = m->gen;

	for (guint i = 0; i < m->lines->len; i++) {
		const struct lint_line *ln = &g_array_index(m->lines, struct lint_line, i);
		const char *s = text + ln->start;
		GString *j = NULL;

		if (ln->kind != LINT_LINE_BODY || ref_exempt(ln, s, ln->len))
			continue;
		for (gsize k = 0; k < ln->len; k++) {
			struct body_ref br;
			gsize end, h;

			/* most characters follow a letter: that test first */
			if (k && (g_ascii_isalnum(s[k - 1]) || s[k - 1] == '_' || s[k - 1] == '/'))
				continue;
			if (s[k] != 'c' && s[k] != 'C' && !(c->repo && is_hex(s[k])))
				continue;
			br = (struct body_ref){ i + 1, FALSE, { 0 }, NULL };
			if (ln->len - k > 7 && !lint_strncasecmp(s + k, "commit", 6) &&
			    is_blank(s[k + 6]) && (h = skip_blanks(s, k + 6, ln->len)) < ln->len &&
			    is_hex(s[h])) {
				br.word = TRUE;
			} else if (c->repo && is_hex(s[k])) {
				gsize e = k;

				while (e < ln->len && is_hex(s[e]))
					e++;
				if (e - k < 12 || e - k > GIT_OID_HEXSZ ||
				    (e < ln->len && (g_ascii_isalnum(s[e]) || s[e] == '_')) ||
				    (k && strchr("<[-", s[k - 1])) || (e < ln->len && strchr(">]", s[e]))) {
					k = e;
					continue;
				}
				if (lint_lookup_commit(c, s + k, e - k)->state != LINT_COMMIT_FOUND) {
					k = e;
					continue;
				}
				h = k;
			} else {
				continue;
			}
			if (!j)
				j = joined(m, i);
			read_ref(j->str, h, j->len, &br.r, &end);
			if (br.word && (h != k + 7 || s[k + 6] != ' '))
				br.r.form = br.r.form == REF_OK ? REF_SPACING : br.r.form;
			br.text = j->str;
			g_array_append_val(l->refs, br);
			k = end > k ? (end < ln->len ? end : ln->len) : k;
		}
		if (j)
			g_ptr_array_add(l->ref_texts, g_string_free(j, FALSE));
	}
}

typedef void (*ref_fn)(struct lint_ctx *c, const struct body_ref *br);

/* Call fn for each commit named in the body (found once per message). */
static void scan_refs(struct lint_ctx *c, ref_fn fn)
{
	struct lint *l = c->lint;

	if (!l->refs || l->refs_gen != c->msg->gen)
		find_refs(c);
	for (guint i = 0; i < l->refs->len; i++)
		fn(c, &g_array_index(l->refs, struct body_ref, i));
}

static void ref_format(struct lint_ctx *c, const struct body_ref *br)
{
	const struct ref *r = &br->r;
	const char *hex = br->text + r->hex;
	const struct lint_commit_info *ci = c->repo && r->hex_len >= 4 && r->hex_len <= GIT_OID_HEXSZ ?
					    lint_lookup_commit(c, hex, r->hex_len) : NULL;
	char *want;

	if (r->hex_len >= (gsize)c->policy->min_sha && r->hex_len <= GIT_OID_HEXSZ && !r->upper &&
	    br->word && r->form == REF_OK)
		return;
	if (ci && ci->state == LINT_COMMIT_FOUND)
		want = g_strdup_printf("commit %.12s (\"%s\")", ci->hex, ci->subject);
	else
		want = g_strdup_printf("commit <%d+ hex digits> (\"<subject>\")", c->policy->min_sha);
	if (!br->word)
		lint_report(c, br->line, "%.*s is a commit: name it as %s", (int)r->hex_len, hex, want);
	else
		lint_report(c, br->line, "commit %.*s: name a commit as %s", (int)r->hex_len, hex,
			    want);
	g_free(want);
}

static void ref_unknown(struct lint_ctx *c, const struct body_ref *br)
{
	const struct ref *r = &br->r;

	if (br->word && r->hex_len >= 4 && r->hex_len <= GIT_OID_HEXSZ &&
	    lint_lookup_commit(c, br->text + r->hex, r->hex_len)->state == LINT_COMMIT_UNKNOWN)
		lint_report(c, br->line, "commit %.*s is not in this repository (rebased, or not "
			    "pulled?)", (int)r->hex_len, br->text + r->hex);
}

static void ref_subject(struct lint_ctx *c, const struct body_ref *br)
{
	const struct ref *r = &br->r;
	const struct lint_commit_info *ci;

	if (!br->word || r->hex_len < 4 || r->hex_len > GIT_OID_HEXSZ ||
	    (r->form != REF_OK && r->form != REF_UNQUOTED && r->form != REF_SPACING))
		return;
	ci = lint_lookup_commit(c, br->text + r->hex, r->hex_len);
	if (ci->state == LINT_COMMIT_FOUND &&
	    (strlen(ci->subject) != r->subj_len || memcmp(ci->subject, br->text + r->subj,
							   r->subj_len)))
		lint_report(c, br->line, "commit %.*s: its subject is \"%s\"", (int)r->hex_len,
			    br->text + r->hex, ci->subject);
}

LINT_CHECK(commit_ref_format)
{
	scan_refs(c, ref_format);
}

LINT_CHECK(commit_ref_unknown)
{
	scan_refs(c, ref_unknown);
}

LINT_CHECK(commit_ref_subject)
{
	scan_refs(c, ref_subject);
}

/* ---- the lines ---- */

/* Lines a log excerpt is made of (kernel splats, register dumps). */
static gboolean dump_line(const char *s, gsize len)
{
	gsize k = skip_blanks(s, 0, len), n;

	if ((len - k >= 8 && !strncmp(s + k, "WARNING:", 8)) || (len - k >= 4 && !strncmp(s + k, "BUG:", 4)))
		return TRUE;
	if (k < len && s[k] == '[') {
		gsize d = skip_blanks(s, k + 1, len), e = d;

		if (d < len && s[d] == '<') {	/* [<ffffffff81000000>] */
			for (e = d + 1; e < len && is_hex(s[e]); e++)
				;
			return e - d - 1 >= 8 && e + 1 < len && s[e] == '>' && s[e + 1] == ']';
		}
		while (e < len && g_ascii_isdigit(s[e]))	/* [    1.234567] */
			e++;
		if (e > d && e < len && s[e] == '.') {
			for (n = 0, e++; e < len && g_ascii_isdigit(s[e]); e++)
				n++;
			e = skip_blanks(s, e, len);
			return n == 6 && e < len && s[e] == ']';
		}
	}
	/* " RAX: 0000 RBX: 0001 RCX: 0002" */
	n = 0;
	for (gsize i = 0; i < len && n < 3;) {
		gsize w = skip_blanks(s, i, len), e = w;

		if (w == i && i)
			break;
		while (e < len && (g_ascii_isalnum(s[e]) || s[e] == '_'))
			e++;
		if (e == w || e >= len || s[e] != ':')
			break;
		e = skip_blanks(s, e + 1, len);
		w = e;
		while (e < len && is_hex(s[e]))
			e++;
		if (e == w || (i == 0 && w == 0))
			break;
		n++;
		i = e;
	}
	return n == 3;
}

/* Lines exempt from the length limit: tags, URLs, diffstat, path:. */
static gboolean long_exempt(const struct lint_ctx *c, const char *s, gsize len)
{
	gsize k = skip_blanks(s, 0, len), e = k, slash = 0;

	while (e < len && (g_ascii_isalnum(s[e]) || s[e] == '-'))
		e++;
	if (e > k && e < len && s[e] == ':' &&
	    (policy_tag(c->policy, s + k, e - k) || lint_ends_by(s + k, e - k) ||
	     (e - k == 2 && !lint_strncasecmp(s + k, "To", 2))))
		return TRUE;
	if (memmem(s, len, "http://", 7) || memmem(s, len, "https://", 8))
		return TRUE;
	/* "path/to/file | 12 +-" and "path/to/file.c:123: ..." */
	for (e = k; e < len && (g_ascii_isalnum(s[e]) || strchr("_/.-+", s[e])); e++)
		slash += s[e] == '/';
	if (e > k) {
		gsize b = skip_blanks(s, e, len);

		if (b > e && b < len && s[b] == '|' && b + 1 < len &&
		    g_ascii_isdigit(s[skip_blanks(s, b + 1, len)]))
			return TRUE;
		if (slash && e < len && s[e] == ':')
			return TRUE;
	}
	return FALSE;
}

static gsize chars(const char *s, gsize len)
{
	return g_utf8_validate(s, (gssize)len, NULL) ? (gsize)g_utf8_strlen(s, (gssize)len) : len;
}

LINT_CHECK(long_line)
{
	const struct lint_message *m = c->msg;
	const char *text = m->in->message;
	guint first = 0, more = 0;
	gsize width = 0;

	for (guint i = 0; i < m->lines->len; i++) {
		const struct lint_line *ln = &g_array_index(m->lines, struct lint_line, i);
		gsize w;
		gboolean dump = FALSE;

		if (ln->kind != LINT_LINE_BODY && ln->kind != LINT_LINE_BLOCK)
			continue;
		if (ln->len <= (gsize)c->policy->max_line ||
		    (w = chars(text + ln->start, ln->len)) <= (gsize)c->policy->max_line)
			continue;
		if (long_exempt(c, text + ln->start, ln->len))
			continue;
		/* inside a log excerpt: a dump line since the last blank line */
		for (guint k = i + 1; k-- > 0;) {
			const struct lint_line *p = &g_array_index(m->lines, struct lint_line, k);

			if (skip_blanks(text + p->start, 0, p->len) == p->len)
				break;
			if ((dump = dump_line(text + p->start, p->len)))
				break;
		}
		if (dump)
			continue;
		if (!first) {
			first = i + 1;
			width = w;
		} else {
			more++;
		}
	}
	if (first && more)
		lint_report(c, first, "a line of %zu characters, over %d (wrap the text; %u more "
			    "line%s)", width, c->policy->max_line, more, more > 1 ? "s" : "");
	else if (first)
		lint_report(c, first, "a line of %zu characters, over %d (wrap the text)", width,
			    c->policy->max_line);
}

LINT_CHECK(diff_in_message)
{
	const struct lint_message *m = c->msg;
	const char *text = m->in->message;

	for (guint i = 0; i < m->lines->len; i++) {
		const struct lint_line *ln = &g_array_index(m->lines, struct lint_line, i);
		const char *s = text + ln->start;
		gsize k = skip_blanks(s, 0, ln->len), n = ln->len - k;

		if (ln->kind == LINT_LINE_CUT) {
			lint_report(c, i + 1, "a '---' line in the message: git am drops the rest of "
				    "it, trailers too");
			return;
		}
		if (ln->kind == LINT_LINE_SUBJECT)
			continue;
		if ((n > 6 && (!strncmp(s + k, "--- a/", 6) || !strncmp(s + k, "+++ b/", 6))) ||
		    (n > 5 && !strncmp(s + k, "@@ -", 4) && g_ascii_isdigit(s[k + 4])) ||
		    (k > 0 && n > 13 && !strncmp(s + k, "diff --git a/", 13))) {
			lint_report(c, i + 1, "diff text in the message: patch(1) and git am would "
				    "take it for the patch");
			return;
		}
	}
}

LINT_CHECK(comment_line)
{
	const struct lint_message *m = c->msg;
	const char *text = m->in->message;

	for (guint i = 0; i < m->lines->len; i++) {
		const struct lint_line *ln = &g_array_index(m->lines, struct lint_line, i);

		if (ln->kind != LINT_LINE_CUT && ln->len && text[ln->start] == '#')
			lint_report(c, i + 1, "a line starting with '#': git commit drops it as a "
				    "comment (indent it)");
	}
}

LINT_CHECK(description_missing)
{
	const struct lint_message *m = c->msg;
	const char *text = m->in->message;

	for (guint i = 0; i < m->lines->len; i++) {
		const struct lint_line *ln = &g_array_index(m->lines, struct lint_line, i);

		if (ln->kind == LINT_LINE_BODY && skip_blanks(text + ln->start, 0, ln->len) < ln->len)
			return;
	}
	lint_report(c, 0, "no description: say what the patch does and why");
}

LINT_CHECK(changelog_in_message)
{
	static const char *const heads[] = { "changes in v", "changes since v", "changes from v",
					     "changelog:", "change log:" };
	const struct lint_message *m = c->msg;
	const char *text = m->in->message;

	for (guint i = 0; i < m->lines->len; i++) {
		const struct lint_line *ln = &g_array_index(m->lines, struct lint_line, i);
		const char *s = text + ln->start;
		gsize k = skip_blanks(s, 0, ln->len), e;
		gboolean hit = FALSE;

		if (ln->kind != LINT_LINE_BODY)
			continue;
		for (size_t h = 0; h < G_N_ELEMENTS(heads) && !hit; h++)
			hit = ln->len - k >= strlen(heads[h]) &&
			      !lint_strncasecmp(s + k, heads[h], strlen(heads[h]));
		if (!hit && k < ln->len && (s[k] == 'v' || s[k] == 'V')) {
			for (e = k + 1; e < ln->len && g_ascii_isdigit(s[e]); e++)
				;
			hit = e > k + 1 && e < ln->len &&
			      (s[e] == ':' || (ln->len - e > 3 && !strncmp(s + e, " ->", 3)));
		}
		if (hit) {
			lint_report(c, i + 1, "a version changelog: it goes below the --- line, "
				    "not in the commit message");
			return;
		}
	}
}

/* How many bytes of s[0..n) at the start are ASCII and not NUL, counted
 * 8 at a time (less than n by at most 7 when all are): from there on
 * g_utf8_validate gives what it gives over the whole. */
static gsize ascii_prefix(const char *s, gsize n)
{
	const guint64 high = 0x8080808080808080ull, ones = 0x0101010101010101ull;
	gsize i = 0;

	for (; i + 8 <= n; i += 8) {
		guint64 v;

		memcpy(&v, s + i, 8);
		/* a byte with its top bit set, or a NUL */
		if ((v | ((v - ones) & ~v)) & high)
			break;
	}
	return i;
}

LINT_CHECK(invalid_utf8)
{
	const struct lint_message *m = c->msg;
	const char *end;
	gsize skip = ascii_prefix(m->in->message, m->block.msg_end);

	if (!g_utf8_validate(m->in->message + skip, (gssize)(m->block.msg_end - skip), &end)) {
		guint line = 1;

		for (const char *p = m->in->message; p < end; p++)
			line += *p == '\n';
		lint_report(c, line, "bytes that are not UTF-8: write the message in UTF-8");
	}
}

LINT_CHECK(subject_format)
{
	const struct lint_message *m = c->msg;
	const char *s = m->subject;
	gsize w;

	if (!m->subject_line) {
		lint_report(c, 1, "no subject line");
		return;
	}
	w = chars(s, strlen(s));
	if (m->in->oid && (!lint_strncasecmp(s, "[PATCH", 6) || !lint_strncasecmp(s, "[RFC", 4)))
		lint_report(c, 0, "a [PATCH] prefix in a commit's subject (git format-patch adds "
			    "its own)");
	else if (w > (gsize)c->policy->max_subject)
		lint_report(c, 0, "a subject of %zu characters, over %d", w, c->policy->max_subject);
}

LINT_CHECK(subject_tool)
{
	static const char *const tools[] = { "checkpatch", "sparse", "smatch", "coccinelle",
					     "coccicheck" };
	const char *s = c->msg->subject;
	gsize len = s ? strlen(s) : 0;

	for (size_t t = 0; t < G_N_ELEMENTS(tools); t++) {
		gssize at = lint_find_ci(s, len, tools[t]);
		gsize e;

		if (at < 0)
			continue;
		e = (gsize)at + strlen(tools[t]);
		if ((at > 0 && g_ascii_isalnum(s[at - 1])) || (e < len && (g_ascii_isalnum(s[e]) ||
									 s[e] == ':')))
			continue;
		lint_report(c, 0, "the subject names %s: describe the change, not the tool that "
			    "found it", tools[t]);
		return;
	}
}
