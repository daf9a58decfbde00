/* subject.c - patch subject lines, taken apart in one pass.
 *
 * The subject is walked from the left: markers and bracket groups are
 * consumed until something else starts, and that is the text.  Words of a
 * bracket are classified by hand (no regex), so parsing a subject costs
 * about as much as copying it.
 */
#include "mail/subject.h"

#include <string.h>

#define MAX_NUMBER 1000000	/* larger "numbers" are words, not counters */

static gboolean is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* digits[0..len) as a number, or -1 when they are not all digits or too many. */
static int number(const char *p, gsize len)
{
	int n = 0;

	if (len == 0 || len > 7)
		return -1;
	for (gsize i = 0; i < len; i++) {
		if (!g_ascii_isdigit(p[i]))
			return -1;
		n = n * 10 + (p[i] - '0');
	}
	return n <= MAX_NUMBER ? n : -1;
}

/* "v2", "V2", "v2.1" (the minor is dropped): the version, else -1; "v0"
 * is no version (versions count from 1). */
static int version_word(const char *p, gsize len)
{
	gsize i = 1;

	if (len < 2 || (p[0] != 'v' && p[0] != 'V'))
		return -1;
	while (i < len && g_ascii_isdigit(p[i]))
		i++;
	if (i == 1)
		return -1;
	if (i < len) {	/* only ".digits" may follow */
		gsize j = i + 1;
		if (p[i] != '.' || j == len)
			return -1;
		while (j < len && g_ascii_isdigit(p[j]))
			j++;
		if (j != len)
			return -1;
	}
	{
		int v = number(p + 1, i - 1);
		return v >= 1 ? v : -1;
	}
}

/* A keyword, maybe with a version glued on ("PATCHv2", "PATCH-v2",
 * "RFCv3"): TRUE when p[0..len) is the keyword; *version gets the glued
 * version or -1. */
static gboolean keyword(const char *p, gsize len, const char *kw, int *version)
{
	gsize k = strlen(kw);

	*version = -1;
	if (len < k || g_ascii_strncasecmp(p, kw, k))
		return FALSE;
	if (len == k)
		return TRUE;
	p += k;
	len -= k;
	if (*p == '-' && len > 1) {
		p++;
		len--;
	}
	*version = version_word(p, len);
	return *version >= 0;
}

/* "n/N": TRUE with both numbers. */
static gboolean counter(const char *p, gsize len, int *index, int *total)
{
	const char *slash = memchr(p, '/', len);

	if (!slash)
		return FALSE;
	*index = number(p, slash - p);
	*total = number(slash + 1, len - (slash + 1 - p));
	return *index >= 0 && *total >= 0;
}

struct word {
	const char *p;
	gsize len;
};

/* Words joined by single spaces, written into room the caller made: the
 * words come from one subject, each apart from the next by a byte at
 * least, so the subject's length is room enough (no allocation a word). */
struct joined {
	char *s;
	gsize len;
};

static void append_word(struct joined *j, const char *p, gsize len)
{
	if (j->len)
		j->s[j->len++] = ' ';
	memcpy(j->s + j->len, p, len);
	j->len += len;
}

/* The word of a bracket's contents at or after *p (words are split on
 * spaces and commas): FALSE when there is none before end. */
static gboolean next_word(const char **p, const char *end, struct word *w)
{
	const char *q = *p, *s;

	while (q < end && (is_space(*q) || *q == ','))
		q++;
	s = q;
	while (q < end && !is_space(*q) && *q != ',')
		q++;
	*p = q;
	w->p = s;
	w->len = q - s;
	return q > s;
}

/* Mercurial's "N of M" at the words from w on: TRUE with both (*p moved
 * past them). */
static gboolean n_of_m(const struct word *w, const char **p, const char *end, int *n, int *t)
{
	const char *q = *p;
	struct word of, m;

	if ((*n = number(w->p, w->len)) < 0 || !next_word(&q, end, &of) || of.len != 2 ||
	    g_ascii_strncasecmp(of.p, "of", 2) || !next_word(&q, end, &m) ||
	    (*t = number(m.p, m.len)) < 0)
		return FALSE;
	*p = q;
	return TRUE;
}

/* One bracket's contents: TRUE when it is a patch bracket (then its
 * findings are merged into out and its other words appended to prefixes). */
static gboolean patch_bracket(struct subject *out, struct joined *prefixes, const char *p,
			      const char *end)
{
	gsize undo = prefixes->len;	/* the other words go straight in, taken out
					 * again when it is no patch bracket */
	gboolean marker = FALSE;
	struct word w;

	while (next_word(&p, end, &w)) {
		int v, n, t;

		if (keyword(w.p, w.len, "PATCH", &v)) {
			out->flags |= SUBJECT_PATCH;
		} else if (keyword(w.p, w.len, "RFC", &v)) {
			out->flags |= SUBJECT_RFC;
		} else if (keyword(w.p, w.len, "RESEND", &v)) {
			out->flags |= SUBJECT_RESEND;
		} else if ((v = version_word(w.p, w.len)) >= 0) {
			;
		} else if (counter(w.p, w.len, &n, &t) || n_of_m(&w, &p, end, &n, &t)) {
			out->index = n;
			out->total = t;
		} else {
			append_word(prefixes, w.p, w.len);
			continue;
		}
		marker = TRUE;
		if (v >= 0 && !out->version_given) {
			out->version = v;
			out->version_given = TRUE;
		}
	}
	if (!marker)
		prefixes->len = undo;
	return marker;
}

