/* unit.h - a tiny TAP harness for the C unit tests of lib/.
 *
 *   int main(void) { is_int(1 + 1, 2, "adds"); return done_testing(); }
 *
 * Each check prints "ok N - name" or "not ok N - name" with the values; the
 * plan "1..N" comes at the end (done_testing).
 *
 * Named cases: a test file may group its checks into cases, to run one of
 * them alone while working on it:
 *
 *   int main(int argc, char **argv)
 *   {
 *           unit_init(argc, argv);
 *           UNIT_CASE("parse") {
 *                   is_int(parse("1"), 1, "one");
 *           }
 *           UNIT_CASE("render")
 *                   test_render();
 *           return done_testing();
 *   }
 *
 *   build/tests/test-X                  every case (what make check runs)
 *   build/tests/test-X parse [render]   only the cases named
 *   UNIT_CASE=parse,render build/tests/test-X   the same (when no names are
 *                                       given as arguments)
 *
 * Each case that runs prints "# case NAME" before its checks; checks outside
 * any case always run (keep setup there).  A name that no case of the file
 * has is a failed check, whose message lists the cases there are.  The
 * output stays TAP: "1..0" when the cases run hold no checks. */
#ifndef QUILL_UNIT_H
#define QUILL_UNIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int unit_count, unit_failed;

static inline int ok_(int cond, const char *name, const char *file, int line)
{
	unit_count++;
	printf("%sok %d - %s\n", cond ? "" : "not ", unit_count, name);
	if (!cond) {
		unit_failed++;
		printf("#   at %s:%d\n", file, line);
	}
	return cond;
}

#define ok(cond, name) ok_((cond) != 0, (name), __FILE__, __LINE__)

#define is_int(got, want, name)                                                   \
	do {                                                                      \
		long long g_ = (long long)(got), w_ = (long long)(want);          \
		if (!ok_(g_ == w_, (name), __FILE__, __LINE__))                   \
			printf("#   got %lld, want %lld\n", g_, w_);              \
	} while (0)

#define is_str(got, want, name)                                                   \
	do {                                                                      \
		const char *g_ = (got), *w_ = (want);                             \
		int same_ = (g_ && w_) ? !strcmp(g_, w_) : g_ == w_;              \
		if (!ok_(same_, (name), __FILE__, __LINE__))                      \
			printf("#   got:  [%s]\n#   want: [%s]\n", g_ ? g_ : "(null)", \
			       w_ ? w_ : "(null)");                               \
	} while (0)

/* The cases asked for (none: all), whether each was found, and the names
 * of the cases met, for the message when one was not. */
#define UNIT_CASES_MAX 64
static struct {
	int n, met_n;
	const char *only[UNIT_CASES_MAX];
	int found[UNIT_CASES_MAX];
	const char *met[UNIT_CASES_MAX];
	char env[1024];
} unit_cases;

/* Take the case names from the arguments, or else from $UNIT_CASE (split
 * at commas and blanks). */
static inline void unit_init(int argc, char **argv)
{
	const char *env = getenv("UNIT_CASE");

	for (int i = 1; i < argc; i++) {
		if (unit_cases.n == UNIT_CASES_MAX) {
			ok_(0, "at most 64 cases are asked for", __FILE__, __LINE__);
			break;
		}
		unit_cases.only[unit_cases.n++] = argv[i];
	}
	if (argc > 1 || !env)
		return;
	snprintf(unit_cases.env, sizeof(unit_cases.env), "%s", env);
	for (char *save = NULL, *w = strtok_r(unit_cases.env, ", \t", &save);
	     w && unit_cases.n < UNIT_CASES_MAX; w = strtok_r(NULL, ", \t", &save))
		unit_cases.only[unit_cases.n++] = w;
}

/* Whether the case NAME runs (all do when none were asked for). */
static inline int unit_case(const char *name)
{
	int run = unit_cases.n == 0;

	if (unit_cases.met_n < UNIT_CASES_MAX)
		unit_cases.met[unit_cases.met_n++] = name;
	for (int i = 0; i < unit_cases.n; i++)
		if (!strcmp(unit_cases.only[i], name))
			run = unit_cases.found[i] = 1;
	if (run)
		printf("# case %s\n", name);
	return run;
}

#define UNIT_CASE(name) if (unit_case(name))

static inline int done_testing(void)
{
	for (int i = 0; i < unit_cases.n; i++) {
		char title[300];

		if (unit_cases.found[i])
			continue;
		snprintf(title, sizeof(title), "case '%s' is in this file", unit_cases.only[i]);
		ok_(0, title, __FILE__, __LINE__);
		printf("#   the cases:");
		for (int k = 0; k < unit_cases.met_n; k++)
			printf(" %s", unit_cases.met[k]);
		printf("\n");
	}
	printf("1..%d\n", unit_count);
	return unit_failed ? 1 : 0;
}

/* Remove the directory tree a test made (a failed check when that fails). */
static inline void unit_remove_tree(const char *dir)
{
	char cmd[4096];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		ok(0, "the test's directory is removed");
}

#endif
