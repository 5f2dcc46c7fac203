"""Accessibility in Chromium: axe-core (installed from npm at test time) finds no serious
or critical violation on any page type, in the light and the dark scheme, colour contrast
included; keyboard focus is visible; the deck works with the keyboard alone."""

from __future__ import annotations

import json

import pytest
from site_pages import PAGE_IDS, PAGES, PageType, open_context, require, visit

BLOCKING = ("serious", "critical")


def axe_violations(page, axe_script, rules: tuple[str, ...] = ()) -> list[dict]:
    """axe's violations on the page: every rule, or only `rules`."""
    page.add_script_tag(path=str(axe_script))
    return page.evaluate("""async (rules) => {
      const options = { resultTypes: ['violations'] };
      if (rules.length) options.runOnly = { type: 'rule', values: rules };
      const result = await axe.run(document, options);
      return result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 6).map(n => [n.target.join(' '), n.failureSummary
                                                 .split('\\n').slice(1).join(' ')])}));
    }""", list(rules))


COLOURS = ("color-contrast", "link-in-text-block")
MODES = {  # viewport, system scheme, the reader's choice, the rules (all when empty)
    "light": ("desktop", "light", None, ()),
    "dark": ("desktop", "dark", None, ()),
    "chosen-dark": ("desktop", "light", "dark", COLOURS),  # the toggle on a light system
    "phone": ("phone", "light", None, (*COLOURS, "scrollable-region-focusable",
                                       "target-size", "meta-viewport")),
}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("page_type", PAGES, ids=PAGE_IDS)
def test_no_serious_axe_violations(browser, example_site, axe_script, page_type: PageType,
                                   mode: str) -> None:
    require(example_site, page_type)
    viewport, scheme, chosen, rules = MODES[mode]
    context = open_context(browser, viewport, scheme)
    if chosen:
        context.add_init_script(f"localStorage.setItem('lanting-theme', '{chosen}')")
    try:
        page = visit(context, example_site, page_type).page
        found = [v for v in axe_violations(page, axe_script, rules)
                 if v["impact"] in BLOCKING]
        assert found == [], json.dumps(found, ensure_ascii=False, indent=1)
    finally:
        context.close()


FOCUS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el), r = el.getBoundingClientRect();
  return { name: el.tagName + ' ' + (el.textContent || '').trim().slice(0, 24),
           outline: s.outlineStyle !== 'none' ? parseFloat(s.outlineWidth) : 0,
           color: s.outlineColor, shadow: s.boxShadow !== 'none',
           onScreen: r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0
                     && r.top < innerHeight && r.left < innerWidth,
           background: getComputedStyle(document.body).backgroundColor };
}"""


def _hex(css_color: str) -> str:
    channels = [int(float(c)) for c in css_color[css_color.index("(") + 1:-1].split(",")[:3]]
    return "#" + "".join(f"{c:02x}" for c in channels)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", ["home", "post-math", "publications", "talk", "deck"])
def test_keyboard_focus_is_visible(browser, example_site, name: str, scheme: str) -> None:
    from lanting.render.contrast import contrast

    page_type = next(p for p in PAGES if p.name == name)
    context = open_context(browser, "desktop", scheme)
    try:
        page = visit(context, example_site, page_type).page
        # Keys reach a page only once its window has focus, which a loaded machine gave
        # late (`deck-dark` once found nothing focused after Tab in a full run).
        page.bring_to_front()
        page.wait_for_function("document.hasFocus()")
        seen = []
        for _ in range(8):
            page.keyboard.press("Tab")
            focus = page.evaluate(FOCUS)
            if focus is None:  # past the last control: focus went back to the browser
                break
            seen.append(focus["name"])
            assert focus["onScreen"], f"{focus['name']} is focused off screen"
            assert focus["outline"] >= 2 or focus["shadow"], f"no focus ring on {focus['name']}"
            if focus["outline"]:
                ratio = contrast(_hex(focus["color"]), _hex(focus["background"]))
                assert ratio >= 3, f"focus ring of {focus['name']} has contrast {ratio:.2f}"
        assert seen, "Tab focuses nothing"
        assert len(set(seen)) == len(seen), f"focus is stuck: {seen}"
    finally:
        context.close()


DECK = next(p for p in PAGES if p.name == "deck")


def _current(page) -> str:
    return page.evaluate("document.querySelector('.slide-frame.is-current').id")


def test_deck_works_with_the_keyboard_alone(browser, example_site) -> None:
    context = open_context(browser, "desktop")
    try:
        page = visit(context, example_site, DECK).page
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")
        assert _current(page) == "3"
        page.keyboard.press("ArrowLeft")
        assert _current(page) == "2"
        # The overview: arrows move the highlighted slide, Enter opens it.
        page.keyboard.press("o")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        assert not page.evaluate("document.documentElement.classList.contains('deck-overview')")
        assert _current(page) == "4"
        # Tab reaches the deck's own links, and Enter follows a link instead of turning
        # the page: focus is not trapped in the deck.
        names = []
        for _ in range(12):
            page.keyboard.press("Tab")
            names.append(page.evaluate("document.activeElement.closest('.deck-bar') !== null"))
            if names[-1]:
                break
        assert names[-1], "Tab never reaches the link back to the talk"
        assert _current(page) == "4"
        page.keyboard.press("ArrowRight")  # arrows still turn slides while a link has focus
        assert _current(page) == "5"
        page.keyboard.press("Enter")
        page.wait_for_url("**/talks/hichunk-acl2026/")
    finally:
        context.close()
