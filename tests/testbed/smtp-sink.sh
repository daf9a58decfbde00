#!/bin/bash
# smtp-sink.sh - an SMTP server on 127.0.0.1 for quill's tests: it keeps
# every message it is given as files, and misbehaves on request.
#
#   smtp-sink.sh start DIR [OPTIONS]   start it; prints the port
#   smtp-sink.sh stop DIR              stop it (DIR and the messages stay)
#   smtp-sink.sh status DIR            print the port, exit 0, while it runs
#
# Every message taken is kept as two files, named by a counter that goes on
# across restarts in the same DIR:
#   DIR/messages/NNNNNN.json   the envelope and the session: mail_from,
#                              rcpt_tos, mail_options, helo, auth_user, peer,
#                              tls, size, bare_lf (a LF without CR came: a
#                              client bug), dropped (--drop-after-data)
#   DIR/messages/NNNNNN.eml    the content as received, dot-unstuffed, with
#                              LF line ends
# Each is written to DIR/tmp and renamed, the .json first: once the .eml is
# there, both are complete.
#
# OPTIONS
#   --port N              listen on N (default: a free port)
#   --auth USER:PASS      AUTH PLAIN/LOGIN required (also without TLS);
#                         a wrong password is answered 535
#   --reject-rcpt REGEX   550 to every RCPT TO matching REGEX (Python re)
#   --fail-data N         451 to the Nth DATA (counted from 1 over the
#                         sink's life); that message is not kept
#   --drop-after-data N   the Nth DATA is read whole and kept (dropped:
#                         true), then the connection is closed with no
#                         answer: the sender cannot know whether it went
#   --delay-data SECS     wait SECS before answering the end of each DATA
#                         (the message is kept first), so that a test can
#                         kill the sender while it waits
#   --starttls            offer STARTTLS;  --smtps: TLS from the start.
#                         The certificate is self-signed for 127.0.0.1 and
#                         localhost: DIR/tls/cert.pem is its own CA
#   --timeout SECS        how long start waits for the server (default 30)
#
# Other files in DIR: port, url (smtp:// or smtps://127.0.0.1:PORT),
# sink.pid, sink.log (one line per AUTH, refusal and message), tls/.
#
# Needs /usr/bin/python3 with aiosmtpd (Debian: python3-aiosmtpd) and, for
# TLS, openssl.  /usr/bin/python3 is named on purpose: a python3 found
# first in PATH (a venv) would lack aiosmtpd.  A test skips when
# `smtp-sink.sh check` fails.
set -euo pipefail

ME=smtp-sink.sh
HERE=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3
SERVER=$HERE/smtp-sink.py

. "$HERE/daemon-lib.sh"

usage() {
	sed -n '2,44p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
}

# check: exit 0 when the sink can run here
can_run() {
	[ -x "$PY" ] && "$PY" -I -c 'import aiosmtpd.smtp' 2>/dev/null
}

self_signed() {
	command -v openssl >/dev/null 2>&1 || die "TLS needs openssl (apt-get install -y openssl)"
	mkdir -p "$1/tls"
	[ -s "$1/tls/cert.pem" ] && return 0
	openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj /CN=127.0.0.1 \
		-addext subjectAltName=IP:127.0.0.1,DNS:localhost \
		-keyout "$1/tls/key.pem" -out "$1/tls/cert.pem" >"$1/tls/openssl.log" 2>&1 ||
		die "openssl failed (see $1/tls/openssl.log)"
}

# greeted PORT: the server answers 220 on a plain connection
greeted() {
	local line=''
	exec 3<>"/dev/tcp/127.0.0.1/$1" || return 1
	read -r -t 10 line <&3 || :
	printf 'QUIT\r\n' >&3 || :
	read -r -t 10 _ <&3 || :
	exec 3<&- 3>&-
	case $line in 220*) return 0 ;; esac
	return 1
}

number() { # number OPTION VALUE [float]
	case $2 in
	'' | *[!0-9.]* | *.*.*) die "$1 wants a number, not '$2'" ;;
	esac
	[ -n "${3:-}" ] || case $2 in *.*) die "$1 wants a whole number, not '$2'" ;; esac
}

start() {
	[ $# -ge 1 ] || usage
	local dir=$1 tls='' wait=30 args=() port
	shift
	while [ $# -gt 0 ]; do
		case $1 in
		--port | --fail-data | --drop-after-data)
			[ $# -ge 2 ] || usage
			number "$1" "$2"
			args+=("$1" "$2"); shift 2 ;;
		--delay-data)
			[ $# -ge 2 ] || usage
			number "$1" "$2" float
			args+=("$1" "$2"); shift 2 ;;
		--auth)
			[ $# -ge 2 ] || usage
			case $2 in *:*) ;; *) die "--auth wants USER:PASS" ;; esac
			args+=("$1" "$2"); shift 2 ;;
		--reject-rcpt)
			[ $# -ge 2 ] || usage
			args+=("$1" "$2"); shift 2 ;;
		--starttls) tls=starttls; shift ;;
		--smtps) tls=smtps; shift ;;
		--timeout)
			[ $# -ge 2 ] || usage
			number "$1" "$2"
			wait=$2; shift 2 ;;
		*) usage ;;
		esac
	done
	can_run || die "$PY with aiosmtpd is needed (apt-get install -y python3-aiosmtpd)"
	mkdir -p -- "$dir"
	dir=$(cd -- "$dir" && pwd -P)
	! daemon_pid "$dir" sink.pid smtp-sink.py >/dev/null || die "a sink already runs in $dir"
	[ -z "$tls" ] || self_signed "$dir"
	rm -f "$dir/port" "$dir/url" "$dir/sink.pid"

	daemon_launch "$dir" sink.log "$wait" sink \
		"$PY" -I "$SERVER" --dir "$dir" --tls "$tls" ${args[@]+"${args[@]}"}
	port=$(cat "$dir/port")
	if [ "$tls" != smtps ]; then
		greeted "$port" || die "no SMTP greeting on port $port (see $dir/sink.log)"
	fi
	if [ "$tls" = smtps ]; then
		echo "smtps://127.0.0.1:$port" >"$dir/url"
	else
		echo "smtp://127.0.0.1:$port" >"$dir/url"
	fi
	daemon_started
	echo "$port"
}

stop() {
	[ $# -eq 1 ] || usage
	daemon_stop "$1" sink.pid smtp-sink.py
}

status() {
	[ $# -eq 1 ] || usage
	daemon_status "$1" sink.pid smtp-sink.py port
}

[ $# -ge 1 ] || usage
what=$1
shift
case $what in
start) start "$@" ;;
stop) stop "$@" ;;
status) status "$@" ;;
check) can_run ;;
*) usage ;;
esac
