"""Quarto's fenced divs (`::: {.class}` … `:::`) in Lanting's forms: callouts kept (Lanting
reads them), a cell's wrappers unwrapped (`.cell`, `.cell-output`), `.panel-tabset` as
tabs, a figure div (`::: {#fig-x}`) as a labelled figure, `layout-ncol` divs as
columns (`quarto_layouts`), other layout divs (`.column-margin`) unwrapped and reported,
`.content-hidden` left out; theorems and proofs (`::: {#thm-x}`, `::: {.proof}`) in
`quarto_theorems`.

Code is put aside before this runs (a fence is one marker line), so `:::` in a code block
is never read as a div.
"""

from __future__ import annotations

import re

from lanting.importer.body import block
from lanting.importer.liquid import Context
from lanting.importer.list_tables import list_table
from lanting.importer.quarto_div_syntax import (
    Div,
    braced,
    classes,
    depth,
    identifier,
    is_layout,
    option,
    parse,
    shown_in_html,
)
from lanting.importer.quarto_layouts import columns
from lanting.importer.quarto_theorems import Theorems, is_theorem
from lanting.importer.shelf import MARKER

_UNWRAPPED = ("cell", "cell-output", "cell-output-display", "cell-output-stdout",
              "cell-output-stderr", "cell-output-error", "cell-code", "content-visible",
              "content-hidden", "ansi-escaped-output", "hidden")
"""Divs that only wrap: their content stays, the div goes."""
_NO_EFFECT = ("column-body", "incremental", "nonincremental", "fragment", "r-stack",
              "r-hstack", "r-vstack", "r-fit-text", "r-stretch", "smaller", "scrollable",
              "nostretch", "absolute", "unnumbered", "unlisted", "fade-in", "fade-out",
              "fade-up", "fade-down", "fade-left", "fade-right", "fade-in-then-out",
              "fade-in-then-semi-out", "semi-fade-out", "current-visible", "grow", "shrink",
              "strike")
"""Classes Quarto's web page does nothing with: `column-body`, the column text is in
anyway; reveal.js's steps and slide helpers, which only a deck reads (a talk's text
pasted into a post; a course's notes shared with its slides, `{.fragment .fade-in}`);
Pandoc's `unnumbered` and `unlisted`, which only a heading reads.
Unwrapped as quietly as Quarto ignored them (each was "a div Lanting has no form for")."""
_LAYOUT = re.compile(r"^(column-[\w-]+|grid|g-col-[\w-]+|page-columns|page-full|"
                     r"quarto-layout-[\w-]+|fig-cap-location-[\w-]+|border|text-center|"
                     r"lead|small|tight-text|pre|(?:fig|tbl)-column-[\w-]+|"
                     r"caption-margin|margin-caption|aside|no-print)$")
"""Layout classes, a cell's too (knitr's freeze writes `::: {.cell .fig-column-margin}`
and `{.cell .caption-margin}` for `fig-column: margin`, `cap-location: margin`); `aside`,
Quarto's margin note (`::: aside`), and `no-print`, kept off paper by a site's CSS."""
_CALLOUT_REFS = {"nte": "Note", "tip": "Tip", "wrn": "Warning", "imp": "Important",
                 "cau": "Caution"}
"""The label prefixes of callouts Quarto numbers and refers to (`@tip-x`: "Tip 1")."""
_HIDDEN_MATH = re.compile(r"\$\$.+?\$\$", re.DOTALL)
_DEFINES = re.compile(r"\\(?:(?:re)?newcommand|providecommand|DeclareMathOperator|g?def)"
                      r"(?![A-Za-z])")
_MULTIBIB = re.compile(r"refs[_-][\w-]+$")
"""A reference list of one of several bibliographies (multibib's `#refs_software`)."""
_IMAGE = re.compile(r"^!\[([^\]\n]*)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)(\{[^}\n]*\})?$")
_LINKED = re.compile(r"^\[(!\[[^\]\n]*\]\([^)\s]+(?:\s+\"[^\"]*\")?\)(?:\{[^}\n]*\})?)\]"
                     r"\(([^)\s]+)\)$")
"""An image that is a link (`[![a](x.png)](https://…)`): the image, and where it leads."""
_PARENTHESIS_BELOW = re.compile(r"(!\[[^\]\n]*\]\([^()\s]+(?:[ \t]+\"[^\"\n]*\")?)[ \t]*\n"
                                r"[ \t]*\)")
