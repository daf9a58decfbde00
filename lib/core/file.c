/* file.c - temp file + rename. */
#include "core/file.h"
#include "core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
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
