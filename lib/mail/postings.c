/* postings.c - patch series as posted: grouping covers and patches into
 * postings, then postings into series.
 *
 * Three indexes keep each decision cheap: the Message-IDs a posting knows
 * (its members, and the parents named by the message that opened it), the
 * change-ids (with the version), and the author/version/total triples
 * for the 20-minute rule.  All map to posting indexes.
 */
#include "mail/postings.h"
#include "mail/id-hash.h"
#include "mail/subject.h"

#include <string.h>

#define WINDOW (20 * 60)	/* seconds either side: patchwork's rule */

struct member {
	int number;		/* 0: the cover */
	guint position;
	char *msgid;
};

struct build {
	struct posting pub;
	gboolean version_given;
	char *author_key;	/* the sender's address, lower case ("" when none) */
	char *cover_norm;	/* normalised subject text of the cover, or NULL */
	char *first_norm;	/* ... of the lowest-numbered patch */
	int first_number;
	GArray *members;	/* struct member */
	GHashTable *numbers;	/* the patch numbers it holds */
};

/* A map of ids to numbers (never 0): open addressing over the ids'
 * hashes (mail_id_hash under mail_id_seed, so that the hashes the reading
 * threads made serve), the ids interned in one chunk.  Hand-written: every
 * message's Message-ID goes in one, and a GHashTable would cost a malloc,
 * a string hash for the lookup and another for the insert each (a tenth
 * of mail series' main thread). */
struct idmap_slot {
	guint32 hash;		/* the ids' are never 0 */
	int val;
	const char *id;		/* NULL: empty */
};

struct idmap {
	struct idmap_slot *slot;
	guint mask, used;
	GStringChunk *chunk;
};

/* n empty slots, written through once: calloc's fresh pages read first by
 * a lookup would map the shared zero page, and the first insert there then
 * costs a copy-on-write fault and a TLB flush on every processor the
 * process runs on (a twentieth of mail series' main thread) */
static struct idmap_slot *slots_new(guint n)
{
	struct idmap_slot *s = g_new(struct idmap_slot, n);

	memset(s, 0, sizeof *s * n);
	return s;
}

static void idmap_init(struct idmap *set)
{
	set->mask = 1023;
	set->slot = slots_new(set->mask + 1);
	set->used = 0;
	set->chunk = g_string_chunk_new(64 * 1024);
}

static void idmap_clear(struct idmap *set)
{
	g_free(set->slot);
	g_string_chunk_free(set->chunk);
}

static void idmap_grow(struct idmap *set)
{
	struct idmap_slot *old = set->slot;
	guint n = set->mask + 1;

	set->mask = n * 2 - 1;
	set->slot = slots_new(n * 2);
	for (guint i = 0; i < n; i++) {
		guint k;

		if (!old[i].id)
			continue;
		for (k = old[i].hash & set->mask; set->slot[k].id; k = (k + 1) & set->mask)
			;
		set->slot[k] = old[i];
	}
	g_free(old);
}

/* The slot of id: the one holding it, or the empty one it would go in. */
static struct idmap_slot *idmap_find(const struct idmap *set, const struct mail_id *id)
{
	guint32 h = id->hash | 1;
	guint k;

	for (k = h & set->mask; set->slot[k].id; k = (k + 1) & set->mask)
		if (set->slot[k].hash == h && !strcmp(set->slot[k].id, id->id))
			break;
	return &set->slot[k];
}

/* Map id to val unless it is there already (then FALSE, its value kept). */
static gboolean idmap_put(struct idmap *set, const struct mail_id *id, int val)
{
	struct idmap_slot *sl = idmap_find(set, id);

	if (sl->id)
		return FALSE;
	sl->hash = id->hash | 1;
	sl->val = val;
	sl->id = g_string_chunk_insert_len(set->chunk, id->id, (gssize)id->len);
	if (++set->used * 2 > set->mask)
		idmap_grow(set);
	return TRUE;
}

