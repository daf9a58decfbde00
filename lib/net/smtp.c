/* smtp.c - one message at a time through a reused libcurl easy handle
 * (one connection for a whole series), or piped to a sendmail command.
 *
 * Whether a message may have arrived is decided from two facts: whether
 * its content started to go out (the read callback's first call, which
 * libcurl makes only after the server's 354 to DATA), and whether a server
 * line came after that.  The lines are watched through the debug
 * callback and read by smtp-reply.c, which decides the outcome.
 */
#include "net/smtp.h"
#include "net/smtp-reply.h"
#include "core/child.h"
#include "core/error.h"
#include "core/text.h"
#include "git/credential.h"
#include "net/lazy.h"

#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

struct smtp_session {
	struct smtp_config c;		/* our copy */
	long timeout_ms;
	CURL *curl;
	char *req_url;			/* url + "/" + EHLO name */
	struct curl_slist *rcpts;
	char errbuf[CURL_ERROR_SIZE], why[CURL_ERROR_SIZE + 64];
	/* the credential, asked once */
	struct credential cred;
	gboolean cred_asked, cred_told, use_netrc;
	GError *cred_error;
	/* this message */
	const char *wire;
	gsize len, off;
	smtp_before_data_fn before_data;
	void *payload;
	gboolean refused_by_caller;
	struct smtp_talk talk;		/* what was said (smtp-reply.h) */
};

static char *dup0(const char *s)
{
	return s ? g_strdup(s) : NULL;
}

static void config_copy(struct smtp_config *to, const struct smtp_config *from)
{
	*to = *from;
	to->url = dup0(from->url);
	to->sendmail = dup0(from->sendmail);
	to->host = dup0(from->host);
	to->user = dup0(from->user);
	to->domain = dup0(from->domain);
	to->cainfo = dup0(from->cainfo);
	to->from = dup0(from->from);
	to->from_addr = dup0(from->from_addr);
	to->git_dir = dup0(from->git_dir);
}

/* ---- what the server said ---- */

static int on_debug(CURL *h, curl_infotype type, char *data, size_t size, void *user)
{
	struct smtp_session *ss = user;

	if (type == CURLINFO_HEADER_IN || type == CURLINFO_HEADER_OUT)
		smtp_talk_lines(&ss->talk, type == CURLINFO_HEADER_IN, data, size);
	return 0;
}

static size_t on_read(char *buf, size_t size, size_t nitems, void *user)
{
	struct smtp_session *ss = user;
	gsize n = MIN(size * nitems, ss->len - ss->off);

	if (!ss->talk.started) {
		/* the server has taken MAIL FROM, every RCPT TO and DATA */
		if (ss->before_data && !ss->before_data(ss->payload)) {
			ss->refused_by_caller = TRUE;
			return CURL_READFUNC_ABORT;
		}
		ss->talk.started = TRUE;
	}
	memcpy(buf, ss->wire + ss->off, n);
	ss->off += n;
	return n;
}

/* ---- the session ---- */

static long timeout_from_env(long configured)
{
	const char *e = g_getenv("QUILL_SMTP_TIMEOUT_MS");
	long v = e ? strtol(e, NULL, 10) : 0;

	if (v > 0)
		return v;
	return configured > 0 ? configured : 60000;
}

static void setup_curl(struct smtp_session *ss)
{
	CURL *e = ss->curl;
	long secs = (ss->timeout_ms + 999) / 1000;

	curl_easy_setopt(e, CURLOPT_URL, ss->req_url);
	curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
	curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(e, CURLOPT_ERRORBUFFER, ss->errbuf);
	curl_easy_setopt(e, CURLOPT_VERBOSE, 1L);
	curl_easy_setopt(e, CURLOPT_DEBUGFUNCTION, on_debug);
	curl_easy_setopt(e, CURLOPT_DEBUGDATA, ss);
	curl_easy_setopt(e, CURLOPT_READFUNCTION, on_read);
	curl_easy_setopt(e, CURLOPT_READDATA, ss);
	curl_easy_setopt(e, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, ss->timeout_ms);
	curl_easy_setopt(e, CURLOPT_SERVER_RESPONSE_TIMEOUT, secs);
	curl_easy_setopt(e, CURLOPT_LOW_SPEED_LIMIT, 1L);
	curl_easy_setopt(e, CURLOPT_LOW_SPEED_TIME, secs);
	curl_easy_setopt(e, CURLOPT_USE_SSL, ss->c.starttls ? (long)CURLUSESSL_ALL : (long)CURLUSESSL_NONE);
	curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, ss->c.verify ? 1L : 0L);
	curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, ss->c.verify ? 2L : 0L);
	if (ss->c.cainfo && g_file_test(ss->c.cainfo, G_FILE_TEST_IS_DIR))
		curl_easy_setopt(e, CURLOPT_CAPATH, ss->c.cainfo);
	else if (ss->c.cainfo)
		curl_easy_setopt(e, CURLOPT_CAINFO, ss->c.cainfo);
	if (ss->c.user)
		curl_easy_setopt(e, CURLOPT_USERNAME, ss->c.user);
}

