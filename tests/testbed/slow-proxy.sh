#!/bin/bash
# slow-proxy.sh - a slow HTTP proxy on 127.0.0.1 in front of a server on
# 127.0.0.1 (lore-server.sh's public-inbox), for quill's load tests.
#
#   slow-proxy.sh start DIR URL [OPTIONS]   start it; prints its base URL
#   slow-proxy.sh stop DIR                  stop it (DIR and its log stay)
#   slow-proxy.sh status DIR                print the URL, exit 0, while it runs
#
# URL is the server's, http://127.0.0.1:PORT/ (what lore-server.sh start
# prints); the proxy's URL has the same paths.  Each request waits its
# turn: RATE a second go through, in the order they came; the answer is
# read whole from the server, then relayed.
#
# OPTIONS
#   --rate R            requests let through a second (default 1; may be
#                       a fraction or above 1)
#   --stall REGEX       a request whose path matches (Python re) gets the
#                       headers and half of the body, then nothing more
#                       until the client goes away
#   --stall-times N     only the first N such requests stall (default:
#                       every one)
#   --port N            listen on N (default: a free port)
#
# Files in DIR: port, url, pid, proxy.log (its own errors), log (one line
# per request: START END METHOD PATH STATUS BYTES INFLIGHT [stalled|gone],
# times in seconds since the start), max-inflight (the most requests ever
# open at once).
#
# Needs /usr/bin/python3 (the standard library only).
set -euo pipefail

ME=slow-proxy.sh
HERE=$(cd "$(dirname "$0")" && pwd)
PY=/usr/bin/python3

. "$HERE/daemon-lib.sh"

usage() { sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

start() {
	[ $# -ge 2 ] || usage
	local dir=$1 url=$2 args=() port
	shift 2
	case $url in
	http://127.0.0.1:[0-9]*) port=${url#http://127.0.0.1:}; port=${port%%/*} ;;
	*) die "the server must be http://127.0.0.1:PORT/, not '$url'" ;;
	esac
	while [ $# -gt 0 ]; do
		case $1 in
		--rate | --stall | --stall-times | --port)
			[ $# -ge 2 ] || usage
			args+=("$1" "$2"); shift 2 ;;
		*) usage ;;
		esac
	done
	[ -x "$PY" ] || die "$PY is needed"
	mkdir -p -- "$dir"
	dir=$(cd -- "$dir" && pwd -P)
	! daemon_pid "$dir" pid slow-proxy.py >/dev/null || die "a proxy already runs in $dir"
	rm -f "$dir/port" "$dir/url" "$dir/pid" "$dir/max-inflight"
	daemon_launch "$dir" proxy.log 30 proxy \
		"$PY" -I "$HERE/slow-proxy.py" --dir "$dir" --upstream "$port" ${args[@]+"${args[@]}"}
	echo "http://127.0.0.1:$(cat "$dir/port")/" >"$dir/url"
	daemon_started
	cat "$dir/url"
}

stop() {
	[ $# -eq 1 ] || usage
	daemon_stop "$1" pid slow-proxy.py
}

status() {
	[ $# -eq 1 ] || usage
	daemon_status "$1" pid slow-proxy.py url
}

[ $# -ge 1 ] || usage
what=$1
shift
case $what in
start) start "$@" ;;
stop) stop "$@" ;;
status) status "$@" ;;
*) usage ;;
esac
