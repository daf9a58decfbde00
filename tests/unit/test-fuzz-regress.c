/* test-fuzz-regress.c - the fuzz targets' code without libFuzzer: every
 * input kept in tests/fuzz/regress/<target>/ (inputs that once crashed, or
 * broke a FUZZ_CHECK) and every seed in tests/fuzz/corpus/<target>/ runs
 * through its target.  A crash or a failed check aborts this test. */
#define FUZZ_NO_ENTRY
#include "../fuzz/fuzz-mbox.c"
#include "../fuzz/fuzz-message.c"
#include "../fuzz/fuzz-body.c"
#include "../fuzz/fuzz-subject.c"
#include "../fuzz/fuzz-trailer.c"
#include "../fuzz/fuzz-policy.c"
#include "../fuzz/fuzz-bench.c"
#include "../fuzz/fuzz-elf.c"

#include "unit.h"

static const struct {
	const char *name;
	int (*one)(const uint8_t *, size_t);
} targets[] = {
	{ "mbox", fuzz_mbox_one },
	{ "message", fuzz_message_one },
	{ "body", fuzz_body_one },
	{ "subject", fuzz_subject_one },
	{ "trailer", fuzz_trailer_one },
	{ "policy", fuzz_policy_one },
	{ "bench", fuzz_bench_one },
	{ "elf", fuzz_elf_one },
};

static int run_dir(const char *top, const char *kind, size_t t)
{
	char *dir = g_build_filename(top, kind, targets[t].name, NULL);
	GDir *d = g_dir_open(dir, 0, NULL);
	GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
	const char *n;
	int count = 0;

	while (d && (n = g_dir_read_name(d)))
		if (n[0] != '.')
			g_ptr_array_add(names, g_strdup(n));
	if (d)
		g_dir_close(d);
	g_ptr_array_sort(names, (GCompareFunc)g_strcmp0);
	for (guint i = 0; i < names->len; i++) {
		char *path = g_build_filename(dir, g_ptr_array_index(names, i), NULL), *data, *title;
		gsize len;

		if (!g_file_get_contents(path, &data, &len, NULL)) {
			ok(0, path);
			g_free(path);
			continue;
		}
		targets[t].one((const uint8_t *)data, len);
		title = g_strdup_printf("%s/%s/%s runs through fuzz-%s", kind, targets[t].name,
					(char *)g_ptr_array_index(names, i), targets[t].name);
		ok(1, title);
		g_free(title);
		g_free(data);
		g_free(path);
		count++;
	}
	g_ptr_array_unref(names);
	g_free(dir);
	return count;
}

int main(void)
{
	const char *src = getenv("QUILL_BUILD_DIR");
	char *top = g_build_filename(src ? src : ".", "tests", "fuzz", NULL);
	int seeds = 0;

	fuzz_mbox_init();
	fuzz_message_init();
	fuzz_body_init();
	fuzz_subject_init();
	fuzz_trailer_init();
	fuzz_policy_init();
	fuzz_bench_init();
	fuzz_elf_init();
	for (size_t t = 0; t < G_N_ELEMENTS(targets); t++) {
		seeds += run_dir(top, "corpus", t);
		run_dir(top, "regress", t);
	}
	ok(seeds >= 5, "the seed corpora are there");
	g_free(top);
	return done_testing();
}
