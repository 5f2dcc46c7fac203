"""Stage 7 — a talk's slides, each rendered through the full Markdown pipeline.

The body is cut into slides by `site.talk_slides` (Lanting's own form and reveal.js'),
`site.marp` (a Marp deck), `site.slidev` (a Slidev deck) or `site.remark` (a remark or
xaringan deck). Each part is rendered by `site.talk_collector` with the document's
`RenderContext` moved to the part's first line, so messages point into the talk file; the
talk is one page, so its macros hold in every slide and citations are numbered across them.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from lanting.content.deckset import is_deckset
from lanting.content.pandoc_title import title_slide as pandoc_title_slide
from lanting.errors import LantingError
from lanting.markdown.cite import talk_references
from lanting.markdown.math_given_macros import with_optional
from lanting.markdown.math_macros import page_macros
from lanting.model.academic import Slide, Talk
from lanting.model.content import Document
from lanting.model.markdown import MarkdownOptions, RenderContext
from lanting.model.problem import Problem
from lanting.site.beamer_latex import beamer_markdown, has_beamer, unread_commands
from lanting.site.beamer_notes import item_lines
from lanting.site.deckset import deck_slides, slide_parts
from lanting.site.knitr import (
    child_slides,
    coded_addresses,
    inline_code_warnings,
    knitr_cells,
    knitted_body,
    unechoed_warning,
)
from lanting.site.marp import (
    Directives,
    deck_css,
    front_matter_directives,
    heading_divider,
    marp_line,
    read_slide,
)
from lanting.site.marp_images import Images, apply_sizes, background_html
from lanting.site.pandoc_divs import native_divs
from lanting.site.remark import (
    Templates,
    continuation_lines,
    is_remark,
    title_slide,
)
from lanting.site.remark import read_slide as read_remark_slide
from lanting.site.remark_classes import center_blocks
from lanting.site.remark_lines import highlighted_lines
from lanting.site.reveal import read_slide as read_reveal_slide
from lanting.site.reveal import written_for_reveal
from lanting.site.slide_links import link_slides, slide_targets
from lanting.site.slidev import read_deck, render_deck_slide
from lanting.site.slidev_vue import Warned
from lanting.site.talk_collector import Collector, numbered_slide, render_slide
from lanting.site.talk_slides import (
    SlideSource,
    pandoc_slide_level,
    pandoc_stacks,
    split_slides,
)


def _render_marp_slide(source: SlideSource, state: Directives, collector: Collector,
                       path: Path) -> tuple[str, str, str, str]:
    """A slide of a Marp deck: its HTML, notes, classes and style (`site.marp`)."""
    slide, problems = read_slide(source.text, source.line, source.notes, source.notes_line,
                                 path, state)
    collector.problems.extend(problems)
    images = slide.images or Images(slide.text)
    backgrounds = background_html(images, collector.render)
    html, notes = render_slide(slide.text, source.line, slide.notes, collector)
    for part, name in ((slide.header, "header"), (slide.footer, "footer")):
        if part is not None:
            edge = f'<div class="slide-{name}">\n{collector.render(*part)}</div>\n'
            html = edge + html if name == "header" else html + edge
    own = f"<style>\n{slide.css}\n</style>\n" if slide.css else ""  # (`<style scoped>`)
    return (own + backgrounds + apply_sizes(html, images.sizes), notes, slide.classes,
            slide.style)


def render_talk(doc: Document, context: RenderContext, options: MarkdownOptions,
                url: str, output: str, link_map: dict[str, str] | None = None,
                ) -> tuple[Talk, list[Problem]]:
    """The talk of `doc` and the problems found rendering it; no slides is an error."""
    marp, slidev = doc.meta.marp, doc.meta.slidev
    if slidev is not None:
        return _render_deck(doc, slidev, context, options, url, output, link_map)
    if marp is None and doc.meta.xaringan is None and is_deckset(doc.body):
        return _render_deckset(doc, context, options, url, output, link_map)
    if marp is None and (doc.meta.xaringan is not None or is_remark(doc.body)):
        return _render_remark(doc, context, options, url, output, link_map)
    # (R Markdown's cells as knitr left them; raw beamer LaTeX, frames too, as Markdown)
    body, knitted = knitted_body(doc.body, doc.source.path, doc.body_line) \
        if marp is None else (doc.body, [])
    unread: list[tuple[int, str]] = []
    if marp is None and has_beamer(body):
        level = pandoc_slide_level(body, doc.meta.slide_level)
        body = beamer_markdown(body, min(level, default=2))
        unread = unread_commands(body)
        if any(name == "item" for _i, name in unread):  # (a note's own items: read)
            listed = item_lines(body)
            unread = [(i, name) for i, name in unread if name != "item" or i not in listed]
    # (a deck written for Pandoc, no line `---` in it, is cut at its slide level)
    divider = heading_divider(body, marp) if marp is not None \
        else pandoc_slide_level(body, doc.meta.slide_level)
    sources = split_slides(body, doc.body_line, divider,
                           pandoc=marp is None and bool(divider))
    if marp is None:  # (a deck Pandoc cut: its sections stack down, as in reveal.js)
        sources = pandoc_stacks(sources, divider)
    lead = -1  # (the title slide Pandoc made of a `% Title` block: centred)
    if marp is None and (block := doc.meta.title_block) is not None:
        sources.insert(0, SlideSource(pandoc_title_slide(block), block.line))
        lead = 0
    empty: list[Problem] = []
    if not sources and marp is not None:  # (Marp shows an empty deck as one blank slide)
        sources = [SlideSource("", doc.body_line)]
        empty.append(Problem(
            "this Marp deck has no slides: shown as one empty slide, as Marp shows it",
            doc.source.path, doc.body_line, severity="warning",
            hint="write the deck's slides after the front matter, separated by lines "
                 "`---`, or delete the file"))
    if not sources:
        raise _no_slides(doc)
    collector = Collector(context, options, [], set(), [], [], link_map or {}, set(), [],
                           talk_macros(doc.body), deck=(url + "slides/", len(sources)))
    collector.problems.extend(empty)
    slides: list[Slide] = []
    seen: set[str] = set()
    state, problems = front_matter_directives(marp or {}, doc.key_lines, doc.source.path)
    collector.problems.extend(problems + knitted)
    collector.problems.extend(Problem(
        f"beamer's `\\{name}` is not read: shown as written", doc.source.path,
        doc.body_line + i, severity="warning", hint="Lanting reads beamer's frames, lists, "
        "columns, figures and text commands; write this one's content as Markdown")
        for i, name in unread)
    if marp is None and (line := marp_line(doc.body, doc.body_line)):
        collector.problems.append(Problem(
            "this talk is written for Marp, but its front matter has no `marp: true`",
            doc.source.path, line, severity="warning",
            hint="add `marp: true` to the front matter: Marp's comments are then speaker "
                 "notes and settings, and `![bg]` images backgrounds"))
    code_math = written_for_reveal(doc.body)
    # (its divs as Pandoc reads them: `<div>` lines of Markdown, fences nested alike)
    reveal = [read_reveal_slide(native_divs(s.text), s.line, doc.source.path,
                                collector.problems, code_math)
              for s in sources] if marp is None else []
    if lead == 0 and len(reveal) > 1 and not reveal[1].text.strip() and reveal[1].notes:
        # (beamer's notes before the first heading: the title slide's, not a blank one)
        reveal[:2] = [replace(reveal[0], notes=reveal[0].notes + reveal[1].notes),
                      replace(reveal[1], hidden=True)]
    targets = slide_targets([(source.vertical, slide.ids, slide.text) for source, slide
                             in zip(sources, reveal, strict=False) if not slide.hidden])
    names: dict[int, list[str]] = {}
    for name, number in sorted(targets.items()):
        names.setdefault(number, []).append("/" + name)
    for n, source in enumerate(sources):
        before = len(collector.headings)
        if marp is not None:
            parts = _render_marp_slide(source, state, collector, doc.source.path)
        else:  # (Lanting's own form, or reveal.js's with its `.slide:` comments)
            slide = reveal[n]
            if slide.hidden:
                continue
            linked = [(link_slides(t, targets, url + "slides/"), at) for t, at in
                      ((slide.text, source.line), (source.notes, source.notes_line),
                       *slide.notes)]
            html, notes = render_slide(*linked[0], linked[1:], collector)
            parts = (background_html(slide.images, collector.render) + html, notes,
                     "slide-lead" if n == lead else slide.classes, slide.style)
        slides.append(numbered_slide(len(slides) + 1, source.line, parts, collector,
                                     before, seen, tuple(names.get(len(slides) + 1, ()))))
    if slides and (css := deck_css(state, doc.source.path, collector.problems)):
        # (the deck's CSS, every slide's: written once, with its first slide)
        slides[0] = replace(slides[0], html=f"<style>\n{css}\n</style>\n" + slides[0].html)
    return _talk(doc, context, url, output, slides, collector), collector.problems


def _render_remark(doc: Document, context: RenderContext, options: MarkdownOptions,
                   url: str, output: str, link_map: dict[str, str] | None,
                   ) -> tuple[Talk, list[Problem]]:
    """The talk of a deck written for remark.js or xaringan (`site.remark`)."""
    cells = knitr_cells(doc.body)
    coded: list[Problem] = []  # (images whose address is knitr's inline R code)
    text = coded_addresses(cells.text, doc.source.path, doc.body_line, coded)
    text = center_blocks(text, doc.body_line)  # (`<center>` lines: marked read Markdown)
    text = text if not (doc.meta.xaringan or {}).get("highlight_lines") \
        else highlighted_lines(text)  # (`*`, `{{…}}`, `#<<` lines: highlighted)
    sources = split_slides(continuation_lines(text), doc.body_line)
    if doc.meta.xaringan is not None and doc.meta.xaringan["seal"]:
        sources.insert(0, SlideSource(title_slide(doc.meta.title, doc.meta.xaringan),
                                      doc.key_lines.get("title", 1)))
    collector = Collector(context, options, [], set(), [], [], link_map or {}, set(), [],
                           talk_macros(doc.body))
    collector.included[doc.source.path] = doc.source.rel.as_posix()
    collector.problems.extend(unechoed_warning(cells, doc.source.path, doc.body_line)
                              + coded)
    sources = child_slides(sources, doc.source.path, collector.read, collector.problems,
                           echo=cells.echo)
    if doc.meta.xaringan is not None:  # (R Markdown: `r expr` was knitr's to fill in)
        collector.problems.extend(inline_code_warnings(sources, doc.source.path))
    collector.deck = (url + "slides/", len(sources))
    templates = Templates()
    slides: list[Slide] = []
    seen: set[str] = set()
    for source in sources:
        path = source.path or doc.source.path  # (a knitr child's slide: its file)
        slide = read_remark_slide(source.text, source.line, templates, path,
                                  collector.problems)
        if slide.skip:
            continue
        before = len(collector.headings)
        shown = "".join(collector.render(text, line) for text, line in slide.before)
        html, notes = render_slide(slide.text, source.line,
                                    [(source.notes, source.notes_line)], collector, path)
        after = "".join(collector.render(text, line) for text, line in slide.after)
        images = background_html(slide.images, partial(collector.render, path=path))
        parts = (images + shown + html + after,
                 notes, slide.classes, slide.style)
        slides.append(numbered_slide(len(slides) + 1, source.line, parts, collector,
                                     before, seen))
    if not slides:
        raise _no_slides(doc)
    return _talk(doc, context, url, output, slides, collector), collector.problems


def _render_deckset(doc: Document, context: RenderContext, options: MarkdownOptions,
                    url: str, output: str, link_map: dict[str, str] | None,
                    ) -> tuple[Talk, list[Problem]]:
    """The talk of a Deckset deck (`site.deckset`)."""
    collector = Collector(context, options, [], set(), [], [], link_map or {}, set(), [],
                           talk_macros(doc.body))
    read = deck_slides(doc.body, doc.body_line, doc.source.path, collector.problems)
    if not read:
        raise _no_slides(doc)
    collector.deck = (url + "slides/", len(read))
    slides: list[Slide] = []
    seen: set[str] = set()
    for slide in read:
        before = len(collector.headings)
        parts = slide_parts(slide, collector.render, lambda s: render_slide(
            s.text, s.line, s.notes, collector))
        slides.append(numbered_slide(len(slides) + 1, slide.line, parts, collector,
                                     before, seen))
    return _talk(doc, context, url, output, slides, collector), collector.problems


def _render_deck(doc: Document, headmatter: dict[str, Any], context: RenderContext,
                 options: MarkdownOptions, url: str, output: str,
                 link_map: dict[str, str] | None) -> tuple[Talk, list[Problem]]:
    """The talk of a Slidev deck (`site.slidev`)."""
    collector = Collector(context, options, [], set(), [], [], link_map or {}, set(), [],
                           talk_macros(doc.body))
    collector.included[doc.source.path] = doc.source.rel.as_posix()
    sources, problems = read_deck(doc.body, doc.body_line, headmatter, doc.key_lines,
                                  doc.source.path, collector.read)
    collector.problems.extend(problems)
    if not sources:
        raise _no_slides(doc)
    collector.deck = (url + "slides/", len(sources))
    warned = Warned()
    slides = []
    seen: set[str] = set()
    for number, source in enumerate(sources, start=1):
        before = len(collector.headings)
        parts = render_deck_slide(source, collector.render, warned, collector.problems)
        slides.append(numbered_slide(number, source.line, parts, collector, before, seen))
    return _talk(doc, context, url, output, slides, collector), collector.problems


_MATH = re.compile(r"\$\$(.+?)\$\$|\\\[(.+?)\\\]|\$([^$\n]+)\$", re.DOTALL)


def talk_macros(body: str) -> tuple[tuple[str, str], ...]:
    """The macros the talk's formulas define (`\\newcommand` in a `$$` block of a
    slide), for all its slides: a deck is one page to MathJax, where a definition holds
    for the slides after it, but Lanting renders each slide on its own."""
    if "command" not in body and "\\def" not in body and "Declare" not in body:
        return ()
    latexes = [next(g for g in m.groups() if g is not None) for m in _MATH.finditer(body)]
    defined, _bodies = page_macros(latexes)
    # (and those math-core refuses, `\\newcommand{\\ub}[2]{\\underbrace{#1}_{\\text{#2}}}`,
    # which each slide's page expands as text: given as a site's macro is)
    return tuple(defined.converter.items()) + tuple(
        (name, body if default is None else with_optional(count, default, body))
        for name, (count, body, default) in defined.textual.items())


def _no_slides(doc: Document) -> LantingError:
    return LantingError.at("talk has no slides", doc.source.path, doc.body_line,
                           hint="write each slide's Markdown after the front matter, "
                                "separated by lines `---`")


_UNRESOLVED = re.compile(r"^(?:math: )?`(?:@|\\eqref\{)([^`{}]+)\}?` refers to no "
                         r"(?:numbered equation|label) on this page$")


def _other_slides(problems: list[Problem], slides: list[Slide]) -> None:
    """A reference to an equation of another slide says so: each slide numbers its
    equations on its own (it was "no numbered equation on this page", where there is
    one)."""
    for n, problem in enumerate(problems):
        found = _UNRESOLVED.match(problem.message)
        if found is None:
            continue
        label = html.escape(found.group(1).strip())
        if any(f'id="{label}"' in slide.html for slide in slides):
            problems[n] = replace(
                problem, message=problem.message.replace(
                    "on this page", "on this slide (its equation is on another slide)"),
                hint="a talk's slides number their equations each on its own: refer to an "
                     "equation of the same slide, or write the other one's number as text")


def _talk(doc: Document, context: RenderContext, url: str, output: str,
          slides: list[Slide], collector: Collector) -> Talk:
    _other_slides(collector.problems, slides)
    meta = doc.meta
    summary_html, summary = (collector.summary(meta.summary.strip(), meta.summary_line)
                             if meta.summary and meta.summary.strip() else ("", ""))
    return Talk(
        rel=doc.source.rel.as_posix(), title=meta.title, url=url, output=output,
        lang=meta.lang or context.lang, date=meta.date, summary=summary,
        summary_html=summary_html,
        slides=tuple(slides), event=meta.event or "", end_date=meta.end_date,
        location=meta.location or "",
        paper=meta.paper or "", video=meta.video or "", slides_pdf=meta.slides_pdf or "",
        draft=meta.draft, tags=meta.tags, features=frozenset(collector.features),
        citations=tuple(collector.citations), deps=tuple(sorted(collector.deps)),
        links=tuple(collector.links),
        references_html=talk_references(collector.citations, context),
    )
