/* review.c - review items: names, stable ids, JSON. */
#include "review/review.h"
#include "core/error.h"

#include <string.h>

static const char *const kind_names[REVIEW_KIND_COUNT] = {
	"trailer", "nak", "question", "change-request", "trailer-objection",
	"results", "promise", "comment",
};

static const char *const status_names[] = { "open", "addressed", "wontfix" };

const char *review_kind_name(enum review_kind kind)
{
	return (unsigned)kind < REVIEW_KIND_COUNT ? kind_names[kind] : "comment";
}

int review_kind_parse(const char *name)
{
	for (int i = 0; i < REVIEW_KIND_COUNT; i++)
		if (name && !strcmp(name, kind_names[i]))
			return i;
	return -1;
}

const char *review_status_name(enum review_status status)
{
	return (unsigned)status < G_N_ELEMENTS(status_names) ? status_names[status] : "open";
}

int review_status_parse(const char *name)
{
	for (gsize i = 0; i < G_N_ELEMENTS(status_names); i++)
		if (name && !strcmp(name, status_names[i]))
			return (int)i;
	return -1;
}

char *review_item_id(const char *msgid, enum review_kind kind, guint ordinal)
{
	char *key = g_strdup_printf("%s\n%s\n%u", msgid, review_kind_name(kind), ordinal);
	char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA1, key, -1);

	sum[12] = '\0';
	g_free(key);
	return sum;
}

struct review_item *review_item_new(void)
{
	return g_new0(struct review_item, 1);
}

void review_item_free(gpointer p)
{
	struct review_item *it = p;

	if (!it)
		return;
	g_free(it->id);
	g_free(it->author);
	g_free(it->date);
	g_free(it->msgid);
	g_free(it->link);
	g_free(it->text);
	g_free(it->quoted);
	g_free(it->trailer);
	g_free(it->note);
	g_free(it);
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

json_t *review_item_json(const struct review_item *it)
{
	gboolean has_trailer = it->kind == REVIEW_TRAILER || it->kind == REVIEW_NAK ||
			       it->kind == REVIEW_TRAILER_OBJECTION;
	json_t *o = json_object();

	json_object_set_new(o, "id", str_or_null(it->id));
	json_object_set_new(o, "kind", json_string(review_kind_name(it->kind)));
	json_object_set_new(o, "author", str_or_null(it->author));
	json_object_set_new(o, "date", str_or_null(it->date));
	json_object_set_new(o, "msgid", str_or_null(it->msgid));
	json_object_set_new(o, "link", str_or_null(it->link));
	json_object_set_new(o, "version", json_integer(it->version));
	json_object_set_new(o, "patch", json_integer(it->patch));
	json_object_set_new(o, "text", json_string(it->text ? it->text : ""));
	json_object_set_new(o, "quoted", json_string(it->quoted ? it->quoted : ""));
	json_object_set_new(o, "trailer", has_trailer ? str_or_null(it->trailer) : json_null());
	json_object_set_new(o, "status", json_string(review_status_name(it->status)));
	if (it->note)
		json_object_set_new(o, "note", json_string(it->note));
	return o;
}

/* The string field KEY of o, copied; NULL when absent or null.  FALSE
 * with *error when it is there and not a string (or absent and needed). */
static gboolean get_str(const json_t *o, const char *key, gboolean needed, char **out,
			const char *where, GError **error)
{
	const json_t *v = json_object_get(o, key);

	*out = NULL;
	if (!v || json_is_null(v)) {
		if (needed)
			return qerr(error, QUILL_ERROR_INPUT, "%s: a review item without \"%s\"",
				    where, key);
		return TRUE;
	}
	if (!json_is_string(v))
		return qerr(error, QUILL_ERROR_INPUT, "%s: a review item's \"%s\" is not a string",
			    where, key);
	*out = g_strdup(json_string_value(v));
	return TRUE;
}

struct review_item *review_item_from_json(const json_t *o, const char *where, GError **error)
{
	struct review_item *it = review_item_new();
	char *kind = NULL, *status = NULL;
	const json_t *v, *p;
	int k, s;

	if (!json_is_object(o)) {
		qerr(error, QUILL_ERROR_INPUT, "%s: a review item is not an object", where);
		goto fail;
	}
	if (!get_str(o, "id", TRUE, &it->id, where, error) ||
	    !get_str(o, "kind", TRUE, &kind, where, error) ||
	    !get_str(o, "author", FALSE, &it->author, where, error) ||
	    !get_str(o, "date", FALSE, &it->date, where, error) ||
	    !get_str(o, "msgid", FALSE, &it->msgid, where, error) ||
	    !get_str(o, "link", FALSE, &it->link, where, error) ||
	    !get_str(o, "text", FALSE, &it->text, where, error) ||
	    !get_str(o, "quoted", FALSE, &it->quoted, where, error) ||
	    !get_str(o, "trailer", FALSE, &it->trailer, where, error) ||
	    !get_str(o, "status", FALSE, &status, where, error) ||
	    !get_str(o, "note", FALSE, &it->note, where, error))
		goto fail;
	if ((k = review_kind_parse(kind)) < 0) {
		qerr(error, QUILL_ERROR_INPUT, "%s: \"%s\" is not a kind of review item", where, kind);
		goto fail;
	}
	if ((s = status ? review_status_parse(status) : REVIEW_OPEN) < 0) {
		qerr(error, QUILL_ERROR_INPUT, "%s: \"%s\" is not a review status", where, status);
		goto fail;
	}
	it->kind = k;
	it->status = s;
	v = json_object_get(o, "version");
	p = json_object_get(o, "patch");
	if ((v && !json_is_integer(v)) || (p && !json_is_integer(p))) {
		qerr(error, QUILL_ERROR_INPUT, "%s: a review item's version or patch is not a number",
		     where);
		goto fail;
	}
	it->version = v ? (int)json_integer_value(v) : 0;
	it->patch = p ? (int)json_integer_value(p) : 0;
	if (!it->text)
		it->text = g_strdup("");
	if (!it->quoted)
		it->quoted = g_strdup("");
	g_free(kind);
	g_free(status);
	return it;
fail:
	g_free(kind);
	g_free(status);
	review_item_free(it);
	return NULL;
}
