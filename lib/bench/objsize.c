/* objsize.c - reading an ELF file's symbols and section sums through
 * libelf, as nm --size-sort and size see them (the rules: objsize.h). */
#include "bench/objsize.h"
#include "core/error.h"
#include "core/file.h"

#include <gelf.h>
#include <libelf.h>
#include <string.h>

/* The x86-64 psABI's large common section index (not in <elf.h>). */
#define OBJSIZE_SHN_X86_64_LCOMMON 0xff02

/* A file whose symbol sizes, or whose allocated sections, add up to more
 * than this (4 EiB) is damaged: the diff adds and subtracts such sums as
 * signed 64-bit numbers, and JSON holds them as such. */
#define SIZE_LIMIT ((guint64)1 << 62)

/* What the symbol letters need to know of a section. */
struct sec {
	gboolean is_section;	/* binutils makes a section of it (else: absolute) */
	char letter;		/* its nm letter for a local symbol */
};

/* *sum += add, FALSE when that goes past SIZE_LIMIT. */
static gboolean add_within(guint64 *sum, guint64 add)
{
	if (add > SIZE_LIMIT || *sum > SIZE_LIMIT - add)
		return FALSE;
	*sum += add;
	return TRUE;
}

static gboolean starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* The few PE section names binutils maps by name, when followed by
 * nothing, '.', '$' or a digit (.idata5 too). */
static char letter_by_name(const char *name)
{
	static const struct {
		const char *prefix;
		char letter;
	} names[] = { { ".drectve", 'i' }, { ".edata", 'e' }, { ".idata", 'i' }, { ".pdata", 'p' } };

	for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
		size_t n = strlen(names[i].prefix);
		char next;

		/* name[n] only once the name is known to be that long */
		if (strncmp(name, names[i].prefix, n))
			continue;
		next = name[n];
		if (!next || next == '.' || next == '$' || g_ascii_isdigit(next))
			return names[i].letter;
	}
	return '?';
}

/* Sections binutils recognises as debugging information by their names
 * (unallocated ones only). */
static gboolean debug_name(const char *name)
{
	return starts(name, ".debug") || starts(name, ".gnu.debuglto_.debug_") ||
	       starts(name, ".gnu.linkonce.wi.") || starts(name, ".zdebug") ||
	       starts(name, ".line") || starts(name, ".stab") || !strcmp(name, ".gdb_index");
}

/* The letter of a local symbol in a section with these header fields. */
static char section_letter(const char *name, const GElf_Shdr *sh)
{
	gboolean alloc = (sh->sh_flags & SHF_ALLOC) != 0;
	gboolean contents = sh->sh_type != SHT_NOBITS;
	gboolean readonly = (sh->sh_flags & SHF_WRITE) == 0;
	char c = letter_by_name(name);

	if (c != '?')
		return c;
	if (sh->sh_flags & SHF_EXECINSTR)
		return 't';
	if (alloc && contents)
		return readonly ? 'r' : 'd';
	if (!contents)
		return 'b';
	if (!alloc && debug_name(name))
		return 'N';
	return readonly ? 'n' : '?';
}

/* A string table's bytes as libelf gives them (none: p NULL). */
struct strtab {
	const char *p;
	size_t len;
};

/* Section `ndx` as a string table; none when it is out of range, not a
 * string table, or its contents lie outside the file. */
static void strtab_of(struct strtab *t, Elf *e, size_t ndx, size_t shnum)
{
	Elf_Scn *scn;
	GElf_Shdr sh;
	Elf_Data *d;

	t->p = NULL;
	t->len = 0;
	if (ndx == SHN_UNDEF || ndx >= shnum || !(scn = elf_getscn(e, ndx)) ||
	    !gelf_getshdr(scn, &sh) || sh.sh_type != SHT_STRTAB || !(d = elf_getdata(scn, NULL)) ||
	    !d->d_buf)
		return;
	t->p = d->d_buf;
	t->len = d->d_size;
}

/* The string at `off` of the table, or NULL when it does not start and
 * end (its NUL) inside it. */
static const char *strtab_at(const struct strtab *t, guint64 off)
{
	if (!t->p || off >= t->len || !memchr(t->p + off, 0, t->len - off))
		return NULL;
	return t->p + off;
}

