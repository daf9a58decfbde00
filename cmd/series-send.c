/* series-send.c - quill series send: the working version's mails over SMTP
 * (or to an mbox), resumable, the version frozen once all went. */
#include "cmd.h"
#include "review/next.h"
#include "review/send-gate.h"
#include "series/outgoing.h"
#include "series/send.h"
#include "series/series.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char send_help[] =
	"Sends the working version vN of the series as `quill series format` makes\n"
	"it: the cover and every patch, each to the recipients series recipients\n"
	"computes (the series' To/Cc, the people of each patch's trailers, the\n"
	"get_maintainer command), over SMTP as quill.smtp* (else sendemail.*)\n"
	"configures.  Each mail is recorded in the series state before its content\n"
	"goes and once the server took it; a send cut short is resumed by running\n"
	"series send again: mails already sent are not sent again, and one whose\n"
	"content went without an answer is listed as in doubt and sent again only\n"
	"with --resend-in-doubt.  When every mail went, vN is frozen with every\n"
	"Message-ID and vN+1 begun.\n"
	"Before a first attempt the send is checked: placeholders left in the cover,\n"
	"trailer lint errors, a branch changed since series format, a version sent\n"
	"already (--resend N); --force passes lint errors alone.  Open review items\n"
	"of the previous version are a warning.\n"
	"Exit status: 0 all sent; 1 mails in doubt, or the checks refused; 3 a mail\n"
	"that is not safe to send (nothing sent); 4 the server or the connection\n"
	"failed (run it again to send the rest).";

/* "3" or "v3": the number, else 0. */
static int version_number(const char *arg)
{
	char *end;
	long n;

	if (arg[0] == 'v')
		arg++;
	n = strtol(arg, &end, 10);
	return *arg && !*end && n > 0 && n < 1000000 ? (int)n : 0;
}

static void progress(void *payload, const struct send_mail *m, guint i, guint n)
{
	char *subject = out_escape(m->subject);

	(void)payload;
	fprintf(stderr, "quill: [%u/%u] %s %s\n", i + 1, n,
		m->now ? "sent" : m->in_doubt ? "in doubt:" : "not sent:", subject);
	g_free(subject);
}

struct send_args {
	gboolean dry_run, reflect, resend_in_doubt, force, cover;
	char *to_mbox, *in_reply_to, *resend;
	char **to, **cc;
};

static const char *mail_state(const struct send_mail *m, gboolean dry_run, gboolean to_mbox)
{
	if (m->now)
		return "sent";
	if (m->status == SEND_SENT)
		return "already";
	if (m->in_doubt)
		return "in-doubt";
	return dry_run ? "to-send" : to_mbox ? "written" : "pending";
}

static json_t *send_json(const struct series_send_result *r, const struct send_args *a,
			 const char *name)
{
	gboolean dry_run = a->dry_run;
	json_t *doc;
	json_t *mails = json_array();
	static const char *const status[] = { "pending", "sending", "sent" };

	for (guint i = 0; r->mails && i < r->mails->len; i++) {
		const struct send_mail *m = g_ptr_array_index(r->mails, i);

		json_array_append_new(mails, json_pack(
			"{s:i, s:s, s:s, s:o, s:o, s:s, s:b, s:o, s:o, s:s}", "index", m->index,
			"msgid", m->msgid, "subject", m->subject, "to", strv_json(m->to), "cc",
			strv_json(m->cc), "status", status[m->status], "in_doubt", m->in_doubt,
			"time", json_str_or_null(m->time), "reply", json_str_or_null(m->reply),
			"state", mail_state(m, dry_run, a->to_mbox != NULL)));
	}
	doc = json_pack("{s:s, s:i, s:o, s:b, s:o, s:b, s:b, s:o, s:i, s:i, s:i, s:i, s:o}",
			"name", name, "version", r->version, "server", json_str_or_null(r->server),
			"dry_run", dry_run, "to_mbox", json_str_or_null(a->to_mbox), "reflect",
			a->reflect, "resumed", r->resumed, "mails", mails, "sent", r->sent,
			"already", r->already, "in_doubt", r->in_doubt, "pending", r->pending,
			"frozen", r->frozen ? json_integer(r->frozen) : json_null());
	return doc;
}

