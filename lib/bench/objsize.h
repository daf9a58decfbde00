/* objsize.h - object sizes, symbol by symbol: what `nm --size-sort` lists
 * of an ELF file (read through libelf, no hand-written ELF parsing),
 * compared the way the kernel's scripts/bloat-o-meter compares two of them,
 * and the section sums `size` prints (its Berkeley format).
 *
 * lib/objsize.c reads a file, lib/objsize-diff.c compares two and writes
 * the text, lib/objsize-json.c the JSON and back, lib/objsize-render.c the
 * block a cover letter's {{objsize NAME}} shows.  Nothing here prints or
 * exits; errors are GErrors in the quill domain (error.h); every pointer
 * returned is the caller's, freed as each declaration says.
 *
 * The rules, as nm (binutils 2.40) and bloat-o-meter (Linux 6.1) have them
 * (checked against both: tests/t4500-bench-size.sh):
 *
 *  - A symbol is listed when it is defined (not undefined, not absolute),
 *    is not a section or file symbol, and its st_size is not 0.  Its letter
 *    is nm's: C common, i GNU ifunc, W/V weak (V: an object), u GNU
 *    unique; otherwise by its section's flags: t executable, r allocated
 *    read-only with contents, d allocated writable with contents, b without
 *    contents (NOBITS), n/N unallocated; upper case when the binding is
 *    global.
 *  - bloat-o-meter counts the letters tT (functions), dDbB (data) and rR
 *    (read-only data), drops names that contain ':', the kernel's
 *    generated symbols (names starting __mod_, __se_sys, __se_compat_sys,
 *    __addressable_; the whole names linux_banner, vermagic), removes
 *    every '.' followed by digits from a name (calls.0 -> calls, f.isra.0
 *    -> f.isra, g.llvm.1234 -> g.llvm, x.1.2 -> x), and adds up the sizes
 *    of the symbols that then share a name (two static 'calls' count as
 *    one symbol, also a function and an object of one name).
 *  - Rows are the symbols whose size changed, by delta from the largest
 *    growth down, a tie by name in reverse byte order.
 *  - An ar archive is refused (bloat-o-meter would add up its members).
 */
#ifndef QUILL_OBJSIZE_H
#define QUILL_OBJSIZE_H

#include <glib.h>
#include <jansson.h>

/* One symbol as nm --size-sort lists it. */
struct objsize_sym {
	char *name;		/* as in the symbol table (bytes, not checked as UTF-8) */
	char type;		/* nm's letter (see above) */
	guint64 size;		/* st_size, never 0 */
};

/* One ELF file read. */
struct objsize_file {
	char *name;		/* the path as given, for the size table */
	GPtrArray *syms;	/* struct objsize_sym*, in symbol-table order */
	gboolean has_symtab;	/* FALSE: no .symtab (a stripped file; nm: "no symbols") */
	guint64 text, data, bss;	/* size's sums over the allocated sections */
};

/* The largest file objsize_read reads (8 GiB; a vmlinux with its debug
 * information is some hundreds of MB). */
#define OBJSIZE_MAX_BYTES ((gsize)8 << 30)

/* Read the ELF file at `path` (an object, an executable, a shared
 * library, a vmlinux; a symbolic link is followed) whole into memory.
 * QUILL_ERROR_USAGE when it cannot be opened (no such file) or is not a
 * regular file (a directory, a FIFO, a device: file_read_regular),
 * QUILL_ERROR_INPUT when it is larger than OBJSIZE_MAX_BYTES, not ELF or
 * its tables do not hold together; the message starts with the path.
 * A damaged file is read as far as it holds together: a section or symbol
 * name outside its string table is none, a section index outside the
 * section table makes the symbol absolute (left out); what cannot be read
 * at all is refused. */
gboolean objsize_read(struct objsize_file **out, const char *path, GError **error);

/* The same from bytes in memory (copied); `name` names them in errors. */
gboolean objsize_read_memory(struct objsize_file **out, const void *data, gsize len,
			     const char *name, GError **error);

void objsize_file_free(struct objsize_file *f);

/* Building one by hand (the unit tests do): an empty file named `name`
 * (has_symtab TRUE, sizes zero) and a symbol appended to it (the name is
 * copied; size > 0). */
struct objsize_file *objsize_file_new(const char *name);
void objsize_file_add(struct objsize_file *f, const char *name, char type, guint64 size);

/* bloat-o-meter's options: all counted symbols in one table; -c: a table
 * each for functions, data and read-only data; -d: data and read-only
 * data; -t: functions. */
enum objsize_mode {
	OBJSIZE_ALL,
	OBJSIZE_SPLIT,		/* -c */
	OBJSIZE_DATA,		/* -d */
	OBJSIZE_TEXT,		/* -t */
};

