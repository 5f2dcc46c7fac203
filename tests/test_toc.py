"""A post's table of contents (`post.html`, `render.templates.toc_entries`): the levels of
`[markdown] toc_levels`, moved up when the post's own sections are `#` headings."""

from __future__ import annotations

from pathlib import Path

import pytest
from htmltree import parse_html
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.model.markdown import Heading
from lanting.render.templates import toc_entries


def _headings(*levels: int) -> list[Heading]:
    return [Heading(level, f"h{i}", f"H{i}") for i, level in enumerate(levels)]


@pytest.mark.parametrize(("levels", "toc_levels", "shown"), [
    ((2, 3, 3, 2, 4), (2, 3), [2, 3, 3, 2]),       # the usual post
    ((1, 2, 2, 1, 3), (2, 3), [2, 3, 3, 2]),       # `#` sections: listed, `###` not
    ((1, 2, 3), (2, 3, 4), [2, 3, 4]),
    ((3, 4, 3), (2, 3), [3, 3]),                  # no `##` at all: nothing moves down
    ((), (2, 3), []),
])
def test_the_levels_start_at_the_top_level_a_post_uses(
        levels: tuple[int, ...], toc_levels: tuple[int, ...], shown: list[int]) -> None:
    assert [level for _h, level in toc_entries(_headings(*levels), toc_levels)] == shown


def test_a_post_written_with_top_level_sections_lists_them(tmp_path: Path) -> None:
    """An Obsidian-published post (`# 经典结构`, `## 注意力机制`, `# 进展`): its table of
    contents listed the `##` headings only, under no section, and left out the two
    sections themselves."""
    write_files(tmp_path, {
        "lanting.toml": 'title = "T"\n',
        "content/posts/notes.md": "---\ntitle: Transformer 手册\ndate: 2026-01-22\n---\n\n"
                                  "# 经典结构\n\n## 注意力机制\n\n文字。\n\n### 细节\n\n文字。\n\n"
                                  "## 位置编码\n\n文字。\n\n# 进展\n\n## MoE\n\n文字。\n"})
    build(tmp_path, BuildOptions(output=tmp_path / "out"))
    toc = parse_html((tmp_path / "out/posts/notes/index.html").read_bytes()).one(
        "nav", class_="toc")
    items = [(li["class"], li.text()) for li in toc.find_all("li")]
    assert items == [("toc-level-2", "经典结构"), ("toc-level-3", "注意力机制"),
                     ("toc-level-3", "位置编码"), ("toc-level-2", "进展"),
                     ("toc-level-3", "MoE")]
