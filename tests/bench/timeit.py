#!/usr/bin/env python3
"""timeit.py - time commands side by side, for the bench/ scripts.

    timeit.py RUNS LABEL -- CMD... [--- LABEL -- CMD...]...

Runs every command once to warm the caches, then RUNS rounds in which each
command runs once, in turn (so a change in the machine's load hits all of
them alike).  Output goes to /dev/null.  Prints one line per command:
LABEL, median wall time (ms) and median CPU time (user+system, ms),
tab-separated.  Exits 1 if a command fails.
"""
import os
import resource
import statistics
import subprocess
import sys
import time


def parse(argv):
    cmds, cur = [], None
    i = 0
    while i < len(argv):
        if cur is None:
            cur = [argv[i], []]
            if i + 1 >= len(argv) or argv[i + 1] != "--":
                sys.exit("timeit: LABEL -- CMD expected")
            i += 2
            continue
        if argv[i] == "---":
            cmds.append(cur)
            cur = None
        else:
            cur[1].append(argv[i])
        i += 1
    if cur:
        cmds.append(cur)
    return cmds


def run(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(os.devnull, "wb") as null:
        rc = subprocess.call(cmd, stdout=null, stderr=null)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if rc != 0:
        sys.exit("timeit: %s failed (exit %d)" % (" ".join(cmd), rc))
    return wall, cpu


def main():
    runs = int(sys.argv[1])
    cmds = parse(sys.argv[2:])
    for _, cmd in cmds:
        run(cmd)
    walls = [[] for _ in cmds]
    cpus = [[] for _ in cmds]
    for _ in range(runs):
        for k, (_, cmd) in enumerate(cmds):
            w, c = run(cmd)
            walls[k].append(w)
            cpus[k].append(c)
    for k, (label, _) in enumerate(cmds):
        print("%s\t%.1f\t%.1f" % (label, statistics.median(walls[k]) * 1000,
                                  statistics.median(cpus[k]) * 1000))


if __name__ == "__main__":
    main()
