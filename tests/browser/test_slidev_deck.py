"""A Slidev deck (tests/sites/slidev) in Chromium: its layouts place their parts as Slidev
does: two columns side by side, an image on the left half, the HTML grid a deck lays out
with UnoCSS's `grid grid-cols-2`, a centred cover."""

from __future__ import annotations

from pathlib import Path

SITE = Path(__file__).resolve().parents[1] / "sites" / "slidev"
DECK = "talks/pp-bubbles/slides/"


def boxes(page, selector: str) -> list[dict[str, float]]:
    return page.evaluate(f"""() => [...document.querySelectorAll({selector!r})]
        .map((e) => {{ const r = e.getBoundingClientRect();
                      return {{x: r.x, y: r.y, w: r.width, h: r.height}}; }})""")


def test_layouts_place_their_parts_side_by_side(page, serve_site) -> None:
    served = serve_site(SITE)
    page.goto(served.url + DECK)  # the cover: centred
    align = page.evaluate("getComputedStyle(document.querySelector("
                          "'.slide-frame.is-current .slide')).textAlign")
    assert align == "center"
    for _ in range(2):
        page.keyboard.press("ArrowRight")
    left, right = boxes(page, ".slide-frame.is-current .slide-column")  # two-cols
    assert right["x"] >= left["x"] + left["w"] and abs(right["y"] - left["y"]) < 2
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("location.hash") == "#6"  # image-left, from pages/results.md
    [image] = boxes(page, ".slide-frame.is-current .slide-bg-left")
    [slide] = boxes(page, ".slide-frame.is-current .slide")
    [heading] = boxes(page, ".slide-frame.is-current .slide > h1")
    assert image["x"] <= slide["x"] + 1 and abs(image["w"] - slide["w"] / 2) < 2
    assert heading["x"] >= image["x"] + image["w"]
    page.keyboard.press("ArrowRight")  # <div class="grid grid-cols-2">
    first, second = boxes(page, ".slide-frame.is-current .grid-cols-2 > div")
    assert second["x"] > first["x"] + first["w"] - 1 and abs(second["y"] - first["y"]) < 2
    assert page.console_errors == [] and page.failed_requests == []


def test_a_xaringan_decks_halves_sit_side_by_side(page, serve_site) -> None:
    """`.pull-left[` and `.pull-right[` (tests/sites/slidev's remark deck) float as in
    xaringan: the slide is a block flow, not the theme's column of blocks."""
    served = serve_site(SITE)
    page.goto(served.url + "talks/bayes-workflow/slides/#2")
    page.reload()
    [left] = boxes(page, ".slide-frame.is-current .pull-left")
    [right] = boxes(page, ".slide-frame.is-current .pull-right")
    assert right["x"] >= left["x"] + left["w"] and abs(right["y"] - left["y"]) < 2
    [after] = boxes(page, ".slide-frame.is-current .pull-right ~ p")
    assert after["y"] >= max(left["y"] + left["h"], right["y"] + right["h"]) - 1
    assert page.console_errors == []


def test_pandoc_columns_sit_side_by_side_in_a_slide(page, serve_site) -> None:
    """`:::: {.columns}` (a Quarto deck's, as its import writes it) stacked in a slide:
    the theme laid it out in posts only."""
    served = serve_site(SITE)
    page.goto(served.url + "talks/hichunk/slides/")
    first, second = boxes(page, ".slide-frame.is-current .columns > .column")
    assert second["x"] >= first["x"] + first["w"] and abs(second["y"] - first["y"]) < 2
