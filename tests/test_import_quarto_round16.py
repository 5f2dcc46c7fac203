"""Quarto, Jupyter Book, MkDocs and Sphinx projects' shapes a sixteenth round of real
repositories had (course notes, books, lab wikis). Small projects written here."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files
from test_import_quarto_files import built_prose

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


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


def test_code_listings_and_table_divs_are_what_their_references_lead_to(
        tmp_path: Path) -> None:
    """A lecture labelled its code cells as listings (`#| lst-label: lst-x`, `#| lst-cap:
    …`) and a table as a div (`::: {#tbl-x}`, its caption the last paragraph), and
    referred to them, `@lst-x`, `@tbl-x`: Quarto read "Listing 1", "Table 1". The
    import kept each `@lst-x` and `@tbl-x` as written, raw in the page, with no
    warning. Each is a link to its listing or table now, whose caption is above it
    with the label's anchor, as the labelled table captions already were."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "frameworks.qmd": (
            "---\ntitle: Frameworks\n---\n\nSee @lst-numpy and @tbl-providers, "
            "and [-@lst-torch].\n\n```{python}\n#| eval: false\n#| lst-label: lst-numpy\n"
            "#| lst-cap: Manual differentiation with numpy\nimport numpy as np\n```\n\n"
            "::: {#tbl-providers}\n\n| Provider | Product |\n|---|---|\n| A | B |\n\n"
            "Image generation providers.\n\n:::\n\n::: {#lst-torch}\n\n```python\n"
            "import torch\n```\n\nThe same in PyTorch.\n\n:::\n")})
    prose = built_prose(source, tmp_path, "frameworks/index.html")
    links = {a.text(): a["href"] for a in prose.find_all("a") if a.get("href", "").startswith("#")}
    assert links == {"Manual differentiation with numpy": "#lst-numpy",
                     "Image generation providers.": "#tbl-providers",
                     "The same in PyTorch.": "#lst-torch"}
    ids = [a["id"] for a in prose.find_all("a") if a.get("id")]
    assert ids == ["lst-numpy", "tbl-providers", "lst-torch"]
    assert "@" not in prose.text()
    strong = [" ".join(s.text().split()) for s in prose.find_all("strong")]
    assert strong == ["Listing:", "Table:", "Listing:"]
    assert [p.text().strip() for p in prose.find_all("pre")] == ["import numpy as np",
                                                                  "import torch"]
    assert len(prose.find_all("table")) == 1


def test_a_listing_label_a_formatter_spaced_out_is_a_dangling_reference(
        tmp_path: Path) -> None:
    """black and ruff write a cell's `#| lst-label: lst-x` as `# | lst-label: lst-x`,
    which Quarto does not read: its `@lst-x` showed `?@lst-x`. The import left it as
    written, raw in the page, with no warning; it is Quarto's `?@lst-x` in bold now,
    with a warning naming it, as a reference to a missing section is."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "gpu.qmd": ("---\ntitle: GPU\n---\n\nA simple instruction (see @lst-gpu).\n\n"
                    "```{python}\n# | eval: false\n# | lst-label: lst-gpu\n# | lst-cap: To "
                    "the GPU\na = a.to(device)\n```\n")})
    done = import_site(source, tmp_path / "new")
    assert sorted((w.line or 0, w.message.split(":")[0]) for w in done.report.warnings) == [
        (5, "`@lst-gpu` refers to no listing of the project"),
        (7, "1 code cell(s) with no frozen results (no _freeze/ for this file)")]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [p.message.split(" ")[0] for p in result.warnings] == ["`{python}`"]  # (unrun)
    prose = parse_html((result.output / "gpu/index.html").read_text(encoding="utf-8"))
    assert [s.text() for s in prose.find_all("strong")] == ["?@lst-gpu"]
    assert "# | lst-label: lst-gpu" in prose.find_all("pre")[0].text()


def test_a_folder_left_out_of_render_with_its_slash(tmp_path: Path) -> None:
    """A course's `project: render:` ended `"!legacy/"`, the last year's notes kept in
    the repository and not published: the pattern named no file to the import, so 40
    old notes were pages, their slugs taking the new ones' (`overview-2`). A pattern
    ending in `/` names the folder's files, as Quarto reads it."""
    source = tmp_path / "notes"
    write_files(source, {
        "_quarto.yml": ('project:\n  type: website\n  render:\n    - "*.qmd"\n'
                        '    - "m*/*.qmd"\n    - "!legacy/"\n    - "!m01/tmp/"\n'),
        "index.qmd": "---\ntitle: Home\n---\n\nSee [the overview](m01/overview.qmd).\n",
        "m01/overview.qmd": "---\ntitle: Overview\n---\n\nNew notes.\n",
        "m01/tmp/draft.qmd": "---\ntitle: Draft\n---\n\nNot yet.\n",
        "legacy/m01/overview.qmd": "---\ntitle: Overview\n---\n\nOld notes.\n"})
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    pages = sorted(p.relative_to(done.dest / "content").as_posix()
                   for p in (done.dest / "content").rglob("*.md"))
    assert pages == ["_index.md", "pages/m01.md"]