/* A reply or forward marker at p: its length (the colon included), else 0. */
static gsize marker_len(const char *p, const char *end, gboolean *forward)
{
	static const struct { const char *w; gboolean fwd; } words[] = {
		{ "fwd", TRUE }, { "fw", TRUE }, { "antw", FALSE }, { "re", FALSE },
		{ "aw", FALSE }, { "sv", FALSE },
	};
	char c = g_ascii_tolower(*p);

	if (c != 'f' && c != 'a' && c != 'r' && c != 's')
		return 0;	/* what most text starts with: no marker starts so */
	for (gsize i = 0; i < G_N_ELEMENTS(words); i++) {
		gsize k = strlen(words[i].w);
		const char *q = p + k;

		if ((gsize)(end - p) <= k || g_ascii_strncasecmp(p, words[i].w, k))
			continue;
		if (*q == '[' || *q == '(') {	/* "Re[2]:" */
			char close = *q == '[' ? ']' : ')';
			const char *d = q + 1;
			while (d < end && g_ascii_isdigit(*d))
				d++;
			if (d == q + 1 || d >= end || *d != close)
				continue;
			q = d + 1;
		}
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q < end && *q == ':') {
			*forward = words[i].fwd;
			return q + 1 - p;
		}
	}
	return 0;
}

/* "(vN)" in the text: its start (*len its length) and the version, else NULL. */
static const char *paren_version(const char *p, const char *end, int *version, gsize *len)
{
	while (p + 4 <= end && (p = memchr(p, '(', end - p))) {
		const char *q = p + 2;

		if (p + 1 < end && (p[1] == 'v' || p[1] == 'V')) {
			while (q < end && g_ascii_isdigit(*q))
				q++;
			if (q > p + 2 && q < end && *q == ')' &&
			    (*version = number(p + 2, q - p - 2)) >= 1) {
				*len = q + 1 - p;
				return p;
			}
		}
		p++;
	}
	return NULL;
}

static char *normalise(const char *p, const char *end, const char *skip, gsize skip_len)
{
	char *out = g_malloc(end - p + 1), *o = out;	/* it only shrinks */
	gboolean space = FALSE;

	for (; p < end; p++) {
		char c = *p;

		if (p == skip) {
			p += skip_len - 1;
			space = TRUE;
			continue;
		}
		if (is_space(c)) {
			space = TRUE;
			continue;
		}
		if (space && o > out)
			*o++ = ' ';
		space = FALSE;
		*o++ = c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
	}
	*o = 0;
	return out;
}

void subject_parse(struct subject *out, const char *s, gssize slen)
{
	const char *p = s, *end = s + (slen < 0 ? (gssize)strlen(s) : slen), *te, *pv = NULL;
	char room[2][256];
	gboolean small = (gsize)(end - s) < sizeof room[0];
	struct joined prefixes = { small ? room[0] : g_malloc(end - s + 1), 0 };
	struct joined tags = { small ? room[1] : g_malloc(end - s + 1), 0 };
	gsize pv_len = 0;

	memset(out, 0, sizeof *out);
	out->version = 1;
	for (;;) {
		gboolean fwd = FALSE;
		gsize n;

		while (p < end && (is_space(*p) || (*p == ':' && p > s && p[-1] == ']')))
			p++;
		if (p >= end)
			break;
		if ((n = marker_len(p, end, &fwd))) {
			if (fwd)
				out->forward = TRUE;
			else
				out->reply = TRUE;
			p += n;
			continue;
		}
		if (*p == '[') {
			const char *close = memchr(p + 1, ']', end - p - 1);

			if (!close)
				break;
			if (patch_bracket(out, &prefixes, p + 1, close))
				out->is_patch = TRUE;
			else if (close > p + 1)
				append_word(&tags, p + 1, close - p - 1);
			p = close + 1;
			continue;
		}
		break;
	}
	te = end;
	while (te > p && is_space(te[-1]))
		te--;
	{
		int v;
		if ((pv = paren_version(p, te, &v, &pv_len)) && !out->version_given) {
			out->version = v;
			out->version_given = TRUE;
		}
	}
	out->text = g_strndup(p, te - p);
	out->normalised = normalise(p, te, pv, pv_len);
	out->prefixes = g_strndup(prefixes.s, prefixes.len);
	out->tags = g_strndup(tags.s, tags.len);
	if (!small) {
		g_free(prefixes.s);
		g_free(tags.s);
	}
}

void subject_clear(struct subject *sub)
{
	if (!sub)
		return;
	g_free(sub->prefixes);
	g_free(sub->tags);
	g_free(sub->text);
	g_free(sub->normalised);
	memset(sub, 0, sizeof *sub);
}
