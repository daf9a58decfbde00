#!/bin/sh
# demo.sh - `make demo`: quill on the example series, in a scratch
# repository under a temporary directory, with no network.
#
# It imports series/ringbuf-resize (a small C project and a series that
# went through three versions), looks at it, then starts a series of its
# own and walks it: new, edit-cover, new-version twice, diff, format,
# trailer lint, bench add and bench check.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
QUILL_BUILD_DIR=${QUILL_BUILD_DIR:-$top}
PATH="$QUILL_BUILD_DIR:$PATH"
T=$(mktemp -d "${TMPDIR:-/tmp}/quill-demo.XXXXXX")
trap 'rm -rf "$T"' EXIT
export HOME="$T/home" LC_ALL=C TZ=UTC GIT_CONFIG_NOSYSTEM=1
unset GIT_DIR GIT_WORK_TREE
mkdir -p "$HOME"
git config --global user.name "Mira Castell"
git config --global user.email "mira@example.org"
git config --global init.defaultBranch main
git config --global advice.detachedHead false
clock=1765000000
tick() {
	clock=$((clock + 600))
	export GIT_AUTHOR_DATE="@$clock +0000" GIT_COMMITTER_DATE="@$clock +0000"
	export SOURCE_DATE_EPOCH=$clock
}

say() { printf '\n\033[1m## %s\033[m\n' "$*"; }
run() { # show the command as a shell would take it, then run it
	printf '$'
	for a in "$@"; do
		case "$a" in *[!A-Za-z0-9_./:=@+-]*) printf " '%s'" "$(printf '%s' "$a" | sed "s/'/'\\\\''/g")" ;;
		*) printf ' %s' "$a" ;; esac
	done
	printf '\n'
	"$@"
}

git init -q "$T/ringbuf"
cd "$T/ringbuf"
tick

say "An exported series: a ring buffer project and three versions of a series on it"
run quill series import "$top/series/ringbuf-resize"
# the import checked its branch out into the new repository: nothing to commit
if [ -n "$(git status --porcelain)" ]; then
	echo "demo: git status is not clean after the import" >&2
	exit 1
fi
run quill series list
run quill series show ringbuf-resize
say "What changed from v1 to v2 (patch-id pairing, then the least costly match)"
run quill series diff ringbuf-resize v1 v2
say "v3 was rebased onto a newer upstream: unchanged patches still pair as unchanged"
run quill series diff ringbuf-resize v2 v3 --summary
run git tag -l 'quill/*'

say "A series of our own: new"
run git checkout -q main
tick
run quill series new ringbuf-peek --base main --to "Tomas Weld <tomas@example.net>"
cat >>ringbuf.c <<'X'

size_t ringbuf_peek(const struct ringbuf *rb, void *buf, size_t len)
{
	unsigned char *p = buf;
	size_t n = 0;

	while (n < len && n < rb->count) {
		p[n] = rb->data[(rb->head + n) % rb->size];
		n++;
	}
	return n;
}
X
sed -i 's/^size_t ringbuf_get(/size_t ringbuf_peek(const struct ringbuf *rb, void *buf, size_t len);\nsize_t ringbuf_get(/' ringbuf.h
tick
run git commit -q -a -m "ringbuf: add ringbuf_peek()" -m "Read without consuming, for parsers that look ahead." -m "Signed-off-by: Mira Castell <mira@example.org>"
cat >>test.c <<'X'
/* ringbuf_peek() leaves the bytes in place */
X
tick
run git commit -q -a -m "test: note what ringbuf_peek() promises" -m "Signed-off-by: Mira Castell <mira@example.org>"

say "edit-cover (here with -m; without it, your editor opens)"
tick
run quill series edit-cover -m "ringbuf: look ahead without consuming

Parsers that read a ring buffer often need the next few bytes before
deciding what to do with them.  ringbuf_peek() copies them out without
moving the head."
say "new-version: freeze v1 (as if it had been sent), start v2"
tick
run quill series new-version --msgid "20251206-ringbuf-peek-v1-0-0a1b2c3d4e5f@example.org"
say "Review asked for a bounds fix; amend patch 1 and freeze v2"
git checkout -q HEAD~1
sed -i 's/while (n < len \&\& n < rb->count) {/while (n < len \&\& n < rb->count \&\& rb->size) {/' ringbuf.c
tick
git commit -q -a --amend --no-edit
git cherry-pick ringbuf-peek >/dev/null
git branch -f ringbuf-peek HEAD
git checkout -q ringbuf-peek
tick
run quill series new-version -m "ringbuf_peek(): do nothing on a zero-size buffer"
run quill series show
say "diff: v1 against v2"
run quill series diff v1 v2
say "format: v2 as mails (files named as git format-patch names them)"
tick
run quill series format --version 2 -o outgoing
run sed -n '1,40p' outgoing/0000-cover-letter.patch
say "trailer lint: v2's patches against the kernel's trailer rules (trailers.conf)"
run quill trailer lint --series ringbuf-peek --version 2
say "bench: timings for v3 (made elsewhere, one number a line), as a table for mail"
printf '%s\n' 41.2 40.8 41.5 41.0 40.9 41.3 >"$T/base.txt"
printf '%s\n' 33.1 32.8 33.4 33.0 32.9 33.2 >"$T/patched.txt"
run quill bench add peek "$T/base.txt" --role base --format samples --unit us
run quill bench add peek "$T/patched.txt" --role patched --format samples --unit us
tick
run quill series edit-cover -m "ringbuf: look ahead without consuming

Peeking at 4 KiB goes from 41.12 us to 33.07 us, about 20%
less:

{{bench peek}}"
say "bench check: the numbers the cover quotes, against the data"
run quill bench check
say "The tags are plain git: any git user can range-diff two versions"
run git log --oneline -3 quill/ringbuf-peek/v2
echo
echo "(demo repository: $T/ringbuf, removed on exit)"
