"""Every page type of the example in a desktop and a phone viewport: no console errors, no
failed requests, nothing fetched from outside 127.0.0.1, no sideways scrolling on the phone,
the key content visible. Each page is also photographed (light and dark) into
`screenshot_dir()` for a person to review."""

from __future__ import annotations

import pytest
from conftest import screenshot_dir
from site_pages import PAGE_IDS, PAGES, PageType, open_context, require, visit

MAX_SHOT_HEIGHT = {"desktop": 2400, "phone": 2600}
"""Screenshots cover the top of long pages (CSS pixels), not a 20,000-pixel post."""


def _screenshot(page, name: str, viewport: str, scheme: str) -> None:
    height = page.evaluate("document.scrollingElement.scrollHeight")
    width = page.viewport_size["width"]
    page.screenshot(path=screenshot_dir() / f"{name}-{viewport}-{scheme}.png", full_page=True,
                    clip={"x": 0, "y": 0, "width": width,
                          "height": min(height, MAX_SHOT_HEIGHT[viewport])},
                    animations="disabled")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
@pytest.mark.parametrize("page_type", PAGES, ids=PAGE_IDS)
def test_page_loads_cleanly(browser, example_site, page_type: PageType, viewport: str) -> None:
    require(example_site, page_type)
    context = open_context(browser, viewport)
    try:
        seen = visit(context, example_site, page_type)
        page = seen.page
        assert seen.status == page_type.status
        assert seen.console_errors == []
        assert seen.failed_requests == []
        assert seen.outside_requests == [], "pages must be complete offline"
        key = page.locator(page_type.key).first
        assert key.is_visible(), f"{page_type.key} is not visible"
        if page_type.text:
            assert page_type.text in key.inner_text()
        if viewport == "phone":  # a page wider than the phone also zooms out: innerWidth grows
            widths = page.evaluate("""[document.scrollingElement.scrollWidth,
                                       document.documentElement.clientWidth, innerWidth]""")
            assert widths[0] <= widths[1] == widths[2] == 390, f"scrolls sideways: {widths}"
        _screenshot(page, page_type.name, viewport, "light")
        page.emulate_media(color_scheme="dark")
        _screenshot(page, page_type.name, viewport, "dark")
        assert seen.console_errors == [] and seen.failed_requests == []
    finally:
        context.close()
