"""Math renders as real layout in Chromium, not just as markup."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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
    assert page.locator("[id='eq:ppo'] .eqno").inner_text() == "(1)"
