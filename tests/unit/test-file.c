/* test-file.c - lib/file: whole files or none. */
#include "core/error.h"
#include "core/file.h"
#include "unit.h"

#include <glib/gstdio.h>

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
	UNIT_CASE("missing-dir") {
		ok(!file_write_atomic(bad, "x", -1, &e), "a missing directory fails");
		ok(e && strstr(e->message, bad) && qerr_class(e) == QUILL_ERROR_OUTSIDE,
		   "naming the path, as an outside failure");
	}
	g_unlink(path);
	g_rmdir(dir);
	g_clear_error(&e);
	g_free(got);
	g_free(bad);
	g_free(path);
	g_free(dir);
	return done_testing();
}
