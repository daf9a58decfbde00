/* items-lines.h - line shapes for the item rules (private to the items
 * module: items.c, items-lines.c). */
#ifndef QUILL_REVIEW_ITEMS_LINES_H
#define QUILL_REVIEW_ITEMS_LINES_H

#include <glib.h>

struct items_span {
	const char *s;
	gsize len;
};

/* "Key: value" (leading white space allowed, the key a token of letters,
 * digits and '-'): key and trimmed value, pointing into s. */
gboolean items_line_trailer(const char *s, gsize len, struct items_span *key,
			    struct items_span *value);

/* A person as "Name <addr>", "addr" or "Name" (each field owned, or NULL). */
struct items_person {
	char *name, *addr;
};
void items_person_parse(struct items_person *p, const char *s, gsize len);
void items_person_clear(struct items_person *p);
/* The same address (ignoring case), else the same display name. */
gboolean items_person_same(const struct items_person *a, const struct items_person *b);

/* "Key: number unit" somewhere in the line, the unit one of units
 * (char *). */
gboolean items_line_measurement(const GPtrArray *units, const char *s, gsize len);
/* A row of a table of numbers: 2+ numeric cells, at least half the cells. */
gboolean items_line_table_row(const char *s, gsize len);
/* Columns: cells set apart by a tab, '|' or two spaces (a table's header). */
gboolean items_line_columns(const char *s, gsize len);

#endif
