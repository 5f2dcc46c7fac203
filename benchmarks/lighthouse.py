#!/usr/bin/env python3
"""Lighthouse scores of the example site: the home page, the blog index, a math post and
the talk article, each with Lighthouse's mobile and desktop settings.

The example is built for and served on 127.0.0.1 (nothing leaves the machine). Lighthouse
comes from npm, installed on first run into a cache folder outside the tracked files
(`.cache/npm/lighthouse`, or under --npm-cache), and drives Debian's Chromium with flags
for a closed network. Prints a Markdown table of the four category scores (performance,
accessibility, best practices, SEO); --markdown FILE also writes it, with the date and
versions.

    python3 benchmarks/lighthouse.py --markdown benchmarks/LIGHTHOUSE.md
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from lanting import __version__  # noqa: E402
from lanting.build import build  # noqa: E402
from lanting.build.options import BuildOptions  # noqa: E402
from lanting.serve.http import make_server  # noqa: E402

PAGES = [
    ("home", ""),
    ("blog index", "blog/"),
    ("math post", "posts/policy-gradient-to-ppo/"),
    ("talk article", "talks/hichunk-acl2026/"),
]
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage "
                "--disable-background-networking --disable-component-update --disable-sync "
                "--no-first-run")
LIGHTHOUSE = "lighthouse@12"
"""Lighthouse 12 runs on Node 18.16+ (13 needs Node 22.19)."""


def install_lighthouse(cache: Path, spec: str) -> Path:
    """The Lighthouse CLI script, installed into `cache` with npm if it is not there."""
    cli = cache / "node_modules" / "lighthouse" / "cli" / "index.js"
    if cli.is_file():
        return cli
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("npm is needed to install Lighthouse (apt-get install npm)")
    cache.mkdir(parents=True, exist_ok=True)
    print(f"installing {spec} into {cache} …", file=sys.stderr)
    subprocess.run([npm, "install", "--prefix", str(cache), "--no-audit", "--no-fund",
                    "--no-save", "--loglevel=error", spec], check=True)
    return cli


def run_lighthouse(cli: Path, url: str, preset: str, chromium: str,
                   work: Path) -> dict[str, int]:
    report = work / f"report-{preset}-{abs(hash(url))}.json"
    command = ["node", str(cli), url, f"--chrome-path={chromium}",
               f"--chrome-flags={CHROME_FLAGS}", "--output=json",
               f"--output-path={report}", "--quiet",
               f"--only-categories={','.join(CATEGORIES)}"]
    if preset == "desktop":
        command.append("--preset=desktop")
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0 or not report.is_file():
        raise RuntimeError(f"lighthouse failed on {url}: {done.stderr.strip()[-800:]}")
    data = json.loads(report.read_text())
    return {c: round(100 * (data["categories"][c]["score"] or 0)) for c in CATEGORIES}


def table(results: list[tuple[str, str, str, dict[str, int]]]) -> str:
    lines = ["| page | URL | settings | performance | accessibility | best practices | SEO |",
             "| --- | --- | --- | ---: | ---: | ---: | ---: |"]
    for name, path, preset, scores in results:
        lines.append(f"| {name} | `/{path}` | {preset} | "
                     + " | ".join(str(scores[c]) for c in CATEGORIES) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "example")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--npm-cache", type=Path,
                        default=Path(os.environ.get("LANTING_NPM_CACHE",
                                                    REPO / ".cache" / "npm")))
    parser.add_argument("--lighthouse", default=LIGHTHOUSE, help="npm spec to install")
    parser.add_argument("--presets", default="mobile,desktop")
    parser.add_argument("--markdown", type=Path, help="also write the table here")
    args = parser.parse_args()

    cli = install_lighthouse(args.npm_cache / "lighthouse", args.lighthouse)
    load = os.getloadavg()[0]
    version = json.loads((cli.parents[1] / "package.json").read_text())["version"]
    with tempfile.TemporaryDirectory(prefix="lanting-lighthouse-") as tmp:
        work = Path(tmp)
        out = work / "public"
        out.mkdir()
        server = make_server(out, "127.0.0.1", 0)
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        threading.Thread(target=server.serve_forever, daemon=True).start()
        build(args.site, BuildOptions(output=out, base_url=url, cache=False))
        results = []
        try:
            for preset in args.presets.split(","):
                for name, path in PAGES:
                    scores = run_lighthouse(cli, url + path, preset, args.chromium, work)
                    print(f"{name:13} {preset:8} " + " ".join(
                        f"{c}={scores[c]}" for c in CATEGORIES), file=sys.stderr)
                    results.append((name, path, preset, scores))
        finally:
            server.shutdown()
            server.server_close()
    chromium = subprocess.run([args.chromium, "--version"], capture_output=True,
                              text=True, check=False).stdout.strip()
    node = subprocess.run(["node", "--version"], capture_output=True, text=True,
                          check=False).stdout.strip()
    text = table(results)
    print(text)
    if args.markdown:
        args.markdown.write_text(
            "# Lighthouse scores of the example site\n\n"
            f"Measured {dt.date.today().isoformat()} with `python3 benchmarks/lighthouse.py "
            f"--markdown {args.markdown.as_posix()}`: Lighthouse {version}, {chromium}, "
            f"Node {node}, "
            f"Lanting {__version__}, {platform.machine()} Linux, load average {load:.1f} "
            f"at the start. The example is built for and "
            "served on 127.0.0.1; *mobile* is Lighthouse's default (a throttled mid-range "
            "phone), *desktop* its `--preset=desktop`.\n\n" + text + "\n",
            encoding="utf-8")


if __name__ == "__main__":
    main()
