"""A Jekyll blog written in two languages, as bilingual researchers keep them: each post
has its `lang` and names its other version (`zh_url:` / `en_url:`), and the theme's blog
page pairs them with Liquid loops written with whitespace control (`{%- for -%}`). Shaped
like real al-folio and Jekyll blogs of Chinese ML researchers, written here."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from importbits import page, redirect_target, report_of
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))

SITE = {
    "_config.yml": "title: Notes\nlang: en\nurl: https://x.github.io\ninclude: [_pages]\n",
    "assets/js/mathjax-setup.js": "window.MathJax = { tex: { inlineMath: [['$', '$'], "
                                  "['\\\\(', '\\\\)']] } };\n",
    "_layouts/post.html": "{{ content }}\n",
    "_posts/2025-11-15-ppo-en.md": (
        "---\nlayout: post\ntitle: PPO in practice\ndate: 2025-11-15\n"
        "categories: rl\nlang: en\nzh_url: /rl/2025/11/15/ppo-zh.html\n"
        "zhihu_url: https://zhuanlan.zhihu.com/p/1\n---\n\nThe clipped objective.\n"),
    "_posts/2025-11-15-ppo-zh.md": (
        "---\nlayout: post\ntitle: PPO 实践\ndate: 2025-11-15\ncategories: rl\nlang: zh\n"
        "en_url: /rl/2025/11/15/ppo-en.html\n---\n\n截断目标。\n\n"
        "<details>\n<summary>为什么 $k_2$ 有偏？</summary>\n"
        "<p>因为 \\(\\mathbb{E}[k_2] \\ne \\mathrm{KL}\\)，价格 $5 与 $10 不是公式。</p>\n"
        "</details>\n"),
    "_posts/2025-12-01-notes.md": (
        "---\nlayout: post\ntitle: Notes only in Chinese\ndate: 2025-12-01\nlang: zh-CN\n"
        "en_url: /nowhere.html\n---\n\n只有中文。\n"),
    "_pages/blog.md": (
        "---\nlayout: default\npermalink: /blog/\ntitle: Blog\n---\n\n"
        '<div class="post">\n<h1>The Blog</h1>\n<p class="lead">Notes on reinforcement '
        "learning and systems, written to clarify my own thinking.</p>\n</div>\n\n"
        "{%- assign postlist = site.posts -%}\n{%- for post in postlist -%}\n"
        "{%- if post.lang == 'zh' and post.en_url -%}{%- continue -%}{%- endif -%}\n"
        '<a href="{{ post.url }}">{{ post.title }}</a>\n{%- endfor -%}\n'),
}


def _imported(tmp_path: Path) -> tuple[Path, str]:
    source = tmp_path / "old"
    write_files(source, SITE)
    imported = import_site(source, tmp_path / "new", "jekyll", False, NOW)
    return imported.dest, report_of(imported)


def test_each_post_keeps_its_language_and_its_other_version(tmp_path: Path) -> None:
    dest, report = _imported(tmp_path)
    config = (dest / "lanting.toml").read_text(encoding="utf-8")
    assert 'languages = ["en", "zh"]' in config
    out = build(dest, BuildOptions(output=tmp_path / "out")).output
    english, chinese = page(out, "/posts/ppo-en/"), page(out, "/zh/posts/ppo-zh/")
    assert chinese.one("html")["lang"] == "zh"
    alternates = {link["hreflang"]: link["href"] for link in english.find_all("link")
                  if link.get("rel") == "alternate" and link.get("hreflang")}
    assert alternates["zh"].endswith("/zh/posts/ppo-zh/")
    # Each language lists its own posts: the versions are not side by side any more.
    blog = [a["href"] for a in page(out, "/blog/").find_all("a") if "/posts/" in a["href"]]
    assert "/posts/ppo-en/" in blog and not any("ppo-zh" in href for href in blog)
    assert redirect_target(out, "/rl/2025/11/15/ppo-zh.html") == "/zh/posts/ppo-zh/"
    assert "translations paired ×1" in report
    assert "`zhihu_url`" in report  # (not a language: named among the keys left out)


def test_a_version_naming_no_post_is_a_warning_at_its_line(tmp_path: Path) -> None:
    _dest, report = _imported(tmp_path)
    assert ("_posts/2025-12-01-notes.md:6: warning: `en_url: /nowhere.html` names no post "
            "of the site") in report


def test_the_themes_blog_page_with_whitespace_control_is_left_to_lanting(
        tmp_path: Path) -> None:
    """`{%- for post in postlist -%}` was not seen as a loop (`{% for` only): the page
    was imported with 20 Liquid leftovers and claimed `/blog/`, so the build failed."""
    dest, report = _imported(tmp_path)
    assert not (dest / "content/pages/blog.md").exists()
    assert "_pages/blog.md: notice: left out: a listing page, which Lanting makes" in report
    build(dest, BuildOptions(output=tmp_path / "out"))


def test_formulas_in_raw_html_are_rendered(tmp_path: Path) -> None:
    """MathJax typeset `$k_2$` inside `<summary>`; Lanting passed raw HTML on as written,
    so the formula reached the page as TeX (with a warning)."""
    dest, _report = _imported(tmp_path)
    written = (dest / "content/posts/ppo-zh.zh.md").read_text(encoding="utf-8")
    assert "<p>因为 \\(\\mathbb{E}[k_2]" in written  # kept as TeX, not a parenthesis
    result = build(dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    details = page(result.output, "/zh/posts/ppo-zh/").one("div", class_="prose").one(
        "details")
    summary = details.one("summary")
    assert summary.one("math").text() == "k2" and "$" not in summary.text()
    assert [m.text() for m in details.find_all("math")][1] == "𝔼[k2]≠KL"
    assert "价格 $5 与 $10 不是公式" in details.text()
