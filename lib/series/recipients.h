/* recipients.h - who each mail of a version goes to.
 *
 * For every mail (the cover and each patch): the series' To and Cc (state),
 * the person trailers of each patch (Signed-off-by, Co-developed-by,
 * Suggested-by, Reported-by, Originally-by, Reviewed-by, Acked-by,
 * Tested-by, Cc, and every trailer the installed trailers.conf marks
 * `kind = person`; a value's "# comment" dropped) as Cc of that patch and
 * of the cover, and, when a get_maintainer command is configured, what it
 * says for each patch (To of that patch and the cover from its maintainers,
 * Cc from its lists, as b4 does with scripts/get_maintainer.pl --nol /
 * --nom; a plain quill.getMaintainerCmd's output lines are Cc).  The
 * command runs in the top of the work tree with one argument: the patch as
 * a mail (email_patch) in a temporary file named as format names it; an
 * empty quill.getMaintainerCmd runs nothing (not even the kernel script).
 * The sender (From) is never a recipient; an address is never both To and
 * Cc (To wins); duplicates are dropped case-insensitively, after the
 * repository's .mailmap maps each person to one address (the first
 * spelling met stays).  Every entry is checked as one RFC 5322 mailbox;
 * one that is not is dropped with a warning naming the trailer and commit.
 *
 * A list written with `quill series recipients --write` is kept in the
 * state as `recipients` (working version) and then used instead, as the
 * user edited it (no mailmap applied; --to/--cc still added, the sender
 * still left out); it names its patches by patch-id, and a patch it does
 * not name (the branch changed) gets the computed recipients with a
 * warning (a block naming no patch of the version: a warning too).
 */
#ifndef QUILL_RECIPIENTS_H
#define QUILL_RECIPIENTS_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "series/outgoing.h"
#include "series/series.h"

struct resources;

struct recipients_opts {
	const char *const *extra_to;	/* --to on the command line: every mail */
	const char *const *extra_cc;	/* --cc: every mail */
	gboolean no_trailers;		/* leave out the trailers' people */
	gboolean maintainers;		/* run the get_maintainer command (when configured:
					 * quill.getMaintainerCmd; else, in a tree that has
					 * scripts/get_maintainer.pl, that script); with a
					 * stored list only for the patches it does not name */
	gboolean ignore_stored;		/* compute anew even when the state keeps a list */
	warn_fn warn;			/* a dropped address, a failed get_maintainer (one
					 * warning, never a failure; it is not run again),
					 * a stale stored list; may be NULL */
	void *payload;
};

struct series_recipients {
	guint n;			/* entries: patches + 1 */
	struct mail_rcpts *mail;	/* [0] the cover, [i] patch i */
	gboolean stored;		/* taken from the state's list */
	char *maintainer_cmd;		/* the command run (quill.getMaintainerCmd, or
					 * "scripts/get_maintainer.pl"), or NULL */
};

/* Compute the recipients of `patches` (struct commit_patch*, the version's
 * commits loaded with COMMIT_WANT_DIFF; without it, patch-ids are empty and
 * a stored list names none of them) for series s; res (may be NULL) gives
 * trailers.conf.  *out is the caller's (series_recipients_free).
 * Errors: QUILL_ERROR_INPUT for a stored list that cannot be read (naming
 * the line); QUILL_ERROR_OUTSIDE for git. */
gboolean series_recipients_compute(struct series_recipients **out, git_repository *repo,
				   const struct series *s, const struct resources *res,
				   GPtrArray *patches, const struct recipients_opts *o,
				   GError **error);
void series_recipients_free(struct series_recipients *r);

/* The stored list's text for these recipients (what --write keeps and
 * --edit shows; caller owns): one block per mail,
 *   [cover]            or   [patch 3 <patch-id>] subject
 *   To: Name <addr>
 *   Cc: addr
 * with '#' comment lines allowed. */
char *series_recipients_format(const struct series_recipients *r, GPtrArray *patches);

/* Keep `text` (series_recipients_format's shape, as edited) as the
 * series' list: checked first (QUILL_ERROR_INPUT naming the line), then
 * one state commit.  text NULL removes the list. */
gboolean series_recipients_store(struct series *s, git_repository *repo, const char *text,
				 GError **error);

#endif
