/* series.h - the series lifecycle over `store`: a series, its frozen
 * versions, the working version on its branch, and the state files that
 * hold them (series.conf, cover, v<N>/version.conf, v<N>/cover, v<N>/changes).
 *
 * All text fields are UTF-8 and owned by their struct; free a series with
 * series_free.  Functions that change a series write one state commit
 * (compare-and-swap, see store.h); derived refs (tags) are written after it
 * and repaired by series_repair.
 */
#ifndef QUILL_SERIES_H
#define QUILL_SERIES_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "series/store.h"

#define SERIES_TAG_PREFIX "refs/tags/quill/"

struct series_patch {
	char *commit;		/* hex oid */
	char *patch_id;		/* stable patch-id, hex */
	char *subject;
	char *author;		/* "Name <email>" */
	char *msgid;		/* Message-ID as sent (no <>), or NULL */
};

struct series_version {
	int number;
	char *base;		/* hex oid of the base (fork point) */
	char *tip;		/* hex oid of the last patch */
	char *date;		/* freeze time, ISO 8601 UTC */
	char *cover_msgid;	/* the cover's Message-ID as sent (no <>), or NULL */
	gboolean sent;
	GPtrArray *patches;	/* struct series_patch*, in order */
	char *cover;		/* the cover letter as sent: subject, blank line, body */
	char *changes;		/* what changed in this version, or "" */
};

struct series {
	char *name;
	char *change_id;	/* b4's form: YYYYMMDD-slug-12hex */
	char *branch;		/* short branch name */
	char *upstream;		/* what the base is the fork point with: a rev as given */
	char **prefixes;	/* extra subject prefixes ("RFC", "net-next"), NULL-terminated */
	char **to, **cc;	/* recipients, NULL-terminated */
	char **prereqs;		/* "change-id:vN" of series this one depends on */
	char *list;		/* the lore inbox (name or URL), or NULL */
	char *created;		/* ISO 8601 UTC */
	int version;		/* the working version: 1 + the number of frozen ones */
	char *cover;		/* the working cover: subject, blank line, body; tokens allowed */
	GPtrArray *versions;	/* frozen struct series_version*, index i = v(i+1) */
	struct state *state;	/* where it was read from (owned) */
};

struct series_new_opts {
	const char *name;
	const char *base;	/* REV, or NULL: the branch's upstream, else HEAD */
	const char *branch;	/* adopt this existing branch, or NULL: create NAME */
	const char *const *prefixes;
	const char *const *to;
	const char *const *cc;
	const char *list;
	const char *cover;	/* the initial working cover text */
	gboolean no_checkout;	/* do not switch HEAD to a created branch */
};

/* Create a series: a branch (created at the base unless adopted), the state
 * ref, branch.<b>.quillSeries and notes.rewriteRef.  *out is owned by the
 * caller.  A problem after the series is made (HEAD not switched to its
 * new branch) goes to `warn` (may be NULL). */
gboolean series_create(struct series **out, git_repository *repo,
		       const struct series_new_opts *opts, warn_fn warn, void *payload,
		       GError **error);

/* An empty series named NAME (NULL allowed) with version 1 and no state
 * (series_blank below gives it one); free with series_free. */
struct series *series_new_empty(const char *name);
void series_patch_free(struct series_patch *p);

/* Write a series built in memory as a new state ref (it must not exist):
 * one state commit with every frozen tip and base as extra parents, then
 * branch.<b>.quillSeries and the tags.  s->branch must exist.  A tag that
 * cannot be written is only a warning, to `warn` (may be NULL); the next
 * series_repair writes it. */
gboolean series_adopt(struct series *s, git_repository *repo, const char *message,
		      warn_fn warn, void *payload, GError **error);

/* Parse a series from a state (read from git or built in memory).  On
 * success the series owns `st`; on failure the caller still does. */
gboolean series_from_state(struct series **out, struct state *st, GError **error);

/* Tie BRANCH to series NAME (branch.<b>.quillSeries) and, once
 * refs/notes/quill exists (it is started empty here), set notes.rewriteRef
 * to it when unset, as series_create does; best effort (a config that
 * cannot be written is ignored). */
void series_tie_branch(git_repository *repo, const char *branch, const char *name);

/* Read a series from its state ref. */
gboolean series_load(struct series **out, git_repository *repo, const char *name, GError **error);
void series_free(struct series *s);

/* Write the series into s->state (series.conf, cover, v<N>/ files), without
 * committing. */
