/* fuzz-benchjson.c - the benchmark files a version keeps (v<N>/bench/NAME.json),
 * read back from any bytes: bench_from_json (a benchmark: read, or refused
 * naming the file; one read survives its own round trip) and the object
 * size diff's readers (objsize_from_json, and objsize_render_json as the
 * cover letter shows it: every line within 72 columns unless a symbol name
 * is longer).
 *
 * Facts: json=0/1, bench=none|<error class>, objsize=none|<error class>. */
#include "bench/bench.h"
#include "bench/objsize.h"
#include "fuzz.h"

static void fuzz_benchjson_init(void)
{
}

static const char *fuzz_benchjson_class(const GError *e)
{
	static const char *const names[] = { "none", "negative", "usage", "input", "outside" };

	return names[qerr_class(e)];
}

static void fuzz_benchjson_bench(const json_t *doc)
{
	GError *e = NULL;
	struct bench *b = bench_from_json(doc, "in.json", NULL, &e), *back;
	json_t *d1, *d2;
	char *t1, *t2;

	fuzz_fact_str("bench", fuzz_benchjson_class(e));
	if (!b) {
		FUZZ_CHECK(e && g_str_has_prefix(e->message, "in.json"));
		g_error_free(e);
		return;
	}
	d1 = bench_to_json(b);
	back = bench_from_json(d1, "again.json", NULL, NULL);
	FUZZ_CHECK(back != NULL);
	d2 = bench_to_json(back);
	t1 = json_dumps(d1, JSON_SORT_KEYS | JSON_REAL_PRECISION(17));
	t2 = json_dumps(d2, JSON_SORT_KEYS | JSON_REAL_PRECISION(17));
	FUZZ_CHECK(t1 && t2 && !strcmp(t1, t2));
	free(t1);
	free(t2);
	json_decref(d1);
	json_decref(d2);
	bench_free(back);
	bench_free(b);
}

static void fuzz_benchjson_objsize(const json_t *doc)
{
	struct objsize_diff *d = NULL;
	GError *e = NULL;
	char *text;

	objsize_json_is(doc);
	if (objsize_from_json(&d, doc, &e)) {
		text = objsize_format(d);
		fuzz_check_utf8(text, -1);
		g_free(text);
		objsize_diff_free(d);
	} else {
		FUZZ_CHECK(e && qerr_class(e) == QUILL_ERROR_INPUT);
		g_clear_error(&e);
	}
	text = objsize_render_json(doc, "size.json", &e);
	fuzz_fact_str("objsize", fuzz_benchjson_class(e));
	if (!text) {
		FUZZ_CHECK(e && qerr_class(e) == QUILL_ERROR_INPUT);
		g_error_free(e);
		return;
	}
	fuzz_check_utf8(text, -1);
	g_free(text);
}

static int fuzz_benchjson_one(const uint8_t *data, size_t size)
{
	json_t *doc = json_loadb((const char *)data, size, 0, NULL);

	fuzz_fact_int("json", doc != NULL);
	if (!doc)
		return 0;
	fuzz_benchjson_bench(doc);
	fuzz_benchjson_objsize(doc);
	json_decref(doc);
	return 0;
}

FUZZ_ENTRY(benchjson)
