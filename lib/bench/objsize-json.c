/* objsize-json.c - a size diff as JSON and back (the format: objsize.h). */
#include "bench/objsize.h"
#include "core/error.h"

#include <string.h>

/* A JSON string of bytes that may not be UTF-8 (new reference). */
static json_t *text_json(const char *s)
{
	char *valid = g_utf8_make_valid(s, -1);
	json_t *j = json_string(valid);

	g_free(valid);
	return j;
}

static json_t *size_json(gint64 v)
{
	return v < 0 ? json_null() : json_integer(v);
}

static json_t *sizes_json(const struct objsize_sizes *s)
{
	return json_pack("{s:o, s:I, s:I, s:I, s:I}", "file", text_json(s->file),
			 "text", (json_int_t)s->text, "data", (json_int_t)s->data,
			 "bss", (json_int_t)s->bss, "dec", (json_int_t)(s->text + s->data + s->bss));
}

static json_t *table_json(const struct objsize_table *t)
{
	json_t *rows = json_array();

	for (guint i = 0; i < t->rows->len; i++) {
		const struct objsize_row *r = g_ptr_array_index(t->rows, i);

		json_array_append_new(rows, json_pack("{s:o, s:o, s:o, s:I}", "name", text_json(r->name),
						      "old", size_json(r->old), "new",
						      size_json(r->new), "delta", (json_int_t)r->delta));
	}
	return json_pack("{s:s, s:s, s:i, s:i, s:i, s:i, s:I, s:I, s:I, s:I, s:f, s:o}",
			 "title", t->title, "types", t->types, "add", (int)t->add, "remove",
			 (int)t->remove, "grow", (int)t->grow, "shrink", (int)t->shrink, "up",
			 (json_int_t)t->up, "down", (json_int_t)t->down, "before",
			 (json_int_t)t->before, "after", (json_int_t)t->after, "chg_pct",
			 t->before ? (double)(t->after - t->before) * 100.0 / (double)t->before : 0.0,
			 "symbols", rows);
}

json_t *objsize_to_json(const struct objsize_diff *d)
{
	json_t *tables = json_array();

	for (guint i = 0; i < d->tables->len; i++)
		json_array_append_new(tables, table_json(g_ptr_array_index(d->tables, i)));
	return json_pack("{s:s, s:s, s:o, s:o, s:o}", "kind", OBJSIZE_JSON_KIND, "mode",
			 objsize_mode_name(d->mode), "old", sizes_json(&d->old), "new",
			 sizes_json(&d->new), "tables", tables);
}

/* ---- back from JSON ---- */

static gboolean bad(GError **error, const char *what)
{
	return qerr(error, QUILL_ERROR_INPUT, "not a size diff: %s", what);
}

/* A member that is an integer in [min, 2^62] (or null, when allowed: -1). */
static gboolean get_int(gint64 *out, const json_t *obj, const char *key, gint64 min, gboolean null_ok,
			const char *where, GError **error)
{
	const json_t *v = json_object_get(obj, key);
	char *what;

	if (v && json_is_null(v) && null_ok) {
		*out = -1;
		return TRUE;
	}
	if (v && json_is_integer(v) && json_integer_value(v) >= min &&
	    json_integer_value(v) <= ((json_int_t)1 << 62)) {
		*out = json_integer_value(v);
		return TRUE;
	}
	what = g_strdup_printf("%s: '%s' is missing or not a%s number in range", where, key,
			       min >= 0 ? " non-negative" : "");
	bad(error, what);
	g_free(what);
	return FALSE;
}

static const char *get_str(const json_t *obj, const char *key, const char *where, GError **error)
{
	const char *s = json_string_value(json_object_get(obj, key));

	if (!s) {
		char *what = g_strdup_printf("%s: '%s' is missing or not a string", where, key);
		bad(error, what);
		g_free(what);
	}
	return s;
}

static gboolean sizes_from(struct objsize_sizes *s, const json_t *obj, const char *where, GError **error)
{
	const char *file;
	gint64 text, data, bss;

	if (!json_is_object(obj))
		return qerr(error, QUILL_ERROR_INPUT, "not a size diff: no '%s' object", where);
	if (!(file = get_str(obj, "file", where, error)) ||
	    !get_int(&text, obj, "text", 0, FALSE, where, error) ||
	    !get_int(&data, obj, "data", 0, FALSE, where, error) ||
	    !get_int(&bss, obj, "bss", 0, FALSE, where, error))
		return FALSE;
	g_free(s->file);
	s->file = g_strdup(file);
	s->text = (guint64)text;
	s->data = (guint64)data;
	s->bss = (guint64)bss;
	return TRUE;
}

