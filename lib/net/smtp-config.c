/* smtp-config.c - where and how to send: quill.smtp* keys, else git
 * send-email's sendemail.* ones (see smtp.h). */
#include "net/smtp.h"
#include "core/error.h"
#include "core/text.h"
#include "git/config.h"
#include "git/ident.h"

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

enum encryption { ENC_UNSET, ENC_NONE, ENC_STARTTLS, ENC_SSL };

/* quill.<name> else sendemail.<alt>: the value (caller owns) and, in
 * *key, the key it came from (static), for the messages. */
static char *get2(git_repository *repo, const char *name, const char *alt, const char **key)
{
	static char buf[2][64];
	static int turn;
	char *q = g_strdup_printf("quill.%s", name), *s = g_strdup_printf("sendemail.%s", alt);
	char *v = config_get(repo, q);
	const char *from = q;

	if (!v) {
		v = config_get(repo, s);
		from = s;
	}
	turn = !turn;
	g_strlcpy(buf[turn], from, sizeof buf[turn]);
	*key = buf[turn];
	g_free(q);
	g_free(s);
	return v;
}

static gboolean host_is_loopback(const char *host)
{
	struct in_addr a4;
	struct in6_addr a6;

	if (!g_ascii_strcasecmp(host, "localhost"))
		return TRUE;
	if (inet_pton(AF_INET, host, &a4) == 1)
		return (ntohl(a4.s_addr) >> 24) == 127;
	if (inet_pton(AF_INET6, host, &a6) == 1) {
		if (IN6_IS_ADDR_LOOPBACK(&a6))
			return TRUE;
		return IN6_IS_ADDR_V4MAPPED(&a6) && a6.s6_addr[12] == 127;
	}
	return FALSE;
}

/* A host name or an IP address, nothing that could change the URL. */
static gboolean host_is_sane(const char *host)
{
	struct in6_addr a6;

	if (!*host || strlen(host) > 253)
		return FALSE;
	if (inet_pton(AF_INET6, host, &a6) == 1)
		return TRUE;
	for (const char *p = host; *p; p++)
		if (!g_ascii_isalnum(*p) && *p != '.' && *p != '-' && *p != '_')
			return FALSE;
	return TRUE;
}

static gboolean bad_value(GError **error, const char *key, const char *value, const char *want)
{
	char *shown = text_escape(value);

	qerr(error, QUILL_ERROR_INPUT, "%s: '%s' is not %s", key, shown, want);
	g_free(shown);
	return FALSE;
}

static gboolean read_encryption(git_repository *repo, enum encryption *out, const char **key,
				GError **error)
{
	char *v = get2(repo, "smtpEncryption", "smtpEncryption", key);
	gboolean ok = TRUE;

	*out = ENC_UNSET;
	if (!v)
		return TRUE;
	if (!*v || !g_ascii_strcasecmp(v, "none"))
		*out = ENC_NONE;
	else if (!g_ascii_strcasecmp(v, "tls") || !g_ascii_strcasecmp(v, "starttls"))
		*out = ENC_STARTTLS;
	else if (!g_ascii_strcasecmp(v, "ssl") || !g_ascii_strcasecmp(v, "smtps"))
		*out = ENC_SSL;
	else
		ok = bad_value(error, *key, v, "tls, ssl or none");
	g_free(v);
	return ok;
}

static gboolean read_port(git_repository *repo, long *port, GError **error)
{
	const char *key;
	char *v = get2(repo, "smtpServerPort", "smtpServerPort", &key), *end = NULL;
	long n;

	*port = 0;
	if (!v)
		return TRUE;
	n = strtol(v, &end, 10);
	if (!*v || *end || n < 1 || n > 65535) {
		bad_value(error, key, v, "a port number (1-65535)");
		g_free(v);
		return FALSE;
	}
	g_free(v);
	*port = n;
	return TRUE;
}

