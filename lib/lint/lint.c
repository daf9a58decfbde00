/* lint.c - the rule table, parsing a message once for all rules, running
 * them, and the findings (see lint.h). */
#include "lint/lint-private.h"
#include "bench/claim.h"
#include "core/error.h"

#include <stdarg.h>
#include <string.h>

#define E POLICY_ERROR
#define W POLICY_WARNING
#define I POLICY_INFO
#define R(id, sev, needs, fn, summary) { id, sev, needs, summary, lint_chk_##fn, NULL }
#define S(id, sev, fn, summary) { id, sev, LINT_SET, summary, NULL, lint_chk_##fn }

/* The order is the order of trailers.conf and of --list-rules. */
static const struct lint_rule rules[] = {
	R("sign-off-missing", E, 0, sign_off_missing, "no Signed-off-by in the trailer block"),
	R("sign-off-author", E, 0, sign_off_author, "no Signed-off-by by the patch's author"),
	R("sign-off-submitter", E, 0, sign_off_submitter,
	  "the last Signed-off-by is not the submitter's"),
	R("from-sign-off-mismatch", W, 0, from_sign_off_mismatch,
	  "the author signs off under another name or address"),
	R("tag-pair", E, 0, tag_pair,
	  "a tag (Co-developed-by) not followed at once by its pair for the same person"),
	R("tag-follow", W, 0, tag_follow, "a tag (Reported-by) not followed by Closes: or Link:"),
	R("self-credit", W, 0, self_credit, "the author named as co-developer, reviewer, tester"),
	R("duplicate-signature", W, 0, duplicate_signature, "the same tag by the same person twice"),
	R("person-two-addresses", W, 0, person_two_addresses,
	  "one name under two addresses the mailmap does not join"),
	R("trailer-malformed", E, 0, trailer_malformed,
	  "a person tag without a usable address, a tag line without its colon"),
	R("person-format", W, 0, person_format, "quoting, comments or junk around an address"),
	R("person-name", W, 0, person_name, "an address without a name"),
	R("tag-spelling", I, 0, tag_spelling, "a known tag spelled in another case"),
	R("tag-spacing", W, 0, tag_spacing, "blanks before the colon, not one space after it"),
	R("tag-unknown", W, 0, tag_unknown, "an unknown *-by tag, or a near miss of a known tag"),
	R("tag-combined", W, 0, tag_combined, "a combined tag such as Reported-and-tested-by"),
	R("tag-order", W, 0, tag_order, "tags out of the policy's order"),
	R("trailer-not-in-block", W, 0, trailer_not_in_block,
	  "a tag line outside the trailer block, which git does not read as a trailer"),
	R("stable-address", W, 0, stable_address, "Cc: stable@vger.kernel.org # 6.1+ is the form"),
	R("link-url", W, 0, link_url, "Link:/Closes: without an http(s) URL or <message-id>"),
	R("link-archive", W, 0, link_archive, "a link to a mail archive other than lore"),
	R("use-link", W, 0, use_link, "another tag with a URL, where Link: or Closes: is meant"),
	R("gerrit-change-id", E, 0, gerrit_change_id, "a Gerrit Change-Id in the message"),
	R("fixes-format", E, 0, fixes_format, "Fixes: not <sha> (\"subject\") on one line"),
	R("fixes-sha", E, 0, fixes_sha, "Fixes: with too few hex digits, or upper case ones"),
	R("fixes-unknown", E, LINT_NEEDS_REPO, fixes_unknown,
	  "Fixes: naming no commit of the repository"),
	R("fixes-subject", W, LINT_NEEDS_REPO, fixes_subject,
	  "Fixes: with a subject that is not the commit's"),
	R("fixes-missing", W, 0, fixes_missing, "a crash report or a stable Cc but no Fixes:"),
	R("commit-ref-format", E, 0, commit_ref_format,
	  "a commit named in the body not as commit <12+ hex> (\"subject\")"),
	R("commit-ref-unknown", W, LINT_NEEDS_REPO, commit_ref_unknown,
	  "a commit named in the body that the repository lacks"),
	R("commit-ref-subject", W, LINT_NEEDS_REPO, commit_ref_subject,
	  "a commit named in the body with a subject that is not its"),
	R("long-line", W, 0, long_line, "body lines longer than policy.maxLineLength"),
	R("diff-in-message", E, 0, diff_in_message, "diff text in the message"),
	R("comment-line", W, 0, comment_line, "a line starting with '#', which git drops"),
	R("description-missing", W, 0, description_missing, "nothing but a subject and tags"),
	R("changelog-in-message", W, 0, changelog_in_message,
	  "a version changelog above the --- line"),
	R("invalid-utf8", W, 0, invalid_utf8, "bytes that are not UTF-8"),
	R("subject-format", W, 0, subject_format,
	  "a subject over policy.maxSubjectLength, or a [PATCH] prefix in a commit"),
	R("subject-tool", W, 0, subject_tool, "a subject naming the tool that found the bug"),
	S("series-numbering", W, series_numbering, "n/N missing, repeated or out of range"),
	S("series-version", W, series_version, "a patch of another version than its series"),
	S("series-submitter", W, series_submitter, "patches of one series from different senders"),
	R("review-declined", E, LINT_NEEDS_REVIEW, review_declined,
	  "a tag the named person declined on the list"),
	R("review-taken-back", E, LINT_NEEDS_REVIEW, review_taken_back,
	  "a tag the named person took back"),
	R("review-not-given", W, LINT_NEEDS_REVIEW, review_not_given,
	  "a tag only its person can give that the list does not show"),
	R("review-patch-changed", W, LINT_NEEDS_REVIEW, review_patch_changed,
	  "a tag given on an earlier version of a patch that changed since"),
	R("claim-mismatch", E, LINT_NEEDS_BENCH | LINT_TEXT, claim_mismatch,
	  "a number quoted in the message that the attached benchmarks do not give"),
	R("claim-noise", W, LINT_NEEDS_BENCH | LINT_TEXT, claim_noise,
	  "a change the message claims that the benchmarks say is within noise"),
	R("claim-unmatched", I, LINT_NEEDS_BENCH | LINT_TEXT, claim_unmatched,
	  "a result quoted that no attached benchmark can check"),
};

