"""Jekyll pages and posts that were remark.js slide shows (`jekyll_pages`, `jekyll`).

A course or a speaker keeps their decks in a Jekyll site: each deck a page (or post)
of remark's Markdown (`class: center, middle`, `---` between slides, `???` before the
notes) whose layout, `layout: presentation` (or `remark`, `slides`), puts the text in
remark's `<textarea id="source">` and calls `remark.create()`. Imported as a page,
such a deck was one long text, its slides' properties and notes shown. It is a talk,
read as remark's, and its old URL, which showed the slides, leads to the deck. So is
a Marp deck kept among the site's pages or in a collection (`marp: true`: made with Marp
CLI or VS Code beside the site, which published the text as a page), a Shower deck,
whose layout is Jekyller's (`jekyll_shower`), and a reveal.js deck, whose layout loads
reveal.js: its text either Markdown the layout hands to reveal.js's Markdown plugin
(`<textarea data-template>{{ page.content }}</textarea>`, cut at the separators the
layout's `<section data-markdown>` sets) or reveal.js's `<section>`s (`reveal_html`),
written out or printed by the site's values (`{{ site.startslide }}`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lanting.content.marp import is_marp_key
from lanting.importer.common import date_of, mtime, read_text
from lanting.importer.jekyll_shower import SHOWER, shower_slides
from lanting.importer.report import Report
from lanting.importer.reveal_html import layout_separators, section_slides
from lanting.importer.revealmd_decks import reveal_md_cuts
from lanting.importer.text import key_line, split_front_matter

_REMARK = re.compile(r"remark(?:-latest)?(?:\.min)?\.js|\bremark\.create\s*\(")
_REVEAL = re.compile(r"\breveal(?:\.min)?\.js\b|\bReveal\.initialize\s*\(")
_REVEAL_MATH = re.compile(r"\bplugin/math/(?:math|katex|mathjax\d?)(?:\.min)?\.js\b"
                          r"|\bRevealMath\b")
"""reveal.js's math plugin, whose MathJax (or KaTeX) read `$…$` as inline math."""
_SITE_VALUE = re.compile(r"\{\{-?\s*site\.(\w+)\s*-?\}\}")
_INCLUDE = re.compile(r"\{%-?\s*include\s+([\w./-]+)")
_TEXTAREA = re.compile(r"\A\s*<textarea\b[^>]*\bid\s*=\s*[\"']?source[\"']?[^>]*>\s*\n"
                       r"(.*?)\n?\s*</textarea>\s*\Z", re.DOTALL | re.IGNORECASE)


def is_deck(source: Path, layout: str, data: dict[str, Any]) -> bool:
    """Whether a page or post was a slide show: Marp's (`marp: true`), or its layout
    remark.js's, Shower's or reveal.js's."""
    return data.get("marp") is True or remark_layout(source, layout) \
        or layout_uses(source, layout, SHOWER) or layout_uses(source, layout, _REVEAL)


def marp_front(data: dict[str, Any]) -> dict[str, Any]:
    """A Marp deck's own keys, which its talk reads: `marp: true` and Marp's directives
    (`theme`, `paginate`, …); none for another page."""
    if data.get("marp") is not True:
        return {}
    return {k: v for k, v in data.items() if k == "marp" or is_marp_key(k)}


def reveal_dollars(source: Path, layout: str) -> bool:
    """Whether the layout `layout` loads reveal.js's math plugin: in its decks `$…$`
    was inline math, though kramdown's is `$$…$$`."""
    return layout_uses(source, layout, _REVEAL) and layout_uses(source, layout, _REVEAL_MATH)


def remark_layout(source: Path, layout: str) -> bool:
    """Whether the layout `layout` (or one it is put in, or an include it names) makes
    a remark.js slide show of the page's text."""
    return layout_uses(source, layout, _REMARK)


def layout_uses(source: Path, layout: str, pattern: re.Pattern[str]) -> bool:
    """Whether the layout `layout`, one it is put in or an include it names holds
    `pattern`."""
    return any(pattern.search(text) for text in _layout_texts(source, layout))