"""An image whose `)` is on the next line (`![](x.png⏎)`), as Pandoc reads it."""
_ATTRIBUTES_BELOW = re.compile(r"(!\[[^\]\n]*\]\([^()\n]*\)\{[^}\n]*)\n[ \t]*"
                               r"(?=[^}\n]*\})")
"""An image whose attributes go on to the next line (`{width=50%⏎fig-align="center"}`)."""


class Divs:
    """Renders parsed divs back into Markdown Lanting reads, reporting what changed."""

    def __init__(self, ctx: Context, chapter: str = "",
                 elsewhere: frozenset[str] = frozenset(),
                 profiles: frozenset[str] = frozenset()) -> None:
        self.profiles = profiles
        """The project's profiles Quarto rendered with (`when-profile="web"`)."""
        self.ctx = ctx
        self.warned: set[str] = set()
        self.theorems = Theorems(ctx, chapter, elsewhere)
        self.numbers: dict[str, int] = {}
        """How many callouts of each kind are numbered so far (`#tip-x`)."""
        self.places: list[str] = []
        """The labels of the divs that placed reference lists (`#refs`, `#refs_main`)."""
        self.anchors: dict[str, str] = {}
        """Labels of figures that hold no image (a video), by the words a reference to
        one reads as: an anchor, not a numbered figure."""

    def render(self, nodes: list[str | Div]) -> str:
        out = []
        for node in nodes:
            out.append(node if isinstance(node, str) else self.div(node))
        return "\n".join(out)

    def once(self, what: str, snippet: str, message: str) -> None:
        if what not in self.warned:
            self.warned.add(what)
            self.ctx.warn(snippet, message)

    def div(self, div: Div) -> str:
        names = classes(div.attributes)
        label = identifier(div.attributes)
        if any(n.startswith("callout") for n in names):
            return self.callout(div, label)
        if "columns" in names or "column" in names:  # (Lanting lays them out itself)
            return self.kept(div, braced(div.attributes), "columns")
        if "panel-tabset" in names:
            return self.tabset(div)
        if not shown_in_html(names, div.attributes, self.profiles):
            # (a formula of `\newcommand`s hidden so still defined them for MathJax, for
            # the whole page: a course's lectures hid their macros' `$$` block so)
            macros = [m.group() for m in _HIDDEN_MATH.finditer(self.render(div.children))
                      if _DEFINES.search(m.group())] if "content-hidden" in names else []
            self.ctx.note(div.opening, "content for another format left out (`"
                          + div.attributes + "`)" + (", its macro definitions kept"
                                                     if macros else ""))
            return block("\n\n".join(macros)) if macros else ""
        if label.startswith("fig-"):
            return self.figure(div, label)
        if label[:4] in ("tbl-", "lst-") and not names:
            return self.captioned(div, label)
        if "list-table" in names:
            return self.list_table(div)
        if label == "refs" or _MULTIBIB.match(label):
            return self.references(div, label)
        if is_theorem(div):
            return self.theorems.directive(div, self.render)
        inner = self.render(div.children)
        cell = "cell" in names
        names = [n for n in names if n not in _UNWRAPPED and n not in _NO_EFFECT]
        if cell and not names:  # (a cell's label, `#setup` or `#tbl-top`: an anchor)
            if not label.startswith("tbl-"):
                return inner
            self.anchors[label] = option(div.attributes, "tbl-cap") or "table"
            return block(f'<a id="{label}"></a>\n\n{inner.strip(chr(10))}')
        layout = is_layout(div.attributes)
        if not names and not label and not layout:
            return inner
        if not names and not layout:
            # (`::: {#data-science}`, a section a page's own links lead to: Quarto's
            # `<div id>` did nothing else, so an anchor keeps all it did)
            self.ctx.convert("divs of an id alone as anchors")
            return block(f'<a id="{label}"></a>\n\n{inner.strip(chr(10))}')
        laid = columns(div, self.render, 3 + depth(div.children)) if layout else None
        if laid is not None:
            self.ctx.convert("layout divs (`layout-ncol`) as columns")
            return block(laid)
        if names and all(_LAYOUT.match(n) for n in names) or layout:
            self.ctx.convert("layout divs unwrapped")
            kind = " ".join(names) or "multi-column"
            message = ("the margin's text is now in the text where it was written"
                       if {"column-margin", "aside"} & set(names) else "its content is "
                       "kept, the layout is not")
            self.once(kind, div.opening, f"`{div.opening.strip()}`: Lanting has no {kind} "
                      f"layout; {message}")
            return block(inner)
        # (once a page for each kind: a post of 123 `::: {.center}` warned 123 times)
        self.once("unknown " + " ".join(sorted(names)), div.opening,
                  f"`{div.opening.strip()}`: a div Lanting has no form for; its content is "
                  "kept without it")
        return block(inner)

    def callout(self, div: Div, label: str) -> str:
        """A callout, kept (Lanting reads it); one labelled for cross-references (`#tip-x`,
        Quarto 1.4's) is numbered per kind as Quarto numbered it, "Tip 1: Its title",
        and `@tip-x` a link to it reading "Tip 1" (Lanting numbers no callouts)."""
        kind = _CALLOUT_REFS.get(label.split("-", 1)[0]) if "-" in label else None
        if kind is None:
            return self.kept(div, braced(div.attributes))
        self.numbers[kind] = self.numbers.get(kind, 0) + 1
        name = f"{kind} {self.numbers[kind]}"
        self.anchors[label] = name
        self.ctx.convert("cross-referenced callouts (`@tip-x`) numbered")
        attributes = braced(div.attributes)
        title = option(attributes, "title")
        if title:
            attributes = re.sub(r"""(?<=\stitle=)("[^"]*"|'[^']*'|[^\s}]+)""",
                                lambda _m: '"' + f"{name}: {title}".replace('"', "'") + '"',
                                attributes)
            return self.kept(div, attributes)
        heading = next((i for i, n in enumerate(div.children) if not isinstance(n, str)
                        or n.strip()), None)
        first = div.children[heading] if heading is not None else ""
        found = re.match(r"(\s*#{1,6}[ \t]+)", first) if isinstance(first, str) else None
        children = list(div.children)
        if heading is not None and found:
            children[heading] = found.group(1) + f"{name}: " + str(first)[found.end():]
        else:
            attributes = attributes[:-1] + f' title="{name}"}}'
        return self.kept(Div(div.opening, div.attributes, children), attributes)

    def references(self, div: Div, label: str) -> str:
        """`::: {#refs}`, Pandoc's place for the reference list, is Lanting's
        `{{< references >}}`; so is the first of multibib's (`#refs_main`, `#refs-software`:
        a list for each bibliography). Lanting makes one list a page, of all it cites:
        the other places are left empty, with one warning."""
        inner = self.render(div.children).strip("\n")
        self.places.append(label)
        if len(self.places) > 1:
            self.once("refs", div.opening, f"`#{label}`: Lanting makes one list of a "
                      f"page's references, at `#{self.places[0]}`: the lists of several "
                      "bibliographies are one there")
            return block(inner)
        self.ctx.convert("`::: {#refs}` as `{{< references >}}`")
        return block("{{< references >}}\n\n" + inner)

    def list_table(self, div: Div) -> str:
        """pandoc-ext's `.list-table`: a pipe table, else its list with a warning."""
        inner = self.render(div.children)
        table = list_table(div.attributes, inner)
        if table is None:
            self.ctx.warn(div.opening, "a `.list-table` whose cells hold more than one "
                          "paragraph (or span columns or rows): kept as its list; make each "
                          "cell one paragraph, or write the table in HTML")
            return block(inner)
        self.ctx.convert("list tables as pipe tables")
        return block(table)

    def kept(self, div: Div, attributes: str, what: str = "callouts") -> str:
        fence = ":" * (3 + depth(div.children))
        self.ctx.convert(what)
        return block(f"{fence} {attributes}\n{self.render(div.children).strip(chr(10))}\n"
                     f"{fence}")

    def tabset(self, div: Div) -> str:
        """`.panel-tabset`: each heading of the first level inside begins a tab."""
        text = self.render(div.children)
        levels = [len(m.group(1)) for m in re.finditer(r"^(#{1,6})[ \t]", text, re.MULTILINE)]
        if not levels:
            self.ctx.warn(div.opening, "a `.panel-tabset` without headings: its content "
                          "is kept as it is")
            return block(text)
        level = "#" * min(levels)
        parts = re.split(rf"^{level}[ \t]+(.*?)[ \t]*(?:\{{[^}}]*\}})?[ \t]*$", text,
                         flags=re.MULTILINE)
        before, tabs = parts[0], list(zip(parts[1::2], parts[2::2], strict=True))
        fence = ":" * (3 + depth(div.children))
        body = "\n".join(f"@tab {name.strip()}\n{content.strip(chr(10))}\n"
                         for name, content in tabs)
        self.ctx.convert("tab sets")
        return block(before) + block(f"{fence} tabs\n{body}\n{fence}")

    def captioned(self, div: Div, label: str) -> str:
        """`::: {#tbl-x}` or `::: {#lst-x}` (Quarto 1.4's), a table or code and its caption
        below: the caption above it with the label's anchor, which `@tbl-x` links to, as
        a labelled table caption (`: … {#tbl-x}`) is. They were a bare anchor, and every
        `@tbl-x` was left as written."""
        kind = "Table" if label.startswith("tbl-") else "Listing"
        parts = self.render(div.children).strip("\n").rsplit("\n\n", 1)
        last = parts[-1].strip()
        caption = "" if len(parts) < 2 or re.match(r"[|+:]|" + MARKER.pattern, last) \
            else " ".join(last.split())
        shown = parts[0] if caption else "\n\n".join(parts)
        self.anchors[label] = caption or kind.lower()
        self.ctx.convert(f"labelled {kind.lower()} divs (`#{label[:3]}-x`) as an anchor and "
                         "their caption above")
        return block(f'<a id="{label}"></a>**{kind}:** {caption}'.rstrip() + f"\n\n{shown}")

    def figure(self, div: Div, label: str) -> str:
        """`::: {#fig-x}` holding images and a caption (the text that is no image): the
        first image a labelled figure, `![caption](x.png "caption"){#fig-x}`."""
        text = self.render(div.children).strip("\n")
        # (one image over two lines was no image to the line-by-line match below: the
        # figure was a bare anchor, unnumbered, with a warning)
        text = _ATTRIBUTES_BELOW.sub(r"\1 ", _PARENTHESIS_BELOW.sub(r"\1)", text))
        lines = [line for line in text.split("\n") if line.strip()]
        # (a cell's echoed code, put aside: before the figure, as Quarto showed it, not
        # in the caption: a lecture's plotting code ended up in its figure's title)
        code = [line for line in lines if MARKER.fullmatch(line.strip())]
        lines = [line for line in lines if line not in code]
        # (an image that is a link, a paper's thumbnail leading to it, is the figure's
        # image still, the link kept around it: it was an anchor, with a warning)
        links = [_LINKED.match(line.strip()) for line in lines]
        images = [_IMAGE.match(link.group(1) if link else line.strip())
                  for line, link in zip(lines, links, strict=True)]
        found = [m for m in images if m]
        caption = " ".join(line.strip() for line, m in zip(lines, images, strict=True)
                           if not m)
        # (Quarto's caption given as an attribute, `{#fig-x fig-cap="…"}`: it was lost,
        # the figure "Figure 1" alone)
        if (given := option(div.attributes, "fig-cap")) and given != caption:
            text, caption = f"{text}\n\n{given}", given
        if not found:
            # (a figure of code, a diagram or a video: a figure div, which Lanting numbers
            # with the images, as Quarto did; it was an anchor `@fig-x` read as words)
            self.ctx.convert("figure divs without an image (code, a diagram) kept")
            fence = ":" * (3 + depth(div.children))
            return block(f"{fence} {braced(div.attributes)}\n{text}\n{fence}")
        own = identifier(found[0].group(3) or "")
        # (one image labelled as its cell's output, `#fig-x-1` in a freeze's `#fig-x`
        # cell, or as the div, is the figure itself; one of another label a subfigure)
        if len(found) > 1 or own.startswith("fig-") and not re.fullmatch(
                rf"{re.escape(label)}(?:-\d+)?", own):
            # (subfigures, or images laid out side by side: the figure div, which Lanting
            # numbers, its labelled images "Figure 2(a)"; the first image carried the
            # label and the others followed, their own labels anchors read as alt text)
            self.ctx.convert("figure divs of several images (subfigures) kept")
            # (all it holds kept in its order, a tab set of plots too: the last paragraph
            # is the caption to Lanting, as to Quarto; the echoed code goes before it)
            fence = ":" * (3 + depth(div.children))
            shown = "\n".join(line for line in text.split("\n")
                              if not MARKER.fullmatch(line.strip())).strip("\n")
            return "".join(block(b) for b in [
                *code, f"{fence} {braced(div.attributes)}\n{shown}\n{fence}"])
        title = (caption or found[0].group(1)).replace('"', "\u201d")
        self.ctx.convert("figure divs")
        alt = found[0].group(1) or re.sub(r"\$([^$]*)\$", r"\1", title)
        first = f'![{alt}]({found[0].group(2)} "{title}"){{#{label}}}'
        url = next((link.group(2) for link, m in zip(links, images, strict=True)
                    if m is found[0] and link), None)
        return "".join(block(b) for b in [*code, f"[{first}]({url})" if url else first])


