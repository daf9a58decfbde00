/* collect-private.h - the parts of collect.c in collect-given.c. */
#ifndef QUILL_REVIEW_COLLECT_PRIVATE_H
#define QUILL_REVIEW_COLLECT_PRIVATE_H

#include "git/ident.h"
#include "mail/message-body.h"
#include "review/collect.h"

/* The keys collected: keys, else the default ones (borrowed). */
const char *const *collect_keys(const char *const *keys);

/* The trailers with one of keys in b's own lines, "Key: value" (new array
 * of owned strings). */
GPtrArray *collect_given(const struct message_body *b, const char *const *keys);

/* An HTML body as text (caller owns). */
char *collect_html_text(const char *html, gsize len);

/* Split a person (caller owns both; "" when absent). */
void collect_person(const char *s, char **name, char **addr);

/* Whether trailer ("Key: person") is given by from ("Name <addr>"). */
gboolean collect_sender_ok(const git_mailmap *mm, const char *trailer, const char *from);

/* What two trailers that are the same have equal (caller owns). */
char *collect_dup_key(const char *trailer);

#endif