/* What id is mapped to, 0: nothing. */
static int idmap_get(const struct idmap *set, const struct mail_id *id)
{
	return idmap_find(set, id)->val;
}

/* The id s as a mail_id: the one given (made by the caller), else *tmp
 * made here. */
static const struct mail_id *as_id(struct mail_id *tmp, const struct mail_id *given, const char *s)
{
	if (given)
		return given;
	mail_id_make(tmp, s);
	return tmp;
}

struct postings {
	GPtrArray *all;		/* struct build* */
	struct idmap by_msgid;	/* id -> index + 1 */
	GHashTable *by_change;	/* "version change-id" -> GArray of int */
	GHashTable *by_marker;	/* "version total author" -> GArray of int */
	struct idmap seen;	/* every Message-ID added (for copies), to 1 */
	guint count[4];
	warn_fn warn;
	void *payload;
	gboolean finished;
};

static void free_build(gpointer data)
{
	struct build *b = data;

	g_free(b->pub.name);
	g_array_unref(b->pub.not_received);
	g_ptr_array_unref(b->pub.messages);
	g_free(b->pub.change_id);
	g_free(b->pub.author);
	g_free(b->pub.series_key);
	g_free(b->author_key);
	g_free(b->cover_norm);
	g_free(b->first_norm);
	for (guint i = 0; i < b->members->len; i++)
		g_free(g_array_index(b->members, struct member, i).msgid);
	g_array_unref(b->members);
	g_hash_table_unref(b->numbers);
	g_free(b);
}

struct postings *postings_new(warn_fn warn, void *payload)
{
	struct postings *p = g_new0(struct postings, 1);

	p->all = g_ptr_array_new_with_free_func(free_build);
	idmap_init(&p->by_msgid);
	p->by_change = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					     (GDestroyNotify)g_array_unref);
	p->by_marker = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
					     (GDestroyNotify)g_array_unref);
	idmap_init(&p->seen);
	p->warn = warn;
	p->payload = payload;
	return p;
}

void postings_free(struct postings *p)
{
	if (!p)
		return;
	g_ptr_array_unref(p->all);
	idmap_clear(&p->by_msgid);
	g_hash_table_unref(p->by_change);
	g_hash_table_unref(p->by_marker);
	idmap_clear(&p->seen);
	g_free(p);
}

#define B(p, i) ((struct build *)g_ptr_array_index((p)->all, (i)))

/* The address of a From: value, lower case: what is inside <>, else the
 * whole value trimmed (caller owns; "" when there is none). */
static char *address_key(const char *from)
{
	const char *lt, *gt;
	char *a;

	if (!from)
		return g_strdup("");
	lt = strrchr(from, '<');
	gt = lt ? strchr(lt, '>') : NULL;
	a = lt && gt ? g_strndup(lt + 1, gt - lt - 1) : g_strdup(from);
	g_strstrip(a);
	for (char *c = a; *c; c++)
		*c = g_ascii_tolower(*c);
	return a;
}

static void index_add(GHashTable *h, char *key, int i)
{
	GArray *a = g_hash_table_lookup(h, key);

	if (!a) {
		a = g_array_new(FALSE, FALSE, sizeof(int));
		g_hash_table_insert(h, key, a);
	} else {
		g_free(key);
	}
	g_array_append_val(a, i);
}

static char *marker_key(int version, int total, const char *author)
{
	return g_strdup_printf("%d %d %s", version, total, author);
}

static char *change_key(int version, const char *change_id)
{
	return g_strdup_printf("%d %s", version, change_id);
}

/* Remember that `id` belongs to posting i (the first claim stays). */
static void claim(struct postings *p, const char *id, const struct mail_id *given, int i)
{
	struct mail_id tmp;

	if (id && *id)
		idmap_put(&p->by_msgid, as_id(&tmp, given, id), i + 1);
}

static int owner(struct postings *p, const char *id, const struct mail_id *given)
{
	struct mail_id tmp;

	return id && *id ? idmap_get(&p->by_msgid, as_id(&tmp, given, id)) - 1 : -1;
}

