/* mail-split.c - quill mail split: one file per message (git mailsplit),
 * or all of them as one mboxrd. */
#include "cmd.h"
#include "core/error.h"
#include "core/file.h"
#include "core/writer.h"
#include "mail/mbox.h"
#include "mail/message-body.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char split_help[] =
	"Writes each message of the mailboxes (mbox files, Maildirs, single\n"
	"message files, '-' for standard input) to DIR/0001, DIR/0002, ... in\n"
	"order, numbering on across the inputs, and prints how many it wrote.\n"
	"With --mbox, writes them all to OUT as one mboxrd file instead.\n"
	"\n"
	"The \">From \" escaping of the mbox is undone as mboxrd by default (every\n"
	">*From line loses one '>'), as mboxo with --mboxo (only \">From \"), or not\n"
	"at all with --raw. CR of CRLF line ends is removed unless --keep-cr.\n"
	"\n"
	"Unlike git mailsplit, each file is the message alone, as a Maildir holds\n"
	"it: no \"From \" separator line at its top and no blank framing line at\n"
	"its end, so any mail reader (and 'quill mail info') takes it as it is.\n"
	"With git's rules otherwise: numbers four digits wide (-d4), messages in\n"
	"an mbox split at \"From \" lines that carry a date with a time. A file\n"
	"that does not start with \"From \" is one message (git mailsplit refuses\n"
	"it without -b); Maildir files are taken in byte order of their names.\n"
	"Existing files of the same names in DIR are replaced. Each file gets\n"
	"its name only when whole (written unnamed and linked in, or under a\n"
	"temporary name and renamed), so a failed write leaves no part of a\n"
	"file, and a symlink is replaced itself, never written through. The\n"
	"files are written by as many threads as there are processors (at\n"
	"most 4).\n"
	"\n"
	"A problem with a message (its header cut short, no blank line after the\n"
	"header, NUL bytes, an over-long header line) is one warning naming the\n"
	"message by its byte offset or its file; the message is still written.\n"
	"What is not a mail at all (no header field, empty) or cannot be read is\n"
	"warned about and skipped, and the exit status is then 3; the rest is\n"
	"written all the same.";

/* Where a message is, for a warning: "box: message 3 (byte 120)" or the
 * Maildir file's path (caller owns). */
static char *where(const struct mbox *mb, const struct mbox_msg *m)
{
	const char *name = mbox_name(mb);

	if (!strcmp(name, "-"))
		name = "standard input";
	if (m->from_line)
		return g_strdup_printf("%s: message %u (byte %" G_GUINT64_FORMAT ")", name, m->index,
				       m->offset);
	if (m->path && strcmp(m->path, mbox_name(mb)))
		return g_strdup(m->path);
	return g_strdup(name);
}

/* CRLF to LF in place; the new length.  The runs between CRs are found
 * with memchr and moved whole (a byte loop was an eighth of mail split). */
static gsize strip_cr(char *s, gsize len)
{
	char *end = s + len, *o = memchr(s, '\r', len), *p;

	if (!o)
		return len;
	for (p = o; p < end;) {
		char *cr = memchr(p, '\r', end - p);
		char *stop = cr ? cr : end;

		memmove(o, p, stop - p);
		o += stop - p;
		if (!cr)
			break;
		if (cr + 1 < end && cr[1] == '\n')
			p = cr + 1;	/* the CR dropped */
		else {
			*o++ = '\r';
			p = cr + 1;
		}
	}
	*o = '\0';
	return o - s;
}

struct split {
	const char *dir;	/* one file per message, or */
	int out_fd;		/* the --mbox output */
	const char *out_name;
	char *tmp;		/* what the --mbox file is written as until it is whole */
	gboolean special;	/* the --mbox file is a FIFO or a character device: written to */
	enum mbox_format format;
	gboolean keep_cr;
	guint count, skipped;
	json_t *files;		/* the names written (with dir and --json) */
	struct file_writer *writer;	/* with dir: the files, written on threads */
	GString *buf;
};

