"""The Quarto, bookdown, distill, Jupyter Book and Sphinx importers and shapes a
fifteenth round of real projects had. Small projects written here."""

from __future__ import annotations

from pathlib import Path

from sitebits import png, write_files
from test_import_quarto_files import built_prose


def test_an_unlabelled_lone_image_is_pandoc_s_unnumbered_figure(tmp_path: Path) -> None:
    """Pandoc (Quarto, bookdown, distill) shows an image alone in its paragraph as a
    figure captioned by its alt text, unnumbered: `![Figure 1: Twitter network](a.png)`
    read "Figure 1: Twitter network" below it. Lanting showed the image alone, the
    caption only its alt text; numbering it would have printed "Figure 1 Figure 1: …"
    and moved the labelled figures' numbers. It is an unnumbered figure now, its
    caption the author's as written."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/a/index.qmd": (
            "---\ntitle: A\ndate: 2024-01-02\n---\n\n![Figure 1: Twitter network](a.png)\n\n"
            "![图 2：网络](a.png)\n\n![](a.png)\n\nSee ![icon](a.png) here.\n\n"
            "![Counts](a.png){#fig-counts}\n\nAs @fig-counts shows.\n\n"
            "```markdown\n![Figure 9: code](a.png)\n```\n"),
        "posts/a/a.png": png(4, 3)})
    prose = built_prose(source, tmp_path, "posts/a/index.html")
    captions = [f.text() for f in prose.find_all("figcaption")]
    assert captions == ["Figure 1: Twitter network", "图 2：网络", "Figure 1 Counts"]
    assert len(prose.find_all("img")) == 5  # (the empty alt's and the inline one's too)
    assert "As Figure 1 shows." in prose.text()
    assert prose.one("pre").text() == "![Figure 9: code](a.png)"
