"""Quarto's presentations (`format: revealjs`, and Pandoc's other slide formats, `beamer`
and `pptx`) → Lanting talks.

Pandoc cuts a presentation into slides at its headings of the slide level (2 unless
`slide-level` says otherwise: a `#` heading is a section's title slide, a `##` heading
starts a slide) and at each horizontal rule; the front matter's title, subtitle and
author make a title slide. A Lanting talk cuts at lines `---` and has no title slide of
its own, so the deck is written with a `---` before each such heading and a first slide
of the title. Each slide's `::: {.notes}` div is its speaker notes (`Note:` at its end);
click steps (`. . .`, `::: {.incremental}`, `::: {.fragment}`) show at once, as in
Lanting's deck; a heading's look (`{.smaller}`) is dropped, its `#id` kept, its
background (`background-color="black"`) the slide's `<!-- .slide: … -->`. Columns
(`:::: {.columns}`) Lanting lays out as they are.
"""

from __future__ import annotations

import re
from typing import Any

from lanting.importer.liquid import Context
from lanting.importer.quarto_div_syntax import classes

FORMATS = ("revealjs", "beamer", "pptx")
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})(.*)$")
_DIV_OPEN = re.compile(r"^[ \t]*:{3,}[ \t]*(\{[^}]*\}|[^\s{}:][^\s{}]*)[ \t]*$")
_DIV_CLOSE = re.compile(r"^[ \t]*:{3,}[ \t]*$")
"""(indented too: a div inside a list item, `    ::: nonincremental` under a bullet)"""
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*(\{[^{}]*\})?[ \t]*$")
_RULE = re.compile(r"^[ \t]{0,3}(?:-[ \t]*){3,}$|^[ \t]{0,3}(?:\*[ \t]*){3,}$")
_PAUSE = re.compile(r"^[ \t]*\.[ \t]+\.[ \t]+\.[ \t]*$")
_STEPS = {"incremental", "nonincremental", "fragment", "r-stack", "r-hstack", "r-vstack",
          "r-fit-text", "r-stretch"}
"""Divs of click steps and of reveal.js's layout helpers: their content stays."""
_NOTES_LINE = re.compile(r"^([ \t]*)(notes?)(:)", re.IGNORECASE)
_SLIDE_ATTRIBUTE = re.compile(
    r"""(background(?:-[a-z]+)*|visibility)\s*=\s*["']([^"']*)["']""")
"""A heading's attributes that reveal.js sets on its slide (`background-color`,
`background-image`, `background-size`, …, `visibility`)."""


def presentation_format(data: dict[str, Any]) -> str:
    """The slide format a document is rendered in (its first `format`: `revealjs`,
    `{revealjs: {…}}`, an extension's `clean-revealjs`), or ""."""
    value = data.get("format")
    first = next(iter(value), None) if isinstance(value, dict | list) else value
    base = str(first or "").split("+")[0].rsplit("-", 1)[-1]
    return base if base in FORMATS else ""


def slide_level(data: dict[str, Any]) -> int:
    fmt = data.get("format")
    options = next((v for k, v in fmt.items() if str(k).endswith(FORMATS)), None) \
        if isinstance(fmt, dict) else None
    for where in (options, data):
        value = where.get("slide-level") if isinstance(where, dict) else None
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 6:
            return value
    return 2


