"""Where a display formula's `\\tag` and `\\label` go: MathJax takes them wherever they
are written (inside `aligned` or `cases` rows, after an `align`, outside a starred
environment) and numbers the whole display; math-core takes them only inside a numbered
environment. The rules here move them there, as MathJax would have read them."""

from __future__ import annotations

import re

from lanting.markdown.math_tag_keys import replace_tags, tag_spans

NUMBERED_ENV = re.compile(r"\\begin\s*\{(equation|align|gather|multline|flalign)(\*?)\}")
LABEL = re.compile(r"\\label\s*\{([^{}]*)\}")

_BARE_TAG = re.compile(r"\\tag(?![A-Za-z])(\*?)\s*(\\[A-Za-z]+|[^\s{}\\*])")
"""`\\tag 4`: the tag's argument one token, without braces, as TeX reads it; written
`\\tag{4}`, the form the rules below move where math-core takes a tag."""


def braced_tags(tex: str) -> str:
    r"""`\tag 4` written `\tag{4}`, the form the rules below move."""
    return _BARE_TAG.sub(r"\\tag\1{\2}", tex) if "\\tag" in tex else tex


def inline_tags(tex: str) -> str:
    r"""An inline formula's `\tag{1}` as its number set after it: kramdown's inline
    `$$a = b \tag{1}$$` in a paragraph, which MathJax 2 draws with the number at its
    right; math-core (as MathJax 3 and KaTeX) refuses a tag outside a display, and the
    build failed on a formula the site showed. The tag is text, its `$…$` math, as
    amsmath reads it; `\tag*` without the parentheses."""

    def one(star: str, text: str, _written: str) -> str:
        pieces = text.split("$")
        if not star:
            pieces[0] = "(" + pieces[0]
            pieces[-1] += ")"
        return "\\qquad " + "".join(
            (f"\\text{{{piece}}}" if piece else "") if i % 2 == 0 else f"{{{piece}}}"
            for i, piece in enumerate(pieces))

    return replace_tags(braced_tags(tex), one) if "\\tag" in tex else tex


def numbered(tex: str) -> str:
    """A display's TeX with its tags and labels where math-core takes them, wrapped in an
    `equation` when one needs a number and no numbered environment holds it."""
    tex = _tag_outside(_tag_out_of_rows(_starred_as_rows(_label_out_of_split(tex))))
    tex = _marks_out_of_inner_rows(tex)
    if not NUMBERED_ENV.search(tex) and ("\\tag" in tex or "\\label" in tex):
        tex = "\\begin{equation}" + tex + "\n\\end{equation}"
    return tex


_SPLIT_LABEL = re.compile(r"(\\begin\s*\{(split|aligned|gathered)\}(?:(?!\\end\s*\{\2\}).)*?)"
                          r"\s*(\\label\s*\{[^{}]*\})((?:(?!\\end\s*\{\2\}).)*?"
                          r"\\end\s*\{\2\})", re.DOTALL)


def _label_out_of_split(tex: str) -> str:
    r"""A `\label` inside `split` (or `aligned`, `gathered`) inside an `equation`, as
    amsmath's manual writes it and MathJax reads it (the equation's label): math-core
    takes it only in the equation itself, so it moves after the inner `\end{split}`."""
    if "\\label" not in tex or not re.search(r"\\begin\s*\{(?:equation|multline)\}", tex):
        return tex
    return _SPLIT_LABEL.sub(lambda m: m.group(1) + m.group(4) + " " + m.group(3), tex, count=1)


_OUTER_TAG = re.compile(r"\\end\s*\{(align|gather)(\*?)\}"
                        r"((?:\s*(?:\\tag\*?|\\label)\s*\{[^{}]*\})+)\s*$")
