"""`{{< video >}}` in Chromium: no request to Bilibili before the click; the click swaps
the poster for the player."""

from __future__ import annotations

from pathlib import Path

import pytest

POST = ("---\ntitle: 录像\ndate: 2026-05-01\n---\n"
        '{{< video bilibili="BV1GJ411x7h7" title="报告录像" >}}\n')


@pytest.fixture(scope="module")
def site(serve_site, tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("video-site")
    (root / "content" / "posts").mkdir(parents=True)
    (root / "lanting.toml").write_text(
        'title = "T"\nbase_url = "https://t.example.org/"\n[search]\nenabled = false\n')
    (root / "content" / "posts" / "clip.md").write_text(POST)
    return serve_site(Path(root))


def test_click_swaps_in_the_player(browser, site) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    outside: list[str] = []

    def route(route) -> None:
        if route.request.url.startswith(site.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.fulfill(body="<title>player</title>", content_type="text/html")

    context.route("**/*", route)
    try:
        page = context.new_page()
        page.goto(site.url + "posts/clip/", wait_until="load")
        page.wait_for_timeout(300)
        assert outside == []
        poster = page.locator("a.video-load")
        box = poster.bounding_box()
        assert box["width"] / box["height"] == pytest.approx(16 / 9, rel=0.02)
        poster.click()
        frame = page.locator("figure.video iframe.video-frame")
        frame.wait_for()
        assert frame.get_attribute("title") == "报告录像"
        page.wait_for_timeout(300)
        assert outside and outside[0].startswith(
            "https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7")
        assert page.locator("a.video-load").count() == 0
    finally:
        context.close()
