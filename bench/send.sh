#!/bin/sh
# bench/send.sh - sending a 30-patch series to an SMTP server on 127.0.0.1,
# beside git send-email of the same mails to the same server.
#
# The server is tests/testbed/smtp-sink.sh (aiosmtpd; every message stored
# as a file), started once.  Both tools read the same sendemail.smtpServer
# and sendemail.smtpServerPort and send each of the 31 mails (cover + 30
# patches) to one list address:
#   git send-email --confirm=never --suppress-cc=all --to LIST DIR/*.patch
#                                  the files `quill series format -o DIR` wrote
#   quill series send              formats, checks, sends, records every mail
#                                  in the series state and freezes v1
# Before each quill run the series state is reset (untimed) so every run
# sends v1 anew.  Median of SEND_RUNS runs (default 5); the ratio is
# git send-email / quill.  No target: the ratio is reported.  A missing
# tool (aiosmtpd, git send-email) is a skipped row.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
QUILL=${QUILL:-$here/../quill}
RUNS=${SEND_RUNS:-5}
. "$here/lib.sh"
sink=$here/../tests/testbed/smtp-sink.sh

echo "series send: a 30-patch series (31 mails) to an SMTP server on 127.0.0.1; median of $RUNS"
if ! /usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null; then
	echo "  skipped (python3-aiosmtpd is not installed)"
	exit 0
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/quill-bench-send.XXXXXX")
cleanup() { "$sink" stop "$T/smtp" >/dev/null 2>&1 || :; [ -n "${BENCH_KEEP:-}" ] || rm -rf "$T"; }
trap cleanup EXIT
trap 'exit 130' INT TERM HUP PIPE
export LC_ALL=C TZ=UTC GIT_CONFIG_NOSYSTEM=1 HOME="$T/home" XDG_CACHE_HOME="$T/cache"
mkdir -p "$HOME"
git config --global user.name "Mira Castell"
git config --global user.email mira@example.org
git config --global init.defaultBranch main
port=$("$sink" start "$T/smtp")
git config --global sendemail.smtpServer 127.0.0.1
git config --global sendemail.smtpServerPort "$port"

git init -q "$T/repo"
cd "$T/repo"
export GIT_AUTHOR_DATE="@1765000000 +0000" GIT_COMMITTER_DATE="@1765000000 +0000"
echo base >README
git add README
git commit -qm "base"
"$QUILL" series new bench --to "Ring List <ring@example.org>" >/dev/null
i=1
while [ $i -le 30 ]; do
	seq 1 40 | sed "s/^/line $i: /" >"file$i.c"
	git add "file$i.c"
	git commit -qm "ring: add file$i

Add the file with its forty lines, as patch $i of the series.

Signed-off-by: Mira Castell <mira@example.org>"
	i=$((i + 1))
done
"$QUILL" series edit-cover -m "ring: thirty files

The files, one a patch." >/dev/null
"$QUILL" series format -o "$T/out" >/dev/null
state=$(git rev-parse refs/quill/series/bench)
reset="git -C '$T/repo' update-ref refs/quill/series/bench $state; git -C '$T/repo' tag -d quill/bench/v1"

q=$(bench_median "$RUNS" --before "$reset" -- "$QUILL" series send --force bench)
if git send-email -h 2>&1 | grep -q -- '--confirm'; then
	g=$(bench_median "$RUNS" -- git send-email --confirm=never --suppress-cc=all --quiet \
		--to "Ring List <ring@example.org>" "$T"/out/*.patch)
	bench_row "git send-email (31 mails)" "$g" "$g"
	bench_row "quill series send (31 mails)" "$q" "$g"
	echo "  git send-email / quill: $(ratio "$g" "$q")x (no target)"
else
	bench_row "quill series send (31 mails)" "$q" "$q"
	echo "  git send-email: skipped (git-email is not installed)"
fi
n=$(ls "$T/smtp/messages" | grep -c '\.eml$' || :)
echo "  mails the server stored: $n"
# the summary table (bench/lib.sh): these figures, peak RSS of one run each
g_kb=-
[ -z "${g:-}" ] || g_kb=$(bench_rss git send-email --confirm=never --suppress-cc=all --quiet \
	--to "Ring List <ring@example.org>" "$T"/out/*.patch)
eval "$reset" >/dev/null 2>&1 || :
bench_summary "series send, 31 mails over SMTP" "$q" "$(bench_rss "$QUILL" series send --force bench)" \
	"git send-email" "${g:--}" "$g_kb"
