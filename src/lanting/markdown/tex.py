"""LaTeX rewritten before math-core converts it: what KaTeX accepts and math-core lacks.

math-core 0.9 converts most of KaTeX's supported functions; for the rest, `rewrite`
turns the formula into LaTeX it knows with the same meaning (`\\substack` into a
`subarray`, `alignat` into `align`, `\\cr` into `\\\\`, `\\smallint` into a small `\\int`,
…), fixes what it converts silently wrong (`\\\\[1em]` printed `[1em]`; the space after
`\\%` inside `\\text` was lost; `\\dots` became three full stops that screen readers read
one by one) and, where MathML Core has the element but math-core no command for it
(`\\rlap`, `\\smash`, `\\rule`, `\\colorbox`, `CD`, `\\href`, font sizes), marks the place
with private-use characters in a `\\text` and lets `Marks.apply` put the element into
math-core's output. Lossy rewrites, where nothing better exists, are listed in the
docs' Math page (`\\overlinesegment` loses its end ticks, `\\\\[1em]` its extra
space).

This module holds the order of the rules and the smaller ones; the rules for layout
are in `tex_layout`, for text and style in `tex_text`, for plain TeX's constructs in
`tex_plain`, the reading of LaTeX and the markers in `tex_scan`.

Most formulas need none of this: `rewrite` returns at once when the formula names no
command in `TRIGGERS` (a set test over its command names).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from lanting.markdown.math_tagforms import without_tag_forms
from lanting.markdown.tex_aliases import ALIASES, SIZED, aliases, unpaired_bars
from lanting.markdown.tex_chem import chemistry
from lanting.markdown.tex_columns import array_columns
from lanting.markdown.tex_layout import (
    PLAIN_MATRICES,
    alignments,
    commutative_diagram,
    lengths,
    linebreak_dim,
    matrices,
    plain_matrices,
    root_shifts,
    ruled_rows,
    script_rows,
    substack,
)
from lanting.markdown.tex_mathjax import mathjax_actions, mathjax_boxes
from lanting.markdown.tex_mathtools import NAMES as MATHTOOLS
from lanting.markdown.tex_mathtools import mathtools
from lanting.markdown.tex_multirow import empheq, eqalignno, multlined, numcases
from lanting.markdown.tex_operators import operator_names, operators, sidesets
from lanting.markdown.tex_physics import NAMES as PHYSICS
from lanting.markdown.tex_physics import physics
from lanting.markdown.tex_physics_matrices import NAMES as PHYSICS_MATRICES
from lanting.markdown.tex_physics_matrices import physics_matrices
from lanting.markdown.tex_plain import buildrel, fractions, primitives, root
from lanting.markdown.tex_scan import (
    NAMES,
    TOKEN,
    Context,
    Marks,
    replace_command,
)
from lanting.markdown.tex_style import SIZES, boxes, colors, sizes
from lanting.markdown.tex_text import (
    BOLD_ALPHABETS,
    TEXT_COMMANDS,
    char_codes,
    letters,
    links,
    texts,
    unicode_chars,
    verb,
)
from lanting.markdown.tex_typed import typed_characters


def _chemistry(s: str, ctx: Context) -> str:
    return chemistry(s)


def _physics(s: str, ctx: Context) -> str:
    return physics(physics_matrices(s))  # (`\\mqty(\\imat{2})`: the rows, then the matrix)


def _require(s: str, ctx: Context) -> str:
    """MathJax's `\\require{cancel}` loads an extension before its commands are used
    (posts written for MathJax carry it): Lanting has them loaded, so it is dropped."""
    return replace_command(s, "require", 1, lambda o, a, i: "")


def _cancel_to(s: str, ctx: Context) -> str:
    """The cancel package's `\\cancelto{0}{x}` (x struck through, an arrow to the value
    it tends to): math-core has `\\cancel`, so x struck through with the value at its
    upper right, where the arrow's tip put it."""
    return replace_command(s, "cancelto", 2, lambda o, a, i: f"{{\\cancel{{{a[1]}}}}}^{{{a[0]}}}")


_VARLIM = {"varinjlim": "\\underrightarrow{\\mathrm{lim}}",
           "varprojlim": "\\underleftarrow{\\mathrm{lim}}",
           "varliminf": "\\underline{\\mathrm{lim}}", "varlimsup": "\\overline{\\mathrm{lim}}"}
