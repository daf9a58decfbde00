/* bench-store.h - a version's benchmarks in its series' state tree, one
 * file per benchmark: v<N>/bench/<name>.json (the JSON of bench.h).
 *
 * Files there that are JSON of another kind (no "roles": what another
 * tool attaches beside) are skipped when a version is listed; a quill
 * benchmark that does not parse is an error naming its path.
 *
 * Ownership: arrays and benchmarks returned belong to the caller (the
 * arrays free their elements); the state is borrowed.
 */
#ifndef QUILL_BENCH_STORE_H
#define QUILL_BENCH_STORE_H

#include <glib.h>

#include "bench.h"
#include "store.h"

/* "v<N>/bench/<name>.json" (caller owns). */
char *bench_state_path(int version, const char *name);

/* Every benchmark of version n, sorted by name (struct bench*). */
gboolean bench_load_version(GPtrArray **out, const struct state *st, int version,
			    GError **error);

/* Benchmark NAME of version n; *out is NULL (and TRUE returned) when there
 * is none. */
gboolean bench_load(struct bench **out, const struct state *st, int version, const char *name,
		    GError **error);

/* Write b into the state as v<N>/bench/<name>.json (not committed). */
void bench_store(struct state *st, int version, const struct bench *b);

/* The names of version n's benchmarks, for messages: "a, b" or "none"
 * (caller owns). */
char *bench_names_list(GPtrArray *benches);

#endif
