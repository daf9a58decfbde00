/* scan-private.h - review_scan with a hook on each reply's body, for the
 * modules of lib/review that read more of a reply than its items
 * (collect: the trailers given).  Not for use outside lib/review. */
#ifndef QUILL_REVIEW_SCAN_PRIVATE_H
#define QUILL_REVIEW_SCAN_PRIVATE_H

#include "mail/message-body.h"
#include "review/scan.h"

struct scan_hook {
	/* Called for each reply with a target whose body could be decoded,
	 * possibly on another thread (it must touch nothing shared); what it
	 * returns is kept.  b is borrowed for the call. */
	gpointer (*reply)(void *payload, const struct review_reply *rp, const struct message_body *b);
	void *payload;
	gboolean no_items;	/* do not extract review items */
	/* out: what reply returned (or NULL) for each of result->replies, in
	 * their order; set by review_scan_hooked (caller owns the array and
	 * what is in it) */
	GPtrArray *kept;
};

/* review_scan, calling hook (may be NULL: review_scan itself). */
gboolean review_scan_hooked(struct source *src, const struct review_scan_opts *o,
			    struct scan_hook *hook, struct review_result **out, GError **error);

#endif
