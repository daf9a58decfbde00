/* list-render.h - the list report's pages (quill review report), from a
 * report_list (list-model.h): DIR/index.html, one row per series (its
 * name linking to its page, author, versions linking to the archive,
 * state, who acked or NAKed it, its open questions, its last message),
 * and DIR/series/SLUG.html per series (its versions, each with its
 * messages and its review items; the open questions of the newest
 * first).  The frame and CSS are render.c's (report_page_begin): no
 * script, no image, nothing fetched; every value from mail through
 * html_escape, every link through html_href_ok.
 */
#ifndef QUILL_REPORT_LIST_RENDER_H
#define QUILL_REPORT_LIST_RENDER_H

#include <glib.h>

#include "report/list-model.h"

/* The index page (caller owns). */
char *report_list_index(const struct report_list *l);

/* The page of series s (caller owns); it links back to ../index.html. */
char *report_list_page(const struct list_series *s);

/* Write the index as DIR/index.html and each series' page as
 * DIR/series/SLUG.html (the directories made), each file atomically;
 * with dry_run nothing is written.  *pages_out: the files (or would be),
 * *bytes_out: their bytes.  QUILL_ERROR_OUTSIDE naming what failed. */
gboolean report_list_write(const struct report_list *l, const char *dir, gboolean dry_run,
			   guint *pages_out, guint64 *bytes_out, GError **error);

#endif
