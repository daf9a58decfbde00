/* mbox.c - mail sources: mapped mbox files, Maildirs, single messages.
 *
 * Hand-written scanning: this is the hot path of every command that reads
 * a mailbox, so separators are found with memchr over the mapping and each
 * message is a span into it; nothing is parsed or copied here.
 */
#include "mail/mbox.h"
#include "core/error.h"

#include <errno.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum kind { KIND_MBOX, KIND_MAILDIR, KIND_ONE };

struct mbox {
	char *name;
	enum kind kind;
	enum mbox_format format;
	/* mbox and single messages: the whole file */
	const char *data;
	gsize len;
	gboolean mapped;
	gsize map_len;		/* what munmap gives back (len is less in a split's first part) */
	gboolean part;		/* mbox_split_at's second part: the mapping is the whole's */
	char *owned;		/* stdin or a small file, read into memory */
	GBytes *bytes;		/* mbox_open_bytes: the buffer it reads (a reference) */
	gsize pos;		/* scan position */
	gsize dropped;		/* the mapping below this was given back (MADV_DONTNEED) */
	gsize populated;	/* the page tables below this were filled (MADV_POPULATE_READ) */
	gboolean keep;		/* mbox_keep_pages: nothing is given back */
	guint count;
	gsize junk;		/* bytes before the first separator that were skipped */
	warn_fn warn;		/* says so at the first mbox_next, when set */
	void *warn_payload;
	/* Maildir */
	GPtrArray *files;	/* full paths, in order */
	GPtrArray *buffers;	/* what was read of them (kept until close) */
	guint next_file;
};

gboolean mbox_is_from_line(const char *line, gsize len)
{
	const char *colon, *end = line + len;

	/* git mailsplit's test: "From " and a time hh:mm:ss followed by a year */
	while (len && (line[len - 1] == '\r' || line[len - 1] == '\n'))
		len--;
	end = line + len;
	if (len < 20 || memcmp(line, "From ", 5))
		return FALSE;
	for (colon = end - 2; colon > line + 5; colon--)
		if (*colon == ':')
			break;
	if (colon <= line + 9 || colon + 3 > end)
		return FALSE;
	if (!g_ascii_isdigit(colon[-4]) || !g_ascii_isdigit(colon[-2]) ||
	    !g_ascii_isdigit(colon[-1]) || !g_ascii_isdigit(colon[1]) || !g_ascii_isdigit(colon[2]))
		return FALSE;
	/* the year after the seconds */
	{
		const char *y = colon + 3;
		long year = 0;
		while (y < end && !g_ascii_isdigit(*y))
			y++;
		while (y < end && g_ascii_isdigit(*y) && year < 100000)
			year = year * 10 + (*y++ - '0');
		return year > 90;
	}
}

static gboolean read_all(int fd, char **out, gsize *len)
{
	GByteArray *b = g_byte_array_new();
	guint8 buf[65536];
	ssize_t n;

	while ((n = read(fd, buf, sizeof buf)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			g_byte_array_unref(b);
			return FALSE;
		}
		g_byte_array_append(b, buf, (guint)n);
	}
	*len = b->len;
	g_byte_array_append(b, (const guint8 *)"", 1);	/* a NUL after the data */
	*out = (char *)g_byte_array_free(b, FALSE);
	return TRUE;
}

