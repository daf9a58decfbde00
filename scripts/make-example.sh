#!/bin/sh
# make-example.sh - build the example series in series/ from scratch.
#
#   scripts/make-example.sh [QUILL] [OUTDIR]
#
# Makes a small C project (a ring buffer) in a scratch repository, then a
# series "ringbuf-resize" over three frozen versions and a working one,
# the way a contributor would: v1; v2 after review (one patch reworded,
# one fixed, one added); v3 rebased onto a newer upstream with the added
# patch dropped again.  Exports it with its upstream history to
# OUTDIR (default series/ringbuf-resize).  Dates and people are fixed (and
# invented), so the output only changes when quill's formats change.
set -eu

QUILL=${1:-$(pwd)/quill}
OUT=${2:-$(pwd)/series/ringbuf-resize}
case "$QUILL" in /*) ;; *) QUILL=$(pwd)/$QUILL ;; esac
case "$OUT" in /*) ;; *) OUT=$(pwd)/$OUT ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/quill-example.XXXXXX")
trap 'rm -rf "$T"' EXIT

export HOME="$T/home" LC_ALL=C TZ=UTC GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
git config --global init.defaultBranch main
git config --global user.name "Mira Castell"
git config --global user.email "mira@example.org"
clock=1764583200	# 2025-12-01 10:00 UTC
tick() {
	clock=$((clock + 3600))
	export GIT_AUTHOR_DATE="@$clock +0000" GIT_COMMITTER_DATE="@$clock +0000"
}
as() { # as "Name" email: the author and committer of what follows
	export GIT_AUTHOR_NAME="$1" GIT_AUTHOR_EMAIL="$2" GIT_COMMITTER_NAME="$1" GIT_COMMITTER_EMAIL="$2"
}
commit() { tick; git add -A; git commit -q -F -; }

git init -q "$T/ringbuf"
cd "$T/ringbuf"

# ---- upstream: the project as it stands ----
as "Tomas Weld" "tomas@example.net"
cat >ringbuf.h <<'X'
/* ringbuf.h - a fixed-size ring buffer of bytes. */
#ifndef RINGBUF_H
#define RINGBUF_H

#include <stddef.h>

struct ringbuf {
	unsigned char *data;
	size_t size;	/* capacity in bytes */
	size_t head;	/* next byte to read */
	size_t count;	/* bytes stored */
};

int ringbuf_init(struct ringbuf *rb, size_t size);
void ringbuf_free(struct ringbuf *rb);
size_t ringbuf_put(struct ringbuf *rb, const void *buf, size_t len);
size_t ringbuf_get(struct ringbuf *rb, void *buf, size_t len);

#endif
X
cat >ringbuf.c <<'X'
/* ringbuf.c - a fixed-size ring buffer of bytes. */
#include <stdlib.h>

#include "ringbuf.h"

int ringbuf_init(struct ringbuf *rb, size_t size)
{
	rb->data = malloc(size);
	rb->size = size;
	rb->head = rb->count = 0;
	return rb->data ? 0 : -1;
}

void ringbuf_free(struct ringbuf *rb)
{
	free(rb->data);
	rb->data = NULL;
}

size_t ringbuf_put(struct ringbuf *rb, const void *buf, size_t len)
{
	const unsigned char *p = buf;
	size_t n = 0;

	while (n < len && rb->count < rb->size) {
		rb->data[(rb->head + rb->count) % rb->size] = p[n++];
		rb->count++;
	}
	return n;
}

size_t ringbuf_get(struct ringbuf *rb, void *buf, size_t len)
{
	unsigned char *p = buf;
	size_t n = 0;

	while (n < len && rb->count) {
		p[n++] = rb->data[rb->head];
		rb->head = (rb->head + 1) % rb->size;
		rb->count--;
	}
	return n;
}
X
cat >Makefile <<'X'
CFLAGS = -O2 -Wall -Wextra
test: test.o ringbuf.o
	$(CC) -o $@ test.o ringbuf.o
check: test
	./test
X
commit <<'X'
ringbuf: initial import

A ring buffer of bytes with a fixed capacity.

Signed-off-by: Tomas Weld <tomas@example.net>
X
cat >test.c <<'X'
#include <assert.h>
#include <string.h>

#include "ringbuf.h"

int main(void)
{
	struct ringbuf rb;
	char out[8];

	assert(ringbuf_init(&rb, 4) == 0);
	assert(ringbuf_put(&rb, "abcdef", 6) == 4);
	assert(ringbuf_get(&rb, out, 8) == 4 && !memcmp(out, "abcd", 4));
	ringbuf_free(&rb);
	return 0;
}
X
commit <<'X'
test: check put and get

Signed-off-by: Tomas Weld <tomas@example.net>
X
git tag v1.0

# ---- v1 of the series ----
as "Mira Castell" "mira@example.org"
"$QUILL" series new ringbuf-resize --base v1.0 --to "Tomas Weld <tomas@example.net>" \
	--cc "ringbuf-devel@lists.example.org" --list ringbuf-devel >/dev/null
python3 - <<'X'
import re
s = open("ringbuf.h").read()
s = s.replace("size_t ringbuf_get(", "size_t ringbuf_capacity(const struct ringbuf *rb);\nsize_t ringbuf_get(")
open("ringbuf.h", "w").write(s)
c = open("ringbuf.c").read()
c += "\nsize_t ringbuf_capacity(const struct ringbuf *rb)\n{\n\treturn rb->size;\n}\n"
open("ringbuf.c", "w").write(c)
X
commit <<'X'
ringbuf: add ringbuf_capacity()