/* A changed symbol; old or new is -1 where it is absent (printed "-"). */
struct objsize_row {
	char *name;
	gint64 old, new;
	gint64 delta;
};

/* One table of bloat-o-meter's output. */
struct objsize_table {
	char *title;		/* "Function", "Data", "RO Data" */
	char *types;		/* the nm letters it counts, "tTdDbBrR" */
	guint add, remove, grow, shrink;
	gint64 up, down;	/* bytes added and taken away (down >= 0) */
	gint64 before, after;	/* the totals over the counted symbols */
	GPtrArray *rows;	/* struct objsize_row*, in printing order */
};

/* size's row for one file. */
struct objsize_sizes {
	char *file;
	guint64 text, data, bss;
};

struct objsize_diff {
	enum objsize_mode mode;
	GPtrArray *tables;	/* struct objsize_table*: one, or three for -c */
	struct objsize_sizes old, new;
};

/* Compare two files read above.  Free with objsize_diff_free. */
struct objsize_diff *objsize_compare(const struct objsize_file *old, const struct objsize_file *new,
				     enum objsize_mode mode);
void objsize_diff_free(struct objsize_diff *d);

/* Building one by hand (objsize_from_json does): an empty diff (its
 * sizes zero, no file names), an empty table (append it to d->tables),
 * and a row appended to a table, its delta new - old (an absent side
 * counting 0); the strings are copied.  The rows are printed in the order
 * they were added. */
struct objsize_diff *objsize_diff_new(enum objsize_mode mode);
struct objsize_table *objsize_table_new(const char *title, const char *types);
struct objsize_row *objsize_table_add(struct objsize_table *t, const char *name, gint64 old,
				      gint64 new);

/* "all", "split", "data", "text"; and back (FALSE for another word). */
const char *objsize_mode_name(enum objsize_mode mode);
gboolean objsize_mode_parse(const char *name, enum objsize_mode *out);

/* bloat-o-meter's output, every table, byte for byte (caller owns). */
char *objsize_format_tables(const struct objsize_diff *d);

/* size's output for the two files: its header and a row each (caller owns). */
char *objsize_format_sizes(const struct objsize_diff *d);

/* What `quill bench size` prints: the tables, a blank line, the size
 * table (caller owns). */
char *objsize_format(const struct objsize_diff *d);

/* The diff as JSON (new reference):
 *   {"kind":"quill-objsize", "mode":"all"|"split"|"data"|"text",
 *    "old":{"file", "text", "data", "bss", "dec"}, "new":{...},
 *    "tables":[{"title", "types", "add", "remove", "grow", "shrink", "up",
 *               "down", "before", "after", "chg_pct",
 *               "symbols":[{"name", "old", "new", "delta"}]}]}
 * with old/new null where a symbol is absent and every name made valid
 * UTF-8 (the rare invalid byte becomes U+FFFD). */
json_t *objsize_to_json(const struct objsize_diff *d);

#define OBJSIZE_JSON_KIND "quill-objsize"

/* TRUE when doc says it is such a diff (its "kind"). */
gboolean objsize_json_is(const json_t *doc);

/* Back from that JSON (members not listed above are ignored);
 * QUILL_ERROR_INPUT naming what is missing or wrong. */
gboolean objsize_from_json(struct objsize_diff **out, const json_t *doc, GError **error);

/* ---- in a cover letter (objsize-render.c) ---- */

/* The width objsize_format_mail keeps to. */
#define OBJSIZE_MAIL_WIDTH 72

/* The diff as a cover letter shows it, every line at most 72 columns:
 * bloat-o-meter's tables as objsize_format_tables prints them, except
 * that a row whose symbol name is longer than 48 characters (so that the
 * row would not fit) is split in two, the name alone and then the numbers
 * in their columns, and a header line that would be longer than 72 is
 * broken before "up/down:"; then a blank line and size's table with its
 * tabs expanded to spaces, a file name that would not fit shortened to
 * ".../" and its end (only a symbol name longer than 72 characters stays
 * longer).  Ends with a newline (caller owns). */
char *objsize_format_mail(const struct objsize_diff *d);

/* The same from an attached diff's JSON document; `source` names it in
 * errors.  The size table names each file by its side's "label" (bench
 * size --label; "old": {"file", "label", ...}), else by the last part of
 * its "file" (the path as given: ../old/memory.o is memory.o in the
 * mail).  NULL with QUILL_ERROR_INPUT when it is not such a document
 * (caller owns). */
char *objsize_render_json(const json_t *doc, const char *source, GError **error);

#endif
