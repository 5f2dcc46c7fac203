"""Commands math-core lacks that are other names of commands it has (`ALIASES`): amssymb's
and KaTeX's variants, gensymb's units, MediaWiki's texvc names that Typora's notes use,
plain TeX's delimiter pieces; rewritten by `aliases`, one of `tex.py`'s rules."""

from __future__ import annotations

import re

from lanting.markdown.tex_scan import Context, replace_command

TEXVC = {
    "part": "\\partial", "C": "\\mathbb{C}", "Q": "\\mathbb{Q}", "and": "\\land",
    "or": "\\lor", "ang": "\\angle", "hAar": "\\Leftrightarrow", "vline": "\\vert",
    "euro": "€", "geneuro": "€", "geneuronarrow": "€", "geneurowide": "€",
    "officialeuro": "€", "textvisiblespace": "␣", "Digamma": "Ϝ", "coppa": "ϙ",
    "varcoppa": "ϙ", "Coppa": "Ϙ", "koppa": "ϟ", "Koppa": "Ϟ", "sampi": "ϡ", "Sampi": "Ϡ",
    "stigma": "ϛ", "varstigma": "ϛ", "Stigma": "Ϛ",
}
"""texvc's names that math-core lacks. Not its `\\O`, `\\H` and `\\AA` (∅, ℍ, Å to
texvc): TeX's Ø, Hungarian accent and Å in text, which a `\\text{…}` may hold."""

_GREEK = ("alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa "
          "lambda mu nu xi pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi "
          "psi omega").split()
UPGREEK = {**{"up" + g: f"\\mathrm{{\\{g}}}" for g in _GREEK},
           **{"Up" + g: f"\\mathrm{{\\{g.capitalize()}}}" for g in
              ("gamma", "delta", "theta", "lambda", "xi", "pi", "sigma", "upsilon", "phi",
               "psi", "omega")}}
"""The upgreek package's upright Greek letters (`\\upmu` in a unit, `\\Updelta` a
difference; MathJax autoloads it): the letter in `\\mathrm`, which sets it upright."""

ALIASES = {
    "centerdot": "\\cdot", "sdot": "\\cdot", "smallsetminus": "\\setminus",
    "shortmid": "\\mid", "shortparallel": "\\parallel", "nshortmid": "\\nmid",
    "nshortparallel": "\\nparallel", "smallfrown": "\\frown", "smallsmile": "\\smile",
    "thickapprox": "\\approx", "thicksim": "\\sim", "varpropto": "\\propto",
    "smallint": "{\\scriptstyle\\int}", "dotsb": "\\cdots", "dotsi": "\\cdots",
    "dotsm": "\\cdots", "pmb": "\\boldsymbol", "textup": "\\textrm",
    "textnormal": "\\textrm", "textmd": "\\textrm", "KaTeX": "\\text{KaTeX}",
    "LaTeX": "\\text{LaTeX}", "TeX": "\\text{TeX}", "overlinesegment": "\\overline",
    "underlinesegment": "\\underline", "nobreak": "", "allowbreak": "",
    "mathds": "\\mathbb", "mathbbm": "\\mathbb",
    # glue that fills a line: a formula is none to fill (`C=\frac{Q}{U}\hfill`)
    "hfill": "", "hfil": "",
    # gensymb's units (MathJax autoloads it for them)
    "celsius": "\\mathrm{°C}", "ohm": "\\Omega", "micro": "\\mathrm{µ}",
    "perthousand": "‰",
    # KaTeX's colons (mathtools'): an ordinary `:`, and one as a relation
    "ordinarycolon": "\\mathord{:}", "vcentcolon": "\\mathrel{:}",
    # MediaWiki's texvc names (MathJax 2's `mediawiki-texvc`, which Typora loaded, so
    # notes written there use them; KaTeX has the rest): `\part` for ∂ above all
    **TEXVC,
    # the xspace package's space "where one is needed" (`\text{MSE\xspace}` in a
    # course's macros): a formula's text needs none
    "xspace": "",
    # LaTeX's "math, if not already": inside a formula its argument alone (a paper's
    # title exported to BibTeX, `$\ensuremath{\sigma}$-model`)
    "ensuremath": "",
    # plain TeX's names of the delimiters' pieces (MathJax has them): a norm written
    # `\Arrowvert x \Arrowvert_2` in deep-learning notes
    "Arrowvert": "\\Vert", "arrowvert": "\\vert", "bracevert": "\\vert",
    **UPGREEK,
    # MathJax's script-font switch (`{\scr F}`): the nearest math-core has, `\cal`
    # (`\scr{F}`, a Fourier transform in a Chinese ML blog, is `\mathscr{F}`)
    "scr": "\\cal",
    # MathJax's unicode-math alphabets (`\mathbfit{x}`, a bold italic vector in an ML
    # post): those of one style math-core has (a bold script, fraktur or sans serif
    # letter is `tex._letters`')
    "mathup": "\\mathrm", "mathbfup": "\\mathbf", "mathsfup": "\\mathsf",
    "mathbfit": "\\boldsymbol",
}
"""Commands math-core lacks, as commands it has: the same character (KaTeX only draws
some smaller or bolder; the double-struck `\\mathds{1}` / `\\mathbbm{1}` of the dsfont
and bbm packages, the indicator function of papers, is `\\mathbb`'s), or, for the last
few, the nearest (`\\overlinesegment` loses its end ticks)."""
_ALIAS = re.compile(r"(?<!\\)((?:\\\\)*)\\(" + "|".join(sorted(ALIASES, key=len, reverse=True))
                    + r")(?![A-Za-z])\s*")