static void sym_free(gpointer p)
{
	struct objsize_sym *s = p;

	g_free(s->name);
	g_free(s);
}

void objsize_file_free(struct objsize_file *f)
{
	if (!f)
		return;
	g_free(f->name);
	if (f->syms)
		g_ptr_array_unref(f->syms);
	g_free(f);
}

static gboolean damaged(GError **error, const char *name, const char *what)
{
	return qerr(error, QUILL_ERROR_INPUT, "%s: a damaged ELF file: %s: %s", name, what,
		    elf_errmsg(-1));
}

/* The letter nm gives a symbol, or 0 when nm --size-sort leaves it out
 * (undefined, absolute, a section or file symbol). */
static char symbol_letter(const GElf_Sym *sym, size_t shndx, gboolean xindex,
			  const struct sec *secs, size_t shnum, unsigned machine)
{
	unsigned bind = GELF_ST_BIND(sym->st_info), type = GELF_ST_TYPE(sym->st_info);
	char c;

	if (type == STT_SECTION || type == STT_FILE)
		return 0;
	if (!xindex) {
		if (shndx == SHN_UNDEF || shndx == SHN_ABS)
			return 0;
		if (shndx == SHN_COMMON ||
		    (machine == EM_X86_64 && shndx == OBJSIZE_SHN_X86_64_LCOMMON))
			return 'C';
		if (shndx >= SHN_LORESERVE)
			return 0;
	}
	if (shndx >= shnum || !secs[shndx].is_section)
		return 0;	/* binutils takes it as absolute */
	if (type == STT_GNU_IFUNC)
		return 'i';
	if (bind == STB_WEAK)
		return (type == STT_OBJECT || type == STT_COMMON) ? 'V' : 'W';
	if (bind == STB_GNU_UNIQUE)
		return 'u';
	if (bind != STB_LOCAL && bind != STB_GLOBAL)
		return '?';
	c = secs[shndx].letter;
	return bind == STB_GLOBAL ? g_ascii_toupper(c) : c;
}

/* The symbols of the symbol table in section `symscn`. */
static gboolean read_symbols(struct objsize_file *f, Elf *e, Elf_Scn *symscn, const GElf_Shdr *symsh,
			     Elf_Scn *xscn, const struct sec *secs, size_t shnum, unsigned machine,
			     GError **error)
{
	Elf_Data *data = elf_getdata(symscn, NULL), *xdata = NULL;
	size_t entsize = gelf_fsize(e, ELF_T_SYM, 1, EV_CURRENT), n, nx = 0;
	guint64 total = 0;
	struct strtab names;

	if (!data)
		return damaged(error, f->name, "the symbol table");
	if (xscn && !(xdata = elf_getdata(xscn, NULL)))
		return damaged(error, f->name, "the extended section indices");
	if (!entsize)
		return damaged(error, f->name, "the symbol size");
	if (xdata && xdata->d_buf)
		nx = xdata->d_size / sizeof(Elf32_Word);
	strtab_of(&names, e, symsh->sh_link, shnum);
	n = data->d_size / entsize;
	for (size_t i = 1; i < n && i <= G_MAXINT; i++) {
		GElf_Sym sym;
		Elf32_Word xndx = 0;
		const char *name;
		size_t shndx;
		gboolean x;
		char c;

		if (!gelf_getsym(data, (int)i, &sym))
			continue;
		x = sym.st_shndx == SHN_XINDEX;
		if (x && i >= nx)
			continue;	/* no entry to say where it is: absolute */
		if (x)	/* the entry may not be aligned in a damaged file */
			memcpy(&xndx, (const char *)xdata->d_buf + i * sizeof xndx, sizeof xndx);
		shndx = x ? xndx : sym.st_shndx;
		if (!sym.st_size || !(c = symbol_letter(&sym, shndx, x, secs, shnum, machine)))
			continue;
		if (!(name = strtab_at(&names, sym.st_name)))
			continue;	/* a name outside the string table */
		if (!add_within(&total, sym.st_size))
			return qerr(error, QUILL_ERROR_INPUT,
				    "%s: a damaged ELF file: its symbol sizes add up to more than 4 EiB",
				    f->name);
		objsize_file_add(f, name, c, sym.st_size);
	}
	return TRUE;
}

