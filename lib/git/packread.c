/* packread.c - whole commits read from version-2 pack files, the header
 * inflated first and the rest when asked.
 *
 * A pack index (.idx, version 2) is: "\377tOc", version 2, a fan-out table
 * of 256 big-endian counts, the sorted object ids, their CRCs, their 31-bit
 * offsets (the top bit set: an index into the 64-bit offsets that follow),
 * then the pack's checksum and its own.  A pack entry starts with its type
 * and inflated size (4 bits of size, then 7 bits a byte while the top bit
 * is set), then the zlib stream.  Both files are mapped whole.
 */
#include "git/packread.h"

#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define OBJ_COMMIT 1
/* the header is inflated from the first HEADER_IN bytes of the stream, then
 * HEADER_MORE at a time until it is in: so the output has room all the
 * time, and zlib's fast loop does the work */
#define HEADER_IN 192
#define HEADER_MORE 128

struct pack {
	const unsigned char *idx, *pack;
	size_t idx_len, pack_len;
	guint32 n;
	const unsigned char *ids, *off32, *off64;
	size_t n64;
};

struct packread_zs {
	z_stream z;
	const unsigned char *in_end;	/* the end of the input (the pack's checksum) */
	struct packread_zs *next;	/* in the free list */
};

struct packread {
	GArray *packs;			/* struct pack */
	struct packread_zs *free;	/* streams to reuse */
};

static inline guint32 be32(const unsigned char *p)
{
	return (guint32)p[0] << 24 | (guint32)p[1] << 16 | (guint32)p[2] << 8 | p[3];
}

/* Map a whole file read-only; NULL when it cannot be. */
static const unsigned char *map_file(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	void *m = MAP_FAILED;

	if (fd < 0)
		return NULL;
	if (!fstat(fd, &st) && st.st_size > 0 && (guint64)st.st_size <= SIZE_MAX) {
		*len = (size_t)st.st_size;
		m = mmap(NULL, *len, PROT_READ, MAP_PRIVATE, fd, 0);
	}
	close(fd);
	return m == MAP_FAILED ? NULL : m;
}

/* Do the index and the pack fit together?  Fills the tables of k. */
static gboolean pack_check(struct pack *k)
{
	static const unsigned char magic[8] = { 0xff, 't', 'O', 'c', 0, 0, 0, 2 };
	size_t fixed;
	guint32 version;

	if (k->idx_len < 8 + 1024 + 40 || memcmp(k->idx, magic, 8))
		return FALSE;
	k->n = be32(k->idx + 8 + 255 * 4);
	fixed = 8 + 1024 + (size_t)k->n * 28 + 40;
	if (k->idx_len < fixed || (k->idx_len - fixed) % 8)
		return FALSE;
	k->ids = k->idx + 8 + 1024;
	k->off32 = k->ids + (size_t)k->n * 24;
	k->off64 = k->off32 + (size_t)k->n * 4;
	k->n64 = (k->idx_len - fixed) / 8;
	if (k->pack_len < 12 + 20 || memcmp(k->pack, "PACK", 4))
		return FALSE;
	version = be32(k->pack + 4);
	if (version != 2 && version != 3)
		return FALSE;
	/* the index names the pack it indexes by the pack's checksum */
	return !memcmp(k->idx + k->idx_len - 40, k->pack + k->pack_len - 20, 20);
}

static void pack_unmap(struct pack *k)
{
	if (k->idx)
		munmap((void *)k->idx, k->idx_len);
	if (k->pack)
		munmap((void *)k->pack, k->pack_len);
}

static void add_pack(struct packread *p, const char *dir, const char *name)
{
	size_t n = strlen(name);
	char *idx = g_build_filename(dir, name, NULL);
	char *base = g_strndup(name, n - 4);
	char *packname = g_strconcat(base, ".pack", NULL);
	char *pack = g_build_filename(dir, packname, NULL);
	struct pack k = { 0 };

	k.idx = map_file(idx, &k.idx_len);
	k.pack = k.idx ? map_file(pack, &k.pack_len) : NULL;
	if (k.pack && pack_check(&k))
		g_array_append_val(p->packs, k);
	else
		pack_unmap(&k);
	g_free(idx);
	g_free(base);
	g_free(packname);
	g_free(pack);
}

struct packread *packread_open(const char *objects)
{
	struct packread *p = g_new0(struct packread, 1);
	char *dir = g_build_filename(objects, "pack", NULL);
	GDir *d = g_dir_open(dir, 0, NULL);
	const char *name;

	p->packs = g_array_new(FALSE, TRUE, sizeof(struct pack));
	while (d && (name = g_dir_read_name(d)))
		if (g_str_has_suffix(name, ".idx") && strlen(name) > 4)
			add_pack(p, dir, name);
	if (d)
		g_dir_close(d);
	g_free(dir);
	return p;
}

void packread_free(struct packread *p)
{
	if (!p)
		return;
	for (guint i = 0; i < p->packs->len; i++)
		pack_unmap(&g_array_index(p->packs, struct pack, i));
	g_array_free(p->packs, TRUE);
	while (p->free) {
		struct packread_zs *z = p->free;

		p->free = z->next;
		inflateEnd(&z->z);
		g_free(z);
	}
	g_free(p);
}

