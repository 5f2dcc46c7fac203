"""Math renders as real layout in Chromium, not just as markup."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import screenshot_dir

SITE = Path(__file__).parents[1] / "sites" / "math"


@pytest.fixture(scope="module")
def math_site(serve_site):
    return serve_site(SITE)


def test_no_dollar_delimiters_left(math_site) -> None:
    html = (Path(math_site.server.root) / "posts" / "formulas" / "index.html").read_text()
    prose = re.split(r'<div class="?prose"?>', html, maxsplit=1)[1]  # minified or not
    without_money = prose.replace("$5 and $10", "").replace("$5 涨到 $10", "").replace("$20", "")
    without_money = without_money.replace("<code>$x$</code>", "")
    assert "$" not in without_money


def test_layout(page, math_site) -> None:
    page.goto(math_site.url + "posts/formulas/")
    boxes = page.evaluate("""() => {
      const box = (el) => { const r = el.getBoundingClientRect();
                            return [r.top, r.bottom, r.left, r.right, r.height]; };
      const frac = document.querySelector('.math-display mfrac');
      const cases = [...document.querySelectorAll('.math-display mo')]
        .find(m => m.textContent === '{');
      const row = document.querySelector('.math-display mtable mtr');
      const matrixRow = [...document.querySelectorAll('.math-display mtable')].at(-1)
        .querySelector('mtr');
      const line = document.querySelector('.prose p');
      return {
        num: box(frac.children[0]), den: box(frac.children[1]),
        brace: box(cases), lineHeight: parseFloat(getComputedStyle(line).lineHeight),
        cells: [...matrixRow.children].map(box),
        font: getComputedStyle(document.querySelector('math')).fontFamily,
        fontLoaded: document.fonts.check('16px "Lanting Math"'),
      };
    }""")
    assert boxes["num"][1] <= boxes["den"][0] + 1, "numerator sits above the denominator"
    assert boxes["brace"][4] > 1.5 * boxes["lineHeight"], "the cases brace stretches over rows"
    assert len(boxes["cells"]) == 2, "the matrix has two columns"
    assert boxes["cells"][0][3] <= boxes["cells"][1][2], "side by side"
    assert "Lanting Math" in boxes["font"]
    assert page.console_errors == [] and page.failed_requests == []


def test_equation_reference_links_to_number(page, math_site) -> None:
    page.goto(math_site.url + "posts/formulas/")
    ref = page.locator("a.eqref")
    assert ref.inner_text() == "(1)"
    number = page.locator("[id='eq:ppo']")
    assert number.text_content() == "(1)"
    # the number sits at the right edge of the formula's column (its content box: the
    # block's padding leaves room for italic overhang)
    edges = page.evaluate("""() => {
      const cell = document.getElementById('eq:ppo');
      const block = cell.closest('.math-display');
      const text = cell.querySelector('mtext').getBoundingClientRect();
      const right = block.getBoundingClientRect().right
        - parseFloat(getComputedStyle(block).paddingRight);
      return [text.right, right, cell.tagName];
    }""")
    assert abs(edges[0] - edges[1]) < 4 and edges[2].lower() == "mtd"
    ref.click()
    page.wait_for_function("location.hash === '#eq:ppo'")


def test_accents_sit_over_italic_letters(page, example_site) -> None:
    """`\\hat{g}` and `\\vec{v}`: the accent's ink is centred over the letter's ink, which
    leans right of its box (Chromium centres accents over the box)."""
    page.goto(example_site.url + "en/math/")
    offsets = page.evaluate("""() => [...document.querySelectorAll('mover[accent="true"]')]
      .filter(m => m.firstElementChild.tagName === 'mi'
                   && /^[gv]$/.test(m.firstElementChild.textContent))
      .slice(0, 2).map(m => {
        const base = m.children[0].getBoundingClientRect();
        const accent = m.children[1].getBoundingClientRect();
        return (accent.left + accent.width / 2) - (base.left + base.width / 2);
      })""")
    assert len(offsets) == 2
    assert all(offset > 0.5 for offset in offsets), offsets  # moved right, as TeX does


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_gallery_renders_and_is_photographed(page, example_site, scheme: str) -> None:
    """Every construct of the math gallery lays out (no error, no empty formula, nothing
    wider than its column unless it scrolls); photographed for a person to look at."""
    page.emulate_media(color_scheme=scheme)
    page.goto(example_site.url + "en/math/")
    page.evaluate("document.fonts.ready")
    report = page.evaluate("""() => {
      const maths = [...document.querySelectorAll('.prose math')];
      return {count: maths.length,
              empty: maths.filter(m => m.getBoundingClientRect().width < 1).length,
              errors: document.querySelectorAll('.math-error').length,
              font: document.fonts.check('16px "Lanting Math"')};
    }""")
    assert report["count"] > 100 and report["empty"] == 0 and report["errors"] == 0
    assert report["font"]
    assert page.console_errors == [] and page.failed_requests == []
    height = page.evaluate("document.scrollingElement.scrollHeight")
    for n, top in enumerate(range(0, height, 2400)):
        page.screenshot(path=screenshot_dir() / f"math-gallery-{scheme}-{n}.png", full_page=True,
                        clip={"x": 0, "y": top, "width": 1280,
                              "height": min(2400, height - top)}, animations="disabled")


def test_a_formula_katex_rendered_before_shows_once(page, serve_site, make_site, post) -> None:
    """A formula pasted as KaTeX rendered it: without KaTeX's stylesheet its HTML half
    showed as a heap of glyphs beside the MathML; the MathML alone shows, in the math
    font."""
    katex = (Path(__file__).parents[1] / "fixtures/katex/prerendered.html").read_text("utf-8")
    served = serve_site(make_site({"content/posts/k.md": post("K", body=katex + "\n")}))
    page.goto(served.url + "posts/k/")
    shown = page.evaluate("""() => {
      const html = document.querySelector('.katex-html');
      const math = document.querySelector('.katex math').getBoundingClientRect();
      return {htmlShown: html.getClientRects().length > 0, mathWidth: math.width,
              font: getComputedStyle(document.querySelector('.katex math')).fontFamily};
    }""")
    assert shown["htmlShown"] is False
    assert shown["mathWidth"] > 20
    assert "Lanting Math" in shown["font"]
    assert "GLYPHS" not in page.locator(".prose").inner_text()
