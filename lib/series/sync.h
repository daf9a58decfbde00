/* sync.h - series between repositories: push and fetch of the state refs
 * (refs/quill/series/NAME), their tags (refs/tags/quill/NAME/vN) and the
 * review notes (refs/notes/quill), over libgit2's remote API with explicit
 * refspecs; git's default refspecs carry none of them.
 *
 * The remote is a configured remote's name, or a path or URL.  Fetched refs
 * land under refs/quill-remote/R/ (R: the remote's name; for a path or URL
 * a ref-safe form of it, see sync_tracking_name):
 *   refs/quill-remote/R/series/NAME   their state of series NAME
 *   refs/quill-remote/R/tags/NAME/vN  their tag quill/NAME/vN
 *   refs/quill-remote/R/notes/quill   their notes
 * and are pruned when the remote no longer has them.  Then each series is
 * adopted when absent here, fast-forwarded when ours is an ancestor
 * (compare-and-swap), left when ours is ahead, and reported when both
 * changed: a diverged series is never overwritten.  Tags are only created
 * where missing; one that differs is reported and left.  Notes follow the
 * rule of the series.  A series' patch branch is not fetched; when it is
 * missing here but the remote-tracking branch REMOTE/BRANCH exists (a
 * plain git fetch made it), the branch is created from that, as
 * git checkout BRANCH would.
 *
 * Push is never forced: a series whose remote state is not an ancestor of
 * ours is rejected ("fetch first") and the others still go; its tags stay
 * too.  A tag the remote holds with another value is reported and left.
 *
 * lib/ does not print: the outcome comes back as a sync_report.
 */
#ifndef QUILL_SYNC_H
#define QUILL_SYNC_H

#include <git2.h>
#include <glib.h>

#define SYNC_TRACK_PREFIX "refs/quill-remote/"

enum sync_state {
	SYNC_UP_TO_DATE,	/* both sides hold the same */
	SYNC_NEW,		/* push: created on the remote; fetch: adopted here */
	SYNC_FAST_FORWARD,	/* moved forward: the remote's (push), ours (fetch) */
	SYNC_AHEAD,		/* fetch: ours has changes theirs lacks; nothing to do */
	SYNC_REJECTED,		/* push: the remote has changes we lack, or refused it */
	SYNC_DIVERGED,		/* fetch: both sides changed; nothing was overwritten */
	SYNC_CONFLICT,		/* a tag that differs between the sides; left alone */
	SYNC_FAILED,		/* fetch: a local update lost a race; nothing written */
};

/* One ref's fate: a series (state ref and its tags), a tag, or the notes. */
struct sync_item {
	char *name;		/* series name; tag "quill/NAME/vN"; "quill" for the notes */
	enum sync_state state;
	char *local, *remote;	/* hex oids before the operation; NULL when absent */
	guint tags;		/* series: tags pushed (push) or created (fetch) with it */
	char *note;		/* why it was rejected / diverged / failed, or a hint; or NULL */
	char *branch;		/* fetch, series: its patch branch when it was missing
				 * here, else NULL */
	char *branch_from;	/* ... and the remote-tracking branch it was created
				 * from ("origin/BRANCH"), or NULL: still missing */
};

struct sync_report {
	char *remote;		/* the remote as named, or the path/URL */
	char *url;		/* where it points */
	char *track;		/* "refs/quill-remote/R/" */
	gboolean push, dry_run;
	GPtrArray *series;	/* struct sync_item*, sorted by name */
	GPtrArray *tags;	/* struct sync_item*: tags created/pushed or in conflict */
	struct sync_item *notes; /* refs/notes/quill, or NULL when neither side has it */
};

struct sync_opts {
	const char *remote;		/* name, path or URL; NULL: quill.remote, else origin */
	const char *const *names;	/* push: only these series (NULL or empty: all) */
	gboolean dry_run;		/* push: decide, send nothing */
};

/* Push / fetch.  *out (caller owns: sync_report_free) says per ref what
 * happened; a rejected or diverged series is not an error.  Errors:
 * QUILL_ERROR_USAGE when the remote names nothing (no such remote, and
 * neither a path nor a URL; for a push of a remote that is a local
 * series' name, the message says how to push that series) or a NAME is no
 * local series;
 * QUILL_ERROR_OUTSIDE when the remote cannot be reached or the transfer
 * fails. */
gboolean sync_push(struct sync_report **out, git_repository *repo, const struct sync_opts *o,
		   GError **error);
gboolean sync_fetch(struct sync_report **out, git_repository *repo, const struct sync_opts *o,
		    GError **error);
void sync_report_free(struct sync_report *r);

/* The exit status the report calls for: 0 all went (or nothing to do),
 * 1 something was rejected, diverged or in conflict, 4 a local update
 * failed. */
int sync_report_status(const struct sync_report *r);

/* The component R of refs/quill-remote/R/ for a remote name or URL:
 * a configured remote keeps its name; a path or URL becomes its characters
 * [A-Za-z0-9._-] with every other run turned into one '-' (so
 * "/srv/git/linux.git" is "srv-git-linux.git"), or "url-<12 hex>" when
 * that is no valid ref component (caller owns). */
char *sync_tracking_name(const char *remote, gboolean configured);

#endif
