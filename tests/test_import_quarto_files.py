"""The Quarto importer and the files a project's documents name from its root
(`/images/x.png`), and old URLs Lanting cannot answer at: shapes a real ML blog had."""

from __future__ import annotations

import json
from pathlib import Path

from htmltree import Element, parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def _notebook(front: str, markdown: str) -> str:
    return json.dumps({"cells": [
        {"cell_type": "raw", "metadata": {}, "source": front},
        {"cell_type": "markdown", "metadata": {}, "source": markdown}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5})



def built_prose(source: Path, tmp_path: Path, page: str) -> Element:
    """The prose of output `page` once the Quarto site at `source` is imported and built,
    with no warning at either step."""
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    built = parse_html((result.output / page).read_text(encoding="utf-8"))
    return built.one("div", class_="prose")

def test_images_named_from_the_project_root_are_copied(tmp_path: Path) -> None:
    """`/images/gat/heads.png` is a path from the project's root to Quarto: a page's, a
    post's and a notebook post's (raw `<img>` or Markdown) were left as written and not
    copied, and the build failed on every one (93 on a real blog)."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "images/gat/heads.png": png(40, 30),
        "images/book/cover.png": png(30, 40),
        "images/gat/layer.png": png(50, 30),
        "images/book/back.png": png(30, 50),
        "book.qmd": "---\ntitle: Book\n---\n\n"
                    '<center><img src="/images/book/cover.png" width="200"></center>\n',
        "posts/attention/index.qmd": "---\ntitle: Attention\ndate: 2024-02-01\n---\n\n"
                                     "![Heads](/images/gat/heads.png)\n",
        "posts/gat.ipynb": _notebook(
            "---\ntitle: GAT\ndate: 2024-02-02\n---",
            '<center><img src="/images/gat/layer.png"></center>\n\n'
            "![Back](/images/book/back.png)\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    for page in ("book/index.html", "posts/attention/index.html", "posts/gat/index.html"):
        html = parse_html((result.output / page).read_text(encoding="utf-8"))
        images = html.one("div", class_="prose").find_all("img")
        assert images, page
        for image in images:
            assert (result.output / image["src"].lstrip("/")).is_file(), (page, image["src"])


def test_an_old_url_no_redirect_page_can_answer_is_reported(tmp_path: Path) -> None:
    """A notebook post's alias `old-name.ipynb` (the blog's former notebook URL) became
    an alias Lanting's build rejects ("end it with `/` or `.html`"): the whole build
    failed. It is left out with a warning naming it; the others are kept."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/decoding.ipynb": _notebook(
            "---\ntitle: Decoding\ndate: 2023-06-07\naliases:\n  - /decoding/\n"
            "  - 2022-06-07-decoding.ipynb\n---", "Greedy search.\n"),
    })
    done = import_site(source, tmp_path / "new")
    [warning] = done.report.warnings
    assert "`/posts/2022-06-07-decoding.ipynb` left out" in warning.message
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    assert (result.output / "decoding/index.html").is_file()