static gint cmp_str(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void list_maildir(GPtrArray *files, const char *dir, const char *sub)
{
	char *path = g_build_filename(dir, sub, NULL);
	GDir *d = g_dir_open(path, 0, NULL);
	GPtrArray *names = g_ptr_array_new();
	const char *n;

	while (d && (n = g_dir_read_name(d)))
		if (n[0] != '.')
			g_ptr_array_add(names, g_strdup(n));
	if (d)
		g_dir_close(d);
	g_ptr_array_sort(names, cmp_str);
	for (guint i = 0; i < names->len; i++) {
		g_ptr_array_add(files, g_build_filename(path, g_ptr_array_index(names, i), NULL));
		g_free(g_ptr_array_index(names, i));
	}
	g_ptr_array_unref(names);
	g_free(path);
}

static gsize next_separator(const struct mbox *mb, gsize from);

/* Whether the line at p (of end - p bytes) starts with a header field name
 * and its colon: "Name:", the name printable ASCII without blanks. */
static gboolean header_line(const char *p, const char *end)
{
	const char *q = p;

	while (q < end && *q > ' ' && *q < 0x7f && *q != ':')
		q++;
	return q > p && q < end && *q == ':';
}

/* An mbox starts with "From "; a file that starts with a header field is
 * one message.  Anything else (a blank line, a UTF-8 BOM, text) before a
 * separator line further down is junk in front of an mbox, as git
 * mailsplit skips it: mb->pos and mb->junk are set past it. */
static enum kind classify(struct mbox *mb)
{
	const char *d = mb->data;
	gsize at = mb->len >= 3 && !memcmp(d, "\xef\xbb\xbf", 3) ? 3 : 0, sep;

	if (mb->len >= 5 && !memcmp(d, "From ", 5))
		return KIND_MBOX;
	if (mb->len - at >= 5 && !memcmp(d + at, "From ", 5)) {
		mb->pos = mb->junk = at;
		return KIND_MBOX;
	}
	if (header_line(d + at, d + mb->len))
		return KIND_ONE;
	sep = next_separator(mb, 0);
	if (sep >= mb->len)
		return KIND_ONE;
	mb->pos = mb->junk = sep;
	return KIND_MBOX;
}

void mbox_set_warn(struct mbox *mb, warn_fn warn, void *payload)
{
	mb->warn = warn;
	mb->warn_payload = payload;
}

gboolean mbox_open(struct mbox **out, const char *path, enum mbox_format format, GError **error)
{
	struct mbox *mb = g_new0(struct mbox, 1);
	struct stat st;
	int fd;

	*out = NULL;
	mb->name = g_strdup(path);
	mb->format = format;
	if (!strcmp(path, "-")) {
		if (!read_all(STDIN_FILENO, &mb->owned, &mb->len)) {
			qerr(error, QUILL_ERROR_OUTSIDE, "standard input: %s", g_strerror(errno));
			goto fail;
		}
		mb->data = mb->owned;
	} else if (g_file_test(path, G_FILE_TEST_IS_DIR)) {
		char *cur = g_build_filename(path, "cur", NULL), *new_ = g_build_filename(path, "new", NULL);
		gboolean is_maildir = g_file_test(cur, G_FILE_TEST_IS_DIR) ||
				      g_file_test(new_, G_FILE_TEST_IS_DIR);

		g_free(cur);
		g_free(new_);
		if (!is_maildir) {
			qerr(error, QUILL_ERROR_USAGE, "%s: a directory, but not a Maildir (no cur/ or new/)",
			     path);
			goto fail;
		}
		mb->kind = KIND_MAILDIR;
		mb->files = g_ptr_array_new_with_free_func(g_free);
		mb->buffers = g_ptr_array_new_with_free_func(g_free);
		list_maildir(mb->files, path, "cur");
		list_maildir(mb->files, path, "new");
		*out = mb;
		return TRUE;
	} else {
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
			qerr(error, QUILL_ERROR_USAGE, "%s: %s", path, g_strerror(errno));
			goto fail;
		}
		if (fstat(fd, &st) < 0) {
			qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", path, g_strerror(errno));
			close(fd);
			goto fail;
		}
		if (S_ISREG(st.st_mode) && st.st_size > 0) {
			void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
			if (p == MAP_FAILED) {
				qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", path, g_strerror(errno));
				close(fd);
				goto fail;
			}
			madvise(p, (size_t)st.st_size, MADV_SEQUENTIAL);
			mb->data = p;
			mb->len = mb->map_len = (gsize)st.st_size;
			mb->mapped = TRUE;
		} else if (!read_all(fd, &mb->owned, &mb->len)) {	/* a pipe, an empty file */
			qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", path, g_strerror(errno));
			close(fd);
			goto fail;
		} else {
			mb->data = mb->owned;
		}
		close(fd);
	}
	mb->kind = classify(mb);
	*out = mb;
	return TRUE;
fail:
	mbox_close(mb);
	return FALSE;
}

const char *mbox_name(const struct mbox *mb)
{
	return mb->name;
}

