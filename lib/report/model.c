/* model.c - the report of a series gathered from series, review and the
 * attached benchmarks (model.h). */
#include "report/model.h"

#include "bench/bench.h"
#include "git/commit.h"
#include "net/archive.h"
#include "review/review.h"
#include "series/attach.h"
#include "series/rangediff.h"

#include <string.h>

static void patch_free(gpointer p)
{
	struct report_patch *rp = p;

	g_free(rp->commit);
	g_free(rp->patch_id);
	g_free(rp->subject);
	g_free(rp->author);
	g_free(rp->msgid);
	g_free(rp->link);
	g_free(rp);
}

static void pair_free(gpointer p)
{
	struct report_pair *rp = p;

	g_free(rp->subject);
	g_free(rp->diff);
	g_free(rp);
}

static void trailer_free(gpointer p)
{
	struct report_trailer *t = p;

	g_free(t->trailer);
	g_free(t->from);
	g_free(t->link);
	g_free(t->reason);
	g_free(t);
}

static void version_free(gpointer p)
{
	struct report_version *v = p;

	g_free(v->date);
	g_free(v->tag);
	g_free(v->cover_msgid);
	g_free(v->cover_link);
	g_ptr_array_unref(v->patches);
	if (v->pairs)
		g_ptr_array_unref(v->pairs);
	g_free(v->summary);
	review_version_free(v->review);
	g_ptr_array_unref(v->trailers);
	if (v->benches)
		g_ptr_array_unref(v->benches);
	g_free(v);
}

void report_model_free(struct report_model *m)
{
	if (!m)
		return;
	g_free(m->name);
	g_free(m->change_id);
	g_free(m->branch);
	g_free(m->list);
	g_free(m->lore_base);
	g_ptr_array_unref(m->versions);
	g_free(m);
}

char *report_lore_base(git_repository *repo, const char *list)
{
	char *base, *host_end, *out;

	if (!list || !*list)
		return NULL;
	if (!g_ascii_strncasecmp(list, "http://", 7) || !g_ascii_strncasecmp(list, "https://", 8)) {
		out = g_strdup(list);
		while (*out && out[strlen(out) - 1] == '/')
			out[strlen(out) - 1] = '\0';
		return out;
	}
	base = archive_lore_base(repo);
	host_end = strstr(base, "://");
	host_end = host_end ? strchr(host_end + 3, '/') : NULL;
	if (host_end)
		*host_end = '\0';
	out = g_strdup_printf("%s/%s", base, list);
	g_free(base);
	return out;
}

static char *link_of(const struct report_model *m, const char *msgid)
{
	return m->lore_base && msgid ? archive_link(m->lore_base, msgid) : NULL;
}

static struct report_version *version_new(int n)
{
	struct report_version *v = g_new0(struct report_version, 1);

	v->number = n;
	v->patches = g_ptr_array_new_with_free_func(patch_free);
	v->trailers = g_ptr_array_new_with_free_func(trailer_free);
	return v;
}

/* Frozen version fv as the report shows it. */
static struct report_version *frozen_version(const struct report_model *m, const struct series *s,
					     const struct series_version *fv)
{
	struct report_version *v = version_new(fv->number);

	v->frozen = TRUE;
	v->sent = fv->sent;
	v->date = g_strdup(fv->date);
	v->tag = series_tag_name(s->name, fv->number);
	v->cover_msgid = g_strdup(fv->cover_msgid);
	v->cover_link = link_of(m, fv->cover_msgid);
	for (guint i = 0; i < fv->patches->len; i++) {
		const struct series_patch *p = g_ptr_array_index(fv->patches, i);
		struct report_patch *rp = g_new0(struct report_patch, 1);

		rp->index = (int)i + 1;
		rp->commit = g_strdup(p->commit);
		rp->patch_id = g_strdup(p->patch_id);
		rp->subject = g_strdup(p->subject);
		rp->author = g_strdup(p->author);
		rp->msgid = g_strdup(p->msgid);
		rp->link = link_of(m, p->msgid);
		g_ptr_array_add(v->patches, rp);
	}
	return v;
}