def _layout_texts(source: Path, layout: str) -> Iterator[str]:
    """The texts of the layout `layout`, of those it is put in and of the includes
    they name."""
    names, seen = [f"_layouts/{layout}.html"] if layout else [], set()
    while names:
        name = names.pop()
        file = source / name
        if name in seen or not file.is_file():
            continue
        seen.add(name)
        text = read_text(file)
        yield text
        _fmt, head, _body, _first = split_front_matter(text)
        parent = re.search(r"^layout:[ \t]*[\"']?([\w./-]+)", head, re.MULTILINE)
        names += [f"_layouts/{parent.group(1)}.html"] if parent else []
        names += [f"_includes/{n}" for n in _INCLUDE.findall(text)]


def deck_body(source: Path, layout: str, body: str, report: Report,
              config: dict[str, Any]) -> str:
    """A deck's text as its talk's: a Shower deck's cut into slides, a reveal.js deck's
    (`reveal_body`), a remark deck's without the `<textarea>` around it."""
    if layout_uses(source, layout, _REVEAL):
        return reveal_body(source, layout, body, report, config)
    if not layout_uses(source, layout, SHOWER):
        return remark_source(body)
    deck = shower_slides(body)
    for what, times in sorted(deck.counts.items()):
        report.convert(f"Shower decks: {what}", times)
    return deck.text


def reveal_body(source: Path, layout: str, body: str, report: Report,
                config: dict[str, Any]) -> str:
    """A reveal.js deck's text as its talk's: its `<section>`s (with the site's values
    that print them, `startslide: "<section data-markdown><script type='text/template'>"`)
    as slides; else its Markdown, cut where its layout's separators cut it."""
    def value(found: re.Match[str]) -> str:
        shown = config.get(found.group(1))
        return shown if isinstance(shown, str) and re.search(
            r"</?section\b", shown, re.IGNORECASE) else found.group()

    printed = _SITE_VALUE.sub(value, body)
    deck = section_slides(printed)
    if deck is not None:
        report.convert("reveal.js decks' `<section>`s as slides", deck.slides)
        report.convert("the separators of a reveal.js section as Lanting's lines", deck.cuts)
        return deck.text
    separators = next((found for text in _layout_texts(source, layout)
                       if (found := layout_separators(text))), {})
    _front, body, count = reveal_md_cuts(separators, body)
    report.convert("the separators of a reveal.js layout's `data-markdown` section as "
                   "Lanting's lines", count)
    return body


def shower_title(source: Path, layout: str, body: str, config: dict[str, Any]) -> str:
    """A Shower deck's title where its page names none: the site's `presentation:
    title:` (which the cover of Yandex's Jekyller shows under its `# Яндекс`), else its
    first `#` heading's text (Jekyller's), else empty."""
    if not layout_uses(source, layout, SHOWER):
        return ""
    shown = config.get("presentation")
    if isinstance(shown, dict) and isinstance(shown.get("title"), str):
        return re.sub(r"\s*<br\s*/?>\s*", " ", shown["title"]).strip()
    return shower_slides(body).title


def remark_source(body: str) -> str:
    """The deck's Markdown: a page that wrote remark's `<textarea id="source">` around
    its text itself, as its layout did not, without it."""
    found = _TEXTAREA.match(body)
    return found.group(1) if found else body


def deck_front(front: dict[str, Any], data: dict[str, Any], head: str, path: Path,
               tz: dt.tzinfo, report: Report) -> dict[str, Any]:
    """A page's front matter as a talk's, with the date a talk needs: its own, else
    the file's time, with a warning."""
    when = date_of(data, head, "date", tz)
    if when is None:
        report.warn(path, key_line(head, "date"), "a slide deck: a talk needs a date, "
                    "and the page gives none: the file's time is used")
        when = mtime(path, tz)
    return {"title": front["title"], "date": when,
            **{k: v for k, v in front.items() if k != "title"}, **marp_front(data)}
