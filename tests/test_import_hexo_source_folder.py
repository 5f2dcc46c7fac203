"""Hexo blogs kept as their `source/` folder alone (a "BlogSource" repository of a
Chinese systems blog: `_posts/`, `about/`, `tags/`, no `_config.yml`), and the
hexo-markmap mind maps in their posts. Own minimal text, shaped like that repository."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from htmltree import parse_html
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.errors import UsageError
from lanting.importer import detect, import_site
from lanting.importer.common import Options

NOW = Options(now=dt.datetime(2024, 1, 1, tzinfo=dt.UTC))

SOURCE_FOLDER = {
    "_posts/Buffer-Pool.md": "---\ntitle: 缓冲池\ndate: 2021-05-02 10:00:00\n"
                             "tags:\n- 数据库\n---\n\n**摘要**\n\n<!--more-->\n\n"
                             "{% markmap %}\n- Buffer Pool\n    - Replacement\n"
                             "        - LRU-K\n        - Clock\n    - Prefetch\n"
                             "{% endmarkmap %}\n\n见{% post_link Lock-Manager %}。\n",
    "_posts/Lock-Manager.md": "---\ntitle: 锁管理\ndate: 2021-04-01 09:00:00\n---\n\n正文。\n",
    "about/index.md": "---\ntitle: 关于我\ndate: 2018-01-28 23:12:28\n---\n\n脚踏实地。\n",
    "tags/index.md": "---\ntitle: 标签\ntype: \"tags\"\n---\n",
}


def test_a_hexo_source_folder_alone_is_detected_and_imported(tmp_path: Path) -> None:
    """The folder was not recognised at all, and `--from hexo` failed with
    "[Errno 2] No such file or directory: …/_config.yml". It is Hexo's `source/`: its
    posts, pages and links come over, read with Hexo's default settings (a notice
    says so and how to carry the old settings over)."""
    source = tmp_path / "BlogSource"
    write_files(source, SOURCE_FOLDER)
    assert detect(source) == "hexo"
    imported = import_site(source, tmp_path / "new", "hexo", False, NOW)
    assert any("no `_config.yml`" in e.message for e in imported.report.entries)
    assert imported.report.warnings == []
    result = build(imported.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    public = imported.dest / "public"
    page = parse_html((public / "posts" / "buffer-pool" / "index.html")
                      .read_text(encoding="utf-8")).one("main")
    # the mind map is the outline it was drawn from, nested as written
    items = [li for li in page.find_all("li") if "Clock" in li.text()]
    own = ["".join(c for c in li.children if isinstance(c, str)).strip() for li in items]
    assert own == ["Buffer Pool", "Replacement", "Clock"]  # nested, outermost first
    assert items[2] in list(items[1].iter()) and items[1] in list(items[0].iter())
    assert "markmap" not in page.text()
    assert any(a["href"].rstrip("/").endswith("/posts/lock-manager") for a in
               page.find_all("a") if a.text() == "锁管理")
    assert (public / "about" / "index.html").is_file()


def test_a_folder_of_posts_with_nothing_of_hexo_is_not_taken_for_hexo(
        tmp_path: Path) -> None:
    """Without settings, `_posts/` alone says nothing: only Hexo's own tags or tag pages
    make it Hexo's `source/`."""
    write_files(tmp_path, {"_posts/2020-01-01-a.md": "---\ntitle: A\n---\n\ntext\n"})
    with pytest.raises(UsageError):
        detect(tmp_path)


def test_posts_named_without_dates_make_a_hexo_source_folder(tmp_path: Path) -> None:
    """A Fluid blog's `source/` backed up alone, its posts using none of Hexo's link
    tags (`_posts/AINN-Attention.md`, notes and Mermaid only): not recognised. Jekyll
    reads no post whose name does not start with its date; Hexo names them so."""
    write_files(tmp_path, {
        "_posts/AINN-Attention.md": "---\ntitle: 注意力\ndate: 2025-07-28\n---\n\n"
                                    "{% note info %}\n要点。\n{% endnote %}\n",
        "_posts/Algorithm-BFS.md": "---\ntitle: 搜索\ndate: 2025-07-01\n---\n\n正文。\n",
        "about/index.md": "---\ntitle: 关于\n---\n\n我。\n"})
    assert detect(tmp_path) == "hexo"


def test_a_folder_of_posts_alone_as_hexo_is_a_usage_error(tmp_path: Path) -> None:
    """`--from hexo` on a repository of posts alone (no `_config.yml`, no `_posts/`):
    the command printed Python's `[Errno 2] No such file or directory` and nothing
    more. It says what a Hexo site holds and how to read such a folder."""
    write_files(tmp_path / "old", {"vit.md": "---\ntitle: ViT\ndate: 2022-06-11\n---\n正文。\n"})
    with pytest.raises(UsageError, match=r"has no `_config.yml`.*`_posts/`"):
        import_site(tmp_path / "old", tmp_path / "new", "hexo", False, NOW)
