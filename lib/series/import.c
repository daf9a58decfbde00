/* import.c - rebuilding a series from an export directory (see export.h). */
#include "series/import.h"
#include "series/series.h"
#include "git/commit.h"
#include "git/config.h"
#include "core/error.h"
#include "git/ident.h"
#include "git/patchid.h"
#include "series/store.h"

#include <gmime/gmime.h>
#include <string.h>

/* One format-patch file, read back. */
struct mail_patch {
	char orig[GIT_OID_HEXSZ + 1];	/* the commit it was made from ("" if unknown) */
	char *author_name, *author_email;
	gint64 time;
	int offset;
	char *message;
	char *diff;
};

static void mail_patch_release(struct mail_patch *m)
{
	g_free(m->author_name);
	g_free(m->author_email);
	g_free(m->message);
	g_free(m->diff);
	memset(m, 0, sizeof *m);
}

/* Drop leading "[...]" groups from a subject. */
static const char *strip_prefix(const char *s)
{
	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s != '[' || !strchr(s, ']'))
			return s;
		s = strchr(s, ']') + 1;
	}
}

static gboolean line_is(const char *p, const char *end, const char *what)
{
	size_t n = strlen(what);
	const char *e = p + n;

	if ((size_t)(end - p) < n || memcmp(p, what, n))
		return FALSE;
	while (e < end && (*e == ' ' || *e == '\t' || *e == '\r'))
		e++;
	return e == end;
}

/* Read one exported patch back as the commit it was made from.  Not
 * mailinfo_split (mail/mailinfo.h): git mailinfo's rules would change the
 * commit (an author name over 60 bytes becomes the address, "Re:" and runs
 * of blanks go from the subject, a message line starting "diff -" or
 * "Index: " ends the message), where an import must give it back as it was. */
