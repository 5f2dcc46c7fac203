"""Authoring blocks in Chromium (issue 33): tabs switch by click and keyboard without any
script, image zoom opens and closes, and the outdated notice shows on an old post."""

from __future__ import annotations

import re
import time
from pathlib import Path

SITE = Path(__file__).resolve().parents[1] / "sites" / "blocks"
VISIBLE_PANEL = """() => [...document.querySelectorAll('.tab-panel')]
    .filter((p) => getComputedStyle(p).display !== 'none')
    .map((p) => p.textContent.trim().slice(0, 12))"""


def test_tabs_switch_without_javascript(browser, serve_site) -> None:
    served = serve_site(SITE)
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(served.url + "posts/ppo-three-ways/")
        assert page.evaluate(VISIBLE_PANEL) == ["ratio = (log"]
        page.locator("label.tab-label", has_text="JAX").click()
        assert page.evaluate(VISIBLE_PANEL) == ["ratio = jnp."]
        # Keyboard: the checked radio takes focus, the arrow key moves to the next tab.
        page.locator("input.tab-input:checked").focus()
        page.keyboard.press("ArrowRight")
        shown = page.evaluate(VISIBLE_PANEL)
        assert len(shown) == 1 and shown[0].startswith("计算概率比")
        # No zoom without the script: the image is a plain image.
        assert page.locator("img.zoomable").count() == 0
    finally:
        context.close()


def test_image_zoom_opens_and_closes(page, serve_site) -> None:
    served = serve_site(SITE)
    page.goto(served.url + "posts/trip/")
    image = page.locator(".gallery img").first
    image.click()
    dialog = page.locator("dialog.zoom-dialog")
    assert dialog.evaluate("d => d.open") is True
    assert dialog.locator("img").get_attribute("alt") == "岚山"
    page.keyboard.press("Escape")
    assert dialog.evaluate("d => d.open") is False
    image.focus()
    page.keyboard.press("Enter")
    assert dialog.evaluate("d => d.open") is True
    page.locator(".zoom-close").click()
    assert dialog.evaluate("d => d.open") is False
    assert page.console_errors == [] and page.failed_requests == []


def test_outdated_notice_shows_on_an_old_post_only(page, serve_site) -> None:
    served = serve_site(SITE)
    page.clock.set_fixed_time("2026-03-01T00:00:00Z")
    page.goto(served.url + "posts/dqn-2019/")
    notice = page.locator(".outdated-notice")
    assert notice.is_visible()
    assert notice.inner_text() == "本文最后更新于 6 年前，其中的信息可能已经过时。"
    page.goto(served.url + "posts/ppo-three-ways/")
    assert not page.locator(".outdated-notice").is_visible()


ACADEMIC = Path(__file__).resolve().parents[1] / "sites" / "academic"
VISIBLE_CARDS = """() => [...document.querySelectorAll('.project-card')]
    .filter((c) => getComputedStyle(c).display !== 'none')
    .map((c) => c.querySelector('h2').textContent.trim())"""


def visible_cards(page, expected: list[str]) -> list[str]:
    """The cards shown, read again until they are `expected` or 5 s have passed: a click
    on a link navigates, and a loaded CI machine may still be laying out the new page."""
    deadline = time.monotonic() + 5
    shown = page.evaluate(VISIBLE_CARDS)
    while shown != expected and time.monotonic() < deadline:
        time.sleep(0.05)
        shown = page.evaluate(VISIBLE_CARDS)
    return shown


def test_project_filter_works_without_javascript(browser, serve_site) -> None:
    served = serve_site(ACADEMIC)
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(served.url + "projects/")
        assert page.evaluate(VISIBLE_CARDS) == ["HiChunk", "RolloutBench"]
        page.locator(".project-filters a", has_text="强化学习").click()
        assert visible_cards(page, ["RolloutBench"]) == ["RolloutBench"]
        page.locator(".project-filters a", has_text="RAG").click()
        assert visible_cards(page, ["HiChunk"]) == ["HiChunk"]
        # A tag on a project's page lands on the filtered list: wait for that page to load
        # (the click only waits for the navigation to start).
        page.goto(served.url + "projects/hichunk/")
        page.locator(".project-tags a", has_text="评测").click()
        page.wait_for_url(re.compile(r"/projects/#tag-"), wait_until="load")
        assert visible_cards(page, ["HiChunk"]) == ["HiChunk"]
    finally:
        context.close()
