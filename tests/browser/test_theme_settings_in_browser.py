"""`[theme]` in Chromium: the same site built plain and with `[theme]` settings looks as
the settings say — accent on links in both schemes, fonts, column width, the site's own
stylesheet, the footer line — and the screenshots of the two differ."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import screenshot_dir

from lanting.model.config import ThemeConfig
from lanting.render.theme import dark_accent

POST = ("---\ntitle: 强化学习笔记\ndate: 2026-01-01\n---\n"
        "策略梯度的一段说明，带一个[链接](https://example.net/)和 `code`。\n\n"
        "```python\nloss = -advantage * log_prob\n```\n")
BASE = 'title = "兰亭"\nauthor = "Ann"\n[search]\nenabled = false\n'
ACCENT = "#0b6e4f"
THEME = f'''
[theme]
accent = "{ACCENT}"
font_body = ["Noto Serif CJK SC", "serif"]
font_code = ["DejaVu Sans Mono", "monospace"]
width = "36rem"
custom_css = ["css/site.css"]
footer_html = '<a href="https://beian.miit.gov.cn/">京ICP备12345678号-1</a>'
'''
SITE_CSS = ".prose p { border-left: 4px solid var(--accent); padding-left: 8px; }\n"

STYLES = """() => {
  const s = (q) => getComputedStyle(document.querySelector(q));
  return { link: s('.prose a').color, font: s('body').fontFamily,
           code: s('pre code').fontFamily, width: s('.wrap').maxWidth,
           border: s('.prose p').borderLeftColor,
           borderWidth: s('.prose p').borderLeftWidth };
}"""


def _rgb(colour: str) -> str:
    value = colour.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(value[i:i + 2], 16) for i in (0, 2, 4)))


def _site(root: Path, themed: bool) -> Path:
    site = root / ("themed" if themed else "plain")
    (site / "content/posts").mkdir(parents=True)
    (site / "static/css").mkdir(parents=True)
    (site / "lanting.toml").write_text(BASE + (THEME if themed else ""), encoding="utf-8")
    (site / "content/posts/notes.md").write_text(POST, encoding="utf-8")
    (site / "static/css/site.css").write_text(SITE_CSS, encoding="utf-8")
    return site


@pytest.fixture(scope="module")
def sites(serve_site, tmp_path_factory: pytest.TempPathFactory) -> tuple[object, object]:
    root = tmp_path_factory.mktemp("theme-sites")
    return serve_site(_site(root, False)), serve_site(_site(root, True))


def test_theme_settings_change_the_rendered_page(browser, sites) -> None:
    plain, themed = sites
    shots = {}
    seen = {}
    for name, served in (("plain", plain), ("themed", themed)):
        context = browser.new_context(viewport={"width": 1000, "height": 800},
                                      color_scheme="light")
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m, errors=errors: m.type == "error" and errors.append(m.text))
        page.goto(served.url + "posts/notes/")
        page.evaluate("document.fonts.ready")
        seen[name] = page.evaluate(STYLES)
        seen[name]["footer"] = page.locator("footer.site-footer").inner_text()
        path = screenshot_dir() / f"theme-settings-{name}.png"
        shots[name] = page.screenshot(path=str(path), full_page=True)
        page.emulate_media(color_scheme="dark")
        seen[name]["dark_link"] = page.evaluate(STYLES)["link"]
        page.screenshot(path=str(screenshot_dir() / f"theme-settings-{name}-dark.png"),
                        full_page=True)
        assert errors == []
        context.close()
    mine, theirs = seen["themed"], seen["plain"]
    assert mine["link"] == _rgb(ACCENT) != theirs["link"]
    assert mine["dark_link"] == _rgb(dark_accent(ThemeConfig(accent=ACCENT)))
    assert mine["dark_link"] != theirs["dark_link"]
    assert mine["font"] == '"Noto Serif CJK SC", serif' != theirs["font"]
    assert mine["code"] == '"DejaVu Sans Mono", monospace'
    assert mine["width"] == "576px" and theirs["width"] == "704px"  # 36rem, the theme's 44rem
    assert mine["border"] == _rgb(ACCENT) and mine["borderWidth"] == "4px"
    assert theirs["borderWidth"] == "0px"  # no custom_css: the file is copied, not linked
    assert "京ICP备12345678号-1" in mine["footer"]
    assert "京ICP备" not in theirs["footer"]
    assert shots["themed"] != shots["plain"]