static gboolean parse_mail(struct mail_patch *out, const char *path, GError **error)
{
	char *data = NULL, *text = NULL;
	gsize len;
	const char *p, *start;
	GMimeStream *stream = NULL;
	GMimeParser *parser = NULL;
	GMimeMessage *msg = NULL;
	GMimeObject *part;
	InternetAddressList *from;
	InternetAddress *ia;
	GDateTime *dt;
	GString *body = NULL, *diff = NULL;
	const char *subject;
	gboolean ok = FALSE, in_diff = FALSE;
	const char *sig = NULL;

	memset(out, 0, sizeof *out);
	if (!g_file_get_contents(path, &data, &len, error))
		return FALSE;
	start = data;
	if (len > 5 && !memcmp(data, "From ", 5)) {
		const char *sp = data + 5;
		if (len > 45 && strspn(sp, "0123456789abcdef") == GIT_OID_HEXSZ)
			memcpy(out->orig, sp, GIT_OID_HEXSZ);
		start = strchr(data, '\n');
		start = start ? start + 1 : data + len;
	}
	stream = g_mime_stream_mem_new_with_buffer(start, len - (start - data));
	parser = g_mime_parser_new_with_stream(stream);
	msg = g_mime_parser_construct_message(parser, NULL);
	if (!msg || !(subject = g_mime_message_get_subject(msg)) ||
	    !(from = g_mime_message_get_from(msg)) || internet_address_list_length(from) < 1 ||
	    !INTERNET_ADDRESS_IS_MAILBOX((ia = internet_address_list_get_address(from, 0)))) {
		qerr(error, QUILL_ERROR_INPUT, "%s: not a patch mail (no Subject: or From:)", path);
		goto done;
	}
	out->author_name = g_strdup(internet_address_get_name(ia) ? internet_address_get_name(ia) : "");
	out->author_email = g_strdup(internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(ia)));
	if ((dt = g_mime_message_get_date(msg))) {
		out->time = g_date_time_to_unix(dt);
		out->offset = (int)(g_date_time_get_utc_offset(dt) / G_TIME_SPAN_MINUTE);
	}
	part = g_mime_message_get_mime_part(msg);
	if (!part || !GMIME_IS_TEXT_PART(part) || !(text = g_mime_text_part_get_text(GMIME_TEXT_PART(part)))) {
		qerr(error, QUILL_ERROR_INPUT, "%s: no text body", path);
		goto done;
	}
	/* in-body From: */
	p = text;
	if (g_str_has_prefix(p, "From: ")) {
		const char *nl = strchr(p, '\n');
		char *line = g_strndup(p + 6, nl ? (gsize)(nl - p - 6) : strlen(p + 6));
		char *n, *e;
		if (nl && nl[1] == '\n' && ident_split(line, &n, &e)) {
			g_free(out->author_name);
			g_free(out->author_email);
			out->author_name = n;
			out->author_email = e;
			p = nl + 2;
		}
		g_free(line);
	}
	body = g_string_new(NULL);
	diff = g_string_new(NULL);
	/* the message ends at "---"; the diff runs from "diff --git" to the
	 * last "-- " signature line */
	while (*p) {
		const char *nl = strchr(p, '\n');
		const char *end = nl ? nl : p + strlen(p);
		gsize n = (nl ? nl + 1 : end) - p;

		if (!in_diff && !diff->len && line_is(p, end, "---")) {
			in_diff = TRUE;
		} else if (in_diff && !diff->len && !g_str_has_prefix(p, "diff --git ")) {
			/* diffstat and notes below the cut */
		} else if (in_diff) {
			if (line_is(p, end, "-- "))
				sig = diff->str + diff->len;
			g_string_append_len(diff, p, n);
		} else {
			g_string_append_len(body, p, n);
		}
		p += n;
	}
	if (sig)
		g_string_truncate(diff, sig - diff->str);
	g_strchomp(body->str);
	body->len = strlen(body->str);
	while (body->len && body->str[0] == '\n')
		g_string_erase(body, 0, 1);
	out->message = body->len ? g_strdup_printf("%s\n\n%s\n", strip_prefix(subject), body->str)
				 : g_strdup_printf("%s\n", strip_prefix(subject));
	out->diff = g_string_free(diff, FALSE);
	diff = NULL;
	ok = TRUE;
done:
	if (body)
		g_string_free(body, TRUE);
	if (diff)
		g_string_free(diff, TRUE);
	g_free(text);
	if (msg)
		g_object_unref(msg);
	if (parser)
		g_object_unref(parser);
	if (stream)
		g_object_unref(stream);
	g_free(data);
	if (!ok)
		mail_patch_release(out);
	return ok;
}

/* A libgit2 failure caused by the file's content: bad input, not git. */
#define bad_input(error, rc, ...) qerr_git_as((error), QUILL_ERROR_INPUT, (rc), __VA_ARGS__)