def test_a_bare_aligned_block_is_a_formula(tmp_path: Path) -> None:
    """Pandoc hands a bare `\\begin{aligned}` block to MathJax as display math, so the
    Quarto site showed it as a formula; Lanting reads only amsmath's top-level
    environments bare, and a real economics blog's 20 such blocks were raw TeX ("TeX
    left in the page"). One inside `$$` and one in a sentence stay as they are."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/taxes/index.qmd": (
            "---\ntitle: Taxes\ndate: 2024-04-28\n---\n\nThe first generation:\n\n"
            "\\begin{aligned}\n   x_1 &= \\hat{x}_1\\\\\n   x_2 &= \\frac{\\gamma}{1+\\gamma}\n"
            "\\end{aligned}\n\n- In a list:\n\n  \\begin{cases}\n  1 & x>0\\\\\n  0 & x\\le 0\n"
            "  \\end{cases}\n\n$$\n\\begin{aligned} a &= b \\end{aligned}\n$$\n\n"
            "Write `\\begin{aligned}` for it.\n"),
    })
    prose = built_prose(source, tmp_path, "posts/taxes/index.html")
    assert len(prose.find_all("math")) == 3
    assert prose.one("code").text() == "\\begin{aligned}"


def test_a_raw_tex_block_of_a_math_environment_is_a_formula(tmp_path: Path) -> None:
    """RStudio's visual editor writes an equation as a raw TeX block (```` ```{=tex} ````),
    which Pandoc's HTML writer hands to MathJax as display math; the import left every
    raw TeX block out, so the formula was lost. One of no math environment (`\\vspace`)
    is still left out, and the two spaces ending a row are no `\\` in the formula."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/ols/index.qmd": (
            "---\ntitle: OLS\ndate: 2024-05-02\n---\n\nThe model is\n\n```{=tex}\n"
            "\\begin{equation}\ny = a + b x  \n\n\\end{equation}\n```\n"
            "- and in a list:\n\n  ```{=latex}\n  \\begin{align*}\n  u &= v \\\\\n"
            "  w &= z\n  \\end{align*}\n  ```\n\n```{=tex}\n\\vspace{1em}\n```\n\nDone.\n"),
    })
    done = import_site(source, tmp_path / "read")
    text = (done.dest / "content/posts/ols.md").read_text(encoding="utf-8")
    assert "\\begin{equation*}\ny = a + b x\n\\end{equation*}\n" in text
    assert "  \\begin{align*}\n  u &= v \\\\\n" in text
    assert "vspace" not in text
    prose = built_prose(source, tmp_path, "posts/ols/index.html")
    assert len(prose.find_all("math")) == 2