static int open_posting(struct postings *p, const struct posting_mail *m, const struct subject *s,
			const char *author_key, int total)
{
	struct build *b = g_new0(struct build, 1);
	int i = (int)p->all->len;

	b->pub.version = s->version;
	b->version_given = s->version_given;
	b->pub.total = total;
	b->pub.not_received = g_array_new(FALSE, FALSE, sizeof(int));
	b->pub.messages = g_ptr_array_new_with_free_func(g_free);
	b->pub.author = m->from ? g_strdup(m->from) : NULL;
	b->pub.date = m->date;
	b->pub.first = m->position;
	b->pub.previous = -1;
	b->author_key = g_strdup(author_key);
	b->first_number = -1;
	b->members = g_array_new(FALSE, FALSE, sizeof(struct member));
	b->numbers = g_hash_table_new(g_direct_hash, g_direct_equal);
	g_ptr_array_add(p->all, b);
	/* the opener's parents: so that its cover, or a patch replying to the
	 * same parent, finds this posting when it comes later */
	claim(p, m->in_reply_to, m->in_reply_to_id, i);
	if (m->nrefs)
		claim(p, m->refs[m->nrefs - 1], m->ref_ids ? &m->ref_ids[m->nrefs - 1] : NULL, i);
	index_add(p->by_marker, marker_key(b->pub.version, total, author_key), i);
	return i;
}

/* A version a message states (given) fits a posting unless the posting's
 * version differs; `strong`: also when nobody in the posting stated one. */
static gboolean version_fits(const struct build *b, const struct subject *s, gboolean strong)
{
	if (!s->version_given || b->pub.version == s->version)
		return TRUE;
	return strong && !b->version_given;
}

static gboolean has_number(const struct build *b, int n)
{
	return g_hash_table_contains(b->numbers, GINT_TO_POINTER(n));
}

/* The first posting of an index list that takes the message: a cover
 * (number 0) needs one without a cover, a patch one without its number. */
static int pick(struct postings *p, GArray *list, int number, const struct subject *s,
		gint64 date, gboolean windowed)
{
	for (guint k = 0; list && k < list->len; k++) {
		struct build *b = B(p, g_array_index(list, int, k));

		if (b->pub.version != s->version)
			continue;
		if (windowed && (b->pub.total != s->total || date > b->pub.date + WINDOW ||
				 date < b->pub.date - WINDOW))
			continue;
		if (number == 0 ? b->pub.cover != 0 : has_number(b, number))
			continue;
		return g_array_index(list, int, k);
	}
	return -1;
}

/* Through change-id, then the 20-minute rule. */
static int by_markers(struct postings *p, const struct posting_mail *m, const struct subject *s,
		      const char *author_key, int number)
{
	int i = -1;
	char *k;

	if (m->change_id && *m->change_id) {
		k = change_key(s->version, m->change_id);
		i = pick(p, g_hash_table_lookup(p->by_change, k), number, s, m->date, FALSE);
		g_free(k);
	}
	if (i < 0) {
		k = marker_key(s->version, s->total, author_key);
		i = pick(p, g_hash_table_lookup(p->by_marker, k), number, s, m->date, TRUE);
		g_free(k);
	}
	return i;
}

/* The posting a numbered patch's thread leads to, or -1; *full: it has the
 * patch's number already. */
static int by_thread(struct postings *p, const struct posting_mail *m, const struct subject *s,
		     gboolean *full)
{
	int i = owner(p, m->msgid, m->msgid_id);

	*full = FALSE;
	if (i >= 0 && !version_fits(B(p, i), s, TRUE))
		i = -1;
	if (i < 0 && (i = owner(p, m->in_reply_to, m->in_reply_to_id)) >= 0 &&
	    !version_fits(B(p, i), s, FALSE))
		i = -1;
	for (guint k = m->nrefs; i < 0 && k-- > 0;)
		if ((i = owner(p, m->refs[k], m->ref_ids ? &m->ref_ids[k] : NULL)) >= 0 &&
		    !version_fits(B(p, i), s, FALSE))
			i = -1;
	if (i >= 0 && has_number(B(p, i), s->index))
		*full = TRUE;
	return i;
}