"""An alias's name after any row breaks (`\\\\C` is a break, then the letter C)."""


_MIT = re.compile(r"(?<!\\)((?:\\\\)*)\\mit(?![A-Za-z])\s*"
                  r"(\\(?:Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Upsilon|Phi|Psi|Omega)"
                  r"(?![A-Za-z]))?")
"""Plain TeX's math italic, `\\mit` (MathJax has it), written before a capital Greek
letter for an italic one: `U\\mit\\Sigma V^T` in notes on the SVD. Other letters are
italic already; math-core's `\\it` would make `\\Sigma V` one identifier."""


_CENTERNOT = re.compile(r"\\centernot(?![A-Za-z])\s*(?:\{\s*(\\[A-Za-z]+|[^{}\s\\])\s*\}"
                        r"|(\\[A-Za-z]+|[^{}\s\\]))")
_SPACED_ARROWS = {"implies": "\\;\\not\\Longrightarrow\\;",
                  "impliedby": "\\;\\not\\Longleftarrow\\;",
                  "iff": "\\;\\not\\Longleftrightarrow\\;"}
"""The arrows TeX spaces as `\\;\\Longrightarrow\\;` (math-core negates the arrow, not
the spaced command)."""


_NOT_SPACED = re.compile(r"\\not(?![A-Za-z])\s*(?:\{\s*\\(implies|impliedby|iff)\s*\}"
                         r"|\\(implies|impliedby|iff)(?![A-Za-z]))")
"""`\\not\\implies`: MathJax draws it (a slash, then the spaced arrow), math-core wanted a
relation right after `\\not` and refused it; it is `\\centernot\\implies`' arrow."""


_NOT_KERNED = re.compile(r"\\not(?![A-Za-z])((?:\s*\\[!,;:])*)\s*(\{?)((?:\s*\\[!,;:])*)\s*")
"""Feynman's slash, `\\not\\!\\Pi`, `\\not{\\!\\!D}` (a physics note's): the negative
spaces only move MathJax's slash over the letter; math-core wanted the letter right
after `\\not` and refused the space. The slashed letter is its `\\not`'s (`Π̸`)."""


