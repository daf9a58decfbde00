# lib-mail.sh - building mailboxes for the tNNNN-mail-*.sh tests; source it
# after lib.sh (it sources lib-series.sh for quill_fails and jget).
#
#   mail_msg ID SUBJECT [IN-REPLY-TO [REFERENCES [MINUTES [FROM]]]]
#        one message on stdout, with its mbox "From " line: Message-ID <ID>
#        (none when ID is empty), In-Reply-To <IN-REPLY-TO>, References as
#        given (ids in <>), Date MINUTES after 2025-12-01 10:00 UTC, From
#        (default Ada Author).  MAIL_BODY, when set, is the body.
#   mail_patch N  a body with a small diff for file fN, for MAIL_BODY
#   mail_warnings FILE MAX   FILE has at most MAX lines, each a warning
#   mail_depths JSON    "msgid depth parent" per entry of a thread --json

. "$TEST_SRC/lib-series.sh"

mail_msg() {
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
	printf 'From: %s\n' "${6:-Ada Author <ada@example.org>}"
	printf 'Subject: %s\n' "$2"
	printf 'Date: %s\n' "$(date -u -d "@$((1764583200 + ${5:-0} * 60))" -R)"
	[ -z "$1" ] || printf 'Message-ID: <%s>\n' "$1"
	[ -z "${3:-}" ] || printf 'In-Reply-To: <%s>\n' "$3"
	[ -z "${4:-}" ] || printf 'References: %s\n' "$4"
	printf '\n%s\n\n' "${MAIL_BODY:-body of $1}"
}

mail_patch() {
	printf 'a change\n\nSigned-off-by: Ada Author <ada@example.org>\n---\n f%s | 1 +\n\n' "$1"
	printf 'diff --git a/f%s b/f%s\n--- a/f%s\n+++ b/f%s\n@@ -0,0 +1 @@\n+%s' "$1" "$1" "$1" "$1" "$1"
}

mail_warnings() {
	if [ "$(wc -l <"$1")" -gt "$2" ]; then
		echo "more than $2 lines on stderr:" >&2
		cat "$1" >&2
		return 1
	fi
	if grep -v '^quill: warning: ' "$1" >&2; then
		echo "^ not a warning" >&2
		return 1
	fi
	return 0
}

mail_depths() {
	python3 -c '
import json, sys
for m in json.load(open(sys.argv[1], encoding="utf-8"))["messages"]:
    print(m["msgid"], m["depth"], m["parent"] or "-")
' "$1"
}
