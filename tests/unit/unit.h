/* unit.h - a tiny TAP harness for the C unit tests of lib/.
 *
 *   int main(void) { is_int(1 + 1, 2, "adds"); return done_testing(); }
 *
 * Each check prints "ok N - name" or "not ok N - name" with the values. */
#ifndef QUILL_UNIT_H
#define QUILL_UNIT_H

#include <stdio.h>
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

static inline int done_testing(void)
{
	printf("1..%d\n", unit_count);
	return unit_failed ? 1 : 0;
}

#endif