enum mbox_format mbox_get_format(const struct mbox *mb)
{
	return mb->format;
}

gboolean mbox_open_bytes(struct mbox **out, const char *name, GBytes *bytes,
			 enum mbox_format format)
{
	struct mbox *mb = g_new0(struct mbox, 1);
	gsize len;

	mb->name = g_strdup(name);
	mb->format = format;
	mb->bytes = g_bytes_ref(bytes);
	mb->data = g_bytes_get_data(bytes, &len);
	mb->len = mb->data ? len : 0;
	if (!mb->data)
		mb->data = "";
	mb->kind = classify(mb);
	*out = mb;
	return TRUE;
}

void mbox_close(struct mbox *mb)
{
	if (!mb)
		return;
	if (mb->bytes)
		g_bytes_unref(mb->bytes);
	if (mb->mapped && !mb->part)
		munmap((void *)mb->data, mb->map_len);
	g_free(mb->owned);
	if (mb->files)
		g_ptr_array_unref(mb->files);
	if (mb->buffers)
		g_ptr_array_unref(mb->buffers);
	g_free(mb->name);
	g_free(mb);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_AVX2_SCAN 1

/* The same with AVX2, where the processor has it: 32 bytes a step against
 * '\n', 'F' one byte on and 'r' two on, so that few lines that only start
 * with an 'F' ("Fixes:") stop the scan.  Hand-written: the hot path of
 * every mailbox scan (a tenth of mail thread's cycles with SSE2). */
__attribute__((target("avx2"))) static const char *next_nl_fr_avx2(const char *p, const char *end)
{
	const __m256i nl = _mm256_set1_epi8('\n'), f = _mm256_set1_epi8('F');
	const __m256i r = _mm256_set1_epi8('r');

	while (end - p >= 34) {
		__m256i a = _mm256_loadu_si256((const __m256i *)p);
		__m256i b = _mm256_loadu_si256((const __m256i *)(p + 1));
		__m256i c = _mm256_loadu_si256((const __m256i *)(p + 2));
		__m256i m = _mm256_and_si256(_mm256_and_si256(_mm256_cmpeq_epi8(a, nl),
							      _mm256_cmpeq_epi8(b, f)),
					     _mm256_cmpeq_epi8(c, r));
		guint32 bits = (guint32)_mm256_movemask_epi8(m);

		if (bits)
			return p + __builtin_ctz(bits) + 1;
		p += 32;
	}
	while (p < end && (p = memchr(p, '\n', end - p))) {
		if (end - p >= 2 && p[1] == 'F')
			return p + 1;
		p++;
	}
	return NULL;
}

static gboolean have_avx2(void)
{
	static gint known;	/* 0: not asked yet, 1: no, 2: yes */

	if (!g_atomic_int_get(&known))
		g_atomic_int_set(&known, __builtin_cpu_supports("avx2") ? 2 : 1);
	return g_atomic_int_get(&known) == 2;
}
#endif

/* The first "\nF" at or after p (the position of the 'F'), or NULL: with
 * SSE2, 32 bytes a step compared at once against '\n' and, one byte on,
 * against 'F' - a mail body has an 'F' every few hundred bytes and a
 * newline every few dozen, so a memchr for either stops far too often
 * (that was a sixth of `mail thread`).  Hand-written: the hot path of
 * every mailbox scan.  With AVX2 (next_nl_fr_avx2) it may pass over a
 * "\nF" that is no "\nFr". */
static const char *next_nl_f(const char *p, const char *end)
{
#ifdef HAVE_AVX2_SCAN
	if (have_avx2())
		return next_nl_fr_avx2(p, end);
#endif
#ifdef __SSE2__
	const __m128i nl = _mm_set1_epi8('\n'), f = _mm_set1_epi8('F');

	while (end - p >= 33) {
		__m128i a0 = _mm_loadu_si128((const __m128i *)p);
		__m128i b0 = _mm_loadu_si128((const __m128i *)(p + 1));
		__m128i a1 = _mm_loadu_si128((const __m128i *)(p + 16));
		__m128i b1 = _mm_loadu_si128((const __m128i *)(p + 17));
		unsigned m0 = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a0, nl),
									  _mm_cmpeq_epi8(b0, f)));
		unsigned m1 = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a1, nl),
									  _mm_cmpeq_epi8(b1, f)));
		guint32 m = m0 | (m1 << 16);

		if (m)
			return p + __builtin_ctz(m) + 1;
		p += 32;
	}