_VARLIM_USE = re.compile(r"\\(varinjlim|varprojlim|varliminf|varlimsup)(?![A-Za-z])\s*"
                         r"(?:_\s*\{([^{}]*)\}|_\s*(\\[A-Za-z]+(?:\{(?:[^{}]|\{[^{}]*\})*\})*"
                         r"|[A-Za-z0-9]))?")
"""A `\\varprojlim` and its script: a group, a letter or digit, or a command with the
groups of its arguments (`_\\mathbf{I}`, as MathJax reads it: the command alone was
taken, `_{\\mathbf}{I}`, and the formula failed the build)."""


def _varlim(s: str, ctx: Context) -> str:
    def one(m: re.Match[str]) -> str:
        body, below = _VARLIM[m.group(1)], m.group(2) or m.group(3)
        if below is None:
            return "{" + body + "}"
        return (f"\\underset{{{below}}}{{{body}}}" if ctx.display
                else f"{{{body}}}_{{{below}}}")
    return _VARLIM_USE.sub(one, s)


_DOTS = re.compile(r"\\(dots|ldots|dotsc|dotso|mathellipsis)(?![A-Za-z])(\s*)")
_BINARY_NEXT = re.compile(r"[+\-=<>]|\\(?:cdot|times|pm|mp|le|ge|leq|geq|ne|neq|approx|equiv|"
                          r"sim|simeq|cup|cap|oplus|otimes|wedge|vee|land|lor|to|rightarrow|"
                          r"leftarrow|implies|iff|circ|ast|star|div|setminus)(?![A-Za-z])")


def _dots(s: str, ctx: Context) -> str:
    """`\\dots` as one ellipsis character (math-core wrote three full stops, read out
    one by one); before a binary operator or relation, centred, as amsmath does."""
    def one(m: re.Match[str]) -> str:
        if m.group(1) == "dots" and _BINARY_NEXT.match(s, m.end()):
            return "\\cdots" + (m.group(2) or " ")
        return "…" + m.group(2)
    return _DOTS.sub(one, s)


def _refs(s: str, ctx: Context) -> str:
    """`\\ref{x}` as `\\eqref{x}` without the parentheses (math-core has only `\\eqref`)."""
    out = []
    pos = count = 0
    for m in re.finditer(r"\\(eq)?ref\s*\{", s):
        out.append(s[pos:m.start()])
        if m.group(1) is None:
            ctx.plain_refs.append(count)
            out.append("\\eqref{")
        else:
            out.append(m.group(0))
        pos = m.end()
        count += 1
    out.append(s[pos:])
    return "".join(out)


_STARRED = re.compile(r"\\([A-Za-z]+)\s*\*")
STARRED_FORMS = frozenset({"operatorname", "tag", "verb", "DeclareMathOperator",
                           "newcommand", "renewcommand", "providecommand"})
"""Commands whose starred form math-core converts (or Lanting reads before it)."""


def _stars(s: str, ctx: Context) -> str:
    """`\\lambda*W` is `\\lambda` times `W` to KaTeX and MathJax, an unknown command
    `\\lambda*` to math-core: a space goes between a command with no starred form and
    its `*`. `\\hspace*` is `\\hspace` in math (the star keeps it at a line break).
    `\\operatorname * {Pr}` (as a PDF-to-Markdown tool spaces its TeX) is
    `\\operatorname*`: amsmath's star test, and KaTeX's and MathJax's, skips the spaces
    before the star; math-core took `\\operatorname` alone and failed on the `*`."""
    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in STARRED_FORMS:
            return m.group(0) if name == "verb" else f"\\{name}*"
        return "\\hspace" if name == "hspace" else f"\\{name} *"
    return _STARRED.sub(one, s)


_ESCAPED_CHAR = re.compile(r"\\(.)", re.S)


