"""Faults a researcher's Quarto site of course lectures (reveal.js decks, executed with
knitr and frozen) exposed, in small sites written here."""

from __future__ import annotations

from pathlib import Path

from sitebits import png, write_files

from lanting.build import build
from lanting.build.options import BuildOptions
from lanting.importer import import_site

DECK = "---\ntitle: Lecture 3\ndate: 2024-02-01\nformat: revealjs\n---\n\n{body}"


def lecture(tmp_path: Path, body: str, files: dict[str, str | bytes] | None = None) -> Path:
    source = tmp_path / "site"
    write_files(source, {"_quarto.yml": "project:\n  type: website\n",
                         "lectures/lecture03/lecture03.qmd": DECK.format(body=body),
                         **(files or {})})
    return source


def test_a_decks_frozen_figures_of_figure_revealjs(tmp_path: Path) -> None:
    """A deck's freeze names its plots `lecture03_files/figure-revealjs/…`, and keeps
    them in its `figure-revealjs/` folder: only `figure-html/` was looked in, and each
    plot of seven lectures was "not found", the build stopped at 32 missing images."""
    frozen = ("---\\ntitle: Lecture 3\\n---\\n\\n## Trace\\n\\n"
              "![](lecture03_files/figure-revealjs/unnamed-chunk-2-1.png)\\n")
    source = lecture(tmp_path, "## Trace\n\n```{r}\nplot(1)\n```\n", {
        "_freeze/lectures/lecture03/lecture03/execute-results/html.json":
            '{"hash": "x", "result": {"markdown": "' + frozen + '"}}',
        "_freeze/lectures/lecture03/lecture03/figure-revealjs/unnamed-chunk-2-1.png":
            png(40, 30)})
    done = import_site(source, tmp_path / "new")
    assert [w.message for w in done.report.warnings if "figure" in w.message] == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings if "image" in w.message] == []


def test_columns_written_as_a_bare_word_and_steps_in_a_list(tmp_path: Path) -> None:
    """`:::: columns` (Pandoc's bare word, a class) became `:::: {columns}`, an unknown
    directive shown as text on every slide with columns; `::: nonincremental` indented
    under a bullet stayed, "a plain block" Lanting has no style for."""
    body = ("## Two sides\n\n:::: columns\n::: {.column width=\"50%\"}\nLeft.\n:::\n\n"
            "::: {.column width=\"50%\"}\nRight.\n:::\n::::\n\n## Steps\n\n"
            "-   Posterior draws\n\n    ::: nonincremental\n    -   one\n    -   two\n"
            "    :::\n")
    done = import_site(lecture(tmp_path, body), tmp_path / "new")
    text = next((done.dest / "content" / "talks").glob("*.md")).read_text(encoding="utf-8")
    assert ":::: {.columns}" in text and "{columns}" not in text
    assert "nonincremental" not in text and "    -   one" in text
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings if ":::" in w.message] == []


def test_a_headings_background_and_visibility_are_the_slides(tmp_path: Path) -> None:
    """Quarto sets a slide's background on its heading, `## Results
    {background-color="black"}`: it was dropped (an image with a warning that Lanting's
    deck had no backgrounds, which it has for reveal.js's comments), and a slide with
    `visibility="hidden"` showed. They are the slide's `.slide:` comment; a slide of no
    title, `## {background-image=…}`, gets no empty heading. `.smaller`, which was
    dropped with them, sets the slide in smaller type."""
    body = ('## Results {#res background-color="black" .smaller}\n\nText\n\n'
            '## {background-image="cover.png" background-size="contain"}\n\n'
            '## Backup {visibility="hidden"}\n\nSpare\n\n## End\n\nThanks\n')
    done = import_site(lecture(tmp_path, body, {"lectures/lecture03/cover.png": png(8, 6)}),
                       tmp_path / "new")
    assert [w.message for w in done.report.warnings] == []
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    deck = (tmp_path / "out/talks/lecture03/slides/index.html").read_text(encoding="utf-8")
    assert "<h2 id=res>Results</h2>" in deck
    assert "style=background:black>" in deck
    # (its `.smaller` kept: the slide's type is smaller, as Quarto set it)
    assert 'class="slide slide-smaller" style=background:black>' in deck
    assert 'class="slide-bg-image marp-bg-contain"' in deck
    assert "<h2></h2>" not in deck and "Spare" not in deck and "Thanks" in deck
    assert [str(w) for w in result.warnings] == []


