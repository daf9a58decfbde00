/* lock.c - stale lock files judged and removed (lock.h). */
#include "git/lock.h"
#include "core/error.h"
#include "git/config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int lease_fd = -1;
static char *lease_dir;		/* the common dir the lease is of */
static warn_fn lock_warn;
static void *lock_warn_payload;

void lock_set_warn(warn_fn warn, void *payload)
{
	lock_warn = warn;
	lock_warn_payload = payload;
}

static char *lease_path(git_repository *repo)
{
	return g_build_filename(git_repository_commondir(repo), "quill-lease", NULL);
}

/* Open <common dir>/quill-lease, made when missing, never through a
 * symbolic link: the fd, or -1.  A path that is there but is no regular
 * file (a link, a directory, a fifo) is refused with an error; one that
 * cannot be opened otherwise (a read-only repository) is -1 alone. */
static int lease_open(git_repository *repo, GError **error)
{
	char *path = lease_path(repo);
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
	int err = errno;
	struct stat st;

	if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))) {
		close(fd);
		fd = -1;
		err = EISDIR;
	}
	if (fd < 0 && (err == ELOOP || err == EISDIR))
		qerr(error, QUILL_ERROR_OUTSIDE, "%s is not a regular file: refused", path);
	g_free(path);
	return fd;
}

gboolean lock_lease_take(git_repository *repo, GError **error)
{
	GError *e = NULL;

	if (lease_fd >= 0)
		return TRUE;
	lease_fd = lease_open(repo, &e);
	if (lease_fd < 0) {
		if (e)
			g_propagate_error(error, e);
		return !e;
	}
	while (flock(lease_fd, LOCK_SH) < 0 && errno == EINTR)
		;
	lease_dir = g_strdup(git_repository_commondir(repo));
	return TRUE;
}

char *lock_ref_path(git_repository *repo, const char *refname)
{
	const char *dir = g_str_has_prefix(refname, "refs/") ? git_repository_commondir(repo)
							     : git_repository_path(repo);
	return g_strconcat(dir, refname, ".lock", NULL);
}

char *lock_index_path(git_repository *repo)
{
	return g_build_filename(git_repository_path(repo), "index.lock", NULL);
}

/* Whether process `pid` (a /proc entry) is a git working in `top` (its
 * current directory under it). */
static gboolean git_in(const char *pid, const char *top)
{
	char path[300], comm[32] = "", *cwd;
	gboolean git = FALSE, in;
	GError *e = NULL;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%s/comm", pid);
	if (!(f = fopen(path, "r")))
		return FALSE;
	if (fgets(comm, sizeof comm, f))
		git = !strcmp(comm, "git\n") || !strncmp(comm, "git-", 4);
	fclose(f);
	if (!git)
		return FALSE;
	snprintf(path, sizeof path, "/proc/%s/cwd", pid);
	if (!(cwd = g_file_read_link(path, &e))) {
		/* gone meanwhile: not running; cannot tell where: counted */
		in = !g_error_matches(e, G_FILE_ERROR, G_FILE_ERROR_NOENT);
		g_error_free(e);
		return in;
	}
	in = g_str_has_prefix(cwd, top) &&
	     (cwd[strlen(top)] == '/' || cwd[strlen(top)] == '\0');
	g_free(cwd);
	return in;
}

/* Whether a git process runs in this repository (TRUE when that cannot be
 * told: no /proc). */
static gboolean git_runs(git_repository *repo)
{
	const char *wd = git_repository_workdir(repo);
	char *top = g_strdup(wd ? wd : git_repository_commondir(repo));
	DIR *d = opendir("/proc");
	struct dirent *de;
	gboolean found = FALSE;

	if (!d) {
		g_free(top);
		return TRUE;
	}
	if (strlen(top) > 1 && top[strlen(top) - 1] == '/')
		top[strlen(top) - 1] = '\0';
	while (!found && (de = readdir(d)))
		if (de->d_name[0] >= '0' && de->d_name[0] <= '9')
			found = git_in(de->d_name, top);
	closedir(d);
	g_free(top);
	return found;
}

/* quill.staleLockSeconds: 60 unless set (to a 32-bit number), 0 below 0. */
static gint64 stale_seconds(git_repository *repo)
{
	gint64 v;

	config_get_int(repo, "quill.staleLockSeconds", G_MININT32, G_MAXINT32, 60, &v, NULL);
	return MAX(v, 0);
}

/* Take the lease exclusively (no other quill holds it): the fd to keep
 * until the file is removed, or -1 (*why set when the file is refused:
 * lease_open).  `own`
 * tells whether it is this process's lease (converted back to shared by
 * lease_release). */
