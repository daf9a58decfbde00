/* policy.h - the trailer policy: trailers.conf (git-config syntax) read
 * through libgit2's config API into a struct.  No globals: a policy is a
 * value the caller makes, loads files into, and frees.
 *
 * Files are applied in order, each over what the earlier ones set: the
 * installed default (or the copy built into the binary), then the
 * repository's own .quill/trailers.conf (or trailers.conf at the root of its
 * work tree; never through a symbolic link, lint-tree.h).  The keys (every
 * other key, and every bad value, is refused with FILE:LINE,
 * QUILL_ERROR_INPUT; the message quotes the key or value, except for a
 * file of the work tree, whose message says only what is wrong):
 *
 *   [policy]
 *     order = Fixes Reported-by ... Co-developed-by/Signed-off-by ... Link
 *                           the tag order: ranks left to right, tags joined
 *                           by '/' share one rank; tags not named are unranked
 *     maxLineLength = 75    body lines longer than this are long (20..1000)
 *     maxSubjectLength = 75 the same for the subject (20..1000)
 *     minShaDigits = 12     Fixes: and "commit <sha>" need this many (7..40)
 *     archive = HOST        preferred archive hosts (lore.kernel.org)
 *     obsoleteArchive = HOST   archives to link to the preferred one instead
 *     stableAddress = ADDR  the stable list (stable@vger.kernel.org)
 *     stableAlias = ADDR    old addresses of it (stable@kernel.org)
 *     fixesHint = TEXT      text that says "this fixes a bug" (KASAN:, syzbot;
 *                           matched as written, case and all)
 *   [trailer "Canonical-Spelling"]   (matched case-insensitively; the
 *                           spelling of the last definition is canonical)
 *     kind = person | commit | url | text
 *     ownWord = BOOL        only the named person may give it (Reviewed-by)
 *     notAuthor = BOOL      must not name the patch's own author
 *     pair = TAG            must be followed at once by TAG for the same person
 *     followedBy = TAG...   after a run of this tag the next trailer is one of
 *                           these (empty: no such rule)
 *   [rule "RULE-ID"]
 *     severity = error | warning | info | off
 *
 * Multi-valued keys (archive, obsoleteArchive, stableAlias, fixesHint) add
 * to the list; an empty value empties it first, so an override file can
 * replace a list.
 *
 * Line numbers: libgit2 gives none for values, so after libgit2 has parsed a
 * file (and so refused what is not git-config syntax, naming the line), the
 * entries are walked in file order (libgit2 keeps it) and the line of the
 * n-th entry named K is found by a small scan of the file that follows
 * section headers, comments, quotes and backslash continuations
 * (policy_locate_line, policy-lines.c).  Includes ([include], [includeIf])
 * are refused.
 */
#ifndef QUILL_POLICY_H
#define QUILL_POLICY_H

#include <git2.h>
#include <glib.h>

#include "core/resource.h"
#include "core/warn.h"

enum policy_severity {	/* ordered: a higher value is graver */
	POLICY_OFF = 0,
	POLICY_INFO,
	POLICY_WARNING,
	POLICY_ERROR,
};

enum policy_kind {
	POLICY_KIND_TEXT = 0,	/* free text */
	POLICY_KIND_PERSON,	/* "Name <address>" */
	POLICY_KIND_COMMIT,	/* a commit: <sha> ("subject") */
	POLICY_KIND_URL,	/* a URL (or a <message-id>) */
};

struct policy_tag {
	char *name;		/* the canonical spelling, "Signed-off-by" */
	enum policy_kind kind;
	gboolean own_word;	/* needs the named person's own word (Reviewed-by) */
	gboolean not_author;	/* must not name the patch's author */
	char *pair;		/* the tag that must follow at once, same person; or NULL */
	char **followed_by;	/* NULL-terminated; NULL or empty: no such rule */
};

struct policy {
	GPtrArray *tags;	/* struct policy_tag*, owned, in the order first defined */
	int max_line, max_subject, min_sha;
	char **archives, **obsolete, **stable_aliases, **fixes_hints;	/* NULL-terminated, owned */
	char *stable;		/* owned */
	GPtrArray *sources;	/* char*: each file loaded, as named in messages */
	/* private */
	char **order;		/* the order tokens, NULL-terminated */
	char *order_text;	/* policy_order_text's cache */
	GHashTable *ranks;	/* lower-case tag -> rank + 1 */
	GHashTable *severity;	/* rule id -> enum policy_severity (GINT_TO_POINTER) */
	char **rule_ids;	/* the rule ids [rule "..."] may name */
};

/* An empty policy (no tags, no rules set; max_line = max_subject = 75,
 * min_sha = 12) whose [rule "ID"] sections may name the ids in rule_ids
 * (NULL-terminated, copied).  Free with policy_free. */
struct policy *policy_new(const char *const *rule_ids);
void policy_free(struct policy *p);

/* Apply the file PATH over p.  `shown_as` names it in messages (NULL: the
 * path).  FALSE with QUILL_ERROR_INPUT ("NAME:LINE: what") when it does not
 * parse, has an unknown key or a bad value; p may then be half-applied. */
gboolean policy_load_file(struct policy *p, const char *path, const char *shown_as,
			  GError **error);

/* The same for bytes in memory (written to a private temporary file for
 * libgit2, which reads configuration only from files). */
gboolean policy_load_data(struct policy *p, const char *data, gsize len, const char *shown_as,
			  GError **error);

/* The same for the text of a file the user did not write (one of a work
 * tree, read by lint_tree_read): messages are "NAME:LINE: what is wrong"
 * and quote none of the text (a key, a value, libgit2's words when they
 * quote). */
gboolean policy_load_unquoted(struct policy *p, const char *data, gsize len,
			      const char *shown_as, GError **error);

/* The policy in force (policy-standard.c): trailers.conf from res (beside
 * the binary, PREFIX/share/quill, or built in), then, when repo has a work
 * tree, its .quill/trailers.conf or else trailers.conf at its root (each
 * read with lint_tree_read: a symbolic link is warned about through warn,
 * which may be NULL, and not read; then the next one is looked for), then
 * `extra` (a file given on the command line, followed if a link; may be
 * NULL). */
gboolean policy_load_standard(struct policy *p, const struct resources *res,
			      git_repository *repo, const char *extra, warn_fn warn,
			      void *warn_payload, GError **error);

/* The tag spelled key[0..len) in any case, or NULL (borrowed). */
const struct policy_tag *policy_tag(const struct policy *p, const char *key, gsize len);

/* The rank of key[0..len) in policy.order (0 first), or -1 when unranked. */
int policy_rank(const struct policy *p, const char *key, gsize len);

/* The order as configured, for messages: "Fixes, Reported-by, ..." (static
 * inside p; "" when none). */
const char *policy_order_text(struct policy *p);

/* The severity the policy gives rule `id`, or `dflt` when it says nothing. */
enum policy_severity policy_severity(const struct policy *p, const char *id,
				     enum policy_severity dflt);

/* "error", "warning", "info", "off" (static). */
const char *policy_severity_name(enum policy_severity s);
gboolean policy_parse_severity(const char *s, enum policy_severity *out);
const char *policy_kind_name(enum policy_kind k);

/* The 1-based line where the n-th (0-based) entry named `name` (as libgit2
 * reports it: section and variable lower-case, subsection as written) is
 * defined in the git-config text[0..len), or 0 when it cannot be found. */
int policy_locate_line(const char *text, gsize len, const char *name, guint n);

#endif
