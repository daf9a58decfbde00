/* store.h - the review of a series in git: vN/review.json in the series
 * state (the one commit point) and, derived from it, the git notes on
 * refs/notes/quill.
 *
 * vN/review.json:
 *   {"version":N,
 *    "replies":[{"msgid", "parent" (msgid|null), "from", "date", "subject",
 *                "patch"}],
 *    "items":[ review_item_json objects ]}
 * Notes: on each patch commit of version N, a section
 *   [quill vN]
 *   <one line per item of that patch: the trailer as given for trailer, nak
 *    and trailer-objection items, else the kind>  -- <author>, <status>, <link>
 * (a commit shared by two versions has a section for each; sections of
 * other versions and text outside quill's sections are kept).  Cover items
 * (patch 0) go on every patch of the version.
 */
#ifndef QUILL_REVIEW_STORE_H
#define QUILL_REVIEW_STORE_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "review/scan.h"
#include "series/series.h"

/* The review of one version as kept (owned; review_version_free). */
struct review_version {
	int version;
	GPtrArray *replies;	/* struct review_reply* (scan.h), thread order */
	GPtrArray *items;	/* struct review_item*, thread order */
};

struct review_version *review_version_new(int version);
void review_version_free(struct review_version *rv);

/* Read vN/review.json of the series' state; an absent file is an empty
 * review (TRUE).  A file that does not parse: QUILL_ERROR_INPUT naming
 * "vN/review.json" and the place. */
gboolean review_store_read(const struct series *s, int version, struct review_version **out,
			   GError **error);

/* Put rv into the series' state as vN/review.json (not committed: the
 * caller commits with series_save or store_commit). */
void review_store_set(struct series *s, const struct review_version *rv);

/* Merge what a pull found (fresh: replies and items of this version) into
 * old: replies and items not there yet are appended (by msgid / item id);
 * an item already there keeps its status and note.  Returns the number of
 * new items. */
guint review_merge(struct review_version *old, const struct review_version *fresh);

/* Find item ID (a unique prefix of at least 4 hex digits) in any version
 * of the series: *version_out and *index_out say where.  QUILL_ERROR_USAGE
 * when there is none ("no review item ID") or the prefix is ambiguous. */
gboolean review_store_find(const struct series *s, const char *id, int *version_out,
			   guint *index_out, GError **error);

/* Rewrite quill's sections of the notes on refs/notes/quill for every
 * frozen version of s from its vN/review.json: one notes commit.  Derived
 * state: a failure here is reported by the caller as a warning and
 * repaired by the next call. */
gboolean review_notes_write(git_repository *repo, const struct series *s, GError **error);

#endif
