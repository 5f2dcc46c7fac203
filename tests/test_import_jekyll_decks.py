"""A Jekyll site of remark.js decks (`importer/jekyll_decks.py`): a course's lectures as
pages with `layout: presentation`, a layout that puts the page's text in remark's
`<textarea id="source">`. Each is a talk read as remark's; its old URL leads to the
deck."""

from __future__ import annotations

from pathlib import Path

from importbits import NOW, messages, redirect_target
from sitebits import write_files

from lanting.build import BuildOptions, build
from lanting.importer import import_site

_LAYOUT = """<!DOCTYPE html>
<html><head><title>{{ page.title }}</title></head>
<body>
<textarea id="source">
{{ content }}
</textarea>
<script src="https://remarkjs.com/downloads/remark-latest.min.js"></script>
<script>var slideshow = remark.create({ ratio: '16:9' });</script>
</body></html>
"""

_LECTURE = """---
layout: presentation
title: "Lecture 3: recursion"
---

class: center, middle

# Recursion
## Lecture 3

---
name: base

# The base case

- every call must *shrink* the problem
- until it is small enough to answer

???
Draw the call tree on the board.

---
class: inverse

# Factorial

```python
def fact(n):
    return 1 if n == 0 else n * fact(n - 1)
```

--

It calls itself $n$ times.
"""


def test_a_remark_deck_page_is_a_talk_whose_old_url_leads_to_the_deck(
        tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "_config.yml": "title: Algorithms course\n",
        "_layouts/presentation.html": _LAYOUT,
        "lecture3.md": _LECTURE,
        "index.md": "---\nlayout: presentation\ntitle: Home\n---\n\n# The lectures\n",
        "syllabus.md": "---\ntitle: Syllabus\n---\n\nWeek by week.\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    new = tmp_path / "new"
    talk = (new / "content" / "talks" / "lecture3.md").read_text(encoding="utf-8")
    assert 'title: "Lecture 3: recursion"' in talk and "\ndate: " in talk
    assert "\n???\nDraw the call tree on the board.\n" in talk
    assert (new / "content" / "pages" / "syllabus.md").is_file()
    assert any("a talk needs a date" in m for m in messages(imported, "lecture3.md"))
    build(new, BuildOptions())
    deck = (new / "public" / "talks" / "lecture3" / "slides" / "index.html").read_text(
        encoding="utf-8")
    assert deck.count("class=slide-frame") == 3
    assert "name: base" not in deck and "class: inverse" not in deck
    assert "Draw the call tree on the board." in deck
    assert redirect_target(new / "public", "/lecture3.html") == "/talks/lecture3/slides/"


def test_a_remark_deck_post_is_a_talk_dated_by_its_name(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "_config.yml": "title: Talks\npermalink: /:year/:title.html\n",
        "_layouts/base.html": "<html><body>{{ content }}\n"
                              "{% include slideshow.html %}</body></html>\n",
        "_layouts/slides.html": "---\nlayout: base\n---\n"
                                "<textarea id=\"source\">{{ content }}</textarea>\n",
        "_includes/slideshow.html": "<script src=\"/js/remark.min.js\"></script>\n",
        "_posts/2024-03-05-meetup.md": "---\nlayout: slides\ntitle: Meetup talk\n---\n\n"
                                       "class: middle\n\n# Hello\n\n---\n\n# Bye\n",
        "_posts/2024-02-01-note.md": "---\ntitle: A note\n---\n\nJust text.\n",
    })
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    new = tmp_path / "new"
    talk = (new / "content" / "talks" / "meetup.md").read_text(encoding="utf-8")
    assert "date: 2024-03-05" in talk
    assert (new / "content" / "posts" / "note.md").is_file()
    build(new, BuildOptions())
    assert redirect_target(new / "public", "/2024/meetup.html") == "/talks/meetup/slides/"


def test_marp_decks_of_a_collection_are_talks(tmp_path: Path) -> None:
    """A course keeps its Marp decks in a published collection (`_slides/w1.md`,
    `marp: true`, made into slides with Marp CLI; Jekyll published the text as a
    page). They were imported as posts of a series "slides", their directives dropped
    with a notice: each is a talk, read as Marp's, its old URL leading to the deck."""
    write_files(tmp_path / "old", {
        "_config.yml": "title: Course\ncollections:\n  slides:\n    output: true\n",
        "_posts/2025-01-02-hello.md": "---\ntitle: Hello\n---\n\n"
                                      "See [week 1](/slides/w1.html).\n",
        "_slides/w1.md": "---\nmarp: true\ntheme: gaia\npaginate: true\ntitle: Week 1\n"
                         "date: 2025-02-01\n---\n\n# Week 1\n\nIntro.\n\n---\n\n"
                         "## Two\n\n<!-- say hello -->\n\n- a\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    new = tmp_path / "new"
    assert sorted(p.name for p in (new / "content" / "posts").iterdir()) == ["hello.md"]
    talk = (new / "content" / "talks" / "w1.md").read_text(encoding="utf-8")
    assert "marp: true" in talk and "paginate: true" in talk
    assert not [m for m in messages(imported, "_slides/w1.md") if "left out" in m]
    assert any("1 Marp decks, talks" in m for m in messages(imported, "_slides"))
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    assert redirect_target(new / "public", "/slides/w1.html").startswith("/talks/w1/")
    post = (new / "public" / "posts" / "hello" / "index.html").read_text(encoding="utf-8")
    assert 'href="/talks/w1/' in post


def test_links_between_pages_by_their_published_names(tmp_path: Path) -> None:
    """A course's index links its lectures as Jekyll published them: `knn.html` for a
    page of `permalink: knn` (Jekyll wrote `knn.html`), from a site under a `baseurl`.
    The links were dropped as leading nowhere (or, without a `baseurl`, broke the
    build); they lead to the new pages."""
    write_files(tmp_path / "old", {
        "_config.yml": "title: Course\nbaseurl: /course\n",
        "_layouts/default.html": "<html>{{ content }}</html>\n",
        "index.md": "---\ntitle: Home\n---\n\nRead [the first](knn.html) and "
                    "[the second](trees.html).\n",
        "knn.md": "---\ntitle: Neighbours\npermalink: knn\n---\n\nNear.\n",
        "trees.md": "---\ntitle: Trees\n---\n\nBranches.\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    home = (tmp_path / "new" / "content" / "_index.md").read_text(encoding="utf-8")
    assert "[the first](pages/knn.md)" in home and "[the second](pages/trees.md)" in home
    assert not [m for m in messages(imported, "index.md") if "nowhere" in m]
    build(tmp_path / "new", BuildOptions())


def test_a_page_published_without_an_extension_answers_with_one(tmp_path: Path) -> None:
    write_files(tmp_path / "old", {
        "_config.yml": "title: Course\n",
        "_layouts/default.html": "<html>{{ content }}</html>\n",
        "index.md": "---\ntitle: Home\n---\n\nRead [the first](knn.html).\n",
        "knn.md": "---\ntitle: Neighbours\npermalink: knn\n---\n\nNear.\n",
    })
    imported = import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    assert not [m for m in messages(imported, "index.md") if "nowhere" in m]
    build(tmp_path / "new", BuildOptions())
    assert redirect_target(tmp_path / "new" / "public", "/knn.html") == "/knn/"
