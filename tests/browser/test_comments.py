"""Comments in Chromium: no request to the comment provider until the reader scrolls to
the comments or presses "Load comments"; then the provider's client starts with the
post's path and language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

FAKE_TWIKOO = ("window.twikoo = { init(options) { window.started = options;"
               " options.el.textContent = 'twikoo ready'; } };")
POST = "---\ntitle: 长文\ndate: 2026-05-01\n---\n" + "\n\n".join(
    f"第 {n} 段：评论区在很远的下面。" for n in range(120)) + "\n"


@pytest.fixture(scope="module")
def site(serve_site, tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("comments-site")
    (root / "content" / "posts").mkdir(parents=True)
    (root / "lanting.toml").write_text(
        'title = "T"\nbase_url = "https://t.example.org/"\n[search]\nenabled = false\n'
        '[comments]\nprovider = "twikoo"\nserver = "https://twikoo.example.cn"\n')
    (root / "content" / "posts" / "long.md").write_text(POST)
    return serve_site(Path(root))


def open_post(browser, site):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    outside: list[str] = []

    def route(route) -> None:
        url = route.request.url
        if url.startswith(site.url):
            route.continue_()
            return
        outside.append(url)
        route.fulfill(body=FAKE_TWIKOO, content_type="text/javascript")

    context.route("**/*", route)
    page = context.new_page()
    page.goto(site.url + "posts/long/", wait_until="load")
    page.wait_for_timeout(300)
    return context, page, outside


def test_nothing_loads_until_the_reader_scrolls_there(browser, site) -> None:
    context, page, outside = open_post(browser, site)
    try:
        assert outside == []
        assert page.locator("button.comments-load").is_visible()  # comments.js ran
        assert page.evaluate("document.querySelector('section.comments')"
                             ".getBoundingClientRect().top") > 2000  # far below the screen
        page.locator("section.comments").scroll_into_view_if_needed()
        page.wait_for_function("window.started !== undefined")
        assert outside == ["https://cdn.jsdelivr.net/npm/twikoo/dist/twikoo.min.js"]
        started = json.loads(page.evaluate(
            "JSON.stringify({envId: started.envId, path: started.path, lang: started.lang})"))
        assert started == {"envId": "https://twikoo.example.cn", "path": "/posts/long/",
                           "lang": "zh-CN"}
        assert page.locator(".comments-host").inner_text() == "twikoo ready"
        assert page.locator(".comments-load-line").is_hidden()
    finally:
        context.close()


def test_the_button_loads_them_too(browser, site) -> None:
    context, page, outside = open_post(browser, site)
    try:
        page.evaluate("document.querySelector('button.comments-load').click()")
        page.wait_for_function("window.started !== undefined")
        assert len(outside) == 1
    finally:
        context.close()
