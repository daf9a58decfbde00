/* source-private.h - what source.c and source-ahead.c share (lib/net only). */
#ifndef QUILL_NET_SOURCE_PRIVATE_H
#define QUILL_NET_SOURCE_PRIVATE_H

#include "net/source.h"
#include "net/source-kind.h"

struct operand {
	const struct source_kind *kind;
	void *state;
	char *arg;		/* as given */
};

enum source_item_state {
	SOURCE_ITEM_MAIL,
	SOURCE_ITEM_NOT_MAIL,		/* no header fields: warned about, skipped */
	SOURCE_ITEM_UNREADABLE,		/* a Maildir file: `where` holds the error */
};

/* One message as taken from its operand, with all it points into. */
struct source_item {
	enum source_item_state state;
	struct message *m;		/* parsed into again for each message */
	GString *buf;			/* the ids, each with its NUL */
	GArray *offs;			/* gsize: where each id starts in buf */
	GPtrArray *mid, *irt, *refs;	/* pointers into buf (not owned) */
	GArray *hids;			/* struct mail_id: mid's, irt's, refs' ids, hashed */
	char *synthetic;
	struct source_mail out;
	GPtrArray *said;	/* read ahead: the warnings said before it (char *) */
	guint op;		/* its operand */
	struct source_mark mark;	/* where in it (kinds with a mark) */
	char *where;		/* else what the kind's where said */
};

struct source_ahead;

struct source {
	GArray *ops;		/* struct operand, in order */
	guint at;		/* the operand being read */
	guint position;		/* messages met so far, over all operands */
	guint mail;		/* of them, those that were mail */
	GPtrArray *held;	/* warnings about non-mail, until some mail is seen */
	warn_fn warn;
	void *payload;
	gboolean capturing;	/* read ahead on a thread: warnings are held, in capture */
	GPtrArray *capture;	/* char *: those since the last message (the thread's) */
	struct source_item cur;	/* what the last source_mail handed out points into */
	const struct source_item *last;	/* the message handed out last, while it is */
	gboolean ahead_on;	/* source_read_ahead was called */
	struct source_ahead *ahead;	/* its state, once the thread runs */
	gboolean split;		/* the operand's second half is read apart (source-ahead.c):
				 * its end is not the source's */
};

/* The next message into *it (what source_next does without read-ahead):
 * source_take_raw and source_finish until one is mail; at the end, unless
 * s->split, source_produce_end. */
gboolean source_produce(struct source *s, struct source_item *it, GError **error);
/* The part of taking a message that needs nothing of what came before (so
 * a thread may run it on a part of an operand): the next message of
 * operand op (number `at`) parsed into *it, its ids found, where it is
 * marked; position, a stand-in Message-ID and the warnings are left to
 * source_finish.  FALSE at the operand's end. */
gboolean source_take_raw(const struct operand *op, guint at, struct source_item *it);
/* What source_take_raw does with the message it took: data[0..len) of
 * operand number `at` parsed into *it (reset, its out cleared, before),
 * its ids found.  Marks nothing. */
void source_take_data(struct source_item *it, guint at, const char *data, gsize len);
/* What source_take_data made of a message, kept apart from its item: the
 * split part's thread parses its messages once, and the reading thread
 * finishes them from this (source_item_restore) instead of parsing them
 * again.  The fields and ids live in a source_store shared by a batch of
 * them. */
struct source_saved {
	enum source_item_state state;
	const char *data;		/* the message (borrowed from the operand) */
	gsize len, body;
	gboolean truncated;
	int known[MESSAGE_F_KNOWN];
	guint field0, nfields;		/* its header fields in the store's fields */
	gsize buf0, buf_len;		/* its ids (each with its NUL) in the store's ids */
	guint off0, nids[3];		/* their offsets (from buf0) in the store's offs:
					 * Message-ID's, In-Reply-To's, References' */
};

struct source_store {
	GArray *fields;			/* struct message_field */
	GString *ids;
	GArray *offs;			/* gsize */
};

/* Keep what source_take_data made of it (state SOURCE_ITEM_MAIL or
 * SOURCE_ITEM_NOT_MAIL) in *sv and the store (whose arrays are made on
 * first use; source_store_clear frees them). */
void source_item_save(const struct source_item *it, struct source_saved *sv,
		      struct source_store *store);
/* The item as source_take_data would have left it for the same message of
 * operand number `at`, made from what was saved (no parse). */
void source_item_restore(struct source_item *it, guint at, const struct source_saved *sv,
			 const struct source_store *store);
void source_store_clear(struct source_store *store);
/* The rest, in order: the item numbered, a Message-ID made up when it has
 * none, its mbox index raised by index_base (messages of the operand before
 * its part), what is wrong with it said.  FALSE: not mail, or unreadable
 * (said; skip it). */
gboolean source_finish(struct source *s, struct source_item *it, guint index_base);
/* At the source's end: FALSE, with *error set when there were messages and
 * none was mail. */
gboolean source_produce_end(const struct source *s, GError **error);
/* Let go of what one message needed (its storage stays, to be reused);
 * free all of it. */
void source_item_reset(struct source_item *it);
void source_item_free(struct source_item *it);
/* A warning: to the warn_fn, or to s->capture while reading ahead. */
void source_say(struct source *s, const char *text);

/* source-ahead.c: source_next when reading ahead; stopping the thread
 * (nothing when it never ran). */
gboolean source_ahead_next(struct source *s, struct source_mail *out, GError **error);
void source_ahead_stop(struct source *s);

#endif
