/* message-lines.c - the lines of a decoded body: RFC 3676 unflowing and
 * the classification into own text, quotes, signature, patch and trailers.
 *
 * Plain line work on UTF-8 text that GMime has already decoded (see
 * message-body.c); nothing here decodes bytes.
 */
#include "mail/message-body.h"

#include <string.h>

const char *message_line_kind_name(enum message_line_kind kind)
{
	switch (kind) {
	case MESSAGE_LINE_OWN: return "own";
	case MESSAGE_LINE_BLANK: return "blank";
	case MESSAGE_LINE_QUOTED: return "quoted";
	case MESSAGE_LINE_SIGNATURE: return "signature";
	case MESSAGE_LINE_PATCH: return "patch";
	case MESSAGE_LINE_TRAILER: return "trailer";
	}
	return "own";
}

/* ---- format=flowed ---- */

static void flush_para(GString *out, GString *para, gboolean *open)
{
	if (*open) {
		g_string_append_len(out, para->str, para->len);
		g_string_append_c(out, '\n');
		g_string_truncate(para, 0);
		*open = FALSE;
	}
}

char *message_unflow(const char *text, gsize len, gboolean delsp, gsize *len_out)
{
	GString *out = g_string_sized_new(len + 1), *para = g_string_new(NULL);
	const char *p = text, *end = len ? text + len : text;	/* text may be NULL when len is 0 */
	gboolean open = FALSE;	/* para holds a flowed line waiting for its continuation */
	guint para_depth = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		const char *le = nl ? nl : end, *c = p;
		guint depth = 0;
		gboolean soft;

		while (c < le && *c == '>') {
			depth++;
			c++;
		}
		if (c < le && *c == ' ')	/* space-stuffing */
			c++;
		soft = le > c && le[-1] == ' ' && !(le - c == 3 && !memcmp(c, "-- ", 3));
		if (open && depth != para_depth)
			flush_para(out, para, &open);	/* a quote level change ends the paragraph */
		if (!open) {
			for (guint i = 0; i < depth; i++)
				g_string_append_c(para, '>');
			if (depth && c < le)
				g_string_append_c(para, ' ');
			para_depth = depth;
		}
		g_string_append_len(para, c, (le - c) - (soft && delsp ? 1 : 0));
		open = TRUE;
		if (!soft || !nl) {
			if (nl) {
				flush_para(out, para, &open);
			} else {	/* the text's last line had no newline: keep it so */
				g_string_append_len(out, para->str, para->len);
				g_string_truncate(para, 0);
				open = FALSE;
			}
		}
		p = nl ? nl + 1 : end;
	}
	flush_para(out, para, &open);
	g_string_free(para, TRUE);
	if (len_out)
		*len_out = out->len;
	return g_string_free(out, FALSE);
}

/* ---- classification ---- */

struct span {
	const char *s;
	gsize len;
};

static gboolean starts(const struct span *l, const char *prefix)
{
	gsize n = strlen(prefix);

	return l->len >= n && !memcmp(l->s, prefix, n);
}

static gboolean is_blank(const struct span *l)
{
	for (gsize i = 0; i < l->len; i++)
		if (l->s[i] != ' ' && l->s[i] != '\t')
			return FALSE;
	return TRUE;
}

/* ">" 1, "> >" 2, ">>" 2, "> >> x" 3: '>' marks, spaces allowed between them. */
static guint quote_depth(const struct span *l)
{
	gsize i = 0;
	guint depth = 0;

	while (i < l->len && l->s[i] == '>') {
		depth++;
		i++;
		{
			gsize j = i;
			while (j < l->len && (l->s[j] == ' ' || l->s[j] == '\t'))
				j++;
			if (j < l->len && l->s[j] == '>')
				i = j;
		}
	}
	return depth;
}

static gboolean is_sig_separator(const struct span *l)
{
	return (l->len == 3 && !memcmp(l->s, "-- ", 3)) || (l->len == 2 && !memcmp(l->s, "--", 2));
}

