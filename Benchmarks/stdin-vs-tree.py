#!/usr/bin/env python3
"""Time `treereview --stdin --no-stat` against `tree --fromfile` on the same path list.

usage: Benchmarks/stdin-vs-tree.py [--bin PATH] [--runs N] [--sizes 50000,100000,200000] [PATHLIST]

PATHLIST is a file with one path per line (default: the first paths of a synthetic
monorepo of 300,000 files, built once under /tmp with ../shared/bench/make-monorepo).
Both tools read the list and print a tree to /dev/null; runs alternate between them.
For each size it prints the median wall time, median CPU time (user + system) and peak
memory of each tool, and treereview's share of tree's time. Needs Debian's `tree`.
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("--bin", default=os.path.join(here, "..", ".build", "release", "treereview"))
parser.add_argument("--runs", type=int, default=7)
parser.add_argument("--sizes", default="50000,100000,200000")
parser.add_argument("pathlist", nargs="?")
args = parser.parse_args()

def path_list():
    if args.pathlist:
        return open(args.pathlist, "rb").read().splitlines()
    repo = os.path.join(tempfile.gettempdir(), "treereview-bench-mono300k")
    if not os.path.isdir(repo):
        subprocess.run([sys.executable, os.path.join(here, "..", "..", "shared", "bench", "make-monorepo"),
                        repo, "--files", "300000"], check=True)
    out = subprocess.run(["git", "-C", repo, "ls-tree", "-r", "--name-only", "main"],
                         check=True, capture_output=True).stdout
    return out.splitlines()

def measure(command, input_path):
    with open(input_path, "rb") as stdin, open(os.devnull, "wb") as devnull:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=devnull)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{command[0]} failed with status {status}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss

paths = path_list()
print(f"{'paths':>8} {'tool':<11} {'wall ms':>8} {'cpu ms':>8} {'peak MiB':>9}")
for size in [int(s) for s in args.sizes.split(",")]:
    with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
        f.write(b"\n".join(paths[:size]) + b"\n")
        listing = f.name
    tools = {"treereview": [args.bin, "--stdin", "--no-stat", "--color=never"],
             "tree": ["tree", "--noreport", "--fromfile", listing]}
    results = {name: [] for name in tools}
    for _ in range(args.runs):
        for name, command in tools.items():
            results[name].append(measure(command, listing))
    medians = {}
    for name, runs in results.items():
        wall = statistics.median(r[0] for r in runs) * 1000
        cpu = statistics.median(r[1] for r in runs) * 1000
        peak = max(r[2] for r in runs) / 1024
        medians[name] = (wall, cpu)
        print(f"{size:>8} {name:<11} {wall:>8.1f} {cpu:>8.1f} {peak:>9.1f}")
    ratio_wall = medians["treereview"][0] / medians["tree"][0]
    ratio_cpu = medians["treereview"][1] / medians["tree"][1]
    print(f"{size:>8} {'ratio':<11} {ratio_wall:>8.2f} {ratio_cpu:>8.2f}   (treereview / tree; target <= 0.10)")
    os.unlink(listing)
