/* fuzz-export.c - the readers of an export directory's files
 * (lib/series/import-read) on any bytes, the first byte picking the file:
 *   0  a NNNN-*.patch file (export_parse_mail_data): read back as its
 *      commit (an author address, a message ending in a newline) or
 *      refused as bad input naming the file;
 *   1  upstream/tags (export_parse_tags): every tag one an import may
 *      create, with a 40-hex-digit commit, or an error naming file:line;
 *   2  series.conf / version.conf: parsed by GKeyFile as import does, its
 *      numbers (export_conf_int) and branch (export_conf_branch) checked,
 *      an error naming file:line.
 *
 * Facts: file=patch|tags|conf, error, then what was read (diff=0/1;
 * tags=N; version=N). */
#include "fuzz.h"
#include "series/import-read.h"

#include <gmime/gmime.h>

static void fuzz_export_init(void)
{
	static gboolean done;

	if (!done)
		g_mime_init();
	done = TRUE;
}

static void fuzz_export_error(GError *e, const char *path)
{
	FUZZ_CHECK(e && qerr_class(e) == QUILL_ERROR_INPUT);
	FUZZ_CHECK(g_str_has_prefix(e->message, path));
	fuzz_fact_error(e);
}

static void fuzz_export_patch(const char *d, gsize n)
{
	struct mail_patch m;
	GError *e = NULL;

	fuzz_fact_str("file", "patch");
	if (!export_parse_mail_data(&m, "v1/0001-x.patch", d, n, &e)) {
		fuzz_export_error(e, "v1/0001-x.patch");
		g_error_free(e);
		return;
	}
	fuzz_fact_error(NULL);
	FUZZ_CHECK(m.author_name && m.author_email && m.message && m.diff);
	FUZZ_CHECK(strlen(m.orig) == 0 || strlen(m.orig) == GIT_OID_HEXSZ);
	FUZZ_CHECK(*m.message && m.message[strlen(m.message) - 1] == '\n');
	fuzz_fact_int("diff", *m.diff != 0);
	mail_patch_release(&m);
}

static void fuzz_export_tags(const char *d)
{
	GPtrArray *tags = NULL;
	GError *e = NULL;

	fuzz_fact_str("file", "tags");
	if (!export_parse_tags(&tags, "upstream/tags", d, &e)) {
		FUZZ_CHECK(!tags);
		fuzz_export_error(e, "upstream/tags:");
		g_error_free(e);
		return;
	}
	fuzz_fact_error(NULL);
	for (guint i = 0; i < tags->len; i++) {
		const struct export_tag *t = g_ptr_array_index(tags, i);

		FUZZ_CHECK(*t->name && strcmp(t->name, "HEAD") && strcmp(t->name, "quill") &&
			   !g_str_has_prefix(t->name, "quill/"));
		FUZZ_CHECK(strlen(t->orig) == GIT_OID_HEXSZ);
	}
	fuzz_fact_int("tags", tags->len);
	g_ptr_array_unref(tags);
}

static void fuzz_export_conf(const char *d, gsize n)
{
	GKeyFile *kf = g_key_file_new();
	GError *e = NULL;
	int version = 0, patches = 0;
	char *branch;

	fuzz_fact_str("file", "conf");
	if (!g_key_file_load_from_data(kf, d, n, G_KEY_FILE_NONE, NULL)) {
		fuzz_fact_str("error", "input");
		g_key_file_free(kf);
		return;
	}
	if (!export_conf_int("series.conf", d, kf, "series", "version", 1, EXPORT_NUMBER_MAX,
			     &version, &e) ||
	    !export_conf_int("series.conf", d, kf, "version", "patches", 0, EXPORT_NUMBER_MAX,
			     &patches, &e)) {
		fuzz_export_error(e, "series.conf:");
		g_error_free(e);
		g_key_file_free(kf);
		return;
	}
	FUZZ_CHECK(version >= 0 && version <= EXPORT_NUMBER_MAX && patches >= 0);
	branch = g_key_file_get_string(kf, "series", "branch", NULL);
	if (branch && !export_conf_branch("series.conf", d, "series", "branch", branch, &e)) {
		fuzz_export_error(e, "series.conf:");
		g_clear_error(&e);
	} else {
		fuzz_fact_error(NULL);
	}
	fuzz_fact_int("version", version);
	g_free(branch);
	g_key_file_free(kf);
}

static int fuzz_export_one(const uint8_t *data, size_t size)
{
	char *d;

	if (size < 1)
		return 0;
	d = g_malloc(size);	/* the bytes after the first, NUL-terminated as read */
	memcpy(d, data + 1, size - 1);
	d[size - 1] = 0;
	switch (data[0] % 3) {
	case 0:
		fuzz_export_patch(d, size - 1);
		break;
	case 1:
		fuzz_export_tags(d);
		break;
	default:
		fuzz_export_conf(d, size - 1);
	}
	g_free(d);
	return 0;
}

FUZZ_ENTRY(export)
