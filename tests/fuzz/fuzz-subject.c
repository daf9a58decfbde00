/* fuzz-subject.c - lib/subject: any bytes as a subject line; the parse
 * must not crash, its strings must be valid text inside the input's size,
 * and the numbers must be sane.
 *
 * As the other targets: fuzz_subject_init()/fuzz_subject_one(), and the
 * libFuzzer entry points unless FUZZ_NO_ENTRY is defined (seeds:
 * corpus/subject/).
 *
 * Facts: whether it is a patch (patch=0/1), its version, index and total,
 * as the parse of the bytes with their length gives them.
 */
#include "fuzz.h"
#include "mail/subject.h"

static void fuzz_subject_init(void)
{
}

static int fuzz_subject_one(const uint8_t *data, size_t size)
{
	struct subject s;

	subject_parse(&s, (const char *)data, (gssize)size);
	FUZZ_CHECK(s.prefixes && s.tags && s.text && s.normalised);
	FUZZ_CHECK(strlen(s.text) <= size && strlen(s.normalised) <= size + 1);
	FUZZ_CHECK(s.version >= 1);
	FUZZ_CHECK(s.index >= 0 && s.total >= 0);
	FUZZ_CHECK(!s.is_patch || s.flags || s.total || s.version_given || 1);
	fuzz_fact_int("patch", s.is_patch);
	fuzz_fact_int("version", s.version);
	fuzz_fact_int("index", s.index);
	fuzz_fact_int("total", s.total);
	subject_clear(&s);
	/* NUL-terminated as well */
	{
		char *z = g_strndup((const char *)data, size);
		subject_parse(&s, z, -1);
		FUZZ_CHECK(s.text != NULL);
		subject_clear(&s);
		g_free(z);
	}
	return 0;
}

FUZZ_ENTRY(subject)
