#!/bin/sh
# check-layers.sh [ROOT] - the layering of lib/ (shared/DESIGN.md's table of
# parts): each folder lib/PART is one part, and its README names, on a line
# "may include: A, B", the parts its files may include.  Fails, one line per
# problem as FILE:LINE: why, when
#   - a lib file includes a quill header without its part ("x.h", not "mail/x.h"),
#     a header that is not there, or one of a part its README does not allow;
#   - a lib file reaches cmd/;
#   - the parts' allowances make a cycle (a part above including one below).
# Prints "layers: ok (N parts, M includes)" when all is well.
set -u
root=${1:-.}
cd "$root" || exit 2
bad=0
parts=$(for d in lib/*/; do basename "$d"; done)
allowed() {	# the parts PART may include, one a line
	sed -n 's/^may include: *//p' "lib/$1/README" 2>/dev/null | tr ',' '\n' |
		sed 's/^ *//; s/ *$//; /^nothing/d; /^$/d'
}
for p in $parts; do
	if ! grep -q '^may include:' "lib/$p/README" 2>/dev/null; then
		echo "lib/$p/README:1: no 'may include:' line (every part says what it may include)"
		bad=1
	fi
	for q in $(allowed "$p"); do
		[ -d "lib/$q" ] || { echo "lib/$p/README: may include '$q', which is no part"; bad=1; }
	done
done
# a cycle among the allowances: tsort fails on one
edges=$(for p in $parts; do for q in $(allowed "$p"); do echo "$q $p"; done; echo "$p $p"; done)
if ! printf '%s\n' "$edges" | tsort >/dev/null 2>/tmp/layers.$$; then
	echo "lib/*/README: the parts include each other in a cycle: $(tr '\n' ' ' </tmp/layers.$$)"
	bad=1
fi
rm -f /tmp/layers.$$
n=0
for f in lib/*/*.c lib/*/*.h; do
	[ -f "$f" ] || continue
	p=$(echo "$f" | cut -d/ -f2)
	ok=" $p $(allowed "$p" | tr '\n' ' ') "
	list=$(echo $ok | sed 's/ /, /g')
	out=$(awk -v file="$f" -v part="$p" -v ok="$ok" -v list="$list" '
		/^[ \t]*#[ \t]*include[ \t]*"/ {
			inc = $0
			sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
			n++
			if (inc ~ /(^|\/)cmd(\/|\.h$)/ || inc ~ /^\.\./) {
				printf "%s:%d: includes \"%s\": lib/ never reaches cmd/ or outside lib/\n", file, FNR, inc
				next
			}
			if (inc !~ /\//) {
				printf "%s:%d: includes \"%s\" without its part (write \"PART/%s\")\n", file, FNR, inc, inc
				next
			}
			q = inc; sub(/\/.*/, "", q)
			if (index(ok, " " q " ") == 0)
				printf "%s:%d: includes \"%s\": part %s may include only %s\n", file, FNR, inc, part, list
			else if ((getline junk < ("lib/" inc)) < 0)
				printf "%s:%d: includes \"%s\", which is not there\n", file, FNR, inc
		}
		END { printf "#count %d\n", n }' "$f")
	c=$(printf '%s\n' "$out" | sed -n 's/^#count //p')
	n=$((n + c))
	msgs=$(printf '%s\n' "$out" | grep -v '^#count ')
	if [ -n "$msgs" ]; then
		printf '%s\n' "$msgs"
		bad=1
	fi
done
[ "$bad" = 0 ] && echo "layers: ok ($(echo $parts | wc -w) parts, $n includes)"
exit $bad
