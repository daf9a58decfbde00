/* trailer.c - the trailer block as git interpret-trailers finds it.
 *
 * Written from the behaviour described in trailer.h (git's documentation
 * and probing the installed git), not from git's code.  Offsets are size_t
 * into the message; nothing is copied but folded values.
 */
#include "mail/trailer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NONE SIZE_MAX

static const char cut_tail[] = " ------------------------ >8 ------------------------\n";
static const char sob[] = "Signed-off-by: ";
static const char cherry[] = "(cherry picked from commit ";
static const char conflicts[] = "Conflicts:\n";

/* git's isspace: space, tab, LF, CR (not VT or FF). */
static inline bool is_ws(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static inline bool is_alnum(unsigned char c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

static inline unsigned char lower(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') ? c + 32 : c;
}

/* Everything a scan needs, worked out once per message. */
struct scan {
	const char *msg;
	size_t len;			/* up to the first NUL */
	const char *comment;
	size_t comment_len;
	const char *seps;
	size_t seps_len;
	const struct trailer_opts *o;
};

/* len: the message's length up to its first NUL */
static void scan_init(struct scan *s, const char *msg, size_t len, const struct trailer_opts *o)
{
	s->msg = msg;
	s->len = len;
	s->comment = o->comment && *o->comment ? o->comment : "#";
	s->comment_len = strlen(s->comment);
	s->seps = o->separators ? o->separators : ":";
	s->seps_len = strlen(s->seps);
	s->o = o;
}

/* Does the text at pos start with the n bytes of p (within the message)? */
static inline bool starts(const struct scan *s, size_t pos, const char *p, size_t n)
{
	return s->len - pos >= n && !memcmp(s->msg + pos, p, n);
}

static inline bool is_comment(const struct scan *s, size_t pos)
{
	return starts(s, pos, s->comment, s->comment_len);
}

/* The start of the line after the one at pos, or `limit`. */
static inline size_t next_line(const struct scan *s, size_t pos, size_t limit)
{
	const char *nl = memchr(s->msg + pos, '\n', limit - pos);

	return nl ? (size_t)(nl - s->msg) + 1 : limit;
}

/* The start of the last line that begins before `n` (a newline at n - 1
 * belongs to that line), or -1 when n is 0. */
static inline ptrdiff_t last_line(const char *msg, size_t n)
{
	if (n == 0)
		return -1;
	for (size_t i = n - 1; i > 0; i--)
		if (msg[i - 1] == '\n')
			return (ptrdiff_t)i;
	return 0;
}

/* A line of whitespace only (or an empty last line). */
static bool is_blank(const struct scan *s, size_t pos)
{
	for (; pos < s->len && s->msg[pos] != '\n'; pos++)
		if (!is_ws((unsigned char)s->msg[pos]))
			return false;
	return true;
}

static inline bool is_sep(const struct scan *s, unsigned char c)
{
	return memchr(s->seps, c, s->seps_len) != NULL;
}

/* Where the separator of a trailer line at pos is, relative to pos: after
 * a token of letters, digits and '-', then optional blanks; -1 when the line
 * is not shaped like a trailer (0 when the separator comes first). */
static ptrdiff_t find_sep(const struct scan *s, size_t pos, size_t limit)
{
	bool blanks = false;

	for (size_t c = pos; c < limit; c++) {
		unsigned char ch = (unsigned char)s->msg[c];

		if (is_sep(s, ch))
			return (ptrdiff_t)(c - pos);
		if (!blanks && (is_alnum(ch) || ch == '-'))
			continue;
		if (c != pos && (ch == ' ' || ch == '\t')) {
			blanks = true;
			continue;
		}
		break;
	}
	return -1;
}

/* git compares a token with a configured name by strncasecmp(token, name,
 * n): the first n bytes of the token against the name, so a token that is
 * a prefix of the name matches. */
static bool name_matches(const char *tok, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++) {
		if (!name[i] || lower((unsigned char)tok[i]) != lower((unsigned char)name[i]))
			return false;
	}
	return true;
}

static const struct trailer_conf *conf_match(const struct trailer_opts *o, const char *tok,
					     size_t n)
{
	for (size_t i = 0; i < o->nconf; i++) {
		const struct trailer_conf *c = &o->conf[i];

		if ((c->alias && name_matches(tok, n, c->alias)) ||
		    (c->key && name_matches(tok, n, c->key)))
			return c;
	}
	return NULL;
}

/* The first "---" line (followed by a blank, CR or LF), or the length. */
static size_t find_divider(const struct scan *s)
{
	const char *m = s->msg;

	for (size_t pos = 0; pos < s->len;) {
		if (s->len - pos > 3 && m[pos] == '-' && m[pos + 1] == '-' && m[pos + 2] == '-' &&
		    is_ws((unsigned char)m[pos + 3]))
			return pos;
		pos = next_line(s, pos, s->len);
	}
	return s->len;
}

/* The start of the first cut line within [0, limit), or limit.  The tail
 * is found by its '>' (memchr: rare in a message, where a search for the
 * whole tail costs many times more). */
static size_t find_cut_line(const struct scan *s, size_t limit)
{
	const size_t tail = sizeof(cut_tail) - 1, cl = s->comment_len;
	const size_t gt = (size_t)((const char *)memchr(cut_tail, '>', tail) - cut_tail);
	size_t from = cl + gt;	/* where the tail's '>' can be */

	while (from - gt + tail <= limit) {
		const char *hit = memchr(s->msg + from, '>', limit - from);
		size_t start, at;

		if (!hit)
			break;
		start = (size_t)(hit - s->msg) - gt;	/* where the tail would start */
		from = (size_t)(hit - s->msg) + 1;
		if (start + tail > limit || memcmp(s->msg + start, cut_tail, tail))
			continue;
		at = start - cl;	/* where the comment would start */
		if ((at == 0 || s->msg[at - 1] == '\n') && !memcmp(s->msg + at, s->comment, cl))
			return at;
	}
	return limit;
}

/* The end of the text that can hold trailers: before the trailing run of
 * blank lines, comment lines and "Conflicts:" blocks in [0, cutoff). */
static size_t drop_trailing_run(const struct scan *s, size_t cutoff)
{
	size_t run = NONE;
	bool in_conflicts = false;

	for (size_t pos = 0; pos < cutoff; pos = next_line(s, pos, cutoff)) {
		char c = s->msg[pos];

		if (c == '\n' || is_comment(s, pos)) {
			if (run == NONE)
				run = pos;
		} else if (starts(s, pos, conflicts, sizeof(conflicts) - 1)) {
			in_conflicts = true;
			if (run == NONE)
				run = pos;
		} else if (in_conflicts && c == '\t') {
			/* a path of the conflicts block */
		} else if (run != NONE) {
			run = NONE;
			in_conflicts = false;
		}
	}
	return run != NONE ? run : cutoff;
}

/* The end of the title paragraph (comment lines do not end it). */
static size_t title_end(const struct scan *s, size_t end)
{
	size_t pos = 0;

	while (pos < end) {
		if (!is_comment(s, pos) && is_blank(s, pos))
			break;
		pos = next_line(s, pos, s->len);
	}
	return pos;
}

/* The start of the block in [0, end), or NONE. */
static size_t block_start(const struct scan *s, size_t end)
{
	const size_t title = title_end(s, end);
	unsigned trailers = 0, others = 0, maybe_cont = 0;
	bool recognised = false, only_blank = true;

	for (ptrdiff_t l = last_line(s->msg, end); l >= 0 && (size_t)l >= title;
	     l = last_line(s->msg, (size_t)l)) {
		const size_t bol = (size_t)l;
		ptrdiff_t sep;

		if (is_comment(s, bol)) {
			others += maybe_cont;
			maybe_cont = 0;
			continue;
		}
		if (is_blank(s, bol)) {
			if (only_blank)
				continue;
			others += maybe_cont;
			if ((recognised && trailers * 3 >= others) || (trailers && !others))
				return next_line(s, bol, s->len);
			return NONE;
		}
		only_blank = false;
		if (starts(s, bol, sob, sizeof(sob) - 1) || starts(s, bol, cherry, sizeof(cherry) - 1)) {
			trailers++;
			maybe_cont = 0;
			recognised = true;
			continue;
		}
		sep = find_sep(s, bol, s->len);
		if (sep >= 1 && !is_ws((unsigned char)s->msg[bol])) {
			trailers++;
			maybe_cont = 0;
			if (!recognised && conf_match(s->o, s->msg + bol, (size_t)sep))
				recognised = true;
		} else if (is_ws((unsigned char)s->msg[bol])) {
			maybe_cont++;
		} else {
			others += 1 + maybe_cont;
			maybe_cont = 0;
		}
	}
	return NONE;
}

bool trailer_block_find(const char *msg, size_t len, const struct trailer_opts *o,
			struct trailer_block *out)
{
	struct scan s;
	size_t end, start;
	const char *nul = memchr(msg, '\0', len);

	scan_init(&s, msg, nul ? (size_t)(nul - msg) : len, o);
	out->msg_end = o->no_divider ? s.len : find_divider(&s);
	end = drop_trailing_run(&s, find_cut_line(&s, out->msg_end));
	start = block_start(&s, end);
	if (start == NONE || start >= end) {
		out->start = out->end = out->msg_end;
		return false;
	}
	out->start = start;
	out->end = end;
	return true;
}

void trailer_iter_init(struct trailer_iter *it, const char *msg, const struct trailer_block *b,
		       const struct trailer_opts *o)
{
	it->o = o;
	it->buf = NULL;
	it->bufsize = 0;
	trailer_iter_reuse(it, msg, b);
}

void trailer_iter_reuse(struct trailer_iter *it, const char *msg, const struct trailer_block *b)
{
	it->msg = msg;
	it->pos = b ? b->start : 0;
	it->end = b ? b->end : 0;
}

void trailer_iter_done(struct trailer_iter *it)
{
	free(it->buf);
	it->buf = NULL;
	it->bufsize = 0;
}

/* Join folded lines with one space, as --unfold does: a newline and the
 * whitespace after it become a single space.  v[0..n) is trimmed. */
static bool unfold(struct trailer_iter *it, const char *v, size_t n, struct trailer_item *item)
{
	size_t o = 0;

	if (it->bufsize < n) {
		char *b = realloc(it->buf, n);
		if (!b)
			return false;
		it->buf = b;
		it->bufsize = n;
	}
	for (size_t i = 0; i < n;) {
		char c = v[i++];

		if (c == '\n') {
			while (i < n && is_ws((unsigned char)v[i]))
				i++;
			c = ' ';
		}
		it->buf[o++] = c;
	}
	item->value = it->buf;
	item->value_len = o;
	return true;
}

bool trailer_iter_next(struct trailer_iter *it, struct trailer_item *item)
{
	struct scan s;
	const char *m = it->msg;
	size_t pos = it->pos, end = it->end, next, v, ve;
	ptrdiff_t sep;

	if (pos >= end)
		return false;
	/* the block lies before any NUL, so its end bounds every scan */
	scan_init(&s, m, end, it->o);
	sep = find_sep(&s, pos, end);
	next = next_line(&s, pos, end);
	/* whitespace-led lines continue a line that has a separator */
	if (sep >= 1)
		while (next < end && is_ws((unsigned char)m[next]))
			next = next_line(&s, next, end);
	it->pos = next;

	memset(item, 0, sizeof(*item));
	item->start = pos;
	item->end = next;
	item->key_start = item->key_end = pos;
	if (is_comment(&s, pos) || sep < 1) {
		item->kind = is_comment(&s, pos) ? TRAILER_COMMENT : TRAILER_OTHER;
		item->value = m + pos;
		item->value_len = next - pos - (next > pos && m[next - 1] == '\n');
		return true;
	}
	item->kind = TRAILER_TRAILER;
	item->sep = pos + (size_t)sep;
	item->key_end = item->sep;
	while (item->key_end > pos && is_ws((unsigned char)m[item->key_end - 1]))
		item->key_end--;
	v = item->sep + 1;
	ve = next;
	while (v < ve && is_ws((unsigned char)m[v]))
		v++;
	while (ve > v && is_ws((unsigned char)m[ve - 1]))
		ve--;
	if (memchr(m + v, '\n', ve - v)) {
		if (!unfold(it, m + v, ve - v, item))
			return false;
	} else {
		item->value = m + v;
		item->value_len = ve - v;
	}
	/* the configured key: matched on the token without trailing non-alnums */
	{
		size_t n = item->key_end - item->key_start;

		while (n > 0 && !is_alnum((unsigned char)m[item->key_start + n - 1]))
			n--;
		item->conf = conf_match(it->o, m + item->key_start, n);
	}
	return true;
}

bool trailer_shown(const char *msg, const struct trailer_item *item,
		   const struct trailer_opts *o, struct trailer_shown *out)
{
	const char *seps = o->separators ? o->separators : ":";
	size_t n;

	if (item->kind != TRAILER_TRAILER || (o->trim_empty && !item->value_len))
		return false;
	if (item->conf && item->conf->key) {
		out->token = item->conf->key;
		out->token_len = strlen(item->conf->key);
	} else {
		out->token = msg + item->key_start;
		out->token_len = item->key_end - item->key_start;
	}
	n = out->token_len;
	while (n > 0 && is_ws((unsigned char)out->token[n - 1]))
		n--;
	if (!n)
		return false;
	out->sep = strchr(seps, out->token[n - 1]) ? 0 : seps[0];
	return true;
}