def test_a_header_macro_with_an_optional_argument_keeps_its_default(
        tmp_path: Path) -> None:
    """`Abs: ["…", 2, ""]` in the header's MathJax macros: its default was dropped, so
    the post's `\\newcommand{\\Abs}[2]` took `\\Abs{x}`'s `x` as its first argument and
    lacked a second."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/norm/index.qmd": (
            "---\ntitle: Norm\ndate: 2024-04-28\nformat:\n  html:\n"
            "    include-in-header:\n      - text: |\n"
            "          <script>window.MathJax = {tex: {macros: {\n"
            '            Abs: ["\\\\lvert #2 \\\\rvert_{#1}", 2, "p"]}}};</script>\n'
            "---\n\n$\\Abs{x} + \\Abs[q]{y}$\n"),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "posts/norm/index.html").read_text(encoding="utf-8"))
    formula = page.one("div", class_="prose").one("math")
    assert formula.text().replace(" ", "") == "|x|p+|y|q"


def test_mathjax_macros_of_an_included_header_are_the_pages(tmp_path: Path) -> None:
    """A real blog defines its macros in `format: html: include-in-header` (a
    `window.MathJax = {tex: {macros: …}}` script), in `posts/_metadata.yml` for every
    post and in a post's own front matter: Lanting never saw them, and 37 formulas were
    "Unknown command". They are `\\newcommand`s of the posts that use them."""
    header = ('format:\n  html:\n    include-in-header:\n      - text: |\n'
              '          <script>window.MathJax = {tex: {macros: {\n'
              '            RR: "{\\\\bf R}",\n'
              '            utt: ["\\\\underbrace{#1}_{\\\\substack{\\\\text{#2}\\\\\\\\'
              '\\\\text{#3}}}", 3]}}};</script>\n')
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/_metadata.yml": header,
        "posts/peers/index.qmd": (
            "---\ntitle: Peers\ndate: 2024-04-28\n---\n\n"
            "$$u = \\utt{x-\\hat{x}}{distance from}{ideal point}$$\n"),
        "posts/own/index.qmd": (
            "---\ntitle: Own\ndate: 2024-04-29\n" + header.replace("RR", "QQ")
            + "---\n\nWith $x \\in \\QQ$ and $\\RR$.\n"),
        "posts/plain/index.qmd": "---\ntitle: Plain\ndate: 2024-04-30\n---\n\n$x$.\n",
    })
    done = import_site(source, tmp_path / "new")
    posts = done.dest / "content" / "posts"
    assert "\\newcommand" not in (posts / "plain.md").read_text(encoding="utf-8")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    for name, formulas in (("peers", 1), ("own", 2)):
        page = parse_html((result.output / f"posts/{name}/index.html").read_text(
            encoding="utf-8"))
        prose = page.one("div", class_="prose")
        assert len(prose.find_all("math")) == formulas
        assert "newcommand" not in prose.text()


def test_a_figure_of_a_local_video_is_a_figure_its_references_link_to(
        tmp_path: Path) -> None:
    """A real post's `::: {#fig-sim}` holds `{{< video sim.mp4 title="…" >}}` written over
    three lines: the shortcode was left as written (only one-line shortcodes were read),
    the video not copied, and `@fig-sim` "refers to no labelled figure", failing the
    build. The video is HTML's player with its file in the bundle, in a numbered figure
    that `@fig-sim` refers to."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/beam/sim.mp4": b"\x00\x00\x00\x18ftypmp42",
        "posts/beam/index.qmd": (
            "---\ntitle: Beam\ndate: 2025-01-02\n---\n\n::: {#fig-sim}\n\n"
            "{{< video sim.mp4\n    title=\"Simulated ball & beam\"\n>}}\n\n:::\n\n"
            "In @fig-sim the ball settles.\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings if "video" not in w.message] == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "posts/beam/index.html").read_text(encoding="utf-8"))
    prose = page.one("div", class_="prose")
    video = prose.one("video")
    assert video["title"] == "Simulated ball & beam"
    assert (result.output / "posts/beam" / video["src"]).is_file() or (
        result.output / video["src"].lstrip("/")).is_file()
    # (a numbered figure, as Quarto's: the reference reads its number)
    assert prose.one("figure", id="fig-sim").find("video") is not None
    assert [(a["href"], a.text()) for a in prose.find_all("a") if a.get("href")] == [
        ("#fig-sim", "Figure 1")]
    assert "{{<" not in prose.text()


def test_an_obsidian_link_leads_to_the_note_it_names(tmp_path: Path) -> None:
    """Notes written in an Obsidian vault keep `[[LoRA – Low-Rank Adaptation|LoRA]]`:
    Quarto showed it as written, Lanting read it as a link to a file of that name, and
    the build failed. It leads to the document with that title (or file name); one
    naming nothing is the text Quarto showed, with a warning."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "notes/lora.qmd": "---\ntitle: \"LoRA – Low-Rank Adaptation\"\ndate: 2023-07-07\n"
                          "---\n\nAdapters.\n",
        "notes/lorahub.qmd": "---\ntitle: LoraHub\ndate: 2023-07-28\n---\n\n"
                             "Tune with [[LoRA – Low-Rank Adaptation|LoRA]] or [[Missing]];"
                             " $A[[i]]$ is TeX.\n",
        "index.qmd": "---\ntitle: Notes\nlisting:\n  contents: notes\n---\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == [
        "`[[Missing]]` names no page of the site (the old page showed it as written): "
        "kept as text"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "posts/lorahub/index.html").read_text(
        encoding="utf-8"))
    prose = page.one("div", class_="prose")
    [link] = prose.find_all("a")
    assert (link.text(), link["href"]) == ("LoRA", "/posts/lora/")
    assert "[[Missing]]" in prose.text() and prose.find("math") is not None


def test_a_labelled_table_caption_is_an_anchor_its_references_link_to(
        tmp_path: Path) -> None:
    """Pandoc's `: Pin wiring {#tbl-wiring}` under a table and `@tbl-wiring` in the text
    (real hardware posts had both) showed as written: Lanting numbers no tables. The
    caption is a paragraph with the label's anchor, the reference a link to it."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/lidar/index.qmd": (
            "---\ntitle: Lidar\ndate: 2025-03-02\n---\n\nPins are in @tbl-wiring.\n\n"
            "| Pin | Use |\n|:--|:--|\n| GPIO 8 | SDA |\n\n: Pin wiring {#tbl-wiring}\n"),
    })
    prose = built_prose(source, tmp_path, "posts/lidar/index.html")
    assert prose.find("table") is not None and prose.find("a", id="tbl-wiring") is not None
    assert [(a.text(), a["href"]) for a in prose.find_all("a") if a.get("href")] == [
        ("Pin wiring", "#tbl-wiring")]
    assert "{#tbl" not in prose.text() and "@tbl" not in prose.text()


