/* recipients.c - who each mail of a version goes to (recipients.h): the
 * series' To/Cc, the person trailers of each patch, the get_maintainer
 * command, or the list the user stored; each person once, mailmap-aware,
 * the sender never, To before Cc. */
#include "series/recipients.h"

#include "core/error.h"
#include "core/resource.h"
#include "git/commit.h"
#include "git/config.h"
#include "git/ident.h"
#include "mail/trailer.h"
#include "series/email.h"
#include "series/recipients-private.h"

#include <gmime/gmime.h>
#include <string.h>
#include <unistd.h>

#define STATE_FILE "recipients"

/* The person trailers when trailers.conf cannot be read (and always). */
static const char *const standard_person_keys[] = {
	"Signed-off-by", "Co-developed-by", "Suggested-by", "Reported-by", "Originally-by",
	"Reviewed-by", "Acked-by", "Tested-by", "Cc", NULL,
};

/* ---- one mail's list ---- */

struct entry {
	char *text;	/* "Name <addr>" */
	gboolean to;
};

struct acc {
	GPtrArray *entries;	/* struct entry*, in the order first met */
	GHashTable *by_key;	/* lower-case address -> struct entry* (borrowed) */
};

static void entry_free(gpointer p)
{
	struct entry *e = p;

	g_free(e->text);
	g_free(e);
}

static void acc_init(struct acc *a)
{
	a->entries = g_ptr_array_new_with_free_func(entry_free);
	a->by_key = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
}

static void acc_release(struct acc *a)
{
	if (a->entries)
		g_ptr_array_unref(a->entries);
	if (a->by_key)
		g_hash_table_destroy(a->by_key);
}

/* Add `text` (a checked mailbox) under `key`: the first spelling stays;
 * To wins over Cc. */
static void acc_add(struct acc *a, const char *key, const char *text, gboolean to)
{
	struct entry *e = g_hash_table_lookup(a->by_key, key);

	if (e) {
		e->to = e->to || to;
		return;
	}
	e = g_new0(struct entry, 1);
	e->text = g_strdup(text);
	e->to = to;
	g_ptr_array_add(a->entries, e);
	g_hash_table_insert(a->by_key, g_strdup(key), e);
}

static char **acc_strv(const struct acc *a, gboolean to)
{
	GPtrArray *v = g_ptr_array_new();

	for (guint i = 0; i < a->entries->len; i++) {
		const struct entry *e = g_ptr_array_index(a->entries, i);
		if (e->to == to)
			g_ptr_array_add(v, g_strdup(e->text));
	}
	g_ptr_array_add(v, NULL);
	return (char **)g_ptr_array_free(v, FALSE);
}

/* ---- the run ---- */

struct run {
	const struct recipients_opts *o;
	git_mailmap *mm;
	char *sender_key;		/* the sender's address, lower case, or NULL */
	GPtrArray *keys;		/* char*: the person trailers */
	struct acc *accs;		/* [0] the cover, [i] patch i */
	guint n;
	GHashTable *unnamed;		/* addresses whose name was dropped: warned once */
};

