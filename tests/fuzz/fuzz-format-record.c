/* fuzz-format-record.c - format_record_parse (lib/series/format-record),
 * the record of what series format formatted last, on any bytes: it reads
 * (a version from 1, a tip of 40 hex digits, a time) or says what is wrong.
 *
 * Facts: read=yes|no (and why not, as one word: nul, line, version, tip,
 * time, missing). */
#include "fuzz.h"
#include "series/outgoing.h"

static void fuzz_format_record_init(void)
{
}

static int fuzz_format_record_one(const uint8_t *data, size_t size)
{
	char *text = g_malloc(size + 1);
	struct format_record r;
	const char *why;

	memcpy(text, data, size);
	text[size] = 0;
	memset(&r, 0, sizeof r);
	why = format_record_parse(&r, text, size);
	fuzz_fact_str("read", why ? "no" : "yes");
	if (!why) {
		FUZZ_CHECK(r.version >= 1);
		FUZZ_CHECK(strlen(r.tip) == GIT_OID_HEXSZ &&
			   strspn(r.tip, "0123456789abcdef") == GIT_OID_HEXSZ);
		FUZZ_CHECK(r.time >= 0);
	} else {
		fuzz_fact_str("why", strstr(why, "NUL")	      ? "nul"
				     : strstr(why, "KEY")     ? "line"
				     : strstr(why, "no ")     ? "missing"
				     : strstr(why, "version") ? "version"
				     : strstr(why, "tip")     ? "tip"
							      : "time");
	}
	g_free(text);
	return 0;
}

FUZZ_ENTRY(format_record)
