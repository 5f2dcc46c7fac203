"""Make the documentation's screenshots from the example site.

    PYTHONPATH=src python scripts/docs_screenshots.py [--out docs/static/images]

Builds `example/` into a temporary folder, serves it on 127.0.0.1 and photographs it with
Debian's Chromium through Playwright (no network: the example loads nothing from another
host). Each picture is one browser window (1280×800, light scheme) of one page; the
documentation pages show them as `/images/NAME.png`. Run it again after a change to the
theme or the example, look at the pictures, and commit them.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.serve.http import make_server

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--no-sandbox"]
VIEWPORT = {"width": 1280, "height": 800}


def _search(page: Any) -> None:
    """The search dialog, opened with `/`, answering a Chinese query."""
    page.keyboard.press("/")
    page.locator("dialog[open] .search-input").wait_for()
    page.keyboard.type("显存")
    page.wait_for_function("document.querySelector('dialog .search-status')"
                           "?.dataset.state === 'results'")


SHOTS: dict[str, tuple[str, Callable[[Any], None] | None]] = {
    "home": ("", None),
    "blog": ("blog/", None),
    "post": ("posts/policy-gradient-to-ppo/", None),
    "publications": ("publications/", None),
    "cv": ("cv/", None),
    "projects": ("projects/", None),
    "talk": ("talks/hichunk-acl2026/", None),
    "search": ("blog/", _search),
}
"""Picture name → the page (relative to the site's root) and what to do there first."""


def _speaker_view(context: Any, url: str, out: Path) -> None:
    """The deck's speaker view (S), a second window, on the second slide."""
    deck = context.new_page()
    deck.goto(url + "talks/hichunk-acl2026/slides/#2")
    with context.expect_page() as opened:
        deck.keyboard.press("s")
    speaker = opened.value
    speaker.set_viewport_size(VIEWPORT)
    speaker.wait_for_load_state()
    speaker.wait_for_function("document.querySelector('.speaker-count')?.textContent"
                              "?.startsWith('2 /')")
    speaker.screenshot(path=str(out / "speaker-view.png"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "static" / "images",
                        help="where the pictures go (default: docs/static/images)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "public"
        root.mkdir()
        server = make_server(root, "127.0.0.1", 0)
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        build(REPO / "example", BuildOptions(output=root, base_url=url))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                context = browser.new_context(viewport=VIEWPORT, color_scheme="light",
                                              locale="zh-CN", timezone_id="Asia/Shanghai")
                page = context.new_page()
                for name, (path, prepare) in SHOTS.items():
                    page.goto(url + path)
                    page.evaluate("document.fonts.ready")
                    if prepare is not None:
                        prepare(page)
                    page.screenshot(path=str(args.out / f"{name}.png"))
                    print(f"{args.out / name}.png")
                _speaker_view(context, url, args.out)
                print(f"{args.out / 'speaker-view'}.png")
                browser.close()
        finally:
            server.shutdown()
            server.server_close()


if __name__ == "__main__":
    main()
