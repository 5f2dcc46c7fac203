"""Hexo posts shaped like those of real NexT and Butterfly blogs that a sweep imported
(own minimal text, modelled on their layout): each case is a fault the import had."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sitebits import write_files

from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
PACKAGE = '{"dependencies": {"hexo": "^7", "hexo-renderer-marked": "^6"}}'


def hexo_site(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    """A small Hexo site (with a `package.json` naming hexo and marked) imported into
    `tmp_path/new`."""
    source = tmp_path / "old"
    write_files(source, {"package.json": PACKAGE, **files})
    return import_site(source, tmp_path / "new", "hexo", False, NOW)


def post_text(imported: Imported, name: str) -> str:
    posts = imported.dest / "content" / "posts"
    path = posts / f"{name}.md"
    return (path if path.is_file() else posts / name / "index.md").read_text(encoding="utf-8")


def test_a_scaffold_placeholder_key_keeps_the_front_matter(tmp_path: Path) -> None:
    """`typora-copy-images-to: {{ title }}` (a scaffold's line, its placeholder never
    filled) is a mapping used as a key: js-yaml reads it, ruamel refused it, and the
    post lost its title and date."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: zh-CN\n",
        "source/_posts/pose.md": "---\ntitle: 姿态估计笔记\ndate: 2020-07-15 09:57:29\n"
                                 "typora-copy-images-to: {{ title }}\n"
                                 "description: 读论文\n---\n正文。\n"})
    post = post_text(imported, "pose")
    assert "title: 姿态估计笔记" in post and "date: 2020-07-15T09:57:29" in post
    assert "summary: 读论文" in post
    assert not any("front matter not read" in e.message for e in imported.report.entries)


def test_a_list_value_in_the_permalink_is_joined_as_javascript_did(tmp_path: Path) -> None:
    """`abbrlink: [y-combinator]` under `permalink: :abbrlink/`: Hexo's permalink wrote
    the list as JavaScript's `String()` does, `/y-combinator/`; the alias was Python's
    spelling, `/['y-combinator']/`."""
    imported = hexo_site(tmp_path, {
        "_config.yml": "title: T\nlanguage: en\npermalink: :abbrlink/\n",
        "source/_posts/y.md": "---\ntitle: Y\ndate: 2023-11-09\nabbrlink:\n  - fixed-point\n"
                              "---\nText.\n"})
    assert 'aliases: ["/fixed-point/"]' in post_text(imported, "y")