def test_sphinx_counts_the_figures_of_unnumbered_pages_over_the_book(
        tmp_path: Path) -> None:
    """Sphinx's numfig counts the figures of the pages its toctree numbers not over the
    whole book, in the toctree's order (a course whose first part, `numbered: false`,
    reviews the mathematics, then numbered chapters): "Fig. 3" on its third page, the
    chapters' "Fig. 1.1". Each unnumbered page counted its own from 1; and a
    `{numref}` to another page's figure read its caption, not its number."""
    figure = "```{{figure}} a.png\n:name: {}\n\n{}\n```\n\n"
    write_files(tmp_path / "book", {
        "_config.yml": "title: Course\n",
        "_toc.yml": ("format: jb-book\nroot: intro\nparts:\n  - caption: Review\n"
                     "    numbered: false\n    chapters:\n      - file: review\n"
                     "  - caption: Models\n    numbered: true\n    chapters:\n"
                     "      - file: models\n  - caption: More\n    chapters:\n"
                     "      - file: more\n"),
        "intro.md": "# Intro\n\n" + figure.format("fig-a", "One.")
                    + "See {numref}`fig-c`, {numref}`Fig. %s <fig-d>` and {ref}`fig-c`.\n",
        "review.md": "# Review\n\n" + figure.format("fig-b", "Two.")
                     + figure.format("fig-c", "Three."),
        "models.md": "# Models\n\n" + figure.format("fig-m", "Model.")
                     + "As {numref}`fig-b` showed.\n",
        "more.md": "# More\n\n" + figure.format("fig-d", "Four."),
        "a.png": png(4, 3)})
    done = import_site(tmp_path / "book", tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()

    def page(url: str) -> tuple[list[str], str]:
        built = parse_html((result.output / url).read_text(encoding="utf-8"))
        return ([" ".join(c.text().split()) for c in built.find_all("figcaption")],
                " ".join(built.text().split()))

    home, review, models, more = (page(u) for u in (
        "index.html", "review/index.html", "models/index.html", "more/index.html"))
    assert home[0] == ["Figure 1 One."]
    assert review[0] == ["Figure 2 Two.", "Figure 3 Three."]
    assert models[0] == ["Figure 1.1 Model."]
    assert more[0] == ["Figure 4 Four."]
    assert "See Figure 3, Fig. 4 and Three.." in home[1]
    assert "As Figure 2 showed." in models[1]


def test_a_figure_div_s_caption_given_as_its_attribute(tmp_path: Path) -> None:
    """`::: {#fig-x fig-cap="…"}`, Quarto's caption written as the div's attribute (a
    figure of one image, or of two side by side, or of a diagram): the caption was
    lost, the figure "Figure 1" alone."""
    source = tmp_path / "notes"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "a.qmd": ("---\ntitle: A\n---\n\nSee @fig-x, @fig-y and @fig-z.\n\n"
                  "::: {#fig-x fig-cap=\"Loss over epochs.\"}\n![](a.png)\n:::\n\n"
                  "::: {#fig-y fig-cap=\"Two panels\" layout-ncol=2}\n![Left](a.png){#fig-y1}"
                  "\n\n![Right](a.png){#fig-y2}\n:::\n\n::: {#fig-z fig-cap='A listing'}\n"
                  "```python\nx = 1\n```\n:::\n"),
        "a.png": png(4, 3)})
    prose = built_prose(source, tmp_path, "a/index.html")
    assert [" ".join(f.text().split()) for f in prose.find_all("figcaption")] == [
        "Figure 1 Loss over epochs.", "(a) Left", "(b) Right", "Figure 2 Two panels",
        "Figure 3 A listing"]
    assert "See Figure 1, Figure 2 and Figure 3." in " ".join(prose.text().split())