"""`\\end{align} \\tag{4}`, also with the display's label beside its tag
(`\\end{align}\\label{eq:1}\\tag{1}`, as a Hugo post on EM wrote each step)."""
_TAG_AFTER_EQUATION = re.compile(r"\\end\s*\{(equation|multline)(\*?)\}"
                                 r"((?:\s*(?:\\tag\*?|\\label)\s*\{[^{}]*\})+)")
"""`\\end{equation} \\tag{3}`, also with the display's `\\label` beside the tag (a
physics blog's `\\end{equation}\\tag{3}\\label{eq:seq}`, which MathJax took whole)."""


_ROW_TAG = re.compile(r"\\tag\*?\s*\{[^{}]*\}")
_ROWS_ENV = re.compile(r"\\begin\s*\{(aligned|gathered|split|cases|rcases|array|[pbBvV]?matrix)"
                       r"\}")


def _tag_out_of_rows(tex: str) -> str:
    r"""One `\tag{…}` (or `\label{…}`) inside `aligned`, `cases`, … (whose rows take
    none), in a display of no numbered environment: MathJax tags (or labels) the whole
    display with it, math-core refuses it there; moved after the environment, where both
    agree. (Several tags stay: a number per row is `align`'s, and the error says so.)
    A label counts as well as a tag: `$$\label{eq:2} a = b \\ = c \tag{2}$$` has its
    rows put in `gathered`, and its label, left inside, failed the build.
    Inside an `equation` (or `multline`), one number for the whole, the same:
    `\begin{equation}\begin{array}{l} a \tag{3} \end{array}\end{equation}` failed the
    build; the tag (or label) goes after the rows, at the equation's end."""
    for command in (_ROW_TAG, LABEL):
        found = command.search(tex)
        if found is None or len(command.findall(tex)) != 1 or _numbers_rows(tex) \
                or not _ROWS_ENV.search(tex, 0, found.start()):
            continue
        rest = tex[:found.start()] + tex[found.end():]
        ends = list(_ONE_NUMBER_END.finditer(rest, found.start()))
        if not ends and NUMBERED_ENV.search(tex):
            continue  # (after the equation: `_tag_outside`'s)
        at = ends[-1].start() if ends else len(rest)
        tex = rest[:at].rstrip() + " " + found.group() + rest[at:]
    return tex


_ENV_EDGE = re.compile(r"\\(begin|end)\s*\{([A-Za-z]+\*?)\}")
_ROW_NUMBERING = frozenset({"align", "gather", "flalign", "alignat"})


def _marks_out_of_inner_rows(tex: str) -> str:
    r"""A `\tag` or `\label` inside a matrix, `array` or `cases` in a row of an `align`
    (`a &= \begin{pmatrix} 1 \tag{5} \end{pmatrix} \\`): MathJax numbers the `align`'s
    row with it (a matrix keeps no numbers of its own), math-core refused it there and
    the formula failed the build. It moves after the outermost such environment of the
    row, where the row's number is written."""
    if not any(m.group(1) in _ROW_NUMBERING for m in NUMBERED_ENV.finditer(tex)):
        return tex
    for _ in range(tex.count("\\tag") + tex.count("\\label")):
        move = next(((start, end, at) for start, end in _marks(tex)
                     if (at := _end_of_rows_around(tex, start)) is not None), None)
        if move is None:
            break
        start, end, at = move
        tex = tex[:start] + tex[end:at] + " " + tex[start:end] + tex[at:]
    return tex


def _marks(tex: str) -> list[tuple[int, int]]:
    """Where each `\\tag{…}` (braces to any depth) and `\\label{…}` of `tex` is."""
    return [(start, end) for start, end, _star, _text in tag_spans(tex)] + [
        m.span() for m in LABEL.finditer(tex)]