static gboolean row_from(struct objsize_table *t, const json_t *obj, const char *where, GError **error)
{
	const char *name;
	gint64 old, new, delta;
	struct objsize_row *r;

	if (!json_is_object(obj))
		return bad(error, "a symbol is not an object");
	if (!(name = get_str(obj, "name", where, error)) ||
	    !get_int(&old, obj, "old", 0, TRUE, where, error) ||
	    !get_int(&new, obj, "new", 0, TRUE, where, error) ||
	    !get_int(&delta, obj, "delta", -((gint64)1 << 62), FALSE, where, error))
		return FALSE;
	r = objsize_table_add(t, name, old, new);
	if (r->delta != delta) {
		char *what = g_strdup_printf("%s: the delta of '%s' is not new - old", where, r->name);
		bad(error, what);
		g_free(what);
		return FALSE;
	}
	return TRUE;
}

static gboolean table_from(struct objsize_diff *d, const json_t *obj, guint index, GError **error)
{
	char *where = g_strdup_printf("table %u", index + 1);
	const char *title, *types;
	gint64 add, remove, grow, shrink, up, down, before, after;
	struct objsize_table *t;
	const json_t *syms;
	gboolean ok = FALSE;

	if (!json_is_object(obj)) {
		bad(error, "a table is not an object");
		goto out;
	}
	if (!(title = get_str(obj, "title", where, error)) ||
	    !(types = get_str(obj, "types", where, error)) ||
	    !get_int(&add, obj, "add", 0, FALSE, where, error) ||
	    !get_int(&remove, obj, "remove", 0, FALSE, where, error) ||
	    !get_int(&grow, obj, "grow", 0, FALSE, where, error) ||
	    !get_int(&shrink, obj, "shrink", 0, FALSE, where, error) ||
	    !get_int(&up, obj, "up", 0, FALSE, where, error) ||
	    !get_int(&down, obj, "down", 0, FALSE, where, error) ||
	    !get_int(&before, obj, "before", 0, FALSE, where, error) ||
	    !get_int(&after, obj, "after", 0, FALSE, where, error))
		goto out;
	if (add > G_MAXUINT || remove > G_MAXUINT || grow > G_MAXUINT || shrink > G_MAXUINT) {
		bad(error, "a count out of range");
		goto out;
	}
	if (!json_is_array(syms = json_object_get(obj, "symbols"))) {
		char *what = g_strdup_printf("%s: no 'symbols' list", where);
		bad(error, what);
		g_free(what);
		goto out;
	}
	t = objsize_table_new(title, types);
	g_ptr_array_add(d->tables, t);
	t->add = (guint)add;
	t->remove = (guint)remove;
	t->grow = (guint)grow;
	t->shrink = (guint)shrink;
	t->up = up;
	t->down = down;
	t->before = before;
	t->after = after;
	for (size_t i = 0; i < json_array_size(syms); i++)
		if (!row_from(t, json_array_get(syms, i), where, error))
			goto out;
	ok = TRUE;
out:
	g_free(where);
	return ok;
}

gboolean objsize_json_is(const json_t *doc)
{
	const char *kind = json_string_value(json_object_get(doc, "kind"));

	return kind && !strcmp(kind, OBJSIZE_JSON_KIND);
}

gboolean objsize_from_json(struct objsize_diff **out, const json_t *doc, GError **error)
{
	struct objsize_diff *d;
	const char *kind, *mode;
	enum objsize_mode m;
	const json_t *tables;

	*out = NULL;
	if (!json_is_object(doc))
		return bad(error, "not a JSON object");
	kind = json_string_value(json_object_get(doc, "kind"));
	if (!kind || strcmp(kind, OBJSIZE_JSON_KIND))
		return bad(error, "its kind is not \"" OBJSIZE_JSON_KIND "\"");
	mode = json_string_value(json_object_get(doc, "mode"));
	if (!mode || !objsize_mode_parse(mode, &m))
		return bad(error, "'mode' is not one of all, split, data, text");
	d = objsize_diff_new(m);
	if (!sizes_from(&d->old, json_object_get(doc, "old"), "old", error) ||
	    !sizes_from(&d->new, json_object_get(doc, "new"), "new", error))
		goto fail;
	tables = json_object_get(doc, "tables");
	if (!json_is_array(tables) || !json_array_size(tables)) {
		bad(error, "no 'tables' list");
		goto fail;
	}
	for (size_t i = 0; i < json_array_size(tables); i++)
		if (!table_from(d, json_array_get(tables, i), (guint)i, error))
			goto fail;
	*out = d;
	return TRUE;
fail:
	objsize_diff_free(d);
	return FALSE;
}
