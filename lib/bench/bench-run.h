/* bench-run.h - running a command to measure it: per run its wall time
 * (CLOCK_MONOTONIC around fork and wait), user and system time and peak
 * RSS (the rusage wait4() gives for the child), as a role of a benchmark.
 *
 * The command is executed directly (execvp, no shell) unless `shell` is
 * set; its standard input is /dev/null and its output goes to /dev/null
 * (or, with show_output, to our standard error, so standard output stays
 * free for JSON).  Warmup runs are run first and not recorded.  A run that
 * exits non-zero or is killed stops the measurement (QUILL_ERROR_NEGATIVE)
 * unless ignore_failure is set.  Nothing is printed: progress goes to the
 * callback.
 */
#ifndef QUILL_BENCH_RUN_H
#define QUILL_BENCH_RUN_H

#include <glib.h>

#include "bench/bench.h"
#include "core/warn.h"

struct bench_run_opts {
	char **argv;		/* the command and its arguments, NULL-terminated */
	gboolean shell;		/* run the words joined by spaces with /bin/sh -c */
	int runs;		/* recorded runs, at least 1 */
	int warmup;		/* runs before them, not recorded */
	gboolean ignore_failure;
	gboolean show_output;
	/* after each run: done of total (warmup runs counted apart), the run's
	 * wall time in seconds; may be NULL */
	void (*progress)(void *payload, int done, int total, gboolean warmup, double wall);
	void *payload;
	warn_fn warn;		/* the count of failed runs kept (ignore_failure), or NULL */
	void *warn_payload;
};

/* Run and measure.  Returns a role named "" (the caller names it) of
 * source "run" with metrics wall, user, sys (s) and maxrss (KiB), and its
 * command, host and warmup filled (caller owns: bench_role_free).
 * QUILL_ERROR_USAGE when the command cannot be started. */
struct bench_role *bench_run(const struct bench_run_opts *o, GError **error);

/* The command as one line: the words, each quoted for a shell when it
 * needs it (caller owns). */
char *bench_command_line(char **argv, gboolean shell);

/* "x86_64, Intel(R) Xeon(R) CPU @ 2.20GHz, 8 CPUs, Linux 6.1.0" (caller owns). */
char *bench_host_description(void);

#endif