def deck(body: str, data: dict[str, Any], ctx: Context) -> str:
    """The presentation's body as a Lanting talk's: its slides cut by lines `---`, the
    notes at each slide's end, a title slide first."""
    level = slide_level(data)
    slides: list[tuple[list[str], list[str]]] = [([], [])]
    down = [False]  # (each slide: in a `#` section's vertical stack, below its first)
    section = False
    fence = ""
    divs: list[str] = []  # each open div: "notes", "step" or "kept"
    for line in body.split("\n"):
        text, notes = slides[-1]
        into = notes if "notes" in divs else text
        opened = _FENCE.match(line)
        if fence or opened:
            if fence and opened and opened.group(1)[0] == fence[0] \
                    and len(opened.group(1)) >= len(fence) and not opened.group(2).strip():
                fence = ""
            elif not fence and opened:
                fence = opened.group(1)
            into.append(line)
            continue
        if div := _DIV_OPEN.match(line):
            names = set(classes(div.group(1)))
            kind = "notes" if "notes" in names else "step" if names & _STEPS else "kept"
            divs.append(kind)
            if kind == "kept":
                into.append(line)
            elif kind == "notes":
                ctx.convert("speaker notes (`::: {.notes}`)")
            continue
        if _DIV_CLOSE.match(line) and divs:
            if divs.pop() == "kept":
                into.append(line)
            continue
        if "notes" not in divs:
            heading = _HEADING.match(line)
            # (one inside a div, a callout's `## Your turn!` title, starts no slide)
            if not divs and (heading and len(heading.group(1)) <= level
                             or _RULE.match(line)):
                top = heading is not None and len(heading.group(1)) == 1 < level
                if any(x.strip() for x in text + notes):
                    slides.append(([], []))
                    down.append(section and not top)
                section = section or top
                if heading is None:
                    continue
                line = _plain_heading(heading, ctx)
            elif _PAUSE.match(line):
                ctx.convert("pauses (`. . .`): the slide shows at once")
                continue
            line = _NOTES_LINE.sub(r"\1\2\\\3", line)  # (no Lanting notes marker)
        slides[-1][1 if "notes" in divs else 0].append(line)
    parts = [(_title_slide(data), False)] + [
        ("\n".join(text).strip("\n") + ("\n\nNote:\n" + "\n".join(notes).strip("\n")
                                        if any(x.strip() for x in notes) else ""), below)
        for (text, notes), below in zip(slides, down, strict=True)
        if any(x.strip() for x in text + notes)]
    # (a `#` section's slides go down under its own, as in reveal.js: `--` between them
    # keeps its numbers, `#/3/1`, which links to the deck name)
    shown = [(p, below) for p, below in parts if p.strip()]
    return "".join(("\n\n--\n\n" if below else "\n\n---\n\n") * (i > 0) + p
                   for i, (p, below) in enumerate(shown)) + "\n"


def _plain_heading(heading: re.Match[str], ctx: Context) -> str:
    """The heading without reveal.js's motion (`auto-animate`); its `#id` stays, for
    links to the slide, and so does its `.smaller` (the talk's smaller type); its
    background (`background-color="black"`, `background-image=…`) and
    `visibility="hidden"` are the slide's reveal.js comment, which Lanting reads."""
    hashes, title, attributes = heading.groups()
    if not attributes:
        return heading.group(0)
    slide = [f'data-{name}="{value}"' for name, value in _SLIDE_ATTRIBUTE.findall(attributes)]
    if slide:
        ctx.convert("slide backgrounds on headings as reveal.js's `.slide:` comments")
    # (`.smaller` stays: the talk sets such a slide in smaller type, as Quarto did)
    kept = [c for c in re.findall(r"(?:^|[\s{])\.([\w-]+)", attributes) if c == "smaller"]
    rest = re.sub(r"(?:^|(?<=[\s{]))\.smaller\b", "", _SLIDE_ATTRIBUTE.sub("", attributes))
    if re.sub(r"#[\w:.-]+", "", rest).strip("{} \t"):
        ctx.convert("slide settings on headings (`auto-animate`, `.scrollable`): dropped")
    label = re.search(r"(?:^|[\s{])#([\w:.-]+)", attributes)
    kept = ([f"#{label.group(1)}"] if label else []) + [f".{c}" for c in kept]
    line = f"{hashes} {title}" + (f" {{{' '.join(kept)}}}" if kept else "") \
        if title.strip() else ""  # (`## {background-image=…}`: a slide of no title)
    comment = f"<!-- .slide: {' '.join(slide)} -->" if slide else ""
    return "\n\n".join(x for x in (line, comment) if x)


def _title_slide(data: dict[str, Any]) -> str:
    """Pandoc's title slide: the title as a `#` heading, the subtitle, the authors and
    their institute."""
    title = str(data.get("title") or "").strip()
    if not title:
        return ""
    lines = [f"# {title}"]
    if str(data.get("subtitle") or "").strip():
        lines += ["", str(data["subtitle"]).strip()]
    authors = data.get("author")
    names = [a.get("name") if isinstance(a, dict) else a
             for a in (authors if isinstance(authors, list) else [authors])]
    shown = ", ".join(str(n).strip() for n in names if n and str(n).strip())
    if shown:
        lines += ["", shown]
    institute = data.get("institute")
    if isinstance(institute, str | list) and institute:
        lines += ["", ", ".join(institute) if isinstance(institute, list) else institute]
    return "\n".join(lines)
