/* fuzz.h - what the libFuzzer targets in tests/fuzz share.
 *
 * Each fuzz-<name>.c defines fuzz_<name>_init() and fuzz_<name>_one(); the
 * libFuzzer entry points are at its end unless FUZZ_NO_ENTRY is defined,
 * which is how tests/unit/test-fuzz-regress.c includes all of them to feed
 * the kept crashing inputs (tests/fuzz/regress/<name>/) and the seeds
 * through the same code without libFuzzer.
 *
 * FUZZ_CHECK states what must hold for any input; a broken one aborts, so
 * libFuzzer keeps the input as a crash and the regression test fails.
 *
 * Each target also states what it read as facts (fuzz_fact_int, ...): a
 * few "key=value" words, such as error=input or messages=2.  The
 * regression test compares them with the line of the input's name in
 * tests/fuzz/regress/<name>/EXPECT; libFuzzer ignores them.
 */
#ifndef QUILL_FUZZ_H
#define QUILL_FUZZ_H

#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"

#define FUZZ_CHECK(cond)                                                              \
	do {                                                                          \
		if (!(cond)) {                                                        \
			fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__,   \
				__LINE__, #cond);                                     \
			abort();                                                      \
		}                                                                     \
	} while (0)

/* What the last run read: the facts in the order stated, each key a
 * static string and each value a short word.  Reset before each run. */
#define FUZZ_FACTS_MAX 8
static struct fuzz_facts {
	int n;
	const char *key[FUZZ_FACTS_MAX];
	char value[FUZZ_FACTS_MAX][32];
} fuzz_facts;

static inline void fuzz_facts_reset(void)
{
	fuzz_facts.n = 0;
}

static inline void fuzz_fact_str(const char *key, const char *value)
{
	FUZZ_CHECK(fuzz_facts.n < FUZZ_FACTS_MAX);
	fuzz_facts.key[fuzz_facts.n] = key;
	g_strlcpy(fuzz_facts.value[fuzz_facts.n], value, sizeof(fuzz_facts.value[0]));
	fuzz_facts.n++;
}

static inline void fuzz_fact_int(const char *key, long long value)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", value);
	fuzz_fact_str(key, buf);
}

/* error=none, or the class of the error: negative, usage, input, outside. */
static inline void fuzz_fact_error(const GError *error)
{
	static const char *const names[] = { "none", "negative", "usage", "input", "outside" };
	int cls = qerr_class(error);

	FUZZ_CHECK(cls >= 0 && cls <= 4);
	fuzz_fact_str("error", names[cls]);
}

/* The libFuzzer entry points of target NAME (fuzz_NAME_init once,
 * fuzz_NAME_one per input); nothing when FUZZ_NO_ENTRY is defined, as
 * tests/unit/test-fuzz-regress.c, which includes every target, does. */
#ifdef FUZZ_NO_ENTRY
#define FUZZ_ENTRY(name)
#else
#define FUZZ_ENTRY(name)                                                              \
	int LLVMFuzzerInitialize(int *argc, char ***argv);                            \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);                 \
	int LLVMFuzzerInitialize(int *argc, char ***argv)                             \
	{                                                                             \
		(void)argc;                                                           \
		(void)argv;                                                           \
		fuzz_##name##_init();                                                 \
		return 0;                                                             \
	}                                                                             \
	int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)                  \
	{                                                                             \
		fuzz_facts_reset();                                                   \
		return fuzz_##name##_one(data, size);                                 \
	}
#endif

/* A value a lib/ function hands out as text: valid UTF-8 of that length. */
static inline void fuzz_check_utf8(const char *s, gssize len)
{
	FUZZ_CHECK(s != NULL);
	FUZZ_CHECK(g_utf8_validate(s, len, NULL));
}

#endif
