"""reveal.js decks kept in a Jekyll site (`importer/jekyll_decks.py`,
`importer/reveal_html.py`), in the two shapes homepages keep them:

- a page under `slides/` whose layout puts its Markdown in reveal.js's `<section
  data-markdown>` (`<textarea data-template>{{ page.content }}</textarea>`), cut at the
  separators that section sets (two blank lines a vertical slide, `Note:` the notes);
- a post whose text is reveal.js's own `<section>`s, printed by the site's values
  (`{{ site.startslide }}` is `<section data-markdown><script type='text/template'>`),
  or written out in HTML.

Imported as pages and posts, the first showed its slides as one text with its `Note:`
lines, the second nothing at all: its Markdown sat in `<script>` elements.
"""

from __future__ import annotations

from pathlib import Path

from htmltree import Element, parse_html
from importbits import NOW
from sitebits import png, write_files

from lanting.build import BuildOptions, build
from lanting.importer import import_site

_SLIDE_LAYOUT = """<!doctype html>
<html><head><title>{{ page.title }}</title>
<link rel="stylesheet" href="/reveal.js/css/reveal.css"></head>
<body><div class="reveal"><div class="slides">
{% if page.path contains ".md" %}
<section data-markdown data-separator="^---" data-separator-vertical="^\\n\\n"
         data-separator-notes="^Note:" data-charset="utf-8">
<textarea data-template>{{ page.content }}</textarea>
</section>
{% else %}{{ content }}{% endif %}
</div></div>
<script src="/reveal.js/js/reveal.js"></script>
<script>Reveal.initialize({ history: true, dependencies: [
  { src: '/reveal.js/plugin/math/math.js', async: true } ] });</script>
</body></html>
"""

_REPORT = """---
layout: slide
title: "Progress report: sensor pairing"
date: 2019-03-12
---

# Where we are
<!-- .slide: data-background-image="../assets/img/board.png" -->

* The protocol is written down
    - messages still change

Note:
- Say that this is the first report.
- Keep it short.

---

# Measurements

The pairing takes $t \\approx 1.2\\,\\mathrm{s}$ on average.


## The numbers

| run | time |
| --- | ---- |
| 1   | 1.1  |

Note:
Only the second slide of the stack has numbers.

---

# Next

```python
def pair(device):
    return device.key
```
"""

_POST_LAYOUT = """<!doctype html>
<html><head><link rel="stylesheet" href="//cdn.example.org/reveal.js/3.1.0/css/reveal.min.css">
</head><body><div class="reveal"><div class="slides">
{{ content }}
</div></div>
<script src="//cdn.example.org/reveal.js/3.1.0/js/reveal.js"></script>
</body></html>
"""

_CONFIG = """title: Notes of a biologist
startslide: "<section data-markdown><script type='text/template'>"
nextslide: "</script></section><section data-markdown><script type='text/template'>"
endslide: "</script></section>"
startvertical: "<section>"
endvertical: "</section>"
"""

_TALK_POST = """---
layout: presentation
title: Chromatin marks and how to find them
categories: talks
---

{{site.startvertical}}
{{site.startslide}}

# Chromatin marks

> A review for the reading group

{{site.nextslide}}

## Outline

- Marks on histones
- Finding them with ChIP-seq

{{site.endslide}}
{{site.endvertical}}

{{site.startslide}}

## A hidden Markov model

$$P(x_{1:T}) = \\sum_{z} \\prod_t p(z_t \\mid z_{t-1})\\, p(x_t \\mid z_t)$$

Note: the states are the chromatin states.

{{site.endslide}}
"""

_HTML_DECK = """---
layout: slide
title: A deck written in HTML
date: 2018-04-20
---

<section data-background-color="#223344">
    <h1>Written in HTML</h1>
    <p>Each section a slide</p>
    <aside class="notes">Say hello.</aside>
</section>

<section>
    <section>
        <h2>A stack</h2>
    </section>
    <section id="below">
        <p>The slide under it</p>
    </section>
</section>

<section data-markdown>
    <textarea data-template>
        ## Markdown inside

        - read as **Markdown**
    </textarea>
</section>
"""


