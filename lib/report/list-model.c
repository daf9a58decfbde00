/* list-model.c - the series of some mail and their review state
 * (list-model.h): postings and review items from one pass over the mail,
 * put together by Message-ID. */
#include "report/list-model.h"

#include "core/date.h"
#include "mail/message.h"
#include "mail/postings.h"
#include "net/archive.h"
#include "net/source.h"
#include "review/review.h"
#include "review/scan.h"

#include <string.h>

#define DEFAULT_BASE "https://lore.kernel.org/all"
#define SLUG_MAX 48

/* ---- the postings (as mail series groups them) ---- */

/* What the reading thread finds out for postings_add. */
struct seen {
	char *subject, *from, *change_id;
	struct subject parsed;
	gint64 date;
	gboolean diff;
};

static void *seen_new(const struct source_mail *it, void *payload)
{
	struct seen *x = g_new0(struct seen, 1);
	unsigned need;

	(void)payload;
	x->subject = message_get_decoded(it->m, "Subject");
	subject_parse(&x->parsed, x->subject ? x->subject : "", -1);
	need = postings_need(&x->parsed);
	if (need & POSTING_NEED_HEADERS) {
		x->from = message_get_decoded(it->m, "From");
		x->date = message_date(it->m);
		x->change_id = message_get(it->m, "X-Change-ID");
	}
	if (x->change_id && !*x->change_id)
		g_clear_pointer(&x->change_id, g_free);
	if ((need & POSTING_NEED_FOOTER) && !x->change_id)
		x->change_id = postings_body_change_id(it->body, it->body_len);
	x->diff = (need & POSTING_NEED_DIFF) && postings_body_has_diff(it->body, it->body_len);
	return x;
}

static void seen_free(void *p)
{
	struct seen *x = p;

	subject_clear(&x->parsed);
	g_free(x->subject);
	g_free(x->from);
	g_free(x->change_id);
	g_free(x);
}

static gboolean open_source(struct source **out, const struct report_list_opts *o, GError **error)
{
	*out = source_new(o->warn, o->payload);
	for (guint i = 0; i < o->n_paths; i++)
		if (!source_add_path(*out, o->paths[i], error))
			return FALSE;
	for (guint i = 0; i < o->n_specs; i++)
		if (!source_add_spec(*out, o->specs[i], error))
			return FALSE;
	return TRUE;
}

/* Each message, as the scan reads it: into the postings. */
static void add_posting(void *payload, const struct source_mail *sm)
{
	const struct seen *x = sm->prepared;
	struct posting_mail pm = {
		.msgid = sm->msgid, .in_reply_to = sm->in_reply_to, .refs = sm->refs,
		.nrefs = sm->nrefs, .subject = x->subject, .parsed = &x->parsed,
		.from = x->from, .date = x->date, .change_id = x->change_id,
		.has_diff = x->diff, .position = sm->position,
	};

	postings_add(payload, &pm);
}

/* ---- the model's pieces ---- */

static void lmessage_free(gpointer x)
{
	struct list_message *m = x;

	g_free(m->msgid);
	g_free(m->link);
	g_free(m->subject);
	g_free(m);
}

static void version_free(gpointer x)
{
	struct list_version *v = x;

	g_free(v->author);
	g_free(v->date);
	g_ptr_array_unref(v->messages);
	g_ptr_array_unref(v->items);
	g_free(v);
}

static void series_free(gpointer x)
{
	struct list_series *s = x;

	g_free(s->name);
	g_free(s->author);
	g_free(s->change_id);
	g_free(s->slug);
	g_ptr_array_unref(s->versions);
	g_strfreev(s->acked);
	g_strfreev(s->naked);
	g_ptr_array_unref(s->questions);
	g_free(s);
}

void report_list_free(struct report_list *l)
{
	if (!l)
		return;
	if (l->series)
		g_ptr_array_unref(l->series);
	g_free(l);
}

static struct list_version *version_of(const struct posting *p, const char *base)
{
	struct list_version *v = g_new0(struct list_version, 1);

	v->version = p->version;
	v->total = p->total;
	v->patches = p->patches;
	v->received_all = p->received_all;
	v->cover = p->cover != 0;
	v->author = g_strdup(p->author);
	v->date = p->date ? date_iso(p->date) : NULL;
	v->messages = g_ptr_array_new_with_free_func(lmessage_free);
	v->items = g_ptr_array_new_with_free_func(review_item_free);
	for (guint k = 0; k < p->messages->len; k++) {
		struct list_message *m = g_new0(struct list_message, 1);

		m->msgid = g_strdup(g_ptr_array_index(p->messages, k));
		m->link = archive_link(base, m->msgid);
		g_ptr_array_add(v->messages, m);
	}
	return v;
}

/* The series of the postings, one per series_key, each posting's version
 * at (*where)[posting index]. */
