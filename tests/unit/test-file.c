/* test-file.c - lib/file: whole files or none; a regular file read whole. */
#include "core/error.h"
#include "core/file.h"
#include "unit.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* file_read_regular: what it reads, and what it refuses without waiting. */
static void test_read(const char *dir)
{
	char *path = g_build_filename(dir, "in.txt", NULL);
	char *fifo = g_build_filename(dir, "fifo", NULL);
	char *link = g_build_filename(dir, "link", NULL);
	char *data = NULL;
	gsize len = 0;
	GError *e = NULL;

	g_file_set_contents(path, "12345", 5, NULL);
	ok(file_read_regular(path, 100, &data, &len, FALSE, NULL) && len == 5 &&
		   !memcmp(data, "12345", 6),
	   "reads a regular file whole, NUL-terminated");
	g_free(data);
	ok(file_read_regular(path, 5, &data, &len, FALSE, NULL) && len == 5, "up to the cap");
	g_free(data);
	ok(!file_read_regular(path, 4, &data, &len, FALSE, &e) && !data && e &&
		   qerr_class(e) == QUILL_ERROR_INPUT && strstr(e->message, path) &&
		   g_str_has_suffix(e->message, ": larger than 4 bytes"),
	   "past the cap: bad input, naming it");
	g_clear_error(&e);
	g_file_set_contents(path, "", 0, NULL);
	ok(file_read_regular(path, 4, &data, &len, FALSE, NULL) && len == 0 && data && !*data,
	   "an empty file");
	g_free(data);

	ok(!file_read_regular(dir, 100, &data, &len, TRUE, &e) && e &&
		   qerr_class(e) == QUILL_ERROR_USAGE && g_str_has_suffix(e->message, ": a directory"),
	   "a directory: usage");
	g_clear_error(&e);
	ok(mkfifo(fifo, 0600) == 0, "a FIFO made");
	ok(!file_read_regular(fifo, 100, &data, &len, TRUE, &e) && e &&
		   qerr_class(e) == QUILL_ERROR_USAGE && g_str_has_prefix(e->message, fifo) &&
		   g_str_has_suffix(e->message, ": not a regular file (a FIFO)"),
	   "a FIFO nobody writes: refused, not waited on");
	g_clear_error(&e);
	ok(!file_read_regular("/dev/null", 100, &data, &len, TRUE, &e) && e &&
		   !strcmp(e->message, "/dev/null: not a regular file (a character device)"),
	   "a device: refused");
	g_clear_error(&e);
	ok(!file_read_regular("/nonexistent/x", 100, &data, &len, TRUE, &e) && e &&
		   qerr_class(e) == QUILL_ERROR_USAGE &&
		   !strcmp(e->message, "/nonexistent/x: No such file or directory"),
	   "a missing file: usage, naming it");
	g_clear_error(&e);

	ok(symlink("in.txt", link) == 0, "a symbolic link made");
	ok(file_read_regular(link, 100, &data, &len, TRUE, NULL) && len == 0,
	   "a symbolic link is followed when asked");
	g_free(data);
	ok(!file_read_regular(link, 100, &data, &len, FALSE, &e) && e &&
		   qerr_class(e) == QUILL_ERROR_USAGE && g_str_has_suffix(e->message, ": a symbolic link"),
	   "and refused when not");
	g_clear_error(&e);
	g_unlink(link);
	g_unlink(fifo);
	g_unlink(path);
	g_free(link);
	g_free(fifo);
	g_free(path);
}

