/* policy-private.h - what policy.c and policy-lines.c share (not for use
 * outside lib/lint's policy module). */
#ifndef QUILL_POLICY_PRIVATE_H
#define QUILL_POLICY_PRIVATE_H

#include "lint/policy.h"

/* The line of the first [include] or [includeIf ...] header of
 * text[0..len), or 0. */
int policy_include_line(const char *text, gsize len);

/* The first line of text[0..len) at which libgit2 refuses it, or 0 when it
 * takes all of it. */
guint policy_refused_line(const char *text, gsize len);

#endif
