/* archive-mirror-index.c - the per-epoch Message-ID index of a
 * public-inbox v2 mirror: read from its file in the cache, brought up to
 * date from the commits after its tip, appended to. */
#include "net/archive-mirror-index.h"
#include "core/error.h"
#include "net/archive-mail.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "quill-mirror-index 1 "

static void msg_free(struct mirror_msg *m)
{
	if (!m)
		return;
	g_free(m->msgid);
	g_free(m->subject);
	g_free(m->from);
	g_free(m->change_id);
	g_strfreev(m->parents);
	g_free(m);
}

static void op_clear(gpointer p)
{
	struct mirror_op *op = p;

	msg_free(op->add);
	op->add = NULL;
}

struct mirror_index *mirror_index_new(const char *git_dir, const char *file)
{
	struct mirror_index *ix = g_new0(struct mirror_index, 1);

	ix->git_dir = g_strdup(git_dir);
	ix->file = g_strdup(file);
	ix->ops = g_array_new(FALSE, TRUE, sizeof(struct mirror_op));
	g_array_set_clear_func(ix->ops, op_clear);
	return ix;
}

void mirror_index_free(struct mirror_index *ix)
{
	if (!ix)
		return;
	g_array_unref(ix->ops);
	g_free(ix->git_dir);
	g_free(ix->file);
	g_free(ix);
}

/* ---- the file ---- */

