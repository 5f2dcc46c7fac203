"""A Quarto cell's and fence's own parts, read by `quarto_bodies`: its header's knitr
options (`{r setup, include = FALSE}`), the figure or table label it makes (`#| label:
fig-x`), its file name (`#| filename: x.py`), its folded code (`code-fold`), a freeze's
plain fences (`{.r .cell-code}`, `{.default}`), Pandoc's raw inlines (`` `<br>`{=html}
``) beside the code spans put aside, and the code include-code-files put in a fence."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lanting.importer.body import details
from lanting.importer.common import read_text
from lanting.importer.liquid import Context
from lanting.importer.shelf import MARKER, Shelf

_HEADER_OPTION = re.compile(r"[\s,]([\w.-]+)\s*=\s*(\"[^\"]*\"|'[^']*'|[^,}\s]+)")
"""knitr's options in a cell's header (`{r setup, include = FALSE}`), R Markdown's way,
which Quarto reads as it reads `#| include: false`."""


_RAW_INLINE = re.compile(MARKER.pattern + r"\{=([\w-]+)\}")
"""A code span (put aside) with Pandoc's raw attribute: `` `<br>`{=html} ``."""


def raw_inlines(text: str, shelf: Shelf, ctx: Context) -> str:
    """Pandoc's raw inlines, `` `<img src=…>`{=html} ``: their HTML as written (Lanting
    showed the tag as code, and warned of the attribute); one for another format
    (`{=latex}`) left out, as Quarto's HTML left it."""
    def one(match: re.Match[str]) -> str:
        if match.group(1) != "C":
            return match.group()
        written = shelf.items["C"][int(match.group(2))]
        ticks = len(written) - len(written.lstrip("`"))
        code = written[ticks:len(written) - ticks]
        code = code[1:-1] if code.startswith(" ") and code.endswith(" ") and code.strip() \
            else code
        if match.group(3) in ("html", "html5"):
            ctx.convert("raw inline HTML (`` `<br>`{=html} ``)")
            alone = text[max(0, match.start() - 1):match.start()] in ("", "\n") \
                and text[match.end():match.end() + 1] in ("", "\n")
            # (a tag alone on its line is an HTML block to CommonMark, the lines after
            # it raw: in a span it stays inline, in its paragraph, as Pandoc had it)
            return shelf.put(f"<span>{code}</span>" if alone else code, "R")
        ctx.note(written, f"a raw inline for another format (`{{={match.group(3)}}}`) left out")
        return ""

    return _RAW_INLINE.sub(one, text) if "{=" in text else text


def plain_info(info: str) -> str:
    """A freeze's code fence: `{.r .cell-code}` is R (Lanting reads the rest), a bare
    `{.cell-code}` (an `echo: fenced` cell) and Quarto's `{.default}` plain text, as
    its bare ```` ``` default ```` (a help page quoted in a book) is."""
    if info.strip() == "default":
        return "text"
    if not info.startswith("{"):
        return info
    info = re.sub(r"(?<=[{\s])\.cell-code(?=[\s}])", "", info)
    info = re.sub(r"(?<=[{\s])\.default(?=[\s}])", ".text", info)
    alone = re.fullmatch(r"\{\s*\.([\w+-]+)\s*\}", info)
    if alone or re.fullmatch(r"\{\s*\}", info):
        return alone.group(1) if alone else "text"
    return re.sub(r"\{\s+", "{", info)


def unescaped_cells(code: str) -> str:
    """An `echo: fenced` cell shows its header as written, escaped in the freeze
    (```` ```{{r}} ````): as Quarto showed it, ```` ```{r} ````."""
    return re.sub(r"^(\s*(?:`{3,}|~{3,})\s*)\{\{([^{}\n]+)\}\}", r"\1{\2}", code,
                  flags=re.MULTILINE)


_KINDS = {"fig": ("Figure", ("fig-cap", "fig.cap")),
          "tbl": ("Table", ("tbl-cap", "tab.cap"))}
"""The labels a cell's output carries, Quarto's word for each and its caption options."""


def made_label(info: str, options: dict[str, str]) -> tuple[str, str, str] | None:
    """(label, kind's word, caption) of a cell labelled as a figure or table: `#| label:
    fig-x` or the header's (`{r fig-x, fig.cap="…"}`, knitr's chunk label)."""
    first = re.match(r"^\{[A-Za-z]\w*[ ,]\s*([\w-]+)\s*(?:[,}]|$)", info)
    label = options.get("label", "").strip("\"'") or (first.group(1) if first else "")
    kind = _KINDS.get(label.split("-", 1)[0]) if "-" in label else None
    if kind is None or not re.fullmatch(r"[\w-]+", label):
        return None
    caption = next((options[name] for name in kind[1] if options.get(name)), "")
    caption = caption.strip("\"'") if caption not in ("|", ">", "|-", ">-") else ""
    return label, kind[0], caption


def header_options(info: str) -> dict[str, str]:
    """The options of a cell's header, R's `FALSE` and `F` as `false` (`#|` lines win)."""
    return {name: "false" if value in ("FALSE", "F") else "true" if value in ("TRUE", "T")
            else value.strip("\"'")
            for name, value in _HEADER_OPTION.findall(info.strip("{}"))}


