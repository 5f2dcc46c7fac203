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


def test_variables_in_a_raw_html_block_are_filled_in(tmp_path: Path) -> None:
    """A course's demos page showed Colab badges in raw HTML blocks, `<a href="{{< var
    colab >}}demos/clip.ipynb">`: Quarto fills `var` and `meta` there too, the import
    did not, and the links were dropped as leading nowhere (a warning each)."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "_variables.yml": "colab: \"https://colab.research.google.com/github/u/c/blob/main/\"\n",
        "demos.qmd": ("---\ntitle: Demos\nparams:\n  course: CV\n---\n\n# CLIP\n\n"
                      "```{=html}\n<a target=\"_blank\" href=\"{{< var colab >}}demos/clip"
                      ".ipynb\">\n  <img src=\"badge.png\" alt=\"Open In Colab\"/>\n</a>\n"
                      "<p>{{< meta params.course >}}</p>\n```\n"),
        "badge.png": png(4, 3)})
    prose = built_prose(source, tmp_path, "demos/index.html")
    assert [a["href"] for a in prose.find_all("a") if "colab" in a["href"]] == [
        "https://colab.research.google.com/github/u/c/blob/main/demos/clip.ipynb"]
    assert "CV" in prose.text() and "{{<" not in prose.text()
