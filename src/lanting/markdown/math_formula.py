"""One formula to MathML Core with `math-core` (`to_mathml`, for titles, captions, the
configuration and the importers), the bounds every formula is held to, and the
characters a built page's formulas use (`math_characters`, for the math font's subset)."""

from __future__ import annotations

import functools
import re

import math_core
from markdown_it.token import Token

from lanting.markdown.accents import place_accents
from lanting.markdown.mathtext import mathml_text
from lanting.markdown.tex import rewrite
from lanting.markdown.tex_scan import Marks, TexError

MAX_FORMULA = 20_000
"""Longer formulas are refused rather than converted (pathological input stays bounded)."""

MAX_DEPTH = 200
"""Deeper nesting is refused: math-core recurses per level and a few thousand levels
overflow its stack, killing the process (no formula a person writes nests 200 deep)."""

HINT = "see the Math page of Lanting's docs for what is supported"


@functools.lru_cache(maxsize=64)
def converter(macros: tuple[tuple[str, str], ...], batch: bool = False
               ) -> math_core.LatexToMathML:
    """A converter; `batch`: one that returns an error snippet for a formula that does
    not convert instead of raising (a page's formulas are converted together)."""
    return math_core.LatexToMathML(fancy_error=False, macros=dict(macros) or None,
                                   max_expansions=2000, continue_on_error=batch,
                                   allow_unreliable_rendering=True)


@functools.lru_cache(maxsize=1024)
def accepted(name: str, expansion: str) -> bool:
    """Whether the converter takes the macro `\\name` at all: one whose definition it
    cannot parse (`\\setbeamercolor{…}` in it, a beamer preamble's) stops it before any
    formula, as no formula's error."""
    try:
        math_core.LatexToMathML(fancy_error=False, macros={name: expansion})
    except math_core.LatexError:
        return False
    return True


_OPENERS = re.compile(r"\\[{}]|\\left\b|\\right\b|\\begin\b|\\end\b|[{}]")


