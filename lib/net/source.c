/* source.c - mail sources read as one mailbox: the operands in order, each
 * message checked for being mail, its ids found, numbered and handed out.
 * The kinds (source-kind.h) only hand over the bytes. */
#include "net/source.h"
#include "core/error.h"
#include "net/source-kind.h"
#include "net/source-private.h"

#include <stdarg.h>

#include <stdarg.h>
#include <string.h>


/* The kinds a spec may name, by prefix; NULL: known, not read yet. */
static const struct {
	const char *name;
	const struct source_kind *kind;
} kinds[] = {
	{ "mbox", &source_local_mbox },
	{ "maildir", &source_local_maildir },
	{ "lore", NULL },
	{ "notmuch", NULL },
	{ "mirror", NULL },
};

const char *source_operand_name(const char *arg)
{
	return strcmp(arg, "-") ? arg : "standard input";
}

struct source *source_new(warn_fn warn, void *payload)
{
	struct source *s = g_new0(struct source, 1);

	s->ops = g_array_new(FALSE, FALSE, sizeof(struct operand));
	s->held = g_ptr_array_new_with_free_func(g_free);
	s->warn = warn;
	s->payload = payload;
	return s;
}

void source_item_reset(struct source_item *it)
{
	g_clear_pointer(&it->synthetic, g_free);
	g_clear_pointer(&it->said, g_ptr_array_unref);
	g_clear_pointer(&it->where, g_free);
}

void source_item_free(struct source_item *it)
{
	source_item_reset(it);
	g_clear_pointer(&it->m, message_free);
	g_clear_pointer(&it->mid, g_ptr_array_unref);
	g_clear_pointer(&it->irt, g_ptr_array_unref);
	g_clear_pointer(&it->refs, g_ptr_array_unref);
	g_clear_pointer(&it->hids, g_array_unref);
	if (it->buf)
		g_string_free(it->buf, TRUE);
	it->buf = NULL;
	g_clear_pointer(&it->offs, g_array_unref);
}

void source_say(struct source *s, const char *text)
{
	if (s->capturing) {
		if (!s->capture)
			s->capture = g_ptr_array_new_with_free_func(g_free);
		g_ptr_array_add(s->capture, g_strdup(text));
	}
	else if (s->warn)
		s->warn(s->payload, "%s", text);
}

/* What the kinds warn through: said as source_say says it (held for the
 * message it comes before when read ahead). */
static void kind_warn(void *payload, const char *fmt, ...)
{
	struct source *s = payload;
	va_list ap;
	char *text;

	if (!s->warn)
		return;
	va_start(ap, fmt);
	text = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	source_say(s, text);
	g_free(text);
}

void source_free(struct source *s)
{
	if (!s)
		return;
	source_ahead_stop(s);
	source_item_free(&s->cur);
	if (s->capture)
		g_ptr_array_unref(s->capture);
	for (guint i = 0; i < s->ops->len; i++) {
		struct operand *op = &g_array_index(s->ops, struct operand, i);
		op->kind->close(op->state);
		g_free(op->arg);
	}
	g_array_unref(s->ops);
	g_ptr_array_unref(s->held);
	g_free(s);
}

static gboolean add(struct source *s, const struct source_kind *kind, const char *arg,
		    const char *as_given, GError **error)
{
	struct operand op = { kind, NULL, NULL };

	if (!kind->open(&op.state, arg, kind_warn, s, error))
		return FALSE;
	op.arg = g_strdup(as_given);
	g_array_append_val(s->ops, op);
	return TRUE;
}

gboolean source_add_path(struct source *s, const char *path, GError **error)
{
	return add(s, &source_local_path, path, path, error);
}

void source_add_bytes(struct source *s, const char *name, GBytes *mbox)
{
	struct source_bytes_arg b = { name, mbox };

	add(s, &source_local_bytes, (const char *)&b, name, NULL);
}

gboolean source_add_spec(struct source *s, const char *spec, GError **error)
{
	const char *colon = strchr(spec, ':');
	gsize n = colon ? (gsize)(colon - spec) : strlen(spec);

	for (gsize i = 0; i < G_N_ELEMENTS(kinds); i++) {
		if (strlen(kinds[i].name) != n || strncmp(spec, kinds[i].name, n))
			continue;
		if (!kinds[i].kind)
			return qerr(error, QUILL_ERROR_USAGE, "%s: %s sources are not supported yet",
				    spec, kinds[i].name);
		if (!colon || !colon[1])
			return qerr(error, QUILL_ERROR_USAGE, "%s: give the %s as %s:PATH", spec,
				    kinds[i].name, kinds[i].name);
		return add(s, kinds[i].kind, colon + 1, spec, error);
	}
	return qerr(error, QUILL_ERROR_USAGE,
		    "%s: not a mail source (mbox:FILE, maildir:DIR, lore[:URL], notmuch[:PATH], mirror:PATH)",
		    spec);
}