/* A line that starts a diff for certain (next: the line after it, or NULL). */
static gboolean diff_start(const struct span *l, const struct span *next)
{
	if (starts(l, "diff --git "))
		return TRUE;
	if (next && starts(l, "--- ") && starts(next, "+++ "))
		return TRUE;
	if (next && starts(l, "Index: ") && (starts(next, "====") || starts(next, "--- ")))
		return TRUE;
	return FALSE;
}

/* "---" alone (trailing whitespace allowed): format-patch's separator. */
static gboolean is_dashes(const struct span *l)
{
	if (!starts(l, "---"))
		return FALSE;
	for (gsize i = 3; i < l->len; i++)
		if (l->s[i] != ' ' && l->s[i] != '\t')
			return FALSE;
	return TRUE;
}

/* Parse a decimal number at *p (bounded by end); 1 when absent. */
static long hunk_number(const char **p, const char *end, gboolean *ok)
{
	long v = 0;
	gboolean any = FALSE;

	while (*p < end && g_ascii_isdigit(**p)) {
		if (v < 100000000)
			v = v * 10 + (**p - '0');
		(*p)++;
		any = TRUE;
	}
	if (!any)
		*ok = FALSE;
	return v;
}

/* "@@ -a[,b] +c[,d] @@": the old and new line counts. */
static gboolean hunk_header(const struct span *l, long *old_n, long *new_n)
{
	const char *p = l->s + 4, *end = l->s + l->len;
	gboolean ok = TRUE;

	if (!starts(l, "@@ -"))
		return FALSE;
	hunk_number(&p, end, &ok);
	*old_n = 1;
	if (p < end && *p == ',') {
		p++;
		*old_n = hunk_number(&p, end, &ok);
	}
	if (end - p < 2 || p[0] != ' ' || p[1] != '+')
		return FALSE;
	p += 2;
	hunk_number(&p, end, &ok);
	*new_n = 1;
	if (p < end && *p == ',') {
		p++;
		*new_n = hunk_number(&p, end, &ok);
	}
	return ok;
}

/* "Key: value": a token of letters, digits and '-', a colon, a space and
 * something that is not a space. */
static gboolean trailer_like(const struct span *l)
{
	gsize i = 0;

	if (!l->len || !g_ascii_isalnum(l->s[0]))
		return FALSE;
	while (i < l->len && (g_ascii_isalnum(l->s[i]) || l->s[i] == '-'))
		i++;
	if (i + 2 >= l->len || l->s[i] != ':' || (l->s[i + 1] != ' ' && l->s[i + 1] != '\t'))
		return FALSE;
	for (i += 2; i < l->len; i++)
		if (l->s[i] != ' ' && l->s[i] != '\t')
			return TRUE;
	return FALSE;
}

/* The last paragraph of own text before `stop`: all its lines "Key: value"
 * (with continuation lines), or a quarter of them with a Signed-off-by
 * among them, as git interpret-trailers decides in the simple case. */
static void mark_trailers(GArray *lines, const struct span *sp, guint stop)
{
	guint last = stop, first, n = 0, like = 0;
	gboolean sob = FALSE;

	while (last > 0 && g_array_index(lines, struct message_line, last - 1).kind == MESSAGE_LINE_BLANK)
		last--;
	if (last == 0 || g_array_index(lines, struct message_line, last - 1).kind != MESSAGE_LINE_OWN)
		return;
	first = last - 1;
	while (first > 0 && g_array_index(lines, struct message_line, first - 1).kind == MESSAGE_LINE_OWN)
		first--;
	for (guint i = first; i < last; i++) {
		if (sp[i].len && (sp[i].s[0] == ' ' || sp[i].s[0] == '\t'))
			continue;	/* a continuation */
		n++;
		if (trailer_like(&sp[i])) {
			like++;
			if (sp[i].len >= 14 && !g_ascii_strncasecmp(sp[i].s, "Signed-off-by:", 14))
				sob = TRUE;
		}
	}
	if (!like || (like < n && !(sob && like * 4 >= n)))
		return;
	for (guint i = first; i < last; i++) {
		gboolean cont = sp[i].len && (sp[i].s[0] == ' ' || sp[i].s[0] == '\t');
		struct message_line *ml = &g_array_index(lines, struct message_line, i);

		if (trailer_like(&sp[i]) ||
		    (cont && i > first &&
		     g_array_index(lines, struct message_line, i - 1).kind == MESSAGE_LINE_TRAILER))
			ml->kind = MESSAGE_LINE_TRAILER;
	}
}

