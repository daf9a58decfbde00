/* test-relay.c - lib/core/relay: batches filled on one thread come to the
 * reader in order, through fewer batches than there are to send; a reader
 * that stops early gets the last batch and the filler ends. */
#include "core/relay.h"
#include "unit.h"

#define NB 3
#define PER 4

struct batch {
	int v[PER];
	int n;
	gboolean end;
};

struct filler {
	struct relay relay;
	int upto;		/* fill 0..upto-1, then a last batch */
	struct batch store[NB];
};

static gpointer fill(gpointer data)
{
	struct filler *f = data;
	int next = 0;

	for (;;) {
		struct batch *b = relay_to_fill(&f->relay);

		b->n = 0;
		while (b->n < PER && next < f->upto && !relay_stopping(&f->relay))
			b->v[b->n++] = next++;
		b->end = next >= f->upto || relay_stopping(&f->relay);
		relay_filled(&f->relay, b);
		if (b->end)
			return NULL;
	}
}

static gboolean is_end(const void *b)
{
	return ((const struct batch *)b)->end;
}

static GThread *start(struct filler *f, int upto)
{
	void *batches[NB];

	for (int i = 0; i < NB; i++)
		batches[i] = &f->store[i];
	f->upto = upto;
	relay_init(&f->relay, batches, NB);
	return g_thread_new("fill", fill, f);
}

int main(void)
{
	struct filler f = { 0 };
	GThread *t = start(&f, 50);
	int want = 0, bad = 0;

	for (;;) {
		struct batch *b = relay_current(&f.relay);

		for (int i = 0; i < b->n; i++)
			bad += b->v[i] != want++;
		if (b->end)
			break;
		relay_give_back(&f.relay);
	}
	g_thread_join(t);
	is_int(want, 50, "all 50 came, through 3 batches of 4");
	is_int(bad, 0, "in order");
	relay_clear(&f.relay);

	t = start(&f, 1000000);
	ok(relay_current(&f.relay) != NULL, "a first batch");
	relay_stop(&f.relay, is_end);
	ok(is_end(f.relay.cur), "stopped early: the current batch is the last");
	g_thread_join(t);
	ok(1, "and the filler has ended");
	relay_clear(&f.relay);
	return done_testing();
}