#define NRULES G_N_ELEMENTS(rules)

const struct lint_rule *lint_rules(guint *n)
{
	*n = NRULES;
	return rules;
}

const char *const *lint_rule_ids(void)
{
	static const char *ids[NRULES + 1];

	if (!ids[0])
		for (guint i = 0; i < NRULES; i++)
			ids[i] = rules[i].id;
	return ids;
}

/* ---- helpers for rules ---- */

gboolean lint_ends_by(const char *key, gsize len)
{
	return len > 3 && !lint_strncasecmp(key + len - 3, "-by", 3);
}

gboolean lint_same_person(const struct lint_ctx *c, const char *name_a, const char *email_a,
			  const char *name_b, const char *email_b)
{
	return ident_same_person(c->mailmap, name_a, email_a, name_b, email_b);
}

gssize lint_find_ci(const char *hay, gsize len, const char *needle)
{
	gsize n = strlen(needle);
	char lo, up;

	if (!n)
		return 0;
	lo = up = needle[0];
	if (lo >= 'A' && lo <= 'Z')
		lo = (char)(lo + 32);
	else if (up >= 'a' && up <= 'z')
		up = (char)(up - 32);
	for (gsize i = 0; i + n <= len; i++)
		if ((hay[i] == lo || hay[i] == up) && !lint_strncasecmp(hay + i, needle, n))
			return (gssize)i;
	return -1;
}