#endif
	while (p < end && (p = memchr(p, '\n', end - p))) {
		if (end - p >= 2 && p[1] == 'F')
			return p + 1;
		p++;
	}
	return NULL;
}

/* The start of the next separator line after `from`, or the end of the
 * data. */
static gsize next_separator(const struct mbox *mb, gsize from)
{
	const char *d = mb->data, *end = d + mb->len, *p = d + from;

	while (p < end && (p = next_nl_f(p, end))) {
		if (end - p >= 5 && !memcmp(p, "From ", 5)) {
			const char *eol = memchr(p, '\n', end - p);
			if (mbox_is_from_line(p, (eol ? eol : end) - p))
				return p - d;
		}
		/* p is at the 'F': the next newline is after it */
	}
	return mb->len;
}

/* Give back the pages of the mapping well behind the scan (every 64 MiB):
 * a read-only private mapping of an unchanged file re-reads them from the
 * page cache if a span there is touched again, so spans stay valid, and a
 * mailbox of several GB does not stay resident. */
static void release_behind(struct mbox *mb, gsize upto)
{
	const gsize step = 64u << 20;
	long page = sysconf(_SC_PAGESIZE);
	gsize from, to;

	if (!mb->mapped)
		return;
#ifdef MADV_POPULATE_READ
	/* fill the page tables of the next stretch in one call: cheaper than
	 * a page fault every few pages (Linux 5.14; older kernels say EINVAL) */
	if (upto + step / 2 > mb->populated && mb->populated < mb->len) {
		/* from a page's start: a split part starts mid-page, and an
		 * unaligned start is EINVAL (its pages were all faulted in) */
		gsize a = mb->populated / (gsize)page * (gsize)page, b = MIN(mb->len, a + step);
		madvise((char *)mb->data + a, b - a, MADV_POPULATE_READ);
		mb->populated = b;
	}
#endif
	if (mb->keep || upto < mb->dropped + 2 * step)
		return;
	from = mb->dropped;
	to = (upto - step) / (gsize)page * (gsize)page;
	if (to > from && madvise((char *)mb->data + from, to - from, MADV_DONTNEED) == 0)
		mb->dropped = to;
}

gboolean mbox_next(struct mbox *mb, struct mbox_msg *msg, GError **error)
{
	memset(msg, 0, sizeof *msg);
	if (mb->kind == KIND_MAILDIR) {
		while (mb->next_file < mb->files->len) {
			const char *f = g_ptr_array_index(mb->files, mb->next_file++);
			char *data;
			gsize len;
			GError *e = NULL;

			if (!g_file_get_contents(f, &data, &len, &e)) {
				qerr(error, QUILL_ERROR_INPUT, "%s: %s", f, e->message);
				g_error_free(e);
				return FALSE;
			}
			g_ptr_array_add(mb->buffers, data);
			msg->data = data;
			msg->len = len;
			msg->index = ++mb->count;
			msg->path = f;
			return TRUE;
		}
		return FALSE;
	}
	if (mb->kind == KIND_ONE) {
		if (mb->count || (mb->len == 0))
			return FALSE;
		msg->data = mb->data;
		msg->len = mb->len;
		msg->index = ++mb->count;
		msg->path = mb->name;
		return TRUE;
	}
	if (mb->junk == 1 && !mb->count && mb->warn)
		mb->warn(mb->warn_payload, "%s: byte 0 before the first \"From \" line is not mail; "
			 "skipped", strcmp(mb->name, "-") ? mb->name : "standard input");
	else if (mb->junk && !mb->count && mb->warn)
		mb->warn(mb->warn_payload,
			 "%s: bytes 0-%" G_GSIZE_FORMAT " before the first \"From \" line are not mail; "
			 "skipped", strcmp(mb->name, "-") ? mb->name : "standard input", mb->junk - 1);
	mb->warn = NULL;	/* said once */
	/* an mbox: pos is at a separator line (or the end) */
	while (mb->pos < mb->len) {
		const char *d = mb->data, *line = d + mb->pos;
		const char *eol = memchr(line, '\n', mb->len - mb->pos);
		gsize start = eol ? (gsize)(eol - d) + 1 : mb->len;
		gsize next = next_separator(mb, start > 0 ? start - 1 : 0);
		gsize end = next;

		/* the blank line before the next separator is framing */
		if (end >= start + 2 && d[end - 1] == '\n' && d[end - 2] == '\n')
			end--;
		else if (end >= start + 3 && d[end - 1] == '\n' && d[end - 2] == '\r' &&
			 d[end - 3] == '\n')
			end -= 2;
		msg->from_line = line;
		msg->from_len = (eol ? eol : d + mb->len) - line;
		if (msg->from_len && line[msg->from_len - 1] == '\r')
			msg->from_len--;
		msg->data = d + start;
		msg->len = end - start;
		msg->offset = start;
		msg->index = ++mb->count;
		msg->path = mb->name;
		mb->pos = next;
		release_behind(mb, line - d);
		return TRUE;
	}
	return FALSE;
}

