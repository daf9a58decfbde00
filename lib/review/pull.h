/* pull.h - review pull: the replies to a series' posted versions, fetched
 * from an archive and kept in the series.
 *
 * For each version pulled, the thread to fetch is found from the
 * Message-IDs recorded when it was sent (the cover's, else the first
 * patch's); when none are recorded, by a search of the archive: the
 * series' change-id, else the subject of the version's first patch (or
 * its cover) and the author's address, taking the message of that version
 * (its subject's vN), the cover first.  Every thread is then asked in one
 * archive_threads call.  Each thread that arrived is read by review_scan;
 * its replies and items go to the version scan says they answer (a
 * partial reroll sent in reply to an older version takes its replies to
 * its own version), else to the version whose thread it is.  What is new
 * is merged into vN/review.json (review_merge: statuses kept, nothing
 * twice), all versions in ONE state commit (series_save: compare-and-swap,
 * so a crash leaves the old state or the new one), then the notes on
 * refs/notes/quill are rewritten (review_notes_write; a failure there is a
 * warning, repaired by the next pull).  When nothing is new no commit is
 * written; the notes are written then only if a version with items has no
 * section on its tip (a pull killed between the commit and the notes).
 *
 * A version whose thread did not arrive (the archive's error, "no such
 * thread", or no thread found, unless a thread that arrived holds a
 * message posted for it) is warned about as "vN: <why>" and left as it
 * was; the others are stored.
 *
 * With opts->retry_file, the versions whose fetch failed (the archive's
 * error, class QUILL_ERROR_OUTSIDE: not "no such thread") are remembered
 * there, one number a line, written whole; the file is removed when none
 * failed.  A pull asking the default set (no version, not all) then asks
 * only the remembered versions that are still in that set, so a rerun
 * fetches only what failed (result->retried); the pull after a rerun that
 * worked asks every one again.  A pull that could not be done (FALSE)
 * leaves the file as it was.
 */
#ifndef QUILL_REVIEW_PULL_H
#define QUILL_REVIEW_PULL_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "net/archive.h"
#include "series/series.h"

struct review_pull_opts {
	int version;		/* pull this frozen version alone; 0: see `all` */
	gboolean all;		/* every frozen version; else (and version 0) every sent one */
	const char *author_email;	/* the series author; NULL: the first patch's author,
					 * else the committer identity */
	const char *link_base;	/* links to replies; NULL: archive_lore_base(repo) */
	const char *retry_file;	/* where failed versions are remembered (see above);
				 * NULL: not remembered */
	warn_fn warn;		/* "vN: ..." for a version that failed; NULL: dropped */
	void *payload;
};

/* What the pull did for one version. */
struct review_pull_version {
	int version;
	char *msgid;		/* the thread asked for, or NULL when none was found (owned) */
	gboolean searched;	/* msgid came from a search, not from what was recorded */
	guint messages;		/* mail read from its thread */
	guint replies;		/* replies of this pull threaded onto this version */
	guint new_replies;	/* of them, not kept before */
	guint new_items;	/* review items not kept before */
	guint items;		/* review items kept for the version after the pull */
	char *failed;		/* why its thread did not arrive, or NULL (owned) */
	int failed_class;	/* the error class of failed (QUILL_ERROR_*), 0 when none */
};

struct review_pull_result {
	GPtrArray *versions;	/* struct review_pull_version*, ascending (owned) */
	gboolean committed;	/* a state commit was written */
	gboolean notes_written;	/* the notes were rewritten (and that worked) */
	guint failed;		/* versions whose thread did not arrive */
	int worst;		/* the highest error class among them, 0 when none */
	gboolean retried;	/* only the versions retry_file remembered were asked */
};

/* Pull the review of series s (loaded from repo; its state is updated in
 * memory and committed) from archive a.  FALSE with *error only when
 * nothing could be done: no version to pull (QUILL_ERROR_NEGATIVE, naming
 * the series), a version that is not frozen (QUILL_ERROR_USAGE), a
 * vN/review.json that does not parse (QUILL_ERROR_INPUT), the state commit
 * failing (QUILL_ERROR_OUTSIDE, e.g. a concurrent update: nothing
 * written).  Failed versions alone are not an error: see the result.
 * *out: caller owns (review_pull_result_free). */
gboolean review_pull(struct series *s, git_repository *repo, struct archive *a,
		     const struct review_pull_opts *o, struct review_pull_result **out,
		     GError **error);
void review_pull_result_free(struct review_pull_result *r);

/* One series of review_pull_many: s and o in (s borrowed, loaded from the
 * repository and updated as review_pull updates it; o's strings borrowed),
 * result or error out (each owned by the caller; exactly one is set). */
struct review_pull_job {
	struct series *s;
	struct review_pull_opts o;
	struct review_pull_result *result;	/* as review_pull's *out */
	GError *error;				/* as review_pull's *error */
};

/* review_pull of each of jobs[0..n), with the threads of every series asked
 * in ONE archive_threads call (lore: one curl multi handle, at most
 * max_inflight transfers at once, one progress count over all of them; a
 * search for a version with no recorded Message-ID is asked before, one at
 * a time).  Each series is then stored on its own, as review_pull stores
 * it (its own state commit, notes and retry file): a thread that failed
 * leaves its version as it was, and one series that could not be pulled or
 * stored leaves the others' pulls standing. */
void review_pull_many(git_repository *repo, struct archive *a, struct review_pull_job *jobs,
		      guint n);

#endif
