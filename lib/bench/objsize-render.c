/* objsize-render.c - a size diff's JSON document (what bench size --attach
 * keeps) as the text block of a cover letter's {{objsize NAME}}. */
#include "bench/objsize.h"
#include "core/error.h"

char *objsize_render_json(const json_t *doc, const char *source, GError **error)
{
	struct objsize_diff *d;
	char *out;

	if (!objsize_from_json(&d, doc, error)) {
		qerr_prefix(error, "%s", source);
		return NULL;
	}
	out = objsize_format_mail(d);
	objsize_diff_free(d);
	return out;
}
