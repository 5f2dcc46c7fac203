"""The macros of a site's MathJax or KaTeX setup (its `macros: {…}`, the mathtools
extension's `pairedDelimiters`, MathJax 2's named colours), and which of them convert,
for `[markdown] math_macros`. Jekyll's setups are found in `jekyll_math`; Hugo's, Hexo's,
mdBook's, VuePress' and Jupyter Book's readers use the same functions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text
from lanting.importer.jekyll_math import JEKYLL_SETUPS, math_setups
from lanting.importer.js_literals import JS_STRING, key_object, strip_comments, unquote_js
from lanting.importer.report import Report
from lanting.markdown.math_colors import written_colours
from lanting.markdown.math_formula import to_mathml
from lanting.markdown.math_given_macros import check_macro, with_optional

_MACROS = re.compile(r"\b[Mm]acros\s*:\s*\{")
"""MathJax 3's `tex: {macros: {…}}`, MathJax 2's `TeX: {Macros: {…}}`."""
_JS_MACRO = re.compile(r"""(['"]?)(?:\\\\)?([A-Za-z]+)\1\s*:\s*(\[\s*)?"""
                       r"""(['"])((?:\\.|(?!\4).)*)\4(?:\s*,\s*(\d+))?""")
"""One entry of a `macros` object: its name bare (`RR: …`) or quoted (`'RR': …`, as
Chirpy's `assets/js/data/mathjax.js` writes it; KaTeX's `"\\\\RR": …`, its backslash
escaped), then a string or an array (with its number of arguments)."""


def setup_macros(text: str) -> list[tuple[str, str, bool, int, str | None]]:
    """The `macros: {…}` of a MathJax setup's JavaScript: (name, LaTeX, written as a list
    (`bold: ['{\\\\bf #1}', 1]`), its number of arguments, and the default
    for its first argument when one follows (`['…', 2, '']`: that argument is optional),
    else None)."""
    found: list[tuple[str, str, bool, int, str | None]] = []
    text = strip_comments(text)  # (`//abs: […]`, a macro the setup left out)
    for opening in _MACROS.finditer(text):
        depth, end = 0, opening.end() - 1
        for end in range(opening.end() - 1, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                break
        block = text[opening.end():end]
        for entry in _JS_MACRO.finditer(block):
            expansion = re.sub(r"\\(.)", r"\1", entry.group(5))  # a JavaScript string's escapes
            optional = _OPTIONAL_DEFAULT.match(block, entry.end(5) + 1) \
                if entry.group(3) else None
            default = re.sub(r"\\(.)", r"\1", optional.group(2)) if optional else None
            found.append((entry.group(2), expansion, bool(entry.group(3)),
                          int(entry.group(6) or 0), default))
    return found + paired_delimiters(text)


_PAIRED = re.compile(r"""(['"]?)([A-Za-z]+)\1\s*:\s*\[((?:\s*(?:""" + JS_STRING.pattern
                     + r")|\s*\d+\s*,?|\s*,)*)\s*\]")
_ITEM = re.compile(r"\s*(" + JS_STRING.pattern + r"|\d+)\s*,?")


def paired_delimiters(text: str) -> list[tuple[str, str, bool, int, str | None]]:
    """The mathtools extension's `pairedDelimiters: {abs: ['\\\\lvert', '\\\\rvert', '#1', 1,
    '', '']}` of a MathJax setup (open, close, body, number of arguments, before,
    after), as the macros they define: `\\abs{x}` is `\\mathopen{\\lvert}x\\mathclose{\\rvert}`
    (not their starred and sized forms, `\\abs*{x}`: a macro has none). As
    `setup_macros` gives them."""
    block = key_object(text, "pairedDelimiters") if "pairedDelimiters" in text else None
    found: list[tuple[str, str, bool, int, str | None]] = []
    for entry in _PAIRED.finditer(block or ""):
        items = [unquote_js(m.group(1)) if not m.group(1).isdigit() else m.group(1)
                 for m in _ITEM.finditer(entry.group(3))]
        if len(items) < 2:
            continue
        opening, closing, body, count, before, after = (items + ["#1", "1", "", ""])[:6]
        found.append((entry.group(2), f"{before}\\mathopen{{{opening}}}{body}"
                      f"\\mathclose{{{closing}}}{after}", True,
                      int(count) if count.isdigit() else 1, None))
    return found


def mathjax_macros(source: Path, folders: tuple[str, ...] = JEKYLL_SETUPS) -> dict[str, str]:
    """The `macros` of the site's MathJax setup (`RR: '\\\\mathbb{R}'`, `bvec:
    ['\\\\mathbf{#1}', 1]`) or KaTeX's, in `folders`, as LaTeX (a macro with arguments
    keeps its `#1`; one with a default for its first argument, `['…', 2, 'x']`, is
    written `[2][x]{…}`)."""
    return script_macros(math_setups(source, folders))


def script_macros(paths: list[Path]) -> dict[str, str]:
    """The `macros` of the MathJax or KaTeX setups in the files `paths`, as LaTeX (the
    first file's definition of a name holds), the colours the setups name written as
    their values."""
    macros: dict[str, str] = {}
    colours: dict[str, str] = {}
    for path in paths:
        text = read_text(path)
        for name, expansion, _listed, count, default in setup_macros(text):
            macros.setdefault(name, expansion if default is None
                              else with_optional(count, default, expansion))
        for name, value in setup_colours(text).items():
            colours.setdefault(name, value)
    return {name: written_colours(expansion, colours) for name, expansion in macros.items()}


_NAMED_COLOUR = re.compile(r"""\bcolors\s*\[\s*(['"])([A-Za-z][\w.-]*)\1\s*\]\s*=\s*"""
                           r"""(['"])\s*(#[0-9A-Fa-f]{3}(?:[0-9A-Fa-f]{3})?|[A-Za-z]+)\s*\3""")
"""A colour named in MathJax 2's color extension, `MathJax.Extension["TeX/color"]
.colors["my-green"] = '#677d00'` (in a `StartupHook("TeX color Ready", …)`): a CSS
name or a hex value."""


def setup_colours(text: str) -> dict[str, str]:
    """The colours a MathJax 2 setup names (`\\color{my-green}` in its macros): the
    macros using one failed the check ("Unknown color") and were left out, and every
    formula using one of those failed the build."""
    if "TeX/color" not in text:
        return {}
    return {m.group(2): m.group(4) for m in _NAMED_COLOUR.finditer(strip_comments(text))}


_OPTIONAL_DEFAULT = re.compile(r"""\s*,\s*\d+\s*,\s*(['"])((?:\\.|(?!\1).)*)\1""")
"""After an array macro's expansion: its count, then a default for its first argument."""


def mathjax_value_macros(found: Any) -> dict[str, str]:
    """MathJax's `macros` read from YAML (`RR: "\\\\mathbb{R}"`, `vect: ["\\\\boldsymbol{#1}",
    1]`, `Abs: ["…", 2, ""]` with an optional first argument; mystmd's `{macro: …}`),
    as LaTeX for `[markdown] math_macros`."""
    macros: dict[str, str] = {}
    for name, value in found.items() if isinstance(found, dict) else []:
        body = value.get("macro") if isinstance(value, dict) else value
        if isinstance(body, list) and body:
            count = body[1] if len(body) > 1 and isinstance(body[1], int) else 0
            if len(body) > 2 and count and isinstance(body[2], str):
                body = with_optional(count, body[2], str(body[0]))
            else:
                body = body[0]
        if isinstance(body, str):
            macros[str(name).lstrip("\\")] = body
    return macros


def site_math_macros(source: Path, report: Report) -> dict[str, str]:
    """The macros of the site's MathJax setup that convert, for `[markdown] math_macros`
    (a warning names the first file defining macros: `_includes` was named when a
    layout held the setup)."""
    setups = math_setups(source)
    where = next((report.rel(path) for path in setups
                  if _MACROS.search(strip_comments(read_text(path)))), "_includes")
    return converting_macros(script_macros(setups), report, where)


def built_in(name: str) -> bool:
    """Lanting's math reads `\\name` without a macro of the site's."""
    try:
        to_mathml("\\" + name, display=False)
    except ValueError:
        return False
    return True


def converting_macros(found: dict[str, str], report: Report, where: str) -> dict[str, str]:
    """The MathJax macros `found` (in the file `where`) that convert, for `[markdown]
    math_macros`. Each is
    checked on its own, then one that fails alone with the others that pass (it may use
    them: `br: '\\\\bvec{r}'`); math-core reads all of a converter's macros at once, so
    one bad macro checked with all made every other fail too."""

    def converts(name: str, others: dict[str, str]) -> str | None:
        try:
            check_macro(name, found[name], tuple({**others, name: found[name]}.items()))
        except ValueError as error:
            return str(error)
        return None

    alone = {name: converts(name, {}) for name in found}
    kept = {name: found[name] for name, error in alone.items() if error is None}
    for name in [n for n, error in alone.items() if error is not None]:
        error = converts(name, kept)
        if error is None:
            kept[name] = found[name]
        elif built_in(name):  # (`\coloneqq`, which MathJax 2 lacked and sites defined)
            report.note(where, None, f"MathJax macro `\\{name}` left out: Lanting has "
                        f"`\\{name}` built in (the site's definition does not convert: "
                        f"{error})")
        else:
            report.warn(where, None, f"MathJax macro `\\{name}` does not "
                             f"convert ({error}): left out")
    if kept:
        report.convert("MathJax macros ([markdown] math_macros)", len(kept))
    return {name: found[name] for name in found if name in kept}