def test_a_link_to_a_listing_filtered_by_category_is_the_category_page(
        tmp_path: Path) -> None:
    """`writing.html#category=Jetson` (the listing page filtered by its script, a real
    home page's link) became `/blog/#category=Jetson`, an anchor the blog page lacks:
    the build failed. It is Lanting's page of that category."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "index.qmd": "---\ntitle: Home\n---\n\nSee the [progress log](writing.html"
                     "#category=Jetson) and [all](writing.qmd).\n",
        "writing.qmd": "---\ntitle: Writing\nlisting:\n  contents: posts\n---\n\nNotes.\n",
        "posts/gpu/index.qmd": "---\ntitle: GPU\ndate: 2025-01-02\ncategories: [Jetson]\n"
                               "---\n\nText.\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "index.html").read_text(encoding="utf-8"))
    links = [a["href"] for a in page.one("div", class_="prose").find_all("a")]
    assert links == ["/categories/jetson/", "/blog/"]


def test_a_labelled_cell_is_unwrapped(tmp_path: Path) -> None:
    """A notebook's freeze keeps each cell's label, `::: {#setup .cell
    execution_count=1}`: such a cell was "a div Lanting has no form for" (a real blog
    had ten); it is unwrapped like any cell, and a table cell's label (`#tbl-top`) is an
    anchor that `@tbl-top` links to."""
    done, text = _frozen(tmp_path, (
        "---\\ntitle: F\\n---\\n\\n::: {#setup .cell execution_count=1}\\n"
        "``` {.python .cell-code}\\nimport pandas\\n```\\n:::\\n\\n"
        "Top runs in @tbl-top.\\n\\n::: {#tbl-top .cell execution_count=2}\\n"
        "| run | loss |\\n|--|--|\\n| a | 0.1 |\\n:::\\n"))
    assert done.report.warnings == []
    assert ":::" not in text and "[table](#tbl-top)" in text
    assert '<a id="tbl-top"></a>' in text


def _frozen(tmp_path: Path, frozen: str):  # type: ignore[no-untyped-def]
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/runs/index.qmd": "---\ntitle: F\ndate: 2023-12-30\n---\n\nold\n",
        "_freeze/posts/runs/index/execute-results/html.json":
            '{"hash": "x", "result": {"markdown": "' + frozen + '"}}',
    })
    done = import_site(source, tmp_path / "new")
    return done, (done.dest / "content/posts/runs.md").read_text(encoding="utf-8")


def test_columns_are_kept_for_lanting_to_lay_out(tmp_path: Path) -> None:
    """Lanting lays out Quarto's `:::: {.columns}` with `::: {.column width="50%"}`
    itself, yet the import unwrapped them with a warning each (six on a real book
    page): they are kept as written."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "book.qmd": "---\ntitle: Book\n---\n\n:::: {.columns}\n::: {.column width=\"50%\"}\n"
                    "Left text.\n:::\n::: {.column width=\"50%\"}\nRight text.\n:::\n::::\n",
    })
    prose = built_prose(source, tmp_path, "book/index.html")
    assert ":::" not in prose.text()
    assert [c.text().strip() for c in prose.find_all(class_="column")] == [
        "Left text.", "Right text."]


def test_a_fence_in_an_html_comment_opens_no_code(tmp_path: Path) -> None:
    """A real post comments a TikZ cell out, `<!-- ```{tikz}` … "```-->"; the closing line
    read as a fence opening code that swallowed the rest of the post (its cells kept
    their `:::` lines). A comment is raw text to Pandoc, and is left as it is."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/pace/index.qmd": (
            "---\ntitle: Pace\ndate: 2023-08-13\n---\n\n<!-- ```{tikz}\n\\draw (0,0)^2;\n"
            "```-->\n::: {.cell}\nAfter the comment, H~2~O.\n:::\n"),
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/posts/pace.md").read_text(encoding="utf-8")
    assert ":::" not in text and "H<sub>2</sub>O" in text
    assert "<!-- ```{tikz}\n\\draw (0,0)^2;\n```-->" in text


def test_a_notebook_posts_missing_cover_is_a_warning_not_a_failed_build(tmp_path: Path) -> None:
    """A notebook post whose `image:` names no file (a real Chinese blog's lesson) was
    reported "no cover", yet the path was written as its cover and the build failed."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/intro.ipynb": _notebook(
            '---\ntitle: "机器学习介绍"\ndate: "2026-04-16"\nimage: "images/intro.jpg"\n---',
            "正文。\n"),
    })
    done = import_site(source, tmp_path / "new")
    [warning] = done.report.warnings
    assert "`images/intro.jpg` not found: no cover" in warning.message
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    assert (result.output / "posts/intro/index.html").is_file()


