/* collect.c - the trailers given on the list, per version and patch: the
 * mailbox threaded by review_scan (scan-private.h's hook reads each
 * reply's own trailers), then each reply's trailers put on the patches of
 * the target version they count for (collect.h has the rules). */
#include "review/collect.h"
#include "core/error.h"
#include "mail/subject.h"
#include "net/archive.h"
#include "review/collect-private.h"
#include "review/scan-private.h"

#include <string.h>

#define DEFAULT_LINK_BASE "https://lore.kernel.org/all"

struct hook_payload {
	const char *const *keys;
};

static gpointer reply_hook(void *payload, const struct review_reply *rp, const struct message_body *b)
{
	const struct hook_payload *hp = payload;
	GPtrArray *given = collect_given(b, hp->keys);

	(void)rp;
	if (!given->len) {
		g_ptr_array_unref(given);
		return NULL;
	}
	return given;
}

static void trailer_free(gpointer x)
{
	struct collect_trailer *t = x;

	g_free(t->trailer);
	g_free(t->from);
	g_free(t->msgid);
	g_free(t->link);
	g_free(t->reason);
	g_free(t);
}

static void patch_free(gpointer x)
{
	struct collect_patch *p = x;

	g_free(p->subject);
	g_free(p->msgid);
	g_free(p->patch_id);
	g_strfreev(p->existing);
	g_free(p->commit);
	g_ptr_array_unref(p->add);
	g_ptr_array_unref(p->not_carried);
	g_ptr_array_unref(p->mismatch);
	g_free(p);
}

void collect_result_free(struct collect_result *r)
{
	if (!r)
		return;
	g_ptr_array_unref(r->patches);
	g_ptr_array_unref(r->cover);
	g_ptr_array_unref(r->missing);
	g_free(r);
}

/* The working state of one collection. */
struct coll {
	const struct collect_opts *o;
	const char *link_base;
	struct review_result *sr;
	struct collect_result *r;
	GPtrArray *seen;	/* per target patch (index patch - 1): GHashTable of dup keys */
};

static struct collect_trailer *trailer_new(const struct coll *c, const char *text,
					   const struct review_reply *rp)
{
	struct collect_trailer *t = g_new0(struct collect_trailer, 1);

	t->trailer = g_strdup(text);
	t->from = g_strdup(rp->from ? rp->from : "");
	t->msgid = g_strdup(rp->msgid);
	t->link = archive_link(c->link_base, rp->msgid);
	t->given_on = rp->version;
	return t;
}

static char *title_of(const char *subject)
{
	struct subject sub = { 0 };
	char *t;

	subject_parse(&sub, subject ? subject : "", -1);
	t = g_strdup(sub.text ? sub.text : "");
	subject_clear(&sub);
	return t;
}

/* The posted message (version, patch), the first of them, or NULL. */
static const struct review_posted *posted_at(const struct review_result *sr, int version, int patch)
{
	for (guint i = 0; i < sr->posted->len; i++) {
		const struct review_posted *p = g_ptr_array_index(sr->posted, i);

		if (p->version == version && p->patch == patch)
			return p;
	}
	return NULL;
}

/* The target version's patches, 1..total; a patch not in the input taken
 * from the newest older version that posted it with the same total (a
 * partial reroll), else listed as missing. */
static void make_patches(struct coll *c, int v)
{
	int total = 0;

	for (guint i = 0; i < c->sr->posted->len; i++) {
		const struct review_posted *p = g_ptr_array_index(c->sr->posted, i);

		if (p->version == v)
			total = MAX(total, MAX(p->total, p->patch));
	}
	for (int n = 1; n <= total; n++) {
		struct collect_patch *cp = g_new0(struct collect_patch, 1);
		const struct review_posted *p = posted_at(c->sr, v, n);

		for (int k = v - 1; !p && k >= 1; k--) {
			const struct review_posted *q = posted_at(c->sr, k, n);
			if (q && q->total == total)
				p = q;
		}
		if (!p)
			g_ptr_array_add(c->r->missing,
					g_strdup_printf("v%d: patch %d/%d is not in the input", v, n, total));
		cp->version = v;
		cp->patch = n;
		cp->total = total;
		cp->subject = p ? title_of(p->subject) : g_strdup("");
		cp->msgid = p ? g_strdup(p->msgid) : NULL;
		cp->patch_id = p ? g_strdup(p->patch_id) : NULL;
		cp->existing = p ? g_strdupv(p->trailers) : g_new0(char *, 1);
		cp->add = g_ptr_array_new_with_free_func(trailer_free);
		cp->not_carried = g_ptr_array_new_with_free_func(trailer_free);
		cp->mismatch = g_ptr_array_new_with_free_func(trailer_free);
		g_ptr_array_add(c->r->patches, cp);
		{
			GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
			for (char **e = cp->existing; *e; e++)
				g_hash_table_add(seen, collect_dup_key(*e));
			g_ptr_array_add(c->seen, seen);
		}
	}
}

