# lib-send.sh - helpers for the t70NN-series-send-*.sh tests; source it
# after lib.sh and lib-series.sh.  The script is skipped when the SMTP sink
# (tests/testbed/smtp-sink.sh, aiosmtpd) cannot run here.
#
#   sink_start NAME [OPTS]   start a sink in $TRASH/NAME (stopped at exit);
#                            its port in $PORT
#   sink_stop NAME           stop it (its messages stay)
#   sink_count NAME          the number of messages it kept
#   sink_ids NAME            the Message-IDs it kept, one a line, in order
#   send_repo DIR N          series_repo DIR x N with To/Cc, a cover without
#                            placeholders and signed-off patches; the shell
#                            is in DIR afterwards
#   use_sink [NAME]          point the repository of the current directory
#                            at sink NAME (default: the one on $PORT)
#   signed_commit MSG FILE   change FILE and commit it, signed off
#   set_cover TEXT           the working cover (no placeholders left)
#   state_ref                the state commit of series x

SINK="$TEST_SRC/testbed/smtp-sink.sh"
"$SINK" check >/dev/null 2>&1 || skip_all "the SMTP sink cannot run (python3-aiosmtpd missing)"

SOURCE_DATE_EPOCH=1764590400	# 2025-12-01 12:00:00 UTC
export SOURCE_DATE_EPOCH
QUILL_SMTP_TIMEOUT_MS=20000
export QUILL_SMTP_TIMEOUT_MS

sinks_started=
sinks_stop_all() {
	for s in $sinks_started; do
		"$SINK" stop "$TRASH/$s" >/dev/null 2>&1
	done
	test_cleanup_trash
}
trap sinks_stop_all EXIT

sink_start() {
	_name=$1
	shift
	PORT=$("$SINK" start "$TRASH/$_name" "$@" 2>"$TRASH/$_name.err") || {
		cat "$TRASH/$_name.err" >&2
		return 1
	}
	sinks_started="$sinks_started $_name"
}

sink_stop() {
	"$SINK" stop "$TRASH/$1"
}

sink_count() {
	ls "$TRASH/$1/messages" 2>/dev/null | grep -c '\.eml$' || :
}

sink_ids() {
	for _f in "$TRASH/$1"/messages/*.eml; do
		[ -e "$_f" ] || continue
		awk 'tolower($0) ~ /^message-id:/ { sub(/^[^:]*: */, ""); gsub(/[<>]/, ""); print; exit }
		     /^$/ { exit }' "$_f"
	done
}

use_sink() {
	if [ -n "${1:-}" ]; then
		PORT=$(cat "$TRASH/$1/port") || return 1
	fi
	git config quill.smtpServer 127.0.0.1 &&
	git config quill.smtpServerPort "$PORT"
}

send_repo() {
	series_repo "$1" x 0 &&
	cd "$1" &&
	quill series edit --to "List <list@example.org>" --cc "Rev Iewer <rev@example.net>" >/dev/null &&
	printf 'zone: frob the zones\n\nThis series frobs every zone, one step a patch.\n' |
		quill series edit-cover -F - >/dev/null &&
	_i=1 &&
	while [ "$_i" -le "$2" ]; do
		printf 'line %s\n' "$_i" >"zone-$_i.c" &&
		git add "zone-$_i.c" &&
		test_tick &&
		git commit -q -m "zone: step $_i of the frob" -m "Body paragraph $_i." \
			-m "Signed-off-by: $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL>" || return 1
		_i=$((_i + 1))
	done
}

signed_commit() {
	printf '%s\n' "$1" >>"$2" &&
	git add "$2" &&
	test_tick &&
	git commit -q -m "$1" -m "Signed-off-by: $GIT_AUTHOR_NAME <$GIT_AUTHOR_EMAIL>"
}

set_cover() {
	printf 'zone: frob the zones\n\n%s\n' "$1" | quill series edit-cover -F - >/dev/null
}

state_ref() {
	git rev-parse refs/quill/series/x
}
