/* lint-series.c - rules over the mails of one run (numbering, versions and
 * senders across a series), and the review-history rules, which ask a
 * struct lint_review provider what the list said about each tag. */
#include "lint/lint-private.h"

#include <stdarg.h>
#include <string.h>

/* ---- series ---- */

static const struct subject *msubj(gconstpointer m)
{
	return ((const struct lint_message *)m)->in->subject;
}

static const char *msender(gconstpointer m)
{
	const char *e = ((const struct lint_message *)m)->in->sender_email;

	return e ? e : "";
}

/* Does a number repeat in g?  (A set of the numbers seen: a run of
 * 30,000 mails of one total must not cost 30,000 squared.) */
static gboolean repeats(const GPtrArray *g)
{
	GHashTable *seen = g_hash_table_new(g_direct_hash, g_direct_equal);
	gboolean found = FALSE;

	for (guint i = 0; i < g->len && !found; i++)
		found = !g_hash_table_add(seen, GINT_TO_POINTER(msubj(g->pdata[i])->index));
	g_hash_table_destroy(seen);
	return found;
}

/* Split g by key (version, or sender) into groups appended to out, in
 * the order each key first appears, keeping the order within a group. */
static void split(GPtrArray *out, GPtrArray *g, gboolean by_version)
{
	GHashTable *by_key = by_version ? g_hash_table_new(g_direct_hash, g_direct_equal)
					: g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);

	for (guint i = 0; i < g->len; i++) {
		gpointer key = by_version ? GINT_TO_POINTER(msubj(g->pdata[i])->version)
					  : (gpointer)g_ascii_strdown(msender(g->pdata[i]), -1);
		GPtrArray *ng = g_hash_table_lookup(by_key, key);

		if (!ng) {
			ng = g_ptr_array_new();
			g_ptr_array_add(out, ng);
			g_hash_table_insert(by_key, key, ng);
		} else if (!by_version) {
			g_free(key);
		}
		g_ptr_array_add(ng, g->pdata[i]);
	}
	g_hash_table_destroy(by_key);
	g_ptr_array_unref(g);
}

/* The numbered patch mails (and covers) of a run, one series per group:
 * the mails of one total; where numbers repeat, split by version, then by
 * sender (two versions, or two people's series, in one mbox). */
static GPtrArray *series_groups(const struct lint_message *const *msgs, guint n)
{
	GPtrArray *by_total = g_ptr_array_new(), *groups, *tmp;

	for (guint i = 0; i < n; i++) {
		const struct subject *s = msgs[i]->in->subject;
		GPtrArray *g = NULL;

		if (!s || s->reply || s->total <= 0)
			continue;
		for (guint k = 0; k < by_total->len && !g; k++)
			if (msubj(((GPtrArray *)by_total->pdata[k])->pdata[0])->total == s->total)
				g = by_total->pdata[k];
		if (!g) {
			g = g_ptr_array_new();
			g_ptr_array_add(by_total, g);
		}
		g_ptr_array_add(g, (gpointer)msgs[i]);
	}
	tmp = g_ptr_array_new();
	for (guint k = 0; k < by_total->len; k++) {
		GPtrArray *g = by_total->pdata[k];

		if (repeats(g))
			split(tmp, g, TRUE);
		else
			g_ptr_array_add(tmp, g);
	}
	g_ptr_array_free(by_total, TRUE);
	groups = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
	for (guint k = 0; k < tmp->len; k++) {
		GPtrArray *g = tmp->pdata[k];

		if (repeats(g))
			split(groups, g, FALSE);
		else
			g_ptr_array_add(groups, g);
	}
	g_ptr_array_free(tmp, TRUE);
	return groups;
}

static const struct subject *subj(const GPtrArray *g, guint i)
{
	return ((const struct lint_message *)g->pdata[i])->in->subject;
}

/* The value most mails of g have, by a getter (of those as common, the
 * one that comes first). */