def _end_of_rows_around(tex: str, pos: int) -> int | None:
    """Where the outermost environment of rows holding `pos` ends, when a row-numbering
    environment holds that one; None if `pos` is in no such environment."""
    stack: list[tuple[str, int]] = []
    for edge in _ENV_EDGE.finditer(tex, 0, pos):
        if edge.group(1) == "begin":
            stack.append((edge.group(2), edge.start()))
        elif stack and stack[-1][0] == edge.group(2):
            stack.pop()
    names = [name for name, _ in stack]
    outer = max((i for i, name in enumerate(names) if name in _ROW_NUMBERING), default=-1)
    if outer < 0 or outer == len(names) - 1 \
            or not all(_ROWS_ENV.fullmatch(f"\\begin{{{name}}}") for name in names[outer + 1:]):
        return None
    depth, rows = 0, names[outer + 1]
    for edge in _ENV_EDGE.finditer(tex, stack[outer + 1][1]):
        depth += 1 if edge.group(1) == "begin" else -1
        if depth == 0:
            return edge.end() if edge.group(2) == rows else None
    return None


_ONE_NUMBER_END = re.compile(r"\\end\s*\{(?:equation|multline)\*?\}")


def _numbers_rows(tex: str) -> bool:
    """Whether a numbered environment of the display numbers its rows (`align`, `gather`):
    a tag inside its rows is a row's. An `equation` or `multline` has one number."""
    return any(m.group(1) not in ("equation", "multline") for m in NUMBERED_ENV.finditer(tex))


_STARRED_ROWS = re.compile(r"\\begin\s*\{(align|gather)\*\}(.*?)\\end\s*\{\1\*\}", re.DOTALL)
_TAG_OR_LABEL = re.compile(r"\\(?:tag\*?|label)\s*\{[^{}]*\}")


def _starred_as_rows(tex: str) -> str:
    r"""`\left\{\begin{align*} … \end{align*}\right. \label{eq:6}\tag{6}` (a post's
    recurrence, its brace around unnumbered rows, the whole numbered): the `\tag` and
    `\label` outside the starred environment are the display's, as MathJax takes them,
    so its rows are `aligned` (or `gathered`), numbered by the `equation` put around
    the whole; math-core refused the label outside any numbered environment."""
    found = _STARRED_ROWS.search(tex)
    marks = [m.start() for m in _TAG_OR_LABEL.finditer(tex)]
    if found is None or not marks or len(NUMBERED_ENV.findall(tex)) != 1 \
            or any(found.start() < mark < found.end() for mark in marks):
        return tex
    env = found.group(1)
    rows = f"\\begin{{{env}ed}}{found.group(2)}\\end{{{env}ed}}"
    return tex[:found.start()] + rows + tex[found.end():]


def _tag_outside(tex: str) -> str:
    r"""`\begin{align}…\end{align} \tag{4}` (the tag after the environment, for the whole
    display, as MathJax takes it; math-core refuses a `\tag` there) as the `aligned`
    inside an `equation` that it means; `\begin{equation}…\end{equation} \tag{1.1}`
    (Obsidian's and Typora's notes number their derivations so) with the tag inside."""
    if len(_ROW_TAG.findall(tex)) == 1:
        # (one number for the environment already; the tag right after it, also where
        # more follows: `\left\{ \begin{equation}…\end{equation} \tag{2.4} \right.`;
        # a label beside it goes in with it)
        tex = _TAG_AFTER_EQUATION.sub(lambda m: m.group(3).strip() + f"\\end{{{m.group(1)}"
                                      f"{m.group(2)}}}", tex, count=1)
    found = _OUTER_TAG.search(tex)
    if found is None or len(_ROW_TAG.findall(found.group(3))) != 1 \
            or len(LABEL.findall(found.group(3))) > 1:
        return tex
    env, _star, tag = found.group(1), found.group(2), found.group(3).strip()
    inner = tex[:found.start()] + f"\\end{{{env}ed}}"
    inner = re.sub(r"\\begin\s*\{" + env + r"\*?\}", f"\\\\begin{{{env}ed}}", inner,
                   count=1)
    return "\\begin{equation}" + inner + tag + "\\end{equation}"


