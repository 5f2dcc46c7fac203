"""The Quarto importer on shapes of data scientists' blogs: divs Quarto's web page did
nothing with, a section's `::: {#id}` that links lead to, a bibliography named in a
folder's `_metadata.yml`."""

from __future__ import annotations

from pathlib import Path

from htmltree import parse_html
from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site


def test_divs_quarto_ignored_are_unwrapped_without_a_warning(tmp_path: Path) -> None:
    """A topics page grouped its links in `::: {#ml}` divs its table of contents links
    to, and a post pasted a talk's `::: {.incremental}` list and put text in `::: {.column-body}`:
    each was "a div Lanting has no form for", though Quarto's page did nothing with any
    but the id, which an anchor keeps. A class of the site's own is still reported,
    once a page (a post of many `::: {.center}` divs warned for each)."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/topics/index.qmd": (
            "---\ntitle: Topics\ndate: 2024-05-06\n---\n\nJump to [learning](#ml).\n\n"
            "::: {#ml}\n## Learning\n\nKernels and trees.\n:::\n\n"
            "::: {.incremental}\n- one step\n- another\n:::\n\n"
            "::: {.column-body}\nBody text.\n:::\n\n"
            "::: {.nonincremental .fragment}\nStill here.\n:::\n\n"
            "::: {.boxed}\nA box of the site's own.\n:::\n\n::: {.boxed}\nAnother.\n:::\n"),
    })
    done = import_site(source, tmp_path / "new")
    unknown = [w.message for w in done.report.warnings
               if "no form for" in w.message or "layout" in w.message]
    assert unknown == ["`::: {.boxed}`: a div Lanting has no form for; its content is "
                       "kept without it"]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    page = (result.output / "posts/topics/index.html").read_text(encoding="utf-8")
    prose = parse_html(page).one("div", class_="prose")
    assert [a["href"] for a in prose.find_all("a") if a.get("href")] == ["#ml"]
    assert [a["id"] for a in prose.find_all("a") if a.get("id")] == ["ml"]
    text = prose.text()
    for words in ("Kernels and trees.", "one step", "Body text.", "Still here.",
                  "A box of the site's own."):
        assert words in text
    assert ":::" not in text


def test_a_bibliography_named_in_a_folders_metadata_is_from_that_folder(
        tmp_path: Path) -> None:
    """`posts/_metadata.yml` named `references.bib`, the file beside it: Quarto reads the
    path from that folder, the import from each post's, and each of a real blog's
    seventy posts warned that its bibliography was not found, its citations failing."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/_metadata.yml": "bibliography: references.bib\n",
        "posts/references.bib": "@book{vapnik1998,\n  title = {Statistical Learning "
                                "Theory},\n  author = {Vapnik, Vladimir},\n  year = {1998},\n}\n",
        "posts/margins/index.qmd": "---\ntitle: Margins\ndate: 2024-05-07\n---\n\n"
                                   "Large margins [@vapnik1998].\n",
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings if "bibliography" in w.message] == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = (result.output / "posts/margins/index.html").read_text(encoding="utf-8")
    assert "Statistical Learning Theory" in page


def test_a_lone_backtick_in_a_list_item_opens_no_code_span(tmp_path: Path) -> None:
    """A list of steps showed a key as `` <code>`</code> `` and an HTML screenshot under
    each item: the lone backtick was read as a code span's opening, up to a backtick in
    the next item, so the `<img>` between was put aside as code, its file never copied,
    and the build failed on it. A code span ends with its list item, as in CommonMark."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/keys/index.qmd": (
            "---\ntitle: Keys\ndate: 2024-05-08\n---\n\nSteps:\n\n"
            "1. Press <code>`</code> to open the console\n"
            '<img src="img/console.png" alt="The console" />\n'
            "1. Type `exit` to close it\n"),
    })
    (source / "posts/keys/img").mkdir()
    (source / "posts/keys/img/console.png").write_bytes(png(4, 3))
    done = import_site(source, tmp_path / "new")
    assert (done.dest / "content/posts/keys/console.png").is_file()
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = (result.output / "posts/keys/index.html").read_text(encoding="utf-8")
    assert [img["src"] for img in parse_html(page).one("div", class_="prose")
            .find_all("img")] == ["/posts/keys/console.png"]


def test_a_csl_yaml_bibliography_is_cited_from(tmp_path: Path) -> None:
    """Pandoc reads a bibliography of CSL YAML (`references:` items, as R Markdown writes
    them) as well as BibTeX: a post naming `refs.yaml` warned that it was not BibTeX,
    and its citations failed the build."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/networks/refs.yaml": (
            "---\nreferences:\n- type: article-journal\n  id: hub2019\n  author:\n"
            "  - family: Hub\n    given: Ada\n  issued:\n    year: 2019\n"
            "  title: 'Hyperlinks as social ties'\n  container-title: Web Studies\n"
            "  volume: 4\n- type: book\n  id: ties2001\n  author:\n  - family: Ties\n"
            "    given: Bo\n  issued:\n  - year: 2001\n  title: Networks of pages\n"
            "  publisher: Example Press\n...\n"),
        "posts/networks/index.qmd": (
            "---\ntitle: Link networks\ndate: 2024-05-09\nbibliography: refs.yaml\n---\n\n"
            "Links are ties [@hub2019; see @ties2001].\n"),
    })
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings] == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert result.warnings == ()
    page = (result.output / "posts/networks/index.html").read_text(encoding="utf-8")
    assert "Hyperlinks as social ties" in page and "Networks of pages" in page
    assert "2019" in page and "2001" in page