_CELL_FILENAME = re.compile(
    r"^([ \t]{0,3}:{3,}[ \t]*\{[^}\n]*?)[ \t]*(?<=[\s{])filename=(\"[^\"\n]*\"|'[^'\n]*'|"
    r"[^\s}]+)([^}\n]*\}[ \t]*\n(?:[ \t]*\n)*)([ \t]*(?:`{3,}|~{3,})[ \t]*)([^\n]*)$",
    re.MULTILINE)
"""A freeze's cell div carrying the cell's `filename` (`::: {.cell filename="x.R"}`),
its code's fence next."""


def cell_filenames(text: str) -> tuple[str, int]:
    """A cell's file name (`#| filename: train.py`), which a freeze writes on the cell's
    div, moved onto the fence of its code (`{.python .cell-code filename="train.py"}`),
    where Lanting reads it as the code's title, as Quarto showed it: the div's
    attributes went with the div. Returns the text and how many were moved."""
    def one(match: re.Match[str]) -> str:
        opening, name, rest, fence, info = match.groups()
        return opening + rest + fence + with_filename(info, name.strip("\"'"))

    return _CELL_FILENAME.subn(one, text) if "filename=" in text else (text, 0)


def with_filename(info: str, name: str) -> str:
    """A fence's info string with `filename="…"` among its attributes (`{yaml}`, `r`),
    once: knitr's `{css, filename = "x.css"}` named it already, with spaces around its
    `=` (it was written twice)."""
    info = re.sub(r"[ \t]*,?[ \t]*\bfilename[ \t]*=[ \t]*(?:\"[^\"]*\"|'[^']*'|[^\s,}]+)", "",
                  info.strip())
    quoted = '"' + name.replace('"', "'") + '"'
    if info.startswith("{") and info.endswith("}"):
        return f"{info[:-1].rstrip()} filename={quoted}}}"
    lang = info.split()[0] if info else "text"
    return f"{{.{lang} filename={quoted}}}"


def code_fold(document: dict[str, Any]) -> tuple[str, str]:
    """(`code-fold`, `code-summary`) of a document's metadata, at its top or under
    `format: html:` (Quarto reads both): ("", "") when its cells' code is not folded."""
    form = document.get("format")
    html = form.get("html") if isinstance(form, dict) else None
    html = html if isinstance(html, dict) else {}
    fold = html.get("code-fold", document.get("code-fold", ""))
    summary = html.get("code-summary", document.get("code-summary", ""))
    mode = "true" if fold is True else str(fold or "").lower()
    return (mode if mode in ("true", "show") else "", str(summary or ""))


def folded(code: str, mode: str, summary: str) -> str:
    """A cell's code as Quarto folded it (`code-fold: true`, behind "Code"; `show`: open
    until the reader folds it): a `<details>`, which nests in any block (a `::: details`
    inside a kept callout would close it)."""
    return details(summary or "Code", code, opened=mode == "show").strip("\n")


_INCLUDE = re.compile(r"""(?<=[\s{])include\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s}]+))""")
"""The `include="x.py"` of a fence's attributes (quarto-ext's include-code-files)."""
_INCLUDE_OPTIONS = re.compile(r"""\s+(?:include|start-line|end-line|dedent)\s*=\s*"""
                              r"""(?:"[^"]*"|'[^']*'|[^\s}]+)""")


def included_code(info: str, code: str, path: Path, meta: dict[str, Any],
                  ctx: Context) -> tuple[str, str] | None:
    """A fence `{.python include="x.py" start-line=3 end-line=9 dedent=4}` with no code, on
    a project or document whose `filters` name include-code-files: (its info without
    those options, the file's lines) as the filter put them in; None for another fence,
    or when the filter is off (Quarto then showed an empty block, as Lanting does). The
    block was empty, and the file was not copied."""
    found = _INCLUDE.search(info) if info.lstrip().startswith("{") else None
    filters = meta.get("filters")
    if found is None or code.strip() or not any(
            str(f).endswith("include-code-files") for f in (
                filters if isinstance(filters, list) else [filters])):
        return None
    name = next(g for g in found.groups() if g is not None)
    file = path.parent / name
    if not file.is_file():
        ctx.warn(name, f"`include=\"{name}\"`: no such file beside the document: the code "
                 "block is empty")
        return None
    lines = read_text(file).split("\n")
    numbers = {key: int(value) for key, value in re.findall(
        r"(start-line|end-line|dedent)\s*=\s*[\"']?(\d+)", info)}
    lines = lines[numbers.get("start-line", 1) - 1:numbers.get("end-line", len(lines))]
    cut = numbers.get("dedent", 0)
    lines = [line[cut:] if line[:cut].strip() == "" else line.lstrip() for line in lines]
    ctx.convert("code blocks filled from their files (include-code-files)")
    return _INCLUDE_OPTIONS.sub("", info), "\n".join(lines).strip("\n")


def fenced_cells(lines: list[str], opening: re.Pattern[str]
                 ) -> Iterator[tuple[int, int, re.Match[str]]]:
    """(opening line, closing line, the opening's match) of each cell of `lines` whose
    opening `opening` matches (its group 1 the fence), in order; a cell left open runs to
    the end, as in Pandoc."""
    i = 0
    while i < len(lines):
        opened = opening.match(lines[i])
        if not opened:
            i += 1
            continue
        fence = opened.group(1)
        end = next((j for j in range(i + 1, len(lines))
                    if lines[j].strip().startswith(fence) and not lines[j].strip(" `")),
                   len(lines) - 1)
        yield i, end, opened
        i = end + 1
