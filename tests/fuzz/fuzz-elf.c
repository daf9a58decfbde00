/* fuzz-elf.c - lib/bench/objsize on any bytes as an ELF file: it is read
 * (its symbols with a size and one of nm's letters, its section sums within
 * 4 EiB) or refused as bad input naming it, never a crash or a read out of
 * bounds; a file read compares with itself (no change) and with an empty
 * one (every counted symbol removed), and the diff survives its JSON round
 * trip and prints.
 *
 * Facts: error=none|<class>, then symbols=N (those with a size) and
 * text=N, data=N, bss=N (the section sums).
 *
 * As the other targets: fuzz_elf_init()/fuzz_elf_one(), and the libFuzzer
 * entry points unless FUZZ_NO_ENTRY is defined (seeds: corpus/elf/, small
 * objects gcc and clang made, 32- and 64-bit, and a stripped one).
 */
#include "bench/objsize.h"
#include "core/error.h"
#include "fuzz.h"

static void fuzz_elf_init(void)
{
}

static void fuzz_elf_check_diff(const struct objsize_diff *d)
{
	struct objsize_diff *back = NULL;
	GError *error = NULL;
	json_t *doc = objsize_to_json(d), *doc2;
	char *t1, *t2, *text;

	FUZZ_CHECK(doc != NULL);
	FUZZ_CHECK(objsize_from_json(&back, doc, &error));
	doc2 = objsize_to_json(back);
	t1 = json_dumps(doc, JSON_SORT_KEYS);
	t2 = json_dumps(doc2, JSON_SORT_KEYS);
	FUZZ_CHECK(t1 && t2 && !strcmp(t1, t2));
	text = objsize_format(d);
	FUZZ_CHECK(text != NULL);
	g_free(text);
	text = objsize_format_mail(back);
	FUZZ_CHECK(text != NULL);
	g_free(text);
	free(t1);
	free(t2);
	json_decref(doc);
	json_decref(doc2);
	objsize_diff_free(back);
}

static int fuzz_elf_one(const uint8_t *data, size_t size)
{
	struct objsize_file *f = NULL, *empty;
	struct objsize_diff *d;
	GError *error = NULL;
	const struct objsize_table *t;

	if (!objsize_read_memory(&f, data, size, "in", &error)) {
		FUZZ_CHECK(f == NULL && error != NULL);
		FUZZ_CHECK(qerr_class(error) == QUILL_ERROR_INPUT);
		FUZZ_CHECK(g_str_has_prefix(error->message, "in: "));
		fuzz_check_utf8(error->message, -1);
		fuzz_fact_error(error);
		g_error_free(error);
		return 0;
	}
	FUZZ_CHECK(f != NULL && error == NULL);
	fuzz_fact_error(NULL);
	fuzz_fact_int("symbols", f->syms->len);
	fuzz_fact_int("text", (long long)f->text);
	fuzz_fact_int("data", (long long)f->data);
	fuzz_fact_int("bss", (long long)f->bss);
	FUZZ_CHECK(f->text <= ((guint64)1 << 62) && f->data <= ((guint64)1 << 62) &&
		   f->bss <= ((guint64)1 << 62));
	for (guint i = 0; i < f->syms->len; i++) {
		const struct objsize_sym *s = g_ptr_array_index(f->syms, i);

		FUZZ_CHECK(s->name != NULL && s->size > 0 && s->size <= ((guint64)1 << 62));
		FUZZ_CHECK(s->type && strchr("CiIWVutTrRdDbBnNeEpP?", s->type));
	}

	/* against itself: nothing changed */
	d = objsize_compare(f, f, OBJSIZE_ALL);
	t = g_ptr_array_index(d->tables, 0);
	FUZZ_CHECK(t->rows->len == 0 && t->up == 0 && t->down == 0 && t->before == t->after);
	fuzz_elf_check_diff(d);
	objsize_diff_free(d);

	/* against nothing, split in three: every counted symbol removed */
	empty = objsize_file_new("empty");
	d = objsize_compare(f, empty, OBJSIZE_SPLIT);
	FUZZ_CHECK(d->tables->len == 3);
	for (guint i = 0; i < d->tables->len; i++) {
		t = g_ptr_array_index(d->tables, i);
		FUZZ_CHECK(t->add == 0 && t->grow == 0 && t->after == 0 && t->remove == t->rows->len);
		FUZZ_CHECK(t->down == t->before);
	}
	fuzz_elf_check_diff(d);
	objsize_diff_free(d);
	objsize_file_free(empty);
	objsize_file_free(f);
	return 0;
}

FUZZ_ENTRY(elf)
