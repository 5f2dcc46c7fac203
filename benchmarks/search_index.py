#!/usr/bin/env python3
"""What search costs: build time with search on and off, and the size of Lanting's index.

    python3 benchmarks/search_index.py [--posts 1000] [--runs 3] [--lanting-src PATH]
                                       [--rich] [--query "显存 FSDP" ...] [--keep DIR]

Generates the shared corpus (../shared/bench/make_corpus.py, plain flavor; --rich for the
rich one) twice, once with the default configuration (search on) and once with
`[search] enabled = false`, and builds both alternately with `python -m lanting build`
(Lanting from --lanting-src, default this repository's src/, through PYTHONPATH): per run
a cold build (output, `.lanting/` and the user cache removed: XDG_CACHE_HOME is a new
empty folder) and a one-post edit. Prints the median wall and CPU times of each, the
difference search makes, and the index Lanting wrote (`search-index/`):

- its total size and number of files, by part (meta.json, the shards' docs.json, the
  term files, the pages' text files), raw and gzip-compressed (as a server sends JSON);
- what a reader downloads for a typical two-term query before the first result:
  meta.json, then in every shard its docs.json and the term file of each term's bucket
  (the files search-index.js fetches), and then the text files of the first 12 matching
  pages (the results list checks and shows 12 at a time).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MAKE_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "bench" / "make_corpus.py"
INDEX = "search-index"
WINDOW = 12
"""Results whose text the results list loads at a time (search.js)."""
QUERIES = ("显存 FSDP", "通信 NCCL", "奖励 PPO", "调度 kubernetes", "延迟 vllm")
"""Typical two-term queries over the corpus's vocabulary: a CJK word (one pair) and a
Latin word."""

# The query side of search-index.js (queryTerms): NFKC, lower case; a run of CJK gives its
# pairs of neighbours (a single character is a prefix); any other word is one term, also
# matching the longer words it begins when it has two characters or more.
_CJK = ("\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
        "\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f")
_TERMS = re.compile(f"([{_CJK}]+)|([^\\W_{_CJK}]+)")


def query_terms(query: str) -> list[tuple[str, bool]]:
    """(term, prefix?) for each term of `query` (no quoted phrases)."""
    out: list[tuple[str, bool]] = []
    for cjk, word in _TERMS.findall(unicodedata.normalize("NFKC", query).lower()):
        if cjk:
            if len(cjk) == 1:
                out.append((cjk, True))
            out += [(cjk[i:i + 2], False) for i in range(len(cjk) - 1)]
        else:
            out.append((word, len(word) >= 2))
    return list(dict.fromkeys(out))


def lanting_env(src: Path, work: Path, xdg: Path) -> dict[str, str]:
    env = dict(os.environ)
    old = env.get("PYTHONPATH")
    env["PYTHONPATH"] = str(src) + (os.pathsep + old if old else "")
    # Compiled modules go here (written by the warm-up build, read by every later one),
    # as an installed copy has them, without writing into the source tree.
    env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["XDG_CACHE_HOME"] = str(xdg)
    return env


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


class Site:
    """One copy of the corpus, built with search on or off."""

    def __init__(self, root: Path, search: bool, args: argparse.Namespace) -> None:
        self.search, self.args = search, args
        self.path = root / ("search-on" if search else "search-off")
        self.out = root / (self.path.name + "-out")
        self.xdg = root / (self.path.name + "-xdg-cache")
        cmd = [sys.executable, str(args.corpus_script), "--posts", str(args.posts), "--out",
               str(self.path), "--flavor", "plain", "--seed", str(args.seed), "--force"]
        subprocess.run(cmd + (["--rich"] if args.rich else []), check=True,
                       capture_output=True)
        config = 'title = "Bench"\n' + ("" if search else "\n[search]\nenabled = false\n")
        (self.path / "lanting.toml").write_text(config, encoding="utf-8")
        posts = sorted((self.path / "content" / "posts").glob("*.md"))
        self.victim = posts[len(posts) // 2]

    def build(self, work: Path, cold: bool) -> tuple[float, float]:
        """(wall, CPU) of one build; a cold one starts with no output and no caches."""
        if cold:
            for p in (self.out, self.path / ".lanting", self.xdg):
                shutil.rmtree(p, ignore_errors=True)
            self.xdg.mkdir(parents=True)
        cmd = [sys.executable, "-m", "lanting", "build", str(self.path), "-o", str(self.out)]
        cpu0, t0 = children_cpu(), time.perf_counter()
        r = subprocess.run(cmd, capture_output=True, text=True,
                           env=lanting_env(self.args.lanting_src, work, self.xdg))
        wall, cpu = time.perf_counter() - t0, children_cpu() - cpu0
        if r.returncode != 0:
            sys.exit(f"error: `{' '.join(cmd)}` failed:\n{(r.stderr or r.stdout)[-2000:]}")
        return wall, cpu

    def edit_build(self, work: Path, run: int) -> tuple[float, float]:
        original = self.victim.read_bytes()
        try:
            with open(self.victim, "a", encoding="utf-8", newline="\n") as f:
                f.write(f"\n补充说明（search-bench-{run}）：这一句是为了测量修改后的重建时间。\n")
            return self.build(work, cold=False)
        finally:
            self.victim.write_bytes(original)


def size(n: int) -> str:
    return f"{n / 1024:,.1f} KiB" if n < 10 * 1024 * 1024 else f"{n / 1024 / 1024:,.1f} MiB"


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 6))


def index_parts(index: Path) -> dict[str, list[Path]]:
    parts: dict[str, list[Path]] = {"meta.json": [], "docs.json (per shard)": [],
                                    "term files": [], "text files": [], "other": []}
    for p in sorted(index.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(index).as_posix()
        if rel == "meta.json":
            parts["meta.json"].append(p)
        elif rel.startswith("text/"):
            parts["text files"].append(p)
        elif rel.endswith("/docs.json"):
            parts["docs.json (per shard)"].append(p)
        elif re.fullmatch(r"\d+/\d+\.json", rel):
            parts["term files"].append(p)
        else:
            parts["other"].append(p)
    return parts


def query_download(index: Path, meta: dict, query: str, bucket) -> dict[str, object]:
    """The files search-index.js fetches for `query` before showing results, and the
    pages that match."""
    terms = query_terms(query)
    fetched = [index / "meta.json"]
    matches: list[str] = []
    for shard, (_, files) in enumerate(meta["shards"]):
        docs_path = index / str(shard) / "docs.json"
        rows = json.loads(docs_path.read_bytes())["docs"]
        fetched.append(docs_path)
        found: list[set[int]] = []
        for term, prefix in terms:
            path = index / str(shard) / f"{bucket(term) * files // 256}.json"
            if path not in fetched:
                fetched.append(path)
            data = json.loads(path.read_bytes())
            pages = set()
            for page, strings in zip(data["d"], data["t"], strict=True):
                for entry in strings.split(" "):
                    word = entry.rsplit(":", 1)[0] if ":" in entry else entry
                    if word == term or (prefix and word.startswith(term)):
                        pages.add(page)
                        break
            found.append(pages)
        hits = set.intersection(*found) if found else set()
        matches += [rows[p][8] for p in sorted(hits)]
    texts = [index / "text" / f"{name}.json" for name in matches[:WINDOW]]
    raw = sum(p.stat().st_size for p in fetched)
    zipped = sum(gz(p.read_bytes()) for p in fetched)
    return {"query": query, "terms": [t for t, _ in terms], "files": len(fetched), "raw": raw,
            "gzip": zipped, "matches": len(matches),
            "text_raw": sum(p.stat().st_size for p in texts),
            "text_gzip": sum(gz(p.read_bytes()) for p in texts)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--posts", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=3, help="cold + one-edit builds per setting")
    ap.add_argument("--lanting-src", type=Path, default=REPO / "src",
                    help="the Lanting source tree to run (default: this repository's src/)")
    ap.add_argument("--rich", action="store_true", help="the corpus of make_corpus.py --rich")
    ap.add_argument("--query", action="append", dest="queries",
                    help="a query to measure the download of (repeatable; default: "
                         + ", ".join(QUERIES) + ")")
    ap.add_argument("--corpus-script", type=Path, default=MAKE_CORPUS)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--keep", type=Path, help="generate the corpus and outputs here, keep them")
    args = ap.parse_args()
    args.lanting_src = args.lanting_src.resolve()
    if not (args.lanting_src / "lanting" / "__init__.py").is_file():
        ap.error(f"--lanting-src {args.lanting_src} has no lanting/__init__.py")
    sys.path.insert(0, str(args.lanting_src))
    try:
        from lanting.render.search_record import BUCKETS, bucket  # noqa: PLC0415
    except ImportError:
        sys.exit(f"error: the Lanting in {args.lanting_src} has no own search index "
                 "(lanting.render.search_record); this script measures search-index/")
    if BUCKETS != 256:
        sys.exit(f"error: the index has {BUCKETS} buckets; this script assumes 256")
    if os.getloadavg()[0] > 0.5:
        print(f"warning: load average {os.getloadavg()[0]:.2f}: timings will be noisy",
              file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="lanting-search-bench-") as scratch:
        root = (args.keep or Path(scratch)).resolve()
        root.mkdir(parents=True, exist_ok=True)
        sites = {True: Site(root, True, args), False: Site(root, False, args)}
        for site in sites.values():  # warm-up: compiles Lanting's modules (not timed)
            site.build(root, cold=True)
        times: dict[tuple[bool, str], list[tuple[float, float]]] = {}
        for run in range(1, args.runs + 1):
            for search, site in sites.items():
                times.setdefault((search, "cold"), []).append(site.build(root, cold=True))
                times.setdefault((search, "one-edit"), []).append(site.edit_build(root, run))
        report(args, sites[True].out / INDEX, times, bucket)


def report(args: argparse.Namespace, index: Path, times, bucket) -> None:
    corpus = "rich" if args.rich else "plain"
    print(f"corpus: {args.posts} posts ({corpus}); Lanting from {args.lanting_src}; "
          f"median of {args.runs} run(s)")
    for case in ("cold", "one-edit"):
        on = [statistics.median(x) for x in zip(*times[(True, case)], strict=True)]
        off = [statistics.median(x) for x in zip(*times[(False, case)], strict=True)]
        print(f"{case:8s} search off {off[0]:6.2f} s wall {off[1]:6.2f} s CPU | "
              f"search on {on[0]:6.2f} s wall {on[1]:6.2f} s CPU | "
              f"on/off {on[0] / off[0]:.2f}x wall (+{on[0] - off[0]:.2f} s)")
    if not (index / "meta.json").is_file():
        sys.exit(f"error: no {INDEX}/meta.json in the output: this Lanting wrote no own index")
    meta = json.loads((index / "meta.json").read_bytes())
    parts = index_parts(index)
    every = [p for ps in parts.values() for p in ps]
    total = sum(p.stat().st_size for p in every)
    total_gz = sum(gz(p.read_bytes()) for p in every)
    print(f"index: {meta['pages']} pages in {len(meta['shards'])} shard(s); "
          f"{size(total)} in {len(every)} files ({size(total_gz)} gzip-compressed)")
    for name, ps in parts.items():
        if ps:
            raw = sum(p.stat().st_size for p in ps)
            print(f"  {name:<22} {len(ps):6d} files {size(raw):>12} "
                  f"({size(sum(gz(p.read_bytes()) for p in ps))} gzip)")
    print("a query downloads (meta.json, each shard's docs.json and term files; then the "
          f"text of the first {WINDOW} matches):")
    downloads = [query_download(index, meta, q, bucket) for q in args.queries or QUERIES]
    for d in downloads:
        print(f"  {d['query']!r:22} terms {'+'.join(d['terms']):20} {d['files']:3d} files "
              f"{size(d['raw']):>11} ({size(d['gzip'])} gzip), {d['matches']:5d} matches; "
              f"+ text {size(d['text_raw'])} ({size(d['text_gzip'])} gzip)")
    print(f"  median: {size(statistics.median(d['raw'] for d in downloads))} "
          f"({size(statistics.median(d['gzip'] for d in downloads))} gzip) before the text "
          "files")


if __name__ == "__main__":
    main()