gboolean source_open(struct source **out, char *const *paths, int n, warn_fn warn, void *payload,
		     GError **error)
{
	*out = source_new(warn, payload);
	for (int i = 0; i < n; i++)
		if (!source_add_path(*out, paths[i], error))
			return FALSE;
	return TRUE;
}

#define say source_say

/* The ids of the first field `name` that has any, appended to the item's
 * buffer: their first offset's index in it->offs, and how many (0: none). */
static guint first_ids(struct source_item *it, const char *name, guint *from)
{
	const struct message *m = it->m;
	const struct message_field *first = message_field(m, name);
	gsize n = strlen(name);

	*from = it->offs->len;
	if (!first)
		return 0;
	/* from the first field of that name on (message_field finds it at once) */
	for (guint i = (guint)(first - &g_array_index(m->fields, struct message_field, 0));
	     i < m->fields->len; i++) {
		const struct message_field *f = &g_array_index(m->fields, struct message_field, i);
		guint k;

		if (f != first && (f->name_len != n || g_ascii_strncasecmp(f->name, name, n)))
			continue;
		if ((k = message_ids_append(f->value, f->value_len, it->buf, it->offs)))
			return k;
	}
	return 0;
}

/* The item's id arrays from its buffer (which no longer grows). */
static void point_ids(struct source_item *it, GPtrArray *a, guint from, guint n)
{
	g_ptr_array_set_size(a, 0);
	for (guint i = from; i < from + n; i++)
		g_ptr_array_add(a, it->buf->str + g_array_index(it->offs, gsize, i));
}

/* The item's id storage, made on first use and emptied. */
static void ids_reset(struct source_item *it)
{
	if (!it->buf) {
		it->buf = g_string_sized_new(256);
		it->offs = g_array_new(FALSE, FALSE, sizeof(gsize));
		it->mid = g_ptr_array_new();
		it->irt = g_ptr_array_new();
		it->refs = g_ptr_array_new();
		it->hids = g_array_new(FALSE, FALSE, sizeof(struct mail_id));
	}
	g_string_truncate(it->buf, 0);
	g_array_set_size(it->offs, 0);
}

/* The ids of the item's message: Message-ID, In-Reply-To, References. */
static void find_ids(struct source_item *it)
{
	guint at[3], n[3];

	ids_reset(it);
	n[0] = first_ids(it, "Message-ID", &at[0]);
	n[1] = first_ids(it, "In-Reply-To", &at[1]);
	n[2] = first_ids(it, "References", &at[2]);
	point_ids(it, it->mid, at[0], n[0]);
	point_ids(it, it->irt, at[1], n[1]);
	point_ids(it, it->refs, at[2], n[2]);
}

/* Whether a header block looks like mail: it has one of the fields every
 * mail has some of. */
static gboolean is_mail(const struct message *m)
{
	if (m->known[MESSAGE_F_FROM] >= 0 || m->known[MESSAGE_F_SUBJECT] >= 0 ||
	    m->known[MESSAGE_F_DATE] >= 0 || m->known[MESSAGE_F_MESSAGE_ID] >= 0)
		return TRUE;	/* the usual case, without a scan */
	static const char *const names[] = {
		"From", "Subject", "Date", "Message-ID", "To", "Received", "Return-Path",
		"In-Reply-To", "References", "MIME-Version", "Delivered-To", "Sender",
	};

	for (guint i = 0; i < m->fields->len; i++) {
		const struct message_field *f = &g_array_index(m->fields, struct message_field, i);
		for (gsize k = 0; k < G_N_ELEMENTS(names); k++)
			if (f->name_len == strlen(names[k]) &&
			    !g_ascii_strncasecmp(f->name, names[k], f->name_len))
				return TRUE;
	}
	return FALSE;
}

/* Where an item is, for a warning (caller owns). */
static char *item_where(const struct source *s, const struct source_item *it)
{
	const struct operand *op = &g_array_index(s->ops, struct operand, it->op);

	return it->where ? g_strdup(it->where) : op->kind->where_mark(op->state, &it->mark);
}

/* Not mail: said now if some mail was seen, else held back (if nothing
 * turns out to be mail, the one error says it). */
static void not_mail(struct source *s, const struct source_item *it)
{
	char *w = item_where(s, it);
	char *text = g_strdup_printf("%s: not a mail (no header fields), left out", w);

	if (s->mail)
		say(s, text);
	else
		g_ptr_array_add(s->held, g_strdup(text));
	g_free(text);
	g_free(w);
}