struct smtp_session *smtp_open(const struct smtp_config *c)
{
	static gsize once;
	struct smtp_session *ss = g_new0(struct smtp_session, 1);

	config_copy(&ss->c, c);
	ss->timeout_ms = timeout_from_env(c->timeout_ms);
	if (c->sendmail)
		return ss;
	if (g_once_init_enter(&once)) {
		CURLcode rc = curl_global_init(CURL_GLOBAL_DEFAULT);
		g_once_init_leave(&once, rc == CURLE_OK ? 1 : 2);
	}
	if (once == 1)
		ss->curl = curl_easy_init();
	/* the path of an smtp:// URL is the EHLO name */
	ss->req_url = g_strdup_printf("%s/%s", c->url, c->domain ? c->domain : "localhost");
	if (ss->curl)
		setup_curl(ss);
	return ss;
}

void smtp_close(struct smtp_session *ss)
{
	if (!ss)
		return;
	if (ss->curl)
		curl_easy_cleanup(ss->curl);	/* says QUIT */
	curl_slist_free_all(ss->rcpts);
	credential_clear(&ss->cred);
	g_clear_error(&ss->cred_error);
	g_free(ss->req_url);
	smtp_talk_clear(&ss->talk);
	smtp_config_clear(&ss->c);
	g_free(ss);
}

/* libcurl looks the password up in ~/.netrc only when no CURLOPT_USERNAME
 * is set: the user goes in the URL instead. */
static void use_netrc(struct smtp_session *ss, const char *hostport)
{
	char *user = curl_easy_escape(ss->curl, ss->c.user, 0);

	ss->use_netrc = TRUE;
	g_clear_error(&ss->cred_error);
	g_free(ss->req_url);
	ss->req_url = g_strdup_printf("%.*s%s@%s/%s", (int)(hostport - ss->c.url), ss->c.url, user,
				      hostport, ss->c.domain ? ss->c.domain : "localhost");
	curl_free(user);
	curl_easy_setopt(ss->curl, CURLOPT_USERNAME, NULL);
	curl_easy_setopt(ss->curl, CURLOPT_URL, ss->req_url);
	curl_easy_setopt(ss->curl, CURLOPT_NETRC, (long)CURL_NETRC_OPTIONAL);
}

/* The password, asked of git's credential helpers once per session, else
 * ~/.netrc; FALSE when neither has one. */
static gboolean ask_password(struct smtp_session *ss, GError **error)
{
	char *netrc;
	const char *hostport;

	if (!ss->c.user || (ss->cred_asked && !ss->cred_error))
		return TRUE;
	if (!ss->cred_asked) {
		ss->cred_asked = TRUE;
		/* host:port as the URL has it ([::1]:25 for IPv6) */
		hostport = strstr(ss->c.url, "://");
		ss->cred.protocol = g_strdup("smtp");
		ss->cred.host = g_strdup(hostport ? hostport + 3 : ss->c.host);
		ss->cred.username = g_strdup(ss->c.user);
		if (credential_fill(&ss->cred, ss->c.git_dir, ss->c.interactive, &ss->cred_error)) {
			curl_easy_setopt(ss->curl, CURLOPT_USERNAME, ss->cred.username);
			curl_easy_setopt(ss->curl, CURLOPT_PASSWORD, ss->cred.password);
			return TRUE;
		}
		netrc = g_build_filename(g_get_home_dir(), ".netrc", NULL);
		if (g_file_test(netrc, G_FILE_TEST_IS_REGULAR) && hostport)
			use_netrc(ss, hostport + 3);
		g_free(netrc);
		if (!ss->cred_error)
			return TRUE;
	}
	g_propagate_error(error, g_error_copy(ss->cred_error));
	return FALSE;
}