/* Trailer text given by rp, to target patch index i: added, or a
 * mismatch; nothing when it is there already. */
static void give(struct coll *c, guint i, const char *text, const struct review_reply *rp,
		 gboolean *cover_taken)
{
	struct collect_patch *cp = g_ptr_array_index(c->r->patches, i);
	GHashTable *seen = g_ptr_array_index(c->seen, i);
	gboolean ok = collect_sender_ok(c->o->mailmap, text, rp->from);
	char *key = collect_dup_key(text);

	if (!ok) {
		char *mkey = g_strconcat("!", key, NULL);

		if (!g_hash_table_contains(seen, mkey)) {
			g_ptr_array_add(cp->mismatch, trailer_new(c, text, rp));
			g_hash_table_add(seen, g_strdup(mkey));
		}
		g_free(mkey);
	}
	if ((ok || c->o->accept_mismatch) && !g_hash_table_contains(seen, key)) {
		g_ptr_array_add(cp->add, trailer_new(c, text, rp));
		g_hash_table_add(seen, g_strdup(key));
		if (rp->patch == 0 && cover_taken && !*cover_taken) {
			g_ptr_array_add(c->r->cover, trailer_new(c, text, rp));
			*cover_taken = TRUE;
		}
	}
	g_free(key);
}

/* Trailer text given on an older version's patch q: to the target patch
 * with the same patch-id, else not carried on the one of the same title
 * (else the same number). */
static void carry(struct coll *c, const char *text, const struct review_reply *rp,
		  const struct review_posted *q)
{
	char *title = title_of(q->subject);
	gint same = -1, like = -1;

	for (guint i = 0; i < c->r->patches->len; i++) {
		const struct collect_patch *cp = g_ptr_array_index(c->r->patches, i);

		if (q->patch_id && cp->patch_id && !strcmp(q->patch_id, cp->patch_id) && same < 0)
			same = (gint)i;
		if (!strcmp(cp->subject, title) && like < 0)
			like = (gint)i;
	}
	if (like < 0 && q->patch >= 1 && (guint)q->patch <= c->r->patches->len)
		like = q->patch - 1;
	g_free(title);
	if (same >= 0) {
		give(c, (guint)same, text, rp, NULL);
	} else if (like >= 0) {
		struct collect_patch *cp = g_ptr_array_index(c->r->patches, like);
		GHashTable *seen = g_ptr_array_index(c->seen, like);
		char *key = collect_dup_key(text), *nkey = g_strconcat("~", key, NULL);

		if (!g_hash_table_contains(seen, nkey)) {
			struct collect_trailer *t = trailer_new(c, text, rp);

			t->reason = g_strdup_printf("patch changed since v%d", q->version);
			g_ptr_array_add(cp->not_carried, t);
			g_hash_table_add(seen, g_strdup(nkey));
		}
		g_free(nkey);
		g_free(key);
	}
}

/* The trailers of reply rp (answering version/patch) put where they go. */
static void place(struct coll *c, const struct review_reply *rp, GPtrArray *given)
{
	int v = c->r->version;

	for (guint k = 0; k < given->len; k++) {
		const char *text = g_ptr_array_index(given, k);
		gboolean cover_taken = FALSE;

		if (rp->version == v && rp->patch == 0) {
			for (guint i = 0; i < c->r->patches->len; i++)
				give(c, i, text, rp, &cover_taken);
		} else if (rp->version == v) {
			if (rp->patch >= 1 && (guint)rp->patch <= c->r->patches->len)
				give(c, (guint)rp->patch - 1, text, rp, NULL);
		} else if (rp->patch == 0) {
			/* an older cover: to each patch that version posted unchanged */
			for (guint i = 0; i < c->sr->posted->len; i++) {
				const struct review_posted *q = g_ptr_array_index(c->sr->posted, i);
				if (q->version == rp->version && q->patch > 0)
					carry(c, text, rp, q);
			}
		} else {
			const struct review_posted *q = posted_at(c->sr, rp->version, rp->patch);
			if (q)
				carry(c, text, rp, q);
		}
	}
}

/* Drop each not_carried entry that was added after all. */
static void prune_not_carried(struct coll *c)
{
	for (guint i = 0; i < c->r->patches->len; i++) {
		struct collect_patch *cp = g_ptr_array_index(c->r->patches, i);
		GHashTable *seen = g_ptr_array_index(c->seen, i);

		for (guint k = cp->not_carried->len; k-- > 0;) {
			const struct collect_trailer *t = g_ptr_array_index(cp->not_carried, k);
			char *key = collect_dup_key(t->trailer);

			if (g_hash_table_contains(seen, key))
				g_ptr_array_remove_index(cp->not_carried, k);
			g_free(key);
		}
	}
}

