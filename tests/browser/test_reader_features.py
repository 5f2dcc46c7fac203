"""Reader features in Chromium: the light/dark toggle (remembered, no flash, absent without
JavaScript), printing a post, responsive images, and minified pages that are the same
document as the templates' output."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from site_pages import PAGES, open_context, visit

from lanting.build.cache import DocumentCache
from lanting.build.options import BuildOptions
from lanting.build.pipeline import produce

EXAMPLE = Path(__file__).resolve().parents[2] / "example"
POST = next(p for p in PAGES if p.name == "post-math")
FIGURE = next(p for p in PAGES if p.name == "post-figure")
CODE = next(p for p in PAGES if p.name == "post-code")

SCHEME = """() => ({ theme: document.documentElement.dataset.theme || null,
                     background: getComputedStyle(document.body).backgroundColor,
                     stored: localStorage.getItem('lanting-theme') })"""
LIGHT, DARK = "rgb(251, 250, 247)", "rgb(21, 23, 27)"


def test_toggle_switches_scheme_and_remembers_it(browser, example_site) -> None:
    context = open_context(browser, "desktop", "light")
    try:
        seen = visit(context, example_site, POST)
        page = seen.page
        toggle = page.locator("header .theme-toggle")
        assert toggle.is_visible()
        assert toggle.get_attribute("aria-pressed") == "false"
        assert toggle.get_attribute("aria-label") == "深色模式"
        assert page.evaluate(SCHEME) == {"theme": None, "background": LIGHT, "stored": None}
        toggle.click()
        assert page.evaluate(SCHEME) == {"theme": "dark", "background": DARK, "stored": "dark"}
        assert toggle.get_attribute("aria-pressed") == "true"
        # Another page: dark before the first frame is painted, not after a flash.
        page.add_init_script("""requestAnimationFrame(() => { window.firstFrame = [
            document.documentElement.dataset.theme,
            document.body && getComputedStyle(document.body).backgroundColor]; });""")
        page.goto(example_site.url + "blog/")
        assert page.evaluate("window.firstFrame") == ["dark", DARK]
        # Back to the system's scheme: the choice is forgotten, the page follows the system.
        page.locator("header .theme-toggle").click()
        assert page.evaluate(SCHEME) == {"theme": None, "background": LIGHT, "stored": None}
        assert seen.console_errors == [] and seen.failed_requests == []
    finally:
        context.close()


def test_a_dark_system_can_choose_light(browser, example_site) -> None:
    context = open_context(browser, "phone", "dark")
    try:
        page = visit(context, example_site, POST).page
        assert page.evaluate(SCHEME)["background"] == DARK
        page.locator(".theme-toggle").tap()
        assert page.evaluate(SCHEME) == {"theme": "light", "background": LIGHT, "stored": "light"}
        page.reload()
        assert page.evaluate(SCHEME)["background"] == LIGHT
        assert page.locator(".theme-toggle").get_attribute("aria-pressed") == "false"
    finally:
        context.close()


def test_without_javascript_no_toggle_and_the_post_reads(browser, example_site) -> None:
    context = open_context(browser, "desktop", "dark", java_script_enabled=False)
    try:
        page = visit(context, example_site, POST).page
        assert page.locator(".theme-toggle").count() == 0
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == DARK
        assert page.locator(".prose .math-display math").first.is_visible()
        box = page.locator(".prose .math-display mfrac").first.bounding_box()
        assert box and box["height"] > 20, "math is laid out without any script"
    finally:
        context.close()


def test_a_post_prints_cleanly(browser, example_site) -> None:
    context = open_context(browser, "desktop", "dark")
    try:
        page = visit(context, example_site, CODE).page
        page.emulate_media(media="print")
        hidden = page.evaluate("""() => ['.site-header', '.site-footer', '.toc', '.post-nav',
            '.skip-link', '.theme-toggle', '.copy-button'].map(s =>
              [...document.querySelectorAll(s)].every(e => e.getClientRects().length === 0))""")
        assert all(hidden), hidden
        colors = page.evaluate("""() => [getComputedStyle(document.body).backgroundColor,
                                         getComputedStyle(document.body).color]""")
        assert colors == ["rgb(255, 255, 255)", "rgb(0, 0, 0)"], "print is black on white"
        link = page.evaluate("""() => { const a = [...document.querySelectorAll('.prose a')]
              .find(a => a.getAttribute('href').startsWith('/'));
            return [a.getAttribute('href'), getComputedStyle(a, '::after').content]; }""")
        origin = example_site.url.rstrip("/")
        assert link[1] == f'" <" "{origin}" attr(href) ">"' or origin + link[0] in link[1], \
            f"links print their full URL: {link}"
        wrapped = page.evaluate("""() => [...document.querySelectorAll('.prose pre')].map(p =>
              [getComputedStyle(p).whiteSpace, p.scrollWidth <= p.clientWidth + 1])""")
        assert wrapped and all(w == ["pre-wrap", True] for w in wrapped), wrapped
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b", pdf)) >= 2
    finally:
        context.close()


# On the desktop the figure grows into the margins (57.5rem): the 1200 px variant.
@pytest.mark.parametrize(("viewport", "width"), [("desktop", 1200), ("phone", 800)])
def test_figures_load_a_webp_of_the_right_width(browser, example_site, viewport: str,
                                                width: int) -> None:
    context = open_context(browser, viewport)
    try:
        seen = visit(context, example_site, FIGURE)
        img = seen.page.locator(".prose figure picture img").first
        img.scroll_into_view_if_needed()
        seen.page.wait_for_function("""() => { const i = document.querySelector(
            '.prose figure picture img'); return i.complete && i.naturalWidth > 0; }""")
        assert img.evaluate("i => i.currentSrc").endswith(f"mechanisms-{width}w.webp")
        box = img.bounding_box()
        assert box and abs(box["width"] / box["height"] - 16 / 9) < 0.02
        assert seen.failed_requests == []
    finally:
        context.close()


CANONICAL = """() => {
  const walk = (node) => {
    if (node.nodeType !== 1) return '';
    const value = (a) => a.name === 'style' ? node.style.cssText.split(/;\\s*/).sort().join(';')
        : a.name === 'class' ? [...node.classList].join(' ')
        : node.getAttribute('name') === 'viewport' ? a.value.replace(/\\s/g, '') : a.value;
    const attrs = [...node.attributes].map(a => a.name + '=' + value(a)).sort().join(' ');
    const raw = ['SCRIPT', 'STYLE'].includes(node.tagName);
    const kids = raw ? '' : [...node.children].map(walk).join('');
    return '<' + node.tagName.toLowerCase() + ' ' + attrs + '>' + kids + '</>';
  };
  return [walk(document.documentElement), document.body.innerText,
          [...document.querySelectorAll('pre')].map(p => p.textContent)];
}"""


def _answer_with(body: bytes):
    def answer(route) -> None:
        route.fulfill(body=body, content_type="text/html; charset=utf-8")
    return answer


def test_minified_pages_are_the_same_documents(browser, example_site) -> None:
    """Each page type, as the templates wrote it and as minified: the same elements and
    attributes, the same rendered text, the same code."""
    written = Path(example_site.server.root)
    produced = produce(EXAMPLE, BuildOptions(base_url=example_site.url), DocumentCache(None))
    original = {f.path: f.data for f in produced.files if f.data is not None}
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280,
                                                                      "height": 900})
    page = context.new_page()
    try:
        checked = 0
        for page_type in PAGES:
            path = page_type.output_file()
            if path not in original:
                continue
            url = example_site.url + page_type.path
            assert len((written / path).read_bytes()) < len(original[path]), path
            page.goto(url)  # the minified page, as served, with its stylesheets
            after = page.evaluate(CANONICAL)
            page.route(url, _answer_with(original[path]))
            page.goto(url)  # the same URL, answered with the templates' own output
            before = page.evaluate(CANONICAL)
            page.unroute(url)
            if after[0] != before[0]:
                pairs = zip(after[0], before[0], strict=False)
                at = next(i for i, (a, b) in enumerate(pairs) if a != b)
                pytest.fail(f"{path}: the element tree differs: {before[0][at - 80:at + 80]!r}"
                            f" became {after[0][at - 80:at + 80]!r}")
            assert after[1] == before[1], f"{path}: the rendered text differs"
            assert after[2] == before[2], f"{path}: code differs"
            checked += 1
        assert checked >= 12
    finally:
        context.close()
