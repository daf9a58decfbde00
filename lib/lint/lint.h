/* lint.h - checking one commit or one mail against a trailer policy (and,
 * once the review module provides it, the review history).
 *
 * The caller describes a message as a struct lint_input (its text, author,
 * submitter, where findings point); lint_check parses it once (the trailer
 * block through lib/trailer, each person through ident_addr_parse, the
 * mailmap applied) into a struct lint_message and runs every rule of the
 * table on it.  A rule is a row: an id, a default severity (the policy may
 * change it, or turn it off), what it needs (a repository, the review
 * history, a set of mails), and a check function that reads the parsed
 * message and calls lint_report.  Rules that need something the run does not
 * have are skipped, so the review-history rules are in the table now and
 * run once a struct lint_review provider is passed to lint_new.  The claim
 * rules (lib/claim: numbers quoted in the message against the benchmarks
 * attached) run the same way once a struct lint_bench provider is set with
 * lint_set_benchmarks; they read only the prose, so lint_check_text runs
 * them on a cover letter too.
 *
 * Findings come back in an array; nothing is printed.  Exceptions (a
 * lint-ignore file, notes on refs/notes/quill-lint) mark findings ignored
 * rather than dropping them, so a caller can count them.
 *
 * Ownership: a struct lint borrows the policy, repository, mailmap, review
 * and benchmark providers and ignore list given to it (they must outlive it).  Findings
 * own their message and borrow their input (the caller keeps the input
 * until it has used the findings).
 */
#ifndef QUILL_LINT_H
#define QUILL_LINT_H

#include <git2.h>
#include <glib.h>

#include "core/warn.h"
#include "git/ident.h"
#include "lint/policy.h"
#include "mail/subject.h"
#include "mail/trailer.h"

/* ---- what is checked ---- */

struct lint_input {
	const char *where;		/* what findings name: "0123456789ab", "a.mbox" */
	const char *message;		/* the commit message: subject, blank line, body, trailers */
	gsize len;
	const git_oid *oid;		/* the commit, or NULL for a mail */
	const char *msgid;		/* a mail's Message-ID without <>, or NULL */
	const char *author_name, *author_email;		/* NULL: unknown */
	const char *submitter_name, *submitter_email;	/* who sends it; NULL: unknown */
	/* who sent a mail, as the rules over a set compare senders: the
	 * --submitter given, a Sender: header, or the From: header of a mail
	 * as sent; NULL: unknown (a git format-patch file, whose From: is the
	 * author, a commit) */
	const char *sender_name, *sender_email;
	const guint *lines;		/* message line i (0-based) is line lines[i] of `where`;
					   NULL: line i + 1 */
	guint nlines;
	const struct subject *subject;	/* a mail's Subject header parsed; NULL for commits */
	gboolean cover;			/* a series' cover letter (lint_check_text) */
};

enum lint_line_kind {
	LINT_LINE_SUBJECT,	/* the title paragraph */
	LINT_LINE_BODY,		/* between the title and the trailer block */
	LINT_LINE_BLOCK,	/* inside the trailer block */
	LINT_LINE_AFTER,	/* after the block: blank and comment lines */
	LINT_LINE_CUT,		/* from a "---" divider on: git am and interpret-trailers
				   never see it (only a commit can have these) */
};

struct lint_line {
	gsize start, len;	/* into the message, without the newline */
	enum lint_line_kind kind;
	gboolean url;		/* holds "://" (the rules about links look no further) */
};

/* One item of the trailer block. */
struct lint_trailer {
	gboolean is_trailer;		/* FALSE: a block line that is not a trailer */
	const char *key;		/* as written (into the message); "" for other lines */
	gsize key_len;
	char *value;			/* trailers: unfolded and trimmed; others: the line (owned) */
	gsize value_len;
	guint line, nlines;		/* 1-based first message line, lines taken */
	gsize start, end, sep;		/* raw text [start, end), the separator's offset */
	const struct policy_tag *tag;	/* the known tag it is (any case), or NULL */
	gboolean person;		/* addr holds the value parsed as a person */
	struct ident_addr addr;		/* owned, unless shared */
	const char *canon_email;	/* addr.email under the mailmap (borrowed), or NULL */
	gboolean shared;		/* addr is the linter's: valid while it is */
};

