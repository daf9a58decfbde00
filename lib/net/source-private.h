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

/* One message as taken from its operand, with all it points into. */
struct source_item {
	struct message *m;		/* parsed into again for each message */
	GString *buf;			/* the ids, each with its NUL */
	GArray *offs;			/* gsize: where each id starts in buf */
	GPtrArray *mid, *irt, *refs;	/* pointers into buf (not owned) */
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
};

/* The next message into *it (what source_next does without read-ahead). */
gboolean source_produce(struct source *s, struct source_item *it, GError **error);
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
