/* rewrite.h - a linear range of commits replayed with new messages.
 *
 * base..tip of a branch is replayed oldest first: a commit whose message
 * is given gets it, every commit after the first one changed gets its new
 * parent; trees, authors, committers and the encoding stay as they are, so
 * a checked-out branch's index and work tree stay clean (HEAD names the
 * branch and follows it).  A merge in the range is refused.
 *
 * A signed commit (a gpgsig header) that would change is refused unless
 * drop_signatures (it is written unsigned) or resign (it is signed again
 * as git signs, git/sign.h: a signing failure fails the rewrite before the
 * branch moves); a signature is never dropped silently.  Unsigned commits
 * stay unsigned.
 *
 * Then the notes of each rewritten commit on refs/notes/quill and
 * refs/notes/commits (those that exist) are copied to its new commit, one
 * notes commit per notes ref (before the branch moves, so that a kill
 * cannot leave the branch moved and the notes behind), opts->before_move
 * is called, the branch is moved compare-and-swap from the old tip (one
 * ref update: a concurrent move fails with QUILL_ERROR_OUTSIDE and no ref
 * is written) and ORIG_HEAD set to the old tip.
 */
#ifndef QUILL_REWRITE_H
#define QUILL_REWRITE_H

#include <git2.h>
#include <glib.h>

/* One commit to give a new message. */
struct rewrite_edit {
	git_oid commit;
	const char *message;	/* the whole new message (borrowed) */
};

struct rewrite_opts {
	gboolean drop_signatures;	/* write changed signed commits unsigned */
	gboolean resign;		/* re-sign them (git/sign.h) */
	gboolean dry_run;		/* check everything, write nothing */
	const char *reflog;		/* the branch's reflog message; NULL: "quill: rewrite" */
	/* called once the new commits are written, before the branch moves
	 * (map: as *map below); FALSE (with the error) leaves the branch */
	gboolean (*before_move)(void *payload, const git_oid *new_tip, const GArray *map,
				GError **error);
	void *before_payload;
};

/* One commit of the range: its old and new id (equal when unchanged). */
struct rewrite_map {
	git_oid old_id, new_id;
};

/* Rewrite base..tip of the branch `ref` (full name, "refs/heads/topic"),
 * whose tip must be `tip`, with edits[0..n_edits) (each must name a commit
 * of the range; QUILL_ERROR_USAGE otherwise).  *new_tip gets the new tip
 * (under dry_run: the old one).  *map (may be NULL): caller owns, a GArray
 * of struct rewrite_map in range order (empty under dry_run).  An error
 * with notes only (the branch moved, a notes ref could not be written) is
 * not a failure: it goes to the returned *notes_error when given, else is
 * dropped. */
gboolean rewrite_range(git_repository *repo, const char *ref, const git_oid *base,
		       const git_oid *tip, const struct rewrite_edit *edits, size_t n_edits,
		       const struct rewrite_opts *o, git_oid *new_tip, GArray **map,
		       GError **notes_error, GError **error);

/* TRUE when the commit carries a signature header (gpgsig, gpgsig-sha256). */
gboolean rewrite_commit_signed(const git_commit *c);

#endif
