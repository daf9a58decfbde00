/* lint-review.h - the review history trailer lint's review rules ask
 * (lint.h's struct lint_review), built from review items.
 *
 * Two ways to build one:
 *   - from a series: the items of every frozen version (vN/review.json)
 *     and the versions' patches (commit, stable patch-id, subject), for
 *     trailer lint --series;
 *   - from a scan of a mailbox (review_scan): the posted patches and the
 *     replies in the same input, for trailer lint --mbox / --thread.
 *
 * A message linted is found among the patches by its commit (series) or
 * its Message-ID (mails); in each version up to its own, the patch that
 * is "the same" is the one with that commit or Message-ID, else the same
 * stable patch-id, else the same subject.  The items of that patch and of
 * its version's cover count, in version order, then thread order.  For
 * `KEY: NAME <EMAIL>` (the address compared case-insensitively), the
 * answer is:
 *   GIVEN       a trailer item of that key by that person; changed_since
 *               when the patch's stable patch-id differs from the one on
 *               the version it was (last) given on
 *   DECLINED    a trailer-objection (of that key, or naming none) or a
 *               nak by that person, with no trailer given before it
 *   TAKEN_BACK  the same after a trailer was given
 *   NOT_FOUND   a version the patch is on has a known thread (series: a
 *               vN/review.json in the state; mails: a reply to that
 *               version in the input), and nothing of that person
 *   unknown     (lookup returns FALSE) no known thread for the patch
 * A later trailer item after an objection gives it again.  The answer's
 * msgid and link are those of the reply that decided it.
 *
 * Ownership: the provider keeps what it read; it borrows the repository
 * (series: to read a commit that no version records) until freed.
 */
#ifndef QUILL_REVIEW_LINT_REVIEW_H
#define QUILL_REVIEW_LINT_REVIEW_H

#include <git2.h>
#include <glib.h>

#include "lint/lint.h"
#include "review/scan.h"
#include "series/series.h"

struct review_lint;

/* The history of series s for linting its version `version` (0 or
 * s->version: the working one): the frozen versions before it (and it,
 * when frozen).  FALSE with *error when a vN/review.json does not read
 * (review_store_read's error).  Free with review_lint_free. */
gboolean review_lint_series(struct review_lint **out, git_repository *repo,
			    const struct series *s, int version, GError **error);

/* The history in a scan of the same input as the mails linted; the
 * result is taken (freed with the provider).  Never fails. */
struct review_lint *review_lint_scan(struct review_result *r);

/* A provider that knows no thread (every lookup: unknown), for telling
 * which rules a run would have (--list-rules). */
struct review_lint *review_lint_empty(void);

/* What to hand to lint_new (borrowed: valid until review_lint_free). */
const struct lint_review *review_lint_provider(const struct review_lint *rl);

void review_lint_free(struct review_lint *rl);

#endif
