"""Faults real Jekyll blogs on the themes technical bloggers use exposed (TeXt, forks of
the Hux blog, Beautiful Jekyll, minimal-mistakes), in small sites written here."""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path

from sitebits import write_files

from lanting.importer import Imported, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))


def imported_site(tmp_path: Path, files: dict[str, str | bytes]) -> Imported:
    source = tmp_path / "old"
    write_files(source, files)
    return import_site(source, tmp_path / "new", "jekyll", False, NOW)


def test_a_warning_points_at_the_tag_not_at_its_example_in_a_raw_block(
        tmp_path: Path) -> None:
    """A post showing a tag inside `{% raw %}` (the example) before writing it for real
    had the real one's warning point at the example's line, the raw block's."""
    imported = imported_site(tmp_path, {
        "_config.yml": "title: Notes\nlang: en\n",
        "_posts/2021-04-02-embeds.md": "---\ntitle: Embeds\n---\n\nThe tag:\n\n```\n"
        "{% raw %}{% include player.html clip='k2' %}{% endraw %}\n```\n\n"
        "What it shows:\n\n{% include player.html clip='k2' %}\n"})
    (warning,) = imported.report.warnings
    assert warning.line == 13 and "player.html" in warning.message


TEXT_NAVIGATION = """header:
  - titles:
      en      : &EN       Reading
      zh-Hans : &ZH_HANS  读书
      zh      : *ZH_HANS
      zh-CN   : *ZH_HANS
    url: /archive.html?tag=%E8%AF%BB%E4%B9%A6
  - titles:
      en      : &EN       Archive
      zh-Hans : &ZH_HANS  归档
      zh-CN   : *ZH_HANS
    url: /archive.html
  - title: About
    url: /about.html
"""


def test_text_themes_data_is_the_themes_and_its_navigation_the_menu(tmp_path: Path) -> None:
    """TeXt keeps its settings and words in `_data/variables.yml` and `locale.yml`, which
    its layouts read: a page of its `articles` layout (a list of posts) was reported as
    showing them, to be copied by hand. Its `_data/navigation.yml` lists the menu under
    `header:`, each name in several languages (`titles:`, an anchor `&EN` defined again in
    each entry): the menu was lost, and the YAML reader's warning about the anchors was
    printed in the middle of the report (an error under pytest's `filterwarnings`)."""
    imported = imported_site(tmp_path, {
        "_config.yml": "title: 书房\nlang: zh-CN\ntext_skin: default\n",
        "_data/navigation.yml": TEXT_NAVIGATION,
        "_data/variables.yml": "default:\n  page:\n    articles:\n      show_cover: true\n",
        "_data/locale.yml": "en: &EN\n  READ_MORE: Read more\nzh-CN:\n  READ_MORE: 阅读更多\n",
        "_layouts/articles.html": "<div>{%- include article-list.html -%}</div>\n",
        "_includes/article-list.html": "{{ site.data.variables.default.page.articles }}"
        "{{ site.data.locale[lang].READ_MORE }}\n",
        "all.md": "---\nlayout: articles\ntitle: 全部文章\n---\n",
        "about.md": "---\nlayout: article\ntitle: 关于\n---\n\n一个读书的人。\n",
        "_posts/2020-03-01-books.md": "---\ntitle: 三月书单\ntags: 读书\n---\n\n读了三本书。\n"})
    assert not imported.report.warnings
    menu = tomllib.loads((imported.dest / "lanting.toml").read_text(encoding="utf-8"))["menu"]
    assert [(m["name"], m["url"]) for m in menu] == [
        ("读书", "/tags/读书/"), ("归档", "/archive/"), ("About", "/about/")]
