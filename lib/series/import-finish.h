/* import-finish.h - the refs an import derives from its state commit, and
 * finishing an import that was cut short.
 *
 * series_import (import.h) makes every commit first and then writes the
 * state ref, compare-and-swap: that is the import's one commit point.  The
 * state commit's message carries the plan of the refs derived from it (the
 * branch's tip, the upstream tags, the branch an unborn HEAD names, whether
 * to check the branch out), written after it.  An import killed after its
 * commit point is finished by running it again: the plan is read back from
 * the state commit and what is missing of it is written.
 */
#ifndef QUILL_SERIES_IMPORT_FINISH_H
#define QUILL_SERIES_IMPORT_FINISH_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "series/series.h"

struct import_tag {
	char *name;		/* without refs/tags/ */
	git_oid target;
};

struct import_plan {
	git_oid branch_tip;	/* the series' branch (its name is in the state) */
	gboolean checkout;	/* HEAD was unborn in a work tree: check the branch out */
	char *head;		/* the unborn HEAD's branch, to create at head_tip, or NULL */
	git_oid head_tip;
	GPtrArray *tags;	/* struct import_tag*: lightweight tags to create */
};

void import_plan_init(struct import_plan *p);
void import_plan_clear(struct import_plan *p);

/* Add a tag to create (name is copied). */
void import_plan_add_tag(struct import_plan *p, const char *name, const git_oid *target);

/* TRUE when the plan creates tag NAME. */
gboolean import_plan_has_tag(const struct import_plan *p, const char *name);

/* The state commit's message: "import from DIR", a blank line, then the
 * plan as "Import-...: " lines (caller owns, g_free). */
char *import_plan_message(const struct import_plan *p, const char *dir);

/* Read the plan back from a state commit's message into an initialised p;
 * FALSE when the message holds none (not an import's commit). */
gboolean import_plan_parse(struct import_plan *p, const char *message);

/* TRUE when refname can be created: no ref is a leading part of it, and
 * none lies below it (git keeps refs as paths). */
gboolean import_ref_free(git_repository *repo, const char *refname);

/* Write what of the plan is not there yet, for series s (its state is the
 * state commit carrying the plan), each step only when its ref is missing:
 * the checkout of the branch (while HEAD is still unborn), the branch,
 * branch.<b>.quillSeries, the series' tags, the upstream tags, then HEAD's
 * branch.  *done counts what was written.  Only the branch not written is
 * an error (saying what to do); the rest goes to `warn` (may be NULL). */
gboolean import_finish(git_repository *repo, struct series *s, const struct import_plan *p,
		       int *done, warn_fn warn, void *payload, GError **error);

#endif
