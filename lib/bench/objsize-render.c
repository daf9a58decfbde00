/* objsize-render.c - a size diff's JSON document (what bench size --attach
 * keeps) as the text block of a cover letter's {{objsize NAME}}. */
#include "bench/objsize.h"
#include "core/error.h"
#include "core/text.h"

/* What the mail calls one side's file: its "label", else the last part
 * of the path given on the command line (a local ../old/memory.o says
 * nothing to the reader). */
static void name_side(struct objsize_sizes *side, const json_t *obj)
{
	const char *label = json_string_value(json_object_get(obj, "label"));
	char *name = label && *label ? g_strdup(label) : g_path_get_basename(side->file);

	g_free(side->file);
	side->file = name;
}

char *objsize_render_json(const json_t *doc, const char *source, GError **error)
{
	struct objsize_diff *d;
	char *out, *raw;

	if (!objsize_from_json(&d, doc, error)) {
		qerr_prefix(error, "%s", source);
		return NULL;
	}
	name_side(&d->old, json_object_get(doc, "old"));
	name_side(&d->new, json_object_get(doc, "new"));
	/* symbol and file names are whatever bytes the objects held */
	raw = objsize_format_mail(d);
	out = text_escape_lines(raw);
	g_free(raw);
	objsize_diff_free(d);
	return out;
}