struct lint_message {
	const struct lint_input *in;
	struct trailer_block block;
	GArray *lines;			/* struct lint_line, every line of the message */
	GArray *items;			/* struct lint_trailer, the block in order */
	char *subject;			/* the title paragraph joined by spaces (owned) */
	guint subject_line;		/* 1-based line where it starts (0: no title) */
	guint gen;			/* which parse this is, for caches (never 0) */
};

/* ---- the review history (provided by the review module) ---- */

enum lint_review_state {
	LINT_REVIEW_UNKNOWN = 0,	/* nothing known: the provider has no thread for it */
	LINT_REVIEW_GIVEN,		/* the person gave it in a reply */
	LINT_REVIEW_NOT_FOUND,		/* the thread is known and has no such reply */
	LINT_REVIEW_TAKEN_BACK,		/* given, then withdrawn */
	LINT_REVIEW_DECLINED,		/* the person said no (NAK, "please drop my ...") */
};

struct lint_review_answer {
	enum lint_review_state state;
	char *msgid;			/* the reply that says so, or NULL (owned) */
	char *link;			/* a link to that reply, or NULL (owned) */
	int version;			/* the version it was given on, or 0 */
	gboolean changed_since;		/* the patch changed after it was given */
};

/* What the list said about `key: name <email>` on the patch `in` is.
 * lookup fills *out (zeroed first) and returns FALSE only when it cannot
 * tell at all (the rules then say nothing). */
struct lint_review {
	gboolean (*lookup)(const struct lint_review *r, const struct lint_input *in,
			   const char *key, const char *name, const char *email,
			   struct lint_review_answer *out);
	void *data;
};

/* ---- the benchmarks a message's claims are checked against ---- */

/* The benchmarks (struct bench*, borrowed; valid until the next call or
 * the end of the run) that the claims of `in` are checked against; NULL
 * or an empty array: none (the claim rules then say nothing).  The rules
 * read no series state: lint-run.h's struct lint_benches gives the
 * benchmarks attached to a version through this. */
struct lint_bench {
	GPtrArray *(*benchmarks)(const struct lint_bench *b, const struct lint_input *in);
	void *data;
};

/* ---- rules ---- */

enum lint_needs {
	LINT_NEEDS_REPO = 1 << 0,	/* runs only with a repository */
	LINT_NEEDS_REVIEW = 1 << 1,	/* runs only with a review provider */
	LINT_SET = 1 << 2,		/* check_set over the mails of a run, not per message */
	LINT_NEEDS_BENCH = 1 << 3,	/* runs only with a benchmark provider */
	LINT_TEXT = 1 << 4,		/* reads the prose only: runs on a cover letter too */
};

struct lint_ctx;

struct lint_rule {
	const char *id;			/* "sign-off-missing" */
	enum policy_severity severity;	/* the default (trailers.conf says the same) */
	unsigned needs;			/* enum lint_needs */
	const char *summary;		/* one line, for --list-rules */
	void (*check)(struct lint_ctx *c);
	void (*check_set)(struct lint_ctx *c, const struct lint_message *const *msgs, guint n);
};

struct lint;

/* What a check function sees. */
struct lint_ctx {
	struct lint *lint;
	const struct policy *policy;
	git_repository *repo;			/* NULL when there is none */
	const git_mailmap *mailmap;		/* NULL when there is none */
	const struct lint_review *review;	/* NULL until the review module */
	const struct lint_bench *bench;		/* NULL unless lint_set_benchmarks */
	const struct lint_message *msg;		/* the message (check_set: set it before reporting) */
	const struct lint_rule *rule;		/* the rule running */
	GArray *out;				/* struct lint_finding */
};