/* The first mail: the warnings held back until now are said. */
static void first_mail(struct source *s)
{
	for (guint i = 0; i < s->held->len; i++)
		say(s, g_ptr_array_index(s->held, i));
	g_ptr_array_set_size(s->held, 0);
}

/* The ids of mid, irt and refs measured and hashed, in that order, into
 * it->hids (the threader's work, done here on the reading thread). */
static void hash_ids(struct source_item *it)
{
	GPtrArray *lists[3] = { it->mid, it->irt, it->refs };
	guint n = 0;

	g_array_set_size(it->hids, it->mid->len + it->irt->len + it->refs->len);
	for (guint k = 0; k < 3; k++)
		for (guint i = 0; i < lists[k]->len; i++)
			mail_id_make(&g_array_index(it->hids, struct mail_id, n++),
				     g_ptr_array_index(lists[k], i));
}

/* The item's out from its message and ids (a mail's). */
static void point_out(struct source_item *it)
{
	struct source_mail *out = &it->out;
	const struct message *m = it->m;
	const char *data = m->data;
	gsize len = m->len;
	const struct mail_id *h;

	hash_ids(it);
	h = (const struct mail_id *)it->hids->data;
	out->msgid_id = it->mid->len ? h : NULL;
	out->in_reply_to_id = it->irt->len ? h + it->mid->len : NULL;
	out->ref_ids = h + it->mid->len + it->irt->len;

	out->m = m;
	out->body = data + m->body;
	out->body_len = len - m->body;
	out->in_reply_to = it->irt->len ? g_ptr_array_index(it->irt, 0) : NULL;
	if (it->refs->len) {
		out->refs = (const char *const *)it->refs->pdata;
		out->nrefs = it->refs->len;
	}
	if (it->mid->len)
		out->msgid = g_ptr_array_index(it->mid, 0);
}

void source_take_data(struct source_item *it, guint at, const char *data, gsize len)
{
	struct message *m = it->m = message_parse_into(it->m, data, len);

	it->op = at;
	if (!is_mail(m)) {
		it->state = SOURCE_ITEM_NOT_MAIL;
		return;
	}
	it->state = SOURCE_ITEM_MAIL;
	find_ids(it);
	point_out(it);
}

void source_item_save(const struct source_item *it, struct source_saved *sv,
		      struct source_store *store)
{
	const struct message *m = it->m;

	if (!store->fields) {
		store->fields = g_array_new(FALSE, FALSE, sizeof(struct message_field));
		store->ids = g_string_new(NULL);
		store->offs = g_array_new(FALSE, FALSE, sizeof(gsize));
	}
	sv->state = it->state;
	sv->data = m->data;
	sv->len = m->len;
	sv->body = m->body;
	sv->truncated = m->truncated;
	memcpy(sv->known, m->known, sizeof sv->known);
	sv->field0 = store->fields->len;
	sv->nfields = m->fields->len;
	g_array_append_vals(store->fields, m->fields->data, m->fields->len);
	sv->buf0 = store->ids->len;
	sv->off0 = store->offs->len;
	sv->buf_len = 0;
	memset(sv->nids, 0, sizeof sv->nids);
	if (it->state != SOURCE_ITEM_MAIL)
		return;
	sv->buf_len = it->buf->len;
	g_string_append_len(store->ids, it->buf->str, (gssize)it->buf->len);
	g_array_append_vals(store->offs, it->offs->data, it->offs->len);
	sv->nids[0] = it->mid->len;
	sv->nids[1] = it->irt->len;
	sv->nids[2] = it->refs->len;
}

void source_item_restore(struct source_item *it, guint at, const struct source_saved *sv,
			 const struct source_store *store)
{
	struct message *m = it->m = message_parse_into(it->m, sv->data, 0);
	guint from = 0;
	GPtrArray *lists[3];

	m->len = sv->len;
	m->body = sv->body;
	m->truncated = sv->truncated;
	memcpy(m->known, sv->known, sizeof m->known);
	g_array_append_vals(m->fields, &g_array_index(store->fields, struct message_field, sv->field0),
			    sv->nfields);
	it->op = at;
	it->state = sv->state;
	if (sv->state != SOURCE_ITEM_MAIL)
		return;
	ids_reset(it);
	g_string_append_len(it->buf, store->ids->str + sv->buf0, (gssize)sv->buf_len);
	g_array_append_vals(it->offs, &g_array_index(store->offs, gsize, sv->off0),
			    sv->nids[0] + sv->nids[1] + sv->nids[2]);
	lists[0] = it->mid;
	lists[1] = it->irt;
	lists[2] = it->refs;
	for (guint k = 0; k < 3; k++) {
		point_ids(it, lists[k], from, sv->nids[k]);
		from += sv->nids[k];
	}
	point_out(it);
}

