"""A plain folder of talks made with Pandoc (`notes_decks.py`): no generator's settings,
the decks' Markdown beside the Makefile or script that runs `pandoc -t revealjs`. Each
deck is a talk, its `%` title block kept for the talk to read."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, messages
from sitebits import png, write_files

from lanting.build import BuildOptions, build
from lanting.importer import detect, import_site

_DECK = """% Sparse Signals, Briefly
% R. Example; S. Second
% 12 March 2019

# Background

## The problem

We look for $x$ with $Ax = b$.

::: notes
Start slowly here.
:::

## A method

- first
- second
"""


def _imported(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    write_files(tmp_path / "old", files)
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    return tmp_path / "new"


def test_a_deck_a_makefile_names_is_a_talk_with_its_title_block(tmp_path: Path) -> None:
    new = _imported(tmp_path, {
        "Makefile": "all: sparse.html\n\nsparse.html: sparse.md\n"
                    "\tpandoc -t revealjs -s --mathjax -o $@ $<\n",
        "sparse.md": _DECK,
        "README.md": "# My talks\n\nBuilt with `make`.\n",
    })
    talk = (new / "content" / "talks" / "sparse.md").read_text(encoding="utf-8")
    assert "title: Sparse Signals, Briefly" in talk
    assert "\n% Sparse Signals, Briefly\n% R. Example; S. Second\n% 12 March 2019\n" in talk
    assert "\\%" not in talk
    assert not (new / "content" / "pages" / "sparse.md").exists()
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    deck = (new / "public" / "talks" / "sparse" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert deck.count("class=slide-frame") == 4  # (the title slide, then the headings')
    assert "Start slowly here." in deck


def test_a_script_with_a_pattern_makes_every_deck_of_its_folder_a_talk(
        tmp_path: Path) -> None:
    """A script naming no file (`for f in *.md`) makes slides of its folder's Markdown,
    but its README; a note no build file names stays a page."""
    new = _imported(tmp_path, {
        "lectures/build.sh": 'for f in $(ls | grep md$); do\n'
                             '  pandoc --to=beamer "$f" -o "${f%.md}.pdf"\ndone\n',
        "lectures/week1.md": "# One\n\ntext\n\n# Two\n\nmore\n",
        "lectures/README.md": "# Lectures\n\nThe decks.\n",
        "notes/reading.md": "# Reading\n\nA note.\n",
    })
    assert (new / "content" / "talks" / "week1.md").is_file()
    assert not (new / "content" / "talks" / "README.md").exists()
    assert list((new / "content" / "talks").iterdir()) == [
        new / "content" / "talks" / "week1.md"]


def test_a_makefile_of_html_pages_makes_no_talk(tmp_path: Path) -> None:
    new = _imported(tmp_path, {
        "Makefile": "page.html: page.md\n\tpandoc -s -t html5 -o $@ $<\n",
        "page.md": "% A Page\n\ntext\n",
    })
    assert not (new / "content" / "talks").exists()


def test_a_deck_gets_the_date_a_talk_needs(tmp_path: Path) -> None:
    """Its front matter's date written as Pandoc's title block writes one; else the
    file's time, with a warning (a talk without a date fails the build)."""
    write_files(tmp_path / "old", {
        "Makefile": "all:\n\tpandoc -t revealjs -s -o a.html a.md\n"
                    "\tpandoc -t revealjs -s -o b.html b.md\n",
        "a.md": "---\ntitle: Worded\ndate: December 9, 2024\n---\n\n## One\n\ntext\n",
        "b.md": "% Undated\n\n## One\n\ntext\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    talks = tmp_path / "new" / "content" / "talks"
    assert "date: 2024-12-09\n" in (talks / "a.md").read_text(encoding="utf-8")
    assert "date: " in (talks / "b.md").read_text(encoding="utf-8")
    assert any("a talk needs a date" in m for m in messages(imported, "b.md"))
    assert not messages(imported, "a.md")
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_decks_header_and_slide_level_are_the_talks(tmp_path: Path) -> None:
    """`author` and `subtitle` make the title slide Pandoc made; the Makefile's
    `--slide-level=1` cuts the deck at `#` headings, as Pandoc cut it."""
    new = _imported(tmp_path, {
        "Makefile": "deck.html: deck.md\n\tpandoc --slide-level=1 -t revealjs -s -o $@ $<\n",
        "deck.md": "---\ntitle: Loops\nsubtitle: and how to stop them\nauthor: Q. Person\n"
                   "date: 2021-05-04\n---\n\n# First\n\n## A\n\ntext\n\n## B\n\nmore\n\n"
                   "# Second\n\nend\n",
    })
    talk = (new / "content" / "talks" / "deck.md").read_text(encoding="utf-8")
    assert "slide_level: 1\n" in talk and "author: Q. Person\n" in talk
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    deck = (new / "public" / "talks" / "deck" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert deck.count("class=slide-frame") == 3  # (the title slide, `# First`, `# Second`)
    assert "and how to stop them" in deck and "Q. Person" in deck


def test_a_deck_made_with_a_revealjs_template_is_a_talk(tmp_path: Path) -> None:
    """Before Pandoc wrote reveal.js, a deck was HTML5 through a reveal.js template."""
    new = _imported(tmp_path, {
        "Makefile": "all:\n\tpandoc -t html5 --template=templates/template-revealjs.html \\\n"
                    "\t\t--section-divs -s slides.md -o index.html\n",
        "slides.md": "% Testing by Risk\n% A. Tester\n% May 2015\n\n# Why\n\nbecause\n",
    })
    assert (new / "content" / "talks" / "slides.md").is_file()


def test_slidev_and_marp_decks_are_talks_with_their_front_matter(tmp_path: Path) -> None:
    """A Slidev deck (the `slides.md` beside a `package.json` needing `@slidev/cli`, or
    the file its scripts name) and a Marp deck (`marp: true`) keep their front matter,
    which the talk reads: Slidev's slide settings are no text, Marp's comments notes."""
    new = _imported(tmp_path, {
        "README.md": "# Course decks\n",
        "week2/package.json": '{"scripts": {"build": "slidev build --base /w2/ talk.md"},'
                              ' "devDependencies": {"@slidev/cli": "^0.49.0"}}\n',
        "week2/talk.md": "---\ntheme: default\nhighlighter: shiki\ndate: 2024-03-01\n---\n\n"
                         "# Cover\n\n---\nlayout: center\n---\n\n## Middle\n\n"
                         "<!-- said aloud -->\n",
        "week3/deck.md": "---\nmarp: true\npaginate: true\n---\n\n# Week 3\n\n"
                         "<!-- greet the room -->\n\n---\n\n## Next\n",
    })
    talks = new / "content" / "talks"
    slidev = (talks / "talk.md").read_text(encoding="utf-8")
    assert "highlighter: shiki\n" in slidev and "date: 2024-03-01\n" in slidev
    assert "marp: true\n" in (talks / "deck.md").read_text(encoding="utf-8")
    build(new, BuildOptions())
    deck = (new / "public" / "talks" / "talk" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert "layout: center" not in deck and "said aloud" in deck
    marp = (new / "public" / "talks" / "deck" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert "greet the room" in marp and marp.count("class=slide-frame") == 2


def test_a_slidev_decks_root_paths_are_its_public_folders(tmp_path: Path) -> None:
    """Slidev serves the deck's `public/` at `/`: `/chart.png` is `public/chart.png`."""
    new = _imported(tmp_path, {
        "jvm/package.json": '{"dependencies": {"@slidev/cli": "^0.40.0"}}\n',
        "jvm/slides.md": "---\nhighlighter: prism\ndate: 2022-11-16\n---\n\n# Bytes\n\n"
                         "![chart](/chart.png)\n\n---\n\n<img src=\"/chart.png\" width=\"50%\">\n",
        "jvm/public/chart.png": png(4, 3),
    })
    built = build(new, BuildOptions())
    assert [str(w) for w in built.warnings if "chart" in str(w)] == []
    talk = (new / "content" / "talks" / "slides.md").read_text(encoding="utf-8")
    assert "](/chart.png)" not in talk and 'src="/chart.png"' not in talk


def test_a_slidev_deck_at_the_top_keeps_its_public_folder(tmp_path: Path) -> None:
    """A defence deck at the repository's top: its `public/` (a folder the import
    otherwise skips there, as a build's output) served at `/`, a Vite `?url` after an
    image's name. Every image was missing and the build failed."""
    new = _imported(tmp_path, {
        "package.json": '{"scripts": {"build": "slidev build"},'
                        ' "dependencies": {"@slidev/cli": "^0.42.5"}}\n',
        "slides.md": "---\ntheme: default\ndate: 2023-06-26\n---\n\n# Aerial Detection\n\n"
                     '<img src="/figs/tiles.png" width="40%">\n\n---\n\n'
                     "# Labels\n\n![sizes](/figs/sizes.svg?url)\n",
        "public/figs/tiles.png": png(4, 3),
        "public/figs/sizes.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="4"'
                                 ' height="3"/>\n',
    })
    built = build(new, BuildOptions())
    assert [str(w) for w in built.warnings if "figs" in str(w)] == []
    assert (new / "public" / "public" / "figs" / "tiles.png").is_file() or any(
        (new / "public").rglob("tiles*.png"))


def test_decks_marp_cli_is_set_to_make_are_marp_talks(tmp_path: Path) -> None:
    """Marp CLI reads a deck without `marp: true`: the decks under its `inputDir` (a
    `package.json`'s `marp` settings) or named by its scripts are Marp's."""
    new = _imported(tmp_path, {
        "package.json": '{"scripts": {"one": "npx @marp-team/marp-cli@2.2.0 extra.md"},'
                        ' "marp": {"inputDir": "./slides/", "html": true}}\n',
        "slides/seminar.md": "---\n_class: lead\ndate: 2023-01-10\n---\n\n# Numbers\n\n"
                             "<!-- first the definition -->\n\n---\n\n## Next\n",
        "extra.md": "---\ndate: 2023-02-01\n---\n\n# Extra\n",
        "readme.md": "# Seminar\n",
    })
    talks = new / "content" / "talks"
    assert "marp: true\n" in (talks / "seminar.md").read_text(encoding="utf-8")
    assert "marp: true\n" in (talks / "extra.md").read_text(encoding="utf-8")
    build(new, BuildOptions())
    deck = (new / "public" / "talks" / "seminar" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert "first the definition" in deck and deck.count("class=slide-frame") == 2


def test_a_copy_of_revealjs_beside_a_deck_is_no_notes(tmp_path: Path) -> None:
    """A deck written in HTML keeps reveal.js beside it: its README, tests and the
    Markdown plugin's example are reveal.js's, left out with one notice."""
    write_files(tmp_path / "old", {
        "README.md": "# Talks\n",
        "monads/notes.md": "# Monads\n\nwhat I will say\n",
        "monads/slides/index.html": "<section data-markdown># Hi</section>\n",
        "monads/slides/js/reveal.js": "// reveal\n",
        "monads/slides/plugin/markdown/example.md": "# Example\n",
        "monads/slides/README.md": "# reveal.js\n",
        "monads/slides/test/simple.md": "## Slide 1\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    pages = sorted(p.name for p in (tmp_path / "new" / "content").rglob("*.md"))
    assert pages == ["_index.md", "monads.md", "notes.md"]
    assert len([m for m in messages(imported, "monads/slides") if "reveal.js" in m]) == 1


def test_a_repository_github_pages_published_with_a_theme_is_read_as_notes(
        tmp_path: Path) -> None:
    """A `_config.yml` that only picks a GitHub Pages theme (no posts, layouts or
    Gemfile): its Markdown was published as a folder of notes is read, not refused."""
    write_files(tmp_path / "old", {
        "_config.yml": "theme: jekyll-theme-minimal\n",
        "README.md": "# My talks\n\n- [Loops](loops/slides.md)\n",
        "loops/Makefile": "slides.html: slides.md\n\tpandoc -t revealjs -s $< -o $@\n",
        "loops/slides.md": "% Loops\n% A. Speaker\n% 3 June 2019\n\n# For\n\ntext\n",
    })
    assert detect(tmp_path / "old") == "notes"
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert (tmp_path / "new" / "content" / "talks" / "slides.md").is_file()


def test_the_files_that_built_the_decks_are_not_published(tmp_path: Path) -> None:
    """A folder of decks keeps the Makefile that ran Pandoc and a Slidev deck's
    `package.json` (and its lock file): copied to `static/` as any file of a folder of
    notes, they were published at the site's URLs (`/seminar/Makefile`). The talks
    replace that build: they are left out; the decks' figures and other files stay."""
    new = _imported(tmp_path, {
        "README.md": "# Talks\n",
        "seminar/Makefile": "all: deck.html\n\ndeck.html: deck.md\n"
                            "\tpandoc -t revealjs -s deck.md -o deck.html\n",
        "seminar/deck.md": _DECK,
        "seminar/paths.png": png(4, 3),
        "jvm/package.json": '{"devDependencies": {"@slidev/cli": "^0.48.0"}}\n',
        "jvm/package-lock.json": '{"lockfileVersion": 3}\n',
        "jvm/slides.md": "---\nhighlighter: shiki\ndate: 2023-05-04\n---\n\n# Bytes\n",
        "exercises/Makefile": "run: main.c\n\tcc -o run main.c\n",
    })
    static = sorted(p.relative_to(new / "static").as_posix()
                    for p in (new / "static").rglob("*") if p.is_file())
    assert static == ["exercises/Makefile", "seminar/paths.png"]


def test_pandocs_options_in_a_makefiles_variable_make_talks(tmp_path: Path) -> None:
    """A researcher's talks kept their Pandoc options in a Makefile variable,
    `OPTIONS=-t dzslides --standalone`, used by a pattern rule: the decks were pages.
    And a deck's header gives the slide level Pandoc cut it at, as Quarto's
    `slide-level` does, where the Makefile gives none."""
    new = _imported(tmp_path, {
        "seminar/Makefile": "INPUT=talk\nOPTIONS=-t dzslides --standalone\n\n"
                            "all: $(INPUT).html\n\n%.html: %.md\n\tpandoc $(OPTIONS) $< -o $@\n",
        "seminar/talk.md": "---\ntitle: Bouncing\ndate: 2019-10-15\nslide-level: 2\n---\n\n"
                           "# Part one\n\n## Model\n\ntext\n\n## Planner\n\nmore\n",
    })
    talk = (new / "content" / "talks" / "talk.md").read_text(encoding="utf-8")
    assert "slide_level: 2\n" in talk and "slide-level" not in talk
    assert not (new / "content" / "pages").exists() or not list(
        (new / "content" / "pages").rglob("talk*.md"))


def test_a_repository_of_decks_with_jekylls_options_alone_is_read_as_notes(
        tmp_path: Path) -> None:
    """A talk's repository that GitHub Pages served keeps a `_config.yml` of Jekyll's
    options (`auto: false`), no posts, layouts or theme, beside the Makefile running
    Pandoc: it was refused as no site at all."""
    write_files(tmp_path / "old", {
        "_config.yml": "server: false\nauto: false\n",
        "Makefile": "deck.html: deck.md\n\tpandoc -t revealjs -s deck.md -o deck.html\n",
        "deck.md": "% Streams\n% B. Speaker\n% 4 May 2015\n\n# Why\n\ntext\n",
    })
    assert detect(tmp_path / "old") == "notes"
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert (tmp_path / "new" / "content" / "talks" / "deck.md").is_file()


def test_a_decks_month_without_its_day_is_the_months_first(tmp_path: Path) -> None:
    """`date: 2023-05`, a month alone, was not read: the talk took the file's time (the
    day of the import), with a warning."""
    imported = import_site(*_old_and_new(tmp_path, {
        "Makefile": "all:\n\tpandoc -t revealjs -s -o a.html a.md\n",
        "a.md": "---\ntitle: Monthly\ndate: 2023-05\n---\n\n## One\n\ntext\n",
    }), None, False, NOW)
    talk = (tmp_path / "new" / "content" / "talks" / "a.md").read_text(encoding="utf-8")
    assert "date: 2023-05-01\n" in talk
    assert not messages(imported, "a.md")


def _old_and_new(tmp_path: Path, files: dict[str, str | bytes]) -> tuple[Path, Path]:
    write_files(tmp_path / "old", files)
    return tmp_path / "old", tmp_path / "new"


def test_a_repository_of_slidev_decks_one_folder_each(tmp_path: Path) -> None:
    """One `package.json` needing Slidev at the root, naming no deck, and a
    `slides.md` in each dated folder (a script ran `slidev build "$dir/slides.md"`):
    each deck was a page. They are talks, dated by their folder's name; a deck whose
    header has only `theme`, which Marp has too, failed the build as a Marp deck
    lacking `marp: true`: its `theme` is left out."""
    imported = import_site(*_old_and_new(tmp_path, {
        "package.json": '{"scripts": {"dev": "slidev", "build": "slidev build"},'
                        ' "devDependencies": {"@slidev/cli": "^52.0.0"}}\n',
        "20250611-caches/slides.md": "---\ntitle: Caches\ninfo: Why they miss.\n---\n\n"
                                     "# Caches\n\n---\n\n## Misses\n",
        "demo/slides.md": "---\ntheme: default\ntitle: Demo\ndate: 2025-01-02\n---\n\n"
                          "# Demo\n\n---\n\n## Two\n",
        "marp/deck.md": "---\nmarp: true\ntheme: gaia\ndate: 2025-02-03\n---\n\n# Marp\n",
    }), None, False, NOW)
    talks = tmp_path / "new" / "content" / "talks"
    assert sorted(p.name for p in talks.iterdir()) == ["20250611-caches-slides.md",
                                                      "deck.md", "demo-slides.md"]
    assert "theme: gaia\n" in (talks / "deck.md").read_text(encoding="utf-8")
    assert "date: 2025-06-11\n" in (talks / "20250611-caches-slides.md").read_text(
        encoding="utf-8")
    assert "theme" not in (talks / "demo-slides.md").read_text(encoding="utf-8")
    assert not [m for m in messages(imported, "20250611-caches/slides.md") if "date" in m]
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_slidev_decks_parts_go_into_its_talks_folder(tmp_path: Path) -> None:
    """A Slidev deck made of parts (`src: ./pages/intro.md`), its images in its
    `public/`: each part was a page of its own and the talk failed to read it. The talk
    is a folder holding its parts, their `/chart.png` and a slide's `background:` the
    files of the deck's `public/`."""
    imported = import_site(*_old_and_new(tmp_path, {
        "course/week1/package.json": '{"devDependencies": {"@slidev/cli": "^52.0.0"}}\n',
        "course/week1/slides.md": "---\ntitle: Week one\ndate: 2025-09-01\nmdc: true\n"
                                  "background: /cover.png\n---\n\n# Week one\n\n---\n"
                                  "src: ./pages/intro.md\n---\n",
        "course/week1/pages/intro.md": "# Intro\n\n![chart](/chart.png)\n\n---\n"
                                       "src: ./more.md\n---\n",
        "course/week1/pages/more.md": "# More\n\ntext\n",
        "course/week1/public/chart.png": png(4, 3),
        "course/week1/public/cover.png": png(4, 3),
    }), None, False, NOW)
    talk = tmp_path / "new" / "content" / "talks" / "slides"
    assert sorted(p.relative_to(talk).as_posix() for p in talk.rglob("*.md")) == [
        "index.md", "pages/intro.md", "pages/more.md"]
    pages = tmp_path / "new" / "content" / "pages"
    assert not [p for p in pages.glob("*.md") if p.stem in ("intro", "more")]
    assert "/course/week1/public/chart.png" in (talk / "pages" / "intro.md").read_text(
        encoding="utf-8")
    assert "/course/week1/public/cover.png" in (talk / "index.md").read_text(encoding="utf-8")
    assert [e.format() for e in imported.report.entries if e.severity == "warning"] == []
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    deck = (tmp_path / "new" / "public" / "talks" / "slides" / "slides" / "index.html"
            ).read_text(encoding="utf-8")
    assert deck.count("class=slide-frame") == 3 and "chart.png" in deck


def test_a_slidev_decks_relative_backgrounds_and_title(tmp_path: Path) -> None:
    """A meetup's Slidev decks, one folder each, their images in `assets/` beside
    `slides.md`: `background: assets/cover.jpg` (in the head and a slide's front matter)
    was left as written, and the build failed on each ("missing image"); each talk was
    titled "slides", where Slidev titles a deck by its first slide's heading."""
    imported = import_site(*_old_and_new(tmp_path, {
        "meetups/2022-06-02_start/package.json": '{"dependencies": {"@slidev/cli": "^0.34.1"}}\n',
        "meetups/2022-06-02_start/slides.md": "---\ntheme: default\nbackground: assets/cover.png"
                                            "\nhighlighter: shiki\n---\n\n# Getting started\n\n"
                                            "---\nlayout: image-right\nimage: 'assets/side.png'\n"
                                            "---\n\n## Why\n\n---\nlayout: center\n"
                                            "background: '#123456'\n---\n\n# End\n",
        "meetups/2022-06-02_start/assets/cover.png": png(4, 3),
        "meetups/2022-06-02_start/assets/side.png": png(4, 3),
        "meetups/2022-06-16_blank/package.json": '{"dependencies": {"@slidev/cli": "^0.34.1"}}\n',
        "meetups/2022-06-16_blank/slides.md": "---\nhighlighter: shiki\n---\n\n# &shy;\n\n"
                                            "---\n\n# Agenda\n",
    }), None, False, NOW)
    talks = tmp_path / "new" / "content" / "talks"
    start = (talks / "2022-06-02-start-slides.md").read_text(encoding="utf-8")
    assert "title: Getting started\n" in start
    assert "background: /meetups/2022-06-02_start/assets/cover.png\n" in start
    assert "image: '/meetups/2022-06-02_start/assets/side.png'\n" in start
    assert "background: '#123456'\n" in start
    blank = (talks / "2022-06-16-blank-slides.md").read_text(encoding="utf-8")
    assert "title: slides\n" in blank  # (a heading showing no word: no title)
    assert [e.format() for e in imported.report.entries if e.severity == "warning"] == []
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_reveal_md_deck_is_a_talk_cut_at_its_own_separators(tmp_path: Path) -> None:
    """A reveal-md deck (`revealOptions` in its header; a docker-compose file ran
    `reveal-md slides.md`) was a page, its slides one long text. It is a talk: its own
    separators, `<!--s-->` and `<!--v-->`, cut it as reveal.js did, a key reveal-md
    does not read (`highlight-theme`, its command line's option) is left out."""
    imported = import_site(*_old_and_new(tmp_path, {
        "slides.md": "---\ntitle: Hierarchies\ndate: 2023-05-02\nseparator: <!--s-->\n"
                     "verticalSeparator: '^<!--v-->$'\ntheme: simple\n"
                     "highlight-theme: zenburn\nrevealOptions:\n  controls: false\n---\n\n"
                     "# Hierarchies\n\n<!--s-->\n\n## Monoids\n\n```md\n<!--s-->\n```\n\n"
                     "<!--v-->\n\n## Groups\n",
    }), None, False, NOW)
    talk = (tmp_path / "new" / "content" / "talks" / "slides.md").read_text(encoding="utf-8")
    assert "separator" not in talk.split("\n---\n", 1)[0]  # (its front matter)
    assert "highlight-theme" not in talk and "revealOptions:" in talk
    assert "\n\n---\n\n## Monoids" in talk and "\n\n--\n\n## Groups" in talk
    assert "```md\n<!--s-->\n```" in talk  # (code stays code)
    assert "`highlight-theme`" in " ".join(messages(imported, "slides.md"))
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    deck = (tmp_path / "new" / "public" / "talks" / "slides" / "slides" / "index.html"
            ).read_text(encoding="utf-8")
    assert deck.count("class=slide-frame") == 3


_JUPYTEXT = """---
jupyter:
  jupytext:
    text_representation:
      extension: .md
      format_name: markdown
  kernelspec:
    display_name: Python 3
    language: python
    name: python3
---

<!-- #region {"slideshow": {"slide_type": "slide"}} -->
# Robots at work

A talk, 2019
<!-- #endregion -->

<!-- #region slideshow={"slide_type": "notes"} -->
Say hello first.
<!-- #endregion -->

<!-- #region slideshow={"slide_type": "slide"} -->
## A chart

![chart](images/chart.png)
<!-- #endregion -->

```python slideshow={"slide_type": "fragment"}
print("hi")
```

<!-- #region slideshow={"slide_type": "skip"} -->
Set-up nobody sees.
<!-- #endregion -->
"""


def test_a_rise_deck_kept_as_jupytexts_markdown_is_a_talk(tmp_path: Path) -> None:
    """A RISE deck paired with Jupytext (`talk.md`, its cells in `<!-- #region {…} -->`
    comments with their `slideshow` metadata) was a page: its slides one text, its
    notes and skipped cells among them. It is read as the notebook it holds, a talk."""
    imported = import_site(*_old_and_new(tmp_path, {
        "robots/2019-07-10-talk.md": _JUPYTEXT,
        "robots/images/chart.png": png(4, 3),
    }), None, False, NOW)
    talk = (tmp_path / "new" / "content" / "talks" / "2019-07-10-talk.md").read_text(
        encoding="utf-8")
    assert "title: Robots at work\n" in talk and "date: 2019-07-10\n" in talk
    assert "#region" not in talk and "Set-up nobody sees" not in talk
    assert "Note:\n\nSay hello first." in talk
    assert "```python\nprint(\"hi\")\n```" in talk
    assert [e.format() for e in imported.report.entries if e.severity == "warning"] == []
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    deck = (tmp_path / "new" / "public" / "talks" / "2019-07-10-talk" / "slides" /
            "index.html").read_text(encoding="utf-8")
    assert deck.count("class=slide-frame") == 2 and "chart.png" in deck


def test_a_reveal_decks_background_image_follows_it_into_talks(tmp_path: Path) -> None:
    new = _imported(tmp_path, {
        "Makefile": "all:\n\tpandoc -t revealjs -s lectures/week1.md -o week1.html\n",
        "lectures/week1.md": "---\ntitle: Week one\ndate: 2021-09-06\n---\n\n"
                             "# Opening\n\n"
                             '<!-- .slide: data-background-image="figs/sky.png" -->\n\n'
                             "Welcome.\n\n# Plan\n\n"
                             '<!-- .slide: data-background="#203040" -->\n\nTopics.\n',
        "lectures/figs/sky.png": png(8, 8),
    })
    talk = (new / "content" / "talks" / "week1.md").read_text(encoding="utf-8")
    assert 'data-background-image="/lectures/figs/sky.png"' in talk
    assert 'data-background="#203040"' in talk  # (a colour stays as written)
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []


def test_a_beamer_decks_includegraphics_follows_it_into_talks(tmp_path: Path) -> None:
    new = _imported(tmp_path, {
        "Makefile": "slides.pdf: lecture/optics.md\n\tpandoc -t beamer $< -o $@\n",
        "lecture/optics.md": "---\ntitle: Lenses\ndate: 2022-05-03\n---\n\n"
                             "# Thin lenses\n\n\\begin{center}\n"
                             "\\includegraphics[width=0.5\\textwidth]{img/lens.png}\n"
                             "\\end{center}\n\n# Mirrors\n\nCurved ones.\n\n"
                             "```latex\n\\includegraphics{img/kept.png}\n```\n",
        "lecture/img/lens.png": png(8, 8),
    })
    talk = (new / "content" / "talks" / "optics.md").read_text(encoding="utf-8")
    assert "\\includegraphics[width=0.5\\textwidth]{/lecture/img/lens.png}" in talk
    assert "\\includegraphics{img/kept.png}" in talk  # (code stays as written)
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []


_XARINGAN = """---
title: "Trees and forests"
subtitle: "Reading group, chapter 8"
author: "A. Reader"
date: "2021/04/12</br>  Our Institute"
output:
  xaringan::moon_reader:
    lib_dir: libs
    nature:
      highlightLines: true
---

```{r setup, include=FALSE}
library(knitr)
```

# Splitting the space

```{r regions, echo=FALSE, out.width="60%"}
include_graphics(path = "images/regions 1.png")
```

???
Point at the first split.

---

# Pruning

Smaller trees generalise better.
"""


def test_knitted_decks_lying_in_a_folder_are_talks(tmp_path: Path) -> None:
    """A reading group's `.Rmd` decks for xaringan (and a Quarto `format: revealjs`
    one), with no project around them, were copied as files: no talk, no slide. Each
    is a talk; knitr's `include_graphics` path leads to its image; the date before
    the header's `</br>` is read."""
    new = _imported(tmp_path, {
        "ch8/trees.Rmd": _XARINGAN,
        "ch8/images/regions 1.png": png(8, 8),
        "ch8/notes.Rmd": "---\ntitle: Notes\noutput: html_document\n---\n\nJust notes.\n",
        "ch9/svm.qmd": "---\ntitle: Margins\ndate: 2021-04-19\nformat: revealjs\n---\n\n"
                       "## Hyperplanes\n\nA line in two dimensions.\n\n## Kernels\n\n"
                       "Lift the points.\n",
        "README.md": "# Reading group\n\nThe decks of each chapter.\n",
    })
    talks = new / "content" / "talks"
    assert sorted(p.name for p in talks.glob("*.md")) == ["svm.md", "trees.md"]
    trees = (talks / "trees.md").read_text(encoding="utf-8")
    assert "date: 2021-04-12" in trees and "xaringan::moon_reader" in trees
    assert (new / "static" / "ch8" / "images" / "regions-1.png").is_file()
    assert 'include_graphics(path = "/ch8/images/regions-1.png")' in trees
    assert (new / "static" / "ch8" / "notes.Rmd").is_file()  # (a document: a file)
    result = build(new, BuildOptions())
    assert not [str(w) for w in result.warnings if "trees" in str(w) and "image" in str(w)]
    deck = (new / "public" / "talks" / "trees" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert "Point at the first split." in deck and "<img" in deck
    svm = (new / "public" / "talks" / "svm" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert svm.count("class=slide-frame") >= 2


_REMARK_PAGE = """<!DOCTYPE html>
<html><head><title>Graph kernels</title></head>
<body>
<script src="remark.min.js"></script>
<script>var slideshow = remark.create({ratio: '16:9', sourceUrl: './kernels.md'});</script>
</body></html>
"""
_REVEAL_PAGE = """<!DOCTYPE html>
<html><body><div class="reveal"><div class="slides">
<section data-markdown="deck/spectra.md" data-separator="^\\n---\\n$"></section>
</div></div></body></html>
"""


def test_a_deck_an_html_page_loads_is_a_talk(tmp_path: Path) -> None:
    """A repository of talks keeps the Markdown of a deck beside the HTML page that
    shows it (remark's `sourceUrl`, reveal.js's `data-markdown`). Read as notes, the
    decks were pages of their slides' text, and the pages were published without their
    Markdown; now each deck is a talk and its page is left out."""
    write_files(tmp_path / "old", {
        "index.html": _REMARK_PAGE,
        "kernels.md": "class: center, middle\n\n# Graph kernels\n\n---\n\n## Walks\n\n"
                      "$k(G, H) = \\sum_{i} \\lambda^i$\n\n???\nDefine walks first.\n",
        "2019-05-02-spectra.html": _REVEAL_PAGE,
        "deck/spectra.md": "## Spectra\n\nEigenvalues.\n\n---\n\n## Cuts\n\nNote: slowly\n",
        "notes.md": "# A note\n\nNo deck loads it.\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    new = imported.dest
    assert messages(imported, "index.html") == [
        "it showed the slides, which are talks now: not copied to static/"]
    talks = sorted(p.name for p in (new / "content" / "talks").iterdir())
    assert talks == ["kernels.md", "spectra.md"]
    assert (new / "content" / "pages" / "notes.md").is_file()
    assert not (new / "static" / "index.html").exists()
    result = build(new, BuildOptions())
    assert not [w for w in result.warnings if "spectra" in str(w.path)]
    deck = (new / "public" / "talks" / "kernels" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert deck.count("class=slide-frame") == 2 and "class:" not in deck
    assert "Define walks first." in deck


def test_an_ioslides_deck_s_subtitles_go_under_their_titles(tmp_path: Path) -> None:
    """ioslides shows `## Title | Subtitle` as a title with its subtitle under it; read
    as Markdown, the heading read "Title | Subtitle". A `|` in code or in a formula, and
    in a deck for another format, stays."""
    new = _imported(tmp_path, {
        "week2.Rmd": "---\ntitle: Sampling\ndate: 2026-02-09\noutput:\n"
                     "  ioslides_presentation:\n    widescreen: true\n---\n\n"
                     "# Designs | and why {.build}\n\n## Strata | allocation\n\n- equal\n\n"
                     "## The `a | b` operator\n\n## $P(A | B)$\n\n"
                     "```r\n## not | a heading\n```\n",
        "other.Rmd": "---\ntitle: Other\ndate: 2026-02-10\noutput: slidy_presentation\n"
                     "---\n\n## Left | right\n\ntext\n",
    })
    talk = (new / "content" / "talks" / "week2.md").read_text(encoding="utf-8")
    assert "# Designs {.build}\n\n*and why*\n" in talk
    assert "## Strata\n\n*allocation*\n\n- equal" in talk
    assert "## The `a | b` operator\n" in talk and "## $P(A | B)$\n" in talk
    assert "## not | a heading\n" in talk
    other = (new / "content" / "talks" / "other.md").read_text(encoding="utf-8")
    assert "## Left | right\n" in other


def test_a_remark_background_image_leads_to_its_file(tmp_path: Path) -> None:
    """A xaringan deck's `background-image: url(images/x.png)` names its image from the
    deck's folder; the deck moved to `talks/`, and the build stopped at a missing
    image."""
    new = _imported(tmp_path, {
        "lectures/week1/slides.Rmd": "---\ntitle: Priors\ndate: 2026-01-12\noutput:\n"
                                     "  xaringan::moon_reader: default\n---\n\n"
                                     "class: inverse\nbackground-image: url(images/cover.png)"
                                     "\nbackground-size: cover\n\n# Priors\n\n---\n\n"
                                     "## Next\n\n```css\n.x {\nbackground-image: url(a.png)\n}\n"
                                     "```\n",
        "lectures/week1/images/cover.png": png(8, 6),
    })
    talk = (new / "content" / "talks" / "slides.md").read_text(encoding="utf-8")
    assert "\nbackground-image: url(/lectures/week1/images/cover.png)\n" in talk
    assert "\nbackground-image: url(a.png)\n" in talk  # (no such file: as written)
    result = build(new, BuildOptions())
    assert not result.warnings
    deck = (new / "public" / "talks" / "slides" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert "/lectures/week1/images/cover.png" in deck


def test_a_course_s_decks_inside_its_copy_of_reveal_js_are_talks(tmp_path: Path) -> None:
    """A course kept its lectures in a copy of reveal.js (`js/reveal.js` and `plugin/` at
    the top), each loaded by its page (`data-markdown`): the copy's Markdown was all left
    out as reveal.js's own, and no lecture was imported. reveal.js's own examples stay
    out."""
    page = _REVEAL_PAGE.replace("deck/spectra.md", "./{}")
    new = _imported(tmp_path, {
        "js/reveal.js": "/* reveal */\n",
        "plugin/markdown/markdown.js": "/* plugin */\n",
        "README.md": "# reveal.js\n\nThe framework.\n",
        "lectures/01-joins/index.html": page.format("01-joins.md"),
        "lectures/01-joins/01-joins.md": "## Joins\n\nInner and outer.\n\n---\n\n## Keys\n",
        "examples/markdown.html": page.format("markdown.md"),
        "examples/markdown.md": "## Markdown demo\n",
        "plugin/markdown/example.html": page.format("example.md"),  # (reveal.js 3's)
        "plugin/markdown/example.md": "## Markdown demo\n",
    })
    assert sorted(p.name for p in (new / "content" / "talks").iterdir()) == ["01-joins.md"]
    assert not list((new / "content").rglob("markdown.md"))
    assert not list((new / "content").rglob("example.md"))


def test_a_decks_day_written_with_dots_is_read(tmp_path: Path) -> None:
    """`date: "2025.11.28"` (a paper-review deck's) was not read: the talk took the day
    of the import, with a warning. A day that does not exist still warns."""
    imported = import_site(*_old_and_new(tmp_path, {
        "review/slides.Rmd": "---\ntitle: Review\ndate: \"2025.11.28\"\n"
                             "output: ioslides_presentation\n---\n\n## One\n",
        "other/slides.Rmd": "---\ntitle: Other\ndate: \"2025.02.30\"\n"
                            "output: ioslides_presentation\n---\n\n## One\n",
    }), None, False, NOW)
    talks = tmp_path / "new" / "content" / "talks"
    assert "date: 2025-11-28\n" in next(talks.glob("*review*.md")).read_text(encoding="utf-8")
    assert not [m for m in messages(imported, "review/slides.Rmd") if "date" in m]
    assert "not read" in " ".join(messages(imported, "other/slides.Rmd"))


def test_a_decks_render_output_beside_it_is_no_note(tmp_path: Path) -> None:
    """A folder of R Markdown decks keeps each render beside its deck (`slides.html`,
    `slides_files/libs/…`): the README of each reveal.js plugin there was a note."""
    new = _imported(tmp_path, {
        "week1/slides.Rmd": "---\ntitle: One\ndate: 2026-01-05\noutput: "
                            "revealjs::revealjs_presentation\n---\n\n## A\n",
        "week1/slides.html": "<html></html>\n",
        "week1/slides_files/reveal.js-3.3.0/plugin/notes/README.md": "# Notes plugin\n",
        "readings.md": "# Readings\n\nChapter 1.\n",
    })
    texts = [p.read_text(encoding="utf-8") for p in (new / "content").rglob("*.md")]
    assert any("Chapter 1." in t for t in texts) and (new / "content/talks/slides.md").is_file()
    assert not any("Notes plugin" in t for t in texts)


def test_a_deck_an_html_page_loads_takes_the_pages_title(tmp_path: Path) -> None:
    """A course's reveal.js lectures (`07 - Migrations/07-migrations.md`, loaded by the
    `index.html` beside it) have no title of their own: each talk was titled by its
    file's name, `07-migrations`. The page's `<title>` is the talk's, unless it is
    reveal.js's own template's; a deck's own title still comes first."""
    page = ('<html><head><title>\n  Migrations + Queries\n</title></head><body>'
            '<section data-markdown="./{}"></section></body></html>')
    new = _imported(tmp_path, {
        "slides/07 - Migrations/index.html": page.format("07-migrations.md"),
        "slides/07 - Migrations/07-migrations.md": "## Migrations\n\ntext\n\n---\n\n"
                                                   "## Queries\n\nmore\n",
        "slides/08/index.html": page.format("08-indexes.md").replace(
            "Migrations + Queries", "reveal.js – The HTML Presentation Framework"),
        "slides/08/08-indexes.md": "## Indexes\n\ntext\n",
        "slides/09/index.html": page.format("09-own.md"),
        "slides/09/09-own.md": "---\ntitle: Its own\ndate: 2026-01-05\n---\n\n## A\n\nb\n",
    })
    titles = {p.name: p.read_text(encoding="utf-8").split("\n")[1]
              for p in (new / "content" / "talks").glob("*.md")}
    assert titles == {"07-migrations.md": "title: Migrations + Queries",
                      "08-indexes.md": "title: 08-indexes", "09-own.md": "title: Its own"}
