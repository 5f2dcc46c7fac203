"""Deckset decks read as talks (`content.deckset`, `site.deckset`): `^` paragraphs are
the speaker notes of their slide, `[.column]` columns, images not `inline` backgrounds,
the head's `footer:` every slide's; what Lanting cannot draw a warning once a deck."""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path

import pytest
from htmltree import Element, parse_html
from hypothesis import given, settings
from hypothesis import strategies as st
from importbits import NOW, messages
from sitebits import write_files

from lanting.build import BuildOptions, build
from lanting.build.options import BuildResult
from lanting.content.deckset import deckset_head, deckset_title, is_deckset
from lanting.importer import import_site
from lanting.model.problem import Problem
from lanting.site.deckset import deck_slides
from lanting.site.talk_slides import split_slides

PNG = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQ"
       "AAAABJRU5ErkJggg==")

DECK = """\
---
title: Ranking
date: 2024-05-02
---

theme: Plain Jane, 2
footer: Ranking / 2024
slidenumbers: true

# [fit] Ranking things

^ Say hello first.
Then the plan.

---

[.background-color: #1f233d]
[.hide-footer]

## Two sides

[.column]
- left point

[.column]
![inline 50%](/dot.png)

^ Point at the picture.

---

![left fit](/dot.png)

#[fit] Half and half

The score is $$s_i = r_i / n$$ for each item.

[.code-highlight: 2]

```python, [.highlight: 2]
a = 1
b = 2
```

---

[.code-highlight: 1]

Once more
"""


def _deck(site: Path) -> list[Element]:
    html = parse_html((site / "public/talks/ranking/slides/index.html").read_bytes())
    return list(html.find_all("section", class_="slide-frame"))


@pytest.fixture
def deck(make_site: Callable[..., Path], build_site: Callable[..., BuildResult],
         ) -> tuple[Path, BuildResult]:
    site = make_site({"content/talks/ranking.md": DECK})
    (site / "static").mkdir(exist_ok=True)
    (site / "static/dot.png").write_bytes(base64.b64decode(PNG))
    return site, build_site(site)


def test_a_decks_notes_are_its_caret_paragraphs(deck: tuple[Path, BuildResult]) -> None:
    """`^ Say hello first.` and the line under it were text of the slide, the
    commands `[.column]` and `theme: Plain Jane, 2` too: the deck was a post."""
    site, _ = deck
    first, second, *_ = _deck(site)
    notes = first.one("aside", class_="slide-notes").text()
    assert "Say hello first." in notes and "Then the plan." in notes
    assert "Say hello" not in first.one(class_="slide").text()
    assert "theme:" not in first.text() and "[fit]" not in first.text()
    assert first.one("h1").text() == "Ranking things"
    assert "Point at the picture." in second.one("aside", class_="slide-notes").text()


def test_columns_images_and_footer_are_drawn(deck: tuple[Path, BuildResult]) -> None:
    site, _ = deck
    first, second, third, fourth = _deck(site)
    assert "Ranking / 2024" in first.one(class_="slide-footer").text()
    assert not second.find_all(class_="slide-footer")  # (`[.hide-footer]`)
    assert "Ranking / 2024" in fourth.one(class_="slide-footer").text()
    slide = second.one(class_="slide")
    assert "background:#1f233d" in slide["style"]
    columns = slide.find_all(class_="slide-column")
    assert len(columns) == 2 and "left point" in columns[0].text()
    assert columns[1].one("img")["style"] == "width:50%"  # (`inline`: in the column)
    assert not second.find_all(class_="slide-bg")
    half = third.one(class_="slide")
    assert "slide-split-left" in half["class"]
    assert "marp-bg-contain" in half.one(class_="slide-bg-left").one(
        class_="slide-bg-image")["class"]
    assert half.one("h1").text() == "Half and half"


def test_inline_formulas_and_highlighted_lines(deck: tuple[Path, BuildResult]) -> None:
    """Deckset's `$$x$$` in a line of text is inline math; `python, [.highlight: 2]` is
    a fence whose line 2 is highlighted (it was an unknown language `python,`)."""
    site, result = deck
    third = _deck(site)[2]
    paragraph = next(p for p in third.find_all("p") if "The score is" in p.text())
    assert paragraph.find_all("math") and paragraph.one("math").get("display") != "block"
    assert len(third.find_all(class_="hl")) == 1
    assert not [w for w in result.warnings if "language" in str(w)]


