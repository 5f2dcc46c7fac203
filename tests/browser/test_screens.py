"""Every page type at four widths (a phone, a tablet, two desktops), light and dark,
measured in Chromium: the header's height, inline formulas' punctuation on the text's
baseline, no clipped formula, no sideways page scroll, the table of contents below the
header, slides readable on a phone. Each page is photographed at each width and scheme
into `screenshot_dir()` (`<page>-<width>-<scheme>.png`) for a person to review.

One load per page type and width: the dark scheme is measured after switching the
emulated media on the same page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import screenshot_dir
from site_pages import PAGE_IDS, PAGES, PageType, require, visit

WIDTHS = {  # width: (height, phone-like context)
    390: (844, True),
    768: (1024, True),
    1366: (768, False),
    1920: (1080, False),
}
BAR = 56
"""Below 60rem the header is the compact bar: at most 56 px."""
DESKTOP_HEADER = 64
SHOT_HEIGHT = 2000
"""Screenshots cover the top of a page (CSS pixels)."""

WIDE = (".prose > :is(.math-display, table, .code-block, .figure, .nb-html), "
        ".talk-slide .slide-figure")
"""What may grow wider than the reading column."""

MEASURE = """(WIDE) => {
  const out = { problems: [] };
  const header = document.querySelector('.site-header');
  out.header = header ? header.getBoundingClientRect().height : null;
  const scroller = document.scrollingElement;
  out.pageWidth = [scroller.scrollWidth, scroller.clientWidth];

  // Inline formulas followed by punctuation (`.nobr`): the punctuation's baseline against
  // the text beside the formula. Zero-height inline blocks mark baselines (their bottom
  // edge sits on the baseline); one goes after the punctuation, one before and one after
  // the formula's box, and whichever of those is on the same line is compared.
  const probe = () => { const p = document.createElement('span');
    p.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline';
    return p; };
  out.punctuation = [];
  for (const box of document.querySelectorAll('.math-inline.nobr')) {
    if (!box.getClientRects().length) continue;
    const last = box.lastChild;
    if (!last || last.nodeType !== 3 || !last.textContent.trim()) continue;
    const inside = probe(), before = probe(), after = probe();
    box.append(inside);
    box.before(before);
    box.after(after);
    const y = (el) => el.getBoundingClientRect().top;
    const line = parseFloat(getComputedStyle(box.parentElement).lineHeight) || 24;
    const near = [y(before), y(after)].map((b) => y(inside) - b)
      .filter((d) => Math.abs(d) < line / 2);
    if (near.length) {
      const d = near.reduce((a, b) => (Math.abs(a) < Math.abs(b) ? a : b));
      out.punctuation.push([box.textContent.slice(-12), Math.round(d * 10) / 10]);
    }
    inside.remove(); before.remove(); after.remove();
  }

  // Formulas: nothing clipped. Content wider than its box is allowed only in a scroll
  // container that shows a cue (a shadow painted by scrolling gradients) and takes focus.
  for (const el of document.querySelectorAll('.math-inline, .math-display')) {
    if (!el.getClientRects().length) continue;
    const s = getComputedStyle(el);
    const name = el.className + ' ' + el.textContent.slice(0, 24);
    if (el.scrollHeight > el.clientHeight + 1)
      out.problems.push(`clipped vertically: ${name} ${el.scrollHeight} > ${el.clientHeight}`);
    if (el.scrollWidth > el.clientWidth + 1) {
      const scrolls = ['auto', 'scroll'].includes(s.overflowX);
      const cue = s.backgroundImage.includes('gradient')
        && s.backgroundAttachment.includes('local');
      if (!(scrolls && cue && el.tabIndex >= 0))
        out.problems.push(`cut without a scroll cue: ${name}`);
    }
  }

  // The table of contents: below the header, beside the text rather than over it.
  const toc = document.querySelector('.toc');
  if (toc && header && toc.getClientRects().length) {
    const t = toc.getBoundingClientRect(), h = header.getBoundingClientRect();
    if (t.top < h.bottom) out.problems.push(`TOC top ${t.top} above header bottom ${h.bottom}`);
    const prose = document.querySelector('.prose').getBoundingClientRect();
    if (t.bottom > prose.top && t.top < prose.bottom
        && t.right > prose.left && t.left < prose.right)
      out.problems.push('TOC overlaps the text');
  }

  // Wide things (formulas, tables, code, figures, slides) grow into free margins only:
  // inside the window, clear of the table of contents and the side notes.
  const beside = [...document.querySelectorAll('.toc, .prose .sidenote')]
    .filter((el) => el.getClientRects().length).map((el) => el.getBoundingClientRect());
  out.wide = [];
  for (const el of document.querySelectorAll(WIDE)) {
    if (!el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    const column = el.closest('.prose, .post').getBoundingClientRect();
    out.wide.push(Math.round(r.width - column.width));
    if (r.left < 0 || r.right > innerWidth)
      out.problems.push(`wide block outside the window: ${el.className} ${r.left}-${r.right}`);
    for (const b of beside)
      if (r.bottom > b.top && r.top < b.bottom && r.right > b.left && r.left < b.right)
        out.problems.push(`wide block over the TOC or a side note: ${el.className}`);
  }
  return out;
}"""

SLIDE_TEXT = """(selector) => {
  const small = [];
  for (const slide of document.querySelectorAll(selector)) {
    if (!slide.getClientRects().length) continue;
    const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent.trim() || el.closest('math') || !el.getClientRects().length) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 14) small.push([node.textContent.trim().slice(0, 20), size]);
    }
  }
  return small;
}"""


def _context(browser, width: int, scheme: str = "light"):
    height, touch = WIDTHS[width]
    return browser.new_context(viewport={"width": width, "height": height},
                               color_scheme=scheme, is_mobile=touch and width < 500,
                               has_touch=touch, device_scale_factor=2 if width < 500 else 1)


def _screenshot(page, name: str, width: int, scheme: str) -> None:
    height = page.evaluate("document.scrollingElement.scrollHeight")
    page.screenshot(path=screenshot_dir() / f"{name}-{width}-{scheme}.png", full_page=True,
                    clip={"x": 0, "y": 0, "width": width, "height": min(height, SHOT_HEIGHT)},
                    animations="disabled")


def _check(page, page_type: PageType, width: int, scheme: str) -> list[str]:
    seen = page.evaluate(MEASURE, WIDE)
    where = f"{page_type.name} at {width} px, {scheme}"
    problems = [f"{where}: {p}" for p in seen["problems"]]
    limit = BAR if width < 960 else DESKTOP_HEADER
    if seen["header"] is not None and seen["header"] > limit:
        problems.append(f"{where}: header {seen['header']:.0f} px > {limit}")
    scroll, client = seen["pageWidth"]
    if scroll > client:
        problems.append(f"{where}: the page scrolls sideways ({scroll} > {client})")
    problems += [f"{where}: punctuation after {text!r} is {d} px off the baseline"
                 for text, d in seen["punctuation"] if abs(d) > 2]
    return problems


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("page_type", PAGES, ids=PAGE_IDS)
def test_page_holds_up_at_every_width(browser, example_site, page_type: PageType,
                                      width: int) -> None:
    require(example_site, page_type)
    context = _context(browser, width)
    try:
        seen = visit(context, example_site, page_type)
        page = seen.page
        problems = []
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            _screenshot(page, page_type.name, width, scheme)
            problems += _check(page, page_type, width, scheme)
        assert problems == []
        assert seen.console_errors == [] and seen.failed_requests == []
    finally:
        context.close()


def test_the_example_has_what_these_checks_measure(browser, example_site) -> None:
    """The checks above measure something: formulas followed by punctuation, a TOC."""
    context = _context(browser, 390)
    try:
        page = visit(context, example_site, next(p for p in PAGES if p.name == "post-math")).page
        seen = page.evaluate(MEASURE, WIDE)
        assert len(seen["punctuation"]) >= 5, seen["punctuation"]
        assert page.locator(".toc").count() == 1
    finally:
        context.close()


@pytest.mark.parametrize("name", ["post-math", "post-code", "talk"])
def test_wide_things_use_the_room_of_a_wide_screen(browser, example_site, name: str) -> None:
    """At 1920 px a formula, code block or slide wider than the reading column grows into
    the margins; on a phone nothing is wider than the column."""
    page_type = next(p for p in PAGES if p.name == name)
    wider = {}
    for width in (390, 1920):
        context = _context(browser, width)
        try:
            wider[width] = max(visit(context, example_site, page_type).page
                               .evaluate(MEASURE, WIDE)["wide"])
        finally:
            context.close()
    assert wider[390] <= 0 and wider[1920] >= 64, wider


@pytest.mark.parametrize("name", ["talk", "deck"])
def test_slides_on_a_phone_are_text_at_reading_size(browser, example_site, name: str) -> None:
    page_type = next(p for p in PAGES if p.name == name)
    context = _context(browser, 390)
    try:
        page = visit(context, example_site, page_type).page
        selector = ".talk-slide .slide" if name == "talk" else ".slide-frame.is-current .slide"
        count = page.locator(".deck-slides > .slide-frame").count() if name == "deck" else 1
        for n in range(count):  # every slide of the deck, one after the other
            assert page.evaluate(SLIDE_TEXT, selector) == [], f"slide {n + 1}"
            if n + 1 < count:
                page.locator(".deck-next").click()
        if name == "talk":  # reflowed: no 16:9 box, the slide is as tall as its text
            frame = page.locator(".talk-slide .slide-frame").nth(1).bounding_box()
            assert frame and frame["height"] > frame["width"] * 9 / 16 + 40
    finally:
        context.close()


def test_deck_has_previous_and_next_buttons(browser, example_site) -> None:
    context = _context(browser, 390)
    try:
        page = visit(context, example_site, next(p for p in PAGES if p.name == "deck")).page
        prev, nxt = page.locator(".deck-prev"), page.locator(".deck-next")
        assert prev.is_visible() and nxt.is_visible() and prev.is_disabled()
        nxt.tap()
        nxt.tap()
        assert page.evaluate("location.hash") == "#3"
        prev.tap()
        assert page.evaluate("location.hash") == "#2"
        frame = page.locator(".slide-frame.is-current").bounding_box()
        assert frame and frame["height"] > 700, "an upright phone shows the slide full screen"
    finally:
        context.close()


def test_phone_menu_opens_with_and_without_javascript(browser, example_site) -> None:
    home = next(p for p in PAGES if p.name == "home")
    for script in (True, False):
        context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True, java_script_enabled=script)
        try:
            page = visit(context, example_site, home).page
            nav = page.locator(".site-nav")
            assert nav.is_hidden()
            page.locator(".menu-button").tap()
            assert nav.is_visible()
            assert page.locator(".site-nav a").first.is_visible()
            if script:
                assert page.locator(".menu-button").get_attribute("aria-expanded") == "true"
                page.keyboard.press("Escape")
                assert nav.is_hidden()
        finally:
            context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_open_phone_menu_has_no_serious_axe_violations(browser, example_site, axe_script,
                                                        scheme: str) -> None:
    from test_a11y import BLOCKING, axe_violations

    context = _context(browser, 390, scheme)
    try:
        page = visit(context, example_site, next(p for p in PAGES if p.name == "talk")).page
        page.locator(".menu-button").tap()
        assert page.locator(".site-nav").is_visible()
        found = [v for v in axe_violations(page, axe_script) if v["impact"] in BLOCKING]
        assert found == [], found
    finally:
        context.close()


def test_table_of_contents_marks_the_section_being_read(browser, example_site) -> None:
    context = _context(browser, 1366)
    try:
        page = visit(context, example_site, next(p for p in PAGES if p.name == "post-math")).page
        toc = page.locator(".toc")
        top = toc.bounding_box()
        heading = page.locator(".prose h2").nth(2)
        heading.evaluate("h => h.scrollIntoView()")
        page.wait_for_function("""(id) => document.querySelector('.toc a[aria-current]')
            ?.getAttribute('href') === '#' + id""", arg=heading.get_attribute("id"))
        moved = toc.bounding_box()
        assert top and moved and moved["y"] >= 0 and moved["y"] < top["y"], \
            "the table of contents follows the reader"
        assert page.evaluate("scrollY") > 500
    finally:
        context.close()


def test_code_comments_are_never_fake_italic(browser, example_site) -> None:
    context = _context(browser, 1366)
    try:
        page = visit(context, example_site, next(p for p in PAGES if p.name == "post-code")).page
        styles = page.evaluate("""() => [
            ...document.querySelectorAll('.prose pre .c1, .prose pre .c')].map(c => [
              getComputedStyle(c).fontStyle, getComputedStyle(c).fontSynthesisStyle])""")
        assert styles and all(s == ["italic", "none"] for s in styles), styles[:3]
    finally:
        context.close()


def test_inline_code_wraps_only_when_longer_than_the_line(browser, example_site) -> None:
    context = _context(browser, 390)
    try:
        page = visit(context, example_site, next(p for p in PAGES if p.name == "post-code")).page
        wrapped = page.evaluate("""() => [...document.querySelectorAll('.prose :not(pre) > code')]
          .filter(c => c.getClientRects().length && c.getBoundingClientRect().height
                       > 1.6 * parseFloat(getComputedStyle(c).lineHeight))
          .map(c => { const clone = c.cloneNode(true);
                      clone.style.cssText = 'position:absolute;left:0;top:0;'
                        + 'max-width:none;visibility:hidden';
                      c.parentElement.append(clone);
                      const wide = clone.getBoundingClientRect().width; clone.remove();
                      return [c.textContent, wide, c.parentElement.clientWidth]; })""")
        assert all(wide > room for _, wide, room in wrapped), wrapped
    finally:
        context.close()


def test_bibtex_box_wraps_on_a_phone(browser, example_site) -> None:
    context = _context(browser, 390)
    try:
        page = visit(context, example_site, next(p for p in PAGES if p.name == "publications")).page
        entry = page.locator("article#hichunk2026")
        entry.locator("details.pub-bibtex summary").tap()
        pre = entry.locator("details.pub-bibtex pre")
        widths = pre.evaluate("p => [p.scrollWidth, p.clientWidth, p.getClientRects().length]")
        assert widths[2] and widths[0] <= widths[1], widths
        # The long title line wraps: the box is taller than its lines unwrapped.
        lines = pre.inner_text().count("\n") + 1
        height = pre.evaluate("p => p.clientHeight / parseFloat(getComputedStyle(p).lineHeight)")
        assert height > lines + 2, (height, lines)
    finally:
        context.close()


EDGES = Path(__file__).parents[1] / "sites" / "screens"
"""A post made of what breaks layouts: a commit hash and a long path in inline code, a
long URL, an inline formula wider than a phone, an eleven-column table, a long comment."""


@pytest.fixture(scope="module")
def edges_site(serve_site):
    return serve_site(EDGES)


@pytest.mark.parametrize("width", [390, 1366])
def test_edge_content_stays_inside_the_page(browser, edges_site, width: int) -> None:
    post = PageType("edges", "posts/edges/", ".prose table")
    context = _context(browser, width)
    # (The video players answer with an empty page: the network is closed.)
    context.route(re.compile(r"^https?://(player\.bilibili\.com|www\.youtube\.com)/"),
                  lambda route: route.fulfill(body="", content_type="text/html"))
    try:
        seen = visit(context, edges_site, post)
        page = seen.page
        _screenshot(page, "edges", width, "light")
        problems = _check(page, post, width, "light")
        assert problems == [] and seen.console_errors == []
        # Inline code never sticks out of the column; `--use-dynamic-bsz` stays whole.
        out = page.evaluate("""() => [...document.querySelectorAll('.prose :not(pre) > code')]
          .filter(c => c.getBoundingClientRect().right
                       > document.querySelector('.prose').getBoundingClientRect().right + 1)
          .map(c => c.textContent.slice(0, 20))""")
        assert out == []
        # The punctuation after a code span ends the code's last line, never starts one.
        apart = page.evaluate("""() => [...document.querySelectorAll('.prose .nobr > code')]
          .filter(c => { const r = document.createRange(); r.selectNode(c.nextSibling);
                         const p = r.getBoundingClientRect(), b = c.getBoundingClientRect();
                         return p.top > b.bottom - 4 || p.left < b.right - 1; })
          .map(c => c.textContent.slice(0, 20))""")
        assert apart == []
        # A pasted video player fills the column at 16:9: Bilibili's code has no size (it
        # was 300 × 150), YouTube's 560 pixels (wider than a phone).
        column = page.evaluate("() => document.querySelector('.prose').clientWidth")
        for frame in page.locator(".prose iframe").all():
            box = frame.bounding_box()
            assert box is not None and abs(box["width"] - column) <= 1, (box, column)
            assert abs(box["width"] / box["height"] - 16 / 9) < 0.02, box
        flag = page.locator(".prose code", has_text="--use-dynamic-bsz")
        assert flag.evaluate("c => c.getClientRects().length") == 1
        assert flag.evaluate("c => c.getBoundingClientRect().height") < 30
        # What scrolls sideways (the table, the code block, the long formula) shows a cue.
        for selector in (".prose table", ".prose pre", ".math-inline.nobr"):
            box = page.locator(selector).first
            scrolls = box.evaluate("e => e.scrollWidth > e.clientWidth")
            cue = box.evaluate("e => getComputedStyle(e).backgroundImage.includes('gradient')")
            assert cue and (scrolls or width > 1000), selector
        # Chinese emphasis is upright: the browser may not slant a font with no italic.
        em = page.locator(".prose em").first
        assert em.evaluate("e => getComputedStyle(e).fontSynthesisStyle") == "none"
        # Footnotes: a note with a list and code stays in the list on a wide screen too
        # (its side note links there), a one-line note is in the margin only; a phone
        # shows the whole list. The browser's own tree: no side note holds a block.
        shown = page.evaluate("""() => [...document.querySelectorAll('.footnote-item')]
          .filter(li => li.getClientRects().length).map(li => li.id)""")
        assert shown == (["fn2"] if width > 1300 else ["fn1", "fn2"])
        blocks = page.evaluate("""() => [...document.querySelectorAll('.sidenote')]
          .flatMap(s => [...s.querySelectorAll('p, ul, li, div, pre')]).length""")
        assert blocks == 0
        if width > 1300:
            more = page.locator(".sidenote .sidenote-more")
            assert more.count() == 1 and more.get_attribute("href") == "#fn2"
            assert page.locator("#fn2").evaluate("li => li.value") == 2
    finally:
        context.close()