char *lint_person_text(const char *name, const char *email)
{
	if (name && *name)
		return g_strdup_printf("%s <%s>", name, email ? email : "");
	return g_strdup_printf("<%s>", email ? email : "");
}

guint lint_last_line(const struct lint_message *m)
{
	guint n = m->lines->len;

	while (n > 1 && g_array_index(m->lines, struct lint_line, n - 1).kind == LINT_LINE_CUT)
		n--;
	return n ? n : 1;
}

const struct lint_line *lint_line_at(const struct lint_message *m, guint line)
{
	if (line == 0 || line > m->lines->len)
		return NULL;
	return &g_array_index(m->lines, struct lint_line, line - 1);
}

static void commit_info_free(gpointer p)
{
	struct lint_commit_info *ci = p;

	g_free(ci->subject);
	g_free(ci);
}

const struct lint_commit_info *lint_lookup_commit(struct lint_ctx *c, const char *hex, gsize len)
{
	struct lint *l = c->lint;
	char *key = g_ascii_strdown(hex, (gssize)len);
	struct lint_commit_info *ci = g_hash_table_lookup(l->commits, key);
	git_oid oid;
	git_commit *commit = NULL;
	int rc;

	if (ci) {
		g_free(key);
		return ci;
	}
	ci = g_new0(struct lint_commit_info, 1);
	ci->state = LINT_COMMIT_UNKNOWN;
	/* most ids a history names are not in it: no refresh per miss */
	if (!l->find)
		l->find = oidfind_new(c->repo);
	rc = l->find && len >= 4 ? oidfind_find(l->find, &oid, key, len) : GIT_ENOTFOUND;
	if (rc == GIT_EAMBIGUOUS) {
		ci->state = LINT_COMMIT_AMBIGUOUS;
	} else if (rc == 0 && git_commit_lookup(&commit, c->repo, &oid) == 0) {
		const char *s = git_commit_summary(commit);

		ci->state = LINT_COMMIT_FOUND;
		ci->subject = g_strdup(s ? s : "");
		git_oid_tostr(ci->hex, sizeof(ci->hex), &oid);
		git_commit_free(commit);
	}
	g_hash_table_insert(l->commits, key, ci);
	return ci;
}

/* ---- parsing a message ---- */

static void items_reset(GArray *items)
{
	for (guint i = 0; i < items->len; i++) {
		struct lint_trailer *t = &g_array_index(items, struct lint_trailer, i);

		g_free(t->value);
		if (t->person && !t->shared)
			ident_addr_clear(&t->addr);
	}
	g_array_set_size(items, 0);
}

