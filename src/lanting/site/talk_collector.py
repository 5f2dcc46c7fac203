"""A talk rendered slide by slide as one page: what its parts share (`Collector`).

Each slide, its notes and its header are rendered on their own, with the document's
`RenderContext` moved to the part's first line, so messages point into the talk file;
the collector carries on what one page has once (citations numbered across slides,
features, headings, links, the files read) and gives each slide its number and title.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from lanting.content.discover import CONTENT
from lanting.markdown.render import render_markdown, render_summary, resolve_links
from lanting.model.academic import Slide
from lanting.model.markdown import LinkRef, MarkdownOptions, RenderContext
from lanting.model.problem import Problem
from lanting.site.slide_links import link_numbers
from lanting.site.talk_slides import segments

_HEADING_ID = re.compile(r'(<h[1-6] id=")([^"]+)(")')
_ONCE = "(this page's first)"
"""The end of a warning given once a page (a Mermaid diagram, a Quarto or knitr cell):
once a talk, whose slides are rendered one by one."""


@dataclass(slots=True)
class Collector:
    context: RenderContext
    options: MarkdownOptions
    problems: list[Problem]
    features: set[str]
    citations: list[str]
    headings: list[str]
    link_map: dict[str, str]
    deps: set[tuple[str, str, str]]
    links: list[LinkRef]
    macros: tuple[tuple[str, str], ...] = ()
    """The macros the talk's formulas define (`talk_macros`), for every slide's."""
    included: dict[Path, str] = field(default_factory=dict)
    """The talk and the files its slides include (Slidev's `src:`) -> each one's path in
    `content/`."""
    deck: tuple[str, int] = ("", 0)
    """The deck's URL and its number of slides: a link `#3` in a slide or its notes is
    to slide 3 (`slide_links.link_numbers`)."""

    def render(self, text: str, line: int, path: Path | None = None) -> str:
        """`text` from `line` of the talk (or of `path`, a file its slides include).
        One page of many parts: numbers go on from the slides before; the article ends
        with one list of them all (`render_talk`)."""
        text = link_numbers(text, *self.deck)
        context = replace(self.context, body_line=line, cited_before=tuple(self.citations),
                          reference_list=False, macros=self.context.macros + self.macros)
        if path is not None and path in self.included:  # (its links are from its folder)
            context = replace(context, path=path, rel=self.included[path])
        result = resolve_links(render_markdown(text, context, self.options),
                               self.link_map, context.path)
        told = {p.message for p in self.problems if p.message.endswith(_ONCE)}
        self.problems.extend(p for p in result.problems if p.message not in told)
        self.features.update(result.features)
        if 'class="code-block' in result.html:
            self.features.add("code")
        self.citations.extend(k for k in result.citations if k not in self.citations)
        self.headings.extend(h.text for h in result.headings)
        self.deps.update(result.deps)
        self.links.extend(result.links if path is None else
                          (replace(link, written_in=path) for link in result.links))
        return result.html

    def read(self, src: str, among: Path) -> tuple[str, Path] | None:
        """The file `src` names (Slidev's `src:`, knitr's `child=`), from the file
        `among` (`/x.md` from the talk's folder): its text and path, or None; its digest
        is recorded, so that `serve` rebuilds on its edits."""
        talk = next(iter(self.included))  # (the talk itself, named first)
        folder = posixpath.dirname(self.included[talk if src.startswith("/") else among])
        name = posixpath.normpath(posixpath.join(CONTENT, folder, src.lstrip("/")))
        found = self.context.read_file(name)
        self.deps.add(("file", name, found[1] if found else ""))
        if found is None or self.context.site_root is None:
            return None
        self.included[self.context.site_root / name] = name.removeprefix(f"{CONTENT}/")
        return found[0], self.context.site_root / name

    def summary(self, text: str, line: int) -> tuple[str, str]:
        """The talk's `summary` as (HTML, text), like a post's (`render_summary`)."""
        result = resolve_links(render_summary(text, replace(self.context, body_line=line),
                                              self.options),
                               self.link_map, self.context.path)
        self.problems.extend(result.problems)
        self.features.update(result.features & {"math"})
        self.links.extend(result.links)
        return result.html, result.excerpt


def render_slide(text: str, line: int, notes: Sequence[tuple[str, int]],
                 collector: Collector, path: Path | None = None) -> tuple[str, str]:
    html = []
    for kind, items in segments(text, line):
        if kind == "md":
            html.append(collector.render(*items[0], path))
        else:
            cells = "".join(f'<div class="slide-column">\n{collector.render(t, n, path)}'
                            '</div>\n' for t, n in items)
            html.append(f'<div class="slide-columns">\n{cells}</div>\n')
    return "".join(html), "".join(collector.render(t, n, path) for t, n in notes
                                  if t.strip())


def numbered_slide(number: int, line: int, parts: tuple[str, str, str, str],
                   collector: Collector, before: int, seen: set[str],
                   names: tuple[str, ...] = ()) -> Slide:
    """Slide `number` of its rendered (HTML, notes, classes, style), titled by the first
    heading rendered since `before` headings; `names`, reveal.js's for it."""
    html, notes, classes, style = parts
    title = collector.headings[before] if len(collector.headings) > before else ""
    return Slide(number, unique_ids(html, seen), notes, title, line, classes, style, names)


def unique_ids(html: str, seen: set[str]) -> str:
    """Slides share one article page: a heading id used by an earlier slide gets a number."""
    def rename(match: re.Match[str]) -> str:
        base, n = match.group(2), 2
        name = base
        while name in seen:
            name, n = f"{base}-{n}", n + 1
        seen.add(name)
        return match.group(1) + name + match.group(3)

    return _HEADING_ID.sub(rename, html)
