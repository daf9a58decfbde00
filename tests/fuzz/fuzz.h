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
 */
#ifndef QUILL_FUZZ_H
#define QUILL_FUZZ_H

#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond)                                                              \
	do {                                                                          \
		if (!(cond)) {                                                        \
			fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__,   \
				__LINE__, #cond);                                     \
			abort();                                                      \
		}                                                                     \
	} while (0)

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
