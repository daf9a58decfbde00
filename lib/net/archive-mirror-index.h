/* archive-mirror-index.h - the Message-ID index of one epoch of a
 * public-inbox v2 inbox (lib/net only).
 *
 * An epoch (git/N.git) is a line of commits, each adding one message (a
 * blob "m" in its tree) or deleting one (a blob "d", the deleted message's
 * own blob).  The index records, in history order, what each commit did:
 * the blob and what a thread or a search needs of the message (its
 * Message-ID, parents, subject text, sender, change-id), and the last
 * commit read.  It is kept in a file of the cache, a text file of lines
 *   quill-mirror-index 1 <epoch's git dir>
 *   m <blob> <msgid> <subject> <from> <change-id> <parent ids, space-separated>
 *   d <blob>
 *   t <commit>              the tip: what comes before it is complete
 * (fields separated by tabs), only ever appended to, so that bringing it up
 * to date reads the commits newer than its tip and nothing else.  Lines
 * after the last "t" (a write cut short) are dropped and written again; a
 * file that does not parse, or a tip the epoch's history no longer holds
 * (a purge rewrote it), makes the index start again from the first commit.
 */
#ifndef QUILL_NET_ARCHIVE_MIRROR_INDEX_H
#define QUILL_NET_ARCHIVE_MIRROR_INDEX_H

#include <git2.h>
#include <glib.h>

/* One message added (or, with deleted set, taken back later). */
struct mirror_msg {
	git_oid blob;
	char *msgid;		/* "" when it has none */
	char *subject, *from, *change_id;	/* as lib/net/archive-mail reads them, "" for none */
	char **parents;		/* NULL-terminated */
	gboolean deleted;
	guint mark;		/* free for the reader (a thread's walk) */
};

/* What one commit did, in history order. */
struct mirror_op {
	struct mirror_msg *add;	/* the message added (owned by the index), or NULL */
	git_oid del;		/* with add NULL: the blob deleted */
};

struct mirror_index {
	char *git_dir;		/* the epoch's git dir (owned) */
	char *file;		/* the index file, or NULL without a cache (owned) */
	GArray *ops;		/* struct mirror_op, in history order */
	git_oid tip;
	gboolean has_tip;
	gboolean loaded;	/* the file was read */
	gsize file_len;		/* what of the file is complete (up to the last "t") */
};

/* An empty index of the epoch at GIT_DIR, kept in FILE (NULL: in memory
 * only).  Nothing is read yet.  Free with mirror_index_free. */
struct mirror_index *mirror_index_new(const char *git_dir, const char *file);
void mirror_index_free(struct mirror_index *ix);

/* Bring the index up to date with REPO (the epoch opened): read the file
 * the first time, then the commits after the tip, and append what they
 * did to the file (unless another process appended to it meanwhile: then
 * the next run does).  ops may be started again from empty (see above),
 * so a caller keeps no pointer into it across calls.  QUILL_ERROR_OUTSIDE
 * naming the git dir or the file when git or the cache cannot be read or
 * written. */
gboolean mirror_index_update(struct mirror_index *ix, git_repository *repo, GError **error);

#endif