/* Check e is an ELF file whose header and section headers read, and
 * whose section headers lie within the file; its header in *eh and its
 * section count in *shnum. */
static gboolean read_elf_header(struct objsize_file *f, Elf *e, GElf_Ehdr *eh, size_t *shnum,
				GError **error)
{
	switch (elf_kind(e)) {
	case ELF_K_ELF:
		break;
	case ELF_K_AR:
		return qerr(error, QUILL_ERROR_INPUT,
			    "%s: an ar archive; give an object file or a linked binary", f->name);
	default:
		return qerr(error, QUILL_ERROR_INPUT, "%s: not an ELF file", f->name);
	}
	if (!gelf_getehdr(e, eh))
		return damaged(error, f->name, "the ELF header");
	if (elf_getshdrnum(e, shnum) < 0)
		return damaged(error, f->name, "the section count");
	/* libelf reads a file cut short inside its section headers as one
	 * without sections; binutils' size calls it not an object file */
	if (eh->e_shoff) {
		size_t fsize = 0, ent = eh->e_shentsize;
		size_t n = MAX(MAX(*shnum, (size_t)eh->e_shnum), (size_t)1);

		if (!elf_rawfile(e, &fsize) || !ent || eh->e_shoff > fsize ||
		    (fsize - eh->e_shoff) / ent < n)
			return qerr(error, QUILL_ERROR_INPUT,
				    "%s: a damaged ELF file: its section headers go past its end (a file cut short?)",
				    f->name);
	}
	return TRUE;
}

/* The first symbol table section, its header in *symsh; NULL if none. */
static Elf_Scn *find_symtab(Elf *e, GElf_Shdr *symsh)
{
	Elf_Scn *scn = NULL, *symscn = NULL;

	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB && !symscn) {
			symscn = scn;
			*symsh = sh;
		}
	}
	return symscn;
}

/* Whether binutils makes a section of section i (with header sh): not the
 * null section, the symbol tables, the section names, the symbol table's
 * own string table or a relocation section not loaded. */
static gboolean makes_section(const GElf_Shdr *sh, size_t i, size_t shstrndx,
			      const Elf_Scn *symscn, const GElf_Shdr *symsh)
{
	return !(sh->sh_type == SHT_NULL || sh->sh_type == SHT_SYMTAB ||
		 sh->sh_type == SHT_SYMTAB_SHNDX || i == shstrndx ||
		 (symscn && sh->sh_type == SHT_STRTAB && i == symsh->sh_link) ||
		 ((sh->sh_type == SHT_REL || sh->sh_type == SHT_RELA) &&
		  !(sh->sh_flags & SHF_ALLOC)));
}

/* Add a loaded section's size to f's text, data or bss (size, Berkeley
 * format: code and read-only data are text), *alloc the running total of
 * them; FALSE when that passes SIZE_LIMIT. */
static gboolean add_section_size(struct objsize_file *f, const GElf_Shdr *sh, guint64 *alloc,
				 GError **error)
{
	if (!add_within(alloc, sh->sh_size))
		return qerr(error, QUILL_ERROR_INPUT,
			    "%s: a damaged ELF file: its sections add up to more than 4 EiB",
			    f->name);
	if ((sh->sh_flags & SHF_EXECINSTR) || !(sh->sh_flags & SHF_WRITE))
		f->text += sh->sh_size;
	else if (sh->sh_type != SHT_NOBITS)
		f->data += sh->sh_size;
	else
		f->bss += sh->sh_size;
	return TRUE;
}