static gboolean rcpt_sane(const char *a)
{
	if (!a || !*a || strlen(a) > 320)
		return FALSE;
	for (const char *p = a; *p; p++)
		if ((unsigned char)*p <= 0x20 || *p == 0x7f || *p == '<' || *p == '>')
			return FALSE;
	return TRUE;
}

/* ---- a sendmail command ---- */

static char *lf_only(const char *wire, gsize len, gsize *out_len)
{
	char *out = g_malloc(len + 1), *q = out;

	for (gsize i = 0; i < len; i++)
		if (!(wire[i] == '\r' && i + 1 < len && wire[i + 1] == '\n'))
			*q++ = wire[i];
	*q = 0;
	*out_len = q - out;
	return out;
}

static enum smtp_outcome send_sendmail(struct smtp_session *ss, const char *const *rcpts,
				       const char *wire, gsize len, char **reply_out,
				       GError **error)
{
	GPtrArray *argv = g_ptr_array_new_with_free_func(g_free);
	struct child_run r = { 0 };
	enum smtp_outcome out = SMTP_NOT_SENT;
	char *text, *why;
	int st, sig;

	/* sh -c 'CMD "$@"' CMD -i -f FROM RCPT...: the addresses as words,
	 * never parsed by the shell */
	g_ptr_array_add(argv, g_strdup("/bin/sh"));
	g_ptr_array_add(argv, g_strdup("-c"));
	g_ptr_array_add(argv, g_strdup_printf("%s \"$@\"", ss->c.sendmail));
	g_ptr_array_add(argv, g_strdup("sendmail"));
	g_ptr_array_add(argv, g_strdup("-i"));
	g_ptr_array_add(argv, g_strdup("-f"));
	g_ptr_array_add(argv, g_strdup(ss->c.from_addr));
	for (guint i = 0; rcpts[i]; i++)
		g_ptr_array_add(argv, g_strdup(rcpts[i]));
	g_ptr_array_add(argv, NULL);
	text = lf_only(wire, len, &r.input_len);
	r.argv = (const char *const *)argv->pdata;
	r.input = text;
	r.max_output = 64 * 1024;
	if (!child_run(&r, error))
		goto done;
	st = r.wait_status;
	why = child_last_line(r.err->len ? r.err : r.out);
	/* killed, or the shell saying its command was (status 128 + N) */
	sig = WIFSIGNALED(st) ? WTERMSIG(st) :
	      WIFEXITED(st) && WEXITSTATUS(st) > 128 && WEXITSTATUS(st) <= 128 + 64 ? WEXITSTATUS(st) - 128 : 0;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
		out = SMTP_SENT;
		if (reply_out)
			*reply_out = g_strdup("exit status 0");
	} else if (!sig) {
		if (reply_out)
			*reply_out = g_strdup_printf("exit status %d", WEXITSTATUS(st));
		qerr(error, QUILL_ERROR_OUTSIDE, "%s failed (exit status %d)%s%s", ss->c.sendmail,
		     WEXITSTATUS(st), *why ? ": " : "", why);
	} else {
		/* killed once it had the whole message: it may have queued it */
		out = r.input_taken ? SMTP_IN_DOUBT : SMTP_NOT_SENT;
		if (reply_out)
			*reply_out = g_strdup_printf("killed by signal %d", sig);
		qerr(error, QUILL_ERROR_OUTSIDE, "%s was killed by signal %d%s", ss->c.sendmail, sig,
		     out == SMTP_IN_DOUBT ? " after it was given the message: it may have sent it" : "");
	}
	g_free(why);
done:
	child_run_clear(&r);
	g_free(text);
	g_ptr_array_free(argv, TRUE);
	return out;
}

/* ---- SMTP ---- */

static void reset_message(struct smtp_session *ss, const char *wire, gsize len,
			  smtp_before_data_fn fn, void *payload)
{
	ss->wire = wire;
	ss->len = len;
	ss->off = 0;
	ss->before_data = fn;
	ss->payload = payload;
	ss->refused_by_caller = FALSE;
	smtp_talk_reset(&ss->talk);
}

/* Tell the credential helpers once whether the password worked. */
static void tell_helpers(struct smtp_session *ss, CURLcode rc)
{
	if (!ss->cred.password || ss->cred_told)
		return;
	if (ss->talk.auth_ok) {
		credential_approve(&ss->cred, ss->c.git_dir);
		ss->cred_told = TRUE;
	} else if (rc == CURLE_LOGIN_DENIED) {
		credential_reject(&ss->cred, ss->c.git_dir);
		ss->cred_told = TRUE;
	}
}