def _control_symbols(s: str, ctx: Context) -> str:
    """`\\` right before a line break: TeX's control space, as KaTeX and MathJax read it
    (`a\\ \\ \\` + a line end); math-core refused it as an unknown command. `\\*` and
    `\\-`: a star or a minus escaped for Markdown (`K^\\*`; `\\-` starting a line, which
    Markdown would read as a list item), which is what writers mean by them (to MathJax
    an invisible "discretionary times" or hyphen; KaTeX has neither). Pairs are read
    from the left, so `\\\\` (a row break) before a line end, `*` or `-` stays one. `\\/`,
    TeX's italic correction, does nothing in math (MathJax drops it; math-core refused
    it). `\\[` and `\\]` inside a formula, brackets escaped for a Markdown that undid
    the escape before MathJax saw it (docsify's marked: `f\\[a + \\theta h\\]`), are
    the brackets: TeX has no such command in math."""
    return _ESCAPED_CHAR.sub(lambda m: "\\ " if m.group(1) in "\r\n"
                             else m.group(1) if m.group(1) in "*-[]"
                             else "" if m.group(1) == "/" else m.group(), s)


_ANGLE = re.compile(r"\\(left|right|[bB]igg?[lrm]?)\s*([<>])")
_BRACED = re.compile(r"(?<!\\)((?:\\\\)*\\[bB]igg?[lrm]?)\s*"
                     r"\{\s*(\\[A-Za-z]+|\\[{}|]|[^{}\s\\])\s*\}")
"""`\\Big{[}`: a sized delimiter given as a group of one."""


def _angles(s: str, ctx: Context) -> str:
    """`\\left< x \\right>`: TeX's old spelling of angle brackets as delimiters, which
    MathJax and KaTeX read; math-core knows only `\\langle` and `\\rangle`. A space
    ends the name: `\\left<x` was `\\left\\langlex`, an unknown command. And
    `\\Big{[}`: `\\Big` takes one argument, and a group of one delimiter is that
    delimiter to TeX and MathJax; math-core wants it bare, `\\Big[`."""
    s = _BRACED.sub(lambda m: m.group(1) + (m.group(2) + " " if m.group(2)[-1].isalpha()
                                            else m.group(2)), s)
    return _ANGLE.sub(lambda m: f"\\{m.group(1)}\\{'langle' if m.group(2) == '<' else 'rangle'} ",
                      s)


_Rule = Callable[[str, Context], str]

RULES: tuple[tuple[frozenset[str], _Rule], ...] = (
    (frozenset({"@", "futurelet", "expandafter", "noexpand", "afterassignment", "csname",
                "edef", "xdef"}), primitives),
    (frozenset({"verb"}), verb),
    (frozenset({"require"}), _require),
    (frozenset({"newtagform", "renewtagform", "usetagform"}), without_tag_forms),
    (frozenset({"operatorname"}), operator_names),
    (frozenset({"ce", "pu"}), _chemistry),
    (PHYSICS | PHYSICS_MATRICES, _physics),
    (frozenset({"href", "url", "htmlClass", "htmlId", "htmlStyle", "htmlData", "class",
                "cssId", "style", "includegraphics"}), links),
    (frozenset({"starred:"}), _stars),
    (frozenset({"\n", "\r", "*", "-", "/", "[", "]"}), _control_symbols),
    (MATHTOOLS, mathtools),
    (frozenset({"left", "right", "bigl", "bigr", "Bigl", "Bigr", "biggl", "biggr", "Biggl",
                "Biggr", "big", "Big", "bigg", "Bigg", "bigm", "Bigm"}), _angles),
    (frozenset({"mathop", "displaylines", "limits", "nolimits"}), operators),
    (frozenset({"sideset"}), sidesets),
    (frozenset({"begin:CD"}), commutative_diagram),
    (frozenset(PLAIN_MATRICES), plain_matrices),
    (frozenset({"hline", "hdashline"}), ruled_rows),
    (frozenset({"begin:array", "begin:darray", "begin:subarray"}), array_columns),
    (frozenset({"\\", "cr"}), linebreak_dim),
    (frozenset({"kern", "mkern", "mskip", "hskip", "hspace", "rule", "raisebox", "genfrac",
                "above", "\\"}), lengths),
    (frozenset({"\\"}), script_rows),
    (frozenset({"substack"}), substack),
    (frozenset({"begin:smallmatrix", "begin:matrix*", "begin:pmatrix*", "begin:bmatrix*",
                "begin:Bmatrix*", "begin:vmatrix*", "begin:Vmatrix*", "begin:psmallmatrix",
                "begin:bsmallmatrix", "begin:Bsmallmatrix", "begin:vsmallmatrix",
                "begin:Vsmallmatrix"}), matrices),
    (frozenset({"eqalignno", "leqalignno"}), eqalignno),
    (frozenset({"begin:empheq"}), empheq),
    (frozenset({"begin:numcases", "begin:subnumcases"}), numcases),
    (frozenset({"begin:multlined"}), multlined),
    (frozenset({"begin:alignat", "begin:alignat*", "begin:alignedat", "begin:split",
                "begin:eqnarray", "begin:eqnarray*", "begin:flalign", "begin:flalign*",
                "begin:xalignat", "begin:xalignat*", "begin:xxalignat"}),
     alignments),
    (frozenset({"char"}), char_codes),
    (frozenset({"unicode"}), unicode_chars),
    (frozenset({"ref"}), _refs),
    (frozenset({"rlap", "llap", "clap", "mathrlap", "mathllap", "mathclap", "smash", "rule",
                "raisebox", "raise", "lower", "vcenter", "sout"}), boxes),
    (frozenset({"bbox", "enclose", "framebox", "makebox", "overunderset"}),
     mathjax_boxes),
    (frozenset({"toggle", "mathtip", "texttip"}), mathjax_actions),
    (frozenset({"textcolor", "color", "colorbox", "fcolorbox"}), colors),
    (frozenset(TEXT_COMMANDS), texts),
    (frozenset(SIZES), sizes),
    (frozenset({"varinjlim", "varprojlim", "varliminf", "varlimsup"}), _varlim),
    (frozenset({"cancelto"}), _cancel_to),
    (frozenset({"buildrel"}), buildrel),
    (frozenset({"root"}), root),
    (frozenset({"leftroot", "uproot"}), root_shifts),
    (frozenset({"lvert", "lVert"}), unpaired_bars),
    (frozenset({*ALIASES, "intop", "mathnormal", "TextOrMath", "mit", "centernot", "not",
                *SIZED}), aliases),
    (frozenset({"dots", "ldots", "dotsc", "dotso", "mathellipsis"}), _dots),
    (frozenset({"mathsfit", "textcircled", *BOLD_ALPHABETS}), letters),
    (frozenset({"above"}), fractions),
)
"""Each rule runs only if the formula names one of its commands (`begin:X`: the
environment X). Order matters: links and `\\verb` before text, boxes before sizes, text
before sizes (a size switch in `$…$` inside `\\text{…}` is math's, once that is out)."""

