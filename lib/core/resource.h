/* resource.h - finding quill's data files: templates/ and trailers.conf.
 *
 * A lookup tries each directory of a search list in order (cmd/ builds it:
 * the directory of the running binary, then PREFIX/share/quill), then the
 * copy compiled into the binary, so ./quill works from the build tree,
 * installed, and from a `git archive` export.
 */
#ifndef QUILL_RESOURCE_H
#define QUILL_RESOURCE_H

#include <glib.h>

struct embedded_file {
	const char *name;		/* "templates/cover.txt" */
	const unsigned char *data;
	unsigned long len;
};

/* The compiled-in copies (build/embedded.c); ends with a NULL name. */
extern const struct embedded_file quill_embedded[];

struct resources;

/* A search list; `dirs` is NULL-terminated and copied. Free with resources_free. */
struct resources *resources_new(const char *const *dirs);
void resources_free(struct resources *res);

/* Load NAME (e.g. "templates/cover.txt").  Returns the bytes (caller owns,
 * g_bytes_unref) and, when where_out is given, the path it came from or
 * "(built-in)" (caller owns, g_free).  NULL with QUILL_ERROR_INPUT when no
 * copy exists anywhere. */
GBytes *resources_load(const struct resources *res, const char *name, char **where_out,
		       GError **error);

/* Same, as a NUL-terminated string (caller owns, g_free). */
char *resources_load_string(const struct resources *res, const char *name, GError **error);

#endif