/* libcurl's reason, in quill's words where libcurl's are obscure (kept in
 * ss->why, without a full stop) */
static const char *curl_reason(struct smtp_session *ss, CURLcode rc)
{
	gsize n;

	switch (rc) {
	case CURLE_RECV_ERROR:
	case CURLE_SEND_ERROR:
	case CURLE_GOT_NOTHING:
		g_strlcpy(ss->why, "the connection was lost", sizeof ss->why);
		break;
	case CURLE_OPERATION_TIMEDOUT:
		g_snprintf(ss->why, sizeof ss->why, "timed out after %ld ms", ss->timeout_ms);
		break;
	default:
		g_strlcpy(ss->why, ss->errbuf[0] ? ss->errbuf : curl_easy_strerror(rc), sizeof ss->why);
	}
	n = strlen(ss->why);
	while (n && (ss->why[n - 1] == '.' || ss->why[n - 1] == '\n'))
		ss->why[--n] = 0;
	return ss->why;
}

/* The outcome of a message from what was said and how libcurl ended. */
static enum smtp_outcome decide(struct smtp_session *ss, CURLcode rc, GError **error)
{
	struct smtp_end e = {
		.url = ss->c.url,
		.user = ss->c.user,
		.from_addr = ss->c.from_addr,
		.completed = rc == CURLE_OK,
		.login_denied = rc == CURLE_LOGIN_DENIED,
		.refused_by_caller = ss->refused_by_caller,
		.why = rc == CURLE_OK ? "" : curl_reason(ss, rc),
	};

	return smtp_talk_outcome(&ss->talk, &e, error);
}

enum smtp_outcome smtp_send(struct smtp_session *ss, const char *const *rcpts, const char *wire,
			    gsize len, smtp_before_data_fn before_data, void *payload,
			    char **reply_out, GError **error)
{
	struct curl_slist *list = NULL;
	char *from;
	CURLcode rc;
	enum smtp_outcome out;

	if (reply_out)
		*reply_out = NULL;
	if (!rcpts || !rcpts[0]) {
		qerr(error, QUILL_ERROR_INPUT, "a message without recipients");
		return SMTP_NOT_SENT;
	}
	for (guint i = 0; rcpts[i]; i++) {
		if (!rcpt_sane(rcpts[i])) {
			char *shown = text_escape(rcpts[i]);
			qerr(error, QUILL_ERROR_INPUT, "'%s' is not a mail address", shown);
			g_free(shown);
			return SMTP_NOT_SENT;
		}
	}
	if (ss->c.sendmail) {
		if (before_data && !before_data(payload)) {
			qerr(error, QUILL_ERROR_OUTSIDE, "stopped before the message went to %s",
			     ss->c.sendmail);
			return SMTP_NOT_SENT;
		}
		return send_sendmail(ss, rcpts, wire, len, reply_out, error);
	}
	if (!ss->curl) {
		if (lazy_curl_load(error))
			qerr(error, QUILL_ERROR_OUTSIDE, "libcurl cannot be initialised");
		return SMTP_NOT_SENT;
	}
	if (!ask_password(ss, error))
		return SMTP_NOT_SENT;
	for (guint i = 0; rcpts[i]; i++) {
		char *a = g_strdup_printf("<%s>", rcpts[i]);
		list = curl_slist_append(list, a);
		g_free(a);
	}
	from = g_strdup_printf("<%s>", ss->c.from_addr);
	curl_easy_setopt(ss->curl, CURLOPT_MAIL_FROM, from);
	g_free(from);
	curl_easy_setopt(ss->curl, CURLOPT_MAIL_RCPT, list);
	curl_slist_free_all(ss->rcpts);
	ss->rcpts = list;
	curl_easy_setopt(ss->curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)len);
	reset_message(ss, wire, len, before_data, payload);
	ss->errbuf[0] = 0;
	rc = curl_easy_perform(ss->curl);
	tell_helpers(ss, rc);
	out = decide(ss, rc, error);
	if (reply_out && (ss->talk.no || ss->talk.reply))
		*reply_out = g_strdup(out == SMTP_SENT || !ss->talk.no ? ss->talk.reply : ss->talk.no);
	return out;
}