def test_python_markdown_bold_going_on_over_a_line_break(tmp_path: Path) -> None:
    """A grammar wiki on MkDocs wrapped its paragraphs, a bold phrase over two lines:
    `**real activities (… real,⏎they are in the past)**. Using … about **potential⏎
    or possible …)**.` Python-Markdown pairs `**` over the paragraph's lines; the import
    paired them line by line, so `)**. Using … about **` was taken for a bold with a
    space inside and rewritten, and the page showed the wrong words bold."""
    source = tmp_path / "wiki"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\n",
        "docs/index.md": "# Notes\n\nSee [grammar](grammar.md).\n",
        "docs/grammar.md": (
            "# Verbs\n\nA gerund refers to **real activities (as they are real, so\n"
            "they are in the past)**. An infinitive is about **potential\nor possible "
            "activities (in the future)**.\n\nA **short one **here.\n")})
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "grammar/index.html").read_text(encoding="utf-8"))
    assert [" ".join(b.text().split()) for b in prose.find_all("strong")] == [
        "real activities (as they are real, so they are in the past)",
        "potential or possible activities (in the future)", "short one"]


def test_a_critic_comment_at_the_end_of_bold_text(tmp_path: Path) -> None:
    """A Rust notebook on MkDocs commented its headings, `#### **Logical const-ness
    {>>aka mutable<<}**`: the comment left out (Lanting has no margin notes), its space
    stayed inside the stars, `**Logical const-ness **`, which bolds nothing (a build
    warning, the stars shown)."""
    source = tmp_path / "wiki"
    write_files(source, {
        "mkdocs.yml": "site_name: Notes\nmarkdown_extensions:\n  - pymdownx.critic\n",
        "docs/index.md": ("# Rust\n\n#### **Logical const-ness {>>aka mutable<<}**\n\n"
                          "- Item\n\n    {>>a note<<} Indented text.\n")})
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "index.html").read_text(encoding="utf-8"))
    assert [b.text() for b in prose.find_all("strong")] == ["Logical const-ness"]
    assert [" ".join(li.text().split()) for li in prose.find_all("li")] == [
        "Item Indented text."]


def test_mystmd_draws_its_mermaid_diagrams(tmp_path: Path) -> None:
    """A Jupyter Book 2 workshop drew a flow chart with ```` ```{mermaid} ````: mystmd
    draws them with no extension named (Jupyter Book 1 needed sphinxcontrib-mermaid).
    The import set no `mermaid`, and the page showed the diagram's code, with a
    build warning."""
    write_files(tmp_path / "book", {
        "myst.yml": ("version: 1\nproject:\n  title: Workshop\n  toc:\n    - file: index.md\n"
                     "    - file: flow.md\nsite:\n  template: book-theme\n"),
        "index.md": "# Workshop\n\nHello.\n",
        "flow.md": "# Flow\n\n```{mermaid}\nflowchart LR\n  Start --> Stop\n```\n"})
    done = import_site(tmp_path / "book", tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "flow/index.html").read_text(encoding="utf-8"))
    assert [" ".join(p.text().split()) for p in prose.find_all("pre", "mermaid")] == [
        "flowchart LR Start --> Stop"]


def test_mystmd_s_myst_demonstration_shows_its_source_and_result(tmp_path: Path) -> None:
    """A Jupyter Book 2 workshop taught MyST with `:::{myst}` blocks, which mystmd shows
    as the MyST written and what it makes: Lanting warned of an unknown directive and
    showed the result alone, the lesson's source lost."""
    write_files(tmp_path / "book", {
        "myst.yml": ("version: 1\nproject:\n  title: Workshop\n  toc:\n    - file: index.md\n"
                     "    - file: intro.md\n"),
        "index.md": "# Workshop\n\nHello.\n",
        "intro.md": ("# Intro\n\nTry it:\n\n:::{myst}\n```{warning} Enjoyment!\nEdit "
                     "**this** line.\n```\n:::\n")})
    done = import_site(tmp_path / "book", tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "intro/index.html").read_text(encoding="utf-8"))
    assert [" ".join(p.text().split()) for p in prose.find_all("pre")] == [
        "```{warning} Enjoyment! Edit **this** line. ```"]
    callout = " ".join(prose.find_all("div", "callout")[0].text().split())
    assert "Enjoyment!" in callout and "Edit this line." in callout
    assert [b.text() for b in prose.find_all("strong")] == ["this"]