static gboolean read_bool(git_repository *repo, const char *name, const char *alt,
			  gboolean *out, GError **error)
{
	const char *key;
	char *v = get2(repo, name, alt, &key);
	int b = 1;

	if (v && git_config_parse_bool(&b, v) < 0) {
		bad_value(error, key, v, "true or false");
		g_free(v);
		return FALSE;
	}
	g_free(v);
	*out = b != 0;
	return TRUE;
}

static char *expand_home(char *path)
{
	char *out;

	if (!path || !g_str_has_prefix(path, "~/"))
		return path;
	out = g_build_filename(g_get_home_dir(), path + 2, NULL);
	g_free(path);
	return out;
}

/* The CA file and whether to verify: quill.smtpCAInfo, quill.smtpSSLVerify,
 * else sendemail.smtpSSLCertPath (an empty one turns verification off, as
 * in git send-email). */
static gboolean read_tls(git_repository *repo, struct smtp_config *c, GError **error)
{
	char *ca = config_get(repo, "quill.smtpCAInfo");

	if (!read_bool(repo, "smtpSSLVerify", "smtpSSLVerify", &c->verify, error)) {
		g_free(ca);
		return FALSE;
	}
	if (!ca && (ca = config_get(repo, "sendemail.smtpSSLCertPath")) && !*ca)
		c->verify = FALSE;
	if (ca && !*ca) {
		g_free(ca);
		ca = NULL;
	}
	c->cainfo = expand_home(ca);
	return TRUE;
}

/* The sender: quill.from, sendemail.from, else user.name/user.email. */
static gboolean read_from(git_repository *repo, struct smtp_config *c, GError **error)
{
	struct ident_addr a;
	char *v = config_get(repo, "quill.from");
	const char *key = "quill.from";
	gboolean ok;

	if (!v)
		key = (v = config_get(repo, "sendemail.from")) ? "sendemail.from" : "user.email";
	g_free(v);
	if (!(c->from = ident_sender(repo, error)))
		return FALSE;
	ident_addr_parse(c->from, strlen(c->from), &a);
	ok = a.email && !(a.problems & IDENT_ADDR_FATAL);
	for (const char *p = c->from; ok && *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			ok = FALSE;
	if (ok)
		c->from_addr = g_strdup(a.email);
	else
		bad_value(error, key, c->from, "one mail address");
	ident_addr_clear(&a);
	return ok;
}

/* quill.sendmailCmd / quill.smtpServer, else the sendemail.* ones: a
 * command (c->sendmail) or a host (*host, caller owns); the first of the
 * two prefixes that has either wins. */
static gboolean read_server(git_repository *repo, struct smtp_config *c, char **host,
			    GError **error)
{
	const char *prefixes[] = { "quill", "sendemail" };

	*host = NULL;
	for (guint i = 0; i < G_N_ELEMENTS(prefixes); i++) {
		char *k = g_strdup_printf("%s.sendmailCmd", prefixes[i]);
		char *cmd = config_get(repo, k), *srv;

		g_free(k);
		if (cmd && *cmd) {
			c->sendmail = cmd;
			return TRUE;
		}
		g_free(cmd);
		k = g_strdup_printf("%s.smtpServer", prefixes[i]);
		srv = config_get(repo, k);
		if (srv && *srv == '/') {
			/* a path, as git send-email takes it: that sendmail */
			c->sendmail = g_shell_quote(srv);
			g_free(srv);
			g_free(k);
			return TRUE;
		}
		if (srv && *srv) {
			gsize n = strlen(srv);

			if (srv[0] == '[' && srv[n - 1] == ']') {
				memmove(srv, srv + 1, n - 2);
				srv[n - 2] = 0;
			}
			if (!host_is_sane(srv)) {
				bad_value(error, k, srv, "a host name or an IP address");
				g_free(srv);
				g_free(k);
				return FALSE;
			}
			g_free(k);
			*host = srv;
			return TRUE;
		}
		g_free(srv);
		g_free(k);
	}
	return qerr(error, QUILL_ERROR_USAGE,
		    "no mail server: set quill.smtpServer or sendemail.smtpServer (or quill.sendmailCmd)");
}

static gboolean printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s <= 0x20 || *s == 0x7f)
			return FALSE;
	return TRUE;
}

/* smtpUser and smtpDomain: words without blanks or control characters. */
static gboolean read_words(git_repository *repo, struct smtp_config *c, GError **error)
{
	const char *key;

	c->user = get2(repo, "smtpUser", "smtpUser", &key);
	if (c->user && !*c->user)
		g_clear_pointer(&c->user, g_free);
	if (c->user && !printable(c->user))
		return bad_value(error, key, c->user, "a user name");
	c->domain = get2(repo, "smtpDomain", "smtpDomain", &key);
	if (c->domain && !*c->domain)
		g_clear_pointer(&c->domain, g_free);
	if (c->domain && !host_is_sane(c->domain))
		return bad_value(error, key, c->domain, "a host name");
	return TRUE;
}

/* The server's URL, its TLS, and the refusal of mail in clear over a network. */
static gboolean read_transport(git_repository *repo, struct smtp_config *c, GError **error)
{
	enum encryption enc;
	const char *key;
	long port;
	gboolean v6;

	if (!read_encryption(repo, &enc, &key, error) || !read_port(repo, &port, error))
		return FALSE;
	c->loopback = host_is_loopback(c->host);
	if (enc == ENC_UNSET)
		enc = c->loopback ? ENC_NONE : port == 465 ? ENC_SSL : ENC_STARTTLS;
	if (enc == ENC_NONE && !c->loopback)
		return qerr(error, QUILL_ERROR_INPUT,
			    "%s: none for %s, which is not on this machine: the mail and the "
			    "password would cross the network in clear (use tls or ssl)", key, c->host);
	if (!port)
		port = enc == ENC_SSL ? 465 : enc == ENC_STARTTLS ? 587 : 25;
	v6 = strchr(c->host, ':') != NULL;
	c->url = g_strdup_printf("%s://%s%s%s:%ld", enc == ENC_SSL ? "smtps" : "smtp", v6 ? "[" : "",
				 c->host, v6 ? "]" : "", port);
	c->starttls = enc == ENC_STARTTLS;
	return TRUE;
}

gboolean smtp_config_load(struct smtp_config *out, git_repository *repo, GError **error)
{
	struct smtp_config *c = out;

	memset(c, 0, sizeof *c);
	c->verify = TRUE;
	if (!read_server(repo, c, &c->host, error) || !read_from(repo, c, error))
		goto fail;
	if (git_repository_path(repo))
		c->git_dir = g_strdup(git_repository_path(repo));
	if (c->sendmail)
		return TRUE;
	if (!read_transport(repo, c, error) || !read_words(repo, c, error) ||
	    !read_tls(repo, c, error))
		goto fail;
	return TRUE;
fail:
	smtp_config_clear(c);
	return FALSE;
}

void smtp_config_clear(struct smtp_config *c)
{
	g_free(c->url);
	g_free(c->sendmail);
	g_free(c->host);
	g_free(c->user);
	g_free(c->domain);
	g_free(c->cainfo);
	g_free(c->from);
	g_free(c->from_addr);
	g_free(c->git_dir);
	memset(c, 0, sizeof *c);
}

char *smtp_config_describe(const struct smtp_config *c)
{
	GString *s;

	if (c->sendmail)
		return g_strdup_printf("sendmail: %s -i", c->sendmail);
	s = g_string_new(c->url);
	if (c->starttls)
		g_string_append(s, " (STARTTLS");
	else if (g_str_has_prefix(c->url, "smtps:"))
		g_string_append(s, " (TLS");
	else
		g_string_append(s, " (no TLS: loopback");
	if (c->user)
		g_string_append_printf(s, ", user %s", c->user);
	if ((c->starttls || g_str_has_prefix(c->url, "smtps:")) && !c->verify)
		g_string_append(s, ", certificate not verified");
	g_string_append_c(s, ')');
	return g_string_free(s, FALSE);
}