struct mbox *mbox_split_at(struct mbox *mb, gsize at)
{
	struct mbox *b;
	gsize sep;

	if (mb->kind != KIND_MBOX || mb->count || mb->pos >= mb->len)
		return NULL;
	/* separators are the "From " lines after a newline, wherever the scan
	 * starts: the first one from max(at, pos + 1) on is where a scan from
	 * the start would have stopped too (pos itself is the first message's) */
	sep = next_separator(mb, MAX(at, mb->pos + 1) - 1);
	if (sep >= mb->len)
		return NULL;
	b = g_new0(struct mbox, 1);
	b->name = g_strdup(mb->name);
	b->kind = KIND_MBOX;
	b->format = mb->format;
	b->data = mb->data;
	b->len = mb->len;
	b->mapped = mb->mapped;
	b->part = TRUE;
	b->pos = b->populated = sep;
	b->dropped = sep / (gsize)sysconf(_SC_PAGESIZE) * (gsize)sysconf(_SC_PAGESIZE);
	mb->len = sep;
	return b;
}

void mbox_keep_pages(struct mbox *mb)
{
	mb->keep = TRUE;
}

gsize mbox_length(const struct mbox *mb)
{
	return mb->kind == KIND_MAILDIR ? 0 : mb->len;
}

guint mbox_count(const struct mbox *mb)
{
	return mb->count;
}

char *mbox_unescape(const char *data, gsize len, enum mbox_format format, gsize *len_out)
{
	char *out = g_malloc(len + 1), *o = out;
	const char *p = data, *end = data + len, *run = data;

	/* runs between escaped lines are copied whole: find each '>' that
	 * starts a line with memchr, not line by line */
	while (format != MBOX_RAW && p < end && (p = memchr(p, '>', end - p))) {
		const char *q = p;

		if (p == data || p[-1] == '\n') {
			while (q < end && *q == '>')
				q++;
			if (end - q >= 5 && !memcmp(q, "From ", 5) && (format == MBOX_RD || q == p + 1)) {
				memcpy(o, run, p - run);	/* up to the '>' it loses */
				o += p - run;
				run = p + 1;
			}
		}
		p = q > p ? q : p + 1;
	}
	memcpy(o, run, end - run);
	o += end - run;
	*o = 0;
	if (len_out)
		*len_out = o - out;
	return out;
}

void mbox_append_rd(GString *out, const char *from_line, const char *data, gsize len)
{
	const char *p = data, *end = data + len;

	g_string_append(out, from_line ? from_line : "From mboxrd@z Thu Jan  1 00:00:00 1970");
	g_string_append_c(out, '\n');
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		const char *le = nl ? nl + 1 : end;
		const char *q = p;

		while (q < le && *q == '>')
			q++;
		if (le - q >= 5 && !memcmp(q, "From ", 5))
			g_string_append_c(out, '>');
		g_string_append_len(out, p, le - p);
		p = le;
	}
	if (len && data[len - 1] != '\n')
		g_string_append_c(out, '\n');
	g_string_append_c(out, '\n');
}
