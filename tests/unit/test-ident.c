/* test-ident.c - lib/ident's trailer addresses (RFC 5322 name-addr with
 * the kernel's habits) and "same person" under a mailmap. */
#include "git/ident.h"
#include "unit.h"

/* name|email|comment|problems for one value */
static const char *parse(const char *s)
{
	static char out[512];
	struct ident_addr a;

	ident_addr_parse(s, strlen(s), &a);
	snprintf(out, sizeof(out), "%s|%s|%s|%#x", a.name, a.email ? a.email : "(none)", a.comment,
		 a.problems);
	ident_addr_clear(&a);
	return out;
}

static unsigned problems(const char *s)
{
	struct ident_addr a;
	unsigned p;

	ident_addr_parse(s, strlen(s), &a);
	p = a.problems;
	ident_addr_clear(&a);
	return p;
}

static void test_parse(void)
{
	is_str(parse("Ada Author <ada@example.org>"), "Ada Author|ada@example.org||0", "plain");
	is_str(parse("\"Author, Ada\" <ada@example.org>"), "Author, Ada|ada@example.org||0",
	       "a quoted name keeps its comma");
	is_str(parse("\"Ada \\\"A\\\" Author\" <ada@example.org>"),
	       "Ada \"A\" Author|ada@example.org||0", "quoted pairs");
	is_str(parse("<ada@example.org>"), "|ada@example.org||0", "an address alone");
	is_str(parse("ada@example.org"), "|ada@example.org||0", "a bare address");
	is_str(parse("ada@example.org (Ada Author)"), "Ada Author|ada@example.org||0",
	       "the old addr (Name) form");
	is_str(parse("stable@vger.kernel.org # 6.1+"), "|stable@vger.kernel.org|# 6.1+|0",
	       "the stable form");
	is_str(parse("Ada B. Author <ada@example.org> (maintainer)"),
	       "Ada B. Author|ada@example.org|(maintainer)|0", "a dot in a name, a comment after");
	is_str(parse("Jörg Ünal <joerg@example.org>"), "Jörg Ünal|joerg@example.org||0",
	       "a UTF-8 name is fine");
	is_str(parse("Ada   Author\t<ada@example.org>"), "Ada Author|ada@example.org||0",
	       "blanks squeezed");
}

static void test_problems(void)
{
	ok(problems("Ada Author") & IDENT_ADDR_NO_ADDRESS, "no address");
	ok(problems("") & IDENT_ADDR_NO_ADDRESS, "empty");
	ok(problems("Ada <ada@example.org") & IDENT_ADDR_UNBALANCED, "no '>'");
	ok(problems("\"Ada <ada@example.org>") & IDENT_ADDR_UNBALANCED, "an open quote");
	ok(problems("Ada <ada@@example.org>") & IDENT_ADDR_BAD_ADDRESS, "two @");
	ok(problems("Ada <ada example.org>") & IDENT_ADDR_BAD_ADDRESS, "no @");
	ok(problems("Ada <ada@>") & IDENT_ADDR_BAD_ADDRESS, "no domain");
	ok(problems("Ada <ada@exa..mple>") & IDENT_ADDR_BAD_ADDRESS, "an empty label");
	ok(problems("Ada <ada@exämple.org>") & IDENT_ADDR_NON_ASCII, "non-ASCII address");
	ok(problems("Ad\xe9 <ada@example.org>") & IDENT_ADDR_BAD_UTF8, "not UTF-8");
	ok(problems("Author, Ada <ada@example.org>") & IDENT_ADDR_SPECIALS, "an unquoted comma");
	ok(!(problems("Author, Ada <ada@example.org>") & IDENT_ADDR_FATAL),
	   "... which is not fatal");
	ok(problems("Ada <ada@example.org> junk") & IDENT_ADDR_TRAILING, "junk after");
	ok(problems("Ada <ada@example.org>, Bo <bo@example.org>") & IDENT_ADDR_MANY, "two people");
	ok(problems("Ada <ada(home)@example.org>") & IDENT_ADDR_ADDR_COMMENT, "a comment inside <>");
	ok(problems("Ada Author ada@example.org") & IDENT_ADDR_NO_BRACKETS, "no <>");
	ok(problems("=?UTF-8?q?J=C3=B6rg?= <j@example.org>") & IDENT_ADDR_ENCODED,
	   "an undecoded RFC 2047 word");
	ok(problems("ada@example.org <ada@example.org>") & IDENT_ADDR_NAME_IS_ADDRESS,
	   "an address as the name");
	ok(problems("Ada (a) (b) <ada@example.org>") & IDENT_ADDR_NAME_COMMENTS, "two comments");
	is_int(problems("Ada <ada@[192.0.2.1]>"), 0, "a domain literal");
}

static void test_mailmap(void)
{
	const char *map = "Ada Author <ada@example.org> <ada@home.example>\n"
			  "<bo@example.org> <bo@old.example>\n";
	git_mailmap *mm;
	const char *n, *e;

	ok(git_mailmap_from_buffer(&mm, map, strlen(map)) == 0, "a mailmap");
	ident_resolve(mm, "ada", "ada@home.example", &n, &e);
	is_str(e, "ada@example.org", "resolved address");
	is_str(n, "Ada Author", "resolved name");
	ok(ident_same_person(mm, "Ada", "ada@home.example", "Ada Author", "ADA@example.org"),
	   "one person under two addresses, joined");
	ok(ident_same_person(mm, "Bo", "bo@old.example", "Bo B", "bo@example.org"),
	   "an address-only entry");
	ok(!ident_same_person(mm, "Ada", "ada@work.example", "Ada", "ada@example.org"),
	   "not joined without an entry");
	ok(!ident_same_person(NULL, "Ada", "ada@home.example", "Ada", "ada@example.org"),
	   "no mailmap: the address decides");
	ok(ident_same_person(NULL, "A", "Ada@Example.org", "B", "ada@example.org"),
	   "addresses compare without case");
	git_mailmap_free(mm);
	{
		char *b = ident_email_base("ada+lkml@example.org");

		is_str(b, "ada@example.org", "a subaddress dropped");
		g_free(b);
	}
}

int main(int argc, char **argv)
{
	unit_init(argc, argv);
	git_libgit2_init();
	UNIT_CASE("parse")
		test_parse();
	UNIT_CASE("problems")
		test_problems();
	UNIT_CASE("mailmap")
		test_mailmap();
	git_libgit2_shutdown();
	return done_testing();
}
