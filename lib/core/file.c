/* file.c - temp file + rename; a regular file read whole, with a cap. */
#include "core/file.h"
#include "core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

gboolean file_write_atomic(const char *path, const char *data, gssize len, GError **error)
{
	char *tmp = g_strconcat(path, ".tmp-XXXXXX", NULL);
	gsize n = len < 0 ? strlen(data) : (gsize)len, done = 0;
	mode_t mask = umask(0);
	int fd;

	umask(mask);
	fd = g_mkstemp_full(tmp, O_WRONLY | O_CLOEXEC, 0666 & ~mask);
	if (fd < 0) {
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot write %s: %s", path, g_strerror(errno));
		g_free(tmp);
		return FALSE;
	}
	while (done < n) {
		ssize_t w = write(fd, data + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		done += (gsize)w;
	}
	if (done < n || close(fd) < 0 || g_rename(tmp, path) < 0) {
		int err = errno;
		if (done < n)
			close(fd);
		g_unlink(tmp);
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot write %s: %s", path, g_strerror(err));
		g_free(tmp);
		return FALSE;
	}
	g_free(tmp);
	return TRUE;
}

/* What a file that is not a regular one is, for a message. */
static const char *file_kind(mode_t mode)
{
	if (S_ISLNK(mode))
		return "a symbolic link";
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode) || S_ISBLK(mode))
		return "a device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a plain file";
}

static int too_large(const char *path, gsize max, GError **error)
{
	if (max && max % (1 << 20) == 0)
		qerr(error, QUILL_ERROR_INPUT, "%s: larger than %" G_GSIZE_FORMAT " MiB", path,
		     max >> 20);
	else
		qerr(error, QUILL_ERROR_INPUT, "%s: larger than %" G_GSIZE_FORMAT " bytes", path, max);
	return -1;
}

int file_read_hostile(const char *path, gsize max, char **data, gsize *len, GError **error)
{
	struct stat st;
	GString *buf;
	int fd, err;

	*data = NULL;
	*len = 0;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		err = errno;
		if (err == ENOENT)
			return 0;
		if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
			qerr(error, QUILL_ERROR_INPUT, "%s: %s, not a regular file", path,
			     file_kind(st.st_mode));
			return -1;
		}
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot read %s: %s", path, g_strerror(err));
		return -1;
	}
	if (fstat(fd, &st) < 0) {
		err = errno;
		close(fd);
		qerr(error, QUILL_ERROR_OUTSIDE, "cannot read %s: %s", path, g_strerror(err));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		qerr(error, QUILL_ERROR_INPUT, "%s: %s, not a regular file", path, file_kind(st.st_mode));
		return -1;
	}
	if ((guint64)st.st_size > max) {
		close(fd);
		return too_large(path, max, error);
	}
	/* read to the end, which may have moved since fstat, but never past max */
	buf = g_string_sized_new((gsize)st.st_size + 1);
	for (;;) {
		char chunk[65536];
		ssize_t n = read(fd, chunk, sizeof chunk);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			err = errno;
			close(fd);
			g_string_free(buf, TRUE);
			qerr(error, QUILL_ERROR_OUTSIDE, "cannot read %s: %s", path, g_strerror(err));
			return -1;
		}
		if (n == 0)
			break;
		if (buf->len + (gsize)n > max) {
			close(fd);
			g_string_free(buf, TRUE);
			return too_large(path, max, error);
		}
		g_string_append_len(buf, chunk, n);
	}
	close(fd);
	*len = buf->len;
	*data = g_string_free(buf, FALSE);
	return 1;
}