/* Apply a patch on `parent` (NULL: the empty tree) and commit it. */
static gboolean apply_commit(git_oid *out, git_repository *repo, const git_oid *parent,
			     const struct mail_patch *m, const char *path, GError **error)
{
	git_commit *pc = NULL;
	git_tree *base = NULL, *tree = NULL;
	git_diff *diff = NULL;
	git_index *index = NULL;
	git_signature *author = NULL, *committer = NULL;
	git_oid tree_oid;
	gboolean ok = FALSE;
	int rc;

	if (parent && ((rc = git_commit_lookup(&pc, repo, parent)) < 0 ||
		       (rc = git_commit_tree(&base, pc)) < 0)) {
		qerr_git(error, rc, "%s: cannot read its parent %s", path, git_oid_tostr_s(parent));
		goto done;
	}
	if (!base) {
		git_treebuilder *tb;
		git_oid empty;
		if ((rc = git_treebuilder_new(&tb, repo, NULL)) < 0 ||
		    (rc = git_treebuilder_write(&empty, tb)) < 0 ||
		    (rc = git_tree_lookup(&base, repo, &empty)) < 0) {
			qerr_git(error, rc, "cannot write the empty tree");
			goto done;
		}
		git_treebuilder_free(tb);
	}
	if (m->diff && *m->diff) {
		if ((rc = git_diff_from_buffer(&diff, m->diff, strlen(m->diff))) < 0) {
			bad_input(error, rc, "%s: the diff does not parse", path);
			goto done;
		}
		if ((rc = git_apply_to_tree(&index, repo, base, diff, NULL)) < 0) {
			bad_input(error, rc, "%s: does not apply", path);
			goto done;
		}
		if ((rc = git_index_write_tree_to(&tree_oid, index, repo)) < 0 ||
		    (rc = git_tree_lookup(&tree, repo, &tree_oid)) < 0) {
			qerr_git(error, rc, "%s: cannot write the tree", path);
			goto done;
		}
	} else {
		tree = base;
		base = NULL;
	}
	if ((rc = git_signature_new(&author, m->author_name, m->author_email, m->time, m->offset)) < 0) {
		qerr_git(error, rc, "%s: bad author", path);
		goto done;
	}
	if (!ident_signature(&committer, repo, FALSE, error))
		goto done;
	if ((rc = git_commit_create(out, repo, NULL, author, committer, NULL, m->message, tree,
				    pc ? 1 : 0, (const git_commit **)&pc)) < 0) {
		qerr_git(error, rc, "%s: cannot commit", path);
		goto done;
	}
	ok = TRUE;
done:
	git_signature_free(author);
	git_signature_free(committer);
	git_index_free(index);
	git_diff_free(diff);
	git_tree_free(tree);
	git_tree_free(base);
	git_commit_free(pc);
	return ok;
}