static void print_list(const char *label, const json_t *list)
{
	const json_t *a;
	size_t i;

	if (!json_array_size(list))
		return;
	printf("    %s ", label);
	json_array_foreach(list, i, a) {
		char *esc = out_escape(json_string_value(a));
		printf("%s%s", i ? ", " : "", esc);
		g_free(esc);
	}
	putchar('\n');
}

static void send_view(struct ctx *ctx, const json_t *r)
{
	gboolean dry = json_is_true(json_object_get(r, "dry_run"));
	const char *server = jstr(r, "server");
	const json_t *m;
	size_t i;
	int n = jint(r, "version");

	(void)ctx;
	if (dry)
		printf("would send v%d of %s via %s:\n", n, jstr(r, "name"), server ? server : "(no server)");
	json_array_foreach(json_object_get(r, "mails"), i, m) {
		char *subject = out_escape(jstr(m, "subject"));

		printf("%-8s %s\n", jstr(m, "state"), subject);
		g_free(subject);
		if (dry) {
			print_list("To:", json_object_get(m, "to"));
			print_list("Cc:", json_object_get(m, "cc"));
		}
	}
	if (dry)
		return;
	if (jstr(r, "to_mbox")) {
		size_t k = json_array_size(json_object_get(r, "mails"));
		char *path = out_escape(jstr(r, "to_mbox"));

		printf("v%d: %zu %s written to %s\n", n, k, plural_word((long)k, "mail", "mails"), path);
		g_free(path);
		return;
	}
	if (json_is_true(json_object_get(r, "reflect"))) {
		printf("v%d: %d %s sent to you alone via %s\n", n, jint(r, "sent"),
		       plural_word(jint(r, "sent"), "mail", "mails"), server);
		return;
	}
	if (json_is_integer(json_object_get(r, "frozen"))) {
		int k = jint(r, "sent") + jint(r, "already");

		printf("v%d sent: %d %s; v%d started\n", n, k, plural_word(k, "mail", "mails"),
		       jint(r, "frozen") + 1);
	} else
		printf("v%d: %d sent, %d sent before, %d in doubt, %d not sent%s%s\n", n,
		       jint(r, "sent"), jint(r, "already"), jint(r, "in_doubt"), jint(r, "pending"),
		       server ? " via " : "", server ? server : "");
}

/* The options, checked: -1 to go on, else the exit code. */
static int check_args(struct ctx *ctx, struct send_args *a, struct series_send_opts *o)
{
	GError *e = NULL;
	int modes = !!a->dry_run + !!a->to_mbox + !!a->reflect;

	if (modes > 1)
		return usage_error(ctx, "--dry-run, --to-mbox and --reflect exclude each other");
	if (a->in_reply_to && !msgid_clean(a->in_reply_to))
		return usage_error(ctx, "--in-reply-to: '%s' is not a Message-ID", a->in_reply_to);
	if (a->resend && !(o->resend = version_number(a->resend)))
		return usage_error(ctx, "--resend: '%s' is not a version (N or vN)", a->resend);
	if (a->resend && a->resend_in_doubt)
		return usage_error(ctx, "--resend and --resend-in-doubt exclude each other");
	if (!series_check_addresses("--to", (const char *const *)a->to, &e) ||
	    !series_check_addresses("--cc", (const char *const *)a->cc, &e))
		return fail(e);
	if (!series_outgoing_time(&o->when))
		return usage_error(ctx, "SOURCE_DATE_EPOCH is not a number of seconds");
	o->dry_run = a->dry_run;
	o->to_mbox = a->to_mbox;
	o->reflect = a->reflect;
	o->resend_in_doubt = a->resend_in_doubt;
	o->in_reply_to = a->in_reply_to;
	o->extra_to = (const char *const *)a->to;
	o->extra_cc = (const char *const *)a->cc;
	o->force_cover = a->cover;
	o->warn = warn_print;
	if (isatty(STDERR_FILENO))
		o->progress = progress;
	return -1;
}

