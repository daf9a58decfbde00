/* bench-read-private.h - what the readers (bench-read.c, bench-perf.c)
 * share; not for use outside them. */
#ifndef QUILL_BENCH_READ_PRIVATE_H
#define QUILL_BENCH_READ_PRIVATE_H

#include "bench/bench-read.h"

/* One line of the input: [p, p+len) without its newline (and '\r'). */
struct rd_line {
	const char *p;
	gsize len;
	int number;		/* 1-based */
};

/* Iterate lines: *pos starts at 0; FALSE at the end. */
gboolean rd_next_line(const char *data, gsize len, gsize *pos, struct rd_line *l);

/* Parse a whole token as a decimal number (sign, digits, point, exponent;
 * with `grouping`, "1,234,567" too).  *decimals (may be NULL) gets the
 * digits after the point.  FALSE when it is not one, or not finite. */
gboolean rd_number(const char *s, gsize len, gboolean grouping, double *out, int *decimals);

/* A metric being read: values in groups (a sample is a group of n = 1;
 * a source's summary a group of n > 1). */
struct rd_metric {
	char *name, *unit;
	int decimals;
	GArray *groups;		/* struct rd_group */
};

struct rd_group {
	int n;
	double mean, stddev;
};

/* The metric NAME of `ms` (an array of struct rd_metric*), made when absent
 * with `unit`; NULL (and *error, naming source:line) when it exists with
 * another unit. */
struct rd_metric *rd_metric_get(GPtrArray *ms, const char *name, const char *unit,
				const char *source, int line, GError **error);
/* Add a group to m: FALSE (and *error, naming source:line) when the mean,
 * or the stddev when it is not NAN, is not finite or past
 * BENCH_VALUE_MAX. */
gboolean rd_metric_add(struct rd_metric *m, int n, double mean, double stddev, int decimals,
		       const char *source, int line, GError **error);

/* FALSE (and *error, "SOURCE:LINE: V is out of range ...") when v is not
 * finite or its magnitude is past BENCH_VALUE_MAX. */
gboolean rd_value_ok(double v, const char *source, int line, GError **error);
GPtrArray *rd_metrics_new(void);
void rd_metrics_free(GPtrArray *ms);

/* The role the metrics make (all groups of n = 1: samples; else one
 * merged summary), metrics in order with `primary` (may be NULL) first.
 * Takes nothing: the caller frees ms. */
struct bench_role *rd_role(GPtrArray *ms, const char *source_kind, const char *file,
			   const char *primary);

/* TRUE for a line the line formats skip: blank, or starting with '#'. */
gboolean rd_skip_line(const struct rd_line *l);

/* [*p, *p + *len) without its leading and trailing blanks. */
void rd_trim(const char **p, gsize *len);

/* Split "12.5 ms" into the number's length and the rest (trimmed). */
void rd_split_value(const char *p, gsize len, gsize *num_len, const char **rest, gsize *rest_len);

/* The readers of samples and of "key: value" lines, labelled blocks and
 * all (bench-lines.c). */
GPtrArray *rd_samples(const char *data, gsize len, const struct bench_read_opts *o,
		      GError **error);
GPtrArray *rd_kv(const char *data, gsize len, const struct bench_read_opts *o, GError **error);

/* SAMPLES or KV when data holds labelled blocks, by the first value under
 * a heading; AUTO otherwise (bench-lines.c). */
enum bench_format rd_detect_blocks(const char *data, gsize len);

/* The reader of perf stat's output (bench-perf.c). */
GPtrArray *rd_perf_stat(const char *data, gsize len, const struct bench_read_opts *o,
			GError **error);

/* TRUE when the line looks like a row of perf stat -x, output. */
gboolean rd_perf_csv_line(const char *p, gsize len);

/* Split a CSV line at `sep` (fields trimmed; "quoted" fields unquoted when
 * `quotes`); caller owns (g_strfreev). */
char **rd_split_csv(const char *p, gsize len, char sep, gboolean quotes);

#endif
