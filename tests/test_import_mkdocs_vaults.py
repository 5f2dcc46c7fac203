"""MkDocs course notes and Obsidian vaults published with MkDocs: cases that real sites
showed the importer got wrong (each with a site of our own, shaped like theirs)."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def _page(dest: Path, name: str) -> str:
    return (dest / "public" / name / "index.html").read_text(encoding="utf-8")


def test_a_link_to_a_file_whose_name_has_spaces(tmp_path: Path) -> None:
    """`[论文](../static/Traced%20ICSE%2024.pdf)` names a file of the docs folder with
    spaces in its name; the import wrote its new path with the spaces bare, which is no
    link in Markdown: the page showed the brackets and the build warned."""
    source = tmp_path / "src"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n",
        "docs/tools/reading.md": ("# 读论文\n\n- 例子见[这篇论文](../static/Traced%20ICSE%2024.pdf)"
                                  "。\n"),
        "docs/static/Traced ICSE 24.pdf": "%PDF-1.4\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    [link] = [a for a in parse_html(_page(done.dest, "reading")).find("article").find_all("a")
              if a.text() == "这篇论文"]
    assert link.attrs["href"] == "/static/Traced%20ICSE%2024.pdf"
    assert (done.dest / "public" / "static" / "Traced ICSE 24.pdf").is_file()
