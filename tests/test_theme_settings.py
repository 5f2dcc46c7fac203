"""`[theme]` of lanting.toml: each setting reaches the built pages and CSS, bad values are
errors at their line, a faint accent is a warning; `lanting theme copy` and the warning
when a copied template's original changed."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import parse_html

from lanting.model.config import ThemeConfig
from lanting.render.contrast import contrast
from lanting.render.overrides import original_digest
from lanting.render.theme import PAGE_DARK, PAGE_LIGHT, dark_accent, theme_css

Run = Callable[..., tuple[int, str, str]]

POST = "---\ntitle: A\ndate: 2026-01-01\n---\nSome `code`.\n\n```python\nx = 1\n```\n"
THEMED = '''title = "T"
[search]
enabled = false

[theme]
accent = "#1a5fb4"
font_body = ["LXGW WenKai"]
font_code = ["Fira Code", "monospace"]
width = "52rem"
custom_css = ["css/site.css"]
head_html = '<meta name="baidu-site-verification" content="code-x">'
footer_html = '<a href="https://beian.miit.gov.cn/">京ICP备12345678号-1</a>'
favicon = "/icon.png"
code_light_style = "friendly"
'''

ONE_PIXEL_PNG = (
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02"
    b"\x00\x00\x00\x90wS\xde\x00\x00\x00\x0cIDATx\x9cc8!'\x07\x00\x02\xb6\x01\x054"
    b"\xa6u\xaa\x00\x00\x00\x00IEND\xaeB`\x82"
)
"""A real image: a damaged one under static/ is a warning, and these builds are strict."""


def _style(out: Path, doc_path: str = "index.html") -> tuple[str, str]:
    """(href of style.css in the page, the CSS it names)."""
    doc = parse_html((out / doc_path).read_text(encoding="utf-8"))
    href = next(link["href"] for link in doc.find_all("link")
                if "style.css" in link.get("href", ""))
    return href, (out / href.split("?")[0].lstrip("/")).read_text(encoding="utf-8")


def test_theme_settings_reach_the_pages(make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({"lanting.toml": THEMED, "content/posts/a.md": POST,
                      "static/css/site.css": "body { letter-spacing: .01em }\n",
                      "static/icon.png": ONE_PIXEL_PNG})
    code, _out, err = run_cli("build", site, "--strict")
    assert code == 0, err
    out = site / "public"
    _href, css = _style(out)
    themed = css.split("/* [theme] of lanting.toml */", 1)[1]
    assert "--accent: #1a5fb4;" in themed and "--link: #1a5fb4;" in themed
    assert re.search(r'--font-sans: "LXGW WenKai", [^;]*"PingFang SC"', themed), themed
    assert '--font-mono: "Fira Code", monospace;' in themed
    assert "--measure: 52rem;" in themed
    assert 'prefers-color-scheme: dark' in themed and '[data-theme="dark"]' in themed
    doc = parse_html((out / "posts/a/index.html").read_text(encoding="utf-8"))
    links = [(link.get("rel"), link["href"]) for link in doc.find_all("link")]
    sheets = [href for rel, href in links if rel == "stylesheet"]
    mine = [href for href in sheets if href.startswith("/css/site.css?v=")]
    assert mine and sheets.index(mine[0]) > next(
        i for i, href in enumerate(sheets) if "style.css" in href)
    assert ("icon", "/icon.png") in links
    assert any(m.get("name") == "baidu-site-verification" for m in doc.find_all("meta"))
    footer = doc.find_all("footer")[-1]
    icp = [a for a in footer.find_all("a") if a["href"] == "https://beian.miit.gov.cn/"]
    assert icp and icp[0].text() == "京ICP备12345678号-1"
    highlight = next(href for rel, href in links if "highlight.css" in href)
    assert (out / highlight.split("?")[0].lstrip("/")).read_text() != ""


def test_theme_changes_the_css_url(make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({"content/posts/a.md": POST})
    assert run_cli("build", site)[0] == 0
    plain_href, plain = _style(site / "public")
    assert "[theme] of lanting.toml" not in plain
    (site / "lanting.toml").write_text('title = "T"\n[theme]\nwidth = "40rem"\n'
                                       '[search]\nenabled = false\n')
    assert run_cli("build", site)[0] == 0
    href, css = _style(site / "public")
    assert href != plain_href and css.startswith(plain) and "--measure: 40rem;" in css


@pytest.mark.parametrize(("line", "expected"), [
    ('accent = "blue"', r"lanting.toml:6: error: theme.accent: `blue` is not a colour"),
    ('width = "wide"', r"lanting.toml:6: error: theme.width: `wide` is not a width"),
    ('font_body = ["A;B"]', r"lanting.toml:6: error: theme.font_body.0: .* not a font"),
    ('custom_css = ["css/none.css"]', r"lanting.toml:6: error: .*no file static/css/none"),
    ('custom_css = ["../secret.css"]', r"lanting.toml:6: error: .*not a path inside static"),
    ('favicon = "icon.png"', r"lanting.toml:6: error: theme.favicon: .*neither a file"),
    ('head_html = "<div>x</div>"', r"lanting.toml:6: error: .*<div> cannot be in <head>"),
    ('footer_html = "<p><b>x</p>"', r"lanting.toml:6: error: .*<b> is not closed"),
    ('footer_html = "<a href=\'javascript:x()\'>x</a>"', r"lanting.toml:6: error: .*<a href>"),
    ('code_dark_style = "monoky"', r"lanting.toml:6: error: .*unknown Pygments style .*monokai"),
    ('colour = "#fff"', r"lanting.toml:6: error: .*unknown key `colour`"),
])
def test_bad_theme_values_are_errors_at_their_line(
        make_site: Callable[..., Path], run_cli: Run, line: str, expected: str) -> None:
    site = make_site({"lanting.toml": f'title = "T"\n[search]\nenabled = false\n\n[theme]\n'
                      f"{line}\n", "content/posts/a.md": POST})
    code, _out, err = run_cli("build", site)
    assert code == 1
    assert re.search(expected, err), err
    assert "Traceback" not in err
    assert not (site / "public").exists()


def test_every_theme_problem_is_reported_at_once(make_site: Callable[..., Path],
                                                 run_cli: Run) -> None:
    site = make_site({"lanting.toml": 'title = "T"\n[theme]\naccent = "x"\nwidth = "y"\n'})
    code, _out, err = run_cli("check", site)
    assert code == 1
    assert "lanting.toml:3: error" in err and "lanting.toml:4: error" in err


def test_a_faint_accent_is_a_warning_with_a_better_colour(
        make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({"lanting.toml": 'title = "T"\n[search]\nenabled = false\n[theme]\n'
                      'accent = "#ffcc00"\n'})
    code, _out, err = run_cli("check", site)
    assert code == 0
    match = re.search(r"lanting.toml:5: warning: `#ffcc00` has a contrast of ([\d.]+):1 .*"
                      r"that has it: (#[0-9a-f]{6})", err)
    assert match, err
    assert float(match.group(1)) < 4.5
    assert min(contrast(match.group(2), bg) for bg in PAGE_LIGHT) >= 4.5
    assert run_cli("check", site, "--strict")[0] == 1


def test_the_dark_accent_is_made_readable() -> None:
    theme = ThemeConfig(accent="#1f3a93")
    dark = dark_accent(theme)
    assert min(contrast(dark, bg) for bg in PAGE_DARK) >= 4.5
    assert f"--accent: {dark};" in theme_css(theme, ":root { }")
    assert dark_accent(ThemeConfig(accent="#123456", accent_dark="#abcdef")) == "#abcdef"


def test_font_stack_keeps_the_cjk_fallbacks_unless_it_ends_generic() -> None:
    style = ':root {\n  --font-serif: Georgia, "Songti SC", serif;\n}\n'
    css = theme_css(ThemeConfig(font_heading=("Noto Serif",)), style)
    assert '--font-serif: "Noto Serif", Georgia, "Songti SC", serif;' in css
    css = theme_css(ThemeConfig(font_heading=("Noto Serif", "serif")), style)
    assert '--font-serif: "Noto Serif", serif;' in css


# --- lanting theme copy / list / show, and stale overrides -----------------------------


def test_theme_copy_stamps_the_digest_and_builds_the_same(
        make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({"content/posts/a.md": POST})
    assert run_cli("build", site, "-o", site / "before")[0] == 0
    code, out, err = run_cli("theme", "copy", "post.html", "--site", site)
    assert code == 0, err
    copy = (site / "templates/post.html").read_text(encoding="utf-8")
    assert copy.splitlines()[0].startswith(
        f"{{# lanting theme copy: post.html sha256:{original_digest('post.html')}")
    assert run_cli("build", site, "-o", site / "after")[0] == 0
    assert (site / "after/posts/a/index.html").read_bytes() == \
        (site / "before/posts/a/index.html").read_bytes()
    code, out, _err = run_cli("theme", "list", "--site", site)
    assert "post.html  overridden" in out.splitlines()
    assert run_cli("theme", "copy", "post.html", "--site", site)[0] == 2  # exists: refused


def test_theme_copy_of_an_unknown_template_suggests_one(
        make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({})
    code, _out, err = run_cli("theme", "copy", "posts.html", "--site", site)
    assert code == 2
    assert "post.html" in err
    assert not (site / "templates").exists()


def test_check_warns_when_the_original_changed_since_the_copy(
        make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({"content/posts/a.md": POST})
    assert run_cli("theme", "copy", "post.html", "--site", site)[0] == 0
    assert run_cli("check", site, "--strict")[0] == 0
    path = site / "templates/post.html"
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"sha256:[0-9a-f]+", "sha256:0123456789abcdef", text, count=1),
                    encoding="utf-8")  # as if copied from an older theme
    code, _out, err = run_cli("check", site)
    assert code == 0
    assert re.search(r"templates/post\.html:1: warning: the theme's post\.html has changed",
                     err), err
    assert "lanting theme show post.html" in err


def test_theme_show_prints_the_original(run_cli: Run) -> None:
    code, out, _err = run_cli("theme", "show", "base.html")
    assert code == 0
    assert out.startswith("<!doctype html>") or "<html" in out


def test_a_copied_feed_template_still_starts_with_the_xml_declaration(
        make_site: Callable[..., Path], run_cli: Run) -> None:
    site = make_site({"content/posts/a.md": POST})
    assert run_cli("build", site, "-o", site / "before")[0] == 0
    assert run_cli("theme", "copy", "atom.xml", "sitemap.xml", "--site", site)[0] == 0
    assert run_cli("build", site, "-o", site / "after")[0] == 0
    for name in ("atom.xml", "sitemap.xml"):
        assert (site / "after" / name).read_bytes() == (site / "before" / name).read_bytes()
        assert (site / "after" / name).read_bytes().startswith(b"<?xml")