void series_to_state(struct series *s);

/* Serialize the series into its state and commit it (store_commit); extra
 * parents as there. */
gboolean series_save(struct series *s, git_repository *repo, const char *message,
		     const git_oid *extra, size_t n_extra, GError **error);

/* ---- building a series in memory (importers: import-b4, import) ----
 *
 * series_blank: a series that exists only in memory: NAME, version 1, no
 * frozen versions, empty (not NULL) lists, a new state; series_save creates
 * its ref (failing if one exists).  The caller fills change_id, branch,
 * upstream, cover, ... with strings it allocated (series_free frees them).
 * series_version_new: an empty frozen version N (patches: an empty array
 * that frees its struct series_patch, g_new0'd by the caller), to append to
 * s->versions. */
struct series *series_blank(const char *name);
struct series_version *series_version_new(int n);

/* What a frozen version is made of, for series_add_version. */
struct series_version_data {
	const git_oid *base, *tip;	/* the patches are base..tip */
	const char *date;		/* ISO 8601 UTC; NULL: now */
	const char *cover;		/* as sent; NULL: "" */
	const char *changes;		/* NULL: "" */
	const char *cover_msgid;	/* without <>, or NULL */
	gboolean sent;
	const char *const *patch_msgids; /* patch i's Message-ID as sent at [i - 1]
					  * (without <>), NULL-terminated, or NULL */
};

/* Append frozen version s->versions->len + 1 built as a freeze builds one:
 * base, tip and, per commit of base..tip, its commit id, stable patch-id,
 * subject and author (strings copied).  Nothing is written and s->version is
 * left alone: the caller sets it (frozen count + 1) and saves with each
 * version's tip and base as extra parents.  Returns the new version
 * (borrowed), or NULL with an error (a merge in the range, a missing
 * commit); then s is unchanged. */
struct series_version *series_add_version(struct series *s, git_repository *repo,
					  const struct series_version_data *d, GError **error);

/* Frozen version N (1-based), or NULL (borrowed). */
struct series_version *series_get_version(const struct series *s, int n);

/* The tip of the branch and the base (fork point of the branch with the
 * upstream) of the working version. */
gboolean series_working_range(git_oid *base_out, git_oid *tip_out, git_repository *repo,
			      const struct series *s, GError **error);

/* The patches of base..tip as loaded commits (as series_load_patches). */
gboolean series_load_range(GPtrArray **out, git_repository *repo, const git_oid *base,
			   const git_oid *tip, unsigned flags, GError **error);

/* The patches of version N (0 = the working version) as loaded commits
 * (struct commit_patch*, caller owns the array, which frees them), with
 * the flags of commit_patch_load; base/tip may be NULL. */
gboolean series_load_patches(GPtrArray **out, git_oid *base_out, git_oid *tip_out,
			     git_repository *repo, const struct series *s, int n, unsigned flags,
			     GError **error);

struct series_freeze_opts {
	const char *cover;	/* the cover as rendered for this version */
	const char *changes;	/* what changed, or NULL/"" */
	const char *next_cover;	/* the working cover for the next version */
	const char *cover_msgid; /* the cover's Message-ID if sent elsewhere, or NULL */
	const char *const *patch_msgids; /* each patch's Message-ID as sent ([i - 1]: patch
					  * i; NULL-terminated), or NULL */
	const char *date;	/* the date recorded (ISO 8601 UTC), or NULL: now */
	const git_oid *base, *tip; /* the range frozen (series send: the one its mails
				    * were made from), or NULL: the branch now */
};

/* Freeze the working version: v<N>/ files, one state commit with the tip and
 * base as extra parents, then the tag quill/NAME/vN; the working version
 * becomes N+1.  QUILL_ERROR_NEGATIVE when the branch holds no patches.
 * Once the state commit is in, the freeze has happened and TRUE is
 * returned even if the tag could not be written (series_repair writes it
 * later, and says why it cannot). */
gboolean series_freeze(struct series *s, git_repository *repo,
		       const struct series_freeze_opts *opts, GError **error);

/* Create the derived refs the state implies (the tag of each frozen version)
 * where they are missing or point elsewhere than the version's tip (the
 * state wins); right ones are left alone.  Returns the number of refs
 * written, or -1 with an error. */
int series_repair(struct series *s, git_repository *repo, GError **error);

/* Rename the series (state ref, tags, branch.<b>.quillSeries). */
gboolean series_rename(struct series *s, git_repository *repo, const char *new_name,
		       GError **error);

