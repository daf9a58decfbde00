/* lint-run.h - the runs of quill trailer lint and bench check: the
 * commits of a rev walk, the cover and patches of a series' version, the
 * patch mails of mailboxes, each checked with a struct lint (lint.h); and
 * the benchmark provider the claim rules need (the benchmarks attached to
 * a version, lib/series/attach.h).
 *
 * A run prints nothing: the findings of each message are handed to the
 * caller's sink as they come (so a run over 50,000 commits keeps no list of
 * them), warnings go to the sink's warn_fn, and what was checked is
 * counted in a struct lint_run_counts.  A run that fails part way has
 * reported the findings of the messages before.
 *
 * Ownership: runs borrow everything they are given; what a sink is handed
 * is borrowed for the call.
 */
#ifndef QUILL_LINT_RUN_H
#define QUILL_LINT_RUN_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "lint/lint.h"

struct series;

/* Where a run's findings go. */
struct lint_sink {
	/* The findings (struct lint_finding) of one message, or of the rules
	 * over a set of mails, in order (not called when there are none).
	 * The run empties the array after the call; the findings' inputs are
	 * valid during it. */
	void (*findings)(void *payload, GArray *findings);
	/* lint_run_claims: the claims of one message and their verdicts
	 * (struct claim_result, lib/bench/claim.h), after its findings; not
	 * called for a message the benchmarks cannot check.  May be NULL. */
	void (*claims)(void *payload, const struct lint_input *in, GArray *results);
	void *payload;
	warn_fn warn;		/* NULL: say nothing */
	void *warn_payload;
};

/* What a run went through (zeroed by it first). */
struct lint_run_counts {
	guint checked;		/* messages checked (lint_run_claims: the cover too) */
	guint covers;		/* lint_run_series: the cover checked (1), or none (0) */
	guint skipped;		/* merges; covers, replies and mails that are no patch */
	guint messages;		/* lint_run_mails: the messages read */
	guint not_mail;		/* of those, the ones that are no mail (a warning each) */
};

/* Who sends the patches: the last Signed-off-by should be theirs.  NULL
 * email: the run's own choice (each commit's committer, the sender of a
 * series, the From: header of a mail). */
struct lint_submitter {
	const char *name, *email;
};

/* The runs, and what each gives the rules beyond what the linter has
 * (for lint_rule_lacks, lint.h): a series' version its benchmarks
 * (LINT_NEEDS_BENCH), mails the rules over the set (LINT_SET), a rev walk
 * nothing more. */
enum lint_run_kind {
	LINT_RUN_REVS,		/* lint_run_revs */
	LINT_RUN_SERIES,	/* lint_run_series */
	LINT_RUN_MAILS,		/* lint_run_mails */
};

unsigned lint_run_gives(enum lint_run_kind kind);

/* The commits of REVS (rev-list's syntax, lib/git/revs.h; n of them), or,
 * when `range` is given, the commits of range as logwalk_new takes it (a
 * REV: its whole history).  Merges are skipped, as checkpatch -g skips
 * them. */
gboolean lint_run_revs(struct lint *l, git_repository *repo, char **revs, int n, const char *range,
		       const struct lint_submitter *sub, const struct lint_sink *sink,
		       struct lint_run_counts *counts, GError **error);

/* The cover (when there is one; only the rules over prose) and the patches
 * of version `version` of s (0 or s->version: the working one).  The
 * claims are checked against the version's benchmarks; when those do not
 * read, a warning says so and they are not checked.  The default
 * submitter is the sender (ident_sender). */
gboolean lint_run_series(struct lint *l, git_repository *repo, const struct series *s,
			 int version, const struct lint_submitter *sub,
			 const struct lint_sink *sink, struct lint_run_counts *counts,
			 GError **error);

/* The messages of the mail sources paths[0..n) (mbox, Maildir, one
 * message, "-": standard input; lib/mail/mbox.h), read as git am reads
 * them: each patch mail checked, covers and replies only counted for the
 * rules over the set, which run last.  A message that is no mail is
 * skipped with a warning; a source that cannot be opened is an error. */
gboolean lint_run_mails(struct lint *l, char **paths, int n, const struct lint_submitter *sub,
			const struct lint_sink *sink, struct lint_run_counts *counts,
			GError **error);

/* The same over one mbox held in memory (a thread an archive answered,
 * lib/net/archive.h), which findings call `name`.  Never fails. */
gboolean lint_run_mbox_bytes(struct lint *l, const char *name, GBytes *mbox,
			     const struct lint_submitter *sub, const struct lint_sink *sink,
			     struct lint_run_counts *counts);

/* quill bench check: the cover (as "" when there is none) and the patches
 * of version `version` (1 to s->version) checked by the claim rules only,
 * against the version's benchmarks, whose names (sorted) are set in
 * *bench_names (NULL-terminated, caller owns; g_strfreev) on success.
 * Benchmarks that do not read are an error. */
gboolean lint_run_claims(struct lint *l, git_repository *repo, const struct series *s,
			 int version, char ***bench_names, const struct lint_sink *sink,
			 struct lint_run_counts *counts, GError **error);

/* ---- the benchmarks the claim rules check against (lint-bench.c) ---- */

struct lint_benches {
	struct lint_bench lb;	/* for lint_set_benchmarks */
	GPtrArray *all;		/* the version's benchmarks and size diffs (struct bench*) */
	GPtrArray *last;	/* the last answer for a commit: its own and the series' */
};

/* The benchmarks of version n of s (bench run/add, and the size diffs of
 * bench size --attach); the cover's claims are checked against all of
 * them, a commit's against its own and the series' (claim.h).  Close it
 * either way. */
gboolean lint_benches_open(struct lint_benches *b, const struct series *s, int version,
			   GError **error);
void lint_benches_close(struct lint_benches *b);

#endif