SIZED = frozenset(size + side for size in ("big", "Big", "bigg", "Bigg")
                  for side in ("", "l", "r", "m"))
"""The sized delimiters' commands (`\\Big.`, a null one, is rewritten)."""
_NULL_BIG = re.compile(r"\\[bB]ig{1,2}[lrm]?(?![A-Za-z])\s*\.")
"""`\\Big.`: a sized delimiter that is none, TeX's null delimiter (the left half of
`\\Big. x \\Big|_{a}`, an evaluation bar); MathJax draws nothing, math-core wanted a
parenthesis and the formula failed the build."""

_NOT_ALONE = re.compile(r"\\not(?![A-Za-z])\s*(?:\{\s*\})?(?=\s*(?:$|[}&]|\\\\))")
"""`$\\not$` alone (a table of symbols' "`\\not` | $\\not$" row): MathJax draws its slash,
math-core wanted something after it and refused the formula."""


def _centernot(m: re.Match[str]) -> str:
    """The centernot package's `\\centernot\\implies` (MathJax autoloads it): the slash
    centred on the symbol, which is what math-core's `\\not` draws (a negated character,
    or the symbol with a combining long solidus, ⟹̸). `\\not\\implies` it refused."""
    token = m.group(1) or m.group(2)
    return _SPACED_ARROWS.get(token.removeprefix("\\"), "\\not" + token)


def aliases(s: str, ctx: Context) -> str:
    """Each alias as the command it stands for (and `\\intop`, `\\mathnormal`,
    `\\TextOrMath`, which take arguments, `\\mit`, `\\scr{…}`, `\\centernot` and a
    `\\not` before a spaced arrow)."""
    if "\\intop" in s:
        s = re.sub(r"\\intop(?![A-Za-z])", r"\\int\\limits " if ctx.display else r"\\int ", s)
    if "\\mathnormal" in s:
        s = replace_command(s, "mathnormal", 1, lambda o, a, i: "{" + a[0] + "}")
    if "\\scr" in s:  # (`\scr{F}(x)`: the F is meant, not the `(x)` the switch reaches)
        s = re.sub(r"\\scr\s*\{", r"\\mathscr{", s)
    if "\\TextOrMath" in s:
        s = replace_command(s, "TextOrMath", 2, lambda o, a, i: "{" + a[1] + "}")
    if "\\centernot" in s:
        s = _CENTERNOT.sub(_centernot, s)
    if "\\not" in s:
        s = _NOT_ALONE.sub(r"\\mathrel{/}", s)
        s = _NOT_SPACED.sub(lambda m: _SPACED_ARROWS[m.group(1) or m.group(2)], s)
        s = _NOT_KERNED.sub(lambda m: "\\not " + m.group(2) if m.group(1) or m.group(3)
                            else m.group(), s)
    if "." in s and "\\b" in s.lower():
        s = _NULL_BIG.sub("{}", s)
    if "\\mit" in s:
        s = _MIT.sub(lambda m: m.group(1) + (f"\\mathit{{{m.group(2)}}}" if m.group(2)
                                             else ""), s)
    return _ALIAS.sub(lambda m: m.group(1) + ALIASES[m.group(2)]
                      + (" " if ALIASES[m.group(2)] else ""), s)


_BARS = ("vert", "Vert")


def unpaired_bars(s: str, ctx: Context) -> str:
    """An `\\lvert` (`\\lVert`) in a formula with no `\\rvert` is a bar, as MathJax draws
    it: `p(z \\lvert x)`, an ML blog's conditional in every formula. To math-core it
    opened a fence that nothing closed, and with 17 of them the formula was refused as
    too slow to convert."""
    for kind in _BARS:
        if f"\\l{kind}" in s and not re.search(rf"\\r{kind}(?![A-Za-z])", s):
            s = re.sub(rf"\\l{kind}(?![A-Za-z])", "\\\\" + kind, s)
    return s