static void join(struct postings *p, int i, const struct posting_mail *m, const struct subject *s,
		 int number)
{
	struct build *b = B(p, i);
	struct member x = { number, m->position, g_strdup(m->msgid ? m->msgid : "") };

	g_array_append_val(b->members, x);
	claim(p, m->msgid, m->msgid_id, i);
	if (s->version_given && !b->version_given) {
		b->pub.version = s->version;
		b->version_given = TRUE;
		index_add(p->by_marker, marker_key(b->pub.version, b->pub.total, b->author_key), i);
	}
	if (m->change_id && *m->change_id && !b->pub.change_id) {
		b->pub.change_id = g_strdup(m->change_id);
		index_add(p->by_change, change_key(b->pub.version, m->change_id), i);
	}
	if (number == 0) {
		b->pub.cover = m->position;
		g_free(b->pub.name);
		b->pub.name = g_strdup(s->text);
		b->cover_norm = g_strdup(s->normalised);
		if (s->total > 0 && s->total != b->pub.total) {
			b->pub.total = s->total;
			index_add(p->by_marker, marker_key(b->pub.version, b->pub.total, b->author_key), i);
		}
	} else {
		b->pub.patches++;
		g_hash_table_add(b->numbers, GINT_TO_POINTER(number));
		if (b->first_number < 0 || number < b->first_number) {
			b->first_number = number;
			g_free(b->first_norm);
			b->first_norm = g_strdup(s->normalised);
			if (!b->pub.cover) {
				g_free(b->pub.name);
				b->pub.name = g_strdup(s->text);
			}
		}
	}
}

static enum posting_kind classify(const struct subject *s, gboolean has_diff)
{
	if (s->reply || s->forward)
		return POSTING_COMMENT;
	if (subject_numbered(s))
		return s->index == 0 ? POSTING_COVER : POSTING_PATCH;
	if ((s->flags & SUBJECT_PATCH) || has_diff)
		return POSTING_PATCH;
	return POSTING_COMMENT;
}

unsigned postings_need(const struct subject *s)
{
	unsigned need = POSTING_NEED_HEADERS;

	if (s->reply || s->forward)
		return 0;
	/* only an unnumbered subject without PATCH needs to look for a diff;
	 * only covers and unnumbered patches carry b4's footer */
	if (!subject_numbered(s) && !(s->flags & SUBJECT_PATCH))
		need |= POSTING_NEED_DIFF;
	if (!subject_numbered(s) || s->index == 0)
		need |= POSTING_NEED_FOOTER;
	return need;
}

enum posting_kind postings_add(struct postings *p, const struct posting_mail *mail)
{
	struct posting_mail copy = *mail, *m = &copy;
	struct subject own;
	const struct subject *sp = mail->parsed;
	enum posting_kind kind;
	char *author;
	int i = -1;

	g_return_val_if_fail(!p->finished, POSTING_COPY);
	if (m->msgid && *m->msgid) {
		struct mail_id tmp;

		if (!idmap_put(&p->seen, as_id(&tmp, m->msgid_id, m->msgid), 1)) {
			if (p->warn)
				p->warn(p->payload, "<%s>: a second message with this Message-ID "
					"(message %u) is a copy, left out", m->msgid, m->position);
			p->count[POSTING_COPY]++;
			return POSTING_COPY;
		}
	}
	if (!sp) {
		subject_parse(&own, m->subject ? m->subject : "", -1);
		sp = &own;
	}
	if (m->fill && postings_need(sp))
		m->fill(m, postings_need(sp), m->fill_payload);
	kind = classify(sp, m->has_diff);
	p->count[kind]++;
	if (kind == POSTING_COMMENT) {
		if (sp == &own)
			subject_clear(&own);
		return kind;
	}
	author = address_key(m->from);
	if (kind == POSTING_COVER) {
		if ((i = owner(p, m->msgid, m->msgid_id)) >= 0 &&
		    (B(p, i)->pub.cover || !version_fits(B(p, i), sp, TRUE)))
			i = -1;
		if (i < 0)
			i = by_markers(p, m, sp, author, 0);
		if (i < 0)
			i = open_posting(p, m, sp, author, sp->total);
		join(p, i, m, sp, 0);
	} else if (!subject_numbered(sp)) {
		i = open_posting(p, m, sp, author, 1);
		join(p, i, m, sp, 1);
	} else {
		gboolean full;

		i = by_thread(p, m, sp, &full);
		if (i < 0)
			i = by_markers(p, m, sp, author, sp->index);
		if (i < 0 || full)
			i = open_posting(p, m, sp, author, sp->total);
		join(p, i, m, sp, sp->index);
	}
	g_free(author);
	if (sp == &own)
		subject_clear(&own);
	return kind;
}

