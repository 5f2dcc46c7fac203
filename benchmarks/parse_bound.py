#!/usr/bin/env python3
"""How fast would a cold build be if parsing Markdown cost nothing?

Answers whether replacing markdown-it-py with a compiled parser could reach the cold-build
target of issue 6. Generates the shared corpus, then alternates two kinds of cold build
(output and `.lanting/` removed, `lanting build` run in this process exactly as the command
runs it):

- `as is`: the build as it stands;
- `parse free`: every post's Markdown was parsed before the clock started, and the build's
  parser hands back a copy of those tokens (unpickling them: about what turning a
  compiled parser's events into tokens would cost).

Both kinds parse everything before the clock starts, so the process forking the workers
holds the same memory. Everything after parsing (math, highlighting, the rest of the
Markdown rendering, front matter, templates, minifying, the math font, writing) is done as
usual. Prints wall and CPU time (this process and its workers) of each run and the
medians; asserts nothing. The import of Lanting (the same in both) is not in the figures.

    python3 benchmarks/parse_bound.py --posts 1000 --runs 5
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import pickle
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
from serve_reload import CORPUS, make_site  # noqa: E402  (same corpus, same lanting.toml)


def _cpu() -> float:
    return sum(getattr(resource.getrusage(who), field)
               for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
               for field in ("ru_utime", "ru_stime"))


def parse_everything(site: Path) -> tuple[Any, dict[str, bytes]]:
    """The site's Markdown parser, and each post's body -> its pickled tokens and what
    parsing put into the environment."""
    from lanting.build.documents import document_settings
    from lanting.config.load import load_config
    from lanting.content.discover import discover
    from lanting.content.documents import render_context
    from lanting.content.frontmatter import parse
    from lanting.markdown.render import create_markdown

    discovery = discover(site, None)
    settings = document_settings(site, load_config(site), discovery, drafts=False)
    md = create_markdown(settings.options)
    parsed: dict[str, bytes] = {}
    for source in discovery.sources:
        document = parse(source)
        env = {"lanting": render_context(document, settings)}
        tokens = md.parse(document.body, env)
        parsed[document.body] = pickle.dumps(
            (tokens, {k: v for k, v in env.items() if k != "lanting"}))
    return md, parsed


def make_parsing_free(md: Any, parsed: dict[str, bytes]) -> None:
    def parse(text: str, env: dict[str, object]) -> list[object]:
        tokens, extra = pickle.loads(parsed[text])
        env.update(extra)
        return tokens

    # The parser is made once per option set and shared; workers are forked from here.
    md.parse = parse


def cold_build(site: Path, trash: Path) -> tuple[float, float]:
    from lanting.cli import main

    # Moved aside, deleted at the end: creating files is slow on this ext4 for a while
    # after thousands of deletions (as in compare.py).
    trash.mkdir(exist_ok=True)
    for made in (site / "public", site / ".lanting"):
        if made.exists():
            made.rename(trash / f"{made.name.lstrip('.')}-{time.monotonic_ns()}")
    time.sleep(1)
    cpu, start = _cpu(), time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):  # the build's summary line
        code = main(["build", str(site)])
    if code != 0:
        raise SystemExit("the build failed")
    return time.perf_counter() - start, _cpu() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5, help="cold builds of each kind")
    parser.add_argument("--work", type=Path, default=None)
    parser.add_argument("--corpus-script", type=Path, default=CORPUS)
    parser.add_argument("--search", action="store_true",
                        help="keep the search index on (default: off, as issue 6 measured)")
    parser.add_argument("--kind", choices=("as-is", "parse-free"), default=None,
                        help="(internal) run one build of this kind and print its figures")
    parser.add_argument("--site", type=Path, default=None, help="(internal)")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO / "src"))

    if args.kind:  # one build in a fresh process, as `lanting build` starts
        md, parsed = parse_everything(args.site)
        if args.kind == "parse-free":
            make_parsing_free(md, parsed)
        gc.freeze()  # as `lanting.cli.run` does
        gc.set_threshold(100_000, 50, 100)
        wall, cpu = cold_build(args.site, args.site.parent / "trash")
        print(f"{wall:.3f} {cpu:.3f}")
        return 0

    import subprocess

    work = args.work or Path(tempfile.mkdtemp(prefix="lanting-parse-bound-"))
    site = make_site(args.posts, work, args.corpus_script, args.search)
    figures: dict[str, list[tuple[float, float]]] = {"as-is": [], "parse-free": []}
    for run in range(1, args.runs + 1):
        for kind in figures:
            out = subprocess.run([sys.executable, __file__, "--kind", kind, "--site", str(site)],
                                 check=True, capture_output=True, text=True).stdout
            wall, cpu = map(float, out.split()[-2:])
            figures[kind].append((wall, cpu))
            print(f"run {run} {kind:10s} wall {wall:5.2f} s  CPU {cpu:5.2f} s", flush=True)
    print(f"\n{args.posts} posts, median of {args.runs} cold builds each (imports not included):")
    for kind, runs in figures.items():
        print(f"  {kind:10s} wall {statistics.median(w for w, _ in runs):5.2f} s  "
              f"CPU {statistics.median(c for _, c in runs):5.2f} s")
    shutil.rmtree(work / "trash", ignore_errors=True)
    if args.work is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
