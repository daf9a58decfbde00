/* ident.h - people: who is acting, and name/address strings.
 *
 * Identity follows git: GIT_{AUTHOR,COMMITTER}_{NAME,EMAIL,DATE} from the
 * environment, then user.name / user.email from the configuration.
 *
 * The second half (lib/ident-addr.c) reads a person the way a trailer
 * names one, RFC 5322's name-addr with the kernel's habits ("Name <addr>
 * # comment"), saying what is wrong with it, and decides who is the same
 * person through a mailmap (libgit2's git_mailmap).
 */
#ifndef QUILL_IDENT_H
#define QUILL_IDENT_H

#include <git2.h>
#include <glib.h>

/* The committer (author = FALSE) or author identity, dated now or by
 * GIT_COMMITTER_DATE / GIT_AUTHOR_DATE.  Caller frees with git_signature_free.
 * Fails with QUILL_ERROR_USAGE naming the missing key when nobody is set. */
gboolean ident_signature(git_signature **out, git_repository *repo, gboolean author,
			 GError **error);

/* Parse a date as git's GIT_*_DATE accepts it: "@EPOCH [+ZZZZ]", "EPOCH +ZZZZ",
 * ISO 8601 ("2026-12-01T10:00:00+01:00", "2026-12-01 10:00:00 +0100") or
 * RFC 2822.  Sets the time (seconds) and the offset in minutes. */
gboolean ident_parse_date(const char *s, gint64 *time_out, int *offset_out);

/* The sender "Name <email>": quill.from, sendemail.from, then the committer
 * identity (caller owns, g_free); NULL with an error when nobody is set. */
char *ident_sender(git_repository *repo, GError **error);

/* "Name <email>" for a signature (caller owns, g_free). */
char *ident_format(const git_signature *sig);

/* Split "Name <email>" (or a bare address) into its parts (caller owns both,
 * g_free; name may come back empty).  FALSE, both NULL, when there is no
 * address ("Name", "Name <>"). */
gboolean ident_split(const char *s, char **name_out, char **email_out);

/* TRUE when two "Name <email>" strings are the same person (same address,
 * case-insensitive, and same name). */
gboolean ident_same(const char *a, const char *b);

/* ---- a person in a trailer (lib/ident-addr.c) ---- */

enum ident_addr_problem {
	IDENT_ADDR_NO_ADDRESS = 1 << 0,		/* no address at all */
	IDENT_ADDR_UNBALANCED = 1 << 1,		/* '<' without '>', an open quote or comment */
	IDENT_ADDR_BAD_ADDRESS = 1 << 2,	/* not local@domain (blanks, two '@', empty parts) */
	IDENT_ADDR_NON_ASCII = 1 << 3,		/* non-ASCII bytes in the address */
	IDENT_ADDR_TRAILING = 1 << 4,		/* text after the address that is not a comment */
	IDENT_ADDR_SPECIALS = 1 << 5,		/* an unquoted name with , : ; @ [ ] ( ) \ */
	IDENT_ADDR_ENCODED = 1 << 6,		/* an RFC 2047 =?charset?...?= word left in the name */
	IDENT_ADDR_BAD_UTF8 = 1 << 7,		/* bytes that are not UTF-8 */
	IDENT_ADDR_ADDR_COMMENT = 1 << 8,	/* a (comment) inside <...> */
	IDENT_ADDR_MANY = 1 << 9,		/* a list of addresses where one is wanted */
	IDENT_ADDR_NO_BRACKETS = 1 << 10,	/* "Name addr@host": the address not in <> */
	IDENT_ADDR_NAME_IS_ADDRESS = 1 << 11,	/* the name holds an '@' */
	IDENT_ADDR_NAME_COMMENTS = 1 << 12,	/* more than one (comment) beside the name */
};

/* Problems that leave no usable address. */
#define IDENT_ADDR_FATAL (IDENT_ADDR_NO_ADDRESS | IDENT_ADDR_UNBALANCED | IDENT_ADDR_BAD_ADDRESS | \
			  IDENT_ADDR_NON_ASCII | IDENT_ADDR_BAD_UTF8 | IDENT_ADDR_MANY)

struct ident_addr {
	char *name;		/* the display name: quotes and quoted-pairs undone, blanks
				   squeezed; "" when none (owned) */
	char *email;		/* the addr-spec, or NULL when none was found (owned) */
	char *comment;		/* after the address: "# 6.1+", "(maintainer)"; "" when none */
	char *name_comment;	/* a (comment) beside the name, without parentheses; "" */
	unsigned problems;	/* enum ident_addr_problem */
};

/* Read s[0..len): "Name <addr>", "\"Name\" <addr>", "<addr>", "addr",
 * "addr (Name)", each optionally followed by "# comment" or "(comment)".
 * Never fails: what is wrong is in ->problems.  Free with ident_addr_clear. */
void ident_addr_parse(const char *s, gsize len, struct ident_addr *out);
void ident_addr_clear(struct ident_addr *a);

/* Why s is not one mailbox as a To: or Cc: header may carry it, or NULL
 * when it is one (static text, "it holds a control character").  One
 * mailbox is RFC 5322's name-addr (a display name, quoted where it holds
 * specials, then <addr-spec>) or a bare addr-spec, each optionally with a
 * (comment); not a group, not a list, no control character (C0, DEL, C1:
 * a CR or LF would start a header of its own), no other text beside it
 * (a trailer's "# comment" included), valid UTF-8. */
const char *ident_mailbox_problem(const char *s);

/* The address without a +subaddress in its local part (caller owns). */
char *ident_email_base(const char *email);

/* The mailmap in force: the file `path` when given, else the repository's
 * (.mailmap of the work tree or HEAD:.mailmap when bare, mailmap.file,
 * mailmap.blob) when repo is given.  *out is NULL when neither is (no
 * mailmap: everybody is who they say).  Free with git_mailmap_free. */
gboolean ident_mailmap_load(git_mailmap **out, git_repository *repo, const char *path,
			    GError **error);

/* The canonical address (and name) of a person under the mailmap (mm may be
 * NULL: the inputs).  Borrowed: from mm or the inputs. */
void ident_resolve(const git_mailmap *mm, const char *name, const char *email,
		   const char **name_out, const char **email_out);

/* The same person: equal canonical addresses (case-insensitive). */
gboolean ident_same_person(const git_mailmap *mm, const char *name_a, const char *email_a,
			   const char *name_b, const char *email_b);

#endif
