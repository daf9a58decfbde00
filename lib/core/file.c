/* file.c - temp file + rename, or an unnamed file linked in; a regular
 * file read whole. */
#include "core/file.h"
#include "core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

gboolean file_write_all(int fd, const char *data, gsize n)
{
	while (n) {
		ssize_t w = write(fd, data, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (!w)
				errno = EIO;
			return FALSE;
		}
		data += w;
		n -= (gsize)w;
	}
	return TRUE;
}

int file_open_special(const char *path, int *fd, GError **error)
{
	struct stat st;

	*fd = -1;
	if (lstat(path, &st) < 0 || S_ISREG(st.st_mode) || S_ISLNK(st.st_mode))
		return 0;
	if (!S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode)) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot write %s: %s", path, file_kind(st.st_mode));
		return -1;
	}
	/* a FIFO nobody reads is an error at once (O_NONBLOCK), not a wait */
	if ((*fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)) < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot write %s: %s", path, g_strerror(errno));
		return -1;
	}
	fcntl(*fd, F_SETFL, fcntl(*fd, F_GETFL) & ~O_NONBLOCK);
	return 1;
}

/* Write to a character device or a FIFO named as the target (-o
 * /dev/null): it is written to, never renamed over. */
static gboolean write_special(int fd, const char *path, const char *data, gsize n,
			      GError **error)
{
	gboolean whole = file_write_all(fd, data, n);

	if (!whole || close(fd) < 0) {
		int err = errno;
		if (!whole)
			close(fd);
		return qerr(error, QUILL_ERROR_OUTSIDE, "cannot write %s: %s", path, g_strerror(err));
	}
	return TRUE;
}

/* The process's umask, read once (quill never changes it; reading it
 * means setting it, so the first reader does it alone: a second thread
 * meanwhile would take the 0 for it).  Once, not per file: mail split
 * writes 100,000 files, and two syscalls each of seven were these. */
static mode_t current_umask(void)
{
	static gsize known;	/* the umask + 1, once read */

	if (g_once_init_enter(&known)) {
		mode_t mask = umask(0);

		umask(mask);
		g_once_init_leave(&known, (gsize)mask + 1);
	}
	return (mode_t)(known - 1);
}

gboolean file_write_atomic(const char *path, const char *data, gssize len, GError **error)
{
	char *tmp;
	gsize n = len < 0 ? strlen(data) : (gsize)len;
	gboolean whole;
	mode_t mask;
	int fd, special = file_open_special(path, &fd, error);

	if (special < 0)
		return FALSE;
	if (special)
		return write_special(fd, path, data, n, error);
	tmp = g_strconcat(path, ".tmp-XXXXXX", NULL);
	mask = current_umask();
	fd = g_mkstemp_full(tmp, O_WRONLY | O_CLOEXEC, 0666 & ~mask);
	if (fd < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot write %s: %s", path, g_strerror(errno));
		g_free(tmp);
		return FALSE;
	}
	whole = file_write_all(fd, data, n);
	if (!whole || close(fd) < 0 || g_rename(tmp, path) < 0) {
		int err = errno;
		if (!whole)
			close(fd);
		g_unlink(tmp);
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot write %s: %s", path, g_strerror(err));
		g_free(tmp);
		return FALSE;
	}
	g_free(tmp);
	return TRUE;
}

/* Give the unnamed file fd the name `name` (relative to dirfd): 0, else
 * the errno.  By the descriptor itself where the kernel allows it, else
 * through its /proc link (AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH before
 * Linux 6.10); which of the two works is learnt once. */
static int link_unnamed(int fd, int dirfd, const char *name)
{
	static gint by_fd = 1;	/* 0: AT_EMPTY_PATH was refused */
	char proc[40];

	if (g_atomic_int_get(&by_fd)) {
		if (!linkat(fd, "", dirfd, name, AT_EMPTY_PATH))
			return 0;
		if (errno != ENOENT && errno != EPERM)
			return errno;
		g_atomic_int_set(&by_fd, 0);
	}
	g_snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
	return linkat(AT_FDCWD, proc, dirfd, name, AT_SYMLINK_FOLLOW) ? errno : 0;
}

gboolean file_write_new_at(int dirfd, const char *name, const char *path, const char *data,
			   gssize len, gboolean *new_ok, GError **error)
{
	gsize n = len < 0 ? strlen(data) : (gsize)len;
	int fd, err;

	if (!*new_ok)
		return file_write_atomic(path, data, len, error);
	if (dirfd == AT_FDCWD) {
		char *dir = g_path_get_dirname(path);

		fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
		g_free(dir);
	} else {
		fd = openat(dirfd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
	}
	if (fd < 0) {
		/* no unnamed files here (EOPNOTSUPP, EISDIR or EINVAL from an
		 * older kernel or file system); any other failure is said by
		 * file_write_atomic, which meets it too */
		*new_ok = FALSE;
		return file_write_atomic(path, data, len, error);
	}
	if (!file_write_all(fd, data, n)) {
		err = errno;
		close(fd);
		return qerr(error, QUILL_ERROR_OUTSIDE, "cannot write %s: %s", path, g_strerror(err));
	}
	err = link_unnamed(fd, dirfd, name);
	if (close(fd) < 0 && !err) {
		err = errno;
		unlinkat(dirfd, name, 0);	/* what was linked may not be whole */
		return qerr(error, QUILL_ERROR_OUTSIDE, "cannot write %s: %s", path, g_strerror(err));
	}
	if (!err)
		return TRUE;
	/* the name is taken (a file to replace, a FIFO to write to) or the
	 * link cannot be made (no /proc): the written file is let go and the
	 * rest of the caller's files go the other way */
	*new_ok = FALSE;
	return file_write_atomic(path, data, len, error);
}

gboolean file_write_new(const char *path, const char *data, gssize len, gboolean *new_ok,
			GError **error)
{
	return file_write_new_at(AT_FDCWD, path, path, data, len, new_ok, error);
}

const char *file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISLNK(mode))
		return "a symbolic link";
	return "of an unknown type";
}

