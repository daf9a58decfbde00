/* patchid.c - stable patch-ids and version pairing. */
#include "git/patchid.h"

#include <git2.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

/* ---- stable patch-id ---- */

static void flush_file(guint8 sum[20], GChecksum **ctx)
{
	guint8 digest[20];
	gsize dlen = sizeof digest;
	unsigned carry = 0;

	g_checksum_get_digest(*ctx, digest, &dlen);
	g_checksum_free(*ctx);
	*ctx = g_checksum_new(G_CHECKSUM_SHA1);
	for (int i = 0; i < 20; i++) {
		carry += sum[i] + digest[i];
		sum[i] = (guint8)carry;
		carry >>= 8;
	}
}

/* Add a line to the digest with every whitespace byte left out. */
static gsize update_nospace(GChecksum *ctx, const char *s, gsize n)
{
	char buf[256];
	gsize k = 0, total = 0;

	for (gsize i = 0; i < n; i++) {
		if (g_ascii_isspace(s[i]))
			continue;
		buf[k++] = s[i];
		if (k == sizeof buf) {
			g_checksum_update(ctx, (const guchar *)buf, k);
			total += k;
			k = 0;
		}
	}
	if (k)
		g_checksum_update(ctx, (const guchar *)buf, k);
	return total + k;
}

/* s[0..n) (up to a NUL in it) into an id buffer, cut to fit: what
 * g_strlcpy would copy, without reading on to the end of the text. */
static void copy_id(char out[GIT_OID_HEXSZ + 1], const char *s, gsize n)
{
	n = strnlen(s, MIN(n, GIT_OID_HEXSZ));
	memcpy(out, s, n);
	out[n] = '\0';
}

/* "@@ -a[,b] +c[,d] @@": the number of old and new lines of the hunk. */
static void hunk_counts(const char *l, const char *end, int *before, int *after)
{
	const char *p = l + 4;
	long v;
	char *e;

	*before = *after = 1;
	v = strtol(p, &e, 10);
	(void)v;
	if (*e == ',')
		*before = (int)strtol(e + 1, &e, 10);
	p = memchr(e, '+', end - e);
	if (!p)
		return;
	strtol(p + 1, &e, 10);
	if (*e == ',')
		*after = (int)strtol(e + 1, &e, 10);
}

gboolean patchid_stable(const char *text, gsize len, char out[41])
{
	GChecksum *ctx = g_checksum_new(G_CHECKSUM_SHA1);
	guint8 sum[20] = { 0 };
	const char *p = text, *end = text + len;
	int before = -1, after = -1;
	gboolean binary = FALSE;
	gsize hashed = 0;
	char pre[GIT_OID_HEXSZ + 1] = "", post[GIT_OID_HEXSZ + 1] = "";

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		const char *le = nl ? nl + 1 : end;
		gsize n = le - p;
		const char *l = p;

		p = le;
		if (!hashed && !(n >= 5 && !memcmp(l, "diff ", 5)))
			continue;	/* the message before the diff */
		if (before == -1) {
			if ((n >= 16 && !memcmp(l, "GIT binary patch", 16)) ||
			    (n >= 12 && !memcmp(l, "Binary files", 12))) {
				binary = TRUE;
				before = 0;
				g_checksum_update(ctx, (const guchar *)pre, strlen(pre));
				g_checksum_update(ctx, (const guchar *)post, strlen(post));
				hashed += strlen(pre) + strlen(post);
				flush_file(sum, &ctx);
				continue;
			}
			if (n >= 6 && !memcmp(l, "index ", 6)) {
				const char *dots = g_strstr_len(l, n, "..");
				if (dots) {
					const char *o2 = dots + 2, *o2e = o2;
					while (o2e < le && g_ascii_isxdigit(*o2e))
						o2e++;
					copy_id(pre, l + 6, dots - l - 6);
					copy_id(post, o2, o2e - o2);
				}
				continue;
			}
			if (n >= 4 && !memcmp(l, "--- ", 4))
				before = after = 1;
			else if (!g_ascii_isalpha(l[0]))
				break;
		}
		if (binary) {
			if (n >= 5 && !memcmp(l, "diff ", 5)) {
				binary = FALSE;
				before = -1;
				pre[0] = post[0] = 0;
			} else {
				continue;
			}
		}
		if (before == 0 && after == 0) {
			if (n >= 4 && !memcmp(l, "@@ -", 4)) {
				hunk_counts(l, le, &before, &after);
				continue;
			}
			if (!(n >= 5 && !memcmp(l, "diff ", 5)))
				break;	/* the end of the patch */
			flush_file(sum, &ctx);
			before = after = -1;
			pre[0] = post[0] = 0;
		}
		if (l[0] == '-' || l[0] == ' ')
			before--;
		if (l[0] == '+' || l[0] == ' ')
			after--;
		hashed += update_nospace(ctx, l, n) + 1; /* +1: a line counts even if all blank */
	}
	flush_file(sum, &ctx);
	g_checksum_free(ctx);
	if (!hashed) {
		out[0] = 0;
		return FALSE;
	}
	for (int i = 0; i < 20; i++)
		g_snprintf(out + 2 * i, 3, "%02x", sum[i]);
	return TRUE;
}