def test_what_is_not_drawn_is_said_once_a_deck(deck: tuple[Path, BuildResult]) -> None:
    _, result = deck
    [warning] = result.warnings
    assert warning.path.name == "ranking.md" and warning.line == 38
    assert "`code-highlight` is not drawn" in warning.message


def test_a_line_of_br_over_a_quote_leaves_the_quote_markdown(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Deckset's spacer, `<br/>` right over `> a quote`, was an HTML block holding the
    quote: its `>` shown, with a warning. The quote is a quote; the `<br/>` lines above
    the last one still make space."""
    talk = ("---\ntitle: Q\ndate: 2024-01-01\n---\ntheme: Next, 1\n\n# Why\n\n"
            "<br/>\n<br/>\n> Elixir is a *dynamic* language.\n-- elixir-lang.org\n")
    site = make_site({"content/talks/q.md": talk})
    result = build_site(site)
    assert [str(w) for w in result.warnings] == []
    deck = parse_html((site / "public/talks/q/slides/index.html").read_bytes())
    quote = deck.one("blockquote")
    assert quote.find("em") is not None and ">" not in quote.text()
    assert len(deck.find_all("br")) == 1


def test_a_footnote_is_shown_where_it_is_referred_to(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Deckset shows a footnote on any slide referring to it, wherever the deck defines
    it (a last slide of sources): `[^Book]` was shown as written, with the definition
    nowhere. Bold within a word, `__b__ehaviour`, which Deckset shows, is bold too."""
    talk = ("---\ntitle: F\ndate: 2024-01-01\n---\ntheme: Next, 1\n\n# VCS\n\n"
            "> records changes -- Someone [^Book]\n\n---\n\n# BDD\n\n"
            "__b__ehaviour-__d__riven\n\n---\n\n[^Book]: https://example.org/book\n")
    site = make_site({"content/talks/f.md": talk})
    result = build_site(site)
    assert [str(w) for w in result.warnings] == []
    first, second, _ = parse_html((site / "public/talks/f/slides/index.html").read_bytes(
        )).find_all("section", class_="slide-frame")
    assert "[^Book]" not in first.text()
    assert "https://example.org/book" in first.one("section", class_="footnotes").text()
    assert [b.text() for b in second.find_all("strong")] == ["b", "d"]


def test_a_video_is_a_link_to_it(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """Deckset plays `![autoplay loop](demo.mp4)` on its slide; it was an `<img>` of the
    video, drawn as a broken image. It is a link to the video, with one warning a deck."""
    talk = ("---\ntitle: V\ndate: 2024-01-01\n---\ntheme: Next, 1\n\n# Demo\n\n"
            "![autoplay mute loop](/demo.mp4)\n\n---\n\n![fit](/demo.mp4)\n")
    site = make_site({"content/talks/v.md": talk, "static/demo.mp4": "not a video"})
    result = build_site(site)
    [warning] = result.warnings
    assert warning.line == 9 and "video" in warning.message
    deck = parse_html((site / "public/talks/v/slides/index.html").read_bytes())
    assert not [i for i in deck.find_all("img") if "demo" in i.get("src", "")]
    assert [a["href"] for a in deck.find_all("a") if "demo" in a.get("href", "")] \
        == ["/demo.mp4", "/demo.mp4"]


def test_which_bodies_are_deckset_decks() -> None:
    head = deckset_head("\ntheme: Next, 1\nfooter: x\n\n# Title\n", 10)
    assert head.values == {"theme": ("Next, 1", 11), "footer": ("x", 12)}
    assert head.lines == 3
    assert is_deckset("# Email\n\n[.column]\n\n- SMTP\n")
    assert not is_deckset("quote: a saying\n\n# Title\n")  # (no key only Deckset has)
    assert not is_deckset("# Title\n\n```\n[.column]\n```\n")
    assert not is_deckset("## Plain talk\n\n---\n\n## Next\n")
    assert deckset_title("theme: Next\n\n# [fit] Big title\n\n---\n# Other\n") == "Big title"


def test_a_folder_of_deckset_decks_imports_as_talks(tmp_path: Path) -> None:
    """A Deckset deck in a folder of notes (`theme:` lines over its slides, no front
    matter) was a page showing its commands and notes; it is a talk, titled by its
    first heading."""
    files: dict[str, str | bytes] = {
        "erlang/otp.md": "footer: Someone / Some Conf 2017\nslidenumbers: true\n\n"
                         "# [fit] Writing a module\n\n^ Good morning!\n\n---\n\n"
                         "# Why\n\n[.column]\n\n- a\n\n[.column]\n\n- b\n",
        "erlang/rand.md": "theme: Next, 1\nfooter: Someone / Erlang Factory 23-MAR-2017\n\n"
                          "# Random numbers\n",
    }
    write_files(tmp_path / "old", files)
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    said = messages(imported, "erlang/otp.md")
    talk = (tmp_path / "new/content/talks/otp.md").read_text(encoding="utf-8")
    assert 'title: Writing a module' in talk
    assert "footer: Someone / Some Conf 2017" in talk
    assert any("date" in m for m in said)  # (none in the deck: the file's time)
    # (Deckset has no date; the footer's, the event's day, is the talk's)
    assert "date: 2017-03-23" in (tmp_path / "new/content/talks/rand.md").read_text(
        encoding="utf-8")
    assert not messages(imported, "erlang/rand.md")
    result = build(tmp_path / "new", BuildOptions())
    assert [str(w) for w in result.warnings] == []
    slides = parse_html((tmp_path / "new/public/talks/otp/slides/index.html").read_bytes())
    assert len(slides.find_all("section", class_="slide-frame")) == 2


def test_an_undated_deck_is_dated_by_its_title_slide(tmp_path: Path) -> None:
    """Deckset has no date of a talk: a deck whose footer names no day was dated by its
    file's time, which a new clone changes, with a warning naming no line and no fix.
    The day its title slide shows whole is its date now; a deck showing none keeps the
    warning, at its first slide's line, saying what to add."""
    files: dict[str, str | bytes] = {
        "talks/tips.md": "theme: Next, 1\nslidenumbers: true\n\n# [fit] Swift tips\n\n"
                         "### Jane Doe\n### _14 March 2019_\n\n---\n\n# Why\n",
        "talks/more.md": "theme: Next, 1\n\n# [fit] More tips\n\n### Jane Doe\n\n---\n\n"
                         "### 14 March 2019\n",
    }
    write_files(tmp_path / "old", files)
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert "date: 2019-03-14" in (tmp_path / "new/content/talks/tips.md").read_text(
        encoding="utf-8")
    assert not messages(imported, "talks/tips.md")
    said = [e for e in imported.report.entries if e.path == "talks/more.md"]
    assert [(e.line, "add `date: YYYY-MM-DD`" in e.message) for e in said] == [(3, True)]


TOKENS = ["---", "\n", "\n\n", "^ ", "^", "[.column]", "[.hide-footer]", "[.footer: f]",
          "[.code-highlight: 2]", "[.background-color: #fff]", "[.x-y: 1]", "![left fit](a.png)",
          "![inline 50%](a.png)", "![](a.png)", "$$x$$", "$$", "<br/>", "__b__x", "```",
          "```js, [.highlight: 2]", "theme: Next", "footer: x", "# [fit] T", "#[fit]", "`",
          "> q", "- a", "中文", " ", "text"]


@given(st.lists(st.sampled_from(TOKENS), max_size=60))
@settings(max_examples=200, deadline=None)
def test_the_deckset_reader_takes_any_text_and_keeps_its_lines(tokens: list[str]) -> None:
    """Whatever a deck holds, its slides are read and each keeps its lines where they
    were (notes and commands blanked, columns in the commands' places): messages name
    the file's lines."""
    text = "".join(tokens)
    problems: list[Problem] = []
    slides = deck_slides(text, 1, Path("t.md"), problems)
    head = deckset_head(text)
    lines = text.split("\n")
    sources = split_slides("\n" * head.lines + "\n".join(lines[head.lines:]), 1)
    assert [s.line for s in slides] == [s.line for s in sources]
    for slide, source in zip(slides, sources, strict=True):
        assert slide.text.count("\n") == source.text.count("\n")


def test_a_footnote_no_slide_refers_to_is_reported_once(
        make_site: Callable[..., Path], build_site: Callable[..., BuildResult]) -> None:
    """A last slide of sources defines the deck's footnotes: one a slide refers to is shown
    there, with no warning; one no slide refers to is shown nowhere, which is a warning
    at its line."""
    talk = ("---\ntitle: F\ndate: 2024-01-01\n---\ntheme: Next, 1\n\n# VCS\n\n"
            "Git [^Book]\n\n---\n\n[^Book]: https://example.org/book\n"
            "[^Lost]: https://example.org/lost\n")
    site = make_site({"content/talks/f.md": talk})
    result = build_site(site)
    assert [(w.line, w.message) for w in result.warnings] == [
        (14, "footnote `[^Lost]` is never referenced, so its text is not shown")]
