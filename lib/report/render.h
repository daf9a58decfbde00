/* render.h - the report page: one HTML file from a report model (model.h),
 * with its CSS inline (light and dark through prefers-color-scheme, fluid
 * down to 360 px), its plots as inline SVG, no script, no image, no
 * external stylesheet or font: nothing is fetched when it is opened
 * (file:// included).  The only URLs in it are the <a href> links to the
 * mails (html_href_ok).
 *
 * Sections, in order: the series and its versions on a timeline; per
 * version its patches, the range-diff against the version before it
 * (folded per patch in <details>), the review items, the trailers carried
 * and not carried, and the benchmarks as strip plots (render-bench.c).
 */
#ifndef QUILL_REPORT_RENDER_H
#define QUILL_REPORT_RENDER_H

#include <glib.h>

#include "bench/bench.h"
#include "report/model.h"

/* The page (caller owns). */
char *report_render(const struct report_model *m);

/* Benchmark b as a <figure> with one inline SVG strip plot per metric
 * [0] of its roles: each sample a dot, the mean a bar, its 95% CI a line
 * (bench_summarize), appended to out. */
void report_render_bench(GString *out, const struct bench *b);

/* Render m and write it to DIR/NAME.html atomically (file_write_atomic);
 * with dry_run nothing is written.  *path_out (caller owns) and
 * *bytes_out say what was (or would be) written. */
gboolean report_write(const struct report_model *m, const char *dir, gboolean dry_run,
		      char **path_out, gsize *bytes_out, GError **error);

#endif
