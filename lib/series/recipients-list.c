/* recipients-list.c - the stored recipients list read back: blocks headed
 * "[cover]" or "[patch N PATCH-ID] subject", each with To: and Cc: lines
 * of one address each; blank lines and '#' comments skipped. */
#include "series/recipients-private.h"

#include "core/error.h"
#include "series/series.h"

#include <string.h>

static void block_free(gpointer p)
{
	struct rcpt_block *b = p;

	g_free(b->patch_id);
	g_ptr_array_unref(b->to);
	g_ptr_array_unref(b->cc);
	g_free(b);
}

void rcpt_stored_free(struct rcpt_stored *st)
{
	if (!st)
		return;
	g_hash_table_destroy(st->by_patch_id);
	g_ptr_array_unref(st->blocks);
	g_free(st);
}

/* "[patch N HEX] ..." -> the hex (caller owns), or NULL. */
static char *patch_heading(const char *line)
{
	const char *p = line + strlen("[patch ");
	const char *hex;
	size_t n;

	if (!g_ascii_isdigit(*p))
		return NULL;
	while (g_ascii_isdigit(*p))
		p++;
	if (*p++ != ' ')
		return NULL;
	hex = p;
	while (g_ascii_isxdigit(*p))
		p++;
	n = (size_t)(p - hex);
	if (*p != ']' || (n != 40 && n != 64))
		return NULL;
	return g_ascii_strdown(hex, (gssize)n);
}

/* A heading line: a new block in st, or FALSE with the error. */
static gboolean heading(struct rcpt_stored *st, const char *line, guint no, GError **error)
{
	struct rcpt_block *b = g_new0(struct rcpt_block, 1);

	b->line = no;
	b->to = g_ptr_array_new_with_free_func(g_free);
	b->cc = g_ptr_array_new_with_free_func(g_free);
	g_ptr_array_add(st->blocks, b);
	if (!strcmp(line, "[cover]")) {
		if (st->cover)
			return qerr(error, QUILL_ERROR_INPUT, "line %u: a second [cover] block "
				    "(the first is on line %u)", no, st->cover->line);
		st->cover = b;
		return TRUE;
	}
	if (g_str_has_prefix(line, "[patch ") && (b->patch_id = patch_heading(line))) {
		const struct rcpt_block *was = g_hash_table_lookup(st->by_patch_id, b->patch_id);

		if (was)
			return qerr(error, QUILL_ERROR_INPUT, "line %u: a second block for patch-id "
				    "%.12s (the first is on line %u)", no, b->patch_id, was->line);
		g_hash_table_insert(st->by_patch_id, b->patch_id, b);
		return TRUE;
	}
	return qerr(error, QUILL_ERROR_INPUT, "line %u: not a [cover] or [patch N PATCH-ID] heading",
		    no);
}

/* A "To: addr" or "Cc: addr" line into the current block. */
static gboolean address_line(struct rcpt_stored *st, char *line, guint no, GError **error)
{
	struct rcpt_block *b = st->blocks->len ? g_ptr_array_index(st->blocks, st->blocks->len - 1)
					       : NULL;
	gboolean to = !g_ascii_strncasecmp(line, "To:", 3);
	char *value, *label;
	GError *e = NULL;

	if (!to && g_ascii_strncasecmp(line, "Cc:", 3))
		return qerr(error, QUILL_ERROR_INPUT, "line %u: neither a heading nor a To: or Cc: "
			    "line", no);
	if (!b)
		return qerr(error, QUILL_ERROR_INPUT, "line %u: a %s line before any [cover] or "
			    "[patch ...] heading", no, to ? "To:" : "Cc:");
	value = g_strstrip(line + 3);
	if (!*value)
		return TRUE;
	label = g_strdup_printf("line %u", no);
	if (!series_check_address(label, value, &e)) {
		qerr(error, QUILL_ERROR_INPUT, "%s", e->message);
		g_error_free(e);
		g_free(label);
		return FALSE;
	}
	g_free(label);
	g_ptr_array_add(to ? b->to : b->cc, g_strdup(value));
	return TRUE;
}

struct rcpt_stored *rcpt_stored_parse(const char *text, GError **error)
{
	struct rcpt_stored *st = g_new0(struct rcpt_stored, 1);
	char **lines = g_strsplit(text, "\n", -1);
	gboolean ok = TRUE;

	st->by_patch_id = g_hash_table_new(g_str_hash, g_str_equal);
	st->blocks = g_ptr_array_new_with_free_func(block_free);
	for (guint i = 0; ok && lines[i]; i++) {
		char *line = g_strstrip(lines[i]);

		if (!*line || *line == '#')
			continue;
		ok = *line == '[' ? heading(st, line, i + 1, error)
				  : address_line(st, line, i + 1, error);
	}
	g_strfreev(lines);
	if (!ok) {
		rcpt_stored_free(st);
		return NULL;
	}
	return st;
}
