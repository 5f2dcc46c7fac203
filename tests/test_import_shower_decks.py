"""Shower decks kept in a Jekyll site (`importer/jekyll_shower.py`): a fork of Jekyller,
the generator of Shower slides, whose layout runs the page through `showerify.html`.
The repository is the deck: `index.md`, a `#` cover heading, a slide at each `##`, the
slide's classes in kramdown's attribute lists, `// ` presenter notes. It was imported as
the home page's text, one long page with its notes shown; it is a talk."""

from __future__ import annotations

from pathlib import Path

from htmltree import Element, parse_html
from importbits import jekyll_site, messages

from lanting.build import BuildOptions, build

_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a730000"
    "001649444154789c635c6caac5c0c0c0c4c0c0c0c0c000000cbb0106e14f5107000000"
    "0049454e44ae426082")

_LAYOUT = """<!DOCTYPE HTML>{% capture showerify_input %}{{ content }}{% endcapture %}\
{% include showerify.html %}
<html><head><title>{{ title }}</title></head>
<body class="list">{{ showerify_output }}
<script src="shower/shower.min.js"></script></body></html>
"""

_DECK = """---
layout: default
mathjax: true
style: |
    #Cover h2 { color: #fff; }
---

# Caching at the edge {#Cover}

*Lena Petrova, Example Labs*

![](pictures/cover.png)
<!-- photo: our own -->

## Why cache?

- Latency is \\\\(O(n)\\\\) in the hops
- ...Fewer hops, faster pages
- … Fewer requests, smaller bills
- \\...but an ellipsis can be text

// Ask who has run a CDN before.
Then wait for hands.

{:.shout #numbers}
## Ninety percent hit rate

##Headers that decide

###Cache-Control

{% highlight python %}
# a comment, not a slide
## nor this
ttl = 60
{% endhighlight %}

## **Thank you**

<!--
## A slide left out
{:.section}
-->

## Questions
{:.section}

See [the numbers](#numbers).

// Keep it short.

---

Contacts on a slide of their own.
"""


def _slides(out: Path) -> list[Element]:
    html = parse_html((out / "talks/caching-at-the-edge/slides/index.html").read_bytes())
    return list(html.find_all("section", class_="slide-frame"))


def test_a_shower_deck_of_a_jekyller_fork_is_a_talk(tmp_path: Path) -> None:
    imported = jekyll_site(tmp_path, {
        "_config.yml": "markdown: kramdown\nauthor:\n  name: Lena Petrova\n",
        "_layouts/default.html": _LAYOUT,
        "_includes/showerify.html": "{% assign items = showerify_input | split:'<h1' %}\n",
        "index.md": _DECK,
        "pictures/cover.png": _PNG,
    })
    new = tmp_path / "new"
    talk = (new / "content/talks/caching-at-the-edge.md").read_text(encoding="utf-8")
    assert "title: Caching at the edge" in talk
    assert not (new / "content/_index.md").exists() or "Why cache?" not in (
        new / "content/_index.md").read_text(encoding="utf-8")
    assert not [m for m in messages(imported, "index.md") if "home page" in m]
    result = build(new, BuildOptions())
    assert [str(w) for w in result.warnings] == []
    cover, why, shout, headers, thanks, questions, contacts = _slides(new / "public")
    assert cover.one("h1").text() == "Caching at the edge"
    assert cover.one("h1")["id"] == "Cover"
    assert cover.one("img")["src"] == "/pictures/cover.png"
    items = [li.text() for li in why.find_all("li")]
    assert items[1:] == ["Fewer hops, faster pages", "Fewer requests, smaller bills",
                         "...but an ellipsis can be text"]
    assert why.one("math") is not None
    notes = why.one("aside", class_="slide-notes").text()
    assert "Ask who has run a CDN before." in notes and "Then wait for hands." in notes
    assert "//" not in why.one(class_="slide").text()
    assert "slide-centered" in shout.one(class_="slide").classes
    assert shout.one("h2")["id"] == "numbers"
    assert headers.one("h2").text() == "Headers that decide"
    assert headers.one("h3").text() == "Cache-Control"
    assert "# a comment, not a slide" in headers.one("pre").text()
    assert thanks.one("h2").text() == "Thank you"
    assert "slide-centered" in thanks.one(class_="slide").classes
    assert "A slide left out" not in questions.text()
    assert questions.one("a")["href"].endswith("#numbers")
    assert "{:" not in questions.text()
    assert "Keep it short." in questions.one("aside", class_="slide-notes").text()
    assert contacts.one("p").text() == "Contacts on a slide of their own."