_UNNUMBERED = re.compile(r"\\(?:notag|nonumber)(?![A-Za-z])")


def every_display_numbered(tex: str) -> str:
    """A display of no numbered environment in an `equation` (`[markdown]
    equation_numbers = "all"`, MathJax's `tags: 'all'`): one number for the whole, as
    MathJax gives it; not one a starred environment holds (`align*`), nor one marked
    `\\notag` or `\\nonumber`, nor one of only definitions (which shows nothing)."""
    if not tex.strip() or NUMBERED_ENV.search(tex) or _UNNUMBERED.search(tex):
        return tex
    return "\\begin{equation}" + tex + "\n\\end{equation}"


def add_label(tex: str, label: str) -> str:
    r"""`tex` numbered and labelled `label`: `\label` inside its first numbered
    environment, else the whole in an `equation`."""
    command = "\\label{" + label + "}"
    # (a starred environment is numbered too: MyST's `$$ … $$ (x)` is Sphinx's labelled
    # math, numbered whatever its TeX, as a labelled `{math}` is; Quarto's `{#eq-x}` too)
    tex = unstarred(tex)
    env = NUMBERED_ENV.search(tex)
    if env and env.group(1) in ("align", "gather") and not env.group(2) and not _OWN_NUMBERS.search(
            tex) and len(NUMBERED_ENV.findall(tex)) == 1:
        # (the label is the display's, after it: Quarto's `$$\begin{align}…$$ {#eq-x}`
        # and Sphinx's labelled `{math}` number the rows once, as a `\tag` after the
        # `align` does; a number per row, the label on the first, was no one's reading;
        # a row's `\nonumber` has nothing left to skip)
        rows = _ROWS_OF[env.group(1)]
        inner = re.sub(r"\\end\s*\{" + env.group(1) + r"\}", f"\\\\end{{{rows}}}",
                       _NO_NUMBER.sub("", tex[env.end():]), count=1)
        tex = tex[:env.start()] + f"\\begin{{{rows}}}" + inner
        return "\\begin{equation}" + tex + "\n" + command + "\\end{equation}"
    if env and not env.group(2):
        return tex[:env.end()] + command + tex[env.end():]
    if env:
        return tex  # (starred environments, more than one: reported later)
    return "\\begin{equation}" + tex + "\n" + command + "\\end{equation}"


_OWN_NUMBERS = re.compile(r"\\(?:label|tag)(?![A-Za-z])")
"""What numbers or labels rows of an `align` itself: its rows are then its own."""
_NO_NUMBER = re.compile(r"\\(?:nonumber|notag)(?![A-Za-z])")
_STARRED_ENV = re.compile(r"\\begin\s*\{(equation|align|gather|multline)\*\}(.*)"
                          r"\\end\s*\{\1\*\}", re.DOTALL)
_ROWS_OF = {"align": "aligned", "gather": "gathered", "multline": "multline"}


def unstarred(tex: str) -> str:
    r"""A labelled `{math}` block's starred environment made one Lanting can number:
    Sphinx numbers a labelled `{math}` whatever its TeX (the number is its HTML's, beside
    the formula), so `:label: x` over `\begin{align*}` showed "(3)" and `{eq}` linked to
    it; math-core numbers no starred environment, and the build failed. `align*` and
    `gather*` are rows (`aligned`, `gathered`) the label's `equation` numbers once, as
    Sphinx did; `equation*` is its content; `multline*` is `multline`."""
    found = _STARRED_ENV.search(tex)
    if found is None or len(NUMBERED_ENV.findall(tex)) != 1:
        return tex
    env, inner = found.groups()
    rows = inner if env == "equation" else \
        f"\\begin{{{_ROWS_OF[env]}}}{inner}\\end{{{_ROWS_OF[env]}}}"
    return tex[:found.start()] + rows + tex[found.end():]