static gint cmp_str(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The NNNN-*.patch files of a directory, sorted (caller owns). */
static GPtrArray *patch_files(const char *dir)
{
	GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
	GDir *d = g_dir_open(dir, 0, NULL);
	const char *n;

	while (d && (n = g_dir_read_name(d)))
		if (g_str_has_suffix(n, ".patch") && g_ascii_isdigit(n[0]) && strncmp(n, "0000-", 5))
			g_ptr_array_add(a, g_build_filename(dir, n, NULL));
	if (d)
		g_dir_close(d);
	g_ptr_array_sort(a, cmp_str);
	return a;
}

struct importer {
	git_repository *repo;
	const char *dir;
	GHashTable *map;	/* original hex -> new hex */
	int commits;
	int upstream;
	char *upstream_tip;	/* the newest upstream commit created */
	gboolean upstream_done;
};

/* Apply upstream/ once, mapping its commits. */
static gboolean import_upstream(struct importer *im, GError **error)
{
	char *sub = g_build_filename(im->dir, "upstream", NULL);
	GPtrArray *files = patch_files(sub);
	git_oid parent, oid;
	gboolean have = FALSE, ok = TRUE;

	im->upstream_done = TRUE;
	for (guint i = 0; ok && i < files->len; i++) {
		struct mail_patch m;
		const char *f = g_ptr_array_index(files, i);

		if (!(ok = parse_mail(&m, f, error)))
			break;
		if ((ok = apply_commit(&oid, im->repo, have ? &parent : NULL, &m, f, error))) {
			if (*m.orig)
				g_hash_table_replace(im->map, g_strdup(m.orig),
						     g_strdup(git_oid_tostr_s(&oid)));
			git_oid_cpy(&parent, &oid);
			have = TRUE;
			im->upstream++;
		}
		mail_patch_release(&m);
	}
	if (ok && have) {
		char *tags = NULL, *tpath = g_build_filename(im->dir, "upstream", "tags", NULL);

		g_free(im->upstream_tip);
		im->upstream_tip = g_strdup(git_oid_tostr_s(&parent));
		/* "NAME OID" lines: lightweight tags where this repository has none */
		if (g_file_get_contents(tpath, &tags, NULL, NULL)) {
			char **lines = g_strsplit(tags, "\n", -1);
			for (char **l = lines; *l; l++) {
				char **f = g_strsplit(*l, " ", 2);
				const char *to = f[0] && f[1] ? g_hash_table_lookup(im->map, f[1]) : NULL;
				git_object *obj = NULL;
				git_oid target, t;
				char *ref = to ? g_strconcat("refs/tags/", f[0], NULL) : NULL;

				if (to && git_reference_name_to_id(&t, im->repo, ref) < 0 &&
				    git_oid_fromstr(&target, to) == 0 &&
				    git_object_lookup(&obj, im->repo, &target, GIT_OBJECT_COMMIT) == 0)
					git_tag_create_lightweight(&t, im->repo, f[0], obj, 0);
				git_object_free(obj);
				g_free(ref);
				g_strfreev(f);
			}
			g_strfreev(lines);
			g_free(tags);
		}
		g_free(tpath);
	}
	g_ptr_array_unref(files);
	g_free(sub);
	return ok;
}

/* The commit `hex` stands for here: itself if the repository has it, else
 * what upstream/ made of it. */
static gboolean resolve_base(git_oid *out, struct importer *im, const char *hex, GError **error)
{
	const char *mapped = g_hash_table_lookup(im->map, hex);
	git_commit *c = NULL;

	if (!mapped && git_oid_fromstr(out, hex) == 0 && git_commit_lookup(&c, im->repo, out) == 0) {
		git_commit_free(c);
		return TRUE;
	}
	if (!mapped && !im->upstream_done) {
		if (!import_upstream(im, error))
			return FALSE;
		mapped = g_hash_table_lookup(im->map, hex);
	}
	if (!mapped)
		return qerr(error, QUILL_ERROR_USAGE,
			    "the base %.12s is not in this repository, and %s/upstream does not hold it",
			    hex, im->dir);
	return git_oid_fromstr(out, mapped) == 0;
}

/* Apply the patches in DIR/sub onto base; fill `v` (its commits, tip). */
static gboolean import_patches(struct importer *im, const char *sub, const git_oid *base,
			       struct series_version *v, git_oid *tip_out, GError **error)
{
	char *path = g_build_filename(im->dir, sub, NULL);
	GPtrArray *files = patch_files(path);
	git_oid parent;
	gboolean ok = TRUE;

	git_oid_cpy(&parent, base);
	if (v && files->len != v->patches->len) {
		ok = qerr(error, QUILL_ERROR_INPUT, "%s: %u patch files, but version.conf lists %u",
			  path, files->len, v->patches->len);
	}
	for (guint i = 0; ok && i < files->len; i++) {
		const char *f = g_ptr_array_index(files, i);
		struct mail_patch m;
		const char *known;
		git_oid oid;

		if (!(ok = parse_mail(&m, f, error)))
			break;
		known = *m.orig ? g_hash_table_lookup(im->map, m.orig) : NULL;
		if (known) {
			git_oid_fromstr(&oid, known);
		} else if ((ok = apply_commit(&oid, im->repo, &parent, &m, f, error))) {
			im->commits++;
			if (*m.orig)
				g_hash_table_replace(im->map, g_strdup(m.orig),
						     g_strdup(git_oid_tostr_s(&oid)));
		}
		if (ok && v) {
			struct series_patch *p = g_ptr_array_index(v->patches, i);
			char pid[41];
			g_free(p->commit);
			p->commit = g_strdup(git_oid_tostr_s(&oid));
			if (m.diff && patchid_stable(m.diff, strlen(m.diff), pid)) {
				g_free(p->patch_id);
				p->patch_id = g_strdup(pid);
			}
		}
		git_oid_cpy(&parent, &oid);
		mail_patch_release(&m);
	}
	if (ok)
		git_oid_cpy(tip_out, &parent);
	g_ptr_array_unref(files);
	g_free(path);
	return ok;
}

static gboolean read_into_state(struct state *st, const char *dir, const char *rel, gboolean need,
				GError **error)
{
	char *path = g_build_filename(dir, rel, NULL);
	char *data;
	gsize len;
	gboolean ok = TRUE;

	if (g_file_get_contents(path, &data, &len, NULL)) {
		state_set(st, rel, data, len);
		g_free(data);
	} else if (need) {
		ok = qerr(error, QUILL_ERROR_INPUT, "%s: missing", path);
	}
	g_free(path);
	return ok;
}

static gboolean make_branch(git_repository *repo, const char *name, const git_oid *at,
			    GError **error)
{
	git_commit *c = NULL;
	git_reference *r = NULL;
	int rc;

	if ((rc = git_commit_lookup(&c, repo, at)) < 0 ||
	    (rc = git_branch_create(&r, repo, name, c, 0)) < 0) {
		git_commit_free(c);
		return qerr_git(error, rc, "cannot create branch '%s'", name);
	}
	git_reference_free(r);
	git_commit_free(c);
	return TRUE;
}

gboolean series_import(struct import_result *out, git_repository *repo, const char *dir,
		       const char *name, GError **error)
{
	struct importer im = { repo, dir, NULL, 0, 0, NULL, FALSE };
	struct state *st = NULL;
	struct series *s = NULL;
	GKeyFile *kf = g_key_file_new();
	char *conf = g_build_filename(dir, "series.conf", NULL), *cname = NULL, *wsub = NULL;
	git_oid base, tip;
	gboolean ok = FALSE, have_tip = FALSE, made_branch = FALSE;
	GError *e = NULL;
	int wv;

	memset(out, 0, sizeof *out);
	im.map = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	if (!g_key_file_load_from_file(kf, conf, G_KEY_FILE_NONE, &e)) {
		qerr(error, e->domain == G_FILE_ERROR ? QUILL_ERROR_USAGE : QUILL_ERROR_INPUT, "%s: %s",
		     conf, e->message);
		g_error_free(e);
		goto done;
	}
	cname = g_key_file_get_string(kf, "series", "name", NULL);
	if (!name)
		name = cname;
	if (!name || !store_name_valid(name)) {
		qerr(error, QUILL_ERROR_INPUT, "%s: no valid series name", conf);
		goto done;
	}
	wv = g_key_file_get_integer(kf, "series", "version", NULL);
	st = state_new(name);
	if (!read_into_state(st, dir, "series.conf", TRUE, error) ||
	    !read_into_state(st, dir, "cover", FALSE, error))
		goto done;
	for (int n = 1; n < wv; n++) {
		char *rel[3] = { g_strdup_printf("v%d/version.conf", n), g_strdup_printf("v%d/cover", n),
				 g_strdup_printf("v%d/changes", n) };
		gboolean r = read_into_state(st, dir, rel[0], TRUE, error) &&
			     read_into_state(st, dir, rel[1], FALSE, error) &&
			     read_into_state(st, dir, rel[2], FALSE, error);
		for (int k = 0; k < 3; k++)
			g_free(rel[k]);
		if (!r)
			goto done;
	}
	if (!series_from_state(&s, st, error))
		goto done;
	st = NULL;	/* the series owns it */
	if (g_strcmp0(cname, name)) {	/* imported under another name: its branch too */
		g_free(s->branch);
		s->branch = g_strdup(name);
	}
	if (store_exists(repo, name)) {
		qerr(error, QUILL_ERROR_USAGE, "series '%s' already exists", name);
		goto done;
	}
	if (commit_branch_exists(repo, s->branch)) {
		qerr(error, QUILL_ERROR_USAGE, "branch '%s' already exists", s->branch);
		goto done;
	}
	for (guint i = 0; i < s->versions->len; i++) {
		struct series_version *v = g_ptr_array_index(s->versions, i);
		char *sub = g_strdup_printf("v%d", v->number);
		gboolean r = resolve_base(&base, &im, v->base, error) &&
			     import_patches(&im, sub, &base, v, &tip, error);
		g_free(sub);
		if (!r)
			goto done;
		g_free(v->base);
		g_free(v->tip);
		v->base = g_strdup(git_oid_tostr_s(&base));
		v->tip = g_strdup(git_oid_tostr_s(&tip));
		have_tip = TRUE;
	}
	/* the working version */
	wsub = g_strdup_printf("v%d", wv);
	{
		GKeyFile *wk = g_key_file_new();
		char *wconf = g_build_filename(dir, wsub, "version.conf", NULL);
		if (g_key_file_load_from_file(wk, wconf, G_KEY_FILE_NONE, NULL)) {
			char *b = g_key_file_get_string(wk, "version", "base", NULL);
			gboolean r = b && resolve_base(&base, &im, b, error) &&
				     import_patches(&im, wsub, &base, NULL, &tip, error);
			if (!b)
				qerr(error, QUILL_ERROR_INPUT, "%s: no base", wconf);
			g_free(b);
			if (!r) {
				g_key_file_free(wk);
				g_free(wconf);
				goto done;
			}
			have_tip = TRUE;
		}
		g_key_file_free(wk);
		g_free(wconf);
	}
	if (!have_tip) {
		qerr(error, QUILL_ERROR_INPUT, "%s: no version holds any patch", dir);
		goto done;
	}
	/* the upstream the series names: an oid maps; a name this repository
	 * lacks becomes the fixed base it stood for */
	if (s->upstream) {
		const char *mapped = g_hash_table_lookup(im.map, s->upstream);
		git_oid x;

		if (mapped) {
			g_free(s->upstream);
			s->upstream = g_strdup(mapped);
		} else if (!commit_resolve(&x, repo, s->upstream, NULL)) {
			g_free(s->upstream);
			s->upstream = g_strdup(git_oid_tostr_s(&base));
		}
	}
	/* an empty repository: its unborn branch gets the upstream history */
	if (im.upstream_tip && git_repository_head_unborn(repo) == 1) {
		char *head = config_head_branch(repo);
		git_oid x;

		if (head && strcmp(head, s->branch) && !commit_branch_exists(repo, head) &&
		    git_oid_fromstr(&x, im.upstream_tip) == 0)
			make_branch(repo, head, &x, NULL);
		g_free(head);
	}
	if (!make_branch(repo, s->branch, &tip, error))
		goto done;
	made_branch = TRUE;
	{
		char *msg = g_strdup_printf("import from %s", dir);
		ok = series_adopt(s, repo, msg, NULL, NULL, error);
		g_free(msg);
	}
	if (!ok)
		goto done;
	/* a repository with nothing checked out: HEAD goes to the series' branch */
	if (git_repository_head_unborn(repo) == 1 && !git_repository_is_bare(repo)) {
		char *ref = g_strconcat("refs/heads/", s->branch, NULL);
		git_checkout_options co = GIT_CHECKOUT_OPTIONS_INIT;
		co.checkout_strategy = GIT_CHECKOUT_SAFE;
		if (git_repository_set_head(repo, ref) == 0)
			git_checkout_head(repo, &co);
		g_free(ref);
	}
	out->name = g_strdup(s->name);
	out->versions = (int)s->versions->len;
	out->commits = im.commits;
	out->upstream = im.upstream;
done:
	if (!ok && made_branch) {
		git_reference *r = NULL;
		if (!git_branch_lookup(&r, repo, s->branch, GIT_BRANCH_LOCAL))
			git_branch_delete(r);
		git_reference_free(r);
	}
	state_free(st);
	series_free(s);
	g_key_file_free(kf);
	g_hash_table_unref(im.map);
	g_free(im.upstream_tip);
	g_free(conf);
	g_free(cname);
	g_free(wsub);
	return ok;
}
