"""Cases real Quartz gardens showed, each a small garden written inline: a folder named
as one of Lanting's pages."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, messages
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

CONFIG = 'const config = { configuration: { pageTitle: "花园", locale: "zh-CN" } }\n'


def test_a_top_folder_named_as_a_lanting_page_leaves_that_url_to_it(tmp_path: Path) -> None:
    # (Quartz's `content/tags/` holds the tags' texts: its /tags/ is Lanting's tag list now)
    write_files(tmp_path / "old", {
        "quartz.config.ts": CONFIG, "content/index.md": "首页\n",
        "content/tags/setup.md": "---\ntags: [setup]\n---\n\n装机的笔记。\n"})
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    page_text = (tmp_path / "new" / "content" / "pages" / "tags-page.md").read_text(
        encoding="utf-8")
    assert "/tags/" not in page_text.split("---")[1]
    assert any("Lanting's own /tags/" in m for m in messages(imported, "content/tags"))
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []

