"""A page's formulas converted together (`convert_page`): numbered consecutively, their
`\\label`s and `\\eqref`s resolved across the page, `\\newcommand`s kept for the whole
page, and each error reported at its line with an excerpt and a caret."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from lanting.markdown.formula_images import MARKERS as IMAGE_MARKERS
from lanting.markdown.math_colors import page_colors
from lanting.markdown.math_formula import (
    HINT,
    REF_LINK,
    check_size,
    converter,
    finish,
)
from lanting.markdown.math_given_macros import given_macros
from lanting.markdown.math_hints import caret_excerpt, command_at, error_hint, label_hint
from lanting.markdown.math_label_keys import LabelKeys
from lanting.markdown.math_macros import PageMacros, page_macros
from lanting.markdown.math_subequations import Group, group_refs, letter_groups, lettered, unwrapped
from lanting.markdown.math_tag_keys import hidden_tags, untag
from lanting.markdown.math_tagforms import in_form, tag_forms
from lanting.markdown.math_tags import (
    LABEL,
    add_label,
    braced_tags,
    every_display_numbered,
    inline_tags,
    numbered,
)
from lanting.markdown.myst_refs import equation_label
from lanting.markdown.tex import offset_in_source, rewrite
from lanting.markdown.tex_layout import breaks_rows, without_final_break
from lanting.markdown.tex_scan import Marks, TexError
from lanting.model.problem import Problem

_EQREF_TEX = re.compile(r"\\eqref\s*\{([^{}]*)\}")


@dataclass(slots=True)
class _Formula:
    token: Token
    display: bool
    line: int
    """0-based line of the body where its source starts."""
    start: int
    """Offset of `latex` in `token.content` (the source less leading space)."""
    latex: str
    label: str = ""
    tex: str = ""
    marks: Marks | None = None
    plain_refs: tuple[int, ...] = ()
    tags: dict[str, str] = field(default_factory=dict)
    group: Group | None = None
    """Its `subequations` group, lettered once the page is converted."""
    failed: bool = False
    body: str = ""
    """`latex` with its macro definitions blanked out (they are the page's), or ""."""


def _collect(tokens: Sequence[Token]) -> tuple[list[_Formula], list[Token]]:
    """The page's formulas in document order, and its `@eq:` references."""
    formulas: list[_Formula] = []
    refs: list[Token] = []
    for token in tokens:
        if token.type in ("math_block", "math_inline"):  # (inline: in raw HTML's text)
            meta = token.meta or {}
            line = int(meta.get("line", token.map[0] if token.map else 0))
            formulas.append(_make(token, token.type == "math_block", line,
                                  token.info.strip()))
        elif token.type == "inline" and token.children and (
                "$" in token.content or "\\" in token.content or "@" in token.content
                or "`" in token.content or "](#" in token.content
                or any(m in token.content for m in IMAGE_MARKERS)):
            # (`@`, `](#`: MyST's refs; the markers: formula images)
            first = token.map[0] if token.map else 0
            for child in token.children:
                if child.type == "math_inline":
                    pos = int((child.meta or {}).get("pos", 0))
                    formulas.append(_make(child, False, first + token.content.count(
                        "\n", 0, pos), ""))
                elif child.type == "eqref":
                    refs.append(child)
    return formulas, refs


def _make(token: Token, display: bool, line: int, label: str) -> _Formula:
    source = token.content
    latex = trimmed(source)
    start = len(source) - len(source.lstrip())
    return _Formula(token, display, line + source.count("\n", 0, start), start, latex, label)


def trimmed(source: str) -> str:
    """A formula without the spaces around it, but for a control space `\\ ` at its end
    (`$r_{nk}\\ $`, spacing written before the closing `$`): stripped, its backslash
    was left alone, `\\` with no command, and the formula failed."""
    latex = source.strip()
    backslashes = len(latex) - len(latex.rstrip("\\"))
    return latex + " " if backslashes % 2 and len(source.rstrip()) < len(source) else latex


_OPENERS = ("$", "\\(", "\\[")
"""What a formula's first line follows on its line: its opening delimiter."""


class _Page:
    """What converting one page's formulas found: problems, numbers of labels."""

    def __init__(self, state: StateCore, formulas: Sequence[_Formula]) -> None:
        self.formulas = formulas
        self.env = state.env
        self.src = state.src
        self.ctx = state.env.get("lanting")
        self._lines: list[str] | None = None

    def file_line(self, body_line: int) -> int:
        return (self.ctx.body_line if self.ctx else 1) + body_line

    def report(self, formula: _Formula, message: str, offset: int | None = None,
               hint: str | None = None, length: int = 1) -> None:
        """A problem with `formula`; `offset` (in its LaTeX) places the caret."""
        formula.failed = True
        line, column, excerpt = formula.line, None, None
        if offset is not None:
            offset = max(0, min(offset, len(formula.latex)))
            line += formula.latex.count("\n", 0, offset)
            line_start = formula.latex.rfind("\n", 0, offset) + 1
            line_end = formula.latex.find("\n", offset)
            text = formula.latex[line_start:line_end if line_end >= 0 else None]
            at = offset - line_start
            physical = self.body_line(line)
            token_text = text[at:at + max(length, 1)]
            found = self.place(formula, physical, text, line) if text else -1
            if found >= 0:
                text, at = physical, found + at
            elif token_text and (p := physical.find(token_text)) >= 0:
                text, at = physical, p
            column = at + 1 if text is physical else None
            excerpt = caret_excerpt(text, at, length)
        if (formula.token.meta or {}).get("in_html"):  # (what MathJax would show as text)
            self.problem(message + " (in raw HTML: shown as written)", line, column,
                         hint or HINT, excerpt, "warning")
        else:
            self.problem(message, line, column, hint or HINT, excerpt)

    def problem(self, message: str, body_line: int, column: int | None = None,
                hint: str | None = None, excerpt: str | None = None,
                severity: str = "error") -> None:
        self.env.setdefault("problems", []).append(Problem(
            message, self.ctx.path if self.ctx else None, self.file_line(body_line),
            column, hint, severity=severity, excerpt=excerpt))

    def place(self, formula: _Formula, physical: str, text: str, line: int) -> int:
        """Where `text`, the line of `formula` on the page's `line`, is on it: on the
        formula's first line, past the formulas before it there (of two `$p^__t$` on a
        line, the second's error is at the second), the end of one begun on a line
        above among them (`$x +⏎a^__b$ and $a^__b$`: the second's error is not at the
        first's `a^__b`), and after a delimiter (`write x^__y as $x^__y$`: not at the
        prose's)."""
        start = 0
        for other in self.formulas if line == formula.line else ():
            if other is formula:
                break
            lines = other.latex.split("\n")
            part = lines[line - other.line] if 0 <= line - other.line < len(lines) else ""
            if part and (at := physical.find(part, start)) >= 0:
                start = at + len(part)
        found = physical.find(text, start)
        at = found
        while line == formula.line and at >= 0:
            if physical[:at].rstrip().endswith(_OPENERS):
                return at
            at = physical.find(text, at + 1)
        return found if found >= 0 else physical.find(text)

    def body_line(self, n: int) -> str:
        if self._lines is None:
            self._lines = self.src.split("\n")
        return self._lines[n] if 0 <= n < len(self._lines) else ""


def _prepare(page: _Page, formula: _Formula, lanting_labels: dict[str, _Formula],
             macros: dict[str, str], defined: PageMacros) -> None:
    """`formula.tex`: its LaTeX rewritten for math-core, wrapped in an `equation` where
    a Lanting label, `\\tag` or `\\label` needs a number."""
    try:
        check_size(formula.latex, macros)
        source = defined.expand(formula.body or formula.latex)
        if source != (formula.body or formula.latex):
            check_size(source, macros)
        if not formula.display and "\\tag" in source:
            source = inline_tags(source)
        elif not formula.display and "\\label" in source:
            source = _inline_labels(page, formula, source)
        group = unwrapped(source) if formula.display and "{subequations}" in source else None
        tex, formula.marks, formula.plain_refs = rewrite(group[0] if group else source,
                                                         formula.display)
        if group:  # (its rows lettered, in the form math-core takes: tags hidden as below)
            tex = hidden_tags(braced_tags(numbered(tex)), formula.tags,
                              f"LantingTag{id(formula) % 99991}x")
            tex, formula.group = lettered(tex, group[1], macros,
                                          f"LantingSub{id(formula) % 99991}x")
    except TexError as error:
        page.report(formula, f"math: {error}", error.offset, error.hint,
                    len(command_at(formula.latex, error.offset)))
        return
    # (each wrapping environment closed on a line of its own: a `%` comment ending the
    # display would take in an `\\end` written on its line)
    if formula.display and "\\begin" not in source and breaks_rows(tex):
        # `a \\ b` with no environment: KaTeX (and so the Hexo or Jekyll site it came
        # from) breaks the line there; math-core dropped the break without a word (a
        # `\\` of a script's rows, put in a `subarray`, is none)
        # (a `\\` ending the display's last line, as its rows were written, is none)
        tex = without_final_break("\\begin{gathered}" + tex + "\n\\end{gathered}")
    elif not formula.display and breaks_rows(tex):
        # (inline, `$$a \\ b$$` in a sentence: KaTeX breaks the paragraph's line there,
        # MathJax 4 too; math-core ran the rows together. The rows become lines: math.py)
        tex = without_final_break("\\begin{gathered}" + tex + "\n\\end{gathered}")
        formula.token.meta = {**(formula.token.meta or {}), "lines": True}
    if formula.display and "\\" in tex:
        tex = hidden_tags(braced_tags(tex), formula.tags,
                          f"LantingTag{id(formula) % 99991}x")
        tex = numbered(tex)
    if formula.display and page.ctx and page.ctx.equation_numbers == "all":
        tex = every_display_numbered(tex)
    if formula.label:
        tex = add_label(tex, formula.label)
        if formula.label in lanting_labels:
            page.report(formula, f"equation label `({formula.label})` is used twice on "
                        "this page", hint="give each numbered equation its own label")
            return
        lanting_labels[formula.label] = formula
    formula.tex = tex


_LABEL_CALL = re.compile(r"\\label\s*\{([^{}]*)\}")


def _inline_labels(page: _Page, formula: _Formula, source: str) -> str:
    """An inline formula's `\\label{x}` (kramdown's `$$σ(x) = … \\label{sigmoid}$$` in a
    list item, which MathJax 2 drew, numbering nothing): dropped, with a warning at its
    line; math-core refused it and the build failed on a formula the site showed."""
    for found in _LABEL_CALL.finditer(source):
        at = formula.latex.find(found.group(0))
        page.problem(f"math: `{found.group(0)}` in an inline formula numbers nothing: "
                     "left out", formula.line + formula.latex.count("\n", 0, max(at, 0)),
                     hint="`\\tag` and `\\label` belong to a display formula (`$$` … `$$` "
                     "on lines of their own); or delete the `\\label`", severity="warning")
    return _LABEL_CALL.sub("", source)


def convert_page(state: StateCore) -> None:
    if not state.env.get("has_math") and not state.env.get("has_eqref"):
        return
    formulas, refs = _collect(state.tokens)
    colored = page_colors([formula.latex for formula in formulas])
    defined, bodies = page_macros([c or formula.latex
                                   for c, formula in zip(colored, formulas, strict=True)])
    for formula, body, color in zip(formulas, bodies, colored, strict=True):
        if body is not None or color is not None:
            formula.body = body if body is not None else color or ""
    ctx = state.env.get("lanting")
    macros = given_macros(ctx.macros, defined) if ctx else ()
    if defined.converter:
        macros = tuple({**dict(macros), **defined.converter}.items())
    page = _Page(state, formulas)
    lanting_labels: dict[str, _Formula] = {}
    for index, formula in enumerate(formulas):
        _prepare(page, formula, lanting_labels, dict(macros), defined.at(index))

    # Labels and references, checked here: math-core prints "(??)" without a word.
    labels: dict[str, _Formula] = {}
    for formula in formulas:
        if formula.failed:
            continue
        for m in LABEL.finditer(formula.tex):
            name = m.group(1).strip()
            if name in labels:
                if formula.label != name:  # a Lanting label twice is reported already
                    page.report(formula, f"math: label `{name}` is used twice on this page",
                                formula.latex.find(name), "give each equation its own label",
                                len(name))
            else:
                labels[name] = formula
    aliases = {f.group.alias: f.group.first_label for f in formulas if f.group and f.group.alias}
    labels.update({a: labels[row] for a, row in aliases.items() if a not in labels})
    for formula in formulas:
        if formula.failed:
            continue
        for m in _EQREF_TEX.finditer(formula.tex):
            name = m.group(1).strip()
            if name not in labels:
                where = formula.latex.find(name)
                page.report(formula, f"math: `\\eqref{{{name}}}` refers to no label on this "
                            "page", where if where >= 0 else 0,
                            label_hint(name, labels), len(name))
    referenced = []
    for token in refs:
        if token.info not in labels and token.markup.startswith("{eq}"):
            token.info = equation_label(token.info) if equation_label(token.info) in \
                labels else token.info  # (a `{math}`'s `:label:`, as math-core took it)
        if token.info in labels:
            referenced.append(token.info)
        elif token.info in state.env.get("algorithm_labels", {}):
            # (`\ref{alg:x}`: an algorithm's number, `pseudocode.py`'s)
            token.content = state.env["algorithm_labels"][token.info]
        else:
            line = token.map[0] if token.map else 0
            written = token.markup or "@" + token.info
            if token.info.startswith(("alg:", "alg-")):  # (`\\ref{alg:x}`: an algorithm's)
                page.problem(f"`{written}` refers to no algorithm on this page", line,
                             hint=f"label an algorithm with `\\label{{{token.info}}}`")
            else:
                page.problem(f"`{written}` refers to no numbered equation on this page", line,
                             hint=label_hint(token.info, labels, written))

    todo = [f for f in formulas if not f.failed]
    inside = {m.group(1).strip() for f in todo for m in _REF_TEX.finditer(f.tex)}
    wanted = sorted((set(referenced) | (inside & labels.keys())) - aliases.keys())
    keys = LabelKeys()
    snippets = [(keys.hide(group_refs(f.tex, aliases)), f.display) for f in todo] + [
        ("\\eqref{" + keys.key(name) + "}", False) for name in wanted]
    outputs = converter(macros, True).convert_all(snippets) if snippets else []
    outputs = [keys.restore(output) for output in outputs]
    numbers: dict[str, str] = state.env.setdefault("equations", {})
    numbers.update(letter_groups([(f.group, f.tags) for f in todo], outputs))  # (subequations)
    tags = {key: text for f in todo for key, text in f.tags.items()}
    for name, output in zip(wanted, outputs[len(todo):], strict=True):
        found = REF_LINK.search(output)
        # (a reference's text, as the summary reads it too: a tag's small capitals
        # stay in the formula's number)
        numbers[name] = _HTML_TAG.sub("", untag(found.group(2), tags)) if found else "?"
    _unnumbered_refs(page, refs, todo, {n for n in wanted if numbers[n] == "??"})
    forms = dict(zip(map(id, formulas), tag_forms([f.latex for f in formulas]), strict=True))
    for formula, output in zip(todo, outputs[:len(todo)], strict=True):
        if 'class="math-core-error"' in output[:40]:
            _report_conversion(page, formula, output)
            continue
        try:
            mathml = finish(output, formula.marks, formula.plain_refs)
        except ValueError:
            page.report(formula, "math: a command here cannot be placed by the converter", 0)
            continue
        if tags:
            mathml = untag(mathml, tags)
        mathml = in_form(mathml, forms[id(formula)])  # (mathtools' `\usetagform`)
        if formula.label and f'id="{html.escape(formula.label)}"' not in mathml:
            page.report(formula, f"math: `({formula.label})` labels a formula without a "
                        "number (a starred environment)", hint="remove the `*` or the label")
            continue
        formula.token.meta = {**(formula.token.meta or {}), "mathml": mathml}


_REF_TEX = re.compile(r"\\(?:eq)?ref\s*\{([^{}]*)\}")
_HTML_TAG = re.compile(r"<[^>]+>")


def _unnumbered_refs(page: _Page, refs: Sequence[Token], formulas: Sequence[_Formula],
                     unnumbered: set[str]) -> None:
    """A warning at each reference to a label on a line without a number (`\\nonumber`,
    `\\notag`, a starred environment): it shows `(??)`, as MathJax showed `(???)`, and
    said nothing."""
    places = [(token.map[0] if token.map else 0, token.info) for token in refs
              if token.info in unnumbered]
    places += [(formula.line + formula.latex.count("\n", 0, max(0, formula.latex.find(
        m.group(0)))), m.group(1).strip()) for formula in formulas
        for m in _REF_TEX.finditer(formula.tex) if m.group(1).strip() in unnumbered]
    for line, name in dict.fromkeys(places):
        page.problem(f"a reference to `{name}` shows `(??)`: its label is on a line without "
                     "a number", line, hint="remove the `\\nonumber` (`\\notag`, the `*` of "
                     "the environment) from its line, or move the `\\label` to a numbered one",
                     severity="warning")


_ERROR_TITLE = re.compile(r'title="(\d+): ([^"]*)"')


def _report_conversion(page: _Page, formula: _Formula, output: str) -> None:
    found = _ERROR_TITLE.search(output)
    message = html.unescape(found.group(2)) if found else "the formula does not convert"
    offset = int(found.group(1)) if found else 0
    offset = offset_in_source(formula.latex, formula.tex, offset) if formula.tex else offset
    offset = min(offset, len(formula.latex))
    # (a line break in the message, from a `\` before one, would break the report's line)
    page.report(formula, f"math: {message.strip().replace(chr(10), '⏎')}", offset,
                error_hint(message, formula.display, formula.latex),
                len(command_at(formula.latex, offset)))

