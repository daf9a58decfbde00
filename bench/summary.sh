#!/bin/sh
# bench/summary.sh FILE - print the table of `make bench`'s headline rows and
# targets that the bench scripts wrote to FILE (bench/lib.sh: bench_summary,
# bench_target).  Ratio: quill's wall time / the peer's (below 1: quill is
# faster).  RSS in MB.
set -eu
awk -F '\t' '
	function mb(k) { return (k == "-" || k == "") ? "-" : sprintf("%.1f", k / 1024) }
	function ms(v) { return (v == "-" || v == "") ? "-" : sprintf("%.1f", v) }
	$1 == "row" { rows[++nr] = $0 }
	$1 == "target" { tt[++nt] = $2; tv[nt] = $3 }
	END {
		# the workload and peer columns as wide as their longest entry
		ww = length("workload"); pw = length("peer")
		for (i = 1; i <= nr; i++) {
			split(rows[i], f, "\t")
			if (length(f[2]) > ww) ww = length(f[2])
			if (length(f[5]) > pw) pw = length(f[5])
		}
		fmt = "  %-" ww "s %9s %7s  %-" pw "s %9s %7s %7s\n"
		print "== summary (wall time in ms, peak RSS in MB; ratio = quill / peer)"
		printf fmt, "workload", "quill", "RSS", "peer", "peer", "RSS", "ratio"
		for (i = 1; i <= nr; i++) {
			split(rows[i], f, "\t")
			r = (f[6] == "-" || f[6] == "" || f[6] + 0 == 0 || f[3] == "-") ? "-" : sprintf("%.2fx", f[3] / f[6])
			printf fmt, f[2], ms(f[3]), mb(f[4]), f[5], ms(f[6]), mb(f[7]), r
		}
		pass = 0; nm = 0
		for (i = 1; i <= nt; i++) {
			if (tv[i] == "PASS") pass++
			else if (tv[i] == "MISS") nm++
		}
		print ""
		print "  targets:"
		for (i = 1; i <= nt; i++) printf "    %-4s %s\n", tv[i], tt[i]
		printf "  %d of %d targets hold", pass, nt
		if (nm) printf "; %d missed", nm
		if (nt - pass - nm) printf "; %d not measured", nt - pass - nm
		print ""
	}' "$1"