static gboolean blank_line(const char *s, gsize len)
{
	for (gsize i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return FALSE;
	return TRUE;
}

guint lint_line_of(const struct lint_message *m, gsize pos)
{
	guint lo = 0, hi = m->lines->len;

	while (hi - lo > 1) {
		guint mid = (lo + hi) / 2;

		if (g_array_index(m->lines, struct lint_line, mid).start <= pos)
			lo = mid;
		else
			hi = mid;
	}
	return lo + 1;
}

/* Where in needle[0..n) (n > 0) to look from: a capital, a digit or a
 * sign, else the rarest small letter (by English letter frequency). */
static gsize needle_anchor(const char *needle, gsize n)
{
	static const char common[] = " etaoinshrdlcumwfgypbvkjxqz";
	gsize best = 0;
	int score = -1;

	for (gsize i = 0; i < n; i++) {
		const char *f = memchr(common, needle[i], sizeof(common) - 1);
		int sc = f ? (int)(f - common) : (int)sizeof(common);

		if (sc > score) {
			score = sc;
			best = i;
		}
	}
	return best;
}

const char *lint_memmem(const char *hay, gsize len, const char *needle, gsize n)
{
	const char *end = hay + len;
	gsize a;

	if (!n || n > len)
		return n ? NULL : hay;
	a = needle_anchor(needle, n);
	for (const char *p = hay + a; p < end; p++) {
		if (!(p = memchr(p, needle[a], (gsize)(end - p))))
			return NULL;
		if ((gsize)(p - a - hay) + n > len)
			return NULL;
		if (!memcmp(p - a, needle, n))
			return p - a;
	}
	return NULL;
}

/* Mark the lines that hold "://": one search of the message, not one per
 * line. */
static void mark_urls(struct lint_message *m)
{
	const char *t = m->in->message, *p;
	gsize pos = 0, len = m->in->len;

	while (pos < len && (p = lint_memmem(t + pos, len - pos, "://", 3))) {
		gsize at = (gsize)(p - t);
		guint line = lint_line_of(m, at);
		struct lint_line *ln;

		if (line > m->lines->len)
			break;
		ln = &g_array_index(m->lines, struct lint_line, line - 1);
		if (ln->start <= at && at + 3 <= ln->start + ln->len) {
			ln->url = TRUE;
			pos = ln->start + ln->len;	/* on to the next line */
		} else {
			pos = at + 1;
		}
	}
}

static void parse_lines(struct lint_message *m)
{
	const char *t = m->in->message;
	gsize cut = m->block.msg_end, end = m->in->len, pos = 0;
	gboolean in_title = FALSE, seen_title = FALSE;
	GString *subj = g_string_new(NULL);

	while (pos < end) {
		const char *nl = memchr(t + pos, '\n', end - pos);
		gsize next = nl ? (gsize)(nl - t) + 1 : end;
		struct lint_line ln = { pos, (nl ? (gsize)(nl - t) : end) - pos, LINT_LINE_BODY, FALSE };
		gboolean blank = blank_line(t + ln.start, ln.len);

		if (ln.len && t[ln.start + ln.len - 1] == '\r')
			ln.len--;
		if (pos >= cut) {
			if (t[cut] == '\0')
				break;	/* a NUL ends the message for git too */
			ln.kind = LINT_LINE_CUT;
			g_array_append_val(m->lines, ln);
			pos = next;
			continue;
		}
		if (!seen_title && !blank) {
			seen_title = in_title = TRUE;
			m->subject_line = m->lines->len + 1;
		} else if (in_title && blank) {
			in_title = FALSE;
		}
		if (!seen_title || in_title) {
			ln.kind = LINT_LINE_SUBJECT;
			if (in_title) {
				char *s = g_strstrip(g_strndup(t + ln.start, ln.len));

				if (subj->len && *s)
					g_string_append_c(subj, ' ');
				g_string_append(subj, s);
				g_free(s);
			}
		} else if (m->block.start < m->block.end && pos >= m->block.end) {
			ln.kind = LINT_LINE_AFTER;
		} else if (m->block.start < m->block.end && pos >= m->block.start) {
			ln.kind = LINT_LINE_BLOCK;
		}
		g_array_append_val(m->lines, ln);
		pos = next;
	}
	g_free(m->subject);
	m->subject = g_string_free(subj, FALSE);
	mark_urls(m);
}

/* A person's value parsed once a run: the same people sign and review
 * commit after commit. */
struct person {
	struct ident_addr addr;
	const char *canon_email;	/* under the mailmap: into addr or the mailmap */
};

static void person_free(gpointer p)
{
	struct person *x = p;

	ident_addr_clear(&x->addr);
	g_free(x);
}

#define PEOPLE_MAX 65536	/* past that, parse each (memory stays bounded) */

/* t->addr and t->canon_email for the value of person tag t: the linter's
 * (t->shared) when the value was met before or there is room for it. */
static void person_parse(struct lint *l, struct lint_trailer *t)
{
	struct person *x;
	const char *n;

	if (strlen(t->value) != t->value_len || (!(x = g_hash_table_lookup(l->people, t->value)) &&
						  g_hash_table_size(l->people) >= PEOPLE_MAX)) {
		ident_addr_parse(t->value, t->value_len, &t->addr);
		if (t->addr.email)
			ident_resolve(l->mailmap, t->addr.name, t->addr.email, &n, &t->canon_email);
		return;
	}
	if (!x) {
		x = g_new0(struct person, 1);
		ident_addr_parse(t->value, t->value_len, &x->addr);
		if (x->addr.email)
			ident_resolve(l->mailmap, x->addr.name, x->addr.email, &n, &x->canon_email);
		g_hash_table_insert(l->people, g_strdup(t->value), x);
	}
	t->addr = x->addr;
	t->canon_email = x->canon_email;
	t->shared = TRUE;
}

#define TAGS_MAX 4096	/* keys as written remembered, at most */

/* policy_tag, remembered per key as written (a handful of spellings come
 * back in every commit). */
static const struct policy_tag *tag_of(struct lint *l, const char *key, gsize len)
{
	static const char none;
	char k[64];
	gpointer found;

	if (len >= sizeof(k) || memchr(key, '\0', len))
		return policy_tag(l->policy, key, len);
	memcpy(k, key, len);
	k[len] = '\0';
	if (g_hash_table_lookup_extended(l->tags, k, NULL, &found))
		return found == &none ? NULL : found;
	found = (gpointer)policy_tag(l->policy, key, len);
	if (g_hash_table_size(l->tags) < TAGS_MAX)
		g_hash_table_insert(l->tags, g_strdup(k), found ? found : (gpointer)&none);
	return found;
}

static void parse_items(struct lint *l, struct lint_message *m)
{
	const char *msg = m->in->message;
	struct trailer_item item;

	if (m->block.start == m->block.end)
		return;
	trailer_iter_reuse(&l->it, msg, &m->block);
	while (trailer_iter_next(&l->it, &item)) {
		struct lint_trailer t = { 0 };

		if (item.kind == TRAILER_COMMENT)
			continue;
		t.is_trailer = item.kind == TRAILER_TRAILER;
		t.start = item.start;
		t.end = item.end;
		t.line = lint_line_of(m, item.start);
		t.nlines = 0;
		for (gsize i = item.start; i < item.end; i++)
			t.nlines += msg[i] == '\n';
		if (!t.nlines || msg[item.end - 1] != '\n')
			t.nlines++;
		t.value = g_strndup(item.value, item.value_len);
		t.value_len = item.value_len;
		t.key = t.is_trailer ? msg + item.key_start : "";
		t.key_len = t.is_trailer ? item.key_end - item.key_start : 0;
		t.sep = item.sep;
		if (t.is_trailer) {
			t.tag = tag_of(l, t.key, t.key_len);
			if ((t.tag && t.tag->kind == POLICY_KIND_PERSON) ||
			    (!t.tag && lint_ends_by(t.key, t.key_len))) {
				t.person = TRUE;
				person_parse(l, &t);
			}
		}
		g_array_append_val(m->items, t);
	}
}

/* A parse's number, never 0 and never met again in this process (messages
 * one linter's parser made are checked by another). */
static guint next_gen(void)
{
	static gint all;
	guint g;

	while (!(g = (guint)g_atomic_int_add(&all, 1) + 1))
		;
	return g;
}

void lint_message_parse(struct lint *l, const struct lint_input *in, struct lint_message *m)
{
	if (!m->lines) {
		m->lines = g_array_new(FALSE, FALSE, sizeof(struct lint_line));
		m->items = g_array_new(FALSE, FALSE, sizeof(struct lint_trailer));
	} else {
		g_array_set_size(m->lines, 0);
		items_reset(m->items);
	}
	m->in = in;
	m->subject_line = 0;
	m->gen = next_gen();
	trailer_block_find(in->message, in->len, &l->opts, &m->block);
	parse_lines(m);
	parse_items(l, m);
}

void lint_message_clear(struct lint_message *m)
{
	if (m->items) {
		items_reset(m->items);
		g_array_free(m->items, TRUE);
		g_array_free(m->lines, TRUE);
	}
	g_free(m->subject);
	memset(m, 0, sizeof(*m));
}

/* ---- running ---- */

/* Each rule's severity in this run: the policy's, or off when the run
 * lacks what the rule needs or lint_restrict left it out. */
static void set_severities(struct lint *l)
{
	for (guint i = 0; i < NRULES; i++) {
		const struct lint_rule *r = &rules[i];

		l->sev[i] = policy_severity(l->policy, r->id, r->severity);
		if (((r->needs & LINT_NEEDS_REPO) && !l->repo) ||
		    ((r->needs & LINT_NEEDS_REVIEW) && !l->review) ||
		    ((r->needs & LINT_NEEDS_BENCH) && !l->bench) ||
		    (l->only && !(r->needs & l->only)))
			l->sev[i] = POLICY_OFF;
	}
}

void lint_set_benchmarks(struct lint *l, const struct lint_bench *bench)
{
	l->bench = bench;
	claim_results_free(l->claims);
	l->claims = NULL;
	l->claims_gen = 0;
	set_severities(l);
}

void lint_restrict(struct lint *l, unsigned needs)
{
	l->only = needs;
	set_severities(l);
}

struct lint *lint_new(const struct policy *policy, git_repository *repo,
		      const git_mailmap *mailmap, const struct lint_review *review,
		      const struct lint_ignore *ignore)
{
	struct lint *l = g_new0(struct lint, 1);

	l->policy = policy;
	l->repo = repo;
	l->mailmap = mailmap;
	l->review = review;
	l->ignore = ignore;
	l->sev = g_new0(enum policy_severity, NRULES);
	set_severities(l);
	l->commits = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, commit_info_free);
	l->people = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, person_free);
	l->tags = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	trailer_iter_init(&l->it, NULL, NULL, &l->opts);
	return l;
}