static gint cmp_member(gconstpointer pa, gconstpointer pb)
{
	const struct member *a = pa, *b = pb;

	if (a->number != b->number)
		return a->number < b->number ? -1 : 1;
	return a->position < b->position ? -1 : a->position > b->position;
}

static void complete(struct build *b)
{
	g_array_sort(b->members, cmp_member);
	for (guint k = 0; k < b->members->len; k++)
		g_ptr_array_add(b->pub.messages,
				g_strdup(g_array_index(b->members, struct member, k).msgid));
	for (int n = 1; n <= b->pub.total; n++)
		if (!has_number(b, n))
			g_array_append_val(b->pub.not_received, n);
	b->pub.received_all = b->pub.not_received->len == 0;
	if (!b->pub.name)
		b->pub.name = g_strdup("");
}

static int find_root(int *up, int i)
{
	while (up[i] != i)
		i = up[i] = up[up[i]];
	return i;
}

static void unite(GHashTable *first, int *up, char *key, int i)
{
	gpointer v;

	if (g_hash_table_lookup_extended(first, key, NULL, &v)) {
		int a = find_root(up, GPOINTER_TO_INT(v)), b = find_root(up, i);
		if (a != b)
			up[MAX(a, b)] = MIN(a, b);
		g_free(key);
	} else {
		g_hash_table_insert(first, key, GINT_TO_POINTER(i));
	}
}

struct order_ctx {
	struct postings *p;
};

static gint cmp_version(gconstpointer pa, gconstpointer pb, gpointer data)
{
	struct postings *p = ((struct order_ctx *)data)->p;
	int a = *(const int *)pa, b = *(const int *)pb;

	if (B(p, a)->pub.version != B(p, b)->pub.version)
		return B(p, a)->pub.version < B(p, b)->pub.version ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* Versions: postings sharing a change-id, or an author and a normalised
 * cover or first-patch subject, are one series.  Within it, ordered by
 * version then appearance, each one's previous is the one before. */
static void link_versions(struct postings *p)
{
	guint n = p->all->len;
	int *up = g_new(int, n ? n : 1);
	GHashTable *first = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	GHashTable *groups = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL,
						   (GDestroyNotify)g_array_unref);
	struct order_ctx oc = { p };

	for (guint i = 0; i < n; i++)
		up[i] = (int)i;
	for (guint i = 0; i < n; i++) {
		struct build *b = B(p, i);

		if (b->pub.change_id)
			unite(first, up, g_strconcat("change-id ", b->pub.change_id, NULL), (int)i);
		if (b->cover_norm && *b->cover_norm)
			unite(first, up, g_strconcat(b->author_key, " ", b->cover_norm, NULL), (int)i);
		if (b->first_norm && *b->first_norm)
			unite(first, up, g_strconcat(b->author_key, " ", b->first_norm, NULL), (int)i);
	}
	for (guint i = 0; i < n; i++) {
		int r = find_root(up, (int)i);
		GArray *g = g_hash_table_lookup(groups, GINT_TO_POINTER(r));

		if (!g) {
			g = g_array_new(FALSE, FALSE, sizeof(int));
			g_hash_table_insert(groups, GINT_TO_POINTER(r), g);
		}
		g_array_append_val(g, i);
	}
	for (guint i = 0; i < n; i++) {
		GArray *g = g_hash_table_lookup(groups, GINT_TO_POINTER((int)i));
		const char *cid = NULL;
		struct build *head;
		char *key;

		if (!g)
			continue;	/* not a group's root */
		head = B(p, g_array_index(g, int, 0));
		for (guint k = 0; k < g->len && !cid; k++)
			cid = B(p, g_array_index(g, int, k))->pub.change_id;
		key = cid ? g_strdup(cid)
			  : g_strconcat(head->author_key, " ",
					head->cover_norm ? head->cover_norm
					: head->first_norm ? head->first_norm : "", NULL);
		g_array_sort_with_data(g, cmp_version, &oc);
		for (guint k = 0; k < g->len; k++) {
			struct build *b = B(p, g_array_index(g, int, k));
			b->pub.series_key = g_strdup(key);
			b->pub.previous = k ? g_array_index(g, int, k - 1) : -1;
		}
		g_free(key);
	}
	g_hash_table_unref(groups);
	g_hash_table_unref(first);
	g_free(up);
}

