/* thanks.h - thank-you mails for posted series that landed (series thanks,
 * as b4 ty): which posted series may have landed, which of their patches
 * a history holds, the mail that says so, and the mark that keeps a
 * series from being thanked twice.
 *
 * The series that may have landed ("candidates") are of two kinds:
 *   - own: of each series in the repository, its newest frozen version
 *     that was sent (it has the cover's Message-ID), unless it was thanked
 *     already: the state file v<N>/thanked ("msgid ID\ndate ISO\n") says
 *     so, written in one state commit "thanks: vN" (it travels with
 *     series push/fetch);
 *   - applied: each series `quill mail am` wrote or applied, recorded as
 *     $XDG_DATA_HOME/quill/thanks/<sha1 of its Message-ID>.json
 *     (~/.local/share/quill/thanks/ when XDG_DATA_HOME is unset or not
 *     absolute), as b4 keeps its .am files:
 *       {"msgid", "subject" (as posted, with its prefix), "from", "to":[],
 *        "cc":[], "date" (ISO 8601 UTC or null), "version", "quote" (the
 *        cover's first lines, or null), "patches":[{"patch", "subject",
 *        "patch_id" (stable, or null), "msgid"}]}
 *     Thanked, the record moves to thanks/sent/<same name> with a
 *     "thanked": {"msgid", "date"} member added; a record whose name is
 *     also under sent/ is thanked (a crash between the two steps).
 *
 * Finding: the commits of a range (default: HEAD and its ancestors, the
 * newest THANKS_DEFAULT_DEPTH of them, in git log's order; merges are
 * passed over) are read once; each posted patch is matched to a commit by
 * its stable patch-id, else by its subject (the newest commit of that
 * subject).  A commit that is one of the series' own (a frozen version's
 * patch, or in the working range of the series' branch) is no landing:
 * on its own branch every series would look applied.  A commit is given to
 * one patch only.  A series with no patch found has not landed.
 *
 * The mail (templates/thanks.txt, {{token}}s of core/template.h): From the
 * user (ident_sender), To the series' sender (for an own series that is
 * the user too: the notice goes to the lists and people it went to), Cc
 * the series' To and Cc, "Re: <subject as posted>", In-Reply-To and
 * References the cover (or the only patch), a Message-ID
 * "<YYYYMMDDhhmmss>.quill-ty.<12 hex>@<the user's domain>".
 *
 * Everything returned is owned by the caller (free functions below).
 */
#ifndef QUILL_SERIES_THANKS_H
#define QUILL_SERIES_THANKS_H

#include <git2.h>
#include <glib.h>

#include <jansson.h>

#include "core/warn.h"

struct resources;

/* How many commits of HEAD the default range looks at. */
#define THANKS_DEFAULT_DEPTH 1000

struct thanks_patch {
	int patch;		/* 1-based */
	char *subject;		/* without its prefix */
	char *patch_id;		/* stable patch-id (hex), or NULL */
	char *msgid;		/* as posted (no <>), or NULL */
};

/* A posted series that may have landed. */
struct thanks_series {
	char *msgid;		/* the cover's (else the first patch's) Message-ID, no <> */
	char *subject;		/* as posted, with its prefix */
	char *from;		/* who posted it: "Name <addr>" */
	char **to, **cc;	/* as posted (NULL-terminated, may be NULL) */
	char *date;		/* when posted, ISO 8601 UTC, or NULL */
	char *quote;		/* the cover's first lines (no "> "), or NULL */
	int version;		/* the version posted */
	GPtrArray *patches;	/* struct thanks_patch*, by number */
	/* where it comes from: */
	char *series;		/* own: the series' name; applied: NULL */
	char *record;		/* applied: its record file; own: NULL */
	char **own_commits;	/* own: the commits that are the series' own (hex) */
};

struct thanks_series *thanks_series_new(void);
void thanks_series_free(struct thanks_series *t);
/* Free the fields taken from the series' first mail (msgid, subject, from,
 * to, cc, date, quote) and set them to NULL. */
