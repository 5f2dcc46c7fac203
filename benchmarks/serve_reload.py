#!/usr/bin/env python3
"""How long from saving a post to seeing it in the browser, with `lanting serve`.

Generates the shared corpus, serves it with Lanting's live server (in this process, as
`lanting serve` does), opens one post in headless Chromium (Debian's /usr/bin/chromium,
driven by Playwright), then edits that post several times and measures, for each save,
the time until the browser shows the new text — watching, rebuilding, the reload event,
the page load, all included — and, with search on (the default), the time until the
served search index finds the new text (the term file of a word only the edit has lists
the page: what the reader's script fetches). Prints the figures; asserts nothing.

    python3 benchmarks/serve_reload.py --posts 4000 --edits 7 [--change title] [--no-search]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "bench" / "make_corpus.py"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-gpu", "--no-sandbox"]


def make_site(posts: int, work: Path, corpus_script: Path, search: bool) -> Path:
    site = work / f"site-{posts}"
    if site.exists():
        shutil.rmtree(site)
    subprocess.run([sys.executable, str(corpus_script), "--posts", str(posts), "--out",
                    str(site), "--flavor", "plain"], check=True, stdout=subprocess.DEVNULL)
    (site / "lanting.toml").write_text(
        'title = "Bench"\n' + ("" if search else '\n[search]\nenabled = false\n'),
        encoding="utf-8")
    return site


def search_finds(files: dict[str, bytes | Path], url: str, word: str) -> bool:
    """Whether the served index lists `url` under `word`, read as `search-index.js` does:
    meta.json, the page's shard, the term file of the word's bucket."""
    from lanting.output.search_files import INDEX_DIR, shard_of
    from lanting.render.search_record import BUCKETS, bucket

    def load(path: str) -> Any:
        data = files.get(f"{INDEX_DIR}/{path}")
        if data is None:
            return None
        return json.loads(data if isinstance(data, bytes) else data.read_bytes())

    meta = load("meta.json")
    if meta is None:
        return False
    shard = shard_of(url, len(meta["shards"]))
    rows = load(f"{shard}/docs.json")["docs"]
    numbers = [n for n, row in enumerate(rows) if row[0] == url]
    terms = load(f"{shard}/{bucket(word) * meta['shards'][shard][1] // BUCKETS}.json")
    if not numbers or terms is None or numbers[0] not in terms["d"]:
        return False
    strings = terms["t"][terms["d"].index(numbers[0])]
    return any(t.split(":")[0] == word for t in strings.split())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=4000)
    parser.add_argument("--edits", type=int, default=7)
    parser.add_argument("--work", type=Path, default=None)
    parser.add_argument("--corpus-script", type=Path, default=CORPUS)
    parser.add_argument("--change", choices=("text", "title"), default="text",
                        help="append a paragraph (the edit a writer makes all day) or "
                             "change the title (which every listing shows)")
    parser.add_argument("--no-search", action="store_true",
                        help="turn the search index off (default: on, as for users)")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"SKIP: no Chromium at {CHROMIUM}")
        return 0
    sys.path.insert(0, str(REPO / "src"))
    from playwright.sync_api import sync_playwright

    from lanting.build.options import BuildOptions
    from lanting.cli import tune_collector
    from lanting.serve.http import make_server
    from lanting.serve.live import LiveSite

    tune_collector()  # as `lanting serve` does

    work = args.work or Path(tempfile.mkdtemp(prefix="lanting-serve-bench-"))
    site = make_site(args.posts, work, args.corpus_script, not args.no_search)
    rebuild_times: list[float] = []
    quick: list[bool] = []
    early: list[float] = []

    def report(message: str) -> None:
        if message.startswith("rebuilt in "):
            rebuild_times.append(float(message.split()[2]))
            quick.append("the files showing the edit" in message)
            if "shown after" in message:
                early.append(float(message.rsplit("shown after ", 1)[1].split()[0]))

    live = LiveSite(site, BuildOptions(drafts=True, base_url="http://127.0.0.1/"), report)
    started = time.perf_counter()
    live.rebuild()
    first_build = time.perf_counter() - started
    server = make_server(live.store, "127.0.0.1", 0, live=live)
    stop = threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    threading.Thread(target=live.watch, args=(stop,), daemon=True).start()
    post = sorted((site / "content" / "posts").glob("*.md"))[len(list(
        (site / "content" / "posts").glob("*.md"))) // 2]
    url = f"http://127.0.0.1:{server.server_address[1]}/posts/{post.stem}/"
    original = post.read_text(encoding="utf-8")
    latencies: list[float] = []
    searchable: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        page.goto(url)
        page.wait_for_timeout(1000)
        for edit in range(args.edits):
            marker = f"LIVE-EDIT-{edit}-{time.time_ns()}"
            saved = time.perf_counter()
            if args.change == "text":
                post.write_text(original + f"\n\n{marker}\n", encoding="utf-8")
            else:
                post.write_text(original.replace("title: ", f"title: {marker} ", 1),
                                encoding="utf-8")
            page.wait_for_function(f"document.body.innerText.includes({marker!r})",
                                   timeout=30_000, polling="raf")
            latencies.append((time.perf_counter() - saved) * 1000)
            if not args.no_search:
                word = marker.rsplit("-", 1)[1]  # the nanoseconds: in no other page
                while not search_finds(live.store.files, f"posts/{post.stem}/", word):
                    if time.perf_counter() - saved > 60:
                        raise SystemExit("the search index never found the edit")
                    time.sleep(0.02)
                searchable.append((time.perf_counter() - saved) * 1000)
            while len(rebuild_times) <= edit:  # the listings too, before the next save
                page.wait_for_timeout(50)
            page.wait_for_timeout(300)
        browser.close()
    stop.set()
    live.close_streams()
    server.shutdown()
    post.write_text(original, encoding="utf-8")
    print(f"posts: {args.posts}; change: {args.change}; first build into memory: "
          f"{first_build:.2f} s")
    print(f"save -> browser shows the edit, ms: median {statistics.median(latencies):.0f}, "
          f"min {min(latencies):.0f}, max {max(latencies):.0f} ({len(latencies)} edits)")
    if searchable:
        print(f"save -> the served search index finds the edit, ms: median "
              f"{statistics.median(searchable):.0f}, min {min(searchable):.0f}, "
              f"max {max(searchable):.0f}")
    if rebuild_times:
        print(f"rebuild alone, ms: median {statistics.median(rebuild_times):.0f}, "
              f"min {min(rebuild_times):.0f}, max {max(rebuild_times):.0f}; "
              f"{sum(quick)} of {len(quick)} rebuilds rendered the edited page alone")
    if early:
        print(f"edited page served before the full rebuild, ms after the rebuild started: "
              f"median {statistics.median(early):.0f}, min {min(early):.0f}, "
              f"max {max(early):.0f} ({len(early)} of {len(rebuild_times)} rebuilds)")
    if args.work is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
