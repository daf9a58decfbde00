/* test-objsize.c - lib/objsize: which symbols count and under which name,
 * the rows' order, bloat-o-meter's text, the JSON round trip, the text a
 * cover letter shows (72 columns) and reading ELF through libelf.
 *
 * The expected tables are what the kernel's scripts/bloat-o-meter (Linux
 * 6.1) printed for the same two symbol lists, fed to it by a stand-in nm
 * that printed them as nm --size-sort does. */
#include "core/error.h"
#include "bench/objsize.h"
#include "series/attach.h"
#include "series/store.h"
#include "unit.h"

#include <stdlib.h>

static struct objsize_file *old_file(void)
{
	struct objsize_file *f = objsize_file_new("old.o");

	objsize_file_add(f, "zone_a", 't', 0x10);
	objsize_file_add(f, "zone_b", 'T', 0x20);
	objsize_file_add(f, "calls.0", 'b', 4);
	objsize_file_add(f, "calls.1", 'b', 4);
	objsize_file_add(f, "f.isra.0", 't', 8);
	objsize_file_add(f, "__mod_x", 'd', 4);
	objsize_file_add(f, "linux_banner", 'r', 8);
	objsize_file_add(f, "weakfn", 'W', 0x64);
	objsize_file_add(f, "x:y", 't', 5);
	objsize_file_add(f, "same1", 't', 5);
	objsize_file_add(f, "same2", 't', 5);
	objsize_file_add(f, "table", 'R', 0x30);
	objsize_file_add(f, "v.1.2", 'D', 0xc);
	objsize_file_add(f, "removed_fn", 't', 3);
	f->text = 1000;
	f->data = 20;
	f->bss = 8;
	return f;
}

static struct objsize_file *new_file(void)
{
	struct objsize_file *f = objsize_file_new("new.o");

	objsize_file_add(f, "zone_a", 't', 0x12);
	objsize_file_add(f, "zone_b", 'T', 0x20);
	objsize_file_add(f, "calls.0", 'b', 4);
	objsize_file_add(f, "calls.2", 'b', 8);
	objsize_file_add(f, "f.isra.1", 't', 8);
	objsize_file_add(f, "__mod_x", 'd', 8);
	objsize_file_add(f, "same1", 't', 8);
	objsize_file_add(f, "same2", 't', 8);
	objsize_file_add(f, "table", 'R', 0x20);
	objsize_file_add(f, "v.3", 'D', 0xc);
	objsize_file_add(f, "added_fn_with_a_really_long_name_that_goes_past_forty_nine", 'T', 0x40);
	objsize_file_add(f, "new_bss", 'B', 0x100);
	f->text = 1100;
	f->data = 20;
	f->bss = 264;
	return f;
}

static const char want_all[] =
	"add/remove: 2/1 grow/shrink: 4/1 up/down: 332/-19 (313)\n"
	"Function                                     old     new   delta\n"
	"new_bss                                        -     256    +256\n"
	"added_fn_with_a_really_long_name_that_goes_past_forty_nine       -      64     +64\n"
	"calls                                          8      12      +4\n"
	"same2                                          5       8      +3\n"
	"same1                                          5       8      +3\n"
	"zone_a                                        16      18      +2\n"
	"removed_fn                                     3       -      -3\n"
	"table                                         48      32     -16\n"
	"Total: Before=137, After=450, chg +228.47%\n";

static const char want_functions[] =
	"add/remove: 1/1 grow/shrink: 3/0 up/down: 72/-3 (69)\n"
	"Function                                     old     new   delta\n"
	"added_fn_with_a_really_long_name_that_goes_past_forty_nine       -      64     +64\n"
	"same2                                          5       8      +3\n"
	"same1                                          5       8      +3\n"
	"zone_a                                        16      18      +2\n"
	"removed_fn                                     3       -      -3\n"
	"Total: Before=69, After=138, chg +100.00%\n";

static const char want_split_rest[] =
	"add/remove: 1/0 grow/shrink: 1/0 up/down: 260/0 (260)\n"
	"Data                                         old     new   delta\n"
	"new_bss                                        -     256    +256\n"
	"calls                                          8      12      +4\n"
	"Total: Before=20, After=280, chg +1300.00%\n"
	"add/remove: 0/0 grow/shrink: 0/1 up/down: 0/-16 (-16)\n"
	"RO Data                                      old     new   delta\n"
	"table                                         48      32     -16\n"
	"Total: Before=48, After=32, chg -33.33%\n";

static const char want_data[] =
	"add/remove: 1/0 grow/shrink: 1/1 up/down: 260/-16 (244)\n"
	"Data                                         old     new   delta\n"
	"new_bss                                        -     256    +256\n"
	"calls                                          8      12      +4\n"
	"table                                         48      32     -16\n"
	"Total: Before=68, After=312, chg +358.82%\n";