void thanks_series_clear_headers(struct thanks_series *t);
void thanks_patch_free(struct thanks_patch *p);

/* The first lines of a cover body worth quoting: up to 5 lines before
 * its "---" or "-- " line, trailing blank lines dropped (caller owns). */
char *thanks_quote_lines(const char *body);

/* ---- the records of quill mail am ---- */

/* $XDG_DATA_HOME/quill/thanks (caller owns). */
char *thanks_dir(void);

/* The record as JSON (new reference), as the header describes it. */
json_t *thanks_record_json(const struct thanks_series *t);

/* Write t's record (its name from t->msgid), replacing one of the same
 * series (written atomically; directories made).  QUILL_ERROR_OUTSIDE
 * when it cannot be written. */
gboolean thanks_record_write(const struct thanks_series *t, GError **error);

/* A record's bytes data[0..len) read back (its header fields made one
 * line each: control characters become blanks); NULL when it is not one,
 * and *why (static text) says why. */
struct thanks_series *thanks_record_parse(const char *data, gsize len, const char **why);

/* ---- finding ---- */

/* The candidates: own series (only NAME, when given: a series of the
 * repository) and, without NAME, the records not yet thanked.  A record
 * that cannot be read or parsed is one warning and left out.  *out: an
 * array that frees its struct thanks_series*. */
gboolean thanks_candidates(GPtrArray **out, git_repository *repo, const char *name,
			   warn_fn warn, void *payload, GError **error);

/* Which patches of each candidate `range` holds (NULL: the default range
 * above).  *out gets, per candidate, in order, a GPtrArray with one entry
 * per patch: the commit's hex id or NULL (caller owns *out, which frees
 * its arrays, which free their strings).  QUILL_ERROR_USAGE for a range that names
 * nothing. */
gboolean thanks_find(GPtrArray **out, git_repository *repo, GPtrArray *candidates,
		     const char *range, GError **error);

/* ---- the run: find, write or send, mark ---- */

struct thanks_opts {
	const char *name;	/* only this own series, or NULL */
	const char *range;	/* --applied-in, or NULL */
	gboolean dry_run;	/* make the mails, write, send and mark nothing */
	const char *out_dir;	/* write each mail there (one file each), send nothing */
	gint64 when;		/* the mails' date (series_outgoing_time) */
	warn_fn warn;
	void *payload;
};

struct thanks_done {
	struct thanks_series *series;	/* owned */
	GPtrArray *commits;	/* per patch: the commit's hex id, or NULL (owned) */
	guint applied;		/* the patches found */
	char *text;		/* the mail (an mbox message, LF line ends), or NULL */
	char *msgid;		/* its Message-ID */
	char *file;		/* the file written, or NULL */
	gboolean sent;		/* went out by SMTP */
	gboolean marked;	/* recorded as thanked */
};

struct thanks_result {
	GPtrArray *done;	/* struct thanks_done*, one per series that landed */
	char *server;		/* where mails went (smtp_config_describe), or NULL */
	gboolean dry_run;	/* the mails were only made: the report carries their text */
};

/* Find the candidates that landed, make a mail for each, then (unless
 * dry_run) write it to out_dir or send it (SMTP, net/smtp.h), and mark the
 * series thanked.  out is filled whenever anything landed, also on a
 * failure half way (then the mails before it are done and marked).
 * Errors: a template that does not render (QUILL_ERROR_INPUT), no
 * identity (QUILL_ERROR_USAGE), a file that cannot be written, the
 * server (QUILL_ERROR_OUTSIDE). */
gboolean thanks_run(git_repository *repo, const struct resources *res,
		    const struct thanks_opts *o, struct thanks_result *out, GError **error);
void thanks_result_clear(struct thanks_result *r);

/* {"series":[{"subject", "msgid", "series" (own: its name, else null),
 * "applied":[{"patch", "commit"}], "missing":[i], "mail": file or null,
 * "sent", "thanks_msgid", and with dry_run "text": the mail}]} (new
 * reference). */
json_t *thanks_result_json(const struct thanks_result *r);

#endif
