"""Quarto, Jupyter Book, MkDocs and Sphinx projects' shapes a sixteenth round of real
repositories had (course notes, books, lab wikis). Small projects written here."""

from __future__ import annotations

from pathlib import Path

from sitebits import png, write_files
from test_import_quarto_files import built_prose


def test_a_figure_caption_holding_a_closing_parenthesis(tmp_path: Path) -> None:
    """A lecture's figure div listed its panels in the caption, "Shown are a) Max
    pooling, b) Average pooling": the image's path was taken to run on to the first
    `)`, inside the caption, and wrapped in angle brackets with half of it; the image
    was missing (a build error) and `@fig-x` referred to nothing."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "cnns.qmd": ("---\ntitle: CNNs\n---\n\n@fig-pool shows two kinds.\n\n"
                     ":::{#fig-pool}\n![](img/pool.png)\n\nShown are a) Max pooling, "
                     "b) Average pooling.\n:::\n\n[A note](notes/my notes.md \"Its (1) "
                     "title\") and [b) there](cnns.qmd).\n"),
        "notes/my notes.md": "---\ntitle: Notes\n---\n\nText.\n",
        "img/pool.png": png(4, 3)})
    prose = built_prose(source, tmp_path, "cnns/index.html")
    assert [" ".join(f.text().split()) for f in prose.find_all("figcaption")] == [
        "Figure 1 Shown are a) Max pooling, b) Average pooling."]
    assert prose.find_all("img")[0]["src"].endswith("/img/pool.png")
    assert "Figure 1 shows two kinds." in prose.text()
    assert [a["href"] for a in prose.find_all("a") if "#" not in a["href"]] == [
        "/notes/", "/cnns/"]
