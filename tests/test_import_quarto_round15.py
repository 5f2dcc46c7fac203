"""The Quarto, bookdown, distill, Jupyter Book and Sphinx importers and shapes a
fifteenth round of real projects had. Small projects written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files
from test_import_quarto_files import built_prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


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
            "```markdown\n![Figure 9: code](a.png)\n```\n\nCode:\n\n    ![Figure 8: x](a.png)\n\n"
            "- An item.\n\n    ![In a list](a.png)\n"),
        "posts/a/a.png": png(4, 3)})
    prose = built_prose(source, tmp_path, "posts/a/index.html")
    captions = [f.text() for f in prose.find_all("figcaption")]
    assert captions == ["Figure 1: Twitter network", "图 2：网络", "Figure 1 Counts",
                        "In a list"]
    assert len(prose.find_all("img")) == 6  # (the empty alt's and the inline one's too)
    assert "As Figure 1 shows." in prose.text()
    assert [p.text().strip() for p in prose.find_all("pre")] == [
        "![Figure 9: code](a.png)", "![Figure 8: x](a.png)"]  # (code: as written)


def test_bookdown_figures_kept_in_bookdown_files(tmp_path: Path) -> None:
    """bookdown keeps what knitr drew for a chapter in `_bookdown_files/<chapter>_files/`
    (named after the chunk's label); a book committed without its rendered pages lost
    those figures (the chunks' code alone, `\\@ref(fig:x)` a reference to nothing). They
    are the chunks' figures now, a chunk of two plots one figure of both; a captioned
    chunk whose figure is nowhere is a warning, and so is the page that is not there."""
    book = tmp_path / "book"
    chunk = "```{{r {}, fig.cap=\"{}\"{}}}\nplot(x)\n```\n\n"
    write_files(book, {
        "_bookdown.yml": 'rmd_files: ["index.Rmd", "01-a.Rmd"]\n',
        "index.Rmd": "---\ntitle: B\nsite: bookdown::bookdown_site\n---\n\n# Preface {-}\n",
        "01-a.Rmd": ("# Plots\n\n" + chunk.format("hist", "Heights, $\\\\bar{y}$ marked",
                                                  ", echo=FALSE")
                     + chunk.format("pair", "Two views", "") + chunk.format("gone", "Lost", "")
                     + "See Figures \\@ref(fig:hist) and \\@ref(fig:pair).\n"),
        "_bookdown_files/01-a_files/figure-html/hist-1.png": png(4, 3),
        "_bookdown_files/01-a_files/figure-html/pair-1.png": png(4, 3),
        "_bookdown_files/01-a_files/figure-html/pair-2.png": png(4, 3),
        "_bookdown_files/01-a_files/figure-latex/hist-1.pdf": "%PDF-1.5\n"})
    done = import_site(book, tmp_path / "new")
    assert sorted(w.message.split(":")[0] for w in done.report.warnings) == [
        "1 figure chunk(s) (a `fig.cap`) whose figure neither the rendered book nor "
        "`_bookdown_files/` holds", "no page of the rendered book for this chapter"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "01-a/index.html").read_text(encoding="utf-8"))
    labels = [s.text() for s in prose.find_all("span", "figure-label")]
    assert labels == ["Figure 1.1", "Figure 1.2", "Figure 1.3"]
    assert len(prose.find_all("img")) == 3
    assert "See Figures 1.1 and 1.2." in " ".join(prose.text().split())
    assert "plot(x)" in prose.text()  # (the chunks that showed their code)


def test_sphinx_counts_a_chapter_s_figures_over_its_sub_pages(tmp_path: Path) -> None:
    """Sphinx's numfig numbers a numbered book's figures per chapter over the toctree
    (`numfig_secnum_depth: 1`): the sub-pages of chapter 1 go on from its own figures,
    "Fig. 1.2", "Fig. 1.3"; each sub-page counted its own from 1, "Figure 1". A caption
    repeating the number Sphinx gave (`Figure 1.4: …`) loses it, as on other pages. A
    figure without a caption Sphinx numbered not, and Lanting does not either."""
    figure = "```{{figure}} a.png\n:name: {}\n\n{}\n```\n\n"
    write_files(tmp_path / "book", {
        "_config.yml": "title: Book\n",
        "_toc.yml": ("format: jb-book\nroot: intro\ndefaults:\n  numbered: true\n"
                     "chapters:\n  - file: a\n    sections:\n      - file: a1\n"
                     "      - file: a2\n  - file: b\n"),
        "intro.md": "# Intro\n\nHello.\n",
        "a.md": "# A\n\n" + figure.format("fig-a", "One."),
        "a1.md": "# A1\n\n" + figure.format("fig-b", "Two.") + figure.format("fig-c", "Three.")
                 + "```{figure} a.png\n```\n\nSee {numref}`fig-c`.\n",
        "a2.md": "# A2\n\n" + figure.format("fig-d", "Figure 1.4: Four."),
        "b.md": "# B\n\n" + figure.format("fig-e", "Five."),
        "a.png": png(4, 3)})
    done = import_site(tmp_path / "book", tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()

    def shown(url: str) -> list[str]:
        built = parse_html((result.output / url).read_text(encoding="utf-8"))
        return [" ".join(c.text().split()) for c in built.find_all("figcaption")]

    assert shown("a/index.html") == ["Figure 1.1 One."]
    assert shown("a1/index.html") == ["Figure 1.2 Two.", "Figure 1.3 Three."]
    assert shown("a2/index.html") == ["Figure 1.4 Four."]
    assert shown("b/index.html") == ["Figure 2.1 Five."]
    a1 = parse_html((result.output / "a1/index.html").read_text(encoding="utf-8"))
    assert "See Figure 1.3." in " ".join(a1.text().split())


def test_a_fragment_naming_a_heading_by_its_words(tmp_path: Path) -> None:
    """A Quarto site made of an Obsidian vault links a heading of another document by
    its words, `semantics.qmd#Semantic nihilism`: Pandoc's id is `semantic-nihilism`,
    so the old link led to the page's top, and Lanting's build failed on it ("no
    anchor"). It leads to the heading's id now (its own `{#id}` if it has one)."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "a.qmd": ("---\ntitle: A\n---\n\nA [nihilist](semantics.qmd#Semantic nihilism), "
                  "a [theory](semantics.qmd#crude  CAUSAL theory), an "
                  "[id](semantics.qmd#semantic-nihilism), [the *Sellars* view]"
                  "(semantics.qmd#The Sellars view).\n"),
        "semantics.qmd": ("---\ntitle: Semantics\n---\n\n## Semantic nihilism\n\nText.\n\n"
                          "## Crude causal theory {#crude}\n\nText.\n\n"
                          "## The [*Sellars*](s.qmd) view\n\nText.\n"),
        "s.qmd": "---\ntitle: S\n---\n\nText.\n"})
    prose = built_prose(source, tmp_path, "a/index.html")
    assert [a["href"] for a in prose.find_all("a")] == [
        "/semantics/#semantic-nihilism", "/semantics/#crude", "/semantics/#semantic-nihilism",
        "/semantics/#the-sellars-view"]


def test_a_titled_lone_image_is_no_numbered_figure(tmp_path: Path) -> None:
    """Pandoc shows an image's title as a tooltip, its alt text the caption, and numbers
    no unlabelled figure; Lanting numbers a titled image, so `![](a.png "Tip")` was
    "Figure 1 Tip" and the labelled figure after it "Figure 2" (Quarto's "Figure 1")."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/a/index.qmd": (
            "---\ntitle: A\ndate: 2024-01-02\n---\n\n![An elephant](a.png \"Title\")\n\n"
            "![](a.png 'Tip')\n\n![Counts](a.png){#fig-counts}\n\nAs @fig-counts shows.\n"),
        "posts/a/a.png": png(4, 3)})
    prose = built_prose(source, tmp_path, "posts/a/index.html")
    assert [f.text() for f in prose.find_all("figcaption")] == ["An elephant",
                                                               "Figure 1 Counts"]
    assert len(prose.find_all("img")) == 3 and "As Figure 1 shows." in prose.text()
