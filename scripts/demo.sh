#!/bin/sh
# demo.sh - `make demo`: quill on the example series, in a scratch
# repository under a temporary directory, with no network but 127.0.0.1
# (the review's public-inbox, when public-inbox-httpd is installed).
#
# It imports series/ringbuf-resize (a small C project and a series that
# went through three versions), looks at it, then starts a series of its
# own and walks it: new, edit-cover, new-version, the review of v1 pulled
# back from the list (a local public-inbox when public-inbox-httpd is
# installed, else an mbox), review show/resolve, new-version, diff,
# format, trailer lint, bench add, bench check and series report.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
QUILL_BUILD_DIR=${QUILL_BUILD_DIR:-$top}
PATH="$QUILL_BUILD_DIR:$PATH"
T=$(mktemp -d "${TMPDIR:-/tmp}/quill-demo.XXXXXX")
lore=
sink=
cleanup() {
	[ -z "$lore" ] || "$top/tests/testbed/lore-server.sh" stop "$lore" >/dev/null 2>&1 || :
	[ -z "$sink" ] || "$top/tests/testbed/smtp-sink.sh" stop "$sink" >/dev/null 2>&1 || :
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM
export HOME="$T/home" LC_ALL=C TZ=UTC GIT_CONFIG_NOSYSTEM=1
# the identity is the demo's own, whatever the caller's environment says
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME \
	GIT_COMMITTER_EMAIL EMAIL GIT_CONFIG_GLOBAL XDG_CONFIG_HOME
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
run git commit -q -a -m "ringbuf: add ringbuf_peek()" -m "Read without consuming, for parsers that look ahead." -m "Suggested-by: Oren Vasko <oren@example.com>
Signed-off-by: Mira Castell <mira@example.org>"
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
tick
if "$top/tests/testbed/smtp-sink.sh" check >/dev/null 2>&1; then
	# a real SMTP server on 127.0.0.1 stands in for the list's
	sink=$T/smtp
	port=$("$top/tests/testbed/smtp-sink.sh" start "$sink")
	git config quill.smtpServer 127.0.0.1
	git config quill.smtpServerPort "$port"
	say "send: who gets which mail, then v1 to the list (an SMTP server on 127.0.0.1); v1 is frozen, v2 begun"
	run quill series send --dry-run
	run quill series send
else
	say "send: v1 into an mbox (no SMTP server here: python3-aiosmtpd is not installed), then frozen by hand"
	run quill series send --to-mbox "$T/sent.mbox"
	run quill series new-version --msgid "$(sed -n 's/^Message-ID: <\(.*\)>$/\1/p' "$T/sent.mbox" | head -n 1)"
fi
say "v1 went to the list; the replies, as the list's archive has them"
# the posted v1 (format gives it the Message-IDs its send recorded) and
# four replies, in one mbox
tick
quill series format --version 1 --stdout >"$T/list.mbox"
reply() { # reply FROM MSGID IN-REPLY-TO REFERENCES DATE SUBJECT < BODY
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
	printf 'From: %s\nDate: %s\nSubject: %s\nMessage-ID: <%s>\n' "$1" "$5" "$6" "$2"
	printf 'In-Reply-To: <%s>\nReferences: %s\nTo: Mira Castell <mira@example.org>\n\n' "$3" "$4"
	cat
	printf '\n'
}
# mid N: the Message-ID v1's mail N went out with (0: the cover)
mid() { sed -n 's/^Message-ID: <\(.*\)>$/\1/p' "$T/list.mbox" | sed -n "$(($1 + 1))p"; }
reply "Tomas Weld <tomas@example.net>" tw-1@example.net "$(mid 2)" "<$(mid 0)> <$(mid 2)>" \
	"Mon, 08 Dec 2025 09:12:00 +0000" "Re: [PATCH 2/2] test: note what ringbuf_peek() promises" \
	>>"$T/list.mbox" <<'X'
On Sat, Dec 06, 2025 at 06:56:41AM +0000, Mira Castell wrote:
> +/* ringbuf_peek() leaves the bytes in place */

Reviewed-by: Tomas Weld <tomas@example.net>
X
reply "Oren Vasko <oren@example.com>" ov-1@example.com "$(mid 1)" "<$(mid 0)> <$(mid 1)>" \
	"Mon, 08 Dec 2025 10:40:00 +0000" "Re: [PATCH 1/2] ringbuf: add ringbuf_peek()" \
	>>"$T/list.mbox" <<'X'
On Sat, Dec 06, 2025 at 06:56:41AM +0000, Mira Castell wrote:
> Suggested-by: Oren Vasko <oren@example.com>

Thanks, but I did not suggest this: please drop my Suggested-by.
X
reply "Dalia Ferro <dalia@example.org>" df-1@example.org "$(mid 0)" "<$(mid 0)>" \
	"Mon, 08 Dec 2025 11:05:00 +0000" "Re: [PATCH 0/2] ringbuf: look ahead without consuming" \
	>>"$T/list.mbox" <<'X'
On Sat, Dec 06, 2025 at 06:56:40AM +0000, Mira Castell wrote:
> Parsers that read a ring buffer often need the next few bytes before
> deciding what to do with them.

What's the object file size change?
X
reply "Mira Castell <mira@example.org>" mc-1@example.org df-1@example.org "<$(mid 0)> <df-1@example.org>" \
	"Mon, 08 Dec 2025 14:30:00 +0000" "Re: [PATCH 0/2] ringbuf: look ahead without consuming" \
	>>"$T/list.mbox" <<'X'
On Mon, Dec 08, 2025 at 11:05:00AM +0000, Dalia Ferro wrote:
> What's the object file size change?

ringbuf.o, before and after:

text: 1184 bytes
text: 1296 bytes

I will incorporate these findings into the V2 description.
X
if command -v public-inbox-httpd >/dev/null 2>&1; then
	# a real public-inbox on 127.0.0.1, as lore.kernel.org serves it
	lore=$T/lore
	url=$("$top/tests/testbed/lore-server.sh" start "$T/list.mbox" "$lore" \
		--name ringbuf-devel --address ringbuf-devel@lists.example.org)
	source=lore:${url}all
else
	source=mbox:$T/list.mbox
fi
say "review pull: the replies threaded onto v1's cover and patches"
run quill review pull --source "$source"
run quill review show
say "The review beside the patch, as git notes"
run git log --notes=quill -1
say "trailer lint knows what was said on the list: the declined Suggested-by is an error"
rc=0
run quill trailer lint --series ringbuf-peek || rc=$?
if [ "$rc" != 1 ]; then
	echo "demo: trailer lint --series exited $rc, not 1 (the declined Suggested-by)" >&2
	exit 1
fi
echo "(exit status $rc: an error is left)"

say "The review asked for a bounds fix and no Suggested-by; amend patch 1, add the Reviewed-by"
git checkout -q HEAD~1
sed -i 's/while (n < len \&\& n < rb->count) {/while (n < len \&\& n < rb->count \&\& rb->size) {/' ringbuf.c
tick
git commit -q -a --amend -m "$(git log -1 --format=%B | sed '/^Suggested-by: Oren Vasko/d')"
git cherry-pick ringbuf-peek >/dev/null
tick
git commit -q --amend -m "$(git log -1 --format=%B | git interpret-trailers --trailer 'Reviewed-by: Tomas Weld <tomas@example.net>')"
git branch -f ringbuf-peek HEAD
git checkout -q ringbuf-peek
# the ids of the items, by kind (they are stable: a hash of the reply)
item() {
	quill review show --json | python3 -c '
import json, sys
print(next(i["id"] for i in json.load(sys.stdin)["items"] if i["kind"] == sys.argv[1]))' "$1"
}
tick
run quill review resolve "$(item trailer-objection)" -m "dropped in v2"
run quill review resolve "$(item trailer)"
run quill review resolve "$(item question)" -m "answered on the list"
say "new-version: what is still open on v1 is listed, what was resolved goes to the changelog"
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
say "report: the whole series on one static page (versions, range-diffs, review, trailers, plots)"
run quill series report -o "$T/report"
# QUILL_DEMO_OUT=DIR keeps the page (tests/t4610 screenshots it for the README)
if [ -n "${QUILL_DEMO_OUT:-}" ]; then
	mkdir -p "$QUILL_DEMO_OUT"
	cp "$T/report/ringbuf-peek.html" "$QUILL_DEMO_OUT/"
fi
say "The tags are plain git: any git user can range-diff two versions"
run git log --oneline -3 quill/ringbuf-peek/v2
echo
echo "(demo repository: $T/ringbuf, removed on exit)"
