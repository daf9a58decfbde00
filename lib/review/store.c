/* store.c - the review of each version in the series state (store.h). */
#include "review/store.h"
#include "core/error.h"
#include "review/review.h"

#include <string.h>

struct review_version *review_version_new(int version)
{
	struct review_version *rv = g_new0(struct review_version, 1);

	rv->version = version;
	rv->replies = g_ptr_array_new_with_free_func(review_reply_free);
	rv->items = g_ptr_array_new_with_free_func(review_item_free);
	return rv;
}

void review_version_free(struct review_version *rv)
{
	if (!rv)
		return;
	g_ptr_array_unref(rv->replies);
	g_ptr_array_unref(rv->items);
	g_free(rv);
}

static char *review_path(int version)
{
	return g_strdup_printf("v%d/review.json", version);
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *reply_json(const struct review_reply *r)
{
	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:i}", "msgid", str_or_null(r->msgid), "parent",
			 str_or_null(r->parent), "from", str_or_null(r->from), "date",
			 str_or_null(r->date), "subject", str_or_null(r->subject), "patch", r->patch);
}

/* The string `key` of o copied, NULL when absent or null; FALSE when it is
 * something else. */
static gboolean opt_str(const json_t *o, const char *key, char **out)
{
	const json_t *v = json_object_get(o, key);

	*out = NULL;
	if (!v || json_is_null(v))
		return TRUE;
	if (!json_is_string(v))
		return FALSE;
	*out = g_strdup(json_string_value(v));
	return TRUE;
}

static struct review_reply *reply_from_json(const json_t *o, int version, const char *where,
					    GError **error)
{
	struct review_reply *r = g_new0(struct review_reply, 1);
	const json_t *p = json_object_get(o, "patch");

	r->version = version;
	if (!json_is_object(o)) {
		qerr(error, QUILL_ERROR_INPUT, "%s: a reply is not an object", where);
		goto fail;
	}
	if (!opt_str(o, "msgid", &r->msgid) || !opt_str(o, "parent", &r->parent) ||
	    !opt_str(o, "from", &r->from) || !opt_str(o, "date", &r->date) ||
	    !opt_str(o, "subject", &r->subject) || (p && !json_is_integer(p))) {
		qerr(error, QUILL_ERROR_INPUT, "%s: a reply has a field of the wrong type", where);
		goto fail;
	}
	if (!r->msgid) {
		qerr(error, QUILL_ERROR_INPUT, "%s: a reply without \"msgid\"", where);
		goto fail;
	}
	r->patch = p ? (int)json_integer_value(p) : 0;
	return r;
fail:
	review_reply_free(r);
	return NULL;
}

/* rv from the document of vN/review.json. */
static gboolean review_from_json(struct review_version *rv, const json_t *doc, const char *where,
				 GError **error)
{
	const json_t *replies, *items, *v;
	size_t i;

	if (!json_is_object(doc))
		return qerr(error, QUILL_ERROR_INPUT, "%s: not a JSON object", where);
	v = json_object_get(doc, "version");
	if (v && (!json_is_integer(v) || json_integer_value(v) != rv->version))
		return qerr(error, QUILL_ERROR_INPUT, "%s: \"version\" is not %d", where, rv->version);
	replies = json_object_get(doc, "replies");
	items = json_object_get(doc, "items");
	if ((replies && !json_is_array(replies)) || (items && !json_is_array(items)))
		return qerr(error, QUILL_ERROR_INPUT, "%s: \"replies\" and \"items\" must be lists",
			    where);
	for (i = 0; replies && i < json_array_size(replies); i++) {
		struct review_reply *r = reply_from_json(json_array_get(replies, i), rv->version,
							 where, error);
		if (!r)
			return FALSE;
		g_ptr_array_add(rv->replies, r);
	}
	for (i = 0; items && i < json_array_size(items); i++) {
		struct review_item *it = review_item_from_json(json_array_get(items, i), where, error);
		if (!it)
			return FALSE;
		if (!it->version)
			it->version = rv->version;
		g_ptr_array_add(rv->items, it);
	}
	return TRUE;
}

gboolean review_store_read(const struct series *s, int version, struct review_version **out,
			   GError **error)
{
	char *path = review_path(version);
	GBytes *b = state_get(s->state, path);
	struct review_version *rv = review_version_new(version);
	json_error_t je;
	json_t *doc = NULL;
	gboolean ok = TRUE;

	*out = NULL;
	if (b) {
		gsize len;
		const char *data = g_bytes_get_data(b, &len);

		doc = json_loadb(data ? data : "", len, JSON_REJECT_DUPLICATES, &je);
		if (!doc)
			ok = qerr(error, QUILL_ERROR_INPUT, "%s: line %d column %d: %s", path, je.line,
				  je.column, je.text);
		else
			ok = review_from_json(rv, doc, path, error);
	}
	json_decref(doc);
	g_free(path);
	if (!ok) {
		review_version_free(rv);
		return FALSE;
	}
	*out = rv;
	return TRUE;
}

