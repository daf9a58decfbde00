/* test-fuzz-regress.c - the fuzz targets' code without libFuzzer: every
 * input kept in tests/fuzz/regress/<target>/ (inputs that once crashed, or
 * broke a FUZZ_CHECK) and every seed in tests/fuzz/corpus/<target>/ runs
 * through its target.  A crash or a failed check aborts this test.
 *
 * What a kept input must give is in tests/fuzz/regress/<target>/EXPECT, one
 * line per input: its name, then the facts the target states for it
 * (tests/fuzz/fuzz.h), all of them, in the order the target states them:
 *
 *     csv-unit-not-utf8 error=none roles=1 metrics=1 warnings=0 conflicts=0
 *
 * Lines starting with '#' and blank lines are comments.  An input without a
 * line fails, and so does a line naming no input; a seed only has to run
 * and state its facts. */
#define FUZZ_NO_ENTRY
#include "../fuzz/fuzz-mbox.c"
#include "../fuzz/fuzz-message.c"
#include "../fuzz/fuzz-body.c"
#include "../fuzz/fuzz-subject.c"
#include "../fuzz/fuzz-trailer.c"
#include "../fuzz/fuzz-policy.c"
#include "../fuzz/fuzz-bench.c"
#include "../fuzz/fuzz-elf.c"
#include "../fuzz/fuzz-wire.c"
#include "../fuzz/fuzz-benchjson.c"
#include "../fuzz/fuzz-mailinfo.c"
#include "../fuzz/fuzz-claim.c"
#include "../fuzz/fuzz-template.c"
#include "../fuzz/fuzz-items.c"
#include "../fuzz/fuzz-phrases.c"
#include "../fuzz/fuzz-lore.c"
#include "../fuzz/fuzz-smtp.c"
#include "../fuzz/fuzz-export.c"
#include "../fuzz/fuzz-outbox.c"
#include "../fuzz/fuzz-thanks.c"
#include "../fuzz/fuzz-recipients.c"
#include "../fuzz/fuzz-format-record.c"

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
	{ "wire", fuzz_wire_one },
	{ "benchjson", fuzz_benchjson_one },
	{ "mailinfo", fuzz_mailinfo_one },
	{ "claim", fuzz_claim_one },
	{ "template", fuzz_template_one },
	{ "items", fuzz_items_one },
	{ "phrases", fuzz_phrases_one },
	{ "lore", fuzz_lore_one },
	{ "smtp", fuzz_smtp_one },
	{ "export", fuzz_export_one },
	{ "outbox", fuzz_outbox_one },
	{ "thanks", fuzz_thanks_one },
	{ "recipients", fuzz_recipients_one },
	{ "format-record", fuzz_format_record_one },
};

#define EXPECT_FILE "EXPECT"

/* The facts of the last run as "key=value key=value" (newly allocated). */
static char *facts_text(void)
{
	GString *s = g_string_new(NULL);

	for (int i = 0; i < fuzz_facts.n; i++)
		g_string_append_printf(s, "%s%s=%s", i ? " " : "", fuzz_facts.key[i],
				       fuzz_facts.value[i]);
	return g_string_free(s, FALSE);
}

/* dir/EXPECT as a table: input name -> its facts, words joined by one
 * space (all newly allocated); an empty table when there is no file.  A
 * name given twice is a failed check. */
static GHashTable *read_expect(const char *dir, const char *what)
{
	GHashTable *want = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	char *path = g_build_filename(dir, EXPECT_FILE, NULL), *text;
	char **lines;

	if (!g_file_get_contents(path, &text, NULL, NULL)) {
		g_free(path);
		return want;
	}
	lines = g_strsplit(text, "\n", -1);
	for (char **l = lines; *l; l++) {
		char **words;
		int n;

		g_strstrip(*l);
		if (!**l || **l == '#')
			continue;
		words = g_strsplit_set(*l, " \t", -1);
		n = 0;
		for (char **w = words; *w; w++)	/* drop the empty words between blanks */
			if (**w)
				words[n++] = *w;
			else
				g_free(*w);
		words[n] = NULL;
		if (g_hash_table_contains(want, words[0])) {
			char *title = g_strdup_printf("%s/%s: one line for %s", what,
						      EXPECT_FILE, words[0]);
			ok(0, title);
			g_free(title);
		} else {
			g_hash_table_insert(want, g_strdup(words[0]), g_strjoinv(" ", words + 1));
		}
		g_strfreev(words);
	}
	g_strfreev(lines);
	g_free(text);
	g_free(path);
	return want;
}

