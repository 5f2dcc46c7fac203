"""Citations in Chromium: the entry shows under the citing line on hover or keyboard
focus, inside the screen even for a citation near the right edge, and without a script
the label is a link to the list entry."""

from __future__ import annotations

import pytest

POST = "posts/policy-gradient-to-ppo/"


@pytest.mark.parametrize("width", [1280, 390])
def test_preview_shows_on_focus_inside_the_viewport(browser, example_site, width) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(example_site.url + POST)
        links = page.locator(".prose a.cite-link")
        assert links.count() >= 10
        for index in range(links.count()):
            link = links.nth(index)
            preview = link.locator("xpath=following-sibling::span[@class='cite-preview']")
            assert not preview.is_visible()
            link.focus()
            assert preview.is_visible()
            box, anchor = preview.bounding_box(), link.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (index, box)
            assert box["y"] >= anchor["y"] + anchor["height"] - 1  # under the citing line
            key = link.get_attribute("data-cite")
            assert preview.inner_text() in page.locator(f"li#ref-{key}").inner_text()
            link.blur()
        links.first.click()  # no script needed: the link leads to the list entry
        key = links.first.get_attribute("data-cite")
        assert page.url.endswith(f"#ref-{key}")
        assert page.locator(f"li#ref-{key}").is_visible()
    finally:
        context.close()
