"""Hexo blogs of a later sweep (own minimal text, shaped like the real sites): what their
pages wrote must reach the new site's pages, and the site must build."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from htmltree import parse_html
from test_import_hexo_sites import hexo_site, post_text

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer.body_fragments import fragment_key, heading_matcher


def test_a_heading_named_in_pinyin_is_the_chinese_heading(tmp_path: Path) -> None:
    """`[插件](#tui-jian-cha-jian-lie-biao)` for `# 推荐插件列表`, as a table of contents
    spelt it in pinyin: no heading had that id, and the new build refused the link."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/desktop.md": (
            "---\ntitle: 桌面\ndate: 2024-03-02\n---\n\n"
            "更新的是 [插件](#tui-jian-cha-jian-lie-biao) 和 [快捷键](#kuai-jie-jian)。\n\n"
            "# 推荐插件列表\n\n文字。\n\n## 快捷键\n\n文字。\n")})
    post = post_text(imported, "desktop")
    assert "[插件](#推荐插件列表)" in post and "[快捷键](#快捷键)" in post
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    main = parse_html((imported.dest / "public" / "posts" / "desktop" / "index.html")
                      .read_text(encoding="utf-8")).one("main")
    hrefs = [unquote(a["href"]) for a in main.iter() if a.tag == "a" and a.get("href", "")
             .startswith("#")]
    assert hrefs[:2] == ["#推荐插件列表", "#快捷键"]


def test_another_post_s_heading_named_in_pinyin(tmp_path: Path) -> None:
    """`[环境](/2024/03/01/setup/#huan-jing-da-jian)`: another post's `## 环境搭建`."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/setup.md": ("---\ntitle: 准备\ndate: 2024-03-01\n---\n\n"
                                   "## 环境搭建\n\n文字。\n"),
        "source/_posts/train.md": ("---\ntitle: 训练\ndate: 2024-03-02\n---\n\n"
                                   "见 [环境](/2024/03/01/setup/#huan-jing-da-jian)。\n")})
    assert "(setup.md#环境搭建)" in post_text(imported, "train")
    assert [str(w) for w in build(imported.dest, BuildOptions()).warnings] == []


def test_pinyin_names_only_the_one_chinese_heading_it_spells() -> None:
    match = heading_matcher(["setup", "长城", "常成", "模型训练"], fragment_key)
    assert match("mo-xing-xun-lian") == "模型训练"
    assert match("chang-cheng") is None  # (two headings spell it)
    assert match("模型") is None