static void say(const struct run *r, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static void say(const struct run *r, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	if (!r->o->warn)
		return;
	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	r->o->warn(r->o->payload, "%s", msg);
	g_free(msg);
}

/* "Name <addr>" as a header carries it (quoted where needed), or the bare
 * address when the name would not make one mailbox (*dropped then says
 * why, else NULL). */
static char *mailbox_text(const char *name, const char *email, const char **dropped)
{
	InternetAddress *ia = internet_address_mailbox_new(name ? name : "", email);
	char *s = internet_address_to_string(ia, NULL, FALSE);

	g_object_unref(ia);
	*dropped = NULL;
	if ((*dropped = ident_mailbox_problem(s)) || !email_one_mailbox(s)) {
		if (!*dropped)
			*dropped = "not one mailbox";
		g_free(s);
		s = g_strdup(email);
	}
	return s;
}

/* Read `raw` as one person and add it to mail `index` (mailmap applied
 * when `map`).  Why it cannot be one goes to *why (static), and FALSE. */
static gboolean add_person(struct run *r, guint index, const char *raw, gsize len,
			   gboolean to, gboolean map, const char **why)
{
	struct ident_addr a;
	const char *name, *email, *dropped;
	char *text = NULL, *key;
	gboolean ok = FALSE;

	ident_addr_parse(raw, len, &a);
	*why = "no address in it";
	if (a.problems & (IDENT_ADDR_FATAL | IDENT_ADDR_TRAILING | IDENT_ADDR_NO_BRACKETS) ||
	    !a.email) {
		if (a.email && (a.problems & IDENT_ADDR_TRAILING))
			*why = "text after the address";
		else if (a.email && (a.problems & IDENT_ADDR_NO_BRACKETS))
			*why = "the address is not in <>";
		else if (a.email)
			*why = "not one valid address";
		goto out;
	}
	name = a.name;
	email = a.email;
	if (map)
		ident_resolve(r->mm, a.name, a.email, &name, &email);
	text = mailbox_text(name, email, &dropped);
	if (dropped && name && *name && g_hash_table_add(r->unnamed, g_strdup(email)))
		say(r, "'%s': the name cannot go into a header (%s); the address alone is used",
		    email, dropped);
	if ((*why = ident_mailbox_problem(text)) || !email_one_mailbox(text)) {
		if (!*why)
			*why = "not one mailbox";
		goto out;
	}
	ok = TRUE;
	key = g_ascii_strdown(email, -1);
	if (!r->sender_key || strcmp(key, r->sender_key))
		acc_add(&r->accs[index], key, text, to);
	g_free(key);
out:
	g_free(text);
	ident_addr_clear(&a);
	return ok;
}

/* A list of the state or the command line on every mail. */
static void add_everywhere(struct run *r, const char *const *v, gboolean to, const char *what)
{
	const char *why;

	for (; v && *v; v++) {
		if (!**v)
			continue;
		for (guint i = 0; i < r->n; i++)
			if (!add_person(r, i, *v, strlen(*v), to, TRUE, &why)) {
				say(r, "%s '%s' is not one address (%s); left out", what, *v, why);
				break;
			}
	}
}

static gboolean is_person_key(const struct run *r, const char *key, size_t len)
{
	for (guint i = 0; i < r->keys->len; i++) {
		const char *k = g_ptr_array_index(r->keys, i);
		if (strlen(k) == len && !g_ascii_strncasecmp(k, key, len))
			return TRUE;
	}
	return FALSE;
}

/* The person trailers of patch `index`: Cc of it and of the cover. */
static void add_trailers(struct run *r, guint index, const struct commit_patch *p)
{
	struct trailer_opts to = { 0 };
	struct trailer_block b;
	struct trailer_iter it;
	struct trailer_item item;
	size_t len = strlen(p->message);
	const char *why;

	if (!trailer_block_find(p->message, len, &to, &b))
		return;
	trailer_iter_init(&it, p->message, &b, &to);
	while (trailer_iter_next(&it, &item)) {
		const char *key = p->message + item.key_start;
		size_t klen = item.key_end - item.key_start;

		if (item.kind != TRAILER_TRAILER || !is_person_key(r, key, klen))
			continue;
		if (!add_person(r, index, item.value, item.value_len, FALSE, TRUE, &why)) {
			char hex[13];
			git_oid_tostr(hex, sizeof hex, &p->oid);
			say(r, "commit %s: %.*s: '%.*s' is not one address (%s); left out", hex,
			    (int)klen, key, (int)item.value_len, item.value, why);
			continue;
		}
		add_person(r, 0, item.value, item.value_len, FALSE, TRUE, &why);
	}
	trailer_iter_done(&it);
}

/* What the get_maintainer command says of each patch. */
static void add_maintainers(struct run *r, struct rcpt_maint *m, git_repository *repo,
			    GPtrArray *patches)
{
	char *sender = ident_sender(repo, NULL);
	struct email_opts eo = { .subject_prefix = "[PATCH]", .msgid = "get-maintainer@localhost",
				 .sender = sender ? sender : "quill <quill@localhost>" };

	for (guint i = 0; i < patches->len && !m->failed; i++) {
		const struct commit_patch *p = g_ptr_array_index(patches, i);
		char *text = email_patch(p, &eo), *file = email_file_name((int)i + 1, p->subject);
		char **to, **cc;
		const char *why;

		rcpt_maint_run(m, text, file, &to, &cc, r->o->warn, r->o->payload);
		for (int pass = 0; pass < 2; pass++)
			for (char **l = pass ? cc : to; *l; l++) {
				char *line = g_strstrip(*l);
				if (!*line)
					continue;
				if (!add_person(r, i + 1, line, strlen(line), !pass, TRUE, &why))
					say(r, "get_maintainer command '%s': '%s' is not one address "
					    "(%s); left out", m->shown, line, why);
				else
					add_person(r, 0, line, strlen(line), !pass, TRUE, &why);
			}
		g_strfreev(to);
		g_strfreev(cc);
		g_free(text);
		g_free(file);
	}
	g_free(sender);
}

/* trailer.<Name>.kind = person: Name is a person trailer. */
static void kind_entry(const git_config_entry *e, GPtrArray *keys)
{
	const size_t skip = strlen("trailer."), tail = strlen(".kind");
	size_t len = strlen(e->name);

	if (e->value && !g_ascii_strcasecmp(e->value, "person") && len > skip + tail &&
	    g_str_has_prefix(e->name, "trailer.") && g_str_has_suffix(e->name, ".kind"))
		g_ptr_array_add(keys, g_strndup(e->name + skip, len - skip - tail));
}

/* Every entry of the configuration file `path` (names matched here, not
 * by a libgit2 pattern: its regex keeps memory per entry). */
static void keys_from_file(const char *path, GPtrArray *keys)
{
	git_config *cfg = NULL;
	git_config_iterator *it = NULL;
	git_config_entry *e;

	if (git_config_new(&cfg) == 0 &&
	    git_config_add_file_ondisk(cfg, path, GIT_CONFIG_LEVEL_APP, NULL, 0) == 0 &&
	    git_config_iterator_new(&it, cfg) == 0)
		while (git_config_next(&e, it) == 0)
			kind_entry(e, keys);
	git_config_iterator_free(it);
	git_config_free(cfg);
}

/* The person trailers: the standard ones and those trailers.conf (as
 * installed, or built in) marks `kind = person`. */
static GPtrArray *person_keys(const struct resources *res)
{
	GPtrArray *keys = g_ptr_array_new_with_free_func(g_free);
	char *text = res ? resources_load_string(res, "trailers.conf", NULL) : NULL;
	char *path = NULL;
	int fd;

	for (const char *const *k = standard_person_keys; *k; k++)
		g_ptr_array_add(keys, g_strdup(*k));
	if (text && (fd = g_file_open_tmp("quill-keys-XXXXXX", &path, NULL)) >= 0) {
		gboolean wrote = write(fd, text, strlen(text)) == (ssize_t)strlen(text);

		close(fd);
		if (wrote)
			keys_from_file(path, keys);
		unlink(path);
	}
	g_free(path);
	g_free(text);
	return keys;
}

/* The computed recipients of every mail, into r->accs. */
static void compute(struct run *r, git_repository *repo, const struct series *s,
		    GPtrArray *patches, struct series_recipients *out)
{
	const struct recipients_opts *o = r->o;
	struct rcpt_maint m;

	add_everywhere(r, (const char *const *)s->to, TRUE, "the series' To");
	add_everywhere(r, o->extra_to, TRUE, "--to");
	add_everywhere(r, (const char *const *)s->cc, FALSE, "the series' Cc");
	add_everywhere(r, o->extra_cc, FALSE, "--cc");
	for (guint i = 0; !o->no_trailers && i < patches->len; i++)
		add_trailers(r, i + 1, g_ptr_array_index(patches, i));
	if (!o->maintainers)
		return;
	if (rcpt_maint_setup(&m, repo)) {
		g_free(out->maintainer_cmd);
		out->maintainer_cmd = g_strdup(m.shown);
		add_maintainers(r, &m, repo, patches);
	}
	rcpt_maint_done(&m);
}

/* One block of the stored list, then the command line's --to/--cc, as
 * mail `index`'s recipients. */
static void add_block(struct run *r, guint index, struct rcpt_block *b)
{
	const char *why;

	b->used = TRUE;
	for (int pass = 0; pass < 2; pass++) {
		GPtrArray *v = pass ? b->cc : b->to;
		for (guint i = 0; i < v->len; i++) {
			const char *a = g_ptr_array_index(v, i);
			if (!add_person(r, index, a, strlen(a), !pass, FALSE, &why))
				say(r, "the stored recipients, line %u: '%s' is not one address "
				    "(%s); left out", b->line, a, why);
		}
	}
	for (int pass = 0; pass < 2; pass++)
		for (const char *const *v = pass ? r->o->extra_cc : r->o->extra_to; v && *v; v++)
			if (**v && !add_person(r, index, *v, strlen(*v), !pass, TRUE, &why))
				say(r, "%s '%s' is not one address (%s); left out",
				    pass ? "--cc" : "--to", *v, why);
}

/* The stored list where it names the mail; the computed recipients, with
 * a warning, where it does not. */
static void from_stored(struct run *r, struct rcpt_stored *st, git_repository *repo,
			const struct series *s, GPtrArray *patches, struct series_recipients *out)
{
	struct acc *stored = r->accs, *computed = NULL;

	for (guint i = 0; i < r->n; i++) {
		const struct commit_patch *p = i ? g_ptr_array_index(patches, i - 1) : NULL;
		struct rcpt_block *b = p ? g_hash_table_lookup(st->by_patch_id, p->patch_id)
					 : st->cover;

		if (b) {
			add_block(r, i, b);
			continue;
		}
		if (!computed) {
			computed = g_new0(struct acc, r->n);
			for (guint k = 0; k < r->n; k++)
				acc_init(&computed[k]);
			r->accs = computed;
			compute(r, repo, s, patches, out);
			r->accs = stored;
		}
		if (p)
			say(r, "the stored recipients name no patch %u (%s); it gets the computed "
			    "ones (quill series recipients --write)", i, p->subject);
		else
			say(r, "the stored recipients have no [cover] block; the cover gets the "
			    "computed ones");
		acc_release(&stored[i]);
		stored[i] = computed[i];
		acc_init(&computed[i]);
	}
	for (guint i = 0; i < st->blocks->len; i++) {
		const struct rcpt_block *b = g_ptr_array_index(st->blocks, i);
		if (!b->used)
			say(r, "the stored recipients, line %u: no patch of the series has patch-id "
			    "%.12s (the branch changed); that block is not used", b->line,
			    b->patch_id);
	}
	for (guint k = 0; computed && k < r->n; k++)
		acc_release(&computed[k]);
	g_free(computed);
}

/* The sender's address, mapped, lower case; NULL when nobody is set. */
static char *sender_key(git_repository *repo, const git_mailmap *mm)
{
	char *sender = ident_sender(repo, NULL), *name = NULL, *email = NULL, *key = NULL;
	const char *n, *e;

	if (sender && ident_split(sender, &name, &email)) {
		ident_resolve(mm, name, email, &n, &e);
		key = g_ascii_strdown(e, -1);
	}
	g_free(sender);
	g_free(name);
	g_free(email);
	return key;
}

gboolean series_recipients_compute(struct series_recipients **out, git_repository *repo,
				   const struct series *s, const struct resources *res,
				   GPtrArray *patches, const struct recipients_opts *o,
				   GError **error)
{
	struct series_recipients *sr = g_new0(struct series_recipients, 1);
	struct run r = { .o = o, .n = patches->len + 1 };
	char *text = o->ignore_stored ? NULL : state_get_string(s->state, STATE_FILE);
	struct rcpt_stored *st = NULL;
	GError *e = NULL;

	*out = NULL;
	if (text && !(st = rcpt_stored_parse(text, error))) {
		g_free(text);
		g_free(sr);
		return qerr_prefix(error, "series %s: the stored recipients (quill series "
				   "recipients --edit or --reset)", s->name);
	}
	g_free(text);
	if (!ident_mailmap_load(&r.mm, repo, NULL, &e)) {
		say(&r, "the mailmap is not used: %s", e->message);
		g_clear_error(&e);
	}
	r.sender_key = sender_key(repo, r.mm);
	r.keys = person_keys(res);
	r.unnamed = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	r.accs = g_new0(struct acc, r.n);
	for (guint i = 0; i < r.n; i++)
		acc_init(&r.accs[i]);
	if (st)
		from_stored(&r, st, repo, s, patches, sr);
	else
		compute(&r, repo, s, patches, sr);
	sr->n = r.n;
	sr->stored = st != NULL;
	sr->mail = g_new0(struct mail_rcpts, r.n);
	for (guint i = 0; i < r.n; i++) {
		sr->mail[i].to = acc_strv(&r.accs[i], TRUE);
		sr->mail[i].cc = acc_strv(&r.accs[i], FALSE);
		acc_release(&r.accs[i]);
	}
	g_free(r.accs);
	g_hash_table_unref(r.unnamed);
	g_ptr_array_unref(r.keys);
	g_free(r.sender_key);
	git_mailmap_free(r.mm);
	rcpt_stored_free(st);
	*out = sr;
	return TRUE;
}

void series_recipients_free(struct series_recipients *r)
{
	if (!r)
		return;
	for (guint i = 0; i < r->n; i++) {
		g_strfreev(r->mail[i].to);
		g_strfreev(r->mail[i].cc);
	}
	g_free(r->mail);
	g_free(r->maintainer_cmd);
	g_free(r);
}

/* ---- the stored list ---- */

static void format_block(GString *out, const struct mail_rcpts *m)
{
	for (char **v = m->to; v && *v; v++)
		g_string_append_printf(out, "To: %s\n", *v);
	for (char **v = m->cc; v && *v; v++)
		g_string_append_printf(out, "Cc: %s\n", *v);
}

char *series_recipients_format(const struct series_recipients *r, GPtrArray *patches)
{
	GString *out = g_string_new(
		"# Who each mail goes to: one block per mail, To: and Cc: lines of one\n"
		"# address each.  Patches are named by patch-id; '#' starts a comment.\n"
		"[cover]\n");

	format_block(out, &r->mail[0]);
	for (guint i = 1; i < r->n && i <= patches->len; i++) {
		const struct commit_patch *p = g_ptr_array_index(patches, i - 1);

		g_string_append_printf(out, "\n[patch %u %s] %s\n", i, p->patch_id, p->subject);
		format_block(out, &r->mail[i]);
	}
	return g_string_free(out, FALSE);
}

gboolean series_recipients_store(struct series *s, git_repository *repo, const char *text,
				 GError **error)
{
	struct rcpt_stored *st;

	if (!text) {
		state_remove(s->state, STATE_FILE);
		return series_save(s, repo, "recipients: reset", NULL, 0, error);
	}
	if (!(st = rcpt_stored_parse(text, error)))
		return qerr_prefix(error, "the recipients list");
	rcpt_stored_free(st);
	state_set_string(s->state, STATE_FILE, text);
	return series_save(s, repo, "recipients: write", NULL, 0, error);
}
