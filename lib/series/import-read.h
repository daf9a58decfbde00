/* import-read.h - an export directory (export.h) read back for import.c,
 * as the hostile input it may be: each file read must be a regular file
 * (not a symbolic link, FIFO, device or directory) of bounded size, each
 * directory a real one, each number in its range and each ref name one an
 * import may create.  Every refusal is QUILL_ERROR_INPUT naming the file
 * (and the line where there is one).
 */
#ifndef QUILL_SERIES_IMPORT_READ_H
#define QUILL_SERIES_IMPORT_READ_H

#include <git2.h>
#include <glib.h>

#define EXPORT_TEXT_MAX ((gsize)16 << 20)	/* series.conf, covers, changes, tags */
#define EXPORT_PATCH_MAX ((gsize)128 << 20)	/* one NNNN-*.patch file */
#define EXPORT_NUMBER_MAX 9999			/* versions; patches in a version (NNNN-) */

/* Read DIR/REL, a text file.  1: *data (caller owns, g_free) and *len;
 * 0: it does not exist; -1: the error is set. */
int export_read(const char *dir, const char *rel, char **data, gsize *len, GError **error);

/* The number under group/key of a .conf file (`text` is what `kf` was
 * parsed from, to name the line): *out is set when the key is there and
 * holds an integer from min to max, left alone when the key is absent;
 * anything else is an error naming path and line. */
gboolean export_conf_int(const char *path, const char *text, GKeyFile *kf, const char *group,
			 const char *key, int min, int max, int *out, GError **error);

/* The branch an export names (group/key of path, `text` as above) is one
 * git can hold: an error naming path and line otherwise. */
gboolean export_conf_branch(const char *path, const char *text, const char *group,
			    const char *key, const char *branch, GError **error);

/* The NNNN-*.patch files of DIR/SUB but 0000-*, sorted (full paths; the
 * array frees them).  A missing SUB holds none; SUB must be a directory
 * and each of those files a regular file. */
gboolean export_patch_files(GPtrArray **out, const char *dir, const char *sub, GError **error);

/* One format-patch file, read back. */
struct mail_patch {
	char orig[GIT_OID_HEXSZ + 1];	/* the commit it was made from ("" if unknown) */
	char *author_name, *author_email;
	gint64 time;
	int offset;
	char *message;
	char *diff;
};

/* Read the patch file at path (at most EXPORT_PATCH_MAX bytes); release
 * with mail_patch_release. */
gboolean export_parse_mail(struct mail_patch *out, const char *path, GError **error);
/* The same on the file's bytes data[0..len) (NUL-terminated after them),
 * path naming it in errors. */
gboolean export_parse_mail_data(struct mail_patch *out, const char *path, const char *data,
				gsize len, GError **error);
void mail_patch_release(struct mail_patch *m);

/* One line of upstream/tags. */
struct export_tag {
	char *name;			/* without refs/tags/ */
	char orig[GIT_OID_HEXSZ + 1];	/* the commit it named where it was exported */
};

/* DIR/upstream/tags ("NAME OID" lines) read and checked: every NAME a tag
 * name that is not HEAD and not under quill/ (the series' own tags), every
 * OID 40 hex digits.  *out holds struct export_tag* (the array frees them);
 * empty when the file does not exist. */
gboolean export_upstream_tags(GPtrArray **out, const char *dir, GError **error);
/* The same on the file's text (path naming it in errors). */
gboolean export_parse_tags(GPtrArray **out, const char *path, const char *text, GError **error);

#endif
