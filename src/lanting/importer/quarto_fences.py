"""The fences of a Quarto document's body, read by `quarto_bodies`: a raw block for
another format left out, a cell run in the reader's browser (`{webr-r}`, `{ojs}`), a
diagram (`{mermaid}`), a cell with or without frozen results (its labelled figure or
table kept for `@fig-x`), and code Quarto folded (`code-fold`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lanting.importer.liquid import Context
from lanting.importer.quarto_cells import (
    folded,
    header_options,
    made_label,
    plain_info,
    unescaped_cells,
    with_filename,
)
from lanting.importer.quarto_notebook import code_annotations
from lanting.importer.shelf import fence

_CELL = re.compile(r"^\{([A-Za-z]\w*)(?:[ ,].*)?\}$")
_BROWSER_CELLS = {"webr-r": "r", "webr": "r", "pyodide-python": "python", "pyodide": "python",
                  "ojs": "javascript"}
"""The cells quarto-webr, quarto-pyodide and quarto-live run in the reader's browser, and
Quarto's own Observable JS (`{ojs}`), which no freeze holds either."""
_BROWSER_CELL = re.compile(r"^\{(" + "|".join(_BROWSER_CELLS) + r")(?:[ ,].*)?\}$")

_OPTION = re.compile(r"^\s*(?:#|%%|//)\|\s*([\w-]+):\s*(.*?)\s*$", re.MULTILINE)
"""A cell's `#| name: value` option line."""


