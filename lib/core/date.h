/* date.h - the one way quill writes a time: ISO 8601 in UTC,
 * "2026-12-01T10:00:00Z", as series state, JSON and b4's files have it.
 */
#ifndef QUILL_CORE_DATE_H
#define QUILL_CORE_DATE_H

#include <glib.h>

/* Seconds since the epoch as "YYYY-MM-DDTHH:MM:SSZ" (caller owns).  Years
 * outside 1000..9999 are written as GLib writes them. */
char *date_iso(gint64 t);

/* The same into out, for years 1000..9999 (TRUE); FALSE for the others,
 * which date_iso writes.  For the writers of one date per message. */
gboolean date_iso_buf(gint64 t, char out[21]);

/* t as a GDateTime in UTC, clamped into the years 1..9999 GLib can hold
 * (a mail's or a commit's date may be anything); never NULL (caller
 * unrefs). */
GDateTime *date_utc(gint64 t);

/* The seconds of 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z. */
#define DATE_MIN G_GINT64_CONSTANT(-62135596800)
#define DATE_MAX G_GINT64_CONSTANT(253402300799)

#endif
