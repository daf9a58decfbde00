/* output-json.c - the printer layer's streaming JSON writer (cmd.h,
 * "jout"): for the --json views too big to build as a json_t and dump
 * (mail thread, mail series and review scan of 100k messages make
 * documents of hundreds of MB, and jansson's dumper costs some 90
 * instructions a byte).  Strings are escaped as jansson escapes them, so
 * a view written this way is byte for byte what print_json would print.
 * Hand-written: the hot path of --json; plain bytes are skipped eight at
 * a time. */
#include "cmd.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer) && !defined(__SANITIZE_ADDRESS__)
#define __SANITIZE_ADDRESS__ 1	/* clang's way of saying it */
#endif
#endif
#include <stdio.h>
#include <string.h>

struct jout {
	char buf[1 << 16];
	gsize n;
	GString *mem;		/* jout_new_mem: where it goes instead of stdout */
};

struct jout *jout_new(void)
{
	struct jout *o = g_new(struct jout, 1);

	o->n = 0;
	o->mem = NULL;
	return o;
}

struct jout *jout_new_mem(void)
{
	struct jout *o = jout_new();

	o->mem = g_string_sized_new(1 << 20);
	return o;
}

static void out(struct jout *o, const char *s, gsize n)
{
	if (o->mem)
		g_string_append_len(o->mem, s, (gssize)n);
	else
		fwrite_unlocked(s, 1, n, stdout);
}

void jout_finish(struct jout *o)
{
	out(o, o->buf, o->n);
	if (o->mem)
		g_string_free(o->mem, TRUE);
	g_free(o);
}

GString *jout_take(struct jout *o)
{
	GString *mem = o->mem;

	out(o, o->buf, o->n);
	g_free(o);
	return mem;
}

void jout_put(struct jout *o, const char *s, gsize n)
{
	if (o->n + n > sizeof o->buf) {
		out(o, o->buf, o->n);
		o->n = 0;
		if (n > sizeof o->buf) {
			out(o, s, n);
			return;
		}
	}
	memcpy(o->buf + o->n, s, n);
	o->n += n;
}

void jout_puts(struct jout *o, const char *s)
{
	jout_put(o, s, strlen(s));
}

/* v in decimal, with a '-' when neg (no printf: one number a row) */
static void put_decimal(struct jout *o, guint64 v, gboolean neg)
{
	char b[24], *p = b + sizeof b;

	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	if (neg)
		*--p = '-';
	jout_put(o, p, b + sizeof b - p);
}

void jout_uint(struct jout *o, guint v)
{
	put_decimal(o, v, FALSE);
}

void jout_int(struct jout *o, gint64 v)
{
	/* the magnitude of G_MININT64 too, as unsigned */
	put_decimal(o, v < 0 ? 0 - (guint64)v : (guint64)v, v < 0);
}

#define ONES 0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL

/* Whether any of the 8 bytes in w is a control character, '"' or '\\'
 * (or, with high set, one of 0x80 and up). */
static inline gboolean word_needs(guint64 w, gboolean high)
{
	guint64 ctl = (w - 0x20 * ONES) & ~w;
	guint64 q = w ^ ('"' * ONES), b = w ^ ('\\' * ONES);

	return (((ctl | ((q - ONES) & ~q) | ((b - ONES) & ~b)) & HIGHS) | (high ? w & HIGHS : 0)) != 0;
}

/* How many bytes of s[0..n) from the start need nothing (a multiple of 8,
 * so possibly fewer than there are): with SSE2 sixteen bytes a step, then
 * eight. */
static gsize plain_prefix(const char *s, gsize n, gboolean high)
{
	gsize i = 0;

#ifdef __SSE2__
	/* sixteen at a time: below 0x20 (unsigned), '"', '\\', and the high bit */
	const __m128i c1f = _mm_set1_epi8(0x1f), cq = _mm_set1_epi8('"');
	const __m128i cb = _mm_set1_epi8('\\');

	for (; i + 16 <= n; i += 16) {
		__m128i x = _mm_loadu_si128((const __m128i *)(s + i));
		__m128i bad = _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(x, c1f), x),
					   _mm_or_si128(_mm_cmpeq_epi8(x, cq), _mm_cmpeq_epi8(x, cb)));

		if (_mm_movemask_epi8(bad) | (high ? _mm_movemask_epi8(x) : 0))
			return i;
	}
#endif

	for (; i + 8 <= n; i += 8) {
		guint64 w;

		memcpy(&w, s + i, 8);
		if (word_needs(w, high))
			break;
	}
	return i;
}