struct lint *lint_new_parser(const struct lint *l)
{
	return lint_new(l->policy, NULL, l->mailmap, NULL, NULL);
}

void lint_free(struct lint *l)
{
	if (!l)
		return;
	lint_message_clear(&l->msg);
	trailer_iter_done(&l->it);
	g_hash_table_destroy(l->commits);
	oidfind_free(l->find);
	g_hash_table_destroy(l->people);
	g_hash_table_destroy(l->tags);
	if (l->refs)
		g_array_free(l->refs, TRUE);
	if (l->ref_texts)
		g_ptr_array_unref(l->ref_texts);
	claim_results_free(l->claims);
	g_free(l->sev);
	g_free(l);
}

enum policy_severity lint_severity(const struct lint *l, const struct lint_rule *r)
{
	return l->sev[r - rules];
}

enum policy_severity lint_policy_severity(const struct lint *l, const struct lint_rule *r)
{
	return policy_severity(l->policy, r->id, r->severity);
}

unsigned lint_rule_lacks(const struct lint *l, const struct lint_rule *r, unsigned gives)
{
	unsigned has = gives | (l->repo ? LINT_NEEDS_REPO : 0) | (l->review ? LINT_NEEDS_REVIEW : 0) |
		       (l->bench ? LINT_NEEDS_BENCH : 0);

	return r->needs & (LINT_NEEDS_REPO | LINT_NEEDS_REVIEW | LINT_NEEDS_BENCH | LINT_SET) & ~has;
}