static int majority(const GPtrArray *g, int (*get)(const struct subject *))
{
	GHashTable *count = g_hash_table_new(g_direct_hash, g_direct_equal);
	int best = 0;
	guint bestn = 0;

	for (guint i = 0; i < g->len; i++) {
		int v = get(subj(g, i));
		guint c = GPOINTER_TO_UINT(g_hash_table_lookup(count, GINT_TO_POINTER(v))) + 1;

		g_hash_table_insert(count, GINT_TO_POINTER(v), GUINT_TO_POINTER(c));
	}
	for (guint i = 0; i < g->len; i++) {
		int v = get(subj(g, i));
		guint c = GPOINTER_TO_UINT(g_hash_table_lookup(count, GINT_TO_POINTER(v)));

		if (c > bestn) {
			bestn = c;
			best = v;
		}
	}
	g_hash_table_destroy(count);
	return best;
}

static int get_total(const struct subject *s)
{
	return s->total;
}

static int get_version(const struct subject *s)
{
	return s->version;
}

static int get_flags(const struct subject *s)
{
	return (int)(s->flags & (SUBJECT_RFC | SUBJECT_RESEND));
}

static void report_at(struct lint_ctx *c, const GPtrArray *g, guint i, const char *fmt,
		      ...) G_GNUC_PRINTF(4, 5);

static void report_at(struct lint_ctx *c, const GPtrArray *g, guint i, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	c->msg = g->pdata[i];
	lint_report(c, 0, "%s", s);
	g_free(s);
}

LINT_CHECK_SET(series_numbering)
{
	GPtrArray *groups = series_groups(msgs, n);

	for (guint k = 0; k < groups->len; k++) {
		GPtrArray *g = g_ptr_array_index(groups, k);
		int total = majority(g, get_total), v = majority(g, get_version);
		guint first = 0;
		gboolean *seen;
		GString *missing;

		if (total <= 0 || total > 9999)
			continue;
		seen = g_new0(gboolean, (gsize)total + 1);
		missing = g_string_new(NULL);

		for (guint i = 0; i < g->len; i++) {
			const struct subject *s = subj(g, i);

			if (s->index > total) {
				report_at(c, g, i, "patch %d/%d: %d is over the total", s->index,
					  s->total, s->index);
				continue;
			}
			if (s->index == 0)
				first = i;	/* the cover letter says what is missing */
			if (seen[s->index])
				report_at(c, g, i, "two mails numbered %d/%d (v%d)", s->index, total, v);
			seen[s->index] = TRUE;
		}
		for (int i = 1; i <= total; i++)
			if (!seen[i])
				g_string_append_printf(missing, "%s%d/%d", missing->len ? ", " : "", i,
						       total);
		if (missing->len)
			report_at(c, g, first, "patch%s %s of v%d missing (%u of %d here)",
				  strchr(missing->str, ',') ? "es" : "", missing->str, v, g->len,
				  total);
		g_string_free(missing, TRUE);
		g_free(seen);
	}
	g_ptr_array_unref(groups);
}

LINT_CHECK_SET(series_version)
{
	GPtrArray *groups = series_groups(msgs, n);

	for (guint k = 0; k < groups->len; k++) {
		GPtrArray *g = g_ptr_array_index(groups, k);
		int v = majority(g, get_version), f = majority(g, get_flags);

		for (guint i = 0; i < g->len; i++) {
			const struct subject *s = subj(g, i);

			if (s->version != v)
				report_at(c, g, i, "this patch says v%d, its series is v%d", s->version, v);
			else if (get_flags(s) != f)
				report_at(c, g, i, "%s here but %s on the rest of the series",
					  (s->flags & SUBJECT_RFC) != (unsigned)(f & SUBJECT_RFC) ?
					  ((s->flags & SUBJECT_RFC) ? "RFC" : "no RFC") :
					  ((s->flags & SUBJECT_RESEND) ? "RESEND" : "no RESEND"),
					  (s->flags & SUBJECT_RFC) != (unsigned)(f & SUBJECT_RFC) ?
					  ((f & SUBJECT_RFC) ? "RFC" : "none") :
					  ((f & SUBJECT_RESEND) ? "RESEND" : "none"));
		}
	}
	g_ptr_array_unref(groups);
}