/* The working version, from the branch; NULL when it has no patches or
 * cannot be read (said through warn). */
static struct report_version *working_version(git_repository *repo, const struct series *s,
					      warn_fn warn, void *payload)
{
	struct report_version *v;
	GPtrArray *cps = NULL;
	GError *e = NULL;

	if (!series_load_patches(&cps, NULL, NULL, repo, s, 0, COMMIT_WANT_DIFF, &e)) {
		if (warn)
			warn(payload, "the working version: %s", e->message);
		g_error_free(e);
		return NULL;
	}
	if (!cps->len) {
		g_ptr_array_unref(cps);
		return NULL;
	}
	v = version_new(s->version);
	for (guint i = 0; i < cps->len; i++) {
		const struct commit_patch *p = g_ptr_array_index(cps, i);
		struct report_patch *rp = g_new0(struct report_patch, 1);

		rp->index = (int)i + 1;
		rp->commit = g_strdup(git_oid_tostr_s(&p->oid));
		rp->patch_id = g_strdup(p->patch_id);
		rp->subject = g_strdup(p->subject);
		rp->author = g_strdup_printf("%s <%s>", p->author_name, p->author_email);
		g_ptr_array_add(v->patches, rp);
	}
	g_ptr_array_unref(cps);
	return v;
}

/* v's range-diff against the version before it. */
static void add_pairs(struct report_version *v, git_repository *repo, const struct series *s,
		      warn_fn warn, void *payload)
{
	struct range_compare *c = NULL;
	GError *e = NULL;

	if (!range_compare(&c, repo, s, v->number - 1, v->frozen ? v->number : 0, &e) ||
	    !range_compare_load_diffs(c, &e)) {
		if (warn)
			warn(payload, "range-diff v%d..v%d: %s", v->number - 1, v->number, e->message);
		g_error_free(e);
		range_compare_free(c);
		return;
	}
	v->pairs = g_ptr_array_new_with_free_func(pair_free);
	for (guint i = 0; i < c->pairs->len; i++) {
		const struct pair *p = &g_array_index(c->pairs, struct pair, i);
		const struct commit_patch *o = p->old_index >= 0 ? g_ptr_array_index(c->old, p->old_index) : NULL;
		const struct commit_patch *n = p->new_index >= 0 ? g_ptr_array_index(c->new_, p->new_index) : NULL;
		struct report_pair *rp = g_new0(struct report_pair, 1);

		rp->mark = range_mark(p->kind);
		rp->kind = pair_kind_name(p->kind);
		rp->old_index = p->old_index + 1;
		rp->new_index = p->new_index + 1;
		rp->subject = g_strdup(n ? n->subject : o->subject);
		rp->diff = range_pair_diff(c, p);
		g_ptr_array_add(v->pairs, rp);
	}
	v->summary = range_summary(c);
	range_compare_free(c);
}

static const struct report_patch *patch_by(const struct report_version *v, const char *id,
					   const char *subject)
{
	for (guint i = 0; i < v->patches->len; i++) {
		const struct report_patch *p = g_ptr_array_index(v->patches, i);

		if ((id && p->patch_id && *id && !strcmp(p->patch_id, id)) ||
		    (subject && !strcmp(p->subject, subject)))
			return p;
	}
	return NULL;
}

static struct report_trailer *find_trailer(const struct report_version *v, int patch,
					   const char *trailer)
{
	for (guint i = 0; i < v->trailers->len; i++) {
		struct report_trailer *t = g_ptr_array_index(v->trailers, i);

		if (t->patch == patch && !g_ascii_strcasecmp(t->trailer, trailer))
			return t;
	}
	return NULL;
}

/* A trailer-objection (it) on version k against trailer t of a patch, or a
 * trailer given again after one: the later word counts. */
static void judge_again(struct report_trailer *t, const struct report_version *k,
			const struct review_item *it)
{
	if (it->kind == REVIEW_TRAILER_OBJECTION) {
		g_free(t->reason);
		t->reason = g_strdup_printf("declined by %s on v%d", it->author, k->number);
	} else if (it->kind == REVIEW_TRAILER && t->reason && g_str_has_prefix(t->reason, "declined")) {
		g_clear_pointer(&t->reason, g_free);
		g_free(t->from);
		t->from = g_strdup(it->author);
		t->given_on = k->number;
	}
}

