/* attach.h - results attached to a version of a series: its benchmarks
 * (bench run/add) and its size diffs (bench size --attach), one file per
 * name in the state tree: v<N>/bench/<name>.json (the JSON of bench.h, or
 * of objsize.h).  Attaching belongs to the series, not to lib/bench, which
 * knows no git and no series.
 *
 * Files there that are JSON of another kind (no "roles": what another
 * tool attaches beside) are skipped when a version is listed; a quill
 * benchmark that does not parse is an error naming its path.
 *
 * Ownership: arrays and benchmarks returned belong to the caller (the
 * arrays free their elements); the state is borrowed.
 */
#ifndef QUILL_SERIES_ATTACH_H
#define QUILL_SERIES_ATTACH_H

#include <glib.h>

#include "bench/bench.h"
#include "series/store.h"

/* "v<N>/bench/<name>.json" (caller owns). */
char *bench_state_path(int version, const char *name);

/* Every benchmark of version n, sorted by name (struct bench*). */
gboolean bench_load_version(GPtrArray **out, const struct state *st, int version,
			    GError **error);

/* Benchmark NAME of version n; *out is NULL (and TRUE returned) when there
 * is none. */
gboolean bench_load(struct bench **out, const struct state *st, int version, const char *name,
		    GError **error);

/* Benchmark NAME of the latest version before `before` that has one (as
 * bench_load_version sees it: another tool's JSON under that name is
 * passed over), for a cover that names it in a later version: *out gets
 * it and *version_out that version; *out NULL and *version_out 0 (TRUE
 * returned) when no earlier version has one.  FALSE, naming the path,
 * when that benchmark does not parse. */
gboolean bench_load_earlier(struct bench **out, int *version_out, const struct state *st,
			    int before, const char *name, GError **error);

/* Write b into the state as v<N>/bench/<name>.json (not committed). */
void bench_store(struct state *st, int version, const struct bench *b);

/* The names of version n's benchmarks, for messages: "a, b" or "none"
 * (caller owns). */
char *bench_names_list(GPtrArray *benches);

/* For a cover letter's {{objsize NAME}}: the size diff attached to version
 * `version` of a series as NAME (v<version>/bench/NAME.json in its state,
 * borrowed), as objsize_format_mail prints it.  NULL with
 * QUILL_ERROR_INPUT when nothing is attached under that name (the message
 * lists what is), when the file is another kind of benchmark (quill bench
 * run/add), or when it does not parse (caller owns). */
char *objsize_render(const struct state *st, int version, const char *name, GError **error);

/* The latest version before `before` with a size diff attached as NAME
 * (a v<K>/bench/NAME.json of kind quill-objsize), or 0 when none has one. */
int objsize_earlier(const struct state *st, int before, const char *name);

/* For the claim check (lib/claim): each size diff attached to version
 * `version` (a v<N>/bench/NAME.json of kind quill-objsize) as a benchmark
 * NAME with the roles "base" (the old file) and "patched" (the new), one
 * value each, in bytes, for the metrics total (bloat-o-meter's Total over
 * its tables), text, data, bss and dec (size's columns).  Appended to
 * `into` (struct bench*, freeing its elements with bench_free); other
 * files are passed over.  FALSE with QUILL_ERROR_INPUT, naming the path,
 * when a size diff does not parse. */
gboolean objsize_benches(GPtrArray *into, const struct state *st, int version, GError **error);

#endif