static int target_version(const struct review_result *sr, int asked)
{
	int v = 0;

	for (guint i = 0; i < sr->posted->len; i++) {
		const struct review_posted *p = g_ptr_array_index(sr->posted, i);

		if (p->patch > 0 && (!asked || p->version == asked))
			v = MAX(v, p->version);
	}
	return v;
}

gboolean review_collect(struct source *src, const struct collect_opts *o,
			struct collect_result **out, GError **error)
{
	struct hook_payload hp = { collect_keys(o->keys) };
	struct scan_hook hook = { reply_hook, &hp, TRUE, NULL };
	struct review_scan_opts so = { .known = o->known, .n_known = o->n_known,
				       .link_base = o->link_base, .warn = o->warn, .payload = o->payload };
	struct coll c = { .o = o };
	gboolean ok = TRUE;

	*out = NULL;
	c.link_base = o->link_base ? o->link_base : DEFAULT_LINK_BASE;
	if (!review_scan_hooked(src, &so, &hook, &c.sr, error)) {
		g_ptr_array_free(hook.kept, TRUE);
		return FALSE;
	}
	c.r = g_new0(struct collect_result, 1);
	c.r->patches = g_ptr_array_new_with_free_func(patch_free);
	c.r->cover = g_ptr_array_new_with_free_func(trailer_free);
	c.r->missing = g_ptr_array_new_with_free_func(g_free);
	c.r->messages = c.sr->messages;
	c.seen = g_ptr_array_new_with_free_func((GDestroyNotify)g_hash_table_unref);
	c.r->version = target_version(c.sr, o->version);
	if (!c.r->version) {
		ok = o->version ? qerr(error, QUILL_ERROR_INPUT, "no patches of v%d in it", o->version)
				: qerr(error, QUILL_ERROR_INPUT, "no patches in it");
		goto done;
	}
	make_patches(&c, c.r->version);
	/* older versions first, each in thread order: the chain of custody */
	for (int v = 1; v <= c.r->version; v++)
		for (guint i = 0; i < c.sr->replies->len; i++) {
			const struct review_reply *rp = g_ptr_array_index(c.sr->replies, i);
			GPtrArray *given = g_ptr_array_index(hook.kept, i);

			if (given && rp->version == v)
				place(&c, rp, given);
		}
	prune_not_carried(&c);
done:
	for (guint i = 0; i < hook.kept->len; i++)
		if (g_ptr_array_index(hook.kept, i))
			g_ptr_array_unref(g_ptr_array_index(hook.kept, i));
	g_ptr_array_free(hook.kept, TRUE);
	g_ptr_array_unref(c.seen);
	review_result_free(c.sr);
	if (!ok) {
		collect_result_free(c.r);
		return FALSE;
	}
	*out = c.r;
	return TRUE;
}

static json_t *strings(const GPtrArray *ts)
{
	json_t *a = json_array();

	for (guint i = 0; i < ts->len; i++)
		json_array_append_new(a, json_string(((const struct collect_trailer *)g_ptr_array_index(ts, i))->trailer));
	return a;
}

json_t *collect_result_json(const struct collect_result *r)
{
	json_t *doc = json_object(), *ps = json_array();

	for (guint i = 0; i < r->patches->len; i++) {
		const struct collect_patch *p = g_ptr_array_index(r->patches, i);
		json_t *o = json_object(), *nc = json_array(), *mm = json_array();

		json_object_set_new(o, "version", json_integer(p->version));
		json_object_set_new(o, "patch", json_integer(p->patch));
		json_object_set_new(o, "subject", json_string(p->subject));
		json_object_set_new(o, "add", strings(p->add));
		for (guint k = 0; k < p->not_carried->len; k++) {
			const struct collect_trailer *t = g_ptr_array_index(p->not_carried, k);
			json_array_append_new(nc, json_pack("{s:s, s:s, s:s}", "trailer", t->trailer,
							    "reason", t->reason, "link", t->link));
		}
		for (guint k = 0; k < p->mismatch->len; k++) {
			const struct collect_trailer *t = g_ptr_array_index(p->mismatch, k);
			json_array_append_new(mm, json_pack("{s:s, s:s}", "trailer", t->trailer,
							    "from", t->from));
		}
		json_object_set_new(o, "not_carried", nc);
		json_object_set_new(o, "mismatch", mm);
		json_array_append_new(ps, o);
	}
	json_object_set_new(doc, "patches", ps);
	return doc;
}
