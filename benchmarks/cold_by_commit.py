#!/usr/bin/env python3
"""Cold builds of one corpus by several commits of Lanting, interleaved, to see what a
change costs (issue 27: "do not let this change cost more than 10% of cold build time").

Standard library only. Each commit is checked out with `git worktree add --detach` into
the work folder (removed at the end), compiled to bytecode as an installed copy is, and
run from its `src/` through PYTHONPATH. The
corpus is `../shared/bench/make_corpus.py --posts N` (flavor plain) with
`lanting.toml` = `title = "Bench"` plus `[search] enabled = false` unless `--search`.
Every run is cold: the output, the site's `.lanting/` and the user cache
(XDG_CACHE_HOME, where the compiled theme templates live) are removed first. Runs are
interleaved (run 1: every commit, run 2: every commit, ...) so that a drift of the
machine hits all alike.

Printed per commit: median wall time and median CPU time (user + sys of the build and
its workers). On a machine that other work shares, CPU time is the steadier of the two.

    python3 benchmarks/cold_by_commit.py f277732 dbfc862 HEAD --posts 1000 --runs 3

`--instructions` counts instead of timing: each commit makes one cold build in a single
process (`-j 1`, `PYTHONHASHSEED=0`) under `valgrind --tool=callgrind`, all commits at
once (each on its own copy of the corpus), and the instructions executed are printed.
The count is the same from run to run whatever else the machine does (a VM whose speed
swings by a third within the hour cannot show a change of a few percent in seconds),
but it is not time: a system call or a cache miss counts as little as an addition.
About fifty times slower than the build itself:

    python3 benchmarks/cold_by_commit.py 9cd35ee HEAD --posts 300 --search --instructions
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "bench" / "make_corpus.py"


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(REPO), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def _environment(src: Path, cache: Path) -> dict[str, str]:
    """The environment of a build by the Lanting in `src`: its modules are read from the
    bytecode `_compile` wrote, as from an installed copy (not compiled again per build)."""
    env = {**os.environ, "PYTHONPATH": str(src), "XDG_CACHE_HOME": str(cache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _compile(src: Path) -> None:
    """Bytecode for every module of the tree, as `pip install` writes for an installed
    copy: without it each build would compile Lanting from source (and a tree with
    `__pycache__` from earlier runs would be favoured over a fresh one)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(src)], check=True,
                   env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})


def _cold_build(src: Path, site: Path, work: Path) -> tuple[float, float]:
    """(wall, cpu) seconds of one cold build of `site` by the Lanting in `src`."""
    out, cache = work / "out", work / "xdg-cache"
    for folder in (out, site / ".lanting", cache):
        shutil.rmtree(folder, ignore_errors=True)
    env = _environment(src, cache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "lanting", "build", str(site), "-o", str(out)],
                            env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        raise SystemExit(f"build by {src} failed:\n{(result.stderr or result.stdout)[-600:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _instructions(trees: dict[str, Path], site: Path, work: Path) -> dict[str, int]:
    """Instructions of one cold single-process build by each tree, all run at once."""
    running = {}
    for number, (name, src) in enumerate(trees.items()):
        copy, out, cache = work / f"site-{number}", work / f"out-{number}", work / f"xdg-{number}"
        shutil.copytree(site, copy)
        cache.mkdir()
        env = {**_environment(src, cache), "PYTHONHASHSEED": "0"}
        running[name] = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
             sys.executable, "-m", "lanting", "build", str(copy), "-o", str(out), "-j", "1"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    counts = {}
    for name, process in running.items():
        stdout, stderr = process.communicate()
        found = re.search(r"Collected : (\d+)", stderr)
        if process.returncode != 0 or found is None:
            raise SystemExit(f"build by {name} failed:\n{(stderr or stdout)[-600:]}")
        counts[name] = int(found.group(1))
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="+", help="commits to compare (HEAD: the checkout)")
    parser.add_argument("--posts", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--search", action="store_true",
                        help="keep the search index on (default: off)")
    parser.add_argument("--corpus-script", type=Path, default=CORPUS)
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under valgrind instead of timing "
                             "(one single-process build per commit; --runs is ignored)")
    args = parser.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian: apt-get install valgrind)")
    work = Path(tempfile.mkdtemp(prefix="lanting-cold-by-commit-"))
    trees: dict[str, Path] = {}
    try:
        for commit in args.commits:
            sha = _git("rev-parse", "--short", commit)
            tree = work / f"tree-{sha}"
            _git("worktree", "add", "--detach", str(tree), sha)
            _compile(tree / "src")
            trees[f"{commit} ({sha})" if commit != sha else sha] = tree / "src"
        site = work / "site"
        subprocess.run([sys.executable, str(args.corpus_script), "--posts", str(args.posts),
                        "--out", str(site)], check=True, capture_output=True)
        (site / "lanting.toml").write_text(
            'title = "Bench"\n' + ("" if args.search else "\n[search]\nenabled = false\n"),
            encoding="utf-8")
        if args.instructions:
            counts = _instructions(trees, site, work)
            print(f"{args.posts} posts, search {'on' if args.search else 'off'}, one cold "
                  "build each, -j 1, under callgrind:")
            for name, count in counts.items():
                print(f"  {name:24s} {count / 1e9:8.3f} G instructions "
                      f"({count / next(iter(counts.values())):.3f}x)")
            return 0
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
        for run in range(1, args.runs + 1):
            for name, src in trees.items():
                wall, cpu = _cold_build(src, site, work)
                times[name].append((wall, cpu))
                print(f"run {run}  {name:24s} wall {wall:6.2f} s  cpu {cpu:6.2f} s", flush=True)
        print(f"\n{args.posts} posts, search {'on' if args.search else 'off'}, "
              f"{args.runs} cold runs each, medians:")
        first = None
        for name, runs in times.items():
            wall = statistics.median(w for w, _ in runs)
            cpu = statistics.median(c for _, c in runs)
            first = first or (wall, cpu)
            print(f"  {name:24s} wall {wall:6.2f} s ({wall / first[0]:.2f}x)  "
                  f"cpu {cpu:6.2f} s ({cpu / first[1]:.2f}x)")
    finally:
        for tree in trees.values():
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force",
                            str(tree.parent)], capture_output=True)
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