static int lease_exclusive(git_repository *repo, gboolean *own, GError **why)
{
	int fd;

	*own = lease_fd >= 0 && !g_strcmp0(lease_dir, git_repository_commondir(repo));
	if (*own) {
		if (flock(lease_fd, LOCK_EX | LOCK_NB) == 0)
			return lease_fd;
		/* a failed conversion may have dropped the shared lock: again */
		while (flock(lease_fd, LOCK_SH) < 0 && errno == EINTR)
			;
		return -1;
	}
	fd = lease_open(repo, why);
	if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

static void lease_release(int fd, gboolean own)
{
	if (own)
		while (flock(fd, LOCK_SH) < 0 && errno == EINTR)
			;
	else
		close(fd);
}

static gboolean keep(const char *path, const char *why, GError **error)
{
	return qerr(error, QUILL_ERROR_OUTSIDE,
		    "%s exists (%s): another quill or git is running, or one was killed; "
		    "removing that file is safe when no other quill or git runs in this "
		    "repository; nothing was written", path, why);
}

gboolean lock_recover(git_repository *repo, const char *path, GError **error)
{
	char *quill_refs = g_build_filename(git_repository_commondir(repo), "refs", "quill", "",
					    NULL);
	char *quill_tags = g_build_filename(git_repository_commondir(repo), "refs", "tags",
					    "quill", "", NULL);
	gboolean ours = g_str_has_prefix(path, quill_refs) || g_str_has_prefix(path, quill_tags);
	gboolean own, ok;
	GError *bad = NULL;
	struct stat st, again;
	gint64 age, limit = ours ? 0 : stale_seconds(repo);
	int fd, err;

	g_free(quill_refs);
	g_free(quill_tags);
	if (lstat(path, &st) < 0)
		return errno == ENOENT ? TRUE : keep(path, g_strerror(errno), error);
	if (!S_ISREG(st.st_mode))
		return keep(path, "not a regular file", error);
	age = (gint64)time(NULL) - (gint64)st.st_mtime;
	if (age < limit)
		return keep(path, "younger than quill.staleLockSeconds", error);
	if (!ours && git_runs(repo))
		return keep(path, "a git process runs", error);
	if ((fd = lease_exclusive(repo, &own, &bad)) < 0) {
		ok = keep(path, bad ? bad->message : "another quill process holds the lease", error);
		g_clear_error(&bad);
		return ok;
	}
	errno = 0;
	/* the same file still (not one a writer made meanwhile), then away */
	ok = lstat(path, &again) < 0 ||
	     (again.st_ino == st.st_ino && again.st_mtime == st.st_mtime &&
	      (unlink(path) == 0 || errno == ENOENT));
	err = errno;
	lease_release(fd, own);
	if (!ok)
		return keep(path, err ? g_strerror(err) : "it changed meanwhile", error);
	if (lock_warn)
		lock_warn(lock_warn_payload, "removed the stale lock %s (left by a writer that is "
			  "gone; %lld s old)", path, (long long)age);
	return TRUE;
}

gboolean lock_retry_file(git_repository *repo, int rc, const char *lock)
{
	const git_error *ge;
	char *saved;
	gboolean again;
	int klass;

	if (rc != GIT_ELOCKED)
		return FALSE;
	/* libgit2's error (naming the lock) stays for the caller's message */
	ge = git_error_last();
	saved = g_strdup(ge && ge->message ? ge->message : "");
	klass = ge ? ge->klass : GIT_ERROR_REFERENCE;
	again = lock_recover(repo, lock, NULL);
	if (!again && *saved)
		git_error_set_str(klass, saved);
	g_free(saved);
	return again;
}

gboolean lock_retry(git_repository *repo, int rc, const char *refname)
{
	char *lock;
	gboolean again;

	if (rc != GIT_ELOCKED)
		return FALSE;
	lock = lock_ref_path(repo, refname);
	again = lock_retry_file(repo, rc, lock);
	g_free(lock);
	return again;
}

int lock_ref_write(git_repository *repo, const char *refname, const git_oid *id, int force,
		   const git_oid *current, const char *msg, GError **why)
{
	git_reference *ref = NULL;
	char *lock;
	int rc;

	for (int round = 0;; round++) {
		rc = current ? git_reference_create_matching(&ref, repo, refname, id, force,
							     current, msg)
			     : git_reference_create(&ref, repo, refname, id, force, msg);
		git_reference_free(ref);
		ref = NULL;
		if (rc != GIT_ELOCKED || round > 0)
			return rc;
		lock = lock_ref_path(repo, refname);
		if (!lock_recover(repo, lock, why)) {
			g_free(lock);
			return rc;
		}
		g_free(lock);
	}
}
