"""The academic pages in Chromium: the talk deck (keys, hash, speaker view, print) and the
publications page's BibTeX button."""

from __future__ import annotations

import re

DECK = "talks/hichunk-acl2026/slides/"


def current(page) -> str:
    return page.evaluate("document.querySelector('.slide-frame.is-current').id")


def test_arrow_keys_move_the_deck_and_update_the_hash(page, example_site) -> None:
    page.goto(example_site.url + DECK)
    assert current(page) == "1"
    assert page.locator(".slide-frame.is-current").is_visible()
    assert page.locator(".slide-frame:not(.is-current)").first.is_hidden()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert current(page) == "3"
    assert page.evaluate("location.hash") == "#3"
    page.keyboard.press("ArrowLeft")
    assert (current(page), page.evaluate("location.hash")) == ("2", "#2")
    page.keyboard.press("End")
    total = page.locator(".deck-slides > .slide-frame").count()
    assert current(page) == str(total)
    assert page.locator(".deck-counter").inner_text() == f"{total} / {total}"
    assert page.console_errors == [] and page.failed_requests == []


def test_hash_opens_that_slide_and_the_slide_fills_the_window_at_16_9(page, example_site) -> None:
    page.goto(example_site.url + DECK + "#5")
    assert current(page) == "5"
    box = page.locator(".slide-frame.is-current").bounding_box()
    assert abs(box["width"] / box["height"] - 16 / 9) < 0.01
    assert box["width"] == 1280 or box["height"] == 900


def test_a_reveal_js_hash_opens_the_slide_it_names(page, example_site) -> None:
    """A link in reveal.js's form (`#/4`, across from 0) opened the first slide: the
    deck reads it through the slide's names, then numbers the hash as its own; the
    keys go on from there."""
    page.goto(example_site.url + DECK + "#/4")
    assert current(page) == "5"
    assert page.evaluate("location.hash") == "#5"
    page.keyboard.press("ArrowRight")
    assert current(page) == "6"
    page.goto(example_site.url + DECK + "#/nowhere")
    assert current(page) == "1"
    assert page.console_errors == []


def test_overview_grid_and_pick_a_slide(page, example_site) -> None:
    page.goto(example_site.url + DECK)
    page.keyboard.press("o")
    visible = page.locator(".deck-slides > .slide-frame:visible").count()
    assert visible == page.locator(".deck-slides > .slide-frame").count()
    page.locator(".deck-slides > .slide-frame").nth(6).click()
    assert current(page) == "7"
    assert page.locator(".deck-slides > .slide-frame:visible").count() == 1


def test_speaker_view_opens_and_follows_the_deck(page, example_site) -> None:
    page.goto(example_site.url + DECK + "#2")
    with page.context.expect_page() as opened:
        page.keyboard.press("s")
    speaker = opened.value
    speaker.wait_for_load_state()
    assert "speaker" in speaker.url
    speaker.wait_for_function("document.querySelector('.speaker-count')?.textContent === '2 / 14'"
                              .replace("14", str(page.locator(".deck-slides > .slide-frame")
                                                  .count())))
    notes = speaker.locator(".speaker-notes").inner_text()
    assert notes.startswith("Let me start with a question")
    assert speaker.locator(".speaker-next .slide h2").inner_text() == "固定长度分块的两种失败"
    assert re.fullmatch(r"\d+:\d\d", speaker.locator(".speaker-timer b").inner_text())
    assert re.fullmatch(r"\d\d:\d\d", speaker.locator(".speaker-clock b").inner_text())
    # the deck moves: the speaker view follows …
    page.bring_to_front()
    page.keyboard.press("ArrowRight")
    speaker.wait_for_function(
        "document.querySelector('.speaker-notes').textContent.includes('Fixed-size chunking')")
    assert speaker.locator(".speaker-count").inner_text().startswith("3 /")
    # … and the other way round.
    speaker.bring_to_front()
    speaker.keyboard.press("ArrowRight")
    page.wait_for_function("location.hash === '#4'")
    assert current(page) == "4"
    speaker.close()


def test_print_gives_one_slide_per_page(page, example_site) -> None:
    page.goto(example_site.url + DECK)
    total = page.locator(".deck-slides > .slide-frame").count()
    page.emulate_media(media="print")
    styles = page.evaluate("""() => [...document.querySelectorAll('.deck-slides > .slide-frame')]
        .map(f => { const s = getComputedStyle(f); const r = f.getBoundingClientRect();
                    return [s.display, s.breakAfter, Math.round(r.width),
                            Math.round(r.height)]; })""")
    assert styles == [["block", "page", 1280, 720]] * total
    assert page.locator(".deck-bar").is_hidden()
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == total


def test_print_query_lays_every_slide_out(page, example_site) -> None:
    page.goto(example_site.url + DECK + "?print")
    assert page.evaluate("document.documentElement.classList.contains('deck-print')")
    total = page.locator(".deck-slides > .slide-frame").count()
    assert page.locator(".deck-slides > .slide-frame:visible").count() == total


def test_bibtex_button_reveals_the_entry(page, example_site) -> None:
    page.goto(example_site.url + "publications/")
    entry = page.locator("article#hichunk2026")
    bibtex = entry.locator("details.pub-bibtex pre")
    assert bibtex.is_hidden()
    entry.locator("details.pub-bibtex summary").click()
    assert bibtex.is_visible()
    assert bibtex.inner_text().startswith("@inproceedings{hichunk2026,")
    assert entry.locator("details.pub-bibtex .copy-button").count() == 1
    abstract = entry.locator("details.pub-abstract .pub-panel")
    assert abstract.is_hidden()
    entry.locator("details.pub-abstract summary").click()
    assert "Retrieval-Augmented Generation" in abstract.inner_text()
    assert page.console_errors == [] and page.failed_requests == []


def test_bibtex_works_without_javascript(browser, example_site) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(example_site.url + "publications/")
    page.locator("article#hichunk2026 details.pub-bibtex summary").click()
    assert page.locator("article#hichunk2026 details.pub-bibtex pre").is_visible()
    context.close()


def test_deck_without_javascript_shows_every_slide(browser, example_site) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(example_site.url + DECK)
    total = page.locator(".deck-slides > .slide-frame").count()
    assert page.locator(".deck-slides > .slide-frame:visible").count() == total
    context.close()