/* The review of the version sent, carried into the next one at its freeze. */
struct freeze_hook {
	struct ctx *ctx;
	struct review_next *rn;
};

static void before_freeze(void *payload, struct series *s)
{
	struct freeze_hook *h = payload;

	h->rn = review_into_next(s);
}

static void after_freeze(void *payload, struct series *s)
{
	struct freeze_hook *h = payload;

	review_after_freeze(h->ctx, s, h->rn);
}

static int do_send(struct ctx *ctx, struct send_args *a, const char *name)
{
	struct series_send_opts o = { 0 };
	struct series_send_result r = { 0 };
	struct send_gate g = { 0 };
	struct freeze_hook hook = { .ctx = ctx };
	struct series *s = NULL;
	GError *e = NULL;
	gboolean ok;
	int rc;

	if ((rc = check_args(ctx, a, &o)) >= 0)
		return rc;
	if (!open_series(&s, ctx, name, &e))
		return fail(e);
	g = (struct send_gate){ .repo = ctx->repo, .res = ctx->res, .force = a->force,
				.warn = warn_print };
	o.gate = send_gate_check;
	o.gate_payload = &g;
	o.before_freeze = before_freeze;
	o.after_freeze = after_freeze;
	o.freeze_payload = &hook;
	ok = series_send(s, ctx->repo, ctx->res, &o, &r, &e);
	if (r.mails)	/* what went and what did not, also after a failure */
		emit(ctx, send_json(&r, a, s->name), send_view);
	rc = ok ? 0 : fail(e);
	series_send_result_clear(&r);
	review_next_free(hook.rn);
	series_free(s);
	return rc;
}

int cmd_series_send(int argc, char **argv, struct ctx *ctx)
{
	struct send_args a = { 0 };
	GOptionEntry entries[] = {
		{ "dry-run", 'n', 0, G_OPTION_ARG_NONE, &a.dry_run, "Show who gets which mail; send and write nothing", NULL },
		{ "to-mbox", 0, 0, G_OPTION_ARG_FILENAME, &a.to_mbox, "Write the mails as they would go into FILE (an mbox); send nothing", "FILE" },
		{ "to", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a.to, "Send every mail to ADDR too; repeatable", "ADDR" },
		{ "cc", 0, 0, G_OPTION_ARG_STRING_ARRAY, &a.cc, "Cc every mail to ADDR; repeatable", "ADDR" },
		{ "reflect", 0, 0, G_OPTION_ARG_NONE, &a.reflect, "Send every mail to yourself only (headers as for real); record nothing", NULL },
		{ "in-reply-to", 0, 0, G_OPTION_ARG_STRING, &a.in_reply_to, "The first mail answers MSGID", "MSGID" },
		{ "resend", 0, 0, G_OPTION_ARG_STRING, &a.resend, "Send frozen version N again as it went", "N" },
		{ "resend-in-doubt", 0, 0, G_OPTION_ARG_NONE, &a.resend_in_doubt, "Send the mails in doubt again", NULL },
		{ "force", 0, 0, G_OPTION_ARG_NONE, &a.force, "Send despite trailer lint errors", NULL },
		{ "cover", 0, 0, G_OPTION_ARG_NONE, &a.cover, "Send a cover letter for a one-patch series too", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &ctx->json, "Print what was sent as JSON", NULL },
		G_OPTION_ENTRY_NULL
	};
	int rc = opt_parse(ctx, &argc, &argv, "[NAME]", send_help, entries);

	if (rc < 0 && (rc = opt_max_operands(ctx, argc, 1)) < 0)
		rc = do_send(ctx, &a, argc > 1 ? argv[1] : NULL);
	g_free(a.to_mbox);
	g_free(a.in_reply_to);
	g_free(a.resend);
	g_strfreev(a.to);
	g_strfreev(a.cc);
	return rc;
}
