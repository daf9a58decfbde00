/* source-local.c - the local kinds of mail source: mbox files, Maildirs,
 * single messages and standard input, through lib/mail/mbox. */
#include "core/error.h"
#include "mail/mbox.h"
#include "net/source-kind.h"

#include <string.h>

struct local {
	struct mbox *mb;
	struct mbox_msg last;	/* what next returned last */
};

static gboolean local_open(void **state, const char *arg, warn_fn warn, void *payload,
			   GError **error)
{
	struct local *l;
	struct mbox *mb;

	/* mboxrd: lore, public-inbox and b4 write it, and bodies are handed
	 * out still escaped, so only who unescapes them chooses */
	if (!mbox_open(&mb, arg, MBOX_RD, error))
		return FALSE;
	mbox_set_warn(mb, warn, payload);
	l = g_new0(struct local, 1);
	l->mb = mb;
	*state = l;
	return TRUE;
}

static gboolean spec_mbox_open(void **state, const char *arg, warn_fn warn, void *payload,
			       GError **error)
{
	if (strcmp(arg, "-") && g_file_test(arg, G_FILE_TEST_IS_DIR))
		return qerr(error, QUILL_ERROR_USAGE, "%s: a directory, not an mbox file", arg);
	return local_open(state, arg, warn, payload, error);
}

static gboolean spec_maildir_open(void **state, const char *arg, warn_fn warn, void *payload,
				  GError **error)
{
	if (!g_file_test(arg, G_FILE_TEST_IS_DIR))
		return qerr(error, QUILL_ERROR_USAGE, "%s: not a Maildir (no such directory)", arg);
	return local_open(state, arg, warn, payload, error);
}

static gboolean bytes_open(void **state, const char *arg, warn_fn warn, void *payload,
			   GError **error)
{
	const struct source_bytes_arg *b = (const struct source_bytes_arg *)arg;
	struct local *l = g_new0(struct local, 1);

	mbox_open_bytes(&l->mb, b->name, b->bytes, MBOX_RD);
	mbox_set_warn(l->mb, warn, payload);
	*state = l;
	return TRUE;
}

static gboolean local_next(void *state, const char **data, gsize *len, GError **error)
{
	struct local *l = state;

	if (!mbox_next(l->mb, &l->last, error))
		return FALSE;
	*data = l->last.data;
	*len = l->last.len;
	return TRUE;
}

static void local_mark(void *state, struct source_mark *out)
{
	const struct local *l = state;

	out->path = l->last.path;
	out->index = l->last.from_line ? l->last.index : 0;
	out->offset = l->last.offset;
}

static char *local_where_mark(void *state, const struct source_mark *m)
{
	const struct local *l = state;
	const char *name = mbox_name(l->mb);
	const char *file = !strcmp(name, "-") ? "standard input" : m->path ? m->path : name;

	if (m->index)	/* an mbox */
		return g_strdup_printf("%s: message %u (byte %" G_GUINT64_FORMAT ")", file,
				       m->index, m->offset);
	return g_strdup(file);
}

static char *local_where(void *state)
{
	struct source_mark m;

	local_mark(state, &m);
	return local_where_mark(state, &m);
}

static void *local_split(void *state, gsize min)
{
	struct local *l = state, *part;
	gsize len = mbox_length(l->mb);
	struct mbox *b;

	if (len < min || len < 2 || !(b = mbox_split_at(l->mb, len / 2)))
		return NULL;
	/* its pages are given back behind its scan as the first part's are:
	 * its messages are finished from what its thread found (source-ahead.c),
	 * not parsed again, so nothing faults them back in */
	part = g_new0(struct local, 1);
	part->mb = b;
	return part;
}

static void local_close(void *state)
{
	struct local *l = state;

	mbox_close(l->mb);
	g_free(l);
}

const struct source_kind source_local_path = {
	local_open, local_next, local_where, local_close, local_mark, local_where_mark, local_split,
};
const struct source_kind source_local_mbox = {
	spec_mbox_open, local_next, local_where, local_close, local_mark, local_where_mark, local_split,
};
const struct source_kind source_local_maildir = {
	spec_maildir_open, local_next, local_where, local_close, local_mark, local_where_mark, local_split,
};
const struct source_kind source_local_bytes = {
	bytes_open, local_next, local_where, local_close, local_mark, local_where_mark, local_split,
};
