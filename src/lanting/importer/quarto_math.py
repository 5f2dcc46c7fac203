"""Math a Quarto page showed through MathJax that Lanting needs written out: a bare
`\\begin{aligned}` block (Pandoc hands a raw TeX math environment to MathJax as display
math; Lanting reads only amsmath's top-level ones bare), and the macros a MathJax setup
in `format: html: include-in-header` defines (`\\newcommand`s of the page), and the
`\\newcommand` lines of the text itself (Pandoc's `latex_macros`)."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lanting.importer.bookdown_math import NUMBERED
from lanting.importer.common import read_text
from lanting.importer.jekyll_math_macros import setup_macros
from lanting.importer.liquid import Context
from lanting.importer.shelf import fence
from lanting.markdown.math_display import ENVIRONMENTS
from lanting.markdown.tex_scan import group_end, skip_space

_PANDOC_MATH = ("aligned", "alignedat", "gathered", "split", "cases", "array",
                "smallmatrix", "subarray", "eqnarray")
"""Pandoc's math environments that Lanting does not read outside `$$` itself."""
_BARE = re.compile(
    r"^([ \t]*)(\\begin\{(" + "|".join(e for e in _PANDOC_MATH if e not in ENVIRONMENTS)
    + r")(\*?)\}.*?\\end\{\3\4\})[ \t]*$", re.MULTILINE | re.DOTALL)
_DISPLAY = re.compile(
    r"(?<!\\)\$\$.+?(?<!\\)\$\$|(?<!\\)\\\[.+?(?<!\\)\\\]|\\begin\{("
    + "|".join(ENVIRONMENTS) + r")(\*?)\}.+?\\end\{\1\2\}", re.DOTALL)
"""A display formula: `$$ … $$`, `\\[ … \\]` or a top-level environment Lanting reads
bare (`\\begin{equation}`); an `aligned` inside one is the formula's already."""


