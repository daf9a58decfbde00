/* bench.h - benchmark results: what one benchmark holds (roles, metrics,
 * samples), its JSON form (the file v<N>/bench/<name>.json of a series'
 * state), and units.
 *
 * A benchmark has a name and one or more roles ("base", "patched", or any
 * label); "base" is always first, the others keep the order they were
 * added in.  A role holds metrics ("wall", "user", "task-clock", "text"),
 * each with a unit and either its samples (one number per run) or, when
 * the source gave only a summary (perf stat -r prints a mean and the
 * standard error of the mean), n, mean and stddev.  The first metric of
 * a role is its primary one.
 *
 * Ownership: every struct owns its strings and arrays; free a benchmark
 * with bench_free, a role with bench_role_free, a metric with
 * bench_metric_free.  Functions that return a new string or struct say so.
 * No I/O here: a version's benchmarks are read and written by
 * lib/series/attach.h.
 */
#ifndef QUILL_BENCH_H
#define QUILL_BENCH_H

#include <glib.h>
#include <jansson.h>

/* decimals of a metric whose data was measured (not read from text) */
#define BENCH_DECIMALS_MEASURED (-1)
/* the most decimals kept (a double has no more than 17 significant digits) */
#define BENCH_DECIMALS_MAX 30

struct bench_metric {
	char *name;		/* "wall", "task-clock", "Total time" */
	char *unit;		/* canonical (bench_unit_canonical): "s", "ms", "bytes", "" */
	int decimals;		/* the most digits after the point in the data as read,
				 * or BENCH_DECIMALS_MEASURED */
	GArray *samples;	/* double, one per run; NULL for a summary */
	/* a summary (samples == NULL): */
	int n;
	double mean;
	double stddev;		/* sample stddev (n-1); NAN when the source gave none */
};

struct bench_role {
	char *role;		/* "base", "patched", a label */
	char *source;		/* "run", "hyperfine", "perf-stat", "csv", "samples", "kv" */
	char *command;		/* what was measured, or NULL */
	char *file;		/* the file it was read from (base name), or NULL */
	char *date;		/* ISO 8601 UTC, when it was attached, or NULL */
	char *head;		/* HEAD's commit when it was measured (bench run), or NULL */
	char *host;		/* "x86_64, 8 CPUs, Linux 6.1.0", or NULL */
	char *link;		/* the mail it was taken from (bench add --from-mail), or NULL;
				 * in the JSON only when set */
	int warmup;		/* warmup runs (not recorded) */
	GPtrArray *metrics;	/* struct bench_metric*, owned; [0] is the primary one */
};

/* The patch a benchmark belongs to (its table goes below that patch's
 * "---"); found again by commit, else patch-id, else subject. */
struct bench_patch {
	char *commit;		/* hex */
	char *patch_id;		/* stable patch-id, hex, or NULL */
	char *subject;
};

struct bench {
	char *name;
	struct bench_patch *patch;	/* or NULL: the series as a whole */
	GPtrArray *roles;	/* struct bench_role*, owned; "base" first */
};

struct bench_metric *bench_metric_new(const char *name, const char *unit);
void bench_metric_free(struct bench_metric *m);
/* Append a sample (the metric must hold samples, not a summary). */
void bench_metric_add(struct bench_metric *m, double v);
/* The number of values: samples, or the summary's n. */
int bench_metric_n(const struct bench_metric *m);

struct bench_role *bench_role_new(const char *role, const char *source);
void bench_role_free(struct bench_role *r);
/* The metric named NAME, or NULL (borrowed). */
struct bench_metric *bench_role_metric(const struct bench_role *r, const char *name);

/* Free a patch reference (NULL allowed). */
void bench_patch_free(struct bench_patch *p);

struct bench *bench_new(const char *name);
void bench_free(struct bench *b);
/* The role named ROLE, or NULL (borrowed). */
struct bench_role *bench_get_role(const struct bench *b, const char *role);

/* Put role r into b (b takes it), replacing a role of the same name; a
 * metric r shares with the roles already there must have a unit that
 * converts to theirs (its values are converted).  *replaced (may be NULL)
 * tells whether a role was replaced.  FALSE with QUILL_ERROR_INPUT when
 * the units do not convert; then b is unchanged and r is freed. */
gboolean bench_put_role(struct bench *b, struct bench_role *r, gboolean *replaced,
			GError **error);

/* The names of every metric of b, primary ones first, each once (caller
 * owns the array; the strings are borrowed from b). */
GPtrArray *bench_metric_names(const struct bench *b);

/* A benchmark as its JSON file / read back.  bench_from_json fails with
 * QUILL_ERROR_INPUT (naming `source`) when the document is not a quill
 * benchmark; *foreign (may be NULL) is then set when it is JSON of some
 * other kind (no "roles"), which callers listing a version skip. */
json_t *bench_to_json(const struct bench *b);
struct bench *bench_from_json(const json_t *doc, const char *source, gboolean *foreign,
			      GError **error);

/* TRUE when NAME can name a benchmark or a role: 1 to 64 of [A-Za-z0-9._+-],
 * not starting with '.' or '-'. */
gboolean bench_name_valid(const char *name);

/* TRUE when NAME can name a metric: 1 to 128 bytes of UTF-8 without
 * control characters ("Total time", "cpu_core/cycles/"). */
gboolean bench_metric_name_valid(const char *name);

/* ---- units ---- */

/* The canonical spelling of a unit: "msec" -> "ms", "seconds" -> "s",
 * "usec"/"µs" -> "us", "byte"/"B" -> "bytes", "[sec]" -> "s"; anything
 * else as given, trimmed (caller owns). */
char *bench_unit_canonical(const char *unit);

/* The dimension of a canonical unit ("time", "size") and its factor to
 * the base unit (s, bytes); NULL and 0 for a unit without one. */
const char *bench_unit_dimension(const char *unit, double *factor);

/* The factor that turns values in `from` into values in `to`: 1 for equal
 * units, 0 when they do not convert. */
double bench_unit_convert(const char *from, const char *to);

/* Digits after the decimal point in a number as written ("244.28" -> 2,
 * "70190" -> 0, "1.5e-3" -> 4), at most BENCH_DECIMALS_MAX. */
int bench_decimals_of(const char *number);

#endif
