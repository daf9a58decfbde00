/* collect.h - the trailers given on the list, per version and patch
 * (quill trailer collect, quill mail am).
 *
 * Input: a mailbox of posted versions and their replies (a struct source:
 * mbox files, or threads an archive fetched).  The posted messages are
 * found as review_scan finds them (scan.h: known Message-IDs, else
 * subjects); each reply's trailers are read from its OWN lines only
 * (message_body: never the quoted ones, never the signature), so a nested
 * reply's quoted trailers are never added again, and count for the reply's
 * sender only:
 *   - the sender check: the trailer's address equals the reply's From:
 *     address (case-insensitive, a +tag ignored, mailmap-aware), else the
 *     display names are equal (a name with a comma or parentheses is one
 *     name); otherwise the trailer is a mismatch: listed, never added
 *     unless accept_mismatch;
 *   - a trailer on the cover goes to every patch of that version;
 *   - a trailer given on an older version is carried to the same patch
 *     (same stable patch-id) of the target version only; a patch whose
 *     patch-id changed gets a not_carried entry "patch changed since vK";
 *   - duplicates are not added: a trailer equal (case-insensitive) to one
 *     the patch has or one added before; Link: compared by Message-ID.
 * Trailer keys collected: collect_opts.keys, by default the ones a
 * reviewer gives (Reviewed-by, Acked-by, Tested-by, Reported-by,
 * Suggested-by); a Nacked-by is never added to a commit.
 *
 * Ownership: every struct and string below is owned by its container;
 * free a result with collect_result_free.
 */
#ifndef QUILL_REVIEW_COLLECT_H
#define QUILL_REVIEW_COLLECT_H

#include <git2.h>
#include <glib.h>

#include <jansson.h>

#include "core/warn.h"
#include "net/source.h"
#include "review/scan.h"

/* One trailer given in a reply. */
struct collect_trailer {
	char *trailer;		/* "Reviewed-by: Name <addr>", as given (normalised spacing) */
	char *from;		/* the reply's sender, "Name <addr>" */
	char *msgid;		/* the reply */
	char *link;		/* to the reply */
	int given_on;		/* the version it was given on */
	char *reason;		/* not_carried: "patch changed since vK"; else NULL */
};

/* One posted patch of the target version. */
struct collect_patch {
	int version, patch, total;
	char *subject;		/* without the [PATCH ...] prefix */
	char *msgid;		/* the posted mail, or NULL (not in the input) */
	char *patch_id;		/* stable patch-id of its diff, or NULL */
	char **existing;	/* the trailers it was posted with, NULL-terminated */
	char *commit;		/* inside a repository: the branch commit it was matched to
				 * (hex; apply.h's review_collect_match), else NULL */
	GPtrArray *add;		/* struct collect_trailer*: to add, in the order collected */
	GPtrArray *not_carried;	/* struct collect_trailer* with reason set */
	GPtrArray *mismatch;	/* struct collect_trailer*: sender check failed */
};

struct collect_result {
	int version;		/* the target version */
	GPtrArray *patches;	/* struct collect_patch*, by patch number (1..total) */
	GPtrArray *cover;	/* struct collect_trailer*: given on the cover (already in each patch's add) */
	GPtrArray *missing;	/* char*: "v2: patch 3/5 is not in the input" */
	guint messages;		/* mail read */
};

struct collect_opts {
	int version;			/* the target version; 0: the newest found */
	const git_mailmap *mailmap;	/* NULL: none */
	gboolean accept_mismatch;	/* add mismatched trailers too */
	const char *const *keys;	/* trailer keys collected; NULL: Reviewed-by, Acked-by,
					 * Tested-by, Reported-by, Suggested-by */
	const char *link_base;		/* links: archive_link(link_base, msgid) */
	/* known posted messages, as scan.h's review_known (NULL/0: subjects) */
	const struct review_known *known;
	guint n_known;
	warn_fn warn;
	void *payload;
};

/* Read src and collect.  FALSE with *error when the source could not be
 * read, or holds no posted patch at all (QUILL_ERROR_INPUT "no patches in
 * it"); *out: caller owns (collect_result_free). */
gboolean review_collect(struct source *src, const struct collect_opts *o,
			struct collect_result **out, GError **error);
void collect_result_free(struct collect_result *r);

/* The report as DESIGN.md fixes it: {"patches":[{"version", "patch",
 * "subject", "add":[trailer...], "not_carried":[{"trailer", "reason"}],
 * "mismatch":[{"trailer", "from"}]}]} (new reference). */
json_t *collect_result_json(const struct collect_result *r);

#endif