/* ---- diff size ---- */

static int count_line(const git_diff_delta *d, const git_diff_hunk *h, const git_diff_line *l,
		      void *payload)
{
	if (l->origin == GIT_DIFF_LINE_ADDITION || l->origin == GIT_DIFF_LINE_DELETION)
		(*(int *)payload)++;
	return 0;
}

int patchid_diff_size(const char *a, const char *b)
{
	git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
	int n = 0;

	opts.context_lines = 0;
	opts.flags = GIT_DIFF_FORCE_TEXT;
	if (git_diff_buffers(a, a ? strlen(a) : 0, NULL, b, b ? strlen(b) : 0, NULL, &opts, NULL,
			     NULL, NULL, count_line, &n) < 0)
		return INT_MAX / 4;
	return n;
}

/* ---- assignment ---- */

/* Minimum-cost assignment of an n x n matrix (rows -> columns), the
 * Hungarian method with potentials, O(n^3).  cost[i * n + j]. */
static void assign(int n, const gint64 *cost, int *row_to_col)
{
	gint64 *u = g_new0(gint64, n + 1), *v = g_new0(gint64, n + 1), *minv;
	int *p = g_new0(int, n + 1), *way = g_new0(int, n + 1);
	gboolean *used;
	const gint64 INF = INT64_MAX / 4;

	minv = g_new(gint64, n + 1);
	used = g_new(gboolean, n + 1);
	for (int i = 1; i <= n; i++) {
		int j0 = 0;
		p[0] = i;
		for (int j = 0; j <= n; j++) {
			minv[j] = INF;
			used[j] = FALSE;
		}
		do {
			int i0 = p[j0], j1 = 0;
			gint64 delta = INF;
			used[j0] = TRUE;
			for (int j = 1; j <= n; j++) {
				if (used[j])
					continue;
				gint64 cur = cost[(i0 - 1) * n + (j - 1)] - u[i0] - v[j];
				if (cur < minv[j]) {
					minv[j] = cur;
					way[j] = j0;
				}
				if (minv[j] < delta) {
					delta = minv[j];
					j1 = j;
				}
			}
			for (int j = 0; j <= n; j++) {
				if (used[j]) {
					u[p[j]] += delta;
					v[j] -= delta;
				} else {
					minv[j] -= delta;
				}
			}
			j0 = j1;
		} while (p[j0] != 0);
		do {
			int j1 = way[j0];
			p[j0] = p[j1];
			j0 = j1;
		} while (j0);
	}
	for (int j = 1; j <= n; j++)
		if (p[j])
			row_to_col[p[j] - 1] = j - 1;
	g_free(u);
	g_free(v);
	g_free(p);
	g_free(way);
	g_free(minv);
	g_free(used);
}

const char *pair_kind_name(enum pair_kind kind)
{
	switch (kind) {
	case PAIR_UNCHANGED: return "unchanged";
	case PAIR_MESSAGE: return "message";
	case PAIR_CHANGED: return "changed";
	case PAIR_ADDED: return "added";
	case PAIR_DROPPED: return "dropped";
	}
	return "?";
}

static int size_of(const struct pair_item *it)
{
	return it->diff ? patchid_diff_size("", it->diff) : 1;
}

/* The same code change: equal patch-ids, or no diff on either side (an
 * empty commit has no patch-id, and is unchanged against itself). */
static gboolean same_change(const struct pair_item *a, const struct pair_item *b)
{
	gboolean a_none = !a->patch_id || !*a->patch_id, b_none = !b->patch_id || !*b->patch_id;

	if (a_none || b_none)
		return a_none && b_none && !g_strcmp0(a->diff ? a->diff : "", b->diff ? b->diff : "");
	return !strcmp(a->patch_id, b->patch_id);
}

void pair_by_id(const struct pair_item *old, int n_old, const struct pair_item *new_, int n_new,
		int *o2n, int *n2o)
{
	for (int i = 0; i < n_old; i++)
		o2n[i] = -1;
	for (int j = 0; j < n_new; j++) {
		n2o[j] = -1;
		if (!new_[j].patch_id || !*new_[j].patch_id)
			continue;
		for (int i = 0; i < n_old; i++) {
			if (o2n[i] < 0 && old[i].patch_id && !strcmp(old[i].patch_id, new_[j].patch_id)) {
				o2n[i] = j;
				n2o[j] = i;
				break;
			}
		}
	}
}