/* FALSE (and *error) unless `st` is of a regular file. */
static gboolean regular(const char *path, const struct stat *st, GError **error)
{
	if (S_ISREG(st->st_mode))
		return TRUE;
	if (S_ISDIR(st->st_mode))
		return qerr(error, QUILL_ERROR_USAGE, "%s: a directory", path);
	if (S_ISLNK(st->st_mode))
		return qerr(error, QUILL_ERROR_USAGE, "%s: a symbolic link", path);
	return qerr(error, QUILL_ERROR_USAGE, "%s: not a regular file (%s)", path,
		    file_kind(st->st_mode));
}

static gboolean too_large(const char *path, gsize max_bytes, GError **error)
{
	return qerr(error, QUILL_ERROR_INPUT, "%s: larger than %" G_GSIZE_FORMAT " bytes", path,
		    max_bytes);
}

gboolean file_read_regular(const char *path, gsize max_bytes, char **data, gsize *len,
			   gboolean follow_symlink, GError **error)
{
	struct stat st;
	char *buf = NULL;
	gsize size = 0, cap;
	int fd, err;

	*data = NULL;
	*len = 0;
	max_bytes = MIN(max_bytes, G_MAXSIZE / 2);
	/* first by its name, so that a FIFO or a device is not even opened */
	if ((follow_symlink ? stat(path, &st) : lstat(path, &st)) < 0)
		return qerr(error, QUILL_ERROR_USAGE, "%s: %s", path, g_strerror(errno));
	if (!regular(path, &st, error))
		return FALSE;
	/* then what was opened, which may have been replaced meanwhile;
	 * O_NONBLOCK: opening a FIFO does not wait for a writer */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (follow_symlink ? 0 : O_NOFOLLOW));
	if (fd < 0) {
		err = errno;
		if (err == ELOOP && !follow_symlink)
			return qerr(error, QUILL_ERROR_USAGE, "%s: a symbolic link", path);
		return qerr(error, QUILL_ERROR_USAGE, "%s: %s", path, g_strerror(err));
	}
	if (fstat(fd, &st) < 0) {
		err = errno;
		close(fd);
		return qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", path, g_strerror(err));
	}
	if (!regular(path, &st, error)) {
		close(fd);
		return FALSE;
	}
	if (st.st_size > 0 && (guint64)st.st_size > max_bytes) {
		close(fd);
		return too_large(path, max_bytes, error);
	}
	/* the size it has now; it may still grow while it is read */
	cap = (gsize)MAX(st.st_size, 0) + 1;
	buf = g_malloc(cap + 1);
	for (;;) {
		ssize_t got;

		if (size == cap) {
			cap = cap > max_bytes / 2 ? max_bytes + 1 : cap * 2;
			buf = g_realloc(buf, cap + 1);
		}
		got = read(fd, buf + size, cap - size);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			err = errno;
			close(fd);
			g_free(buf);
			return qerr(error, QUILL_ERROR_OUTSIDE, "%s: %s", path, g_strerror(err));
		}
		if (got == 0)
			break;
		size += (gsize)got;
		if (size > max_bytes) {
			close(fd);
			g_free(buf);
			return too_large(path, max_bytes, error);
		}
	}
	close(fd);
	buf[size] = 0;
	*data = buf;
	*len = size;
	return TRUE;
}

int file_read_hostile(const char *path, gsize max, char **data, gsize *len, GError **error)
{
	struct stat st;
	GError *e = NULL;

	*data = NULL;
	*len = 0;
	if (lstat(path, &st) < 0) {
		if (errno == ENOENT)
			return 0;
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot read %s: %s", path, g_strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		qerr(error, QUILL_ERROR_INPUT, "%s: %s, not a regular file", path, file_kind(st.st_mode));
		return -1;
	}
	if ((guint64)st.st_size > max) {
		if (max % (1 << 20) == 0)
			qerr(error, QUILL_ERROR_INPUT, "%s: larger than %" G_GSIZE_FORMAT " MiB", path,
			     max >> 20);
		else
			qerr(error, QUILL_ERROR_INPUT, "%s: larger than %" G_GSIZE_FORMAT " bytes", path,
			     max);
		return -1;
	}
	/* then read as any regular file is, without following a link: what
	 * was replaced since the look is refused there */
	if (file_read_regular(path, max, data, len, FALSE, &e))
		return 1;
	if (qerr_class(e) == QUILL_ERROR_USAGE)
		qerr(error, QUILL_ERROR_INPUT, "%s", e->message);
	else
		g_propagate_error(error, g_steal_pointer(&e));
	g_clear_error(&e);
	return -1;
}