/* One message: checked, unescaped, written.  FALSE only when writing failed. */
static gboolean split_one(struct split *s, struct mbox *mb, const struct mbox_msg *m, GError **error)
{
	gsize len;
	char *data = mbox_unescape(m->data, m->len, s->format, &len);
	struct message *msg;
	GPtrArray *problems;
	gboolean not_mail, ok = TRUE;
	char *at = NULL;	/* made only for a warning */

	if (!s->keep_cr)
		len = strip_cr(data, len);
	msg = message_parse(data, len);
	problems = message_check(msg, &not_mail);
	if (problems->len)
		at = where(mb, m);
	for (guint i = 0; i < problems->len; i++)
		warn("%s: %s%s", at, (char *)g_ptr_array_index(problems, i),
		     not_mail ? "; skipped" : "");
	if (not_mail) {
		s->skipped++;
	} else if (s->dir) {
		char *path = g_strdup_printf("%s/%04u", s->dir, s->count + 1);

		/* whole or not at all (file_write_new: an unnamed file linked
		 * in, or a temporary name renamed; a symlink of that name is
		 * replaced, not written through), by the writer's threads */
		if (s->files)
			json_array_append_new(s->files, json_string(path));
		message_free(g_steal_pointer(&msg));	/* it points into data */
		ok = file_writer_put(s->writer, path, g_steal_pointer(&data), len, error);
		s->count += ok;
	} else {
		char *from = m->from_line ? g_strndup(m->from_line, m->from_len) : NULL;

		g_string_truncate(s->buf, 0);
		mbox_append_rd(s->buf, from, data, len);
		g_free(from);
		if (!file_write_all(s->out_fd, s->buf->str, s->buf->len))
			ok = qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s",
				  strcmp(s->out_name, "-") ? s->out_name : "standard output",
				  g_strerror(errno));
		s->count += ok;
	}
	g_ptr_array_unref(problems);
	message_free(msg);
	g_free(at);
	g_free(data);
	return ok;
}

static gboolean split_all(struct split *s, GPtrArray *boxes, GError **error)
{
	for (guint i = 0; i < boxes->len; i++) {
		struct mbox *mb = g_ptr_array_index(boxes, i);
		struct mbox_msg m;

		for (;;) {
			GError *e = NULL;

			if (!mbox_next(mb, &m, &e)) {
				if (!e)
					break;
				warn("%s; skipped", e->message);	/* an unreadable Maildir file */
				g_error_free(e);
				s->skipped++;
				continue;
			}
			if (!split_one(s, mb, &m, error))
				return FALSE;
		}
	}
	return TRUE;
}

/* The options, as given. */
struct split_opts {
	char *dir, *out;
	gboolean rd, o, raw, keep_cr;
};

/* -1 when the options go together, else the usage error's exit code. */
static int check_usage(struct ctx *ctx, const struct split_opts *o, int argc)
{
	if (argc < 2)
		return usage_error(ctx, "give at least one MBOX ('-': standard input)");
	if (o->rd + o->o + o->raw > 1)
		return usage_error(ctx, "--mboxrd, --mboxo and --raw exclude each other");
	if (o->dir && o->out)
		return usage_error(ctx, "-o and --mbox exclude each other");
	if (o->out && !strcmp(o->out, "-") && ctx->json)
		return usage_error(ctx, "--json needs --mbox to name a file, not standard output");
	return -1;
}

/* Open every operand into boxes: -1, else the exit code (it said why). */
static int open_boxes(struct ctx *ctx, GPtrArray *boxes, int argc, char **argv,
		      enum mbox_format format)
{
	gboolean stdin_seen = FALSE;

	for (int i = 1; i < argc; i++) {
		struct mbox *mb;
		GError *e = NULL;

		if (!strcmp(argv[i], "-")) {
			if (stdin_seen)
				return usage_error(ctx, "'-' (standard input) given twice");
			stdin_seen = TRUE;
		}
		if (!mbox_open(&mb, argv[i], format, &e))
			return fail(e);
		mbox_set_warn(mb, warn_print, NULL);
		g_ptr_array_add(boxes, mb);
	}
	return -1;
}

/* Where the messages go: the --mbox file (written as a temporary file
 * beside it, renamed when whole; a FIFO or a character device is written
 * to, never renamed over: file_open_special), standard output, or a
 * directory (made when missing).  -1, else the exit code (it said why). */
static int open_output(struct split *s, const struct split_opts *o, gboolean json)
{
	if (!o->out) {
		s->dir = o->dir ? o->dir : ".";
		s->files = json ? json_array() : NULL;	/* only --json prints them */
		if (g_mkdir_with_parents(s->dir, 0777) < 0)
			return failf(QUILL_ERROR_OUTSIDE, "%s: %s", s->dir, g_strerror(errno));
		s->writer = file_writer_new(s->dir, 0);
		return -1;
	}
	s->out_name = o->out;
	s->buf = g_string_new(NULL);
	if (!strcmp(o->out, "-")) {
		s->out_fd = STDOUT_FILENO;
	} else {
		GError *e = NULL;
		int special = file_open_special(o->out, &s->out_fd, &e);

		if (special < 0)
			return fail(e);
		if (special) {
			s->special = TRUE;
			return -1;
		}
		char *base = g_path_get_basename(o->out), *d = g_path_get_dirname(o->out);

		s->tmp = g_strdup_printf("%s/.%s.XXXXXX", d, base);
		g_free(base);
		g_free(d);
		if ((s->out_fd = g_mkstemp(s->tmp)) < 0) {
			int err = errno;
			g_clear_pointer(&s->tmp, g_free);
			return failf(QUILL_ERROR_OUTSIDE, "%s: %s", o->out, g_strerror(err));
		}
	}
	return -1;
}