LINT_CHECK_SET(series_submitter)
{
	/* one series by version and total, whoever sent it */
	GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);

	for (guint i = 0; i < n; i++) {
		const struct lint_input *in = msgs[i]->in;
		const struct lint_message *first;
		char *key;

		/* only where the sender is known: a format-patch file's From: is
		 * the author, and a series may have several */
		if (!in->subject || in->subject->reply || in->subject->total <= 0 ||
		    !in->sender_email)
			continue;
		key = g_strdup_printf("%d/%d", in->subject->version, in->subject->total);
		first = g_hash_table_lookup(seen, key);
		if (!first) {
			g_hash_table_insert(seen, key, (gpointer)msgs[i]);
			continue;
		}
		g_free(key);
		if (!lint_same_person(c, first->in->sender_name, first->in->sender_email,
				      in->sender_name, in->sender_email)) {
			char *a = lint_person_text(first->in->sender_name, first->in->sender_email);
			char *b = lint_person_text(in->sender_name, in->sender_email);

			c->msg = msgs[i];
			lint_report(c, 0, "sent by %s; patch %d/%d of the series came from %s", b,
				    first->in->subject->index, first->in->subject->total, a);
			g_free(a);
			g_free(b);
		}
	}
	g_hash_table_destroy(seen);
}

/* ---- the review history ---- */

typedef void (*review_fn)(struct lint_ctx *c, const struct lint_trailer *t,
			  const struct lint_review_answer *a);

static void each_own_word(struct lint_ctx *c, review_fn fn)
{
	const struct lint_message *m = c->msg;

	for (guint i = 0; i < m->items->len; i++) {
		const struct lint_trailer *t = lint_item(m, i);
		struct lint_review_answer a;

		if (!t->is_trailer || !t->tag || !t->tag->own_word || !t->person || !t->addr.email)
			continue;
		memset(&a, 0, sizeof(a));
		if (c->review->lookup(c->review, m->in, t->tag->name, t->addr.name, t->addr.email, &a))
			fn(c, t, &a);
		g_free(a.msgid);
		g_free(a.link);
	}
}

/* Where the reply is: " (LINK)", " (<MSGID>)" or "" (caller owns). */
static char *reply_where(const struct lint_review_answer *a)
{
	return a->link ? g_strdup_printf(" (%s)", a->link)
	       : a->msgid ? g_strdup_printf(" (<%s>)", a->msgid) : g_strdup("");
}

static void on_declined(struct lint_ctx *c, const struct lint_trailer *t,
			const struct lint_review_answer *a)
{
	if (a->state == LINT_REVIEW_DECLINED) {
		char *where = reply_where(a);

		lint_report(c, t->line, "%s: %s declined it on the list%s", t->tag->name,
			    *t->addr.name ? t->addr.name : t->addr.email, where);
		g_free(where);
	}
}

static void on_taken_back(struct lint_ctx *c, const struct lint_trailer *t,
			  const struct lint_review_answer *a)
{
	if (a->state == LINT_REVIEW_TAKEN_BACK) {
		char *where = reply_where(a);

		lint_report(c, t->line, "%s: %s took it back on the list%s", t->tag->name,
			    *t->addr.name ? t->addr.name : t->addr.email, where);
		g_free(where);
	}
}

static void on_not_given(struct lint_ctx *c, const struct lint_trailer *t,
			 const struct lint_review_answer *a)
{
	if (a->state == LINT_REVIEW_NOT_FOUND)
		lint_report(c, t->line, "%s: no reply by <%s> on the list gives it", t->tag->name,
			    t->addr.email);
}

static void on_changed(struct lint_ctx *c, const struct lint_trailer *t,
		       const struct lint_review_answer *a)
{
	if (a->state == LINT_REVIEW_GIVEN && a->changed_since) {
		if (a->version)
			lint_report(c, t->line, "%s: given on v%d; the patch has changed since "
				    "(drop it, or ask again)", t->tag->name, a->version);
		else
			lint_report(c, t->line, "%s: the patch has changed since it was given "
				    "(drop it, or ask again)", t->tag->name);
	}
}

LINT_CHECK(review_declined)
{
	each_own_word(c, on_declined);
}

LINT_CHECK(review_taken_back)
{
	each_own_word(c, on_taken_back);
}

LINT_CHECK(review_not_given)
{
	each_own_word(c, on_not_given);
}

LINT_CHECK(review_patch_changed)
{
	each_own_word(c, on_changed);
}
