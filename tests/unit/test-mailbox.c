/* test-mailbox.c - lib/git's one-mailbox check (ident_mailbox_problem):
 * what series new/edit take as a To: or Cc: address. */
#include "git/ident.h"
#include "unit.h"

/* "ok", or the reason */
static const char *check(const char *s)
{
	const char *why = ident_mailbox_problem(s);

	return why ? why : "ok";
}

static void test_taken(void)
{
	is_str(check("ada@example.org"), "ok", "a bare addr-spec");
	is_str(check("<ada@example.org>"), "ok", "an addr-spec in <>");
	is_str(check("Ada Author <ada@example.org>"), "ok", "name-addr");
	is_str(check("Ada B. Author <ada@example.org>"), "ok", "a dot in the name");
	is_str(check("\"Author, Ada\" <ada@example.org>"), "ok", "a quoted comma");
	is_str(check("\"a@b\" <ab@example.org>"), "ok", "a quoted @");
	is_str(check("ada@example.org (Ada)"), "ok", "addr (Name)");
	is_str(check("Ada <ada@example.org> (maintainer)"), "ok", "a comment after it");
	is_str(check("Zo\xc3\xab <zoe@example.org>"), "ok", "a UTF-8 name");
	is_str(check("ada@[192.0.2.1]"), "ok", "a domain literal");
}

static void test_refused(void)
{
	is_str(check("Evil <e@x.org>\r\nBcc: victim@x.org"), "it holds a control character",
	       "CR LF and a second header");
	is_str(check("a@x.org\n"), "it holds a control character", "a trailing LF");
	is_str(check("A\tB <a@x.org>"), "it holds a control character", "a tab");
	is_str(check("A <a@x.org>\x7f"), "it holds a control character", "DEL");
	is_str(check("A\xc2\x85 <a@x.org>"), "it holds a control character", "a C1 control");
	is_str(check("Zo\xeb <z@x.org>"), "it is not UTF-8", "Latin-1");
	is_str(check("X-Evil: 1><\\"), "a '<', a quote or a comment is not closed",
	       "no address, an open <");
	is_str(check("a@x.org, b@x.org"), "it is a list: give one address each time", "a list");
	is_str(check("A <a@x.org>, B <b@x.org>"), "it is a list: give one address each time",
	       "a list of name-addrs");
	is_str(check("Grp: a@x.org;"), "it is a group: give its addresses one by one", "a group");
	is_str(check("undisclosed-recipients:;"), "it holds no address", "an empty group");
	is_str(check("nobody"), "it holds no address", "no @");
	is_str(check(""), "it holds no address", "empty");
	is_str(check("Ann a@x.org"), "a name goes with its address in <>: Name <local@domain>",
	       "a name without <>");
	ok(strcmp(check("Ann, B <a@x.org>"), "ok"), "an unquoted comma in the name");
	ok(strcmp(check("Grp: <a@x.org>;"), "ok"), "a group around name-addr");
	is_str(check("a@x.org # stable"), "there is text after the address", "a # comment");
	is_str(check("A <a@x.org> B"), "there is text after the address", "text after >");
	is_str(check("A <a@x.org>>"), "there is text after the address", "a second >");
	is_str(check("A <a b@x.org>"), "the address is not local@domain", "a blank inside");
	is_str(check("A <a@@x.org>"), "the address is not local@domain", "two @");
	is_str(check("A <@x.org>"), "the address is not local@domain", "no local part");
	is_str(check("A <\xc3\xa4@x.org>"), "the address is not ASCII", "a non-ASCII address");
}

int main(void)
{
	test_taken();
	test_refused();
	return done_testing();
}