gboolean jout_utf8_ok(const char *s, gsize n)
{
	gsize i = plain_prefix(s, n, TRUE);

	while (i < n && !(s[i] & 0x80))
		i++;
	return i == n || g_utf8_validate_len(s + i, n - i, NULL);
}

/* 1: the byte is written escaped (control characters, '"', '\\') */
static const guint8 escaped[256] = {
	[0 ... 0x1f] = 1, ['"'] = 1, ['\\'] = 1,
};

void jout_string_len(struct jout *o, const char *s, gsize n)
{
	static const char hex[] = "0123456789ABCDEF";
	const char *p, *run = s, *end = s + n;

	JOUT_LIT(o, "\"");
	for (p = s + plain_prefix(s, n, FALSE); p < end; p++) {
		unsigned char c = (unsigned char)*p;

		if (!escaped[c])
			continue;
		jout_put(o, run, p - run);
		run = p + 1;
		switch (c) {
		case '"': JOUT_LIT(o, "\\\""); break;
		case '\\': JOUT_LIT(o, "\\\\"); break;
		case '\b': JOUT_LIT(o, "\\b"); break;
		case '\f': JOUT_LIT(o, "\\f"); break;
		case '\n': JOUT_LIT(o, "\\n"); break;
		case '\r': JOUT_LIT(o, "\\r"); break;
		case '\t': JOUT_LIT(o, "\\t"); break;
		default: {
			char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };

			jout_put(o, u, 6);
		}
		}
	}
	jout_put(o, run, end - run);
	JOUT_LIT(o, "\"");
}

/* How many bytes from the start of the C string s need nothing, up to its
 * NUL or the first byte to escape (with high set: or of 0x80 and up): one
 * pass instead of strlen, then a scan for bytes to escape, then (for
 * jout_text) one for the high bit.  With SSE2 the loads are of aligned
 * sixteen bytes, which never cross into the next page, so reading past
 * the NUL within them is safe; not under AddressSanitizer, which would
 * rightly see bytes read past the string's end. */
static gsize plain_cstr(const char *s, gboolean high)
{
	const char *p = s;

#if defined(__SSE2__) && !defined(__SANITIZE_ADDRESS__)
	const __m128i c1f = _mm_set1_epi8(0x1f), cq = _mm_set1_epi8('"');
	const __m128i cb = _mm_set1_epi8('\\');
	guintptr off = (guintptr)s & 15;
	const __m128i *a = (const __m128i *)(const void *)(s - off);
	/* the bytes before s in the first block do not count */
	unsigned skip = ~0u << off;

	for (;; a++, skip = ~0u) {
		__m128i x = _mm_load_si128(a);
		__m128i bad = _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(x, c1f), x),
					   _mm_or_si128(_mm_cmpeq_epi8(x, cq), _mm_cmpeq_epi8(x, cb)));
		unsigned m = ((unsigned)_mm_movemask_epi8(bad) |
			      (high ? (unsigned)_mm_movemask_epi8(x) : 0)) & skip & 0xffff;

		if (m)
			return (const char *)a + __builtin_ctz(m) - s;
	}
#endif
	/* NUL is below 0x20: the escaped table stops on it */
	while (!escaped[(unsigned char)*p] && !(high && (*p & 0x80)))
		p++;
	return p - s;
}

/* s whole when nothing in it needs escaping (its length known then): TRUE;
 * FALSE with *n its length, when something does. */
static gboolean put_plain(struct jout *o, const char *s, gboolean high, gsize *n)
{
	gsize i = plain_cstr(s, high);

	if (s[i]) {
		*n = i + strlen(s + i);
		return FALSE;
	}
	JOUT_LIT(o, "\"");
	jout_put(o, s, i);
	JOUT_LIT(o, "\"");
	return TRUE;
}

void jout_string(struct jout *o, const char *s)
{
	gsize n;

	if (!s)
		JOUT_LIT(o, "null");
	else if (!put_plain(o, s, FALSE, &n))
		jout_string_len(o, s, n);
}

void jout_text(struct jout *o, const char *s)
{
	gsize n;
	char *valid;

	if (!s) {
		JOUT_LIT(o, "null");
		return;
	}
	if (put_plain(o, s, TRUE, &n))
		return;
	if (jout_utf8_ok(s, n)) {
		jout_string_len(o, s, n);
		return;
	}
	valid = g_utf8_make_valid(s, (gssize)n);
	jout_string(o, valid);
	g_free(valid);
}
