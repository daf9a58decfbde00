/* fuzz-thanks.c - thanks_record_parse (lib/series/thanks), a record quill
 * mail am left for series thanks, on any bytes: it reads or says why not;
 * a record read has its Message-ID and at least one patch numbered from 1,
 * no header field of it spans two lines, and it survives its JSON round
 * trip (thanks_record_json, read again: the same fields).
 *
 * Facts: read=yes|no, then patches=N, to=N, cc=N. */
#include "fuzz.h"
#include "series/thanks.h"

static void fuzz_thanks_init(void)
{
}

static void fuzz_thanks_line(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; p && *p; p++)
		FUZZ_CHECK(*p >= 0x20 && *p != 0x7f);
}

static int fuzz_thanks_one(const uint8_t *data, size_t size)
{
	const char *why = NULL;
	struct thanks_series *t = thanks_record_parse((const char *)data, size, &why), *back;
	json_t *doc;
	char *text;

	fuzz_fact_str("read", t ? "yes" : "no");
	if (!t) {
		FUZZ_CHECK(why != NULL);
		return 0;
	}
	FUZZ_CHECK(t->msgid && t->patches->len >= 1);
	fuzz_thanks_line(t->msgid);
	fuzz_thanks_line(t->subject);
	fuzz_thanks_line(t->from);
	for (char **v = t->to; v && *v; v++)
		fuzz_thanks_line(*v);
	for (char **v = t->cc; v && *v; v++)
		fuzz_thanks_line(*v);
	for (guint i = 0; i < t->patches->len; i++) {
		const struct thanks_patch *p = g_ptr_array_index(t->patches, i);

		FUZZ_CHECK(p->patch >= 1);
		fuzz_thanks_line(p->subject);
		fuzz_thanks_line(p->msgid);
	}
	fuzz_fact_int("patches", t->patches->len);
	fuzz_fact_int("to", t->to ? g_strv_length(t->to) : 0);
	fuzz_fact_int("cc", t->cc ? g_strv_length(t->cc) : 0);
	doc = thanks_record_json(t);
	text = json_dumps(doc, 0);
	FUZZ_CHECK(text != NULL);
	back = thanks_record_parse(text, strlen(text), &why);
	FUZZ_CHECK(back != NULL);
	FUZZ_CHECK(!strcmp(back->msgid, t->msgid) && back->patches->len == t->patches->len);
	FUZZ_CHECK(!strcmp(back->subject, t->subject ? t->subject : "") && back->version == t->version);
	thanks_series_free(back);
	free(text);
	json_decref(doc);
	thanks_series_free(t);
	return 0;
}

FUZZ_ENTRY(thanks)