/* Fill the n x n cost matrix of the unpaired commits: ro[0..a) old rows
 * against rn[0..b) new columns by the size of their interdiff; a row or a
 * column beyond those is "no partner", its cost the commit's own size
 * scaled by creation_factor per cent (and nothing against nothing). */
static void fill_costs(const struct pair_item *old, const int *ro, int a,
		       const struct pair_item *new_, const int *rn, int b, int creation_factor,
		       gint64 *cost)
{
	int n = a + b;
	int *osize = g_new(int, a), *nsize = g_new(int, b);
	int i, j;

	for (i = 0; i < a; i++)
		osize[i] = size_of(&old[ro[i]]);
	for (j = 0; j < b; j++)
		nsize[j] = size_of(&new_[rn[j]]);
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			gint64 c;
			if (i < a && j < b)
				c = patchid_diff_size(old[ro[i]].diff, new_[rn[j]].diff);
			else if (i < a)
				c = (gint64)osize[i] * creation_factor / 100;
			else if (j < b)
				c = (gint64)nsize[j] * creation_factor / 100;
			else
				c = 0;
			cost[(gsize)i * n + j] = c;
		}
	}
	g_free(osize);
	g_free(nsize);
}

/* Pair the commits pair_by_id left unpaired (-1 in o2n / n2o) by a
 * minimum-cost assignment; one left with no partner stays -1. */
static void pair_by_cost(const struct pair_item *old, int n_old, const struct pair_item *new_,
			 int n_new, int creation_factor, int *o2n, int *n2o)
{
	int *ro = g_new(int, n_old + 1), *rn = g_new(int, n_new + 1);
	int a = 0, b = 0, n, i, j;
	gint64 *cost;
	int *r2c;

	for (i = 0; i < n_old; i++)
		if (o2n[i] < 0)
			ro[a++] = i;
	for (j = 0; j < n_new; j++)
		if (n2o[j] < 0)
			rn[b++] = j;
	n = a + b;
	if (a && b) {
		cost = g_new0(gint64, (gsize)n * n);
		r2c = g_new(int, n);
		fill_costs(old, ro, a, new_, rn, b, creation_factor, cost);
		assign(n, cost, r2c);
		for (i = 0; i < a; i++) {
			if (r2c[i] < b) {
				o2n[ro[i]] = rn[r2c[i]];
				n2o[rn[r2c[i]]] = ro[i];
			}
		}
		g_free(cost);
		g_free(r2c);
	}
	g_free(ro);
	g_free(rn);
}

/* The kind of a paired old/new commit: unchanged, only its message
 * changed, or its code changed. */
static enum pair_kind paired_kind(const struct pair_item *o, const struct pair_item *n)
{
	if (same_change(o, n))
		return g_strcmp0(o->message, n->message) ? PAIR_MESSAGE : PAIR_UNCHANGED;
	return PAIR_CHANGED;
}

static void append_pair(GArray *out, int old_index, int new_index, enum pair_kind kind)
{
	struct pair pr;

	pr.old_index = old_index;
	pr.new_index = new_index;
	pr.kind = kind;
	g_array_append_val(out, pr);
}

/* Append the pairs to out in the new order, each dropped old commit
 * where it stood among the old ones. */
static void emit_pairs(GArray *out, const struct pair_item *old, int n_old,
		       const struct pair_item *new_, int n_new, const int *o2n, const int *n2o)
{
	gboolean *shown = g_new0(gboolean, n_old + 1);
	int i = 0, j = 0;

	while (i < n_old || j < n_new) {
		if (i < n_old && o2n[i] < 0) {
			append_pair(out, i, -1, PAIR_DROPPED);
			shown[i] = TRUE;
			i++;
			continue;
		}
		while (j < n_new && n2o[j] < 0) {
			append_pair(out, -1, j, PAIR_ADDED);
			j++;
		}
		if (j < n_new) {
			int oi = n2o[j];
			append_pair(out, oi, j, paired_kind(&old[oi], &new_[j]));
			shown[oi] = TRUE;
			j++;
		}
		while (i < n_old && shown[i])
			i++;
	}
	g_free(shown);
}

GArray *pair_versions(const struct pair_item *old, int n_old, const struct pair_item *new_,
		      int n_new, int creation_factor)
{
	GArray *out = g_array_new(FALSE, FALSE, sizeof(struct pair));
	int *o2n = g_new(int, n_old + 1), *n2o = g_new(int, n_new + 1);

	/* 1: equal patch-ids, first come first paired */
	pair_by_id(old, n_old, new_, n_new, o2n, n2o);
	/* 2: the rest by a minimum-cost assignment */
	pair_by_cost(old, n_old, new_, n_new, creation_factor, o2n, n2o);
	/* 3: output in the new order, dropped ones where they stood */
	emit_pairs(out, old, n_old, new_, n_new, o2n, n2o);
	g_free(o2n);
	g_free(n2o);
	return out;
}