static char *tables(const struct objsize_file *o, const struct objsize_file *n,
		    enum objsize_mode mode)
{
	struct objsize_diff *d = objsize_compare(o, n, mode);
	char *s = objsize_format_tables(d);

	objsize_diff_free(d);
	return s;
}

static void test_tables(void)
{
	struct objsize_file *o = old_file(), *n = new_file(), *empty = objsize_file_new("e.o");
	char *s, *want;

	s = tables(o, n, OBJSIZE_ALL);
	is_str(s, want_all, "all symbols: bloat-o-meter's table byte for byte");
	g_free(s);
	s = tables(o, n, OBJSIZE_TEXT);
	is_str(s, want_functions, "-t: functions only");
	g_free(s);
	s = tables(o, n, OBJSIZE_DATA);
	is_str(s, want_data, "-d: data and read-only data");
	g_free(s);
	s = tables(o, n, OBJSIZE_SPLIT);
	want = g_strconcat(want_functions, want_split_rest, NULL);
	is_str(s, want, "-c: Function, Data, RO Data tables");
	g_free(want);
	g_free(s);
	s = tables(empty, empty, OBJSIZE_ALL);
	is_str(s,
	       "add/remove: 0/0 grow/shrink: 0/0 up/down: 0/0 (0)\n"
	       "Function                                     old     new   delta\n"
	       "Total: Before=0, After=0, chg +0.00%\n",
	       "no symbols at all: chg +0.00%, as bloat-o-meter when Before is 0");
	g_free(s);
	s = tables(o, o, OBJSIZE_ALL);
	ok(strstr(s, "up/down: 0/0 (0)\nFunction") && strstr(s, "chg +0.00%"),
	   "a file against itself: no rows");
	g_free(s);
	objsize_file_free(o);
	objsize_file_free(n);
	objsize_file_free(empty);
}

static void test_counts(void)
{
	struct objsize_file *o = old_file(), *n = new_file();
	struct objsize_diff *d = objsize_compare(o, n, OBJSIZE_ALL);
	const struct objsize_table *t = g_ptr_array_index(d->tables, 0);
	const struct objsize_row *r;

	is_int(d->tables->len, 1, "one table");
	is_int(t->add, 2, "added");
	is_int(t->remove, 1, "removed");
	is_int(t->grow, 4, "grown");
	is_int(t->shrink, 1, "shrunk");
	is_int(t->up, 332, "up");
	is_int(t->down, 19, "down (positive)");
	is_int(t->before, 137, "before: weak, generated and ':' names left out");
	is_int(t->after, 450, "after");
	r = g_ptr_array_index(t->rows, 2);
	is_str(r->name, "calls", "calls.0 + calls.1 against calls.0 + calls.2: one symbol");
	is_int(r->old, 8, "its old size is the sum");
	is_int(r->new, 12, "its new size is the sum");
	r = g_ptr_array_index(t->rows, 0);
	is_int(r->old, -1, "an added symbol's old size is absent (-1)");
	is_int(d->old.text, 1000, "size's text carried");
	is_int(d->new.bss, 264, "size's bss carried");
	objsize_diff_free(d);
	objsize_file_free(o);
	objsize_file_free(n);
}

/* Names through the diff: each name alone in old, as a row. */
static char *stripped(const char *name)
{
	struct objsize_file *o = objsize_file_new("o"), *n = objsize_file_new("n");
	struct objsize_diff *d;
	const struct objsize_table *t;
	char *out;

	objsize_file_add(o, name, 't', 1);
	d = objsize_compare(o, n, OBJSIZE_ALL);
	t = g_ptr_array_index(d->tables, 0);
	out = t->rows->len ? g_strdup(((struct objsize_row *)g_ptr_array_index(t->rows, 0))->name)
			   : NULL;
	objsize_diff_free(d);
	objsize_file_free(o);
	objsize_file_free(n);
	return out;
}

static void test_names(void)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "f.constprop.0", "f.constprop" },
		{ "f.isra.0.cold", "f.isra.cold" },
		{ "f.part.12", "f.part" },
		{ "x.123abc", "xabc" },
		{ "a.1.2.3", "a" },
		{ "a.", "a." },
		{ "a.b", "a.b" },
		{ "g.llvm.9876543210", "g.llvm" },
		{ "__se_sys_read", NULL },
		{ "__se_compat_sys_read", NULL },
		{ "__mod_foo", NULL },
		{ "__addressable_x", NULL },
		{ "linux_banner", NULL },
		{ "vermagic", NULL },
		{ "vermagic2", "vermagic2" },
		{ "linux_banner.0", "linux_banner" },	/* left out by the whole name only */
		{ "a::b", NULL },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		char *got = stripped(cases[i].in), *what = g_strdup_printf("name %s", cases[i].in);
		is_str(got, cases[i].out, what);
		g_free(got);
		g_free(what);
	}
}