Callers that size their writes need to know how much the buffer holds
without reaching into the struct.

Signed-off-by: Mira Castell <mira@example.org>
X
python3 - <<'X'
s = open("ringbuf.h").read()
s = s.replace("size_t ringbuf_capacity(", "int ringbuf_resize(struct ringbuf *rb, size_t size);\nsize_t ringbuf_capacity(")
open("ringbuf.h", "w").write(s)
c = open("ringbuf.c").read()
c += '''
int ringbuf_resize(struct ringbuf *rb, size_t size)
{
	unsigned char *data = malloc(size);
	size_t n;

	if (!data)
		return -1;
	n = ringbuf_get(rb, data, size);
	free(rb->data);
	rb->data = data;
	rb->size = size;
	rb->head = 0;
	rb->count = n;
	return 0;
}
'''
open("ringbuf.c", "w").write(c)
X
commit <<'X'
ringbuf: add ringbuf_resize()

Grow or shrink the buffer in place, keeping the bytes stored in their
order.  Bytes beyond the new size are lost.

Signed-off-by: Mira Castell <mira@example.org>
X
python3 - <<'X'
t = open("test.c").read()
t = t.replace("\tringbuf_free(&rb);", '''\tassert(ringbuf_put(&rb, "xy", 2) == 2);
\tassert(ringbuf_resize(&rb, 8) == 0 && ringbuf_capacity(&rb) == 8);
\tassert(ringbuf_get(&rb, out, 8) == 2 && !memcmp(out, "xy", 2));
\tringbuf_free(&rb);''')
open("test.c", "w").write(t)
X
commit <<'X'
test: cover ringbuf_resize()

Signed-off-by: Mira Castell <mira@example.org>
X
"$QUILL" series edit-cover -F - >/dev/null <<'X'
ringbuf: let a buffer change its size

A ring buffer's capacity is fixed at ringbuf_init() today, so a caller
that outgrows it has to copy everything into a new buffer itself.  This
series adds ringbuf_resize(), which keeps the stored bytes in order, and
ringbuf_capacity() so callers can see the size without the struct.

Tested with "make check" on x86_64.
X
tick
"$QUILL" series new-version --msgid "20251201-ringbuf-resize-v1-0-5ac1d2e3f4a5@example.org" >/dev/null

# ---- v2: after review ----
# 1/3 reworded; 2/3 fixed (shrinking below the count dropped the wrong
# bytes' count); a new patch for the shrink case
first=$(git rev-list --reverse v1.0..HEAD | head -n 1)
git checkout -q "$first"
tick
git commit -q --amend -F - <<'X'
ringbuf: add ringbuf_capacity()

Callers that size their writes need to know how much the buffer can
hold, and should not reach into struct ringbuf for it.

Signed-off-by: Mira Castell <mira@example.org>
X
git cherry-pick "ringbuf-resize~1" >/dev/null
python3 - <<'X'
c = open("ringbuf.c").read()
c = c.replace("\tunsigned char *data = malloc(size);\n\tsize_t n;\n\n\tif (!data)",
              "\tunsigned char *data = malloc(size ? size : 1);\n\tsize_t n;\n\n\tif (!data)")
open("ringbuf.c", "w").write(c)
X
tick
git commit -q -a --amend --no-edit
git cherry-pick "ringbuf-resize" >/dev/null
python3 - <<'X'
t = open("test.c").read()
t = t.replace("\tringbuf_free(&rb);", '''\tassert(ringbuf_put(&rb, "12345", 5) == 5);
\tassert(ringbuf_resize(&rb, 3) == 0 && ringbuf_get(&rb, out, 8) == 3);
\tassert(!memcmp(out, "123", 3));
\tringbuf_free(&rb);''')
open("test.c", "w").write(t)
X
commit <<'X'
test: shrink a buffer below its contents

Reviewers asked what happens to the bytes that no longer fit.

Signed-off-by: Mira Castell <mira@example.org>
X
git branch -f ringbuf-resize HEAD
git checkout -q ringbuf-resize
tick
"$QUILL" series new-version -m "- reworded 1/4 after review
- ringbuf_resize(): allocate one byte for a zero size" \
	--msgid "20251202-ringbuf-resize-v2-0-6b2e3f4a5b6c@example.org" >/dev/null

# ---- upstream moves on; v3 is rebased onto it, the extra test dropped ----
as "Tomas Weld" "tomas@example.net"
git checkout -q -b upstream-next v1.0
python3 - <<'X'
s = open("ringbuf.h").read()
s = s.replace("int ringbuf_init(", "/* Returns 0, or -1 when out of memory. */\nint ringbuf_init(")
open("ringbuf.h", "w").write(s)
X
commit <<'X'
ringbuf.h: say what ringbuf_init() returns

Signed-off-by: Tomas Weld <tomas@example.net>
X
git tag v1.1
git checkout -q main && git merge -q --ff-only v1.1 && git branch -q -D upstream-next
as "Mira Castell" "mira@example.org"
git checkout -q ringbuf-resize
tick
git rebase -q --onto v1.1 v1.0 ringbuf-resize
# drop the shrink test again (it moved into 3/3's commit message)
GIT_SEQUENCE_EDITOR="sed -i '/shrink a buffer/s/^pick/drop/'" git rebase -q -i v1.1
"$QUILL" series edit --base v1.1 >/dev/null
tick
"$QUILL" series new-version -m "- rebased onto v1.1
- dropped the shrink test again: 2/3 says what a shrink keeps" >/dev/null

rm -rf "$OUT"
"$QUILL" series export ringbuf-resize "$OUT" --with-upstream >/dev/null
echo "wrote $OUT"