/* What series_edit changes: NULL leaves a field as it is.  In a list an
 * entry "" is dropped, so { "", NULL } empties it. */
struct series_edit_opts {
	const char *const *prefixes;
	const char *const *to;
	const char *const *cc;
	const char *base;		/* REV: remembered as series_upstream_spec says */
	const char *branch;		/* an existing local branch */
	const char *list;		/* "" for none */
	const char *const *prereqs;	/* CHANGE-ID[:vN] or a local series NAME[:vN] */
	const char *rename;		/* the new name */
	warn_fn warn;			/* problems after the commit (may be NULL) */
	void *payload;
};

/* The fields an edit changes, as series edit names them: " prefix to cc"
 * ("" when it only renames; caller owns). */
char *series_edit_what(const struct series_edit_opts *o);

/* Edit series s: the fields of `o` in one state commit "edit:<what>", then
 * the tie of a new branch (branch.<b>.quillSeries moves from the old
 * branch; a config that cannot be written is a warning: the edit stands),
 * then a rename (series_rename: its own commit).  Errors before the commit
 * (a base that names no commit: QUILL_ERROR_USAGE; no such branch:
 * QUILL_ERROR_USAGE) write nothing, but s may hold the edits in memory.
 * An edit that changes nothing writes no commit. */
gboolean series_edit(struct series *s, git_repository *repo, const struct series_edit_opts *o,
		     GError **error);

/* ---- what a series is sent with, checked as it comes in (series-check.c) ----
 *
 * Addresses, prefixes, the inbox and prerequisites end up in mail headers
 * and footers; series new and series edit check each before anything is
 * written.  FALSE with QUILL_ERROR_USAGE "LABEL: 'VALUE' is not one
 * address: WHY" or "LABEL: 'VALUE' holds a control character", LABEL being
 * how the caller names the input ("--to").  An entry "" (none) passes.
 * An address is one mailbox (ident_mailbox_problem) that GMime reads as
 * one too (email_one_mailbox). */
gboolean series_check_address(const char *label, const char *value, GError **error);
gboolean series_check_text(const char *label, const char *value, GError **error);

/* Every entry of a NULL-terminated list (may be NULL), as above. */
gboolean series_check_addresses(const char *label, const char *const *values, GError **error);
gboolean series_check_texts(const char *label, const char *const *values, GError **error);

/* A prerequisite as the state keeps it: "NAME[:vN]" naming a series of this
 * repository becomes "CHANGE-ID[:vN]" of that series; anything else is kept
 * as given (caller owns). */
char *series_prereq_resolve(git_repository *repo, const char *given);

/* How to remember REV as a series' upstream (series->upstream): a branch,
 * remote branch or tag by its short name, as it may move on; anything
 * relative to where HEAD is (HEAD, HEAD~2, @{u}) or a commit id, as the
 * commit it names now.  NULL with QUILL_ERROR_USAGE when it names no
 * commit (caller owns). */
char *series_upstream_spec(git_repository *repo, const char *rev, GError **error);

/* Now (or GIT_COMMITTER_DATE) as ISO 8601 UTC, "2026-12-01T10:00:00Z"
 * (caller owns); *when_out (may be NULL) gets the seconds. */
char *series_now_iso(git_repository *repo, gint64 *when_out);

/* The versions there are, for a message "series NAME has ...":
 * "versions 1 to N" or, with one, "only version 1"; with `working` the
 * working one named after it: " (vN is the working one)", " (the working
 * one)" (caller owns). */
char *series_versions_phrase(const struct series *s, gboolean working);

/* "quill/NAME/vN" (caller owns). */
char *series_tag_name(const char *name, int n);

/* "[RFC PATCH net-next v2 03/12]" for patch `index` of `total` (index 0 is
 * the cover); with total 0 the counter is left out (caller owns). */
char *series_subject_prefix(const struct series *s, int version, int index, int total);

/* A new change-id for NAME: YYYYMMDD-slug-12hex (caller owns). */
char *series_make_change_id(const char *name, gint64 when);

/* Which series to act on: `given` if not NULL (it must exist), else the one
 * tied to HEAD's branch (branch.<b>.quillSeries), else the only series.
 * Fails with QUILL_ERROR_USAGE naming the choices.  Caller owns *out. */
gboolean series_current(char **out, git_repository *repo, const char *given, GError **error);

#endif
