/* test-config.c - lib/git/config's whole numbers (config_get_int): read as
 * git reads them, range-checked, with the usual "KEY=VALUE: ..." error. */
#include "unit.h"
#include "core/error.h"
#include "git/config.h"
#include "git/init.h"

#include <glib/gstdio.h>

static git_repository *repo;

/* config_get_int of quill.number set to `value` (NULL: unset): the number
 * as "N", or "FALSE N <message>" when it is refused */
static const char *get(const char *value, gint64 min, gint64 max, gint64 dflt)
{
	static char out[256];
	GError *e = NULL;
	gint64 n = -12345;
	gboolean ok;

	if (value ? !config_set(repo, "quill.number", value, NULL)
		  : !config_unset(repo, "quill.number", NULL))
		return "config_set failed";
	ok = config_get_int(repo, "quill.number", min, max, dflt, &n, &e);
	if (ok != (e == NULL))
		return "the result and the error disagree";
	if (ok)
		snprintf(out, sizeof out, "%lld", (long long)n);
	else
		snprintf(out, sizeof out, "FALSE %lld %d %s", (long long)n, qerr_class(e),
			 e->message);
	g_clear_error(&e);
	return out;
}

int main(void)
{
	char *dir = g_dir_make_tmp("quill-test-config-XXXXXX", NULL);
	char *rm;

	g_setenv("HOME", dir, TRUE);
	g_setenv("XDG_CONFIG_HOME", dir, TRUE);
	git_start();
	if (git_repository_init(&repo, dir, 0) < 0) {
		ok(0, "a repository to configure");
		return done_testing();
	}

	is_str(get(NULL, 1, 10, 7), "7", "unset: the default");
	is_str(get("", 1, 10, 7), "7", "empty: the default");
	is_str(get("3", 1, 10, 7), "3", "a decimal number");
	is_str(get("10", 1, 10, 7), "10", "the top of the range");
	is_str(get("1k", 1, 2048, 0), "1024", "a k suffix, as git reads it");
	is_str(get("0x10", 1, 100, 0), "16", "hex, as git reads it");
	is_str(get("lots", 1, 10, 7), "FALSE 7 2 quill.number=lots: not a positive number",
	       "a word: refused (usage), *out the default");
	is_str(get("0", 1, 10, 7), "FALSE 7 2 quill.number=0: not a positive number",
	       "0 where a positive number is wanted");
	is_str(get("11", 1, 10, 7), "FALSE 7 2 quill.number=11: not a positive number",
	       "above the range");
	is_str(get("5 ", 1, 10, 7), "FALSE 7 2 quill.number=5 : not a positive number",
	       "trailing junk");
	is_str(get("-1", -1, 100, 5), "-1", "a negative number in a range that has it");
	is_str(get("-2", -1, 100, 5),
	       "FALSE 5 2 quill.number=-2: not a whole number from -1 to 100",
	       "below a range that starts under 1: the range is said");
	{
		gint64 n = 0;

		config_set(repo, "quill.number", "many", NULL);
		ok(!config_get_int(repo, "quill.number", 1, 10, 9, &n, NULL) && n == 9,
		   "no GError asked for: FALSE and the default");
	}

	git_repository_free(repo);
	rm = g_strdup_printf("rm -rf '%s'", dir);
	ok(system(rm) == 0, "cleaned up");
	g_free(rm);
	g_free(dir);
	git_stop();
	return done_testing();
}
