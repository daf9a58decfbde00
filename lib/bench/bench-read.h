/* bench-read.h - results made elsewhere, read into roles of a benchmark.
 *
 * Formats (the names `quill bench add --format` takes):
 *   hyperfine  hyperfine --export-json: one role per entry of "results"
 *              (its "command" in the role's command); metrics wall (the
 *              "times", s), user and sys (hyperfine gives their means only),
 *              maxrss ("memory_usage_byte", newer hyperfine)
 *   perf-stat  perf stat -x, (CSV: value,unit,event[,variance],runtime,...)
 *              and perf stat's default text, with or without -r: one metric
 *              per event, and wall/user/sys from "seconds time elapsed",
 *              "seconds user", "seconds sys".  With -r perf prints the mean
 *              and the standard error of the mean ("+- x%" is 100 s/sqrt(n)/
 *              mean, see perf's stddev_stats()), which become a summary with
 *              stddev = sem * sqrt(n); repeated blocks or lines of one event
 *              (perf stat --append, a loop) are one sample each
 *   csv        label,value[,unit] rows (an optional header row; "quoted"
 *              fields): one metric per label, one sample per row
 *   samples    one number per line, optionally followed by its unit
 *   kv         "key: value [unit]" lines ("Total time: 15.989429 seconds",
 *              "Total time: 0.104 [sec]"): one metric per key; a line
 *              without ':' is text, skipped
 * Blank lines and lines that start with '#' are skipped in the line formats.
 * samples and kv may come in labelled blocks, as a reply to a patch has
 * them: a heading (a line ending in ':' with nothing after it, "Without
 * the patch:") starts a block, and each block that holds values is one
 * role, in order, the heading its command (values before the first heading
 * are a role without one).  In a file with headings the other lines are
 * text and skipped (a quoted '>' line, prose, "Tested-by: ..."), except a
 * line meant as a value (a number first, or after the ':' in kv), which is
 * read as one or is an error.  Text skipped is counted in one warning
 * through o->warn.
 * A file that does not parse is an error that names the file and line
 * (QUILL_ERROR_INPUT); nothing partial is returned.  So is a value (or a
 * spread perf gives) that is not finite or whose magnitude is over
 * BENCH_VALUE_MAX in the file's unit: no time, size or count a benchmark
 * measures comes near it (a 64-bit counter holds 1.8e19; 1e18 ns are 31
 * years), and sums and squares of such values stay finite.
 *
 * Ownership: bench_read returns an array the caller owns (it frees its
 * roles); the input is borrowed.
 */
#ifndef QUILL_BENCH_READ_H
#define QUILL_BENCH_READ_H

#include <glib.h>

#include "bench/bench.h"
#include "core/warn.h"

#define BENCH_VALUE_MAX 1e18
#define BENCH_VALUE_MAX_TEXT "1e18"

enum bench_format {
	BENCH_FORMAT_AUTO,
	BENCH_FORMAT_HYPERFINE,
	BENCH_FORMAT_PERF_STAT,
	BENCH_FORMAT_CSV,
	BENCH_FORMAT_SAMPLES,
	BENCH_FORMAT_KV,
};

struct bench_read_opts {
	enum bench_format format;	/* AUTO: bench_detect_format */
	const char *source;		/* the file's name, for errors and the role's `file` */
	const char *unit;		/* the unit of values that carry none, or NULL */
	int runs;			/* perf stat -x output of -r N runs: N (CSV does not
					 * say it); 0 when not given */
	warn_fn warn;			/* problems that do not stop the read, or NULL */
	void *warn_payload;
};

/* A format by its name ("hyperfine", "perf-stat", "csv", "samples", "kv");
 * FALSE for another. */
gboolean bench_format_parse(const char *name, enum bench_format *out);

/* Guess the format of data: JSON is hyperfine's, "Performance counter stats"
 * or perf's CSV rows are perf stat's; labelled blocks are samples or kv by
 * the first value under a heading; then csv, samples, kv by the first line
 * that holds data.  BENCH_FORMAT_AUTO when nothing fits. */
enum bench_format bench_detect_format(const char *data, gsize len);

/* Read data as o->format.  Returns the roles (role name "" for the caller
 * to set; a hyperfine file or labelled blocks may give several), each with
 * its source, file and command filled, or NULL with an error.  BENCH_FORMAT_AUTO detects;
 * undetectable data is QUILL_ERROR_INPUT; perf stat -x output of -r runs
 * without o->runs is QUILL_ERROR_USAGE. */
GPtrArray *bench_read(const char *data, gsize len, const struct bench_read_opts *o,
		      GError **error);

#endif