/* Run one input through target t; for a kept input (want not NULL) its
 * facts must be its line of EXPECT, which is then taken out of want. */
static void run_one(size_t t, const char *what, const char *name, const char *data, gsize len,
		    GHashTable *want)
{
	char *title, *got, *line = NULL, *key = NULL;

	fuzz_facts_reset();
	targets[t].one((const uint8_t *)data, len);
	got = facts_text();
	if (!want) {
		title = g_strdup_printf("%s/%s runs through fuzz-%s and states its facts", what,
					name, targets[t].name);
		ok(fuzz_facts.n > 0, title);
	} else if (!g_hash_table_steal_extended(want, name, (gpointer *)&key, (gpointer *)&line)) {
		title = g_strdup_printf("%s/%s has a line in %s", what, name, EXPECT_FILE);
		if (!ok(0, title))
			printf("#   it gives: %s %s\n", name, got);
	} else {
		title = g_strdup_printf("%s/%s runs through fuzz-%s as %s says", what, name,
					targets[t].name, EXPECT_FILE);
		is_str(got, line, title);
	}
	g_free(title);
	g_free(got);
	g_free(line);
	g_free(key);
}

/* g_ptr_array_sort hands pointers to the elements. */
static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every input in top/kind/<target>; returns how many ran. */
static int run_dir(const char *top, const char *kind, size_t t)
{
	char *dir = g_build_filename(top, kind, targets[t].name, NULL);
	char *what = g_strdup_printf("%s/%s", kind, targets[t].name);
	gboolean kept = !strcmp(kind, "regress");
	GHashTable *want = kept ? read_expect(dir, what) : NULL;
	GDir *d = g_dir_open(dir, 0, NULL);
	GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
	const char *n;
	int count = 0;

	while (d && (n = g_dir_read_name(d)))
		if (n[0] != '.' && !(kept && !strcmp(n, EXPECT_FILE)))
			g_ptr_array_add(names, g_strdup(n));
	if (d)
		g_dir_close(d);
	g_ptr_array_sort(names, by_name);
	for (guint i = 0; i < names->len; i++) {
		const char *name = g_ptr_array_index(names, i);
		char *path = g_build_filename(dir, name, NULL), *data;
		gsize len;

		if (!g_file_get_contents(path, &data, &len, NULL)) {
			ok(0, path);
			g_free(path);
			continue;
		}
		run_one(t, what, name, data, len, want);
		g_free(data);
		g_free(path);
		count++;
	}
	if (want) {
		/* what is left names no input */
		GHashTableIter it;
		gpointer key;
		char *title = g_strdup_printf("%s/%s names only inputs that are there", what,
					      EXPECT_FILE);

		if (!ok(g_hash_table_size(want) == 0, title)) {
			g_hash_table_iter_init(&it, want);
			while (g_hash_table_iter_next(&it, &key, NULL))
				printf("#   no input %s\n", (char *)key);
		}
		g_free(title);
		g_hash_table_unref(want);
	}
	g_ptr_array_unref(names);
	g_free(what);
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
	fuzz_wire_init();
	fuzz_benchjson_init();
	fuzz_mailinfo_init();
	fuzz_claim_init();
	fuzz_template_init();
	fuzz_items_init();
	fuzz_phrases_init();
	fuzz_lore_init();
	fuzz_smtp_init();
	fuzz_export_init();
	fuzz_outbox_init();
	fuzz_thanks_init();
	fuzz_recipients_init();
	fuzz_format_record_init();
	for (size_t t = 0; t < G_N_ELEMENTS(targets); t++) {
		seeds += run_dir(top, "corpus", t);
		run_dir(top, "regress", t);
	}
	ok(seeds >= 5, "the seed corpora are there");
	g_free(top);
	return done_testing();
}
