/* mail-split.c - quill mail split: one file per message (git mailsplit),
 * or all of them as one mboxrd. */
#include "cmd.h"
#include "core/error.h"
#include "mail/mbox.h"
#include "mail/message-body.h"

#include <errno.h>
#include <fcntl.h>
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
	"Existing files of the same names in DIR are replaced.\n"
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

/* CRLF to LF in place; the new length. */
static gsize strip_cr(char *s, gsize len)
{
	gsize o = 0;

	for (gsize i = 0; i < len; i++)
		if (!(s[i] == '\r' && i + 1 < len && s[i + 1] == '\n'))
			s[o++] = s[i];
	s[o] = '\0';
	return o;
}

static gboolean write_all(int fd, const char *data, gsize len)
{
	while (len) {
		ssize_t n = write(fd, data, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return FALSE;
		}
		data += n;
		len -= (gsize)n;
	}
	return TRUE;
}

static gboolean write_file(const char *path, const char *data, gsize len, GError **error)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);

	if (fd < 0 || !write_all(fd, data, len) || close(fd) < 0) {
		int err = errno;
		if (fd >= 0)
			close(fd);
		return qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", path, g_strerror(err));
	}
	return TRUE;
}

struct split {
	const char *dir;	/* one file per message, or */
	int out_fd;		/* the --mbox output */
	const char *out_name;
	enum mbox_format format;
	gboolean keep_cr;
	guint count, skipped;
	json_t *files;		/* --json: the names written */
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
	char *at = where(mb, m);