/* s with tabs and line breaks made spaces, for one field (appended). */
static void put_field(GString *out, const char *s)
{
	g_string_append_c(out, '\t');
	for (; *s; s++)
		g_string_append_c(out, *s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
}

static void put_op(GString *out, const struct mirror_op *op)
{
	char hex[GIT_OID_HEXSZ + 1];

	if (!op->add) {
		git_oid_tostr(hex, sizeof hex, &op->del);
		g_string_append_printf(out, "d\t%s\n", hex);
		return;
	}
	git_oid_tostr(hex, sizeof hex, &op->add->blob);
	g_string_append_printf(out, "m\t%s", hex);
	put_field(out, op->add->msgid);
	put_field(out, op->add->subject);
	put_field(out, op->add->from);
	put_field(out, op->add->change_id);
	g_string_append_c(out, '\t');
	for (char **p = op->add->parents; *p; p++) {
		if (p != op->add->parents)
			g_string_append_c(out, ' ');
		for (const char *c = *p; *c; c++)
			g_string_append_c(out, g_ascii_isspace(*c) ? '_' : *c);
	}
	g_string_append_c(out, '\n');
}

static gboolean parse_oid(git_oid *oid, const char *hex)
{
	return strlen(hex) == GIT_OID_HEXSZ && !git_oid_fromstr(oid, hex);
}

/* One line (without its newline) into *op; FALSE when it is not one.
 * A "t" line sets *tip and *is_tip instead. */
static gboolean parse_line(char *line, struct mirror_op *op, git_oid *tip, gboolean *is_tip)
{
	char **f = g_strsplit(line, "\t", 7);
	guint n = g_strv_length(f);
	gboolean ok = FALSE;

	*is_tip = FALSE;
	memset(op, 0, sizeof *op);
	if (n == 2 && !strcmp(f[0], "t")) {
		ok = *is_tip = parse_oid(tip, f[1]);
	} else if (n == 2 && !strcmp(f[0], "d")) {
		ok = parse_oid(&op->del, f[1]);
	} else if (n == 7 && !strcmp(f[0], "m")) {
		struct mirror_msg *m = g_new0(struct mirror_msg, 1);
		char **ps = g_strsplit(f[6], " ", -1);
		GPtrArray *parents = g_ptr_array_new();

		for (char **p = ps; *p; p++)
			if (**p)
				g_ptr_array_add(parents, g_strdup(*p));
		g_ptr_array_add(parents, NULL);
		g_strfreev(ps);
		m->parents = (char **)g_ptr_array_free(parents, FALSE);
		m->msgid = g_strdup(f[2]);
		m->subject = g_strdup(f[3]);
		m->from = g_strdup(f[4]);
		m->change_id = g_strdup(f[5]);
		ok = parse_oid(&m->blob, f[1]);
		if (ok)
			op->add = m;
		else
			msg_free(m);
	}
	g_strfreev(f);
	return ok;
}

/* The whole of fd (caller owns). */
static gboolean read_fd(int fd, const char *name, GString **out, GError **error)
{
	GString *buf = g_string_new(NULL);
	char chunk[65536];
	ssize_t n;

	if (lseek(fd, 0, SEEK_SET) < 0)
		goto fail;
	while ((n = read(fd, chunk, sizeof chunk)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		g_string_append_len(buf, chunk, n);
	}
	*out = buf;
	return TRUE;
fail:
	g_string_free(buf, TRUE);
	return qerr(error, QUILL_ERROR_OUTSIDE, "%s: cannot read it: %s", name, g_strerror(errno));
}

/* What the file holds up to its last "t" line into ix; nothing when its
 * first line is not this epoch's. */
static void load(struct mirror_index *ix, GString *buf)
{
	char *magic = g_strconcat(MAGIC, ix->git_dir, "\n", NULL);
	gsize at = strlen(magic), good = 0;
	guint good_ops = 0;

	if (buf->len < at || memcmp(buf->str, magic, at)) {
		g_free(magic);
		return;
	}
	g_free(magic);
	while (at < buf->len) {
		char *nl = memchr(buf->str + at, '\n', buf->len - at), *line;
		struct mirror_op op;
		git_oid tip;
		gboolean is_tip, ok;

		if (!nl)
			break;	/* cut short */
		line = g_strndup(buf->str + at, (gsize)(nl - (buf->str + at)));
		ok = parse_line(line, &op, &tip, &is_tip);
		g_free(line);
		if (!ok)
			break;
		at = (gsize)(nl - buf->str) + 1;
		if (is_tip) {
			ix->tip = tip;
			ix->has_tip = TRUE;
			good = at;
			good_ops = ix->ops->len;
		} else {
			g_array_append_val(ix->ops, op);
		}
	}
	g_array_set_size(ix->ops, good_ops);
	ix->file_len = good;
	if (!good)
		ix->has_tip = FALSE;
}

/* Write buf at the end of what the file holds complete. */
static gboolean append(struct mirror_index *ix, int fd, const GString *buf, GError **error)
{
	gsize done = 0;

	if (ftruncate(fd, (off_t)ix->file_len) < 0)
		goto fail;
	while (done < buf->len) {
		ssize_t n = pwrite(fd, buf->str + done, buf->len - done, (off_t)(ix->file_len + done));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		done += (gsize)n;
	}
	ix->file_len += buf->len;
	return TRUE;
fail:
	return qerr(error, QUILL_ERROR_OUTSIDE, "%s: cannot write it: %s", ix->file,
		    g_strerror(errno));
}

/* ---- the epoch's history ---- */

static gboolean head_of(git_repository *repo, git_oid *head)
{
	return !git_reference_name_to_id(head, repo, "HEAD") ||
	       !git_reference_name_to_id(head, repo, "refs/heads/master") ||
	       !git_reference_name_to_id(head, repo, "refs/heads/main");
}

/* What commit c did: *op filled, or FALSE when it added nothing known. */
static gboolean read_commit(struct mirror_index *ix, git_repository *repo, const git_oid *c,
			    struct mirror_op *op, GError **error)
{
	git_commit *commit = NULL;
	git_tree *tree = NULL;
	git_blob *blob = NULL;
	const git_tree_entry *te;
	int rc;
	gboolean ok = FALSE;

	memset(op, 0, sizeof *op);
	if ((rc = git_commit_lookup(&commit, repo, c)) || (rc = git_commit_tree(&tree, commit))) {
		qerr_git(error, rc, "%s: cannot read commit %s", ix->git_dir, git_oid_tostr_s(c));
		goto out;
	}
	if ((te = git_tree_entry_byname(tree, "m")) && git_tree_entry_type(te) == GIT_OBJECT_BLOB) {
		struct mirror_msg *m;
		struct message *msg;
		struct archive_mail am;
		GPtrArray *parents;
		const char *data;
		gsize len;

		if ((rc = git_blob_lookup(&blob, repo, git_tree_entry_id(te)))) {
			qerr_git(error, rc, "%s: cannot read the message of commit %s", ix->git_dir,
				 git_oid_tostr_s(c));
			goto out;
		}
		data = git_blob_rawcontent(blob);
		len = (gsize)git_blob_rawsize(blob);
		msg = message_parse(data, len);
		archive_mail_read(&am, msg, data + msg->body, len - msg->body);
		m = g_new0(struct mirror_msg, 1);
		git_oid_cpy(&m->blob, git_tree_entry_id(te));
		m->msgid = message_msgid(msg);
		if (!m->msgid)
			m->msgid = g_strdup("");
		m->subject = am.subject;
		m->from = am.from;
		m->change_id = am.change_id;
		parents = archive_mail_parents(msg);
		g_ptr_array_set_free_func(parents, NULL);
		g_ptr_array_add(parents, NULL);
		m->parents = (char **)g_ptr_array_free(parents, FALSE);
		message_free(msg);
		op->add = m;
		ok = TRUE;
	} else if ((te = git_tree_entry_byname(tree, "d"))) {
		git_oid_cpy(&op->del, git_tree_entry_id(te));
		ok = TRUE;
	}
out:
	git_blob_free(blob);
	git_tree_free(tree);
	git_commit_free(commit);
	return ok;
}

/* The commits after the tip into ix->ops, their lines into buf. */
static gboolean walk(struct mirror_index *ix, git_repository *repo, const git_oid *head,
		     GString *buf, GError **error)
{
	git_revwalk *w = NULL;
	git_oid c;
	int rc;

	if ((rc = git_revwalk_new(&w, repo)) ||
	    (rc = git_revwalk_sorting(w, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE)) ||
	    (rc = git_revwalk_push(w, head)) ||
	    (ix->has_tip && (rc = git_revwalk_hide(w, &ix->tip)))) {
		git_revwalk_free(w);
		return qerr_git(error, rc, "%s: cannot walk its history", ix->git_dir);
	}
	while (!(rc = git_revwalk_next(&c, w))) {
		struct mirror_op op;
		GError *e = NULL;

		if (!read_commit(ix, repo, &c, &op, &e)) {
			if (e) {
				g_propagate_error(error, e);
				git_revwalk_free(w);
				return FALSE;
			}
			continue;
		}
		put_op(buf, &op);
		g_array_append_val(ix->ops, op);
	}
	git_revwalk_free(w);
	if (rc != GIT_ITEROVER)
		return qerr_git(error, rc, "%s: cannot walk its history", ix->git_dir);
	return TRUE;
}

/* Open (creating) and lock the file; -1 with *error set on failure. */
static int open_locked(const struct mirror_index *ix, GError **error)
{
	/* a cache file is read as hostile: never through a link, never a
	 * FIFO or a device (O_NONBLOCK: opening one does not wait) */
	int fd = open(ix->file, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0666);
	struct stat st;

	if (fd < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: cannot open it: %s", ix->file, g_strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: not a regular file", ix->file);
		close(fd);
		return -1;
	}
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	while (flock(fd, LOCK_EX) < 0) {
		if (errno == EINTR)
			continue;
		qerr(error, QUILL_ERROR_OUTSIDE, "%s: cannot lock it: %s", ix->file, g_strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

gboolean mirror_index_update(struct mirror_index *ix, git_repository *repo, GError **error)
{
	int fd = -1;
	gboolean ok = FALSE, writable = TRUE;
	GString *buf = g_string_new(NULL);
	git_oid head;
	guint before;

	if (ix->file) {
		struct stat st;
		if ((fd = open_locked(ix, error)) < 0)
			goto out;
		if (!ix->loaded) {
			GString *content;
			if (!read_fd(fd, ix->file, &content, error))
				goto out;
			load(ix, content);
			g_string_free(content, TRUE);
			ix->loaded = TRUE;
		} else if (fstat(fd, &st) || (gsize)st.st_size != ix->file_len) {
			writable = FALSE;	/* another process wrote it: its copy stands */
		}
	}
	if (!head_of(repo, &head) || (ix->has_tip && git_oid_equal(&head, &ix->tip))) {
		ok = TRUE;	/* an empty epoch, or nothing new */
		goto out;
	}
	if (ix->has_tip && git_graph_descendant_of(repo, &head, &ix->tip) != 1) {
		/* the history was rewritten (a purge): start again */
		g_array_set_size(ix->ops, 0);
		ix->has_tip = FALSE;
		ix->file_len = 0;
	}
	if (ix->file && !ix->file_len)
		g_string_append_printf(buf, MAGIC "%s\n", ix->git_dir);
	before = ix->ops->len;
	if (!walk(ix, repo, &head, buf, error)) {
		g_array_set_size(ix->ops, before);	/* all of it next time */
		goto out;
	}
	g_string_append_printf(buf, "t\t%s\n", git_oid_tostr_s(&head));
	ix->tip = head;
	ix->has_tip = TRUE;
	if (fd >= 0 && writable && !append(ix, fd, buf, error))
		goto out;
	ok = TRUE;
out:
	g_string_free(buf, TRUE);
	if (fd >= 0)
		close(fd);
	return ok;
}