def test_a_link_in_a_description_leads_to_the_new_page(tmp_path: Path) -> None:
    """`description: "一种[损失函数](loss.qmd)"` (a real glossary's entries): Lanting shows
    the summary as Markdown, and the link to the old `.qmd` failed the build."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/loss.qmd": "---\ntitle: 损失函数\ndate: 2026-01-02\n---\n\n度量误差。\n",
        "posts/mse.qmd": '---\ntitle: MSE\ndate: 2026-01-03\ndescription: "一种'
                         '[损失函数](loss.qmd)"\n---\n\n均方误差。\n',
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = parse_html((result.output / "blog/index.html").read_text(encoding="utf-8"))
    summaries = [p for p in page.find_all("p", class_="summary") if "一种" in p.text()]
    assert [a["href"] for a in summaries[0].find_all("a")] == ["/posts/loss/"]


def test_links_to_headings_find_pandocs_ids(tmp_path: Path) -> None:
    """Pandoc made a Quarto page's heading ids: `## 2.1 Setup` is `#setup`, `## v1.2
    notes` is `#v1.2-notes`. Lanting's own ids (`#21-setup`, `#v12-notes`) made the
    links written for the old site fail the build."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\nwebsite:\n  title: Notes\n",
        "posts/setup.qmd": "---\ntitle: Setup\ndate: 2024-01-02\n---\n\n"
                           "See [setup](#setup) and [notes](#v1.2-notes).\n\n"
                           "## 2.1 Setup\n\nText.\n\n## v1.2 notes\n\nMore.\n",
        "posts/other.qmd": "---\ntitle: Other\ndate: 2024-01-03\n---\n\n"
                           "As [there](setup.qmd#v1.2-notes).\n",
    })
    prose = built_prose(source, tmp_path, "posts/setup/index.html")
    assert [h.get("id") for h in prose.find_all("h2")] == ["setup", "v1.2-notes"]
    assert [a["href"] for a in prose.find_all("a")][:2] == ["#setup", "#v1.2-notes"]