static void report(struct lint_ctx *c, guint line, guint column, const char *fmt, va_list ap)
	G_GNUC_PRINTF(4, 0);

static void report(struct lint_ctx *c, guint line, guint column, const char *fmt, va_list ap)
{
	const struct lint_input *in = c->msg->in;
	struct lint_finding f = { 0 };

	if (!line)
		line = c->msg->subject_line ? c->msg->subject_line : 1;
	f.input = in;
	f.rule = c->rule->id;
	f.severity = c->lint->sev[c->rule - rules];
	f.line = in->lines && line - 1 < in->nlines ? in->lines[line - 1] : line;
	f.column = column;
	f.message = g_strdup_vprintf(fmt, ap);
	f.ignored = c->lint->ignore && lint_ignore_match(c->lint->ignore, in, f.rule);
	g_array_append_val(c->out, f);
}

void lint_report(struct lint_ctx *c, guint line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(c, line, 0, fmt, ap);
	va_end(ap);
}

void lint_report_at(struct lint_ctx *c, guint line, guint column, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(c, line, column, fmt, ap);
	va_end(ap);
}

/* Stable insertion sort of out[from..] by line and column (a message has
 * few findings). */
static void sort_by_line(GArray *out, guint from)
{
	struct lint_finding *f = (struct lint_finding *)(void *)out->data;

	for (guint i = from + 1; i < out->len; i++) {
		struct lint_finding x = f[i];
		guint j = i;

		for (; j > from && (f[j - 1].line > x.line ||
				    (f[j - 1].line == x.line && f[j - 1].column > x.column)); j--)
			f[j] = f[j - 1];
		f[j] = x;
	}
}

