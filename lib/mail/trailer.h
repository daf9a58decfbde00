/* trailer.h - the trailer block of a commit message, found as
 * `git interpret-trailers` finds it, and the items in it.
 *
 * The rules (git 2.39's, checked against the installed git by probing):
 *
 *  - The message ends at its first NUL byte, and (unless no_divider) at the
 *    first line that starts with "---" followed by a space, tab, CR or LF.
 *  - It then ends at a cut line (comment + " " + "------------------------
 *    >8 ------------------------" + LF) and, after that, loses its trailing
 *    run of blank lines ("\n" alone), comment lines and old-style
 *    "Conflicts:" blocks (that line, then lines starting with a tab).
 *  - The first paragraph (the title; comment lines in it are skipped) never
 *    holds trailers.
 *  - From the end back to the first blank line (whitespace only) after the
 *    title: a line is a trailer when it starts with a token of ASCII letters,
 *    digits and '-', then optional spaces or tabs, then a separator; a line
 *    starting with whitespace may continue one; a comment line is skipped.
 *    "Signed-off-by: " and "(cherry picked from commit " lines, and tokens
 *    matching a configured key (below), make the block "recognised".  The
 *    paragraph is the block if every line is a trailer, or if it is
 *    recognised and trailers * 3 >= other lines.
 *  - A configured key matches a token when the token (case-insensitively)
 *    is a prefix of the alias or of the key: git compares with
 *    strncasecmp(token, name, token length); so does this module.
 *
 * Everything here is byte-wise: no encoding is assumed or checked.  Nothing
 * is allocated but the iterator's buffer for folded values.  The module has
 * no state: the options come in a struct.
 */
#ifndef QUILL_TRAILER_H
#define QUILL_TRAILER_H

#include <stdbool.h>
#include <stddef.h>

/* One configured trailer: git's trailer.<alias>.key (or any other
 * trailer.<alias>.<var> git knows: command, cmd, where, ifexists,
 * ifmissing, which configure the alias with no key). */
struct trailer_conf {
	const char *alias;	/* <alias>; a token matching it is "recognised" */
	const char *key;	/* the value of trailer.<alias>.key, or NULL */
};

struct trailer_opts {
	bool no_divider;		/* --no-divider: a "---" line does not end the message */
	bool trim_empty;		/* --trim-empty: trailer_shown() hides empty values */
	const char *comment;		/* core.commentChar/commentString; NULL: "#" */
	const char *separators;		/* trailer.separators; NULL: ":" */
	const struct trailer_conf *conf;	/* in configuration order; may be NULL */
	size_t nconf;
};

/* Where things are, as byte offsets into the message. */
struct trailer_block {
	size_t msg_end;		/* the end of the message proper: the divider line, the
				   first NUL, or the length */
	size_t start, end;	/* the block [start, end): whole lines; start == end
				   (both msg_end) when there is none */
};

/* Find the trailer block of msg[0..len).  Returns true when there is one. */
bool trailer_block_find(const char *msg, size_t len, const struct trailer_opts *o,
			struct trailer_block *out);

enum trailer_kind {
	TRAILER_TRAILER,	/* token, separator, value */
	TRAILER_OTHER,		/* a line of the block that is not a trailer */
	TRAILER_COMMENT,	/* a comment line inside the block */
};

/* One item of the block: a line and the continuation lines joined to it. */
struct trailer_item {
	enum trailer_kind kind;
	size_t start, end;	/* raw text [start, end) with continuation lines and the
				   final newline (if any) */
	size_t key_start, key_end;	/* the token as written, trimmed; empty unless a trailer */
	size_t sep;		/* offset of the separator character (trailers only) */
	const char *value;	/* trailers: the value, trimmed and unfolded (continuation
				   lines joined by single spaces); other kinds: the line
				   without its newline.  Points into the message or the
				   iterator's buffer: valid until the next call. */
	size_t value_len;
	const struct trailer_conf *conf;	/* the configured key the token matches, or NULL */
};

struct trailer_iter {
	const char *msg;
	const struct trailer_opts *o;
	size_t pos, end;
	char *buf;		/* owned: unfolded values */
	size_t bufsize;
};

/* Iterate the items of block b of msg (b from trailer_block_find with the
 * same options; the message and options must outlive the iteration).  b
 * may be NULL: nothing to iterate until trailer_iter_reuse. */
void trailer_iter_init(struct trailer_iter *it, const char *msg, const struct trailer_block *b,
		       const struct trailer_opts *o);
/* Iterate another block with the same options, keeping the buffer (for
 * many messages in a row: no allocation once it has grown). */
void trailer_iter_reuse(struct trailer_iter *it, const char *msg, const struct trailer_block *b);
/* The next item: true with *item filled, false at the end of the block (or
 * when memory for a folded value cannot be had). */
bool trailer_iter_next(struct trailer_iter *it, struct trailer_item *item);
/* Free the iterator's buffer (the iterator can be initialised again). */
void trailer_iter_done(struct trailer_iter *it);

/* How `git interpret-trailers --parse` prints an item: token, then `sep`
 * followed by a space unless sep is 0, then the value and a newline. */
struct trailer_shown {
	const char *token;	/* the configured key when the token matches one that has
				   a key, else the token as written (borrowed) */
	size_t token_len;
	char sep;		/* separators[0], or 0 when the token ends in a separator */
};

/* Fill *out and return true when --parse prints the item; false when it
 * prints nothing for it (not a trailer, an empty printed token, or an empty
 * value under trim_empty). */
bool trailer_shown(const char *msg, const struct trailer_item *item,
		   const struct trailer_opts *o, struct trailer_shown *out);

#endif