TRIGGERS = frozenset().union(*(names for names, _ in RULES))

_BEGIN = re.compile(r"\\begin\s*\{([^{}]*)\}")


def _names(tex: str) -> set[str]:
    names = set(NAMES.findall(tex))
    if "*" in tex and _STARRED.search(tex):
        names.add("starred:")  # (no command is named so)
    if "begin" in names:
        names.update("begin:" + env for env in _BEGIN.findall(tex))
    return names


@functools.lru_cache(maxsize=4096)
def rewrite(tex: str, display: bool) -> tuple[str, Marks | None, tuple[int, ...]]:
    """(LaTeX math-core converts, the markers to replace in its output, which `\\eqref`s
    were `\\ref`s). Raises TexError for what cannot be rendered. Memoized (a formula
    recurs across a site's pages); the Marks returned are only read."""
    typed = typed_characters(tex)
    refused = typed != tex
    if "\\" not in tex and not refused:
        return tex, None, ()
    names = _names(tex)
    if not refused and names.isdisjoint(TRIGGERS):
        return tex, None, ()
    tex = typed
    ctx = Context(display, Marks(), [])
    for triggers, rule in RULES:
        if not names.isdisjoint(triggers):
            changed = rule(tex, ctx)
            if changed != tex:
                tex = changed
                names = _names(tex)
    return tex, (ctx.marks if ctx.marks.entries else None), tuple(ctx.plain_refs)


def offset_in_source(source: str, rewritten: str, offset: int) -> int:
    """Where, in `source`, the token at `offset` of its rewritten form is: the same
    offset when nothing was rewritten, else where that token occurs in the source."""
    if source == rewritten:
        return offset
    token = TOKEN.match(rewritten, offset) if offset < len(rewritten) else None
    if token is None:
        return min(offset, len(source))
    text = token.group(0)
    if len(text) == 1 and offset + 1 < len(rewritten):
        text = rewritten[offset:offset + 6]
    places = [m.start() for m in re.finditer(re.escape(text), source)]
    if places:
        return min(places, key=lambda p: abs(p - offset))
    return min(offset, len(source))