int main(int argc, char **argv)
{
	char *dir = g_dir_make_tmp("quill-test-file-XXXXXX", NULL);
	char *path = g_build_filename(dir, "out.txt", NULL);
	char *bad = g_build_filename(dir, "no", "such", "dir", "x", NULL);
	char *got = NULL;
	GError *e = NULL;
	GDir *d;
	int entries = 0;

	unit_init(argc, argv);
	UNIT_CASE("write") {
		ok(file_write_atomic(path, "first\n", -1, NULL), "writes a new file");
		ok(file_write_atomic(path, "second", 3, NULL), "replaces it, with a length");
		g_file_get_contents(path, &got, NULL, NULL);
		is_str(got, "sec", "the file holds what was written last");
		d = g_dir_open(dir, 0, NULL);
		while (d && g_dir_read_name(d))
			entries++;
		is_int(entries, 1, "no temporary file is left behind");
		g_dir_close(d);
	}
	UNIT_CASE("write-new") {
		char *fresh = g_build_filename(dir, "fresh.txt", NULL);
		char *lnk = g_build_filename(dir, "new.lnk", NULL);
		gboolean new_ok = TRUE;
		struct stat st;
		mode_t mask = umask(022);

		umask(mask);
		g_clear_pointer(&got, g_free);	/* the write case's */
		ok(file_write_new(fresh, "one\n", -1, &new_ok, NULL), "writes a new file");
		ok(new_ok, "unnamed and linked in: the hint stays");
		g_file_get_contents(fresh, &got, NULL, NULL);
		is_str(got, "one\n", "holding what was written");
		g_clear_pointer(&got, g_free);
		ok(stat(fresh, &st) == 0 && (st.st_mode & 0777) == (0666 & ~mask),
		   "with the mode a new file gets");
		ok(file_write_new(fresh, "two", -1, &new_ok, NULL), "a second write to the same name");
		ok(!new_ok, "the name was taken: the hint turns off");
		g_file_get_contents(fresh, &got, NULL, NULL);
		is_str(got, "two", "the file was replaced");
		g_clear_pointer(&got, g_free);
		new_ok = TRUE;
		ok(symlink(fresh, lnk) == 0, "a symbolic link made");
		ok(file_write_new(lnk, "three", -1, &new_ok, NULL), "a write to the link's name");
		ok(lstat(lnk, &st) == 0 && S_ISREG(st.st_mode), "the link is replaced by a file");
		g_file_get_contents(fresh, &got, NULL, NULL);
		is_str(got, "two", "not written through");
		g_clear_pointer(&got, g_free);
		new_ok = TRUE;
		g_clear_error(&e);
		ok(!file_write_new(bad, "x", -1, &new_ok, &e) && e && strstr(e->message, bad) &&
			   qerr_class(e) == QUILL_ERROR_OUTSIDE,
		   "a missing directory fails, naming the path");
		g_clear_error(&e);
		g_unlink(lnk);
		g_unlink(fresh);
		g_free(lnk);
		g_free(fresh);
	}
	UNIT_CASE("write-all") {
		int p[2], full = open("/dev/full", O_WRONLY);
		char buf[8] = { 0 };

		ok(pipe(p) == 0 && file_write_all(p[1], "abcdef", 6) && read(p[0], buf, 7) == 6 &&
			   !strcmp(buf, "abcdef"),
		   "file_write_all: every byte, in order");
		close(p[0]);
		close(p[1]);
		if (full >= 0) {
			errno = 0;
			ok(!file_write_all(full, "x", 1) && errno == ENOSPC,
			   "a failed write: FALSE with errno set");
			close(full);
		} else {
			ok(1, "a failed write: skipped, no /dev/full here");
		}
	}
	UNIT_CASE("missing-dir") {
		ok(!file_write_atomic(bad, "x", -1, &e), "a missing directory fails");
		ok(e && strstr(e->message, bad) && qerr_class(e) == QUILL_ERROR_OUTSIDE,
		   "naming the path, as an outside failure");
	}
	UNIT_CASE("special") {
		struct stat st;
		char *fifo = g_build_filename(dir, "w.fifo", NULL);

		/* a character device of our own (the null device's numbers), in the
		 * scratch directory: a regression renames over it, not over /dev/null */
		char *dev = g_build_filename(dir, "null", NULL);
		if (mknod(dev, S_IFCHR | 0666, makedev(1, 3)) == 0) {
			ok(file_write_atomic(dev, "x\n", -1, NULL), "a character device is written to");
			ok(lstat(dev, &st) == 0 && S_ISCHR(st.st_mode),
			   "and is still the device, never renamed over");
		} else {	/* mknod needs root */
			ok(1, "a character device: skipped, mknod is not allowed here");
		}
		g_free(dev);
		ok(mkfifo(fifo, 0600) == 0, "a FIFO made");
		g_clear_error(&e);
		ok(!file_write_atomic(fifo, "x", -1, &e) && e && qerr_class(e) == QUILL_ERROR_OUTSIDE,
		   "a FIFO nobody reads: an error at once, not a wait");
		ok(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode), "the FIFO is left as it was");
		g_unlink(fifo);
		g_free(fifo);
	}
	UNIT_CASE("open-special") {
		char *fifo = g_build_filename(dir, "r.fifo", NULL);
		char *sub = g_build_filename(dir, "sub", NULL);
		char *lnk = g_build_filename(dir, "lnk", NULL);
		char buf[8] = { 0 };
		int fd = 0, rfd;

		ok(file_write_atomic(path, "x", -1, NULL), "a regular file made");
		is_int(file_open_special(path, &fd, NULL), 0, "a regular file: write beside, rename");
		is_int(fd, -1, "and no descriptor");
		is_int(file_open_special(bad, &fd, NULL), 0, "a missing path: 0 too");
		ok(symlink(path, lnk) == 0, "a symbolic link made");
		is_int(file_open_special(lnk, &fd, NULL), 0, "a symbolic link: 0 (it is replaced)");
		ok(g_mkdir(sub, 0700) == 0, "a directory made");
		g_clear_error(&e);
		is_int(file_open_special(sub, &fd, &e), -1, "a directory: refused");
		ok(e && strstr(e->message, "a directory") && qerr_class(e) == QUILL_ERROR_OUTSIDE,
		   "saying so, as an outside failure");
		ok(mkfifo(fifo, 0600) == 0, "a FIFO made");
		rfd = open(fifo, O_RDONLY | O_NONBLOCK);
		ok(rfd >= 0, "with a reader");
		is_int(file_open_special(fifo, &fd, NULL), 1, "a FIFO someone reads: opened");
		ok(fd >= 0 && write(fd, "abc", 3) == 3 && close(fd) == 0, "written to");
		ok(read(rfd, buf, sizeof buf - 1) == 3 && !strcmp(buf, "abc"), "the reader gets it");
		close(rfd);
		g_unlink(fifo);
		g_unlink(lnk);
		g_rmdir(sub);
		g_free(fifo);
		g_free(sub);
		g_free(lnk);
	}
	g_unlink(path);
	test_read(dir);
	g_rmdir(dir);
	g_clear_error(&e);
	g_free(got);
	g_free(bad);
	g_free(path);
	g_free(dir);
	return done_testing();
}