/* Where the patch of the n lines sp starts (n: none): a diff for
 * certain, or format-patch's "---" when a diff comes after it. */
static guint patch_start(const struct span *sp, guint n)
{
	gboolean *diff_after = g_new0(gboolean, n + 1);
	guint patch = n;

	for (guint i = n; i-- > 0;)
		diff_after[i] = diff_after[i + 1] || diff_start(&sp[i], i + 1 < n ? &sp[i + 1] : NULL);
	for (guint i = 0; i < n && patch == n; i++)
		if (diff_start(&sp[i], i + 1 < n ? &sp[i + 1] : NULL) ||
		    (is_dashes(&sp[i]) && diff_after[i + 1]))
			patch = i;
	g_free(diff_after);
	return patch;
}

/* Where the patch starting at line patch ends (n: at the end): a
 * signature separator outside a hunk ends it. */
static guint patch_end(const struct span *sp, guint patch, guint n)
{
	long old_n = 0, new_n = 0;

	for (guint i = patch; i < n; i++) {
		const struct span *l = &sp[i];

		if (old_n > 0 || new_n > 0) {
			char c = l->len ? l->s[0] : ' ';	/* an empty line: context a mailer trimmed */

			if (c == ' ' || c == '-' || c == '+' || c == '\\') {
				old_n -= c == ' ' || c == '-';
				new_n -= c == ' ' || c == '+';
				continue;
			}
			old_n = new_n = 0;	/* a broken hunk: it ended early */
		}
		if (hunk_header(l, &old_n, &new_n))
			continue;
		if (is_sig_separator(l))
			return i;
	}
	return n;
}

GArray *message_classify_lines(const char *text, gsize len)
{
	GArray *lines = g_array_new(FALSE, TRUE, sizeof(struct message_line));
	GArray *spans = g_array_new(FALSE, FALSE, sizeof(struct span));
	const char *p = text, *end = len ? text + len : text;	/* text may be NULL when len is 0 */
	struct span *sp;
	guint n, patch, sig, stop;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		struct span s = { p, (nl ? nl : end) - p };
		struct message_line ml = { p - text, s.len, MESSAGE_LINE_OWN, 0 };

		g_array_append_val(spans, s);
		g_array_append_val(lines, ml);
		p = nl ? nl + 1 : end;
	}
	n = lines->len;
	sp = (struct span *)spans->data;

	patch = patch_start(sp, n);

	sig = patch;
	for (guint i = 0; i < patch && sig == patch; i++)
		if (is_sig_separator(&sp[i]))
			sig = i;

	for (guint i = 0; i < sig; i++) {
		struct message_line *ml = &g_array_index(lines, struct message_line, i);
		guint d = quote_depth(&sp[i]);

		if (d) {
			ml->kind = MESSAGE_LINE_QUOTED;
			ml->depth = d;
		} else if (is_blank(&sp[i])) {
			ml->kind = MESSAGE_LINE_BLANK;
		}
	}
	for (guint i = sig; i < patch; i++)
		g_array_index(lines, struct message_line, i).kind = MESSAGE_LINE_SIGNATURE;

	stop = patch_end(sp, patch, n);
	for (guint i = patch; i < n; i++)
		g_array_index(lines, struct message_line, i).kind =
			i < stop ? MESSAGE_LINE_PATCH : MESSAGE_LINE_SIGNATURE;

	mark_trailers(lines, sp, sig);
	g_array_unref(spans);
	return lines;
}
