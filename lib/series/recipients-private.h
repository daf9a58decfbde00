/* recipients-private.h - the pieces of recipients.c: the stored list
 * (recipients-list.c) and the get_maintainer command (recipients-run.c).
 */
#ifndef QUILL_RECIPIENTS_PRIVATE_H
#define QUILL_RECIPIENTS_PRIVATE_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "git/commit.h"

/* ---- the stored list (recipients-list.c) ---- */

struct rcpt_block {
	char *patch_id;		/* NULL: the cover */
	guint line;		/* of its heading */
	gboolean used;		/* matched a mail of the version */
	GPtrArray *to, *cc;	/* char*, as written (checked) */
};

struct rcpt_stored {
	struct rcpt_block *cover;	/* or NULL (borrowed from blocks) */
	GHashTable *by_patch_id;	/* patch-id -> struct rcpt_block* (borrowed) */
	GPtrArray *blocks;		/* struct rcpt_block*, owned, in file order */
};

/* Read a list in series_recipients_format's shape.  NULL with
 * QUILL_ERROR_INPUT "line N: what is wrong" when it cannot be read
 * (caller owns: rcpt_stored_free). */
struct rcpt_stored *rcpt_stored_parse(const char *text, GError **error);
void rcpt_stored_free(struct rcpt_stored *st);

/* ---- the get_maintainer command (recipients-run.c) ---- */

struct rcpt_maint {
	char *user_cmd;		/* quill.getMaintainerCmd, or NULL */
	gboolean kernel;	/* scripts/get_maintainer.pl of the work tree */
	char *shown;		/* the command as reported (owned) */
	char *workdir;		/* where it runs: the top of the work tree, or NULL */
	char *tmpdir;		/* the patch files (owned; removed by rcpt_maint_done) */
	gboolean failed;	/* it failed once: it is not run again */
};

/* What to run, from the configuration and the work tree: FALSE when
 * nothing is configured (quill.getMaintainerCmd unset or empty and no
 * scripts/get_maintainer.pl; an empty quill.getMaintainerCmd turns the
 * script off too). */
gboolean rcpt_maint_setup(struct rcpt_maint *m, git_repository *repo);

/* Run it for one patch: the patch mail `text` in a temporary file named
 * `file_name`.  *to and *cc get the output lines (caller owns, g_strfreev;
 * NULL-terminated, maybe empty).  A failure is one warning (then nothing
 * more is run) and leaves both empty. */
void rcpt_maint_run(struct rcpt_maint *m, const char *text, const char *file_name, char ***to,
		    char ***cc, warn_fn warn, void *payload);
void rcpt_maint_done(struct rcpt_maint *m);

#endif
