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
 * Benchmarks and size diffs stay with the version they were attached to:
 * freezing a version does not carry them into the next one (a cover's
 * {{bench NAME}} and {{objsize NAME}} fall back to the latest earlier
 * version's, see cover.h).  bench_remove and bench_copy change what the
 * working version has; frozen versions are never changed.
 *
 * Ownership: arrays and benchmarks returned belong to the caller (the
 * arrays free their elements); the state is borrowed, except by
 * bench_remove and bench_copy, which edit and commit the series' state.
 */
#ifndef QUILL_SERIES_ATTACH_H
#define QUILL_SERIES_ATTACH_H

#include <glib.h>

#include "bench/bench.h"
#include "series/series.h"
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

/* The patch REV (bench run/add/size --patch) names among the working
 * version's patches of s: its commit, stable patch-id and subject (caller
 * owns; bench_patch_free).  QUILL_ERROR_USAGE when REV names no commit or
 * not one of those patches ("REV is not a patch of series S vN"). */
gboolean bench_find_patch(struct bench_patch **out, git_repository *repo, const struct series *s,
			  const char *rev, GError **error);

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

/* For bench show and the patch notes: every size diff attached to version
 * n, sorted by name, each as its stored JSON document (json_t*; the array
 * drops its references) with "name" set to the NAME of its path.  FALSE
 * with QUILL_ERROR_INPUT, naming the path, when one does not parse (its
 * "patch" too). */
gboolean objsize_load_version(GPtrArray **out, const struct state *st, int version,
			      GError **error);

/* The patch a size diff belongs to (bench size --attach --patch): its
 * "patch" {"commit", "patch_id", "subject"} as bench.h's struct
 * bench_patch, *out NULL when it has none (the series as a whole; caller
 * owns).  FALSE with QUILL_ERROR_INPUT when that member is malformed. */
gboolean objsize_patch(struct bench_patch **out, const json_t *doc, GError **error);

/* A size diff of objsize_load_version as bench show and a patch's notes
 * print it: its name, ' (for "SUBJECT")' when it belongs to a patch
 * (`subject`, else the document's), then the block {{objsize NAME}}
 * shows; markdown: the name in bold and the block fenced.  Ends with a
 * newline (caller owns); NULL with QUILL_ERROR_INPUT when it does not
 * parse. */
char *objsize_note(const json_t *doc, const char *subject, gboolean markdown, GError **error);

/* bench rm NAME: benchmark or size diff NAME (v<N>/bench/NAME.json)
 * taken out of the working version of s, in one state commit ("bench: rm
 * NAME"); s->state stands at that commit afterwards, and earlier versions
 * keep theirs.  A damaged file under that name may go too.  Nothing is
 * written on an error: QUILL_ERROR_USAGE when NAME cannot name a
 * benchmark, when the working version has none (the message lists what it
 * has, and which frozen versions have a NAME), or when the file there is
 * JSON of another tool; QUILL_ERROR_OUTSIDE from the state commit (another
 * quill changed the series meanwhile). */
gboolean bench_remove(struct series *s, git_repository *repo, const char *name, GError **error);

/* bench copy --from-version K [NAME]: benchmark or size diff NAME of the
 * frozen version K (every one of them when NAME is NULL; another tool's
 * files are passed over) copied byte for byte into the working version of
 * s, in one state commit ("bench: copy a, b from vK"); s->state stands at
 * it afterwards.  The copies are the working version's own from then on:
 * {{bench}}, the patch notes (a benchmark of a patch follows that patch,
 * see cover_patch_notes) and bench check take them, unmarked.  *copied
 * (may be NULL) gets the names copied, sorted (caller owns: the array
 * frees its strings).  Nothing is written on an error: QUILL_ERROR_USAGE
 * when K is not a frozen version, NAME cannot name a benchmark, vK has no
 * NAME (the message lists what it has) or holds another tool's file under
 * it, or the working version has a NAME already (bench rm it first);
 * QUILL_ERROR_NEGATIVE when vK has nothing to copy (NAME NULL);
 * QUILL_ERROR_INPUT, naming the path, when one to copy does not parse;
 * QUILL_ERROR_OUTSIDE from the state commit. */
gboolean bench_copy(GPtrArray **copied, struct series *s, git_repository *repo, int from,
		    const char *name, GError **error);

#endif
