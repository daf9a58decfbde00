/* bench-mail.h - bench add --from-mail: the results a reply on the list
 * gives (its review items of kind results, lib/review/items.h), read into
 * roles as bench add reads a file. */
#ifndef QUILL_CMD_BENCH_MAIL_H
#define QUILL_CMD_BENCH_MAIL_H

#include <glib.h>

#include "bench/bench-read.h"
#include "cmd.h"

/* The mail FROM names: a FILE (one mail or an mbox) when one exists, else
 * a Message-ID (with or without <>) whose thread is fetched from `source`
 * (NULL: quill.source, else lore).  The mail with results items is taken:
 * `pick` (--msgid) chooses among several (a FILE with results in more than
 * one mail and no pick: exit 2, naming them); a MSGID takes that mail.
 * Its results are read with *ro (format AUTO: guessed); labelled blocks
 * are roles, and "Key: value unit" lines without blocks are one role per
 * key (its command the key, a heading above them dropped; the metric
 * called `metric`, else "value").
 * On success (-1) *roles (caller owns) have their link set to the mail's,
 * *where_out (caller owns) names it for messages; else the exit code. */
int bench_mail_roles(struct ctx *ctx, const char *from, const char *pick, const char *source,
		     struct bench_read_opts *ro, const char *metric, GPtrArray **roles,
		     char **where_out);

#endif