def test_a_missing_audio_file_leaves_its_tag_whole(tmp_path: Path) -> None:
    """A post played a recording, `<audio src="talk.mp3" controls>`, never committed: the
    import took the `<audio>` for an `<a>` (its name starts so), cut its `src="…"` as a
    dead link's, and wrote `<audio src= controls>`, which the build read as an image
    named `controls`. The tag stays as written, for the build to report the file."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/talk/index.qmd": (
            "---\ntitle: Talk\ndate: 2024-05-10\n---\n\nListen:\n\n"
            '<audio src="talk.mp3" controls></audio>\n\nOr read [the notes](notes.pdf).\n'),
    })
    done = import_site(source, tmp_path / "new")
    assert sorted(w.message.split(" leads")[0] for w in done.report.warnings) == [
        "link `notes.pdf`", "link `talk.mp3`"]
    text = (done.dest / "content/posts/talk.md").read_text(encoding="utf-8")
    assert '<audio src="talk.mp3" controls></audio>' in text
    assert "Or read the notes." in text


def test_macros_of_a_hidden_div_included_before_the_body_are_defined(
        tmp_path: Path) -> None:
    """A statistician's post names `include-before-body: _macros.html`, a hidden
    `<div>` of `\\(\\newcommand…\\)` lines that MathJax read for the page: the file was
    left out with the key, and every `$\\Var(Y)$` failed the build. Its TeX
    definitions the post uses (with arguments, `\\DeclareMathOperator*`) are the post's
    `\\newcommand`s, as `include-in-header`'s MathJax macros were; so are those of the
    `format: html:` form."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/glm/_macros.html": (
            '<div style="display:none">\n\\(\n\\newcommand{\\Var}{\\operatorname{Var}}\n'
            "\\newcommand\\bbeta{\\boldsymbol{\\beta}}\n"
            "\\renewcommand{\\norm}[1]{\\lVert #1 \\rVert}\n"
            "\\DeclareMathOperator*{\\argmin}{arg\\,min}\n"
            "\\newcommand{\\unused}{u}\n\\)\n</div>\n"),
        "posts/glm/index.qmd": (
            "---\ntitle: Deviance\ndate: 2024-02-02\n"
            "include-before-body: _macros.html\n---\n\n"
            "We have $\\Var(Y) = \\phi V(\\mu)$ and "
            "$\\hat\\bbeta = \\argmin_b \\norm{y - Xb}$.\n"),
        "posts/irls/index.qmd": (
            "---\ntitle: IRLS\ndate: 2024-03-02\nformat:\n  html:\n"
            "    include-after-body: ../glm/_macros.html\n---\n\n"
            "Each step reweights by $1/\\Var(Y_i)$.\n"),
    })
    done = import_site(source, tmp_path / "new")
    text = (done.dest / "content/posts/glm.md").read_text(encoding="utf-8")
    assert ("$$\n\\newcommand{\\Var}{\\operatorname{Var}}\n"
            "\\newcommand{\\bbeta}{\\boldsymbol{\\beta}}\n"
            "\\newcommand{\\norm}[1]{\\lVert #1 \\rVert}\n"
            "\\DeclareMathOperator*{\\argmin}{arg\\,min}\n$$\n") in text
    assert "\\unused" not in text
    other = (done.dest / "content/posts/irls.md").read_text(encoding="utf-8")
    assert "$$\n\\newcommand{\\Var}{\\operatorname{Var}}\n$$\n" in other
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    page = (result.output / "posts/glm/index.html").read_text(encoding="utf-8")
    assert "\\Var" not in parse_html(page).one("div", class_="prose").text()