@dataclass(slots=True)
class Unrun:
    """What a document's cells that did not run here leave for after them."""

    cells: int = 0
    """Cells with no frozen results."""
    browser: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Cells run in the reader's browser, by kind (`ojs`): the first's header, how many."""
    labels: dict[str, str] = field(default_factory=dict)
    """Labels of figures and tables such cells made: their captions (`#fig-x`)."""


class QuartoFences:
    """The fences side of the Quarto importer's bodies (`quarto_bodies.QuartoBodies`)."""

    mermaid: bool
    """Whether a `{mermaid}` cell was found (Lanting then draws them, as Quarto did)."""

    def fenced(self, info: str, code: str, indent: str, ctx: Context,
               unrun: Unrun, frozen: bool = False) -> str:
        """`cell`, a cell labelled as a listing of code (`#| lst-label: lst-x`, its
        `lst-cap`) under its caption with the label's anchor, which `@lst-x` links to:
        Quarto showed "Listing 1: …", and each `@lst-x` was left as written."""
        shown = self.cell(info, code, indent, ctx, unrun, frozen)
        options = dict(_OPTION.findall(code))
        label = options.get("lst-label", "").strip("\"'")
        if not shown.strip() or not re.fullmatch(r"lst-[\w-]+", label):
            return shown
        caption = options.get("lst-cap", "").strip("\"'")
        unrun.labels[label] = caption or "listing"
        ctx.convert("code listings (`lst-label`) as an anchor and their caption above")
        return f'{indent}<a id="{label}"></a>**Listing:** {caption}'.rstrip() + f"\n\n{shown}"

    def cell(self, info: str, code: str, indent: str, ctx: Context,
             unrun: Unrun, frozen: bool = False) -> str:
        """A fence: a raw block for another format left out, a cell (```` ```{python} ````)
        as code. In a freeze's Markdown a cell the run left as it was (`{bash}` in a
        Python document: no engine of the run reads it) is plain code, as Quarto showed
        it; anywhere else it is counted for the warning about outputs, a labelled
        figure it made (`#| label: fig-x`) is a numbered figure of its code and caption,
        a table its caption with the label's anchor, which `@tbl-x` links to (`unrun`
        counts them)."""
        info = info.strip()
        if info.startswith("{="):
            ctx.note(info, f"a raw `{info}` block (for another format) left out")
            return ""
        if browser := _BROWSER_CELL.match(info):
            # (`{webr-r}` was no cell for `_CELL`, and the build took it for an unknown
            # MyST directive)
            first, count = unrun.browser.get(browser.group(1), (info, 0))
            unrun.browser[browser.group(1)] = (first, count + 1)
            shown = [line for line in code.split("\n")
                     if not re.match(r"\s*(?:#|%%|//)\|", line)]
            return fence(_BROWSER_CELLS[browser.group(1)], "\n".join(shown).strip("\n"),
                         None, indent)
        cell = _CELL.match(info)
        code, marks = code_annotations(code)
        ctx.convert("code annotations (`# <1>`) as circled numbers", marks)
        if not cell:
            return fence(plain_info(info), unescaped_cells(code), None, indent)
        lang = cell.group(1)
        options = {**header_options(info), **dict(_OPTION.findall(code))}
        shown = [line for line in code.split("\n") if not re.match(r"\s*(?:#|%%|//)\|", line)]
        self.mermaid = self.mermaid or lang == "mermaid"
        if lang in ("mermaid", "dot"):
            ctx.convert(f"{lang} diagrams")
            diagram = fence(lang, "\n".join(shown), None, indent)
            if (made := made_label(info, options)) is None:
                return diagram
            # (a labelled diagram, `%%| label: fig-x`, was a numbered figure: its caption
            # with the label's anchor, which `@fig-x` links to; the build failed on it)
            label, kind, caption = made
            if label.startswith("fig-"):
                # (a figure div, which Lanting numbers with the page's other figures, as
                # Quarto did: `@fig-x` read as the caption's words)
                ctx.convert("labelled diagrams as numbered figure divs")
                top = ' fig-cap-location="top"' if options.get("fig-cap-location") == "top" \
                    else ""
                div = (f"::: {{#{label}{top}}}\n{diagram.removeprefix(indent)}\n\n{caption}"
                       "\n:::")
                return "\n".join(indent + line if line.strip() else line
                                  for line in div.rstrip("\n").split("\n"))
            unrun.labels[label] = caption or kind.lower()
            ctx.convert("labels of diagrams (an anchor; `@fig-x` links to it)")
            anchor = f'{indent}<a id="{label}"></a>**{kind}:** {caption}'.rstrip()
            return f"{anchor}\n\n{diagram}" if options.get("fig-cap-location") == "top" \
                else f"{diagram}\n\n{anchor}"
        if options.get("include") == "false" or options.get("echo") == "false":
            made = None if frozen or options.get("include") == "false" \
                else made_label(info, options)
            if made is None:
                ctx.note(info, f"a `{lang}` cell Quarto ran without showing it "
                         "(`echo: false` or `include: false`) left out")
                return ""
            # (its code hidden, its figure shown: here, the figure's caption, which
            # `@fig-x` links to; the build failed on each reference)
            unrun.cells += 1
            label, kind, caption = made
            if label.startswith("fig-") and caption:
                # (a figure of its caption alone, numbered as Quarto numbered the plot)
                ctx.convert("figure cells without outputs as numbered figures of their code")
                return f"{indent}::: {{#{label}}}\n{indent}{caption}\n{indent}:::"
            unrun.labels[label] = caption or kind.lower()
            return f'{indent}<a id="{label}"></a>**{kind}:** {caption}'.rstrip()
        name = options.get("filename", "").strip("\"'")
        if name:  # (Quarto showed it as the code's title)
            ctx.convert("file names of cells (`#| filename:`) as their code's titles")
            info = with_filename(info, name)
        if frozen or (options.get("eval") == "false" and made_label(info, options) is None):
            # (`eval: false`, knitr's `eval=F`: Quarto showed its code and ran nothing,
            # so it has no output to miss)
            ctx.convert("cells the run did not execute, as code")
            return fence(lang, "\n".join(shown), {"filename": name} if name else None,
                         indent)
        unrun.cells += 1
        # (the `#|` lines are options Quarto never shows: the label's caption is below)
        code = "\n".join(shown).strip("\n")
        made = made_label(info, options)
        if made is None:
            return fence(info, code, None, indent)
        # (the build failed on each `@fig-x`: no figure carried the label)
        label, kind, caption = made
        if label.startswith("fig-"):
            # (a figure div of its code, which Lanting numbers with the page's other
            # figures, as Quarto numbered its plot: `Figure [-@fig-x]` read the caption)
            ctx.convert("figure cells without outputs as numbered figures of their code")
            div = f"::: {{#{label}}}\n{fence(info, code, None, '')}\n\n{caption}\n:::"
            return "\n".join(indent + line if line.strip() else line
                              for line in div.split("\n"))
        unrun.labels[label] = caption or kind.lower()
        ctx.convert("labels of cells without outputs (an anchor; `@fig-x` links to it)")
        return fence(info, code, None, indent) + (
            f'\n\n{indent}<a id="{label}"></a>**{kind}:** {caption}'.rstrip())

    @staticmethod
    def fold(shown: str, info: str, code: str, indent: str, document: tuple[str, str],
             ctx: Context) -> str:
        """A cell's code Quarto folded (`code-fold: true` on the fence a freeze wrote, in a
        `#|` line, or for the document's cells) behind its summary, as Quarto showed it:
        Lanting showed it open."""
        lang = re.match(r"\{\.?([\w+-]+)[\s},]", info)
        one_block = re.fullmatch(r"\s*(`{3,}|~{3,})[^\n]*\n.*\n[ \t]*\1[ \t]*", shown,
                                 re.DOTALL)
        # (code only: not a diagram, nor a hidden cell's caption)
        if lang is None or one_block is None or lang.group(1) in ("mermaid", "dot"):
            return shown
        found = re.search(r"""code-fold=["']?(\w+)""", info) or re.search(
            r"^\s*#\|\s*code-fold:\s*(\w+)", code, re.MULTILINE)
        summary = re.search(r"""code-summary=(?:"([^"]*)"|'([^']*)')""", info) or re.search(
            r"^\s*#\|\s*code-summary:\s*[\"']?(.*?)[\"']?\s*$()", code, re.MULTILINE)
        mode = found.group(1).lower() if found else document[0] if (
            ".cell-code" in info or not info.startswith("{.")) else ""
        if mode not in ("true", "show"):
            return shown
        ctx.convert("folded code (`code-fold`) as a collapsible block")
        # (a list item's cell, a step of a tutorial, folded as well: its `<details>`
        # indented as the item's fence was, so the item holds it)
        plain = "\n".join(line.removeprefix(indent) for line in shown.split("\n"))
        made = folded(plain, mode, summary.group(1) or summary.group(2) if summary
                      else document[1])
        return "\n".join(indent + line if line.strip() else line
                         for line in made.split("\n"))
