/* am.h - a posted series made am-ready (quill mail am, as b4 am): the
 * newest version found in a thread (or the one asked for), each patch as
 * posted with the follow-up trailers collected from the replies appended
 * to its trailer block, as one mboxrd that `git am` takes.
 *
 * The posted patches are found by their subjects ("[PATCH v2 3/5]",
 * replies and forwards left out).  A partial reroll - some patches of vN
 * sent in reply to the same X/N of v(N-1) - is completed from v(N-1).  A
 * version with other patches missing is refused (QUILL_ERROR_NEGATIVE,
 * naming them) unless `partial`, which takes what is there.
 *
 * Each patch mail is rebuilt from what git mailinfo makes of it
 * (mailinfo.h): the original From:, Date: and Message-ID:, the subject as
 * "[PATCH vN i/n] text", an in-body From: when the author is not the
 * sender, the commit message with its trailer block completed (existing
 * trailers in place, the collected ones appended in order, then a Link:,
 * then the Signed-off-by), then the patch as posted.  The trailers come
 * from review_collect (collect.h), the cover's going to every patch unless
 * no_cover_trailers.  With a policy, each mail built is linted and the
 * findings go to warn.
 */
#ifndef QUILL_REVIEW_AM_H
#define QUILL_REVIEW_AM_H

#include <git2.h>
#include <glib.h>

#include <jansson.h>

#include "core/warn.h"
#include "lint/policy.h"
#include "net/source.h"
#include "series/thanks.h"

struct am_opts {
	int version;			/* 0: the newest posted */
	const char *thread;		/* only the thread this Message-ID (no <>) is in; NULL: all */
	gboolean partial;		/* take a version with patches missing */
	gboolean no_cover_trailers;	/* the cover's trailers are not added */
	const char *signoff;		/* "Name <addr>": a Signed-off-by added last; NULL: none */
	const char *linkmask;		/* a Link: from this mask (one %s); NULL: none */
	const char *link_base;		/* links of collected trailers (collect_opts.link_base) */
	const struct policy *policy;	/* lint the mails built; NULL: no check */
	git_repository *repo;		/* for the lint (may be NULL) */
	const char *name;		/* what warnings call src (its file); NULL: "the input" */
	warn_fn warn;
	void *payload;
};

struct am_patch {
	int patch, total;
	char *msgid;		/* the posted mail */
	char *subject;		/* as git am takes it (no prefix) */
	char *author;		/* "Name <addr>" */
	int from_version;	/* the version it was posted in (v(N-1) for a rerolled one) */
	GPtrArray *added;	/* char*: the trailers added, in order */
	char *mail;		/* the am-ready mail, unescaped */
};

struct am_result {
	int version;
	GPtrArray *patches;	/* struct am_patch*, by number */
	GPtrArray *missing;	/* char*: "v2: patch 3/3 is not in the input" */
};

/* Read src (every message of it) and build the result (*out: caller owns,
 * am_result_free).  FALSE with *error: the source could not be read
 * (its class), nothing in it is a patch (QUILL_ERROR_INPUT "no patches in
 * it"), the version asked for is not there or has patches missing without
 * partial (QUILL_ERROR_NEGATIVE). */
gboolean review_am(struct source *src, const struct am_opts *o, struct am_result **out,
		   GError **error);
void am_result_free(struct am_result *r);

/* The patches as one mboxrd (caller owns, g_string_free). */
GString *am_result_mbox(const struct am_result *r);

/* {"version", "patches":[{"patch", "subject", "author", "added":[...]}],
 * "missing":[...]} (new reference). */
json_t *am_result_json(const struct am_result *r);

/* ---- what series thanks is told (am-record.c) ---- */

/* The record of r for series thanks (series/thanks.h): the cover's (else
 * the first patch's) Message-ID, subject, From, To, Cc, date and first
 * lines, read from src (read anew: every message), and each patch's
 * subject, Message-ID and stable patch-id (of the diff as posted).  *out:
 * caller owns (thanks_series_free).  FALSE when src cannot be read or
 * holds neither the cover nor the first patch (QUILL_ERROR_INPUT). */
gboolean am_thanks_record(struct source *src, const struct am_result *r,
			  struct thanks_series **out, GError **error);

#endif
