/* lint-tree.c - a work tree's control files read without following a
 * symbolic link (see lint-tree.h). */
#include "lint/lint-tree.h"
#include "core/error.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Read all of fd (a regular file) into *text. */
static gboolean read_all(int fd, const char *path, char **text, gsize *len, GError **error)
{
	GString *s = g_string_new(NULL);
	char buf[8192];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			qerr(error, QUILL_ERROR_INPUT, "cannot read %s: %s", path, g_strerror(errno));
			g_string_free(s, TRUE);
			return FALSE;
		}
		g_string_append_len(s, buf, n);
	}
	*len = s->len;
	*text = g_string_free(s, FALSE);
	return TRUE;
}

enum lint_tree_status lint_tree_read(const char *workdir, const char *rel, char **text, gsize *len,
				     warn_fn warn, void *warn_payload, GError **error)
{
	char **parts = g_strsplit(rel, "/", -1);
	GString *path = g_string_new(workdir);
	enum lint_tree_status st = LINT_TREE_ERROR;
	int dir = open(workdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), fd = -1;
	struct stat sb;

	*text = NULL;
	*len = 0;
	if (dir < 0) {
		st = LINT_TREE_ABSENT;
		goto out;
	}
	for (guint i = 0; parts[i]; i++) {
		gboolean last = !parts[i + 1];
		int flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | (last ? O_NONBLOCK : O_DIRECTORY);

		if (!*parts[i])
			continue;
		if (path->len && path->str[path->len - 1] != '/')
			g_string_append_c(path, '/');
		g_string_append(path, parts[i]);
		fd = openat(dir, parts[i], flags);
		/* a link as the last part is ELOOP; as a directory part, ENOTDIR
		 * too (O_DIRECTORY is checked on what it names) */
		if (fd < 0 && (errno == ELOOP || errno == ENOTDIR) &&
		    fstatat(dir, parts[i], &sb, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(sb.st_mode)) {
			if (warn && last) {
				warn(warn_payload, "%s: a symbolic link; not read", path->str);
			} else if (warn) {
				char *full = g_build_filename(workdir, rel, NULL);

				warn(warn_payload, "%s: under the symbolic link %s; not read", full,
				     path->str);
				g_free(full);
			}
			st = LINT_TREE_LINK;
			goto out;
		}
		if (fd < 0) {
			if (errno == ENOENT || errno == ENOTDIR) {
				st = errno == ENOTDIR && last ? LINT_TREE_OTHER : LINT_TREE_ABSENT;
				goto out;
			}
			qerr(error, QUILL_ERROR_INPUT, "cannot read %s: %s", path->str, g_strerror(errno));
			goto out;
		}
		close(dir);
		dir = fd;
		fd = -1;
	}
	/* dir is now the file itself */
	if (fstat(dir, &sb) < 0) {
		qerr(error, QUILL_ERROR_INPUT, "cannot read %s: %s", path->str, g_strerror(errno));
	} else if (!S_ISREG(sb.st_mode)) {
		st = LINT_TREE_OTHER;
	} else {
		int fl = fcntl(dir, F_GETFL);

		if (fl >= 0)
			fcntl(dir, F_SETFL, fl & ~O_NONBLOCK);
		if (read_all(dir, path->str, text, len, error))
			st = LINT_TREE_READ;
	}
out:
	if (dir >= 0)
		close(dir);
	g_string_free(path, TRUE);
	g_strfreev(parts);
	return st;
}
