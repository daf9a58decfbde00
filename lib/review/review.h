/* review.h - review items: what one reply asks, gives or promises.
 *
 * An item is one thing found in a reply's own (unquoted) words, with the
 * quoted lines it answers: a trailer given, a NAK, a question, a change
 * asked for, an objection to a trailer, measured results, a promise by the
 * series author, or (when nothing else matched) a comment.  Items are kept
 * per version in the series state (vN/review.json) with their status.
 *
 * Item ids are stable: derived from the reply's Message-ID, the kind and
 * the item's ordinal among the items of that kind in that reply, so a
 * second pull of the same thread finds the same ids (and keeps the status
 * the user set).
 *
 * Ownership: every char* of a struct review_item is owned by it
 * (review_item_free); NULL where the field says so.
 */
#ifndef QUILL_REVIEW_H
#define QUILL_REVIEW_H

#include <glib.h>
#include <jansson.h>

enum review_kind {
	REVIEW_TRAILER,			/* Reviewed/Acked/Tested/Reported/Suggested-by given by its sender */
	REVIEW_NAK,			/* Nacked-by, "NAK" */
	REVIEW_QUESTION,
	REVIEW_CHANGE_REQUEST,
	REVIEW_TRAILER_OBJECTION,	/* the person named in a trailer declines or disputes it */
	REVIEW_RESULTS,			/* measurements in the reply's own text */
	REVIEW_PROMISE,			/* the series author: what the next version will do */
	REVIEW_COMMENT,
	REVIEW_KIND_COUNT
};

enum review_status {
	REVIEW_OPEN,
	REVIEW_ADDRESSED,
	REVIEW_WONTFIX,
};

struct review_item {
	char *id;		/* 12 hex digits, stable (review_item_id) */
	enum review_kind kind;
	char *author;		/* "Name <address>", as mail thread's "from" */
	char *date;		/* ISO 8601 UTC ("2026-01-02T03:04:05Z"), or NULL */
	char *msgid;		/* the reply, without <> */
	char *link;		/* a link to the reply (archive_link) */
	int version;		/* the version answered; 0: unknown */
	int patch;		/* the patch answered: 1..n, 0 = the cover */
	char *text;		/* the reply's own words that make the item */
	char *quoted;		/* the quoted lines it answers (without "> "), or "" */
	char *trailer;		/* trailer, nak, trailer-objection: "Reviewed-by: Name <addr>"; else NULL */
	enum review_status status;
	char *note;		/* review resolve -m, or NULL */
};

/* "trailer", "nak", "question", "change-request", "trailer-objection",
 * "results", "promise", "comment" (static). */
const char *review_kind_name(enum review_kind kind);
/* The kind named, or -1. */
int review_kind_parse(const char *name);

/* "open", "addressed", "wontfix" (static); review_status_parse: -1 when not one. */
const char *review_status_name(enum review_status status);
int review_status_parse(const char *name);

/* The stable id of the ordinal-th (0-based) item of KIND in reply MSGID
 * (caller owns). */
char *review_item_id(const char *msgid, enum review_kind kind, guint ordinal);

/* A new item with every string NULL (caller fills them); free with
 * review_item_free (also a GDestroyNotify for GPtrArray). */
struct review_item *review_item_new(void);
void review_item_free(gpointer item);

/* The item as DESIGN.md's JSON object: id, kind, author, date, msgid,
 * link, version, patch, text, quoted, trailer (null unless trailer, nak
 * or trailer-objection), status, and note when set (new reference). */
json_t *review_item_json(const struct review_item *it);

/* An item read back from that JSON (caller owns), or NULL with *error set
 * (QUILL_ERROR_INPUT naming `where` and the field) when it is not one. */
struct review_item *review_item_from_json(const json_t *o, const char *where, GError **error);

#endif
