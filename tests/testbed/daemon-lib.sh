# daemon-lib.sh - what the testbed's servers share (sourced by
# slow-proxy.sh and smtp-sink.sh): a server started in the background and
# waited for, found again by its pid file, and stopped.
#
# The sourcing script sets ME (its name, for messages) first.  A server is
# a Python script run with --dir DIR; it writes its port to DIR/port once
# it listens, and its pid to a file of DIR.
#
#   die MSG...                              "ME: MSG" on stderr, exit 1
#   is_live PID                             PID runs (and is not a zombie)
#   daemon_pid DIR PIDFILE SCRIPT           the pid in DIR/PIDFILE when it is
#                                           a live SCRIPT's, else fail
#   daemon_end PID                          TERM, up to 10 s, then KILL
#   daemon_launch DIR LOG WAIT WHAT CMD...  run CMD in the background (output
#                                           to DIR/LOG) and wait up to WAIT s
#                                           for DIR/port; a failure (also a
#                                           later one, until daemon_started)
#                                           ends it.  WHAT names it in errors
#   daemon_started                          it is up: no longer ended on exit
#   daemon_stop DIR PIDFILE SCRIPT          end it (when it runs); PIDFILE goes
#   daemon_status DIR PIDFILE SCRIPT FILE   print DIR/FILE while it runs

die() { printf '%s: %s\n' "$ME" "$*" >&2; exit 1; }

# kill -0 says yes to a zombie: the state in /proc/PID/stat is read instead
is_live() {
	local state
	state=$(sed -e 's/^.*) //' -e 's/ .*//' "/proc/$1/stat" 2>/dev/null) || return 1
	[ -n "$state" ] && [ "$state" != Z ]
}

daemon_pid() {
	local pid args
	pid=$(cat "$1/$2" 2>/dev/null) || return 1
	case $pid in '' | *[!0-9]*) return 1 ;; esac
	is_live "$pid" || return 1
	# a recycled pid is someone else's process
	args=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
	case $args in *"$3"*) ;; *) return 1 ;; esac
	echo "$pid"
}

daemon_end() {
	local i
	kill -TERM "$1" 2>/dev/null || return 0
	for i in $(seq 200); do
		is_live "$1" || return 0
		sleep 0.05
	done
	kill -KILL "$1" 2>/dev/null || :
}

daemon_launch() {
	local dir=$1 log=$2 wait=$3 what=$4 pid deadline
	shift 4
	"$@" </dev/null >>"$dir/$log" 2>&1 &
	pid=$!
	STARTING=$pid
	trap '[ -z "$STARTING" ] || daemon_end "$STARTING"' EXIT
	deadline=$(($(date +%s) + wait))
	while [ ! -s "$dir/port" ]; do
		is_live "$pid" || die "the $what did not start (see $dir/$log)"
		[ "$(date +%s)" -lt "$deadline" ] || die "the $what is not up after ${wait}s (see $dir/$log)"
		sleep 0.05
	done
}

daemon_started() {
	STARTING=
	trap - EXIT
}

daemon_stop() {
	local pid
	if pid=$(daemon_pid "$1" "$2" "$3"); then
		daemon_end "$pid"
	fi
	rm -f "$1/$2"
}

daemon_status() {
	daemon_pid "$1" "$2" "$3" >/dev/null || { echo "$ME: not running" >&2; return 1; }
	cat "$1/$4"
}