def test_a_home_page_listing_only_talks_redirects_nothing(tmp_path: Path) -> None:
    """A site of slides lists its decks on its home page (`index.qmd`, `listing:
    contents: slides`): the listing, left out for Lanting's talks page, redirected `/`
    there, which the build refused (`/` is the new home page)."""
    source = tmp_path / "site"
    write_files(source, {
        "_quarto.yml": "project:\n  type: website\n",
        "index.qmd": "---\ntitle: Slides\nlisting:\n  contents: slides\n---\n",
        "slides/seminar/index.qmd": DECK.format(body="## One\n\nText\n")})
    done = import_site(source, tmp_path / "new")
    assert (done.dest / "content/talks/seminar.md").is_file()
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []
    assert (tmp_path / "out/talks/seminar/slides/index.html").is_file()


def test_a_link_to_a_slide_of_a_deck_by_its_id_leads_to_it(tmp_path: Path) -> None:
    """A post links to a slide of a deck as reveal.js names it, `deck.html#/results`
    (Pandoc's id of its heading) or by its place, `#/2` (the title slide is `#/0`): it
    led to the deck's start. It leads to that slide."""
    source = lecture(tmp_path, "## Setup\n\nA\n\n## Results {#results}\n\nB\n\n"
                               "## Error bars\n\nC\n", {
        "posts/notes/index.qmd": "---\ntitle: Notes\ndate: 2024-02-02\n---\n\n"
                                 "[Results](../../lectures/lecture03/lecture03.html#/results), "
                                 "[bars](../../lectures/lecture03/lecture03.html#/error-bars) "
                                 "and [slide 2](../../lectures/lecture03/lecture03.html#/2).\n"})
    done = import_site(source, tmp_path / "new")
    text = next((done.dest / "content/posts").glob("notes*")).read_text(encoding="utf-8") \
        if (done.dest / "content/posts/notes.md").is_file() else \
        (done.dest / "content/posts/notes/index.md").read_text(encoding="utf-8")
    assert text.count("(/talks/lecture03/slides/#3)") == 2
    assert "(/talks/lecture03/slides/#4)" in text
    result = build(done.dest, BuildOptions(output=tmp_path / "out"))
    assert [str(w) for w in result.warnings] == []


def test_a_deck_alone_in_a_top_folder_is_named_by_its_file(tmp_path: Path) -> None:
    """A site's one deck, `talks/acl.qmd`, was named after its folder (as a post alone
    in `posts/x/` is): the talk `/talks/talks/`. A deck in a folder of the project's
    root is named by its file."""
    source = tmp_path / "site"
    write_files(source, {"_quarto.yml": "project:\n  type: website\n",
                         "talks/acl.qmd": DECK.format(body="## One\n\nText\n")})
    done = import_site(source, tmp_path / "new")
    assert sorted(p.name for p in (done.dest / "content/talks").iterdir()) == ["acl.md"]


def test_a_folder_of_qmd_files_without_a_project_is_quartos(tmp_path: Path) -> None:
    """A repository of one talk rendered with `quarto render talk.qmd` has no
    `_quarto.yml`: it was read as a folder of notes, and its deck, a `.qmd` file,
    left out without a word (a site of no talks)."""
    source = tmp_path / "talk"
    write_files(source, {"index.qmd": DECK.format(body="# Hello\n\nText\n\n## Two\n"),
                         "README.md": "# A talk\n\nRender it with Quarto.\n"})
    done = import_site(source, tmp_path / "new")
    assert done.report.kind == "quarto"
    assert (done.dest / "content/talks").is_dir()


def test_an_untitled_decks_first_heading_stays_its_first_slides(tmp_path: Path) -> None:
    """A deck with no `title` opens with `# Heading` and text, one slide in Quarto
    (Pandoc makes no title slide untitled). The heading titled the talk and was taken
    out of the body, then made a title slide of its own: the first slide was split in
    two, its text alone on the second."""
    source = tmp_path / "talk"
    write_files(source, {"_quarto.yml": "project:\n  type: default\n",
                         "index.qmd": "---\nformat: revealjs\ndate: 2024-05-01\n---\n\n"
                                      "# Fast joins\n\nA first slide.\n\n---\n\n"
                                      "## Hash joins\n\nBuild, then probe.\n"})
    done = import_site(source, tmp_path / "new")
    [talk] = (done.dest / "content/talks").iterdir()
    text = talk.read_text(encoding="utf-8")
    assert "title: Fast joins" in text
    # (`## Hash joins` goes down under the `#` section's slide, as in reveal.js)
    assert text.split("\n---\n", 1)[1].strip().split("\n\n--\n\n") == [
        "# Fast joins\n\nA first slide.", "## Hash joins\n\nBuild, then probe."]