def test_an_image_named_url_encoded_finds_its_file(tmp_path: Path) -> None:
    """RStudio's visual editor writes an image whose name has spaces URL-encoded,
    `images/Untitled%20(Draft)-3.jpg`; the browser decoded it to the file, but the
    import looked for the name as written: "not found", and the build failed on it.
    The decoded name is the file, in a post's bundle and from the project's root."""
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/dags/index.qmd": (
            "---\ntitle: DAGs\ndate: 2024-04-04\n---\n\n"
            "![The causal graph](images/Causal%20Graph%20(Draft)-3.jpg){width=\"15cm\"}\n\n"
            "![Shared](/assets/Shared%20Figure.png)\n"),
        "posts/dags/images/Causal Graph (Draft)-3.jpg": png(8, 8),
        "assets/Shared Figure.png": png(8, 8),
    })
    done = import_site(source, tmp_path / "new")
    assert not [w for w in done.report.warnings if "not found" in w.message]
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    prose = parse_html((result.output / "posts/dags/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert len(prose.find_all("img")) == 2


def test_unlabelled_environments_are_unnumbered_as_quartos_mathjax_showed_them(
        tmp_path: Path) -> None:
    """Quarto's MathJax numbers no `\\begin{equation}` or `align` (quarto-cli issue
    4136): a post's derivation in two of them and a labelled `$$ … $$ {#eq-loss}`
    showed one number, (1), and `@eq-loss` read (1); Lanting numbered every row, and
    the reference read (4). An environment with no label or tag is starred; one with
    `\\label` keeps its number (the text refers to it), as does every environment of
    a site whose MathJax setup numbers them (`tags: 'ams'`)."""
    post = ("\\begin{equation}\nx = 1\n\\end{equation}\n\n"
            "\\begin{align}\na &= b \\\\\nc &= d\n\\end{align}\n\n"
            "$$\nL = (y - \\hat y)^2\n$$ {#eq-loss}\n\n"
            "\\begin{equation}\\label{eq:w}\nw = 2\n\\end{equation}\n\n"
            "See @eq-loss and \\eqref{eq:w}.\n")
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/loss/index.qmd": "---\ntitle: Loss\ndate: 2024-05-05\n---\n\n" + post,
        "posts/ams/index.qmd": (
            "---\ntitle: AMS\ndate: 2024-05-06\nformat:\n  html:\n"
            "    include-in-header:\n      - text: |\n          <script>MathJax = "
            "{tex: {tags: 'ams'}};</script>\n---\n\n" + post.replace("eq-loss", "eq-risk")),
    })
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))

    def numbers(slug: str) -> list[str]:
        page = (result.output / f"posts/{slug}/index.html").read_text(encoding="utf-8")
        prose = parse_html(page).one("div", class_="prose")
        return [m.text() for m in prose.find_all("mtext") if m.text().startswith("(")] + [
            a.text() for a in prose.find_all("a", class_="eqref")]

    assert numbers("loss") == ["(1)", "(2)", "(1)", "(2)"]
    assert numbers("ams") == ["(1)", "(2)", "(3)", "(4)", "(5)", "(4)", "(5)"]


def test_a_label_two_posts_give_stays_each_posts_own(tmp_path: Path) -> None:
    """Two posts of a blog each label their loss `{#eq-loss}` and their curve
    `{#fig-curve}`; the project's labels knew the first post's alone, so the second
    post's `@eq-loss` became a link to the first post, reading "Equation". A label the
    document gives itself stays its own, for Lanting to number on its page."""
    post = ("$$\nL = {n}\n$$ {{#eq-loss}}\n\n![Curve {n}](c.png){{#fig-curve}}\n\n"
            "By @eq-loss, see @fig-curve.\n")
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/one/index.qmd": "---\ntitle: One\ndate: 2024-06-01\n---\n\n"
                               + post.format(n=1),
        "posts/two/index.qmd": "---\ntitle: Two\ndate: 2024-06-02\n---\n\n"
                               + post.format(n=2),
        "posts/one/c.png": png(8, 8), "posts/two/c.png": png(8, 8),
    })
    done = import_site(source, tmp_path / "new")
    for slug in ("one", "two"):
        text = (done.dest / f"content/posts/{slug}/index.md").read_text(encoding="utf-8")
        assert "By @eq-loss, see @fig-curve." in text
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    prose = parse_html((result.output / "posts/two/index.html").read_text(
        encoding="utf-8")).one("div", class_="prose")
    assert [a["href"] for a in prose.find_all("a")] == ["#eq-loss", "#fig-curve"]


def test_number_sections_numbers_the_posts_sections(tmp_path: Path) -> None:
    # (Quarto's `number-sections` was left out with a notice: the sections Quarto
    # numbered, and the text's "see 2.1", lost their numbers)
    source = tmp_path / "blog"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "posts/a/index.qmd": "---\ntitle: A\ndate: 2024-05-06\nnumber-sections: true\n---\n\n"
                             "## Setup\n\n### Data\n\n## Results {.unnumbered}\n",
        "posts/b/index.qmd": "---\ntitle: B\ndate: 2024-05-07\nformat:\n  html:\n"
                             "    number-sections: true\n---\n\n## Only\n",
        "posts/c/index.qmd": "---\ntitle: C\ndate: 2024-05-08\n---\n\n## Plain\n"})
    done = import_site(source, tmp_path / "new")
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))

    def headings(slug: str) -> list[str]:
        page = (result.output / f"posts/{slug}/index.html").read_text(encoding="utf-8")
        prose = parse_html(page).one("div", class_="prose")
        return [h.text() for h in prose.iter() if h.tag in ("h2", "h3")]

    assert headings("a") == ["1 Setup", "1.1 Data", "Results"]
    assert headings("b") == ["1 Only"] and headings("c") == ["Plain"]