def test_a_listing_glob_with_braces_lists_its_documents(tmp_path: Path) -> None:
    """`contents: "projects/*-en.{qmd,md}"` (a bilingual PARA-style blog): Quarto's
    globs expand `{qmd,md}`; Python's do not, so the glob listed nothing and every post
    it named became a page."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\nwebsite:\n  title: Notes\n",
        "index.qmd": "---\ntitle: Home\n---\n\nHello.\n",
        "projects.qmd": ('---\ntitle: Projects\nlisting:\n  contents: "projects/*-en.{qmd,md}"'
                         '\n---\n'),
        "projects/001-build-en.md": "---\ntitle: Build\ndate: 2026-03-02\n---\n\nSprint.\n",
        "projects/002-tools-en.qmd": "---\ntitle: Tools\ndate: 2026-03-05\n---\n\nTools.\n",
        "projects/notes.md": "---\ntitle: Notes\n---\n\nNot listed.\n",
    })
    done = import_site(source, tmp_path / "new")
    posts = sorted(p.name for p in (done.dest / "content" / "posts").iterdir()
                   if p.name != "_index.md")
    assert posts == ["001-build-en.md", "002-tools-en.md"]
    assert (done.dest / "content" / "pages" / "notes.md").is_file()


def test_a_link_to_no_file_keeps_its_text_and_the_site_builds(tmp_path: Path) -> None:
    """A post links files its author never committed (`[main.tf](infrastructure/main.tf)`)
    and a script beside the old site (`../brew.sh`): Quarto warned and published them
    dead; the import left them as written, and the new site failed to build on them. Their
    text is kept without the link, with a warning each; a link from the root, which may be
    a redirect of the old host's, is left for the build to report."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\nwebsite:\n  title: Notes\n",
        "index.qmd": "---\ntitle: Notes\nlisting:\n  contents: posts\n---\n",
        "posts/ci/index.qmd": "---\ntitle: CI\ndate: 2023-06-13\n---\n\n"
        "See [main.tf](infrastructure/main.tf) and [the script](../brew.sh).\n"})
    done = import_site(source, tmp_path / "new")
    assert len(done.report.warnings) == 2
    assert all("its text kept without the link" in w.message for w in done.report.warnings)
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    prose = parse_html((result.output / "posts/ci/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert prose.find("a") is None and "See main.tf and the script." in prose.text()


def test_an_academicons_icon_is_left_out_like_a_font_awesome_one(tmp_path: Path) -> None:
    """An academic's Quarto site draws `{{< ai zotero >}}` (the academicons extension)
    beside `{{< fa square-arrow-up-right >}}` on every paper's page: Font Awesome's icon
    went with a notice, the academicons one was left in a comment with a warning."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "research/paper/index.qmd": "---\ntitle: A paper\n---\n\n"
                                    "[{{< ai zotero >}} Add to Zotero "
                                    "{{< fa square-arrow-up-right >}}](https://zotero.org/)\n"})
    prose = built_prose(source, tmp_path, "paper/index.html")
    [link] = prose.find_all("a")
    assert link.text().strip() == "Add to Zotero" and link["href"] == "https://zotero.org/"


def test_a_csl_json_bibliography_is_cited_from(tmp_path: Path) -> None:
    """A political scientist's Quarto posts keep their references in CSL-JSON, as
    Zotero exports them (`bibliography: references.json`), which Pandoc reads: it was
    "not BibTeX", and every citation of the post failed the build."""
    references = json.dumps([{
        "id": "ode2021", "type": "article-journal", "title": "Donors and dissent",
        "author": [{"family": "Ode", "given": "Ada"}], "container-title": "J. Politics",
        "issued": {"date-parts": [[2021, 3]]}}])
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "blog/2023/donors/references.json": references,
        "blog/2023/donors/index.qmd": "---\ntitle: Donors\ndate: 2023-07-25\n"
                                      "bibliography: references.json\n---\n\n"
                                      "As shown before [@ode2021], donors matter.\n"})
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    bib = (done.dest / "content" / "references.bib").read_text(encoding="utf-8")
    assert "@article{ode2021," in bib
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    page = (result.output / "donors" / "index.html").read_text(encoding="utf-8")
    assert "Donors and dissent" in page


def test_an_r_projects_package_library_is_no_part_of_the_site(tmp_path: Path) -> None:
    """Quarto renders nothing in the folders its engines keep, wherever they are
    (`renv/`, `packrat/`, `rsconnect/`, `venv/`, `env/`): a course site's
    `renv/library/…/doc/*.Rmd`, the vignettes of every installed package, were imported
    as pages, with a warning each and a broken image. A folder of the site's own with
    another name stays."""
    source = tmp_path / "course"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "index.qmd": "---\ntitle: Intro\n---\n\nWelcome.\n",
        "labs/lab1.qmd": "---\ntitle: Lab 1\n---\n\nLoad the data.\n",
        "renv/library/R-4.4/x86_64/renv/doc/faq.Rmd": (
            "---\ntitle: FAQ\n---\n\n```{r}\nrenv::status()\n```\n\n![](ide.png)\n"),
        "env/lib/python3.12/site-packages/pkg/README.md": "# A package\n",
    })
    done = import_site(source, tmp_path / "new")
    assert done.report.warnings == []
    pages = sorted(p.relative_to(done.dest / "content").as_posix()
                   for p in (done.dest / "content").rglob("*.md"))
    assert pages == ["_index.md", "pages/labs.md"]


def test_the_render_day_and_a_knitr_chunks_file_name(tmp_path: Path) -> None:
    """knitr printed `` `r format(Sys.Date())` `` as the day of the render (RStudio's
    templates write it as the date): it is Quarto's `today`, the file's time, where a
    blog's every post warned "no date Lanting can read". A knitr chunk naming its file
    in its header, `{css, filename = "x.css"}`, had it written twice."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/style/index.qmd": (
            "---\ntitle: Style\ndate: 2023-07-03\ndate-modified: \"`r format(Sys.Date())`\"\n"
            "---\n\nThe banner:\n\n```{css, filename = \"banner.css\"}\n"
            ".banner { color: white; }\n```\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings if "date" in w.message] == []
    text = (done.dest / "content/posts/style.md").read_text(encoding="utf-8")
    assert text.count("banner.css") == 1
    assert [n.message for n in done.report.entries if "date-modified" in n.message] == [
        "`date-modified: `r format(Sys.Date())``: the file's modification time, fixed"]