void review_store_set(struct series *s, const struct review_version *rv)
{
	json_t *replies = json_array(), *items = json_array();
	char *path = review_path(rv->version), *text, *with_nl;
	json_t *doc;

	for (guint i = 0; i < rv->replies->len; i++)
		json_array_append_new(replies, reply_json(g_ptr_array_index(rv->replies, i)));
	for (guint i = 0; i < rv->items->len; i++)
		json_array_append_new(items, review_item_json(g_ptr_array_index(rv->items, i)));
	doc = json_pack("{s:i, s:o, s:o}", "version", rv->version, "replies", replies, "items",
			items);
	text = json_dumps(doc, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	with_nl = g_strconcat(text, "\n", NULL);	/* a text file ends with a newline */
	state_set_string(s->state, path, with_nl);
	g_free(with_nl);
	free(text);
	json_decref(doc);
	g_free(path);
}

static struct review_reply *reply_copy(const struct review_reply *r)
{
	struct review_reply *c = g_new0(struct review_reply, 1);

	c->msgid = g_strdup(r->msgid);
	c->parent = g_strdup(r->parent);
	c->from = g_strdup(r->from);
	c->date = g_strdup(r->date);
	c->subject = g_strdup(r->subject);
	c->version = r->version;
	c->patch = r->patch;
	return c;
}

static struct review_item *item_copy(const struct review_item *it)
{
	struct review_item *c = review_item_new();

	c->id = g_strdup(it->id);
	c->kind = it->kind;
	c->author = g_strdup(it->author);
	c->date = g_strdup(it->date);
	c->msgid = g_strdup(it->msgid);
	c->link = g_strdup(it->link);
	c->version = it->version;
	c->patch = it->patch;
	c->text = g_strdup(it->text);
	c->quoted = g_strdup(it->quoted);
	c->trailer = g_strdup(it->trailer);
	c->status = it->status;
	c->note = g_strdup(it->note);
	return c;
}

guint review_merge(struct review_version *old, const struct review_version *fresh)
{
	GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
	guint added = 0;

	for (guint i = 0; i < old->replies->len; i++) {
		const struct review_reply *r = g_ptr_array_index(old->replies, i);
		g_hash_table_add(seen, r->msgid);
	}
	for (guint i = 0; i < fresh->replies->len; i++) {
		const struct review_reply *r = g_ptr_array_index(fresh->replies, i);
		if (!r->msgid || g_hash_table_contains(seen, r->msgid))
			continue;
		g_ptr_array_add(old->replies, reply_copy(r));
		g_hash_table_add(seen, r->msgid);
	}
	g_hash_table_remove_all(seen);
	for (guint i = 0; i < old->items->len; i++) {
		const struct review_item *it = g_ptr_array_index(old->items, i);
		g_hash_table_add(seen, it->id);
	}
	for (guint i = 0; i < fresh->items->len; i++) {
		const struct review_item *it = g_ptr_array_index(fresh->items, i);
		if (!it->id || g_hash_table_contains(seen, it->id))
			continue;	/* kept as it is: status and note are the user's */
		g_ptr_array_add(old->items, item_copy(it));
		g_hash_table_add(seen, it->id);
		added++;
	}
	g_hash_table_destroy(seen);
	return added;
}

static gboolean hex_prefix(const char *id)
{
	size_t n = strlen(id);

	if (n < 4 || n > 40)
		return FALSE;
	for (size_t i = 0; i < n; i++)
		if (!g_ascii_isxdigit(id[i]))
			return FALSE;
	return TRUE;
}

gboolean review_store_find(const struct series *s, const char *id, int *version_out,
			   guint *index_out, GError **error)
{
	char *lower = g_ascii_strdown(id, -1);
	int matches = 0;
	gboolean ok = TRUE;

	if (!hex_prefix(lower)) {
		g_free(lower);
		return qerr(error, QUILL_ERROR_USAGE, "no review item %s (an id is at least 4 hex "
			    "digits)", id);
	}
	for (int n = 1; ok && n <= s->version; n++) {
		struct review_version *rv;

		if (!(ok = review_store_read(s, n, &rv, error)))
			break;
		for (guint i = 0; i < rv->items->len; i++) {
			const struct review_item *it = g_ptr_array_index(rv->items, i);
			if (!it->id || !g_str_has_prefix(it->id, lower))
				continue;
			if (matches++ == 0) {
				*version_out = n;
				*index_out = i;
			}
		}
		review_version_free(rv);
	}
	g_free(lower);
	if (!ok)
		return FALSE;
	if (matches == 0)
		return qerr(error, QUILL_ERROR_USAGE, "no review item %s", id);
	if (matches > 1)
		return qerr(error, QUILL_ERROR_USAGE, "review item id %s is ambiguous: %d items "
			    "start with it", id, matches);
	return TRUE;
}
