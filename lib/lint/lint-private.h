/* lint-private.h - what the files of the lint module share: the linter's
 * state, helpers for rules, and the check functions of the rule table
 * (lint-sign.c: signatures and people; lint-tags.c: the form and order of
 * tags, links; lint-body.c: Fixes:, commit references, the message's lines;
 * lint-series.c: sets of mails and the review history; lint-claim.c: the
 * numbers a message quotes against the benchmarks). */
#ifndef QUILL_LINT_PRIVATE_H
#define QUILL_LINT_PRIVATE_H

#include "git/oidfind.h"
#include "lint/lint.h"

#include <string.h>

/* g_ascii_strncasecmp, inline: 0 when the first n bytes of a and b (up to
 * a NUL) are the same but for ASCII case, else the difference of the first
 * pair that is not, lower-cased.  The rules call it millions of times over
 * a history, and GLib's calls a function for each byte. */
static inline int lint_strncasecmp(const char *a, const char *b, gsize n)
{
	for (gsize i = 0; i < n; i++) {
		int x = (unsigned char)a[i], y = (unsigned char)b[i];

		if (x != y) {
			x += (x >= 'A' && x <= 'Z') ? 32 : 0;
			y += (y >= 'A' && y <= 'Z') ? 32 : 0;
			if (x != y)
				return x - y;
		}
		if (!x)
			return 0;
	}
	return 0;
}

struct lint {
	const struct policy *policy;
	git_repository *repo;
	const git_mailmap *mailmap;
	const struct lint_review *review;
	const struct lint_bench *bench;
	const struct lint_ignore *ignore;
	enum policy_severity *sev;	/* per rule of the table */
	unsigned only;			/* lint_restrict's needs, or 0 */
	GHashTable *commits;		/* hex as written -> struct lint_commit_info* */
	struct oidfind *find;		/* for them: made on the first, or NULL */
	GHashTable *people;		/* a person tag's value -> lint.c's struct person* */
	GHashTable *tags;		/* a key as written -> its policy_tag (or a stand-in for none) */
	struct trailer_opts opts;
	struct trailer_iter it;
	struct lint_message msg;	/* reused by lint_check */
	/* lint-body.c's commits named in the body of message refs_gen, found
	 * once for its three rules */
	GArray *refs;
	GPtrArray *ref_texts;		/* char*: the joined lines they point into */
	guint refs_gen;
	/* lint-claim.c's verdicts on message claims_gen, for its three rules */
	GArray *claims;			/* struct claim_result */
	guint claims_gen;
};

/* A commit named by (abbreviated) hex, looked up once per run. */
enum lint_commit_state { LINT_COMMIT_FOUND, LINT_COMMIT_UNKNOWN, LINT_COMMIT_AMBIGUOUS };

struct lint_commit_info {
	enum lint_commit_state state;
	char *subject;		/* git's summary (the title paragraph, joined) when found */
	char hex[GIT_OID_HEXSZ + 1];	/* the full id when found */
};

/* The commit hex[0..len) names (needs c->repo). */
const struct lint_commit_info *lint_lookup_commit(struct lint_ctx *c, const char *hex, gsize len);

/* The last line before any "---" cut (1-based; 1 for an empty message). */
guint lint_last_line(const struct lint_message *m);

/* The 1-based line holding offset pos of the message (1 when it has no
 * lines). */
guint lint_line_of(const struct lint_message *m, gsize pos);

/* memmem(hay, len, needle, n), found by memchr on the needle's byte least
 * likely in prose (glibc's memmem costs several times more on texts as
 * short as a commit message). */
const char *lint_memmem(const char *hay, gsize len, const char *needle, gsize n);

/* Message line `line` (1-based), or NULL. */
const struct lint_line *lint_line_at(const struct lint_message *m, guint line);

static inline const struct lint_trailer *lint_item(const struct lint_message *m, guint i)
{
	return &g_array_index(m->items, struct lint_trailer, i);
}

/* Is the item a trailer whose key is `name` (ASCII case-insensitive)?
 * Inline: the rules ask it of every item with literal names, whose
 * lengths the compiler knows. */
static inline gboolean lint_key_is(const struct lint_trailer *t, const char *name)
{
	return t->is_trailer && strlen(name) == t->key_len &&
	       !lint_strncasecmp(t->key, name, t->key_len);
}

/* Does key[0..len) end in "-by" (any case)? */
gboolean lint_ends_by(const char *key, gsize len);

/* The same person under the run's mailmap. */
gboolean lint_same_person(const struct lint_ctx *c, const char *name_a, const char *email_a,
			  const char *name_b, const char *email_b);

/* Case-insensitive search of needle in hay[0..len); the offset or -1. */
gssize lint_find_ci(const char *hay, gsize len, const char *needle);

/* "Name <email>" (or "<email>") for messages (caller owns). */
char *lint_person_text(const char *name, const char *email);

/* ---- the check functions of the rule table ---- */
#define LINT_CHECK(name) void lint_chk_##name(struct lint_ctx *c)
#define LINT_CHECK_SET(name) \
	void lint_chk_##name(struct lint_ctx *c, const struct lint_message *const *msgs, guint n)

LINT_CHECK(sign_off_missing);
LINT_CHECK(sign_off_author);
LINT_CHECK(sign_off_submitter);
LINT_CHECK(from_sign_off_mismatch);
LINT_CHECK(tag_pair);
LINT_CHECK(tag_follow);
LINT_CHECK(self_credit);
LINT_CHECK(duplicate_signature);
LINT_CHECK(person_two_addresses);
LINT_CHECK(trailer_malformed);
LINT_CHECK(person_format);
LINT_CHECK(person_name);

LINT_CHECK(tag_spelling);
LINT_CHECK(tag_spacing);
LINT_CHECK(tag_unknown);
LINT_CHECK(tag_combined);
LINT_CHECK(tag_order);
LINT_CHECK(trailer_not_in_block);
LINT_CHECK(stable_address);
LINT_CHECK(link_url);
LINT_CHECK(link_archive);
LINT_CHECK(use_link);
LINT_CHECK(gerrit_change_id);

LINT_CHECK(fixes_format);
LINT_CHECK(fixes_sha);
LINT_CHECK(fixes_unknown);
LINT_CHECK(fixes_subject);
LINT_CHECK(fixes_missing);
LINT_CHECK(commit_ref_format);
LINT_CHECK(commit_ref_unknown);
LINT_CHECK(commit_ref_subject);
LINT_CHECK(long_line);
LINT_CHECK(diff_in_message);
LINT_CHECK(comment_line);
LINT_CHECK(description_missing);
LINT_CHECK(changelog_in_message);
LINT_CHECK(invalid_utf8);
LINT_CHECK(subject_format);
LINT_CHECK(subject_tool);

LINT_CHECK_SET(series_numbering);
LINT_CHECK_SET(series_version);
LINT_CHECK_SET(series_submitter);
LINT_CHECK(review_declined);
LINT_CHECK(review_taken_back);
LINT_CHECK(review_not_given);
LINT_CHECK(review_patch_changed);

LINT_CHECK(claim_mismatch);
LINT_CHECK(claim_noise);
LINT_CHECK(claim_unmatched);

#endif