def test_a_toctree_commented_out_on_a_sphinx_page(tmp_path: Path) -> None:
    """A homepage on Sphinx and MyST had commented out a part of its index, a toctree
    with it (`<!-- ## Project ⏎```{toctree}⏎…⏎``` -->`): the import took the commented
    fence for a toctree running to the next one's end, so the "Study Note" heading and
    its list were cut out, the comment left open hid the "Course" section, and every
    line between was a toctree entry naming no document (a warning each). A toctree
    shown as an example in a code block was read as one too, and cut out of it."""
    write_files(tmp_path / "site", {
        "source/conf.py": "project = 'Home'\nextensions = ['myst_nb']\n",
        "source/index.md": (
            "# Home\n\n<!-- ## Project\n```{toctree}\n:hidden:\n:caption: Project\n\n"
            "``` -->\n\n## Study Note\n\n1. [Git notes](./git/index.md)\n2. [Docker]"
            "(./docker.md)\n\n```{toctree}\n:hidden:\n:caption: Study Note\n\ngit/index\n"
            "docker\n```\n\n## Course\n\n<!-- 1. [Old course](./old.md)\n```{toctree}\n"
            ":hidden:\n\nold\n``` -->\n\nComing soon.\n"),
        "source/git/index.md": ("# Git notes\n\nA toctree is written so:\n\n````md\n"
                                "```{toctree}\n<children pages>\n```\n````\n"),
        "source/docker.md": "# Docker\n\nText.\n",
        "source/old.md": "# Old course\n\nText.\n"})
    done = import_site(tmp_path / "site", tmp_path / "new")
    assert not [w for w in done.report.warnings if "toctree names" in w.message]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    home = parse_html((result.output / "index.html").read_text(encoding="utf-8"))
    assert [h.text().strip() for h in home.find_all("h2")][:2] == ["Study Note", "Course"]
    text = " ".join(home.text().split())
    assert "Git notes" in text and "Coming soon." in text
    git = parse_html((result.output / "git/index.html").read_text(encoding="utf-8"))
    assert [" ".join(p.text().split()) for p in git.find_all("pre")] == [
        "```{toctree} <children pages> ```"]  # (an example in code: no toctree)


def test_smarty_s_dashes(tmp_path: Path) -> None:
    """A grammar wiki on MkDocs lists Python-Markdown's `smarty`, which showed `---` as an
    em dash and `--` as an en dash: Lanting has no such typography, and some 200
    asides read `---`. They are the dashes now, in the text only (not in code, a
    formula, a rule, a table's line, a comment or an address)."""
    source = tmp_path / "wiki"
    write_files(source, {
        "mkdocs.yml": ("site_name: Notes\nmarkdown_extensions:\n  - smarty\n"
                       "  - pymdownx.arithmatex:\n      generic: true\n"),
        "docs/index.md": (
            "# Notes\n\nReal --- in the past; pages 1--3, `ls --all`, $a--b$ and "
            "[a link](https://example.com/a--b).\n\n<!-- a -- comment -->\n\n---\n\n"
            "| A | B |\n|---|---|\n| x -- y | z |\n\n```bash\ngit log --oneline\n```\n")})
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "index.html").read_text(encoding="utf-8"))
    first = " ".join(prose.find_all("p")[0].text().split())
    assert first.startswith("Real — in the past; pages 1–3, ls --all,")
    assert [a["href"] for a in prose.find_all("a") if "example" in a["href"]] == [
        "https://example.com/a--b"]
    assert [" ".join(td.text().split()) for td in prose.find_all("td")] == ["x – y", "z"]
    assert len(prose.find_all("hr")) == 1 and len(prose.find_all("table")) == 1
    assert prose.find_all("pre")[0].text().strip() == "git log --oneline"
    assert "a -- comment" in (result.output / "index.html").read_text(encoding="utf-8")


def test_a_label_option_commented_twice_is_a_dangling_reference(tmp_path: Path) -> None:
    """A German Quarto book labelled a plot cell `#| #| label: fig-x` (a toggled comment),
    which Quarto does not read: its `@fig-x` showed `?@fig-x`. The import took the label
    for given and left `@fig-x` for Lanting, whose build failed on it ("refers to no
    labelled figure"). It is Quarto's `?@fig-x` in bold now, with a warning."""
    source = tmp_path / "book"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "data.qmd": ("---\ntitle: Daten\n---\n\nEin Scatterplot @fig-scatter zeigt es.\n\n"
                     "```{python}\n#| eval: false\n#| #| label: fig-scatter\nplot(x)\n```\n")})
    done = import_site(source, tmp_path / "new")
    assert [(w.line, w.message.split(":")[0]) for w in done.report.warnings] == [
        (5, "`@fig-scatter` refers to no figure of the project")]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    prose = parse_html((result.output / "data/index.html").read_text(encoding="utf-8"))
    assert [s.text() for s in prose.find_all("strong")] == ["?@fig-scatter"]