static GPtrArray *group(const struct postings *p, const char *base, struct list_version ***where)
{
	GPtrArray *all = g_ptr_array_new_with_free_func(series_free);
	GHashTable *by_key = g_hash_table_new(g_str_hash, g_str_equal);
	guint n = postings_len(p);

	*where = g_new0(struct list_version *, n ? n : 1);
	for (guint i = 0; i < n; i++) {
		const struct posting *ps = postings_get(p, i);
		struct list_series *s = g_hash_table_lookup(by_key, ps->series_key);

		if (!s) {
			s = g_new0(struct list_series, 1);
			s->name = g_strdup(ps->name);
			s->author = g_strdup(ps->author);
			s->versions = g_ptr_array_new_with_free_func(version_free);
			s->questions = g_ptr_array_new();
			g_hash_table_insert(by_key, ps->series_key, s);
			g_ptr_array_add(all, s);
		}
		if (!s->change_id && ps->change_id)
			s->change_id = g_strdup(ps->change_id);
		s->last = MAX(s->last, ps->date);
		(*where)[i] = version_of(ps, base);
		g_ptr_array_add(s->versions, (*where)[i]);
	}
	g_hash_table_unref(by_key);
	return all;
}

/* ---- the replies and their items ---- */

static gint64 iso_seconds(const char *iso)
{
	GDateTime *d = iso ? g_date_time_new_from_iso8601(iso, NULL) : NULL;
	gint64 t = d ? g_date_time_to_unix(d) : 0;

	if (d)
		g_date_time_unref(d);
	return t;
}

/* Hang the scan's results on the versions: where[k] of each posted
 * Message-ID, then of each reply through its parent. */
static void attach(struct review_result *r, const struct postings *p, struct list_version **where,
		   GHashTable *series_of)
{
	GHashTable *at = g_hash_table_new(g_str_hash, g_str_equal);	/* msgid -> version */
	GHashTable *subjects = g_hash_table_new(g_str_hash, g_str_equal);

	for (guint i = 0; i < postings_len(p); i++) {
		GPtrArray *ms = where[i]->messages;

		for (guint k = 0; k < ms->len; k++)
			g_hash_table_insert(at, ((struct list_message *)g_ptr_array_index(ms, k))->msgid,
					    where[i]);
	}
	for (guint i = 0; i < r->posted->len; i++) {
		const struct review_posted *rp = g_ptr_array_index(r->posted, i);

		g_hash_table_insert(subjects, rp->msgid, rp->subject);
	}
	for (guint i = 0; i < r->replies->len; i++) {
		const struct review_reply *rp = g_ptr_array_index(r->replies, i);
		struct list_version *v = rp->parent ? g_hash_table_lookup(at, rp->parent) : NULL;
		struct list_series *s = v ? g_hash_table_lookup(series_of, v) : NULL;

		if (!v)
			continue;
		g_hash_table_insert(at, rp->msgid, v);
		s->last = MAX(s->last, iso_seconds(rp->date));
	}
	for (guint i = 0; i < r->items->len; i++) {
		struct review_item *it = g_ptr_array_index(r->items, i);
		struct list_version *v = g_hash_table_lookup(at, it->msgid);

		if (v) {
			g_ptr_array_add(v->items, it);
			r->items->pdata[i] = NULL;
		}
	}
	for (guint i = 0; i < postings_len(p); i++)
		for (guint k = 0; k < where[i]->messages->len; k++) {
			struct list_message *m = g_ptr_array_index(where[i]->messages, k);

			m->subject = g_strdup(g_hash_table_lookup(subjects, m->msgid));
		}
	g_hash_table_unref(subjects);
	g_hash_table_unref(at);
}

/* The one pass: the scan reads the operands, each message going into
 * the postings as it is read (seen_new on the reading thread, add_posting
 * on this one); *r is the scan's (caller frees). */
static gboolean read_all(const struct report_list_opts *o, struct postings *p,
			 struct review_result **r, GError **error)
{
	struct review_scan_opts so = { .link_base = o->link_base ? o->link_base : DEFAULT_BASE,
				       .warn = NULL, .each_mail = add_posting, .mail_payload = p };
	struct source *src;
	gboolean ok;

	/* the source and the postings say what is wrong with the input; the
	 * scan's own warnings (review scan's) are not this command's */
	if (!open_source(&src, o, error)) {
		source_free(src);
		return FALSE;
	}
	source_read_ahead(src, seen_new, seen_free, NULL);
	ok = review_scan(src, &so, r, error);
	source_free(src);
	if (ok)
		postings_finish(p);
	return ok;
}

/* ---- the state of each series ---- */

static void add_once(GPtrArray *to, const char *s)
{
	for (guint i = 0; i < to->len; i++)
		if (!g_strcmp0(g_ptr_array_index(to, i), s))
			return;
	g_ptr_array_add(to, g_strdup(s));
}

static char **strv_of(GPtrArray *a)
{
	g_ptr_array_add(a, NULL);
	return (char **)g_ptr_array_free(a, FALSE);
}

static gboolean is_ack(const char *trailer)
{
	return trailer && (!g_ascii_strncasecmp(trailer, "Acked-by:", 9) ||
			   !g_ascii_strncasecmp(trailer, "Reviewed-by:", 12));
}

