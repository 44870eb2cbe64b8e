#!/usr/bin/env python3
"""Time `treereview --stdin --no-stat` against `tree --fromfile` on the same path list.

usage: Benchmarks/stdin-vs-tree.py [--bin PATH] [--runs N] [--sizes 50000,100000,200000]
                                   [--files N] [PATHLIST]

PATHLIST is a file with one path per line. Without it, the list is every path of the main
branch of a synthetic monorepo of --files files (default 300,000), in git's order, built
once with Benchmarks/make-monorepo under TMP/treereview-bench/mono-FILES (TMP is the
system's temporary directory). The first SIZE paths of the list are used for each size.

Both tools read the list and print a tree to /dev/null, treereview twice: flattened (its
default) and with --no-flatten; runs alternate between them, and so does who goes first.
For each size it prints the median wall time, median CPU time (user + system) and peak
memory of each tool, and treereview's share of tree's time. Needs Debian's `tree`.
Peak memory is wait4's ru_maxrss, which on Linux is at least this script's own resident
size at the fork (about 40 MiB): read small values with that in mind.
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--bin", default=os.path.join(HERE, "..", ".build", "release", "treereview"))
parser.add_argument("--runs", type=int, default=7)
parser.add_argument("--sizes", default="50000,100000,200000")
parser.add_argument("--files", type=int, default=300_000, help="size of the monorepo made when no PATHLIST is given")
parser.add_argument("pathlist", nargs="?")
args = parser.parse_args()


def path_list():
    if args.pathlist:
        with open(args.pathlist, "rb") as listing:
            return listing.read().splitlines()
    repo = os.path.join(tempfile.gettempdir(), "treereview-bench", f"mono-{args.files}")
    if not os.path.isdir(repo) or not os.listdir(repo):
        print(f"building {repo} with {args.files} files ...", file=sys.stderr)
        os.makedirs(os.path.dirname(repo), exist_ok=True)
        subprocess.run([sys.executable, os.path.join(HERE, "make-monorepo"), repo, "--files", str(args.files)],
                       check=True)
    out = subprocess.run(["git", "-C", repo, "ls-tree", "-r", "--name-only", "main"],
                         check=True, capture_output=True).stdout
    return out.splitlines()


def measure(command, input_path):
    with open(input_path, "rb") as stdin, open(os.devnull, "wb") as devnull:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=stdin, stdout=devnull)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{command[0]} failed with status {code}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


if not os.access(args.bin, os.X_OK):
    sys.exit(f"no treereview at {args.bin}: build it with `swift build -c release --static-swift-stdlib --product treereview` or pass --bin")
if shutil.which("tree") is None:
    sys.exit("`tree` is not installed (apt-get install tree)")
paths = path_list()
sizes = [int(s) for s in args.sizes.split(",")]
if max(sizes) > len(paths):
    sys.exit(f"the list has {len(paths)} paths, fewer than {max(sizes)}")
print(f"{'paths':>8} {'tool':<11} {'wall ms':>8} {'cpu ms':>8} {'peak MiB':>9}")
for size in sizes:
    with tempfile.NamedTemporaryFile("wb", suffix=".txt", delete=False) as f:
        f.write(b"\n".join(paths[:size]) + b"\n")
        listing = f.name
    tools = {"treereview": [args.bin, "--stdin", "--no-stat", "--color=never"],
             "--no-flatten": [args.bin, "--stdin", "--no-stat", "--color=never", "--no-flatten"],
             "tree": ["tree", "--noreport", "--fromfile", listing]}
    results = {name: [] for name in tools}
    for run in range(args.runs):
        order = list(tools.items())
        for name, command in (order if run % 2 == 0 else order[::-1]):
            results[name].append(measure(command, listing))
    medians = {}
    for name, runs in results.items():
        wall = statistics.median(r[0] for r in runs) * 1000
        cpu = statistics.median(r[1] for r in runs) * 1000
        peak = max(r[2] for r in runs) / 1024
        medians[name] = (wall, cpu)
        print(f"{size:>8} {name:<11} {wall:>8.1f} {cpu:>8.1f} {peak:>9.1f}")
    for name in ("treereview", "--no-flatten"):
        ratio_wall = medians[name][0] / medians["tree"][0]
        ratio_cpu = medians[name][1] / medians["tree"][1]
        print(f"{size:>8} {'ratio':<11} {ratio_wall:>8.2f} {ratio_cpu:>8.2f}   ({name} / tree; target <= 0.10)")
    os.unlink(listing)
