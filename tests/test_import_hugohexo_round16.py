"""Faults real Chinese Hugo and Hexo technical blogs exposed in round 16 (a site whose
content Hugo mounted from another folder, …), in small sites written here."""

from __future__ import annotations

from pathlib import Path

from importbits import report_of
from sitebits import write_files
from test_import_hugo_sites import NOW

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site
from lanting.importer.detect import detect

MOUNTS = """title = "数学笔记"
languageCode = "zh-cn"

[module]
  [[module.mounts]]
    source = "notes"
    target = "content"
  [[module.mounts]]
    source = "files"
    target = "static"
"""


def test_a_hugo_site_mounting_its_content_from_a_folder_is_read_as_hugo(
        tmp_path: Path) -> None:
    """`[[module.mounts]]` with `source = "notes"`, `target = "content"` (a math wiki
    keeping its notes in `notes/`, its files in `files/` mounted at `static`): Hugo read
    its pages there, but the site, with no `content/`, was read as a folder of notes
    (its settings ignored) and its images were not found. It is a Hugo site whose
    content is `notes/` and whose static files are `files/`."""
    source = tmp_path / "old"
    write_files(source, {
        "hugo.toml": MOUNTS,
        "notes/_index.md": "---\ntitle: 首页\n---\n\n欢迎。\n",
        "notes/posts/group.md": "---\ntitle: 群论\ndate: 2023-04-01\n---\n\n"
        "设 $G$ 为群。\n\n![图](/img/cayley.svg)\n",
        "files/img/cayley.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
    })
    assert detect(source) == "hugo"
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert imported.report.warnings == [], report_of(imported)
    text = (imported.dest / "content/posts/group/index.md").read_text(encoding="utf-8")
    assert "title: 群论" in text and "![图](cayley.svg)" in text
    build(imported.dest, BuildOptions(output=tmp_path / "out"))


def test_mounts_in_the_module_file_of_config_default(tmp_path: Path) -> None:
    """The same mounts in `config/_default/module.toml`, `[[mounts]]`: Hugo merges the
    file as `[module]`; the site is Hugo's, read from the mounted folder."""
    source = tmp_path / "old"
    write_files(source, {
        "config/_default/hugo.toml": 'title = "笔记"\n',
        "config/_default/module.toml": '[[mounts]]\nsource = "wiki"\ntarget = "content"\n',
        "wiki/posts/a.md": "---\ntitle: 甲\ndate: 2024-01-02\n---\n\n正文。\n",
    })
    assert detect(source) == "hugo"
    imported = import_site(source, tmp_path / "new", "hugo", False, NOW)
    assert (imported.dest / "content/posts/a.md").is_file()