static void test_order(void)
{
	struct objsize_file *o = objsize_file_new("o"), *n = objsize_file_new("n");
	struct objsize_diff *d;
	char *s;

	/* a tie in delta goes by name, in reverse byte order */
	objsize_file_add(o, "b", 't', 1);
	objsize_file_add(o, "B", 't', 1);
	objsize_file_add(o, "a", 't', 1);
	objsize_file_add(n, "b", 't', 3);
	objsize_file_add(n, "B", 't', 3);
	objsize_file_add(n, "a", 't', 3);
	objsize_file_add(n, "c", 't', 2);
	objsize_file_add(o, "z", 't', 2);
	d = objsize_compare(o, n, OBJSIZE_ALL);
	s = objsize_format_tables(d);
	is_str(s,
	       "add/remove: 1/1 grow/shrink: 3/0 up/down: 8/-2 (6)\n"
	       "Function                                     old     new   delta\n"
	       "c                                              -       2      +2\n"
	       "b                                              1       3      +2\n"
	       "a                                              1       3      +2\n"
	       "B                                              1       3      +2\n"
	       "z                                              2       -      -2\n"
	       "Total: Before=5, After=11, chg +120.00%\n",
	       "ties: reverse byte order (lower case first, 'c' before 'b')");
	g_free(s);
	objsize_diff_free(d);
	objsize_file_free(o);
	objsize_file_free(n);
}

static void test_json(void)
{
	struct objsize_file *o = old_file(), *n = new_file();
	struct objsize_diff *d = objsize_compare(o, n, OBJSIZE_SPLIT), *back = NULL;
	json_t *doc = objsize_to_json(d), *bad;
	char *a = objsize_format(d), *b;
	GError *e = NULL;

	ok(objsize_json_is(doc), "the JSON says its kind");
	is_str(json_string_value(json_object_get(doc, "mode")), "split", "the mode");
	ok(objsize_from_json(&back, doc, &e), "read back");
	b = back ? objsize_format(back) : NULL;
	is_str(b, a, "the same text after the round trip");
	g_free(b);
	objsize_diff_free(back);

	bad = json_deep_copy(doc);
	json_object_set_new(bad, "kind", json_string("quill-bench"));
	ok(!objsize_from_json(&back, bad, &e) && e && e->code == QUILL_ERROR_INPUT &&
		   strstr(e->message, "kind"),
	   "another kind: bad input");
	g_clear_error(&e);
	json_decref(bad);

	bad = json_deep_copy(doc);
	json_object_set_new(json_array_get(json_object_get(json_array_get(json_object_get(bad, "tables"), 0),
							   "symbols"),
					   0),
			    "delta", json_integer(1));
	ok(!objsize_from_json(&back, bad, &e) && e && strstr(e->message, "delta"),
	   "a delta that is not new - old: bad input naming it");
	g_clear_error(&e);
	json_decref(bad);

	bad = json_deep_copy(doc);
	json_object_del(json_object_get(bad, "old"), "text");
	ok(!objsize_from_json(&back, bad, &e) && e && strstr(e->message, "'text'"),
	   "a missing member: bad input naming it");
	g_clear_error(&e);
	json_decref(bad);

	json_decref(doc);
	g_free(a);
	objsize_diff_free(d);
	objsize_file_free(o);
	objsize_file_free(n);
}

/* The widest line of s, in characters. */
static size_t widest(const char *s)
{
	size_t w = 0;
	char **lines = g_strsplit(s, "\n", -1);

	for (char **l = lines; *l; l++)
		w = MAX(w, (size_t)g_utf8_strlen(*l, -1));
	g_strfreev(lines);
	return w;
}

static void test_mail(void)
{
	struct objsize_file *o = old_file(), *n = new_file();
	struct objsize_diff *d;
	char *s, *name48 = g_strnfill(48, 'm'), *name49 = g_strnfill(49, 'n');

	objsize_file_add(n, name48, 't', 1);
	objsize_file_add(n, name49, 't', 1);
	g_free(o->name);
	o->name = g_strdup("/home/ada/src/linux/build-before-the-series/mm/page_alloc.o");
	d = objsize_compare(o, n, OBJSIZE_ALL);
	s = objsize_format_mail(d);
	is_int(widest(s), 72, "the cover's text is 72 columns wide at most");
	ok(strstr(s, "\nadded_fn_with_a_really_long_name_that_goes_past_forty_nine\n"
		     "                                               -      64     +64\n") != NULL,
	   "a name too long for its row stands alone, the numbers below it");
	ok(strstr(s, "\nmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm       -       1      +1\n") !=
		   NULL,
	   "a 48-character name still fits on its row");
	ok(strstr(s, "\nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn\n") != NULL,
	   "a 49-character name does not");
	ok(strstr(s, "\n\n   text    data     bss     dec     hex filename\n") != NULL,
	   "size's table after a blank line, tabs expanded");
	ok(strstr(s, "\n   1000      20       8    1028     404 .../e-the-series/mm/page_alloc.o\n") !=
		   NULL,
	   "a long file name is shortened from the left to fit");
	ok(strstr(s, "\n   1100      20     264    1384     568 new.o\n") != NULL, "a short one is kept");
	ok(g_str_has_suffix(s, "\n"), "ends with a newline");
	g_free(s);
	objsize_diff_free(d);
	objsize_file_free(o);
	objsize_file_free(n);
	g_free(name48);
	g_free(name49);
}

static void test_render(void)
{
	struct objsize_file *o = old_file(), *n = new_file();
	struct objsize_diff *d = objsize_compare(o, n, OBJSIZE_ALL);
	struct state *st = state_new("zone");
	json_t *doc = objsize_to_json(d);
	char *text = json_dumps(doc, 0), *s, *want = objsize_format_mail(d);
	GError *e = NULL;

	state_set_string(st, "v2/bench/mm.json", text);
	state_set_string(st, "v2/bench/boot.json", "{\"kind\": \"quill-bench\", \"roles\": []}");
	s = objsize_render(st, 2, "mm", &e);
	is_str(s, want, "{{objsize mm}}: the attached diff, as objsize_format_mail prints it");
	g_free(s);
	s = objsize_render(st, 1, "mm", &e);
	ok(!s && e && e->code == QUILL_ERROR_INPUT && strstr(e->message, "'mm'") &&
		   strstr(e->message, "v1") && strstr(e->message, "attached: none"),
	   "nothing under that name in that version: bad input, saying so");
	g_clear_error(&e);
	s = objsize_render(st, 2, "cpu", &e);
	ok(!s && e && strstr(e->message, "attached: mm)"), "the message lists what is attached");
	g_clear_error(&e);
	s = objsize_render(st, 2, "boot", &e);
	ok(!s && e && strstr(e->message, "v2/bench/boot.json") && strstr(e->message, "quill-bench"),
	   "a benchmark of another kind: bad input naming the file");
	g_clear_error(&e);
	state_set_string(st, "v2/bench/broken.json", "{\"kind\": ");
	s = objsize_render(st, 2, "broken", &e);
	ok(!s && e && strstr(e->message, "v2/bench/broken.json:1"), "a file that is not JSON");
	g_clear_error(&e);
	g_free(want);
	free(text);
	json_decref(doc);
	state_free(st);
	objsize_diff_free(d);
	objsize_file_free(o);
	objsize_file_free(n);
}

static void test_read(void)
{
	struct objsize_file *f = NULL;
	GError *e = NULL;
	gboolean found = FALSE;

	ok(objsize_read(&f, "/proc/self/exe", &e), "reads this test's own binary");
	for (guint i = 0; f && i < f->syms->len; i++) {
		const struct objsize_sym *s = g_ptr_array_index(f->syms, i);
		if (!strcmp(s->name, "objsize_compare"))
			found = s->type == 'T' && s->size > 0;
	}
	ok(found, "objsize_compare is in it, a global function with a size (T)");
	ok(f && f->text > 0, "size's text is counted");
	objsize_file_free(f);
	f = NULL;
	ok(!objsize_read_memory(&f, "#!/bin/sh\n", 10, "script", &e) && e &&
		   e->code == QUILL_ERROR_INPUT && !strcmp(e->message, "script: not an ELF file"),
	   "not ELF: bad input naming it");
	g_clear_error(&e);
	ok(!objsize_read(&f, "/nonexistent/x.o", &e) && e && e->code == QUILL_ERROR_USAGE &&
		   g_str_has_prefix(e->message, "/nonexistent/x.o: "),
	   "a missing file: usage, naming it");
	g_clear_error(&e);
	ok(!objsize_read(&f, "/dev/null", &e) && e && e->code == QUILL_ERROR_USAGE &&
		   !strcmp(e->message, "/dev/null: not a regular file (a character device)"),
	   "a device: usage, naming it, not read");
	g_clear_error(&e);
}

int main(void)
{
	test_tables();
	test_counts();
	test_names();
	test_order();
	test_json();
	test_mail();
	test_render();
	test_read();
	return done_testing();
}
