"""A menu too long to sit beside the site's title (an imported docs site's sections) takes
a row of its own under it on a desktop: the title shows whole, the search and theme
buttons stay on its row. A short menu stays beside the title."""

from __future__ import annotations

from pathlib import Path

from sitebits import write_files

SECTIONS = ["Engineering Tips", "Fundamentals of Time Series Forecasting", "Trees",
            "Fundamentals of Deep Learning", "Time Series Forecasting with Deep Learning",
            "Supplementary", "About"]
BOXES = """() => Object.fromEntries(['.site-title', '.site-nav', '.header-tools'].map(
    (s) => { const e = document.querySelector(s); const r = e.getBoundingClientRect();
             return [s, {top: r.top, bottom: r.bottom,
                         clipped: e.scrollWidth > e.clientWidth}]; }))"""


def _site(root: Path, names: list[str]) -> Path:
    menu = "".join(f'[[menu]]\nname = "{n}"\nurl = "/about/"\n\n' for n in names)
    write_files(root, {
        "lanting.toml": f'title = "Time Series with Deep Learning Quick Bite"\n\n{menu}',
        "content/pages/about.md": "---\ntitle: About\n---\n\nNotes.\n",
    })
    return root


def test_a_long_menu_takes_a_row_under_the_title(browser, serve_site, tmp_path) -> None:
    long = serve_site(_site(tmp_path / "long", SECTIONS))
    short = serve_site(_site(tmp_path / "short", ["Blog", "About"]))
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(long.url + "about/")
        boxes = page.evaluate(BOXES)
        assert not boxes[".site-title"]["clipped"]
        assert boxes[".site-nav"]["top"] >= boxes[".site-title"]["bottom"] - 1
        assert boxes[".header-tools"]["top"] < boxes[".site-title"]["bottom"]
        page.goto(short.url + "about/")
        boxes = page.evaluate(BOXES)
        assert boxes[".site-nav"]["top"] < boxes[".site-title"]["bottom"]
    finally:
        context.close()
