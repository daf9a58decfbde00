/* fuzz-mailinfo.c - mailinfo_split (git mailinfo's split) on any bytes, the
 * first byte picking the options: it splits or refuses as bad input; the
 * info block has one "Key: value" per line and ends with a blank line, the
 * patch starts where a patch starts, and a warning is one line.  (Not
 * UTF-8 always: as git does, bytes of no declared charset pass through.)
 *
 * Facts: error, then info=N (its lines), msg=0/1 (a message), patch=0/1,
 * problem=0/1. */
#include "fuzz.h"
#include "mail/mailinfo.h"

#include <gmime/gmime.h>
#include <stdarg.h>

static void fuzz_mailinfo_init(void)
{
	static gboolean done;

	if (!done)
		g_mime_init();
	done = TRUE;
}

static void fuzz_mailinfo_warn(void *payload, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void fuzz_mailinfo_warn(void *payload, const char *fmt, ...)
{
	va_list ap;
	char *w;

	va_start(ap, fmt);
	w = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	FUZZ_CHECK(!strchr(w, '\n'));
	g_free(w);
}

static int fuzz_mailinfo_one(const uint8_t *data, size_t size)
{
	struct mailinfo_options o;
	struct mailinfo_result r;
	GError *e = NULL;
	guint8 flags;
	int lines = 0;

	if (size < 1)
		return 0;
	flags = data[0];
	mailinfo_options_init(&o);
	o.keep_subject = flags & 1;
	o.keep_brackets = flags & 2;
	o.message_id = flags & 4;
	o.scissors = flags & 8;
	o.inbody_headers = !(flags & 16);
	o.quoted_cr = (enum mailinfo_quoted_cr)((flags >> 5) % 3);
	if (flags & 128)
		o.charset = NULL;
	o.warn = fuzz_mailinfo_warn;
	if (!mailinfo_split((const char *)data + 1, size - 1, &o, &r, &e)) {
		FUZZ_CHECK(e && qerr_class(e) == QUILL_ERROR_INPUT);
		fuzz_fact_error(e);
		g_error_free(e);
		return 0;
	}
	fuzz_fact_error(NULL);
	FUZZ_CHECK(r.info->len >= 1 && r.info->str[r.info->len - 1] == '\n');
	for (const char *p = r.info->str; *p; p = strchr(p, '\n') + 1) {
		if (*p == '\n')
			break;
		FUZZ_CHECK(strstr(p, ": ") && strstr(p, ": ") < strchr(p, '\n'));
		lines++;
	}
	if (r.patch->len)
		FUZZ_CHECK(mailinfo_is_patch_break(r.patch->str, strcspn(r.patch->str, "\n") + 1));
	fuzz_fact_int("info", lines);
	fuzz_fact_int("msg", r.msg->len > 0);
	fuzz_fact_int("patch", r.patch->len > 0);
	fuzz_fact_int("problem", r.problem != NULL);
	mailinfo_result_clear(&r);
	return 0;
}

FUZZ_ENTRY(mailinfo)