static void judge(struct list_series *s)
{
	const struct list_version *v = g_ptr_array_index(s->versions, s->versions->len - 1);
	GPtrArray *acked = g_ptr_array_new(), *naked = g_ptr_array_new();
	guint other = 0;

	for (guint i = 0; i < v->items->len; i++) {
		const struct review_item *it = g_ptr_array_index(v->items, i);

		if (it->kind == REVIEW_NAK)
			add_once(naked, it->author);
		else if (it->kind == REVIEW_CHANGE_REQUEST && it->status == REVIEW_OPEN)
			s->n_changes++;
		else if (it->kind == REVIEW_TRAILER && is_ack(it->trailer))
			add_once(acked, it->trailer);
		else
			other++;
		if (it->kind == REVIEW_QUESTION)
			g_ptr_array_add(s->questions, (gpointer)it);
	}
	s->state = naked->len ? LIST_NAK : s->n_changes ? LIST_CHANGES : acked->len ? LIST_ACKED
		 : other ? LIST_REVIEWED : LIST_NEW;
	s->acked = strv_of(acked);
	s->naked = strv_of(naked);
}

/* Versions lowest first (the last posted of a number last). */
static gint by_version(gconstpointer a, gconstpointer b)
{
	const struct list_version *x = *(void *const *)a, *y = *(void *const *)b;

	return (x->version > y->version) - (x->version < y->version);
}

static gint by_last(gconstpointer a, gconstpointer b)
{
	const struct list_series *x = *(void *const *)a, *y = *(void *const *)b;

	if (x->last != y->last)
		return x->last < y->last ? 1 : -1;
	return g_strcmp0(x->name, y->name);
}

/* [a-z0-9-] of the name, at most SLUG_MAX, then "-" and 8 hex digits of a
 * hash of the series' first Message-ID (unique in practice; a clash gets
 * a counter). */
static void name_page(struct list_series *s, GHashTable *taken)
{
	const struct list_version *v = g_ptr_array_index(s->versions, 0);
	const char *first = v->messages->len
		? ((struct list_message *)g_ptr_array_index(v->messages, 0))->msgid : "";
	GString *slug = g_string_new(NULL);
	gboolean dash = TRUE;
	gsize base;

	for (const char *c = s->name ? s->name : ""; *c && slug->len < SLUG_MAX; c++) {
		if (g_ascii_isalnum(*c)) {
			g_string_append_c(slug, g_ascii_tolower(*c));
			dash = FALSE;
		} else if (!dash) {
			g_string_append_c(slug, '-');
			dash = TRUE;
		}
	}
	g_string_append_printf(slug, "%s%08x", dash ? "" : "-", g_str_hash(first));
	base = slug->len;
	for (guint n = 2; g_hash_table_contains(taken, slug->str); n++)
		g_string_truncate(slug, base), g_string_append_printf(slug, "-%u", n);
	s->slug = g_string_free(slug, FALSE);
	g_hash_table_add(taken, s->slug);
}

static void finish(struct report_list *l, gint64 since)
{
	GHashTable *taken = g_hash_table_new(g_str_hash, g_str_equal);

	for (guint i = 0; i < l->series->len;) {
		struct list_series *s = g_ptr_array_index(l->series, i);

		if (since && s->last <= since) {
			g_ptr_array_remove_index(l->series, i);
			continue;
		}
		g_ptr_array_sort(s->versions, by_version);
		for (guint k = 0; k < s->versions->len; k++)
			l->items += ((struct list_version *)g_ptr_array_index(s->versions, k))->items->len;
		judge(s);
		name_page(s, taken);
		i++;
	}
	g_ptr_array_sort(l->series, by_last);
	g_hash_table_unref(taken);
}

gboolean report_list_build(struct report_list **out, const struct report_list_opts *o,
			   GError **error)
{
	struct postings *p = postings_new(o->warn, o->payload);
	struct list_version **where = NULL;
	GHashTable *series_of = g_hash_table_new(NULL, NULL);
	struct report_list *l = g_new0(struct report_list, 1);
	struct review_result *r = NULL;
	gboolean ok;

	*out = NULL;
	ok = read_all(o, p, &r, error);
	if (ok) {
		l->messages = r->messages;
		l->postings = postings_len(p);
		l->series = group(p, o->link_base ? o->link_base : DEFAULT_BASE, &where);
		for (guint i = 0; i < l->series->len; i++) {
			struct list_series *s = g_ptr_array_index(l->series, i);

			for (guint k = 0; k < s->versions->len; k++)
				g_hash_table_insert(series_of, g_ptr_array_index(s->versions, k), s);
		}
		attach(r, p, where, series_of);
		finish(l, o->since);
		*out = l;
	} else {
		report_list_free(l);
	}
	review_result_free(r);
	g_hash_table_unref(series_of);
	g_free(where);
	postings_free(p);
	return ok;
}

const char *list_state_name(enum list_state s)
{
	static const char *const names[] = { "new", "reviewed", "acked", "changes requested",
					     "NAKed" };
	return names[s];
}

const char *list_state_key(enum list_state s)
{
	static const char *const keys[] = { "new", "reviewed", "acked", "changes", "nak" };
	return keys[s];
}