void source_store_clear(struct source_store *store)
{
	if (!store->fields)
		return;
	g_array_unref(store->fields);
	g_string_free(store->ids, TRUE);
	g_array_unref(store->offs);
	store->fields = NULL;
}

gboolean source_take_raw(const struct operand *op, guint at, struct source_item *it)
{
	const char *data;
	gsize len;
	GError *e = NULL;

	source_item_reset(it);
	memset(&it->out, 0, sizeof it->out);
	if (!op->kind->next(op->state, &data, &len, &e)) {
		if (!e)
			return FALSE;
		it->state = SOURCE_ITEM_UNREADABLE;
		it->where = g_strdup(e->message);
		g_error_free(e);
		return TRUE;
	}
	if (op->kind->mark)
		op->kind->mark(op->state, &it->mark);
	else
		it->where = op->kind->where(op->state);
	source_take_data(it, at, data, len);
	return TRUE;
}

gboolean source_finish(struct source *s, struct source_item *it, guint index_base)
{
	struct source_mail *out = &it->out;
	GString *problems = NULL;

	s->position++;
	if (it->mark.index)
		it->mark.index += index_base;
	if (it->state == SOURCE_ITEM_UNREADABLE) {
		say(s, it->where);	/* a Maildir file that cannot be read: go on */
		return FALSE;
	}
	if (it->state == SOURCE_ITEM_NOT_MAIL) {
		not_mail(s, it);
		return FALSE;
	}
	out->position = s->position;
	if (!out->msgid) {
		out->msgid = it->synthetic = message_nomsgid(s->position);
		problems = g_string_new(NULL);
		g_string_append_printf(problems, "no Message-ID (taken as <%s>)", it->synthetic);
	}
	if (out->m->truncated) {
		if (!problems)
			problems = g_string_new(NULL);
		g_string_append_printf(problems, "%sthe header block does not end (cut short?)",
				       problems->len ? "; " : "");
	}
	if (!s->mail++)
		first_mail(s);
	if (problems) {
		char *w = item_where(s, it);
		char *text = g_strdup_printf("%s: %s", w, problems->str);
		say(s, text);
		g_free(text);
		g_free(w);
		g_string_free(problems, TRUE);
	}
	return TRUE;
}

/* "a, b: no mail in them" */
static gboolean no_mail(const struct source *s, GError **error)
{
	GString *names = g_string_new(NULL);

	for (guint i = 0; i < s->ops->len; i++)
		g_string_append_printf(names, "%s%s", i ? ", " : "",
				       source_operand_name(g_array_index(s->ops, struct operand, i).arg));
	qerr(error, QUILL_ERROR_INPUT, "%s: no mail in %s", names->str,
	     s->ops->len == 1 ? "it" : "them");
	g_string_free(names, TRUE);
	return FALSE;
}

char *source_where(const struct source *s)
{
	const struct operand *op;

	if (!s->last)
		return NULL;
	op = &g_array_index(s->ops, struct operand, s->last->op);
	if (s->last->where)
		return g_strdup(s->last->where);
	return op->kind->where_mark(op->state, &s->last->mark);
}

void source_warn_here(void *payload, const char *fmt, ...)
{
	const struct source_here *h = payload;
	char *w, *text;
	va_list ap;

	if (!h->warn)
		return;
	w = h->src ? source_where(h->src) : NULL;
	va_start(ap, fmt);
	text = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	if (w)
		h->warn(h->payload, "%s: %s", w, text);
	else
		h->warn(h->payload, "%s", text);
	g_free(w);
	g_free(text);
}

gboolean source_produce(struct source *s, struct source_item *it, GError **error)
{
	while (s->at < s->ops->len) {
		const struct operand *op = &g_array_index(s->ops, struct operand, s->at);

		if (!source_take_raw(op, s->at, it)) {
			s->at++;
			continue;
		}
		if (source_finish(s, it, 0))
			return TRUE;
	}
	return s->split ? FALSE : source_produce_end(s, error);
}

gboolean source_produce_end(const struct source *s, GError **error)
{
	if (s->position && !s->mail)
		return no_mail(s, error);
	return FALSE;
}

gboolean source_next(struct source *s, struct source_mail *out, GError **error)
{
	s->last = NULL;
	if (s->ahead_on)
		return source_ahead_next(s, out, error);
	if (!source_produce(s, &s->cur, error))
		return FALSE;
	s->last = &s->cur;
	*out = s->cur.out;
	return TRUE;
}
