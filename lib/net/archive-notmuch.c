/* archive-notmuch.c - NOT YET WRITTEN: the notmuch kind of archive.  Every call
 * fails with "not supported yet" until it is. */
#include "core/error.h"
#include "net/archive-kind.h"

static gboolean stub_open(void **state, const char *arg, const struct archive_opts *opts,
			  GError **error)
{
	return qerr(error, QUILL_ERROR_USAGE, "notmuch sources are not supported yet");
}

static gboolean stub_threads(void *state, struct archive_thread *t, guint n, GError **error)
{
	return qerr(error, QUILL_ERROR_USAGE, "notmuch sources are not supported yet");
}

static gboolean stub_search(void *state, const struct archive_query *q, GBytes **out,
			    GError **error)
{
	return qerr(error, QUILL_ERROR_USAGE, "notmuch sources are not supported yet");
}

static void stub_close(void *state)
{
}

const struct archive_kind archive_kind_notmuch = { "notmuch", FALSE, stub_open, stub_threads, stub_search, stub_close };