/* Report a finding of the running rule at message line `line` (1-based;
 * 0: the message as a whole, reported at its first line). */
void lint_report(struct lint_ctx *c, guint line, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
/* The same at a column (1-based, in characters) of that line. */
void lint_report_at(struct lint_ctx *c, guint line, guint column, const char *fmt, ...)
	G_GNUC_PRINTF(4, 5);

/* The rule table, and its ids as a NULL-terminated list (static). */
const struct lint_rule *lint_rules(guint *n);
const char *const *lint_rule_ids(void);

/* ---- findings ---- */

struct lint_finding {
	const struct lint_input *input;	/* borrowed */
	const char *rule;		/* the rule id (static) */
	enum policy_severity severity;
	guint line;			/* in input->where's numbering */
	guint column;			/* 1-based, or 0: the line as a whole */
	char *message;			/* owned */
	gboolean ignored;		/* an exception covers it */
};

/* Free the findings' messages and empty the array. */
void lint_findings_clear(GArray *findings);

/* ---- exceptions (lib/lint-ignore.c) ---- */

struct lint_ignore;

struct lint_ignore *lint_ignore_new(void);
void lint_ignore_free(struct lint_ignore *ig);

/* Lines "COMMIT RULE-ID [# why]" (COMMIT: 7 to 40 hex digits) or
 * "<message-id> RULE-ID [# why]"; blank lines and "#" lines are skipped.
 * QUILL_ERROR_INPUT "NAME:LINE: what: 'LINE'" for anything else or an
 * unknown rule (a work tree's file: "NAME:LINE: what", quoting nothing). */
gboolean lint_ignore_parse(struct lint_ignore *ig, const char *text, gsize len, const char *name,
			   GError **error);
/* The same from a file; a file that does not exist is no error when
 * `optional`. */
gboolean lint_ignore_load(struct lint_ignore *ig, const char *path, gboolean optional,
			  GError **error);
/* Every note on `ref` (e.g. "refs/notes/quill-lint"): lines "RULE-ID [# why]"
 * for the commit it annotates.  No such ref is no error. */
gboolean lint_ignore_notes(struct lint_ignore *ig, git_repository *repo, const char *ref,
			   GError **error);
/* Does an exception cover `rule` for this input? */
gboolean lint_ignore_match(const struct lint_ignore *ig, const struct lint_input *in,
			   const char *rule);

/* Where the exceptions noted on commits live. */
#define LINT_NOTES_REF "refs/notes/quill-lint"

/* The exceptions of a run: `file`, else the work tree's .quill/lint-ignore
 * (optional; read with lint_tree_read: a symbolic link is warned about
 * through warn, which may be NULL, and not read), and the notes on
 * LINT_NOTES_REF (repo may be NULL: no work tree, no notes).  *out is set
 * even on failure (lint_ignore_free). */
gboolean lint_exceptions_load(struct lint_ignore **out, git_repository *repo, const char *file,
			      warn_fn warn, void *warn_payload, GError **error);

/* ---- a mail as an input (lib/lint-mail.c) ---- */

struct lint_mail {
	struct lint_input in;		/* its pointers point into the fields below */
	char *where, *message, *msgid;
	char *author_name, *author_email, *submitter_name, *submitter_email;
	char *sender_name, *sender_email;
	guint *lines;
	struct subject subject;
	gboolean is_patch;		/* a patch: "[PATCH" in the subject, or a diff below */
	gboolean is_cover;		/* numbered 0/N */
	gboolean is_reply;		/* "Re:" */
};

/* Read one mail data[0..len) (mbox escaping undone) as git am would take
 * it: the commit message is the Subject (without its [PATCH ...] part),
 * a blank line, and the body up to the "---" (lib/mailinfo); the author is
 * an in-body From: or else the From: header; the submitter is the From:
 * header.  The sender is the Sender: header, else the From: header, unless
 * the mail is a git format-patch file, not sent: its mbox separator
 * `from_line` (from_len bytes; NULL: none, then data's own first line) is
 * "From <sha> Mon Sep 17 00:00:00 2001", and its From: is the author.
 * Lines count in the file `where`, whose line `first_line` is the mail's
 * first: the subject's is the Subject: header's; a body line is found in
 * the raw body, in order (a quoted-printable or base64 line, which is not
 * there as such, takes the line of the one before).  QUILL_ERROR_INPUT
 * when the data is not mail.  Free with lint_mail_clear. */
gboolean lint_mail_read(struct lint_mail *out, const char *where, const char *data, gsize len,
			const char *from_line, gsize from_len, guint first_line, GError **error);
void lint_mail_clear(struct lint_mail *m);

/* ---- running ---- */

/* A linter (free with lint_free); see the ownership note at the top.  Any
 * of repo, mailmap, review and ignore may be NULL. */
struct lint *lint_new(const struct policy *policy, git_repository *repo,
		      const git_mailmap *mailmap, const struct lint_review *review,
		      const struct lint_ignore *ignore);
void lint_free(struct lint *l);

/* Give the claim rules their benchmarks (NULL: none; they are then off). */
void lint_set_benchmarks(struct lint *l, const struct lint_bench *bench);

/* Run only the rules whose needs include a bit of `needs` (0: every rule
 * again), e.g. LINT_NEEDS_BENCH for quill bench check. */
void lint_restrict(struct lint *l, unsigned needs);

/* The severity rule r has in this run (POLICY_OFF: it does not run, also
 * when the run lacks what it needs). */
enum policy_severity lint_severity(const struct lint *l, const struct lint_rule *r);

/* The severity the policy gives rule r (its default when the policy says
 * nothing), whether or not it can run. */
enum policy_severity lint_policy_severity(const struct lint *l, const struct lint_rule *r);

/* What rule r would lack in a run that gives it `gives` (LINT_NEEDS_BENCH:
 * benchmarks; LINT_SET: a set of mails; lint_run_gives says what each run
 * gives) beside what l has (its repository, review provider, benchmarks):
 * the bits of LINT_NEEDS_REPO, LINT_NEEDS_REVIEW, LINT_NEEDS_BENCH and
 * LINT_SET in r->needs that are not met; 0 when it has all it needs.
 * lint_restrict is not counted. */
unsigned lint_rule_lacks(const struct lint *l, const struct lint_rule *r, unsigned gives);

/* Check one message: append its findings to `out` (struct lint_finding) in
 * line order.  Returns how many were appended. */
guint lint_check(struct lint *l, const struct lint_input *in, GArray *out);

/* Check a text that is no commit, a cover letter: only the LINT_TEXT rules
 * run.  Appends findings like lint_check; returns how many. */
guint lint_check_text(struct lint *l, const struct lint_input *in, GArray *out);

/* The rules over a set (the mails of one run: numbering, versions,
 * senders).  Appends findings; returns how many. */
guint lint_check_set(struct lint *l, const struct lint_input *const *in, guint n, GArray *out);

/* lint_check over a message lint_message_parse parsed, by l or by a
 * parser of l's (lint_new_parser), maybe on another thread: the same
 * findings. */
guint lint_check_parsed(struct lint *l, const struct lint_message *m, GArray *out);

/* A linter that parses messages as l does (l's policy and mailmap,
 * borrowed: l outlives it), for lint_message_parse on another thread than
 * l's; its caches are its own.  It checks nothing.  Free with lint_free
 * after the messages it parsed. */
struct lint *lint_new_parser(const struct lint *l);

/* Parse a message as the rules see it (for rules and tests; lint_check
 * does it itself).  Free with lint_message_clear, before lint_free: the
 * people of its person tags may be the linter's (lint_trailer.shared). */
void lint_message_parse(struct lint *l, const struct lint_input *in, struct lint_message *m);
void lint_message_clear(struct lint_message *m);

#endif
