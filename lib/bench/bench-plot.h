/* bench-plot.h - a benchmark's samples as a text plot for mail: per role
 * a box plot and a histogram row on one shared axis, so a reviewer sees
 * the spread of each role and how much they overlap.
 *
 * Every line is exactly BENCH_PLOT_WIDTH (72) characters, plain ASCII but
 * for the names and the unit (UTF-8, counted in characters), and none ends
 * in a space:
 *
 *   rebind: wall -----------------------------------------------------------
 *   base      |                       |-[|=]| *                          o |
 *     runs    |                       : # : :                            : |
 *   patched   | |-[*|-|                                                    |
 *     runs    | : : # :                                                    |
 *             +-^---------------------------^----------------------------^-+
 *   [ms]      | 9.00                      10.42                      11.90 |
 *             [=] quartiles  | median  * mean  + both  -| 1.5 IQR  o outlier
 *
 * The title is the benchmark's name and the metric plotted (its primary
 * one: the first metric of the first role), then dashes.  A role row is
 * the role's name (cut to 9 characters, the last one "~" when cut), then
 * between the frame's "|" the plot area: the box from the first to the
 * third quartile ("[", "=", "]"; quartiles by linear interpolation, R's
 * type 7), the median "|", the mean "*" ("+" where they share a column),
 * whiskers "-" to the last sample within 1.5 interquartile ranges of the
 * box, ended by "|", and "o" for each sample beyond them.  Below it the
 * histogram row: the samples per column, ".", ":", "=", "#" from fewest to
 * most (relative to the fullest column of any role).  A role that holds
 * only a summary (perf stat -r) shows its mean "*" and says so; a role
 * without the metric says "no samples".  The axis spans the smallest to
 * the largest value of every role; its ticks "^" at both ends and the
 * middle are labelled below, the unit (a time in the unit the tables
 * use) in front, cut to 7 characters.  When every value is equal, all
 * marks are in the middle column and that one value is its only label.
 *
 * Ownership: the returned text belongs to the caller (g_free); the
 * benchmarks are borrowed.  No I/O.
 */
#ifndef QUILL_BENCH_PLOT_H
#define QUILL_BENCH_PLOT_H

#include <glib.h>

#include "bench/bench.h"

#define BENCH_PLOT_WIDTH 72

/* The plot of benchmark b's primary metric, ending in a newline (a
 * benchmark without roles: its title, "no samples" and the key).  NULL
 * with QUILL_ERROR_INPUT when a value (a sample, a summary's mean) is NaN
 * or infinite. */
char *bench_plot(const struct bench *b, GError **error);

/* The plots of `benches` (struct bench*), one blank line between them
 * ("" for none); NULL with bench_plot's error. */
char *bench_plots(GPtrArray *benches, GError **error);

#endif