void postings_finish(struct postings *p)
{
	g_return_if_fail(!p->finished);
	p->finished = TRUE;
	for (guint i = 0; i < p->all->len; i++)
		complete(B(p, i));
	link_versions(p);
}

guint postings_count(const struct postings *p, enum posting_kind kind)
{
	return kind <= POSTING_COPY ? p->count[kind] : 0;
}

guint postings_len(const struct postings *p)
{
	return p->all->len;
}

const struct posting *postings_get(const struct postings *p, guint i)
{
	g_return_val_if_fail(i < p->all->len, NULL);
	return &B(p, i)->pub;
}

/* Whether p (a line start) begins with s. */
static gboolean line_is(const char *p, const char *end, const char *s)
{
	gsize n = strlen(s);
	return (gsize)(end - p) >= n && !memcmp(p, s, n);
}

static const char *next_line(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', end - p);
	return nl ? nl + 1 : end;
}

/* The first line at or after p (a line start) that begins with prefix, or
 * NULL.  Line by line with memchr: glibc's memmem is a byte-wise two-way
 * search, ten times slower for needles that start with a newline, and this
 * runs over every body of a mailbox. */
static const char *find_line(const char *p, const char *end, const char *prefix, gsize n)
{
	while (p < end) {
		const char *nl;

		if ((gsize)(end - p) >= n && *p == *prefix && !memcmp(p, prefix, n))
			return p;
		if (!(nl = memchr(p, '\n', end - p)))
			return NULL;
		p = nl + 1;
	}
	return NULL;
}

gboolean postings_body_has_diff(const char *body, gsize len)
{
	const char *end = body + len, *p, *prev = NULL;

	/* "diff --git", or a "--- " "+++ " "@@ " run of lines */
	for (p = body; p < end; p = next_line(p, end)) {
		if (*p == 'd' && line_is(p, end, "diff --git "))
			return TRUE;
		if (*p == '+' && prev && line_is(prev, end, "--- ") && line_is(p, end, "+++ ") &&
		    line_is(next_line(p, end), end, "@@ "))
			return TRUE;
		prev = p;
	}
	return FALSE;
}

char *postings_body_change_id(const char *body, gsize len)
{
	const char *end = body + len, *hit = NULL, *p = body, *q;

	while ((q = find_line(p, end, "change-id: ", 11))) {
		hit = q;
		p = next_line(q, end);
	}
	if (!hit)
		return NULL;
	hit += strlen("change-id: ");
	while (hit < end && (*hit == ' ' || *hit == '\t'))
		hit++;
	for (q = hit; q < end && !g_ascii_isspace(*q); q++)
		;
	return q > hit && q - hit <= 256 ? g_strndup(hit, q - hit) : NULL;
}