	if (!s->keep_cr)
		len = strip_cr(data, len);
	msg = message_parse(data, len);
	problems = message_check(msg, &not_mail);
	for (guint i = 0; i < problems->len; i++)
		warn("%s: %s%s", at, (char *)g_ptr_array_index(problems, i),
		     not_mail ? "; skipped" : "");
	if (not_mail) {
		s->skipped++;
	} else if (s->dir) {
		char *path = g_strdup_printf("%s/%04u", s->dir, s->count + 1);

		ok = write_file(path, data, len, error);
		if (ok && s->files)
			json_array_append_new(s->files, json_string(path));
		g_free(path);
		s->count += ok;
	} else {
		char *from = m->from_line ? g_strndup(m->from_line, m->from_len) : NULL;

		g_string_truncate(s->buf, 0);
		mbox_append_rd(s->buf, from, data, len);
		g_free(from);
		if (!write_all(s->out_fd, s->buf->str, s->buf->len))
			ok = qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", s->out_name, g_strerror(errno));
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

int cmd_mail_split(int argc, char **argv, struct ctx *ctx)
{
	char *dir = NULL, *out = NULL, *tmp = NULL;
	gboolean rd = FALSE, o = FALSE, raw = FALSE, keep_cr = FALSE, json = FALSE;
	GOptionEntry entries[] = {
		{ "output", 'o', 0, G_OPTION_ARG_FILENAME, &dir, "Write the messages to DIR/0001, DIR/0002, ... (default: .; made when missing)", "DIR" },
		{ "mbox", 0, 0, G_OPTION_ARG_FILENAME, &out, "Write all the messages to OUT as one mboxrd instead ('-': standard output)", "OUT" },
		{ "mboxrd", 0, 0, G_OPTION_ARG_NONE, &rd, "Undo mboxrd escaping: every >*From line loses one '>' (the default)", NULL },
		{ "mboxo", 0, 0, G_OPTION_ARG_NONE, &o, "Undo mboxo escaping: only \">From \" loses its '>'", NULL },
		{ "raw", 0, 0, G_OPTION_ARG_NONE, &raw, "Undo no escaping (git mailsplit without --mboxrd)", NULL },
		{ "keep-cr", 0, 0, G_OPTION_ARG_NONE, &keep_cr, "Keep the CR of CRLF line ends", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print {\"count\", \"skipped\", \"files\" (or \"mbox\")} as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	struct split s = { .out_fd = -1 };
	GPtrArray *boxes = g_ptr_array_new_with_free_func((GDestroyNotify)mbox_close);
	GError *e = NULL;
	gboolean to_stdout, stdin_seen = FALSE;
	int rc = opt_parse(ctx, &argc, &argv, "MBOX...", split_help, entries);

	if (rc >= 0)
		goto out;
	rc = 2;
	if (argc < 2) {
		rc = usage_error(ctx, "give at least one MBOX ('-': standard input)");
		goto out;
	}
	if (rd + o + raw > 1) {
		rc = usage_error(ctx, "--mboxrd, --mboxo and --raw exclude each other");
		goto out;
	}
	if (dir && out) {
		rc = usage_error(ctx, "-o and --mbox exclude each other");
		goto out;
	}
	to_stdout = out && !strcmp(out, "-");
	if (to_stdout && json) {
		rc = usage_error(ctx, "--json needs --mbox to name a file, not standard output");
		goto out;
	}
	s.format = o ? MBOX_O : raw ? MBOX_RAW : MBOX_RD;
	s.keep_cr = keep_cr;
	for (int i = 1; i < argc; i++) {
		struct mbox *mb;

		if (!strcmp(argv[i], "-")) {
			if (stdin_seen) {
				rc = usage_error(ctx, "'-' (standard input) given twice");
				goto out;
			}
			stdin_seen = TRUE;
		}
		if (!mbox_open(&mb, argv[i], s.format, &e)) {
			rc = fail(e);
			goto out;
		}
		g_ptr_array_add(boxes, mb);
	}

	if (out) {
		s.out_name = out;
		if (to_stdout) {
			s.out_fd = STDOUT_FILENO;
		} else {
			char *base = g_path_get_basename(out), *d = g_path_get_dirname(out);

			tmp = g_strdup_printf("%s/.%s.XXXXXX", d, base);
			g_free(base);
			g_free(d);
			if ((s.out_fd = g_mkstemp(tmp)) < 0) {
				fprintf(stderr, "quill: %s: %s\n", out, g_strerror(errno));
				g_clear_pointer(&tmp, g_free);
				rc = 4;
				goto out;
			}
		}
		s.buf = g_string_new(NULL);
	} else {
		s.dir = dir ? dir : ".";
		if (g_mkdir_with_parents(s.dir, 0777) < 0) {
			fprintf(stderr, "quill: %s: %s\n", s.dir, g_strerror(errno));
			rc = 4;
			goto out;
		}
		if (json)
			s.files = json_array();
	}

	if (!split_all(&s, boxes, &e)) {
		rc = fail(e);
		goto out;
	}
	if (tmp) {
		int fd = s.out_fd;
		mode_t mask = umask(0);

		umask(mask);
		s.out_fd = -1;
		if (fchmod(fd, 0666 & ~mask) < 0 || close(fd) < 0 || g_rename(tmp, out) < 0) {
			fprintf(stderr, "quill: %s: %s\n", out, g_strerror(errno));
			rc = 4;
			goto out;
		}
		g_clear_pointer(&tmp, g_free);
	}
	if (json) {
		json_t *doc = json_pack("{s:i, s:i}", "count", (json_int_t)s.count, "skipped",
					(json_int_t)s.skipped);
		if (s.files)
			json_object_set_new(doc, "files", json_incref(s.files));
		else
			json_object_set_new(doc, "mbox", json_string(out));
		print_json(doc);
	} else if (!to_stdout) {
		printf("%u\n", s.count);
	}
	rc = s.skipped ? 3 : 0;
out:
	if (tmp) {
		if (s.out_fd >= 0)
			close(s.out_fd);
		g_unlink(tmp);
		g_free(tmp);
	}
	if (s.buf)
		g_string_free(s.buf, TRUE);
	json_decref(s.files);
	g_ptr_array_unref(boxes);
	g_free(dir);
	g_free(out);
	return rc;
}
