/* bench-table.h - benchmarks as tables (text for mail, markdown) and as
 * the JSON document of `quill bench show --json`.
 *
 * Text: per benchmark a header line (name, the patch it belongs to, the
 * command), then per metric a table of its roles (n, mean, stddev, median,
 * min, max) and, per role after the first, one line comparing it with the
 * first: the delta in percent, the 95% CI of the difference in percent of
 * the first role's mean, and Welch's p, or "within noise" when that CI
 * includes 0.  Lines fit `width` columns (72 for mail): columns are left
 * out (max and min, then median) when a table would not, and prose lines
 * wrap.  Times are shown in the unit that makes the smallest mean at
 * least 1 (s, ms, us, ns); values to the precision of the data as read,
 * at least two decimals (measured data: two).  No number is wider than
 * BENCH_TABLE_NUMBER_WIDTH: a larger one is in exponent form
 * ("1.2346e+21"); a percentage past a million percent is
 * "+1.23e+08%", one that is not finite "n/a".
 *
 * JSON (fixed in DESIGN.md): {"benchmarks":[{"name", "unit", "roles":[{"role",
 * "n", "mean", "median", "stddev", "min", "max", "ci95":[lo,hi]}],
 * "delta_pct", "p_value", "significant"}]}, one entry per metric: the
 * benchmark's primary metric under its name, the others as "NAME:METRIC";
 * values at full precision in the stored unit; null where unknown (a
 * single run has no stddev or CI; perf stat -r gives no median, min, max);
 * delta_pct, p_value and significant compare the last role with the first.
 *
 * Ownership: the returned text or JSON belongs to the caller; the
 * benchmarks are borrowed.
 */
#ifndef QUILL_BENCH_TABLE_H
#define QUILL_BENCH_TABLE_H

#include <glib.h>
#include <jansson.h>

#include "bench/bench.h"

enum bench_table_format {
	BENCH_TABLE_TEXT,
	BENCH_TABLE_MARKDOWN,
};

#define BENCH_TABLE_WIDTH 72

/* The widest a number in a table is, in characters. */
#define BENCH_TABLE_NUMBER_WIDTH 20

/* The tables of `benches` (struct bench*), one blank line between
 * benchmarks, ending in a newline ("" for none). */
char *bench_tables(GPtrArray *benches, enum bench_table_format f, int width);

/* One benchmark's tables. */
char *bench_table(const struct bench *b, enum bench_table_format f, int width);

/* The unit values of a metric in `unit` are shown in: for a time, the
 * largest of s, ms, us, ns in which `smallest` (a magnitude in `unit`;
 * INFINITY for none) is at least 1; any other unit as it is.  *factor
 * turns values in `unit` into values in the unit returned (a static
 * string, or `unit` itself: borrowed). */
const char *bench_display_unit(const char *unit, double smallest, double *factor);

/* The bench show JSON document of `benches`. */
json_t *bench_show_json(GPtrArray *benches);

#endif