def nesting_depth(latex: str) -> int:
    """The deepest nesting of `{…}`, `\\left…\\right` and `\\begin…\\end` in `latex`."""
    depth = deepest = 0
    for match in _OPENERS.finditer(latex):
        token = match.group(0)
        if token in ("{", "\\left", "\\begin"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in ("}", "\\right", "\\end"):
            depth = max(0, depth - 1)
    return deepest


MAX_UNCLOSED = 16
"""More opening fences left unclosed than this are refused: math-core's time doubles
with every one or two more (24 took a quarter of a second, 34 did not finish: a build
hung on a formula of 34 characters), and no formula a person writes leaves 16 open."""

_OPENING = frozenset({"lbrace", "langle", "lvert", "lVert", "lfloor", "lceil", "lparen",
                      "lbrack", "lgroup", "lmoustache"})
_CLOSING = frozenset({"rbrace", "rangle", "rvert", "rVert", "rfloor", "rceil", "rparen",
                      "rbrack", "rgroup", "rmoustache"})
_FENCES = re.compile(r"\\(?:left|right|middle|[bB]igg?[lrm]?)(?![A-Za-z])\s*(?:\\[A-Za-z]+|\\.|.)?"
                     r"|\\([A-Za-z]+)|\\(.)|([(\[])|[)\]]", re.S)


def unclosed_fences(latex: str, macros: dict[str, str] | None = None, _depth: int = 0) -> int:
    """How many opening fences of `latex` (`(`, `[`, `\\{`, `\\langle`, …) no closing one
    closes (any closes any, as in `[0, 1)`), counting what its macros bring. Fences of
    `\\left`, `\\right` and `\\big` are not counted: math-core pairs those by command."""
    open_ = 0
    # (an `\lvert` no `\rvert` closes is a bar: the rewrite hands math-core a `\vert`)
    bars = {f"l{k}" for k in ("vert", "Vert") if not re.search(rf"\\r{k}(?![A-Za-z])", latex)}
    for match in _FENCES.finditer(latex):
        name, escaped, opening = match.group(1), match.group(2), match.group(3)
        if opening or escaped == "{" or name in _OPENING and name not in bars:
            open_ += 1
        elif name is None and escaped is None and match.group(0) in ")]" \
                or escaped == "}" or name in _CLOSING:
            open_ = max(0, open_ - 1)
        elif macros and name in macros and _depth < 8:
            open_ += unclosed_fences(macros[name], macros, _depth + 1)
    return open_


def check_size(latex: str, macros: dict[str, str] | None = None) -> None:
    if len(latex) > MAX_FORMULA:
        raise TexError(f"formula is {len(latex)} characters long (limit {MAX_FORMULA})")
    # A level takes a character at least: a short formula cannot nest too deep.
    if (len(latex) > MAX_DEPTH and latex.count("{") + latex.count("\\left")
            + latex.count("\\begin") > MAX_DEPTH
            and (depth := nesting_depth(latex)) > MAX_DEPTH):
        raise TexError(f"formula nests {depth} levels deep (limit {MAX_DEPTH})")
    # (an opening fence is `(`, `[`, `\\{` or a command starting `\\l`: most formulas
    # have too few of these to be worth counting)
    if (macros or latex.count("(") + latex.count("[") + latex.count("\\{")
            + latex.count("\\l") > MAX_UNCLOSED) \
            and (left := unclosed_fences(latex, macros)) > MAX_UNCLOSED:
        raise TexError(f"formula leaves {left} brackets unclosed (limit {MAX_UNCLOSED}): "
                       "converting it would take exponential time",
                       hint="close them; a bracket that stays open on purpose is "
                       "`\\left[ … \\right.`")


_ERROR_AT = re.compile(r"(?:input\d+:)?(\d+): (.*)", re.S)


_PARAMETER = re.compile(r"#([1-9])")


_LAST_COMMAND = re.compile(r"\\[A-Za-z]+\s*$")


def macro_use(name: str, expansion: str) -> str:
    """A use of the macro `\\name` to check it by: with as many `{x}` arguments as its
    expansion's highest `#n` asks (`bvec = "\\mathbf{#1}"` is `\\bvec{x}`). One that
    ends in a command (`bs = "\\boldsymbol"`, a short name MathJax setups give, used
    as `\\bs{x}`) is checked with an argument after it: alone, the command would lack
    its own."""
    count = max((int(n) for n in _PARAMETER.findall(expansion)), default=0)
    if not count and _LAST_COMMAND.search(expansion):
        count = 1
    return "\\" + name + "{x}" * count


def to_mathml(latex: str, display: bool, macros: tuple[tuple[str, str], ...] = ()) -> str:
    """MathML for one formula on its own (a publication's title, a macro's check);
    raises ValueError with the converter's message."""
    check_size(latex, dict(macros))
    tex, marks, plain_refs = rewrite(latex, display)
    try:
        mathml = str(converter(macros).convert_with_local_state(tex, displaystyle=display))
    except math_core.LatexError as error:
        found = _ERROR_AT.fullmatch(str(error).strip())
        raise ValueError(found.group(2) if found else str(error).strip()) from None
    return finish(mathml, marks, plain_refs)


ROOT_STRUT = '<mspace height="0.7em"></mspace>'
"""A radicand is at least as tall as a letter with an ascender, as under TeX's smallest
surd: Chromium sized the surd to `\\sqrt{n}`'s x-height, its bar cut into the letter and
the sign sank below the line ("O(n√n)" read like "O(nπ)")."""
_SHORT_ROOT = re.compile(r"<mroot>(<(mi|mn)>[^<]*</\2>)")


def _root_struts(mathml: str) -> str:
    mathml = mathml.replace("<msqrt>", "<msqrt>" + ROOT_STRUT)
    if "<mroot>" in mathml:
        mathml = _SHORT_ROOT.sub(lambda m: f"<mroot><mrow>{ROOT_STRUT}{m.group(1)}</mrow>",
                                 mathml)
    return mathml


def finish(mathml: str, marks: Marks | None, plain_refs: tuple[int, ...]) -> str:
    if "<msqrt>" in mathml or "<mroot>" in mathml:
        mathml = _root_struts(mathml)
    if marks is not None:
        mathml = marks.apply(mathml)
    if "accent" in mathml:
        mathml = place_accents(mathml)
    if plain_refs:
        count = -1

        def ref(m: re.Match[str]) -> str:
            nonlocal count
            count += 1
            return m.group(1) + m.group(2) + "</a>" if count in plain_refs else m.group(0)

        mathml = REF_LINK.sub(ref, mathml)
    return mathml


REF_LINK = re.compile(r'(<a href="#[^"]*">)\((.*?)\)</a>')


def formula_text(token: Token) -> str:
    """The readable text of a formula token (its source if it did not convert)."""
    meta = token.meta or {}
    if "text" not in meta:
        mathml = meta.get("mathml")
        meta["text"] = mathml_text(mathml) if mathml else token.content.strip()
        token.meta = meta
    return str(meta["text"])



_ENTITY = {"&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&ApplyFunction;": "",
           "&InvisibleTimes;": "", "&#x27;": "'"}


_TEXT = re.compile(r">([^<]+)")
"""Text after a tag, up to the next one: what `<[^>]*>` removal leaves of a formula."""


def _formulas(page: str) -> list[str]:
    """Each `<math …>…` element of `page`, without its closing tag (what the regex
    `<math\b.*?</math>` matches, found with plain string search)."""
    found = []
    start = page.find("<math")
    while start >= 0:
        after = page[start + 5:start + 6]
        if after.isalnum() or after == "_":  # `<mathx`: no word boundary, not a formula
            start = page.find("<math", start + 5)
            continue
        end = page.find("</math>", start)
        if end < 0:
            break
        found.append(page[start:end])
        start = page.find("<math", end)
    return found


def math_characters(html_pages: list[str], base: str = "") -> str:
    """Every character inside a `<math>` element of the given pages (plus `base`)."""
    chars: set[str] = set(base)
    for page in html_pages:
        # The text between tags of all the page's formulas at once: run per formula over
        # a long page, the tag-stripping regex cost twice as much.
        text = "".join(_TEXT.findall("".join(_formulas(page))))
        for entity, value in _ENTITY.items():
            if entity in text:
                text = text.replace(entity, value)
        chars.update(text)
    return "".join(sorted(c for c in chars if c.isprintable() and not c.isspace()))

