/* logwalk.h - the commits of a revision range in git log's order, each with
 * its raw message: the fast path for reading the messages of many commits
 * (trailer parse --rev-range, the trailer linter).
 *
 * Each commit object is read once: from the pack files directly when it is
 * a whole commit there (packread.h), else from libgit2's odb (the raw
 * object; the message is what git_commit_message_raw gives: everything
 * after the header's blank line, as stored, no re-encoding).  libgit2's
 * revwalk reads every commit too but costs half as much again, so the walk
 * is done here.
 *
 * The order is git log's default (no --topo-order): newest committer date
 * first, ties in the order the commits were reached, a commit's parents
 * queued when it is shown.  A range with a negative side (A..B, A...B) is
 * limited as git limits it: the walk goes on until only commits reachable
 * from the negative side are left in the queue (and a few past that, for
 * clock skew), then shows the rest.  Checked against git log over random
 * histories with merges, equal dates and clocks going backwards: the same
 * commits in the same order for REV and A..B.  For A...B git has already
 * read part of the history while finding the merge bases, which marks more
 * of it uninteresting early: where commit dates go backwards, git can leave
 * out a commit below a merge base that this walk still shows.
 * The shallow file is honoured (its commits have no parents); grafts and
 * replace refs are not.
 *
 * With two processors or more (and not QUILL_READ_AHEAD=0) the walk runs
 * ahead on a second thread from the first logwalk_next on, through an
 * object database of its own (logwalk-ahead.c): the same commits in the
 * same order, while the caller works on the ones handed out; work the
 * caller wants done beside the walk goes in logwalk_set_prepare.  The
 * walk needs only a commit's header: without a prepare function the rest
 * of a packed commit is inflated on whichever thread has time (in
 * logwalk_next on the caller's, or ahead on the walk's), so the two threads
 * share the inflating; the share follows how far the walk is ahead.
 */
#ifndef QUILL_LOGWALK_H
#define QUILL_LOGWALK_H

#include <git2.h>
#include <glib.h>

struct logwalk;

/* Start walking `range`: "REV" (it and all its ancestors), "A..B" (from B,
 * not from A; an empty side is HEAD) or "A...B" (from either, not from a
 * merge base of both).  QUILL_ERROR_USAGE when it names nothing or not
 * commits.  *out (NULL on failure) is freed with logwalk_free. */
gboolean logwalk_new(struct logwalk **out, git_repository *repo, const char *range,
		     GError **error);

/* The same over commits named by id: every commit reachable from a tip and
 * from no bottom (ntips and nbottoms may be 0), in git log's order, as for
 * "^B1 ^B2 T1 T2" (what a rev-list argument list comes to). */
gboolean logwalk_new_oids(struct logwalk **out, git_repository *repo, const git_oid *tips,
			  size_t ntips, const git_oid *bottoms, size_t nbottoms, GError **error);

/* The next commit: TRUE with *oid and the raw message msg[0..len) (borrowed:
 * valid until the next call); FALSE at the end, or with *error set when an
 * object cannot be read (QUILL_ERROR_OUTSIDE) or is not a commit
 * (QUILL_ERROR_INPUT). */
gboolean logwalk_next(struct logwalk *w, git_oid *oid, const char **msg, size_t *len,
		      GError **error);

/* The commit logwalk_next handed out last: its header (from "tree ..." to
 * the blank line that ends it, inclusive), borrowed like its message; and
 * its number of parents (0 for a root or a shallow commit).  Only after
 * logwalk_next returned TRUE. */
const char *logwalk_header(const struct logwalk *w, size_t *len);
unsigned logwalk_parent_count(const struct logwalk *w);

/* The person of header line `field` ("author", "committer": "Name <email>
 * 1700000000 +0000") of that commit: *name and *email (caller owns), both
 * NULL when the line is missing or has no <address>. */
void logwalk_person(const struct logwalk *w, const char *field, char **name, char **email);

/* ---- work done beside the walk ---- */

/* A commit as the walk reads it (all borrowed, valid during the call). */
struct logwalk_commit {
	const git_oid *oid;
	const char *msg, *header;	/* as logwalk_next and logwalk_header give them */
	size_t len, header_len;
	unsigned parents;
};

typedef void *(*logwalk_prepare_fn)(const struct logwalk_commit *c, void *payload);

/* Have prepare run on each commit as it is read, before logwalk_next hands
 * it out: on the thread that reads ahead (so it must touch nothing the
 * caller's thread uses meanwhile) or, walking in one thread, in
 * logwalk_next.  What it returns is that commit's (logwalk_prepared) and
 * is freed with free_fn (on the thread that prepared it, or in
 * logwalk_free); it may still point into msg and header.  Call before the
 * first logwalk_next. */
void logwalk_set_prepare(struct logwalk *w, logwalk_prepare_fn prepare, GDestroyNotify free_fn,
			 void *payload);

/* Have some of the commits read ahead prepared in logwalk_next instead, on
 * the caller's thread, with caller_payload, and freed there: one in
 * `one_in` to begin with, then more while the caller's thread waits for
 * the walk and fewer while it lags behind, so that the two have about as
 * much to do (what is prepared must not depend on the thread).  Walking in
 * one thread it does nothing.  Call after logwalk_set_prepare, before the
 * first logwalk_next. */
void logwalk_share_prepare(struct logwalk *w, void *caller_payload, unsigned one_in);

/* What prepare returned for the commit handed out last (borrowed: valid
 * until the next call). */
void *logwalk_prepared(const struct logwalk *w);

/* logwalk_person over a header as struct logwalk_commit gives it. */
void logwalk_header_person(const char *header, size_t len, const char *field, char **name,
			   char **email);

void logwalk_free(struct logwalk *w);

#endif