def _frames(out: Path, slug: str) -> list[Element]:
    page = parse_html((out / "public" / "talks" / slug / "slides" / "index.html")
                      .read_bytes())
    return page.find_all("section", class_="slide-frame")


def _heading(frame: Element) -> str:
    slide = frame.one(class_="slide")
    return next(h.text() for tag in ("h1", "h2") for h in slide.find_all(tag))


def _site(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    write_files(tmp_path / "old", files)
    import_site(tmp_path / "old", tmp_path / "new", None, False, NOW)
    result = build(tmp_path / "new", BuildOptions())
    assert [w.message for w in result.warnings] == []
    return tmp_path / "new"


def test_a_page_its_reveal_layout_reads_as_markdown_is_a_talk(tmp_path: Path) -> None:
    out = _site(tmp_path, {
        "_config.yml": "title: Thesis\ndefaults:\n  - scope:\n      path: slides\n"
                       "    values:\n      layout: slide\n",
        "_layouts/slide.html": _SLIDE_LAYOUT,
        "slides/report-1.md": _REPORT,
        "assets/img/board.png": png(40, 30),
    })
    assert not (out / "content" / "pages" / "report-1.md").exists()
    frames = _frames(out, "report-1")
    # (two blank lines, the layout's vertical separator, cut the second slide in two)
    assert [_heading(f) for f in frames] == [
        "Where we are", "Measurements", "The numbers", "Next"]
    notes = frames[0].one("aside", class_="slide-notes")
    assert [li.text() for li in notes.find_all("li")] == [
        "Say that this is the first report.", "Keep it short."]
    assert "Note:" not in frames[0].text()
    assert frames[1].one(class_="slide").find("math") is not None
    assert frames[2].one(class_="slide").find("table") is not None
    assert "stack has numbers" in frames[2].one("aside", class_="slide-notes").text()
    assert "def pair" in frames[3].one("code").text()
    background = frames[0].one(class_="slide-bg")
    assert "/assets/img/board.png" in str(background)


def test_a_post_of_reveal_sections_printed_by_site_values_is_a_talk(tmp_path: Path) -> None:
    out = _site(tmp_path, {
        "_config.yml": _CONFIG,
        "_layouts/presentation.html": _POST_LAYOUT,
        "_posts/talks/2017-11-12-chromatin.md": _TALK_POST,
    })
    frames = _frames(out, "chromatin")
    assert [_heading(f) for f in frames] == [
        "Chromatin marks", "Outline", "A hidden Markov model"]
    ids = [[s["id"] for s in f.find_all("span", class_="slide-name")] for f in frames]
    assert "/0/1" in ids[1] and "/1" in ids[2]  # (the first two a stack, as reveal.js showed)
    assert frames[2].one(class_="slide").find("math") is not None
    assert "chromatin states" in frames[2].one("aside", class_="slide-notes").text()
    deck = (out / "public" / "talks" / "chromatin" / "slides" / "index.html").read_text()
    assert "text/template" not in deck and "<section data-markdown" not in deck


def test_a_page_of_html_sections_is_a_talk_of_its_slides(tmp_path: Path) -> None:
    out = _site(tmp_path, {
        "_config.yml": "title: Thesis\n",
        "_layouts/slide.html": _SLIDE_LAYOUT,
        "slides/html-deck.html": _HTML_DECK,
    })
    frames = _frames(out, "html-deck")
    assert len(frames) == 4
    first = frames[0].one(class_="slide")
    assert first.one("h1").text() == "Written in HTML" and first.find("aside") is None
    assert frames[0].one("aside", class_="slide-notes").text() == "Say hello."
    assert "#223344" in (frames[0].one(class_="slide")["style"]
                         + frames[0].one(class_="slide").get("class", ""))
    assert any(s["id"] == "/below" for s in frames[2].find_all("span", class_="slide-name"))
    markdown = frames[3].one(class_="slide")
    assert markdown.one("h2").text() == "Markdown inside"
    assert markdown.one("strong").text() == "Markdown"