def bare_environments(text: str, ctx: Context) -> str:
    """Each bare `\\begin{aligned}` … `\\end{aligned}` from the start of a line (not in
    a display formula: a real blog wrote `\\[` on the line above it) in a `$$` block of
    its own, at its indent (a list item's too)."""
    count = 0

    def wrap(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        indent, label = match.group(1), match.group(4) if match.re is _LABELLED else None
        return f"{indent}$$\n{indent}{match.group(2)}\n{indent}$$" + (f" {label}" if label
                                                                       else "")

    # (a display that starts inside the environment, its own `\\begin{bmatrix}`, does
    # not hide it: only one it starts in does)
    displays = [(m.start(), m.end()) for m in _DISPLAY.finditer(text)]
    out, last = [], 0
    found = sorted([*_LABELLED.finditer(text), *_BARE.finditer(text)],
                   key=lambda m: (m.start(), m.re is _BARE))
    for bare in found:
        if bare.start() < last or any(start < bare.start() < end for start, end in displays):
            continue
        out += [text[last:bare.start()], wrap(bare)]
        last = bare.end()
    out.append(text[last:])
    ctx.convert("bare math environments (`\\begin{aligned}`) as `$$` blocks", count)
    return "".join(out)


_LABELLED = re.compile(r"^([ \t]*)(\\begin\{([a-zA-Z]+\*?)\}(?:(?!\\end\{\3\}).)*"
                       r"\\end\{\3\})[ \t]*(\{#eq-[\w:.-]+\})[ \t]*$", re.MULTILINE | re.DOTALL)
"""A bare environment with a label after its end, `\\end{aligned} {#eq-x}` (Lanting's
own reading of a bare environment would hold the label in the formula)."""


PANDOC_MATH_ENVIRONMENTS = frozenset({
    "align", "align*", "alignat", "alignat*", "aligned", "alignedat", "array", "Bmatrix",
    "bmatrix", "cases", "CD", "eqnarray", "eqnarray*", "equation", "equation*", "gather",
    "gather*", "gathered", "matrix", "multline", "multline*", "pmatrix", "smallmatrix",
    "split", "subarray", "Vmatrix", "vmatrix"})
"""The environments a raw TeX block may start with for Pandoc's HTML writer to show
it as display math (its `isMathEnvironment`)."""
_RAW_TEX = re.compile(r"^([ \t]*)(`{3,}|~{3,})[ \t]*\{=(?:tex|latex)\}[ \t]*\n(.*?)\n"
                      r"[ \t]*\2[ \t]*$", re.MULTILINE | re.DOTALL)


def raw_math(text: str) -> tuple[str, int]:
    """`text` with each raw TeX block (```` ```{=tex} ````, `{=latex}`) that is a math
    environment as that environment, bare: Pandoc's HTML writer hands such a block to
    MathJax as display math (RStudio's visual editor writes every equation so), where
    it left any other out; Lanting left them all out, and `\\@ref(eq:x)` of a label in
    one named nothing. Blank lines inside go (they would end the formula here); one
    stands around it, a block of its own.
    Returns the text and how many blocks became math."""
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        indent = match.group(1)
        lines = [line.removeprefix(indent) for line in match.group(3).split("\n")]
        name = re.match(r"\\begin\{([^}\n]*)\}", lines[0])
        if name is None or name.group(1) not in PANDOC_MATH_ENVIRONMENTS:
            return match.group()
        count += 1
        lines = [line for line in lines if line.strip()]
        return "\n" + "\n".join(indent + line for line in lines) + "\n"  # (a block)

    return (_RAW_TEX.sub(one, text) if "{=" in text else text), count


_LABEL_THEN_TEXT = re.compile(r"(\$\$[ \t]*\{#eq-[^}\n]*\})[ \t]+(?=\S)")
"""A display's closing `$$` and label with the paragraph going on after them on the
line: `$${#eq-x} to obtain …` (Pandoc's display math is inline: its text goes on)."""


def text_after_labels(text: str, ctx: Context) -> str:
    """The text after a display formula's `$$ {#eq-x}` on its line moved to the next
    line: Lanting ends a display at its line's end, and the formula was left as TeX."""
    text, count = _LABEL_THEN_TEXT.subn(r"\1\n", text)
    ctx.convert("text after a labelled formula on its line (onto the next)", count)
    return text


_DEFINITIONS = re.compile(
    r"(?:^[ \t]*\\(?:newcommand|renewcommand|providecommand|DeclareMathOperator|def|gdef)"
    r"(?![A-Za-z]).*\n(?:[ \t]*\n)*)+", re.MULTILINE)
"""A run of lines that each define a macro (blank lines between)."""


def _balanced(line: str) -> bool:
    depth = 0
    for c in re.sub(r"\\.", "", line):
        depth += (c == "{") - (c == "}")
        if depth < 0:
            return False
    return depth == 0


def bare_macros(text: str, ctx: Context) -> str:
    """Lines of `\\newcommand{\\A}{\\mathcal{A}}` in the text, outside any formula: Pandoc
    (its `latex_macros`) applies them to every formula of the page and shows nothing;
    Lanting read them as text, and every `$\\A$` failed. Each run of them is a `$$`
    block of its own, whose definitions Lanting keeps for the whole page."""
    count = 0

    def wrap(match: re.Match[str]) -> str:
        nonlocal count
        lines = [line.strip() for line in match.group().split("\n") if line.strip()]
        if not all(_balanced(line) for line in lines):
            return match.group()
        count += len(lines)
        return "$$\n" + "\n".join(lines) + "\n$$\n\n"

    if "command" not in text and "\\def" not in text and "Declare" not in text:
        return text
    text += "\n"  # (the last line ends too)
    out, last = [], 0
    for formula in _DISPLAY.finditer(text):
        out += [_DEFINITIONS.sub(wrap, text[last:formula.start()]), formula.group()]
        last = formula.end()
    out.append(_DEFINITIONS.sub(wrap, text[last:]))
    ctx.convert("`\\newcommand` lines of the text (in a `$$` block)", count)
    return "".join(out)[:-1]


_INCLUDES = ("include-in-header", "include-before-body", "include-after-body")


def _header_texts(data: dict[str, Any], folder: Path) -> list[str]:
    """The texts `format: html: include-in-header` adds (`- text: |` or a file), and
    `include-before-body` and `include-after-body` (there or at the top: a post's
    `include-before-body: _macros.html`, a hidden `<div>` of `\\newcommand`s, which
    MathJax read for the whole page). And `header-includes`, raw TeX lines for a PDF
    (`- \\def\\btheta{\\boldsymbol \\theta}`), whose definitions Pandoc's
    `latex_macros` applied to every formula of the HTML pages too. And R Markdown's
    `output: <format>: includes: in_header:` (`before_body`, `after_body`: bookdown's
    `_output.yml`, a distill post's), whose MathJax setup defined the macros."""
    fmt = data.get("format")
    html = fmt.get("html") if isinstance(fmt, dict) else None
    entries: list[Any] = _rmarkdown_includes(data.get("output"))
    texts = []
    for where in (html if isinstance(html, dict) else {}, data):
        for key in _INCLUDES:
            value = where.get(key)
            entries += value if isinstance(value, list) else [value] if value else []
        value = where.get("header-includes")
        texts += [v for v in (value if isinstance(value, list) else [value])
                  if isinstance(v, str)]
    for entry in entries:
        if isinstance(entry, dict) and isinstance(entry.get("text"), str):
            texts.append(entry["text"])
            continue
        name = entry.get("file") if isinstance(entry, dict) else entry
        file = folder / name if isinstance(name, str) else None
        if file is not None and file.is_file() and file.stat().st_size < 200_000:
            texts.append(read_text(file))
    return texts


_RMARKDOWN_INCLUDES = ("in_header", "before_body", "after_body")
_NOT_HTML = re.compile(r"pdf|latex|beamer|word|epub|odt|rtf|powerpoint|context")
"""R Markdown's formats of other outputs than HTML (`pdf_book`, `word_document2`)."""


def _rmarkdown_includes(output: Any) -> list[Any]:
    """The files R Markdown's HTML formats include (`bookdown::gitbook: includes:
    in_header: head.html`, `distill::distill_article`'s); not a PDF's or a Word
    document's (`pdf_book: includes: in_header: preamble.tex`), which the HTML pages
    never read."""
    found: list[Any] = []
    for name, options in output.items() if isinstance(output, dict) else []:
        if _NOT_HTML.search(str(name).rpartition("::")[2]):
            continue
        includes = options.get("includes") if isinstance(options, dict) else None
        if not isinstance(includes, dict):
            continue
        for key in _RMARKDOWN_INCLUDES:
            value = includes.get(key)
            found += value if isinstance(value, list) else [value] if value else []
    return found


def header_macros(layers: list[tuple[dict[str, Any], Path]], text: str) -> str:
    """A `$$` block of `\\newcommand`s (it shows nothing; Lanting keeps a page's
    definitions for all its formulas) for the MathJax macros the layers' headers define
    (project, `_metadata.yml`, document: a later one wins) that `text` uses; or ""."""
    macros: dict[str, str] = {}
    for data, folder in layers:
        for header in _header_texts(data, folder):
            for name, expansion, _listed, count, default in setup_macros(header):
                macros[name] = (f"\\newcommand{{\\{name}}}" + (f"[{count}]" if count else "")
                                + (f"[{default}]" if count and default is not None else "")
                                + f"{{{expansion}}}")
            macros.update(tex_definitions(header))
    lines = [definition for name, definition in macros.items()
             if re.search(rf"\\{name}(?![A-Za-z])", text)]
    return "$$\n" + "\n".join(lines) + "\n$$\n\n" if lines else ""


_DEFINER = re.compile(r"\\(newcommand|renewcommand|providecommand|DeclareMathOperator)"
                      r"(\*?)\s*(?:\{\s*\\([A-Za-z]+)\s*\}|\\([A-Za-z]+))")
_DEF = re.compile(r"\\g?def\s*\\([A-Za-z]+)((?:#[1-9])*)\s*(?=\{)")
"""TeX's `\\def\\btheta{…}`, its arguments numbered in order (`\\def\\pr#1{…}`)."""


def tex_definitions(text: str) -> dict[str, str]:
    """The TeX macro definitions in a header's text (`\\newcommand{\\Var}{…}`,
    `[2]` arguments, `\\DeclareMathOperator*`), by name, each as Lanting reads one (a
    `\\renewcommand` or `\\providecommand` of a name the page has not is a
    `\\newcommand`)."""
    found: dict[str, str] = {}
    for match in _DEFINER.finditer(text):
        at = skip_space(text, match.end())
        options = ""
        while at < len(text) and text[at] == "[" and (close := text.find("]", at)) > 0 \
                and match.group(1) != "DeclareMathOperator":
            options += text[at:close + 1]
            at = skip_space(text, close + 1)
        end = group_end(text, at) if at < len(text) and text[at] == "{" else None
        if end is None:
            continue
        name = match.group(3) or match.group(4)
        command = match.group(1) if match.group(1) == "DeclareMathOperator" else "newcommand"
        found[name] = (f"\\{command}{match.group(2)}{{\\{name}}}{options}"
                       f"{text[at:end]}")
    for match in _DEF.finditer(text):
        end = group_end(text, match.end())
        count = len(match.group(2)) // 2
        if end is not None and match.group(2) == "".join(f"#{n + 1}" for n in range(count)):
            found[match.group(1)] = (f"\\newcommand{{\\{match.group(1)}}}"
                                     + (f"[{count}]" if count else "")
                                     + text[match.end():end])
    return found


_PRINT_ENVIRONMENT = re.compile(
    r"^[ \t]*\\begin\{(center|flushleft|flushright|minipage|multicols|landscape|samepage|"
    r"figure|table|tabular|wrapfigure|tikzpicture)(\*?)\}.*?\\end\{\1\2\}[ \t]*$",
    re.MULTILINE | re.DOTALL)
_PRINT_COMMAND = re.compile(
    r"^[ \t]*\\(?:newpage|clearpage|cleardoublepage|pagebreak|vfill|bigskip|medskip|"
    r"smallskip|noindent|(?:vspace|hspace)\*?\{[^{}\n]*\})[ \t]*$", re.MULTILINE)


_IMAGIFY = re.compile(r"^([ \t]*)(:{3,})[ \t]*\{[^}\n]*\.imagify\b[^}\n]*\}[ \t]*\n(.*?)"
                      r"^\1\2[ \t]*$", re.MULTILINE | re.DOTALL)


def imagify_divs(text: str, put: Callable[[str], str], ctx: Context) -> str:
    """`::: {.imagify}` (the imagify filter's: TeX, a TikZ picture, that Quarto drew as
    an image at build time): Lanting runs no TeX, so its source is shown as a `latex`
    code block, with a warning saying how to bring the picture back; read as Markdown it
    was a heap of broken links and formulas (`(\\x, 0.5)`, `$(x1)$`)."""
    def one(match: re.Match[str]) -> str:
        ctx.warn(match.group().split("\n")[0], "a TeX picture the imagify filter drew "
                 "(TikZ): Lanting runs no TeX, so its source is shown as code; save the "
                 "picture Quarto made (`_imagify_files/`) as an SVG and put it here as an "
                 "image")
        return put(fence("latex", textwrap.dedent(match.group(3)).strip("\n"),
                         indent=match.group(1)))

    return _IMAGIFY.sub(one, text) if ".imagify" in text else text


def print_latex(text: str, ctx: Context) -> str:
    """Raw LaTeX for the PDF (`\\begin{center}\\rule{…}\\end{center}`, `\\newpage`,
    `\\vspace{1em}` on lines of their own): Pandoc passes it to LaTeX output only, so
    the HTML site never showed it; Lanting showed the TeX, with a warning. Left out,
    with a notice (not inside a formula); `\\index{term}` anywhere in the text too,
    counted."""
    def drop(match: re.Match[str]) -> str:
        ctx.note(match.group().strip(), "raw LaTeX for the PDF left out (Quarto's HTML "
                 "showed nothing of it)")
        return ""

    def prose(part: str) -> str:
        part, count = _INDEX.subn("", _PRINT_COMMAND.sub(drop, _PRINT_ENVIRONMENT.sub(
            drop, part)))
        ctx.convert("index entries (`\\index{…}`, for the PDF) left out", count)
        return part

    if "\\" not in text:
        return text
    out, last = [], 0
    for formula in _DISPLAY.finditer(text):
        out += [prose(text[last:formula.start()]), formula.group()]
        last = formula.end()
    out.append(prose(text[last:]))
    return "".join(out)


_INDEX = re.compile(r"\\index\{(?:[^{}\n]|\{[^{}\n]*\})*\}")
"""makeidx's `\\index{term}` in the text (a book's index, for its PDF): Pandoc's HTML
writer drops raw TeX in a paragraph, and Lanting showed it."""


_MARKED = re.compile(r"\\(?:label|tag\*?|nonumber|notag)(?![A-Za-z])|\(\\#eq:")
"""What makes an environment's numbers the author's: a label, a tag."""
_PAIRED_DISPLAY = re.compile(r"(?<!\\)\$\$.+?(?<!\\)\$\$", re.DOTALL)
_TAGS = re.compile(r"\btags\s*:\s*['\"](?:ams|all)['\"]")


def numbers_environments(layers: list[tuple[dict[str, Any], Path]]) -> bool:
    """Whether the MathJax setup in the layers' headers numbers environments (`tags:
    'ams'`): Quarto's own does not (quarto-cli issue 4136)."""
    return any(_TAGS.search(text) for data, folder in layers
               for text in _header_texts(data, folder))


def unnumbered_environments(text: str, ctx: Context) -> str:
    """Each `\\begin{equation}`, `align`, `gather` … with no label or tag as its starred
    form: Quarto's MathJax numbered none of them, Lanting numbers them as amsmath does,
    so a page showed numbers its author never saw and its `@eq-x` read (4) where
    Quarto's read (1). One inside a labelled display (`$$ … $$ {#eq-x}`, one number
    for the whole) stays."""
    labelled = [m.span() for m in _PAIRED_DISPLAY.finditer(text)
                if re.match(r"[ \t]*\{#eq-", text[m.end():m.end() + 40])]
    count = 0

    def one(match: re.Match[str]) -> str:
        nonlocal count
        if _MARKED.search(match.group(2)) or any(
                start < match.start() < end for start, end in labelled):
            return match.group()
        count += 1
        name = match.group(1)
        return f"\\begin{{{name}*}}{match.group(2)}\\end{{{name}*}}"

    text = NUMBERED.sub(one, text) if "\\begin{" in text else text
    ctx.convert("math environments without a label, unnumbered as Quarto's MathJax "
                "showed them", count)
    return text


def single_backslash_math(meta: dict[str, Any]) -> bool:
    """Whether Pandoc read `\\(x\\)` as a formula in the document: only with the extension
    `tex_math_single_backslash` in its reader (`from: markdown+…`, the document's or its
    HTML format's). Quarto's own reader has it off, so `\\(1\\)` (how Pandoc writes a
    `(1)` starting a line, converting a paper) was the text `(1)`; R Markdown's, which
    bookdown and distill use, has it on."""
    html = meta.get("format")
    html = html.get("html") if isinstance(html, dict) else None
    readers = [meta.get("from"), meta.get("reader")]
    if isinstance(html, dict):
        readers += [html.get("from"), html.get("reader")]
    return any(isinstance(r, str) and "+tex_math_single_backslash" in r for r in readers)
