"""`lanting serve` in a real browser: a saved post reloads the page with the new text; a
broken front matter shows the error over the last good page; the fix clears it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from lanting.build.options import BuildOptions
from lanting.serve.http import make_server
from lanting.serve.live import LiveSite
from lanting.serve.watcher import watch

POST = "---\ntitle: Live post\ndate: 2026-01-02\n---\n{body}\n"


@pytest.fixture
def live_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    site = tmp_path / "site"
    (site / "content/posts").mkdir(parents=True)
    (site / "lanting.toml").write_text('title = "Live"\nlanguage = "en"\n')
    post = site / "content/posts/live.md"
    post.write_text(POST.format(body="First version."))
    live = LiveSite(site, BuildOptions(drafts=True, jobs=1, base_url="http://127.0.0.1/"),
                    report=lambda message: None)
    live.rebuild()
    server = make_server(live.store, "127.0.0.1", 0, live=live)
    stop = threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    threading.Thread(target=watch, args=(live, stop), daemon=True).start()
    time.sleep(0.3)
    yield f"http://127.0.0.1:{server.server_address[1]}/posts/live/", post
    stop.set()
    live.close_streams()
    server.shutdown()
    server.server_close()


def test_save_reloads_then_error_overlay_then_recovery(page, live_site) -> None:
    url, post = live_site
    page.goto(url)
    assert "First version." in page.inner_text("main")
    page.wait_for_timeout(300)  # the event stream is connected

    post.write_text(POST.format(body="Second version, saved."))
    page.wait_for_function("document.querySelector('main').innerText.includes('Second version')",
                           timeout=10_000)

    post.write_text("---\ntitle: [broken\ndate: 2026-01-02\n---\n<b>x</b>\n")
    overlay = page.locator("#lanting-error")
    overlay.wait_for(timeout=10_000)
    assert "live.md:2" in overlay.inner_text()
    assert "Second version" in page.inner_text("main"), "the last good page stays"

    post.write_text(POST.format(body="Third version, fixed."))
    page.wait_for_function("document.querySelector('main').innerText.includes('Third version')",
                           timeout=10_000)
    assert page.locator("#lanting-error").count() == 0
    assert page.console_errors == []


def test_a_title_edit_reloads_the_post_and_its_listing_once_each(page, live_site) -> None:
    url, post = live_site
    listing = page.context.new_page()
    listing.goto(url.replace("/posts/live/", "/blog/"))
    page.goto(url)
    loads = {"post": 0, "listing": 0}
    page.on("load", lambda _: loads.__setitem__("post", loads["post"] + 1))
    listing.on("load", lambda _: loads.__setitem__("listing", loads["listing"] + 1))
    page.wait_for_timeout(300)  # both event streams are connected

    post.write_text(POST.format(body="First version.").replace("Live post", "Renamed post"))
    page.wait_for_function("document.querySelector('h1').innerText.includes('Renamed post')",
                           timeout=10_000)
    listing.wait_for_function("document.querySelector('main').innerText.includes('Renamed')",
                              timeout=10_000)
    page.wait_for_timeout(1000)  # no second reload follows
    assert loads == {"post": 1, "listing": 1}
    listing.close()
