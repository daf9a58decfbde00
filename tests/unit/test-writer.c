/* test-writer.c - lib/core/writer: files written on threads, all of them,
 * whole; the earliest failure said; the caller told to stop. */
#include "core/error.h"
#include "core/writer.h"
#include "unit.h"

#include <glib/gstdio.h>

#define N 700

/* How many of dir/0..N-1 hold "file I\n" (the rest: missing or wrong). */
static int whole(const char *dir)
{
	int good = 0;

	for (int i = 0; i < N; i++) {
		char *path = g_strdup_printf("%s/%d", dir, i), *got = NULL;
		char *want = g_strdup_printf("file %d\n", i);

		if (g_file_get_contents(path, &got, NULL, NULL) && !strcmp(got, want))
			good++;
		g_free(got);
		g_free(want);
		g_free(path);
	}
	return good;
}

/* Write the N files with `threads` threads: TRUE when all went. */
static gboolean write_all(const char *dir, guint threads)
{
	struct file_writer *w = file_writer_new(dir, threads);
	gboolean ok = TRUE;

	for (int i = 0; ok && i < N; i++) {
		char *data = g_strdup_printf("file %d\n", i);

		ok = file_writer_put(w, g_strdup_printf("%s/%d", dir, i), data, strlen(data), NULL);
	}
	return file_writer_finish(w, NULL) && ok;
}

int main(int argc, char **argv)
{
	char *dir = g_dir_make_tmp("quill-test-writer-XXXXXX", NULL);
	GError *e = NULL;

	unit_init(argc, argv);
	UNIT_CASE("threads") {
		char *sub = g_build_filename(dir, "four", NULL);

		g_mkdir(sub, 0700);
		ok(write_all(sub, 4), "four threads: every file put is written");
		is_int(whole(sub), N, "each whole, under its own name");
		ok(write_all(sub, 4), "again over the same names");
		is_int(whole(sub), N, "each replaced whole");
		g_free(sub);
	}
	UNIT_CASE("one-thread") {
		char *sub = g_build_filename(dir, "one", NULL);

		g_mkdir(sub, 0700);
		ok(write_all(sub, 1), "one thread: written by the caller");
		is_int(whole(sub), N, "each whole");
		g_free(sub);
	}
	UNIT_CASE("failure") {
		struct file_writer *w = file_writer_new(NULL, 2);
		char *ok_dir = g_build_filename(dir, "fail", NULL);
		char *first = g_build_filename(dir, "missing", "5", NULL);
		gboolean stopped = FALSE;
		int put = 0;

		g_mkdir(ok_dir, 0700);
		/* 0..4 into a directory that is there, 5 on into one that is not */
		for (int i = 0; i < 100000 && !stopped; i++, put++) {
			char *path = i < 5 ? g_strdup_printf("%s/%d", ok_dir, i)
					   : g_strdup_printf("%s/missing/%d", dir, i);

			stopped = !file_writer_put(w, path, g_strdup("x"), 1, &e);
		}
		ok(stopped && e && qerr_class(e) == QUILL_ERROR_OUTSIDE,
		   "a failed write stops the caller, as an outside failure");
		ok(put < 100000, "long before the end");
		g_clear_error(&e);
		ok(!file_writer_finish(w, &e) && e, "finish says it failed");
		ok(e && strstr(e->message, first), "naming the earliest file that failed");
		g_clear_error(&e);
		for (int i = 0; i < 5; i++) {
			char *path = g_strdup_printf("%s/%d", ok_dir, i);

			ok(g_file_test(path, G_FILE_TEST_IS_REGULAR), "the file before it was written");
			g_free(path);
		}
		g_free(first);
		g_free(ok_dir);
	}
	UNIT_CASE("outside-dir") {
		char *a = g_build_filename(dir, "a", NULL), *b = g_build_filename(dir, "b", NULL);
		char *in_b = g_build_filename(b, "x", NULL), *got = NULL;
		struct file_writer *w;

		g_mkdir(a, 0700);
		g_mkdir(b, 0700);
		w = file_writer_new(a, 2);
		ok(file_writer_put(w, g_strdup(in_b), g_strdup("elsewhere"), 9, NULL) &&
			   file_writer_finish(w, NULL),
		   "a file outside the writer's directory");
		ok(g_file_get_contents(in_b, &got, NULL, NULL) && !strcmp(got, "elsewhere"),
		   "is written where its path says");
		g_free(got);
		g_free(in_b);
		g_free(a);
		g_free(b);
	}
	UNIT_CASE("nothing") {
		ok(file_writer_finish(file_writer_new(NULL, 0), NULL), "no files: finish succeeds");
	}
	{
		char *argv_rm[] = { "rm", "-rf", dir, NULL };

		g_spawn_sync(NULL, argv_rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
	}
	g_free(dir);
	return done_testing();
}