_ALT = re.compile(r"!\[([^\[\]\n]*)\]\(")
"""An image's alt text (Quarto's figure caption)."""
_TABLE_CAPTION = re.compile(r"^(?:Table)?:[ \t]+(.+?)[ \t]*\{#(tbl-[\w:.-]+)[^}\n]*\}[ \t]*$",
                            re.MULTILINE)
"""Pandoc's labelled table caption, a paragraph of its own by the table."""


_INDENTED_OPEN = re.compile(r"^([ \t]{4,})(:{3,})[ \t]*(\{[^}]*\}|[^\s{}:]\S*)[ \t]*$")
_INDENTED_CLOSE = re.compile(r"^([ \t]{4,}):{3,}[ \t]*$")


def indented_cells(text: str) -> str:
    """A cell's wrappers indented under a list item (`    ::: {.cell}`, a freeze's R
    cell in a bullet point) taken out, as the unindented ones are: the div parser reads
    divs at the margin only, and they were shown as text."""
    out: list[str] = []
    stack: list[tuple[str, bool]] = []  # (indent, whether its lines go)
    for line in text.split("\n"):
        opened = _INDENTED_OPEN.match(line)
        closed = _INDENTED_CLOSE.match(line)
        if opened:
            names = classes(opened.group(3))
            wrapper = bool(names) and all(n in _UNWRAPPED or _LAYOUT.match(n) for n in names)
            stack.append((opened.group(1), wrapper))
            if wrapper:
                continue
        elif closed and stack and stack[-1][0] == closed.group(1):
            if stack.pop()[1]:
                continue
        out.append(line)
    return "\n".join(out)


