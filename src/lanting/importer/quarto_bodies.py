"""The body of a Quarto document in Lanting's Markdown. Lanting reads most of Quarto's own
syntax (callouts, `{#fig-x}` and `@fig-x`, `$$…$$ {#eq-x}`, `[@key]`, `{.python
filename="x.py"}`), so this converts what it does not: the wrappers of executed cells
in a freeze (`::: {.cell}`), raw blocks (`{=html}`), cells (`quarto_fences.py`), tab
sets and layout divs (`quarto_divs.py`), attributes on images, links and spans, Quarto's
shortcodes (`{{< video >}}`, `{{< include >}}`, …), figures written by a freeze, and
links to other documents of the project.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from lanting.importer import body as B
from lanting.importer.body_displays import paragraph_displays
from lanting.importer.body_links import (
    extensionless_images,
    map_urls,
    slide_backgrounds,
    spaced_destinations,
    spaced_image_paths,
)
from lanting.importer.body_parentheses import doubled_backslash_math, escaped_parentheses
from lanting.importer.body_tables import table_math
from lanting.importer.common import LinkTable, read_text
from lanting.importer.figure_labels import pandoc_figures, repeated_labels
from lanting.importer.grid_tables import grid_tables
from lanting.importer.html_block_spans import break_lines, pandoc_tag_lines
from lanting.importer.item import Item
from lanting.importer.liquid import Context
from lanting.importer.mkdocs_strong import lenient_strong
from lanting.importer.pandoc_footnotes import pandoc_footnotes
from lanting.importer.pandoc_inline_math import paragraph_environments
from lanting.importer.quarto_bibliography import nocite_text
from lanting.importer.quarto_cells import (
    cell_filenames,
    code_fold,
    included_code,
    raw_inlines,
)
from lanting.importer.quarto_divs import convert_divs
from lanting.importer.quarto_embeds import embeds
from lanting.importer.quarto_fences import QuartoFences, Unrun
from lanting.importer.quarto_inline_r import inline_r
from lanting.importer.quarto_links import QuartoLinks, freeze_figure, freeze_of
from lanting.importer.quarto_math import (
    bare_environments,
    bare_macros,
    imagify_divs,
    numbers_environments,
    print_latex,
    raw_math,
    single_backslash_math,
    text_after_labels,
    unnumbered_environments,
)
from lanting.importer.quarto_settings import default_profiles, html_option
from lanting.importer.quarto_vars import fill, value_of
from lanting.importer.quarto_xrefs import (
    Label,
    cross_references,
    dangling_sections,
    own_labels,
    subfigure_references,
)
from lanting.importer.report import Report
from lanting.importer.shelf import MARKER, Shelf, protect_code
from lanting.importer.site import NewSite
from lanting.importer.sub_sup import FORMULA, scripts

_SHORTCODE = re.compile(r"(?<!\{)\{\{<\s*([\w-]+)(.*?)>\}\}(?!\})", re.DOTALL)
"""A shortcode, over several lines too (`{{< video x.mp4⏎  title="…"⏎>}}`)."""
_ATTRIBUTES = re.compile(r"(\]\((?:<[^<>\n]*>|(?:[^()\s]|\([^()\s]*\))*)(?:\s+\"[^\"]*\")?\))"
                         r"\{((?:[^}\n]|\n(?![ \t]*\n))*)\}")
"""An image's or link's attributes, `{#fig-x width="70%"}`, on a line or going on to
the next (Pandoc reads them over a line break)."""
_SPAN = re.compile(r"(?<![!\]\\])\[([^\[\]\n]+)\]\{([^}\n]*)\}")
_ICONS = frozenset({"fa", "bi", "ai", "iconify", "lipsum", "placeholder", "pagebreak", "kbd",
                    "version"})
"""Shortcodes that only draw (Font Awesome's `fa`, Bootstrap's `bi`, academicons' `ai`,
an academic's `{{< ai orcid >}}` beside a link) or fill in Quarto's own values."""


class QuartoBodies(QuartoFences, QuartoLinks):
    """The body side of the Quarto importer."""

    source: Path
    report: Report
    site: NewSite
    table: LinkTable
    by_source: dict[Path, Item]
    posts_roots: list[Path]
    listings: list[Path]
    mermaid: bool
    """Whether a `{mermaid}` cell was found (Lanting then draws them, as Quarto did)."""
    variables: dict[str, Any]
    """The project's `_variables.yml`, for `{{< var x >}}`."""
    metadata: dict[Path, dict[str, Any]]
    """Each document's metadata (`_quarto.yml` < `_metadata.yml` < front matter), for
    `{{< meta x >}}`."""

    labels: dict[str, Label]
    """The project's labels, for references across documents (`quarto_xrefs`)."""
    defined: frozenset[str] = frozenset()
    """The labels every document's source gives (notebooks' too): a reference to one not
    in `labels` is not dangling if it is here."""
    UNRUN = "no _freeze/ for this file"
    rmarkdown = False
    """Whether R Markdown's reader read the documents (bookdown's, distill's: `\\(x\\)`
    is a formula there), not Quarto's."""

    def convert(self, text: str, item: Item, ctx: Context, path: Path,
                figures: Path | None) -> str:
        """`figures`: the freeze's folder when the text is a freeze's."""
        if figures is None:  # (a freeze's includes were read before the run: as written)
            text = self.includes(text, path, ctx)
        text, count = raw_math(text)
        ctx.convert("raw TeX blocks of a math environment (`{=tex}`) as display math", count)
        if figures is None:  # (a freeze's Markdown has knitr's values in)
            text = inline_r(text, ctx)
        shelf = Shelf()
        unrun = Unrun()
        meta = self.metadata.get(path.resolve(), {})
        fold = code_fold(meta)
        text = embeds(text, path, self.source, self.site, self.site.new_url(item).strip("/"),
                      ctx, shelf.put, freeze_of)

        def resolve(url: str, image: bool) -> str | None:
            return self.url(url, image, item, path, figures, ctx)

        def on_fence(info: str, code: str, indent: str) -> str:
            if re.fullmatch(r"\{=html5?\}", info.strip()):  # (raw HTML: its links too)
                ctx.convert("raw HTML blocks")
                # (Quarto fills `var` and `meta` in raw blocks too: a course's Colab
                # badges, `href="{{< var colab >}}demos/x.ipynb"`, lost their links)
                code = fill(code, self.variables, meta,
                            lambda: ctx.convert("`var` and `meta` shortcodes filled in"))
                # (raw to Pandoc whatever its lines: in Markdown a line of spaces ended
                # the HTML, and the indented lines after it were code)
                return B.block(B.html_block_lines(map_urls(code, resolve)))
            if (included := included_code(info, code, path, meta, ctx)) is not None:
                info, code = included
            shown = self.fenced(info, code, indent, ctx, unrun, frozen=figures is not None)
            return self.fold(shown, info, code, indent, fold, ctx)

        # (an HTML comment is raw to Pandoc: a fence in it, `<!-- ```{tikz}` … "```-->",
        # opened code that swallowed the rest of a real post)
        text = re.sub(r"<!--.*?-->", lambda m: shelf.put(
            slide_backgrounds(m.group(), resolve), "R"), text, flags=re.DOTALL)
        text, count = cell_filenames(text)
        ctx.convert("file names of cells (`#| filename:`) as their code's titles", count)
        text = cell_figures_in_view(protect_code(text, shelf, on_fence, pandoc=True), shelf)
        text, count = pandoc_footnotes(text)
        ctx.convert("notes a writer without footnotes left as links (`[¹](#fn1)`) as "
                    "footnotes", count)
        text = raw_inlines(text, shelf, ctx)
        text, count = pandoc_tag_lines(text)
        ctx.convert("Markdown on the line after a `<div>` (Pandoc reads it)", count)
        text, count = break_lines(text)
        ctx.convert("a `<br>` alone on a line, then Markdown, one paragraph (Pandoc's)",
                    count)
        text = imagify_divs(text, shelf.put, ctx)
        text = paragraph_environments(print_latex(text, ctx), ctx)
        text = bare_macros(bare_environments(text, ctx), ctx)
        text, count = paragraph_displays(text)
        ctx.convert("`$$` displays inside a paragraph on lines of their own (Pandoc's)", count)
        # (its includes named from the project's root or the document's folder)
        if not numbers_environments([(meta, self.source), (meta, path.parent)]):
            text = unnumbered_environments(text, ctx)
        text = text_after_labels(text, ctx)
        text = grid_tables(text, ctx.warn, ctx.convert, shelf.put)
        if unrun.cells:
            ctx.warn("```{", f"{unrun.cells} code cell(s) with no frozen results ("
                     f"{self.UNRUN}): shown as code, without their outputs (Quarto ran "
                     "them; Lanting runs no code)")
        for name, (first, count) in unrun.browser.items():
            ctx.warn(first, f"`{{{name}}}`: {count} interactive cell(s) (run in the reader's "
                     "browser, by Observable JS or a Quarto extension): shown as code, which "
                     "does not run here")
        text = _SHORTCODE.sub(lambda m: self.shortcode(m, ctx, path), text)
        if extension := str(html_option(meta, "default-image-extension") or "").lstrip("."):
            text, count = extensionless_images(text, extension, lambda name: self.exists(
                name, path, figures))
            ctx.convert("image paths without an extension, given `default-image-extension`",
                        count)
        text, count = spaced_image_paths(text, lambda name: self.exists(name, path, figures))
        ctx.convert("image paths with spaces (a chunk label's) in angle brackets", count)
        text = convert_divs(text, ctx, unrun.labels, str(item.front.get("chapter") or ""),
                            frozenset(k for k, v in self.labels.items() if v.path != path),
                            frozenset(default_profiles(meta.get("profile"))))
        # (Pandoc read a table cell's formula whole: its `|`, `\|` are no cell breaks)
        text, bars = table_math(text, whole=True)
        ctx.convert("`|` in formulas of table cells as `\\vert`", bars)
        # (math first out of reach: `\sqrt[3]{x}` is no span `[3]{x}` to drop, `$a**b$` no
        # bold; Pandoc's `**` closes after a space too: `**the range of **$X$` was bold)
        if self.rmarkdown or FORMULA.search(text):  # (MathJax was on the page)
            text, count = doubled_backslash_math(text, lambda made: shelf.put(made, "M"))
            ctx.convert("`\\\\(x\\\\)` as formulas (MathJax read the page's `\\(x\\)`)", count)
        text = lenient_strong(FORMULA.sub(lambda m: shelf.put(m.group(), "M"), text), ctx,
                              "Pandoc")
        if not (self.rmarkdown or single_backslash_math(meta)):
            text, count = escaped_parentheses(text)
            ctx.convert("escaped parentheses `\\(1\\)` as plain ones (Quarto reads no "
                        "`\\(x\\)` math)", count)
        text = pandoc_attributes(text, ctx)
        text, linked = cross_references(text, path, self.labels, self.document_link,
                                        lambda made: shelf.put(made, "R"),
                                        own_labels(ctx.original))
        ctx.convert("references to labels of other documents (`@sec-x`)", linked)
        text, count = subfigure_references(
            text, ctx.original, str(meta.get("lang") or "").startswith("zh"),
            lambda base: cross_references(f"@{base}", path, self.labels, self.document_link,
                                          lambda made: shelf.put(made, "R"))[0]
            if base in self.labels and self.labels[base].path != path else None)
        ctx.convert("references to a cell's subfigures (`@fig-x-2`)", count)
        text = dangling_sections(text, self.labels, ctx.original, ctx.warn, self.defined)
        text = scripts(text, shelf, ctx)  # (math put aside: `A[[i]]` stays TeX)
        text = self.wiki_links(text, ctx)
        text, count = spaced_destinations(text)  # (Pandoc reads a path to its `)`)
        ctx.convert("link paths with spaces in angle brackets", count)
        text = map_urls(text, resolve)
        return nocite_text(item, ctx.convert) + escaped_shortcodes(self.figure_labels(
            B.tidy(shelf.restore(text)), str(item.front.get("chapter") or ""), ctx))

    @staticmethod
    def figure_labels(text: str, chapter: str, ctx: Context) -> str:
        """`repeated_labels` over the figures of the whole text (those of cells too,
        which were code until now), and `pandoc_figures`, its code put aside again."""
        if "![" not in text and "#fig-" not in text:
            return text
        shelf = Shelf()
        text = pandoc_figures(protect_code(text, shelf, pandoc=True), ctx)
        return shelf.restore(repeated_labels(text, chapter, ctx) if "#fig-" in text else text)

    @staticmethod
    def exists(name: str, path: Path, figures: Path | None) -> bool:
        """Whether an image path of the document names a file: a figure of its freeze
        (`index_files/figure-html/pc1 & 2-1.png`, named after a chunk label with spaces)
        or a file beside it."""
        found = freeze_figure(figures, path, name)
        return found.is_file() if found is not None else (path.parent / name).is_file()

    def includes(self, text: str, path: Path, ctx: Context, depth: int = 0) -> str:
        """`{{< include _part.qmd >}}`: the file's text in its place (paths from the
        document's folder, or from the project's root with a leading `/`)."""

        def one(match: re.Match[str]) -> str:
            name = match.group(2).strip().strip("\"'")
            file = (self.source / name.lstrip("/")) if name.startswith("/") \
                else path.parent / name
            if depth > 8 or not file.is_file():
                return ctx.leave(match.group(), "the file it includes is missing")
            ctx.convert("included files")
            return self.includes(read_text(file), file, ctx, depth + 1)

        return re.sub(r"(?<!\{)\{\{<\s*(include)\s+([^>]+?)\s*>\}\}(?!\})", one, text)

    def shortcode(self, match: re.Match[str], ctx: Context, path: Path) -> str:
        name, rest = match.group(1), match.group(2).strip()
        args, named = B.arguments(rest)
        if name in ("var", "meta") and args:
            value = value_of(name, args[0], self.variables,
                             self.metadata.get(path.resolve(), {}))
            if value is not None:
                ctx.convert("`var` and `meta` shortcodes filled in")
                return value
        if name == "video" and args:
            found = re.search(r"(?:youtu\.be/|youtube(?:-nocookie)?\.com/(?:embed/|watch\?v="
                              r"|shorts/))([\w-]{11})", args[0])
            ctx.convert("videos")
            if found:
                title = f' title="{named["title"]}"' if named.get("title") else ""
                return f'{{{{< video youtube="{found.group(1)}"{title} >}}}}'
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//", args[0]):
                return f"[{named.get('title') or 'Video'}]({args[0]})"
            # A file of the project (`clip.mp4`): Quarto's player is HTML's own.
            title = html.escape(named.get("title") or "", quote=True)
            return (f'<video controls preload="metadata" src="{html.escape(args[0])}"'
                    + (f' title="{title}"' if title else "") + "></video>")
        if name == "downloadthis" and args:  # (the quarto-downloadthis extension's button)
            ctx.convert("download buttons (`downloadthis`) as links to their files")
            return f"[{named.get('label') or 'Download'}]({args[0]})"
        if name == "tweet" and (len(args) >= 2 or named.get("id")):
            user = named.get("user") or args[0]
            status = named.get("id") or args[1]
            ctx.convert("tweets as links")
            return f"[@{user} on X](https://x.com/{user}/status/{status})"
        if name in _ICONS:
            if name == "kbd" and args:
                return "<kbd>" + "</kbd>+<kbd>".join(args) + "</kbd>"
            ctx.note(match.group(), f"`{{{{< {name} >}}}}` left out (Lanting has none)")
            return ""
        if name in ("meta", "var", "env") and args:
            return ctx.leave(match.group(), f"the value of `{args[0]}` is not known here: "
                             "write it in")
        return ctx.leave(match.group(), "a shortcode Lanting has no form for")


def pandoc_attributes(text: str, ctx: Context) -> str:
    """Pandoc's attributes on images and links (`{width=80%}`) left out but a figure's
    label, and spans with attributes (`[text]{.smallcaps}`) as their text (a citation's
    brackets, `[@key]{.x}`, kept): Lanting has no form for them."""
    text = _ATTRIBUTES.sub(lambda m: m.group(1) + _kept_label(m.group(2)), text)
    text, spans = _SPAN.subn(lambda m: m.group(1) if not m.group(1).startswith("@")
                             else m.group(), text)
    ctx.convert("spans with attributes (text kept)", spans)
    return text


def _kept_label(attributes: str) -> str:
    """Of an image's or link's attributes (`{#fig-x width=80%}`), what Lanting reads:
    a figure's label."""
    found = re.search(r"(?:^|\s)#(fig[-:][\w:.-]+)", attributes)  # (or pandoc-crossref's)
    return f"{{#{found.group(1)}}}" if found else ""


_ESCAPED = re.compile(r"\{\{\{<(.*?)>\}\}\}", re.DOTALL)
"""An escaped shortcode, `{{{< include x.qmd >}}}`, which Quarto shows as written."""


def escaped_shortcodes(text: str) -> str:
    """`{{{< x >}}}` as Quarto showed it, `{{< x >}}` (a post on Quarto showing its
    shortcodes in code; included as a file was missing, a warning each): in code as
    written, in prose as code (Lanting reads `{{< x >}}` in its text as its own
    shortcode, and template syntax shown in text as a mistake)."""
    if "{{{<" not in text:
        return text
    shelf = Shelf()
    prose = _ESCAPED.sub(r"`{{<\1>}}`", protect_code(text, shelf, pandoc=True))
    shelf.items["C"] = [_ESCAPED.sub(r"{{<\1>}}", code) for code in shelf.items["C"]]
    return shelf.restore(prose)


_FIGURE_DIV = re.compile(r"[ \t]*:{3,}[ \t]*\{#fig-")


def cell_figures_in_view(text: str, shelf: Shelf) -> str:
    """`text` with the figure divs `fenced` made of cells (their code and caption), and the
    captions under a labelled cell's code (`_CAPTION`), which
    went aside whole with the code, back in view, their code still aside: their fences
    must nest with the divs around them (a callout holding the cell), whose fences
    `convert_divs` makes longer than those inside; the callout's `:::` closed the
    figure, and its own closed nothing."""
    def one(match: re.Match[str]) -> str:
        item = shelf.items[match.group(1)][int(match.group(2))]
        if match.group(1) != "C" or not (_FIGURE_DIV.match(item) or _CAPTION.search(item)):
            return match.group()
        return protect_code(item, shelf, pandoc=True)

    held = "".join(shelf.items["C"])
    return MARKER.sub(one, text) if "{#fig-" in held or '"></a>**' in held else text


_CAPTION = re.compile(r'^[ \t]*<a id="(?:fig|tbl|lst)-[\w:.-]*"></a>\*\*\w+:\*\*', re.MULTILINE)
"""The caption a labelled cell's code is shown with (`**Table:** …`): in view too, so that
its references (`@exm-x`), formulas and links are converted as the text's; its
`@exm-tidy` was left as written."""
