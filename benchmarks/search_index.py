"""What search costs: index time and index size for the shared benchmark corpus.

    python benchmarks/search_index.py [--posts 1000] [--keep DIR]

Generates the corpus with ../shared/bench/make_corpus.py (plain flavor), builds it once
without search, indexes the rendered pages with Lanting's search stage alone, then builds
again with search on. Prints the stage's time, the index's size (and what a reader
downloads before the first result), and both build times.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MAKE_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "bench" / "make_corpus.py"
sys.path.insert(0, str(REPO / "src"))

from lanting.build import build  # noqa: E402
from lanting.build.options import BuildOptions  # noqa: E402
from lanting.config.load import load_config  # noqa: E402
from lanting.model.output import OutputFile  # noqa: E402
from lanting.output.search import build_search_index  # noqa: E402


def make_site(root: Path, posts: int) -> Path:
    site = root / "corpus"
    subprocess.run([sys.executable, str(MAKE_CORPUS), "--posts", str(posts), "--out", str(site),
                    "--flavor", "plain", "--force"], check=True, capture_output=True)
    return site


def configure(site: Path, search: bool) -> None:
    (site / "lanting.toml").write_text(
        f'title = "Benchmark"\n\n[search]\nenabled = {"true" if search else "false"}\n',
        encoding="utf-8")


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (Pagefind): unlike wall time,
    it does not grow when other work shares the machine."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def kib(n: int) -> str:
    return f"{n / 1024:,.0f} KiB" if n < 10 * 1024 * 1024 else f"{n / 1024 / 1024:,.1f} MiB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--posts", type=int, default=1000)
    parser.add_argument("--keep", type=Path, help="generate the corpus here and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="lanting-bench-") as scratch:
        root = args.keep or Path(scratch)
        root.mkdir(parents=True, exist_ok=True)
        site = make_site(root, args.posts)

        timings: dict[bool, float] = {}
        for search in (True, False):
            configure(site, search)
            out = root / ("on" if search else "off")
            # Full builds (no build cache, which would skip the unchanged site), the second
            # one warm: the math font and code palettes are made, the output exists.
            build(site, BuildOptions(output=out, cache=False))
            started = time.perf_counter()
            build(site, BuildOptions(output=out, cache=False))
            timings[search] = time.perf_counter() - started

        configure(site, search=True)
        config = load_config(site)
        html = [OutputFile(p.relative_to(root / "on").as_posix(), p.read_bytes())
                for p in sorted((root / "on").rglob("*.html"))]
        started, cpu = time.perf_counter(), cpu_seconds()
        index = build_search_index(html, config)
        index_time, index_cpu = time.perf_counter() - started, cpu_seconds() - cpu
        build_on, build_off = timings[True], timings[False]

    sizes: dict[str, int] = {}
    for f in index.files:
        rel = f.path.removeprefix("pagefind/")
        group = rel.split("/")[0] if "/" in rel else "library (js, wasm, meta)"
        sizes[group] = sizes.get(group, 0) + len(f.data)
    first_search = sum(len(f.data) for f in index.files if "/" not in f.path.removeprefix(
        "pagefind/") and not f.path.endswith("pagefind-worker.js"))
    total = sum(sizes.values())
    print(f"corpus: {args.posts} posts, {index.pages} pages indexed "
          f"({sum(len(f.data) for f in html) / 1024 / 1024:.1f} MiB of HTML in the site)")
    print(f"index time: {index_time:.2f} s wall, {index_cpu:.2f} s CPU (the search stage alone)")
    print(f"index size: {kib(total)} in {len(index.files)} files")
    for group, size in sorted(sizes.items()):
        count = sum(1 for f in index.files if f.path.removeprefix("pagefind/").startswith(group))
        print(f"  {group:<26} {kib(size):>10}" + (f"  ({count} files)" if "/" not in group
                                                    and "library" not in group else ""))
    print(f"first search downloads about {kib(first_search)} before index chunks and fragments")
    print(f"build (warm): {build_off:.2f} s without search, {build_on:.2f} s with "
          f"(+{build_on - build_off:.2f} s)")


if __name__ == "__main__":
    main()