def convert_divs(text: str, ctx: Context, anchors: dict[str, str] | None = None,
                 chapter: str = "", elsewhere: frozenset[str] = frozenset(),
                 profiles: frozenset[str] = frozenset()) -> str:
    """The divs in Lanting's forms; a figure without an image and a labelled table
    (Lanting numbers neither) are anchors that their references link to, as are the
    `anchors` already made (a label's words by the label). `chapter`: the book's
    chapter the page is, whose theorems are numbered in it (`3.1`); `elsewhere`: the
    labels other documents give, whose theorems' references are left for later;
    `profiles`: those Quarto rendered with."""
    divs = Divs(ctx, chapter, elsewhere, profiles)
    divs.anchors.update(anchors or {})
    text = indented_cells(text) if "    :::" in text or "\t:::" in text else text
    text = divs.render(parse(text))

    def caption(match: re.Match[str]) -> str:
        divs.anchors[match.group(2)] = match.group(1)
        ctx.convert("labelled table captions (an anchor; `@tbl-x` links to it)")
        return f'<a id="{match.group(2)}"></a>**Table:** {match.group(1)}'

    text = _TABLE_CAPTION.sub(caption, text)
    text = divs.theorems.references(text)
    for label, words in divs.anchors.items():
        # (Lanting's `@fig-x` needs a numbered figure: one without is a link to its anchor;
        # words with references of their own, a caption naming the next figure, are none)
        words = words if not re.search(r"[\[\]@]", words) else "table" \
            if label.startswith("tbl-") else "figure"
        alts = [m.span(1) for m in _ALT.finditer(text)]

        def linked(match: re.Match[str], words: str = words, label: str = label,
                   alts: list[tuple[int, int]] = alts) -> str:
            # (in an image's alt text, its caption, the words alone: a link there broke
            # the image, and the figure it labelled with it)
            inside = any(start <= match.start() < end for start, end in alts)
            return words if inside else f"[{words}](#{label})"

        # (`[@fig-x]` whole, but not the `]` closing an alt text after a bare `@fig-x`)
        text = re.sub(rf"(?<![\w.@])(?:\[-?@{re.escape(label)}\]|-?@{re.escape(label)})"
                      r"(?![\w-])", linked, text)
    return text