static void ctx_init(struct lint_ctx *c, struct lint *l, GArray *out)
{
	memset(c, 0, sizeof(*c));
	c->lint = l;
	c->policy = l->policy;
	c->repo = l->repo;
	c->mailmap = l->mailmap;
	c->review = l->review;
	c->bench = l->bench;
	c->out = out;
}

/* The per-message rules whose needs include `needs` (0: all of them) over
 * a parsed message. */
static guint check_parsed(struct lint *l, const struct lint_message *m, GArray *out,
			  unsigned needs)
{
	struct lint_ctx c;
	guint before = out->len;

	ctx_init(&c, l, out);
	c.msg = m;
	for (guint i = 0; i < NRULES; i++) {
		if (!rules[i].check || l->sev[i] == POLICY_OFF || (needs && !(rules[i].needs & needs)))
			continue;
		c.rule = &rules[i];
		rules[i].check(&c);
	}
	sort_by_line(out, before);
	return out->len - before;
}

static guint check(struct lint *l, const struct lint_input *in, GArray *out, unsigned needs)
{
	lint_message_parse(l, in, &l->msg);
	return check_parsed(l, &l->msg, out, needs);
}

guint lint_check_parsed(struct lint *l, const struct lint_message *m, GArray *out)
{
	return check_parsed(l, m, out, 0);
}

guint lint_check(struct lint *l, const struct lint_input *in, GArray *out)
{
	return check(l, in, out, 0);
}

guint lint_check_text(struct lint *l, const struct lint_input *in, GArray *out)
{
	return check(l, in, out, LINT_TEXT);
}

guint lint_check_set(struct lint *l, const struct lint_input *const *in, guint n, GArray *out)
{
	struct lint_message *msgs = g_new0(struct lint_message, n ? n : 1);
	const struct lint_message **ptrs = g_new0(const struct lint_message *, n ? n : 1);
	struct lint_ctx c;
	guint before = out->len;

	for (guint i = 0; i < n; i++) {
		lint_message_parse(l, in[i], &msgs[i]);
		ptrs[i] = &msgs[i];
	}
	ctx_init(&c, l, out);
	for (guint i = 0; i < NRULES && n; i++) {
		if (!rules[i].check_set || l->sev[i] == POLICY_OFF)
			continue;
		c.rule = &rules[i];
		c.msg = ptrs[0];
		rules[i].check_set(&c, ptrs, n);
	}
	for (guint i = 0; i < n; i++)
		lint_message_clear(&msgs[i]);
	g_free(msgs);
	g_free(ptrs);
	return out->len - before;
}

void lint_findings_clear(GArray *findings)
{
	for (guint i = 0; i < findings->len; i++)
		g_free(g_array_index(findings, struct lint_finding, i).message);
	g_array_set_size(findings, 0);
}
