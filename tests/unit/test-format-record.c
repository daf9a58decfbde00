/* test-format-record.c - lib/series/format-record: the record series format
 * leaves ($GIT_DIR/quill/formatted/<name>) written and read back, and
 * refused when it is damaged, a link, a FIFO, a directory or too big. */
#include "series/outgoing.h"
#include "core/error.h"
#include "unit.h"

#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#define TIP "0123456789abcdef0123456789abcdef01234567"
#define TIP2 "fedcba9876543210fedcba9876543210fedcba98"

static char *record_file(git_repository *repo, const char *name)
{
	return g_build_filename(git_repository_commondir(repo), "quill", "formatted", name, NULL);
}

/* Read the record of NAME: "none", "error N: message", or "vN TIP". */
static char *read_as_text(git_repository *repo, const char *name)
{
	struct format_record r;
	GError *e = NULL;
	char *out;

	if (format_record_read(&r, repo, name, &e))
		return g_strdup_printf("v%d %s%s", r.version, r.tip, r.time > 1000000000 ? "" : " (no time)");
	if (!e)
		return g_strdup("none");
	out = g_strdup_printf("error %d: %s", qerr_class(e), e->message);
	g_error_free(e);
	return out;
}

/* The same, the path of the repository taken out of the message. */
static void is_read(git_repository *repo, const char *name, const char *want, const char *what)
{
	char *got = read_as_text(repo, name), *path = record_file(repo, name);
	char **parts = g_strsplit(got, path, -1);
	char *shown = g_strjoinv("FILE", parts);

	is_str(shown, want, what);
	g_strfreev(parts);
	g_free(shown);
	g_free(path);
	g_free(got);
}

static void put(git_repository *repo, const char *name, const char *text, gssize len)
{
	char *path = record_file(repo, name), *dir = g_path_get_dirname(path);

	g_mkdir_with_parents(dir, 0777);
	g_unlink(path);
	ok(g_file_set_contents(path, text, len, NULL), "a record put there by hand");
	g_free(dir);
	g_free(path);
}

static void test_round_trip(git_repository *repo)
{
	GError *e = NULL;
	char *path = record_file(repo, "feat"), *text = NULL;

	is_read(repo, "feat", "none", "no record yet");
	ok(format_record_write(repo, "feat", 3, TIP, &e), "written");
	g_clear_error(&e);
	is_read(repo, "feat", "v3 " TIP, "read back");
	ok(g_file_get_contents(path, &text, NULL, NULL) && g_str_has_prefix(text, "version 3\ntip " TIP "\ntime "),
	   "the file: version, tip, time");
	g_free(text);
	ok(format_record_write(repo, "feat", 4, TIP2, &e), "written again");
	g_clear_error(&e);
	is_read(repo, "feat", "v4 " TIP2, "the new record replaces the old");
	is_read(repo, "other", "none", "another series has none");
	ok(!format_record_write(repo, "a/b", 1, TIP, &e) && qerr_class(e) == QUILL_ERROR_USAGE,
	   "a name with a / is refused");
	g_clear_error(&e);
	ok(!format_record_write(repo, "..", 1, TIP, &e), "'..' is refused");
	g_clear_error(&e);
	is_read(repo, "..", "none", "'..' is never read");
	ok(!format_record_write(repo, "feat", 1, "xyz", &e), "a tip that is no oid is refused");
	g_clear_error(&e);
	g_free(path);
}

static void test_damaged(git_repository *repo)
{
	put(repo, "d", "version 2\ntip " TIP "\ntime 1764583200\nfuture key\n", -1);
	is_read(repo, "d", "v2 " TIP, "a key of a later quill is ignored");
	put(repo, "d", "version two\ntip " TIP "\ntime 1\n", -1);
	is_read(repo, "d", "error 3: FILE: damaged: the version is not a number", "a bad version");
	put(repo, "d", "version 2\ntip 0123\ntime 1\n", -1);
	is_read(repo, "d", "error 3: FILE: damaged: the tip is not 40 hex digits", "a short tip");
	put(repo, "d", "version 2\ntime 1\n", -1);
	is_read(repo, "d", "error 3: FILE: damaged: no tip line", "no tip");
	put(repo, "d", "version 0\ntip " TIP "\ntime 1\n", -1);
	is_read(repo, "d", "error 3: FILE: damaged: the version is not a number", "version 0");
	put(repo, "d", "", 0);
	is_read(repo, "d", "error 3: FILE: damaged: no version line", "empty");
	put(repo, "d", "version 2\0\ntip " TIP "\ntime 1\n", 12 + 45 + 7);
	is_read(repo, "d", "error 3: FILE: damaged: it holds a NUL", "a NUL");
	put(repo, "d", "garbage\n", -1);
	is_read(repo, "d", "error 3: FILE: damaged: a line is not 'KEY VALUE'", "garbage");
	{
		char *big = g_strnfill(5000, '#');

		put(repo, "d", big, -1);
		is_read(repo, "d", "error 3: FILE: larger than 4096 bytes", "over 4 KiB");
		g_free(big);
	}
}

static void test_hostile(git_repository *repo)
{
	char *path = record_file(repo, "h"), *target = record_file(repo, "target");
	GError *e = NULL;

	put(repo, "target", "version 1\ntip " TIP "\ntime 1764583200\n", -1);
	ok(symlink(target, path) == 0, "a link as the record");
	is_read(repo, "h", "error 3: FILE: a symbolic link, not a regular file", "a link is not followed");
	g_unlink(path);
	ok(mkfifo(path, 0600) == 0, "a FIFO as the record");
	is_read(repo, "h", "error 3: FILE: a FIFO, not a regular file", "a FIFO is not waited on");
	g_unlink(path);
	ok(g_mkdir(path, 0700) == 0, "a directory as the record");
	is_read(repo, "h", "error 3: FILE: a directory, not a regular file", "a directory");
	ok(!format_record_write(repo, "h", 1, TIP, &e), "a directory there: the write fails");
	g_clear_error(&e);
	g_rmdir(path);
	g_free(target);
	g_free(path);
}

int main(int argc, char **argv)
{
	char *dir = g_dir_make_tmp("quill-test-record-XXXXXX", NULL);
	git_repository *repo = NULL;

	git_libgit2_init();
	unit_init(argc, argv);
	ok(dir && git_repository_init(&repo, dir, TRUE) == 0, "a scratch repository");
	if (!repo)
		return done_testing();
	UNIT_CASE("round-trip")
		test_round_trip(repo);
	UNIT_CASE("damaged")
		test_damaged(repo);
	UNIT_CASE("hostile")
		test_hostile(repo);
	git_repository_free(repo);
	{
		char *argv_rm[] = { (char *)"rm", (char *)"-rf", dir, NULL };

		g_spawn_sync(NULL, argv_rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL, NULL);
	}
	g_free(dir);
	return done_testing();
}
