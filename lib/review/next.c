/* next.c - the review carried into the next version (next.h). */
#include "review/next.h"
#include "core/error.h"
#include "git/ident.h"
#include "review/review.h"
#include "series/cover.h"

#include <string.h>

char *review_next_id(const char *id, int version)
{
	char *key = g_strdup_printf("carried\n%s\nv%d", id, version);
	char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA1, key, -1);

	sum[12] = '\0';
	g_free(key);
	return sum;
}

/* "Name" of "Name <address>" (the address when there is no name; caller
 * owns). */
static char *person_name(const char *who)
{
	char *name = NULL, *email = NULL;

	if (!who)
		return g_strdup("someone");
	if (!ident_split(who, &name, &email))
		return g_strdup(who);
	if (!*name) {
		g_free(name);
		return email;
	}
	g_free(email);
	return name;
}

/* "Key: Name" of a trailer "Key: Name <address>" (caller owns). */
static char *trailer_short(const char *trailer)
{
	const char *colon = strchr(trailer, ':');
	char *key, *value, *who, *out;

	if (!colon)
		return g_strdup(trailer);
	key = g_strndup(trailer, colon - trailer);
	value = g_strstrip(g_strdup(colon + 1));
	who = person_name(value);
	out = g_strdup_printf("%s: %s", key, who);
	g_free(key);
	g_free(value);
	g_free(who);
	return out;
}

/* The first line of the item's words that is not blank (caller owns). */
static char *first_line(const char *text)
{
	char **lines = g_strsplit(text ? text : "", "\n", -1);
	char *out = NULL;

	for (char **l = lines; *l && !out; l++)
		if (*g_strstrip(*l))
			out = g_strdup(*l);
	g_strfreev(lines);
	return out ? out : g_strdup("");
}

/* The changelog line of an addressed item, with its newline. */
static void changes_line(GString *out, const struct review_item *it)
{
	char *who = person_name(it->author);
	char *link = it->link ? g_strdup_printf(" [%s]", it->link) : g_strdup("");

	if (it->kind == REVIEW_TRAILER_OBJECTION && it->trailer) {
		char *t = trailer_short(it->trailer);
		g_string_append_printf(out, "Dropped %s, as they asked%s\n", t, link);
		g_free(t);
	} else if (it->kind == REVIEW_TRAILER && it->trailer) {
		char *t = trailer_short(it->trailer);
		g_string_append_printf(out, "Added %s%s\n", t, link);
		g_free(t);
	} else {
		char *first = first_line(it->text);
		g_string_append_printf(out, "Addressed: %s (%s)%s\n", first, who, link);
		g_free(first);
	}
	g_free(who);
	g_free(link);
}

static struct review_item *item_carried(const struct review_item *it, int version)
{
	struct review_item *c = review_item_new();

	c->id = review_next_id(it->id, version);
	c->kind = it->kind;
	c->author = g_strdup(it->author);
	c->date = g_strdup(it->date);
	c->msgid = g_strdup(it->msgid);
	c->link = g_strdup(it->link);
	c->version = version;
	c->patch = it->patch;
	c->text = g_strdup(it->text);
	c->quoted = g_strdup(it->quoted);
	c->status = REVIEW_OPEN;
	c->note = g_strdup_printf("promised on v%d", it->version ? it->version : version - 1);
	return c;
}

/* Carry the open promise items of `last` into n->carried. */
static void carry_promises(struct review_next *n, const struct review_version *last)
{
	struct review_version *fresh = review_version_new(n->carried->version);

	for (guint i = 0; i < last->items->len; i++) {
		const struct review_item *it = g_ptr_array_index(last->items, i);
		if (it->kind == REVIEW_PROMISE && it->status == REVIEW_OPEN)
			g_ptr_array_add(fresh->items, item_carried(it, n->carried->version));
	}
	n->n_carried = review_merge(n->carried, fresh);
	review_version_free(fresh);
}

gboolean review_next_prepare(const struct series *s, struct review_next **out, GError **error)
{
	struct review_next *n = g_new0(struct review_next, 1);
	struct review_version *last = NULL;
	const struct series_version *v;
	GString *changes = g_string_new(NULL);

	*out = NULL;
	n->from = (int)s->versions->len;
	n->open = g_ptr_array_new_with_free_func(review_item_free);
	if (!review_store_read(s, s->version, &n->carried, error) ||
	    (n->from && !review_store_read(s, n->from, &last, error))) {
		g_string_free(changes, TRUE);
		review_next_free(n);
		return FALSE;
	}
	v = series_get_version(s, n->from);
	n->total = v ? v->patches->len : 0;
	for (guint i = 0; last && i < last->items->len; i++) {
		struct review_item *it = g_ptr_array_index(last->items, i);

		if (it->status == REVIEW_ADDRESSED)
			changes_line(changes, it);
		else if (it->status == REVIEW_OPEN) {
			g_ptr_array_add(n->open, g_ptr_array_steal_index(last->items, i));
			i--;
		}
	}
	if (last) {
		/* the open ones were moved: promises are looked for there */
		struct review_version tmp = { last->version, last->replies, n->open };
		carry_promises(n, &tmp);
	}
	review_version_free(last);
	n->changes = g_string_free(changes, FALSE);
	*out = n;
	return TRUE;
}

static gboolean editme_line(const char *line)
{
	return g_str_has_prefix(line, "- EDITME") || g_str_has_prefix(line, "EDITME");
}

void review_next_apply(struct series *s, const struct review_next *n)
{
	if (*n->changes && s->cover) {
		char *section = cover_extract_changes(s->cover, s->version);
		char **lines = g_strsplit(section, "\n", -1);
		GString *text = g_string_new(NULL);
		char *cover;

		/* cover_set_changes puts the lines in place of the EDITME ones:
		 * they are put back first, the user still has to say what changed */
		for (char **l = lines; *l; l++)
			if (editme_line(*l))
				g_string_append_printf(text, "%s\n", *l);
		g_string_append(text, n->changes);
		cover = cover_set_changes(s->cover, s->version, text->str);
		g_free(s->cover);
		s->cover = cover;
		g_string_free(text, TRUE);
		g_strfreev(lines);
		g_free(section);
	}
	if (n->n_carried)
		review_store_set(s, n->carried);
}

void review_next_free(struct review_next *n)
{
	if (!n)
		return;
	if (n->open)
		g_ptr_array_unref(n->open);
	review_version_free(n->carried);
	g_free(n->changes);
	g_free(n);
}