/* Item it of version k (given on patch `from` of k) as it counts for v. */
static void carry_one(struct report_version *v, const struct report_version *k,
		      const struct review_item *it, const struct report_patch *from)
{
	const struct report_patch *same = v == k ? from : patch_by(v, from->patch_id, NULL);
	const struct report_patch *named = same ? same : patch_by(v, NULL, from->subject);
	struct report_trailer *t;

	if (!named)
		return;
	if ((t = find_trailer(v, named->index, it->trailer))) {
		judge_again(t, k, it);
		return;
	}
	t = g_new0(struct report_trailer, 1);
	t->patch = named->index;
	t->trailer = g_strdup(it->trailer);
	t->from = g_strdup(it->author);
	t->link = g_strdup(it->link);
	t->given_on = k->number;
	if (it->kind == REVIEW_NAK)
		t->reason = g_strdup("a Nacked-by is never added");
	else if (it->kind == REVIEW_TRAILER_OBJECTION)
		t->reason = g_strdup_printf("declined by %s on v%d", it->author, k->number);
	else if (!same)
		t->reason = g_strdup_printf("patch changed since v%d", k->number);
	g_ptr_array_add(v->trailers, t);
}

/* The trailers given on v and on the versions before it, as they count for v. */
static void add_trailers(struct report_version *v, GPtrArray *before)
{
	for (guint k = 0; k < before->len; k++) {
		const struct report_version *kv = g_ptr_array_index(before, k);

		for (guint i = 0; i < kv->review->items->len; i++) {
			const struct review_item *it = g_ptr_array_index(kv->review->items, i);

			if ((it->kind != REVIEW_TRAILER && it->kind != REVIEW_NAK &&
			     it->kind != REVIEW_TRAILER_OBJECTION) || !it->trailer)
				continue;
			for (guint p = 0; p < kv->patches->len; p++) {
				const struct report_patch *rp = g_ptr_array_index(kv->patches, p);

				if (it->patch == 0 || it->patch == rp->index)
					carry_one(v, kv, it, rp);
			}
		}
	}
}

/* The review and benchmarks of v. */
static gboolean add_attached(struct report_version *v, const struct series *s, GError **error)
{
	if (!review_store_read(s, v->number, &v->review, error))
		return FALSE;
	return bench_load_version(&v->benches, s->state, v->number, error);
}

gboolean report_model_build(struct report_model **out, git_repository *repo,
			    const struct series *s, warn_fn warn, void *payload, GError **error)
{
	struct report_model *m = g_new0(struct report_model, 1);
	struct report_version *w;

	m->name = g_strdup(s->name);
	m->change_id = g_strdup(s->change_id);
	m->branch = g_strdup(s->branch);
	m->list = g_strdup(s->list);
	m->lore_base = report_lore_base(repo, s->list);
	m->versions = g_ptr_array_new_with_free_func(version_free);
	for (guint i = 0; i < s->versions->len; i++)
		g_ptr_array_add(m->versions, frozen_version(m, s, g_ptr_array_index(s->versions, i)));
	w = working_version(repo, s, warn, payload);
	if (w)
		g_ptr_array_add(m->versions, w);
	for (guint i = 0; i < m->versions->len; i++) {
		struct report_version *v = g_ptr_array_index(m->versions, i);

		if (!add_attached(v, s, error)) {
			report_model_free(m);
			return FALSE;
		}
		m->n_items += v->review->items->len;
		if (v->number > 1)
			add_pairs(v, repo, s, warn, payload);
	}
	for (guint i = 0; i < m->versions->len; i++) {
		GPtrArray *upto = g_ptr_array_new();

		for (guint k = 0; k <= i; k++)
			g_ptr_array_add(upto, g_ptr_array_index(m->versions, k));
		add_trailers(g_ptr_array_index(m->versions, i), upto);
		g_ptr_array_unref(upto);
	}
	*out = m;
	return TRUE;
}