/* Where oid's entry starts in k, or 0 when k does not hold it. */
static size_t pack_offset(const struct pack *k, const git_oid *oid)
{
	const unsigned char *id = oid->id;
	guint32 lo = id[0] ? be32(k->idx + 8 + (id[0] - 1) * 4) : 0;
	guint32 hi = be32(k->idx + 8 + id[0] * 4);
	guint32 off;

	if (hi > k->n || lo > hi)
		return 0;
	while (lo < hi) {
		guint32 mid = lo + (hi - lo) / 2;
		int c = memcmp(k->ids + (size_t)mid * 20, id, 20);

		if (!c) {
			off = be32(k->off32 + (size_t)mid * 4);
			if (!(off & 0x80000000u))
				return off;
			off &= 0x7fffffffu;
			if (off >= k->n64)
				return 0;
			return (size_t)((guint64)be32(k->off64 + (size_t)off * 8) << 32 |
					be32(k->off64 + (size_t)off * 8 + 4));
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* The entry at off when it is a whole commit: *data (its zlib stream, to
 * the pack's checksum) and *size. */
static gboolean entry_commit(const struct pack *k, size_t off, const unsigned char **data,
			     size_t *avail, size_t *size)
{
	const size_t end = k->pack_len - 20;
	unsigned char c;
	guint64 sz;
	unsigned shift = 4;

	if (off < 12 || off >= end)
		return FALSE;
	c = k->pack[off++];
	if (((c >> 4) & 7) != OBJ_COMMIT)
		return FALSE;
	sz = c & 15;
	while (c & 0x80) {
		if (off >= end || shift > 56)
			return FALSE;
		c = k->pack[off++];
		sz |= (guint64)(c & 0x7f) << shift;
		shift += 7;
	}
	if (sz >= G_MAXUINT32 / 2)
		return FALSE;
	*data = k->pack + off;
	*avail = MIN(end - off, (size_t)G_MAXUINT32);
	*size = (size_t)sz;
	return TRUE;
}

/* Inflate o from `in` more bytes of its stream (0: all that is left),
 * with room for one byte past its size (a complete stream ends before):
 * 1 when the stream ended at its size, 0 when there is more to come, -1
 * when the data is damaged. */
static int zstep(struct packread_obj *o, size_t in)
{
	struct packread_zs *zs = o->zs;
	z_stream *z = &zs->z;
	size_t left = (size_t)(zs->in_end - z->next_in);
	int rc;

	z->next_out = (Bytef *)o->data + o->have;
	z->avail_out = (uInt)(o->size + 1 - o->have);
	z->avail_in = (uInt)(in && in < left ? in : left);
	rc = inflate(z, Z_NO_FLUSH);
	o->have = o->size + 1 - z->avail_out;
	if (rc == Z_STREAM_END)
		return o->have == o->size ? 1 : -1;
	/* short of the end: fine while there is input left to give it */
	if ((rc != Z_OK && rc != Z_BUF_ERROR) || o->have > o->size || z->next_in == zs->in_end)
		return -1;
	return 0;
}

static struct packread_zs *zs_get(struct packread *p)
{
	struct packread_zs *z = p->free;

	if (z) {
		p->free = z->next;
		if (inflateReset(&z->z) == Z_OK)
			return z;
		inflateEnd(&z->z);
		g_free(z);
	}
	z = g_new0(struct packread_zs, 1);
	if (inflateInit(&z->z) != Z_OK) {
		g_free(z);
		return NULL;
	}
	return z;
}

static void obj_reserve(struct packread_obj *o, size_t size)
{
	if (o->cap < size + 1) {
		g_free(o->data);
		o->cap = MAX(size + 1, 1024);
		o->data = g_malloc(o->cap);
	}
	o->size = size;
	o->have = 0;
	o->header_end = size;
}

/* Inflate the header into o (begun): until its "\n\n" or the end. */
static int read_header(struct packread_obj *o)
{
	size_t scan = 0, in = HEADER_IN;

	for (;;) {
		int r = zstep(o, in);
		const char *hit;

		if (r < 0)
			return r;
		hit = o->have > scan ? memmem(o->data + scan, o->have - scan, "\n\n", 2) : NULL;
		if (hit) {
			o->header_end = (size_t)(hit - o->data);
			return r;
		}
		if (r == 1)
			return r;
		scan = o->have ? o->have - 1 : 0;
		in = HEADER_MORE;
	}
}

gboolean packread_begin(struct packread *p, const git_oid *oid, struct packread_obj *o,
			gboolean *ok)
{
	const unsigned char *data = NULL;
	size_t avail = 0, size = 0;
	int r;

	packread_release(p, o);
	o->size = o->have = o->header_end = 0;
	for (guint i = 0; i < p->packs->len && !data; i++) {
		const struct pack *k = &g_array_index(p->packs, struct pack, i);
		size_t off = pack_offset(k, oid);

		if (off && !entry_commit(k, off, &data, &avail, &size))
			return FALSE;
	}
	if (!data || !(o->zs = zs_get(p)))
		return FALSE;
	obj_reserve(o, size);
	o->zs->z.next_in = (Bytef *)data;
	o->zs->in_end = data + avail;
	r = read_header(o);
	*ok = r >= 0;
	if (r != 0)
		packread_release(p, o);
	return TRUE;
}

gboolean packread_finish(struct packread_obj *o)
{
	if (!o->zs)
		return o->have == o->size;
	return zstep(o, 0) == 1;
}

void packread_release(struct packread *p, struct packread_obj *o)
{
	if (!o->zs)
		return;
	o->zs->next = p->free;
	p->free = o->zs;
	o->zs = NULL;
}

void packread_set(struct packread_obj *o, const char *data, size_t len)
{
	const char *hit = memmem(data, len, "\n\n", 2);

	obj_reserve(o, len);
	memcpy(o->data, data, len);
	o->have = len;
	o->header_end = hit ? (size_t)(hit - data) : len;
}

void packread_obj_clear(struct packread_obj *o)
{
	g_free(o->data);
	memset(o, 0, sizeof(*o));
}