/* The --mbox file is whole: it takes its name, with the mode a new file
 * gets (a FIFO or a device written to is closed).  -1, else the exit code
 * (it said why; split_clear then removes the temporary file). */
static int finish_output(struct split *s)
{
	int fd = s->out_fd, err = 0;
	mode_t mask = umask(0);

	umask(mask);
	s->out_fd = -1;
	if (s->special)
		return close(fd) < 0 ? failf(QUILL_ERROR_OUTSIDE, "%s: %s", s->out_name,
					     g_strerror(errno)) : -1;
	if (fchmod(fd, 0666 & ~mask) < 0)
		err = errno;
	if (close(fd) < 0 && !err)
		err = errno;
	if (!err && g_rename(s->tmp, s->out_name) < 0)
		err = errno;
	if (err)
		return failf(QUILL_ERROR_OUTSIDE, "%s: %s", s->out_name, g_strerror(err));
	g_clear_pointer(&s->tmp, g_free);
	return -1;
}

/* The report: {"count", "skipped", "files" (with a directory) or "mbox"}. */
static json_t *split_report(const struct split *s)
{
	json_t *doc = json_pack("{s:i, s:i}", "count", (json_int_t)s->count, "skipped",
				(json_int_t)s->skipped);

	if (s->dir)
		json_object_set_new(doc, "files", s->files ? json_incref(s->files) : json_array());
	else
		json_object_set_new(doc, "mbox", json_string(s->out_name));
	return doc;
}

/* The text view: how many were written, unless they went to standard
 * output (where nothing else goes). */
static void split_view(struct ctx *ctx, const json_t *report)
{
	const char *mbox = json_string_value(json_object_get(report, "mbox"));

	if (mbox && !strcmp(mbox, "-"))
		return;
	printf("%" JSON_INTEGER_FORMAT "\n", json_integer_value(json_object_get(report, "count")));
}

static void split_clear(struct split *s)
{
	if (s->special && s->out_fd >= 0)
		close(s->out_fd);
	if (s->tmp) {
		if (s->out_fd >= 0)
			close(s->out_fd);
		g_unlink(s->tmp);
		g_free(s->tmp);
	}
	if (s->buf)
		g_string_free(s->buf, TRUE);
	if (s->writer)
		file_writer_finish(s->writer, NULL);
	json_decref(s->files);
}

int cmd_mail_split(int argc, char **argv, struct ctx *ctx)
{
	struct split_opts o = { 0 };
	GOptionEntry entries[] = {
		{ "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.dir, "Write the messages to DIR/0001, DIR/0002, ... (default: .; made when missing)", "DIR" },
		{ "mbox", 0, 0, G_OPTION_ARG_FILENAME, &o.out, "Write all the messages to OUT as one mboxrd instead ('-': standard output)", "OUT" },
		{ "mboxrd", 0, 0, G_OPTION_ARG_NONE, &o.rd, "Undo mboxrd escaping: every >*From line loses one '>' (the default)", NULL },
		{ "mboxo", 0, 0, G_OPTION_ARG_NONE, &o.o, "Undo mboxo escaping: only \">From \" loses its '>'", NULL },
		{ "raw", 0, 0, G_OPTION_ARG_NONE, &o.raw, "Undo no escaping (git mailsplit without --mboxrd)", NULL },
		{ "keep-cr", 0, 0, G_OPTION_ARG_NONE, &o.keep_cr, "Keep the CR of CRLF line ends", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print {\"count\", \"skipped\", \"files\" (or \"mbox\")} as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct split s = { .out_fd = -1 };
	GPtrArray *boxes = g_ptr_array_new_with_free_func((GDestroyNotify)mbox_close);
	GError *e = NULL;
	int rc = opt_parse(ctx, &argc, &argv, "MBOX...", split_help, entries);

	if (rc >= 0 || (rc = check_usage(ctx, &o, argc)) >= 0)
		goto out;
	s.format = o.o ? MBOX_O : o.raw ? MBOX_RAW : MBOX_RD;
	s.keep_cr = o.keep_cr;
	if ((rc = open_boxes(ctx, boxes, argc, argv, s.format)) >= 0 ||
	    (rc = open_output(&s, &o, ctx->json)) >= 0)
		goto out;
	if (!split_all(&s, boxes, &e) ||
	    (s.writer && !file_writer_finish(g_steal_pointer(&s.writer), &e))) {
		rc = fail(e);
		goto out;
	}
	if ((s.tmp || s.special) && (rc = finish_output(&s)) >= 0)
		goto out;
	emit(ctx, split_report(&s), split_view);
	rc = s.skipped ? 3 : 0;
out:
	split_clear(&s);
	g_ptr_array_unref(boxes);
	g_free(o.dir);
	g_free(o.out);
	return rc;
}