static gboolean read_elf(struct objsize_file *f, Elf *e, GError **error)
{
	GElf_Ehdr eh;
	size_t shnum, shstrndx;
	struct sec *secs;
	Elf_Scn *scn = NULL, *symscn, *xscn = NULL;
	size_t symndx = 0;
	GElf_Shdr symsh = { 0 };
	struct strtab secnames;
	guint64 alloc = 0;
	gboolean ok = TRUE;

	if (!read_elf_header(f, e, &eh, &shnum, error))
		return FALSE;
	if (elf_getshdrstrndx(e, &shstrndx) < 0 || shstrndx >= shnum)
		shstrndx = SHN_UNDEF;	/* sections without names */
	strtab_of(&secnames, e, shstrndx, shnum);
	secs = g_new0(struct sec, shnum ? shnum : 1);
	/* the symbol table first: which string table is its own */
	symscn = find_symtab(e, &symsh);
	if (symscn)
		symndx = elf_ndxscn(symscn);
	while ((scn = elf_nextscn(e, scn))) {
		size_t i = elf_ndxscn(scn);
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh)) {
			ok = damaged(error, f->name, "a section header");
			goto out;
		}
		if (i >= shnum)
			continue;
		if (!(name = strtab_at(&secnames, sh.sh_name)))
			name = "";	/* no name, or one outside the table */
		if (sh.sh_type == SHT_SYMTAB_SHNDX && symscn && sh.sh_link == symndx && !xscn)
			xscn = scn;
		secs[i].is_section = makes_section(&sh, i, shstrndx, symscn, &symsh);
		secs[i].letter = section_letter(name, &sh);
		if ((sh.sh_flags & SHF_ALLOC) && !add_section_size(f, &sh, &alloc, error)) {
			ok = FALSE;
			goto out;
		}
	}
	f->has_symtab = symscn != NULL;
	if (symscn)
		ok = read_symbols(f, e, symscn, &symsh, xscn, secs, shnum, eh.e_machine, error);
out:
	g_free(secs);
	return ok;
}

static gboolean libelf_ready(GError **error)
{
	static gsize once;
	static gboolean ok;

	if (g_once_init_enter(&once)) {
		ok = elf_version(EV_CURRENT) != EV_NONE;
		g_once_init_leave(&once, 1);
	}
	if (!ok)
		return qerr(error, QUILL_ERROR_OUTSIDE, "libelf is out of date: %s", elf_errmsg(-1));
	return TRUE;
}

struct objsize_file *objsize_file_new(const char *name)
{
	struct objsize_file *f = g_new0(struct objsize_file, 1);

	f->name = g_strdup(name);
	f->syms = g_ptr_array_new_with_free_func(sym_free);
	f->has_symtab = TRUE;
	return f;
}

void objsize_file_add(struct objsize_file *f, const char *name, char type, guint64 size)
{
	struct objsize_sym *s = g_new(struct objsize_sym, 1);

	s->name = g_strdup(name);
	s->type = type;
	s->size = size;
	g_ptr_array_add(f->syms, s);
}

/* Read from an open Elf handle (ended here) into a new file. */
static gboolean finish(struct objsize_file **out, Elf *e, const char *name, GError **error)
{
	struct objsize_file *f = objsize_file_new(name);

	if (!e) {
		qerr(error, QUILL_ERROR_INPUT, "%s: not an ELF file: %s", name, elf_errmsg(-1));
		objsize_file_free(f);
		return FALSE;
	}
	if (!read_elf(f, e, error)) {
		elf_end(e);
		objsize_file_free(f);
		return FALSE;
	}
	elf_end(e);
	*out = f;
	return TRUE;
}

gboolean objsize_read_memory(struct objsize_file **out, const void *data, gsize len,
			     const char *name, GError **error)
{
	/* libelf may convert the image in place: give it a copy */
	char *copy = g_malloc(len ? len : 1);
	gboolean ok;

	*out = NULL;
	if (!libelf_ready(error)) {
		g_free(copy);
		return FALSE;
	}
	if (len)
		memcpy(copy, data, len);
	ok = finish(out, elf_memory(copy, len), name, error);
	g_free(copy);
	return ok;
}

gboolean objsize_read(struct objsize_file **out, const char *path, GError **error)
{
	char *data;
	gsize len;
	gboolean ok;

	*out = NULL;
	if (!libelf_ready(error) ||
	    !file_read_regular(path, OBJSIZE_MAX_BYTES, &data, &len, TRUE, error))
		return FALSE;
	/* libelf may convert the image in place: it is ours */
	ok = finish(out, elf_memory(data, len), path, error);
	g_free(data);
	return ok;
}
