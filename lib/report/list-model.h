/* list-model.h - what the list report shows (quill review report): every
 * series posted in some mail, built from the mail alone, no repository.
 *
 * One pass over the operands: as review scan reads them (review/scan),
 * threading the replies and extracting their review items, each message
 * also goes into the postings, which group the covers and patches into
 * versions of series exactly as mail series does (mail/postings).  A reply belongs to the
 * posting of the message it answers, up its parents (a reply whose parent
 * is missing from the mail is left out).
 *
 * The state of a series is its newest version's (the highest version
 * number; the last posted of equal numbers), the first that holds of:
 *   nak       a NAK item (Nacked-by, "NAK") on it
 *   changes   an open change-request item on it
 *   acked     an Acked-by or Reviewed-by trailer item on it
 *   reviewed  any other item on it
 *   new       no item on it
 * The open questions are that version's question items.
 *
 * Ownership: the model owns everything in it (report_list_free).
 */
#ifndef QUILL_REPORT_LIST_MODEL_H
#define QUILL_REPORT_LIST_MODEL_H

#include <glib.h>

#include "core/warn.h"

enum list_state { LIST_NEW, LIST_REVIEWED, LIST_ACKED, LIST_CHANGES, LIST_NAK };

struct list_message {
	char *msgid, *link;	/* link: archive_link of msgid */
	char *subject;		/* as posted (review scan's), or NULL */
};

struct list_version {
	int version, total;
	guint patches;		/* how many came */
	gboolean received_all, cover;
	char *author, *date;	/* From: and ISO date of the message that opened it */
	GPtrArray *messages;	/* struct list_message*: the cover, then patches */
	GPtrArray *items;	/* struct review_item*, in thread order */
};

struct list_series {
	char *name, *author, *change_id;
	char *slug;		/* [a-z0-9-], unique in the list: its page's name */
	GPtrArray *versions;	/* struct list_version*, lowest version first */
	enum list_state state;
	char **acked;		/* the Acked-by/Reviewed-by trailers of the newest
				 * version, once each (NULL-terminated) */
	char **naked;		/* its NAK items' senders, once each */
	GPtrArray *questions;	/* struct review_item* (borrowed from versions) */
	guint n_changes;	/* open change requests on the newest version */
	gint64 last;		/* the Date of its newest message (0: none dated) */
};

struct report_list {
	GPtrArray *series;	/* struct list_series*, newest last message first */
	guint messages;		/* mail read */
	guint postings;		/* versions found (all, before --since) */
	guint items;		/* review items of the listed series */
};

struct report_list_opts {
	char *const *paths;	/* local operands (source_add_path) */
	guint n_paths;
	char *const *specs;	/* "KIND:ARG" operands (source_add_spec) */
	guint n_specs;
	const char *link_base;	/* where links point to (archive_link); NULL: lore */
	gint64 since;		/* only series whose last message is newer; 0: all */
	warn_fn warn;
	void *payload;
};

/* Read the operands (once) into *out (caller owns, report_list_free).
 * QUILL_ERROR_USAGE when an operand cannot be opened, QUILL_ERROR_INPUT
 * when none of the input is mail. */
gboolean report_list_build(struct report_list **out, const struct report_list_opts *o,
			   GError **error);
void report_list_free(struct report_list *l);

/* "new", "reviewed", "acked", "changes requested", "NAKed" (static). */
const char *list_state_name(enum list_state s);
/* "new", "reviewed", "acked", "changes", "nak": its CSS class's suffix
 * (static). */
const char *list_state_key(enum list_state s);

#endif
