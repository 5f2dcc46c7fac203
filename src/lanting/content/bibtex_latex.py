"""LaTeX in BibTeX fields as plain text: pylatexenc's converter set up for
bibliographies (built on first use), with `\\url{}`, `&` and `%` kept as written, unknown
macros recorded to be reported, and braces nested past `MAX_BRACE_DEPTH` refused."""

from __future__ import annotations

import functools
import re
from typing import Any

MAX_BRACE_DEPTH = 32
"""Braces a field may nest: `{{Title}}` protects case as well as one pair does, and the
LaTeX reader recurses on each level (some 250 levels exhaust Python's stack)."""


_PERCENT = re.compile(r"(\\.)|%", re.DOTALL)
"""A `%` not escaped (`\\%`): LaTeX would read the rest of the line as a comment."""


AAS_JOURNALS = {
    "aj": "AJ", "actaa": "Acta Astron.", "araa": "ARA&A", "apj": "ApJ", "apjl": "ApJL",
    "apjs": "ApJS", "ao": "Appl. Opt.", "apss": "Ap&SS", "aap": "A&A", "aapr": "A&A Rev.",
    "aaps": "A&AS", "azh": "AZh", "baas": "BAAS", "caa": "Chinese Astron. Astrophys.",
    "cjaa": "Chinese J. Astron. Astrophys.", "icarus": "Icarus",
    "jcap": "J. Cosmology Astropart. Phys.", "jrasc": "JRASC", "memras": "MmRAS",
    "mnras": "MNRAS", "na": "New A", "nar": "New A Rev.", "pra": "Phys. Rev. A",
    "prb": "Phys. Rev. B", "prc": "Phys. Rev. C", "prd": "Phys. Rev. D",
    "pre": "Phys. Rev. E", "prl": "Phys. Rev. Lett.", "pasa": "PASA", "pasp": "PASP",
    "pasj": "PASJ", "psj": "PSJ", "rmxaa": "Rev. Mexicana Astron. Astrofis.",
    "qjras": "QJRAS", "skytel": "S&T", "solphys": "Sol. Phys.", "sovast": "Soviet Ast.",
    "ssr": "Space Sci. Rev.", "zap": "ZAp", "nat": "Nature", "iaucirc": "IAU Circ.",
    "aplett": "Astrophys. Lett.", "bain": "Bull. Astron. Inst. Netherlands",
    "gca": "Geochim. Cosmochim. Acta", "grl": "Geophys. Res. Lett.",
    "jcp": "J. Chem. Phys.", "jgr": "J. Geophys. Res.",
    "jqsrt": "J. Quant. Spec. Radiat. Transf.", "memsai": "Mem. Soc. Astron. Italiana",
    "nphysa": "Nucl. Phys. A", "physrep": "Phys. Rep.", "physscr": "Phys. Scr",
    "planss": "Planet. Space Sci.", "procspie": "Proc. SPIE",
}
"""The journals of the AAS macros (`aas_macros.sty`), which NASA ADS writes in every
export (`journal = {\\apj}`): an astronomer's papers showed `\\apj` as their venue."""


_TEXT_SYMBOLS = {"textless": "<", "textgreater": ">", "textbar": "|",
                 "textunderscore": "_", "textbraceleft": "{", "textbraceright": "}",
                 "textquotedbl": '"'}
"""LaTeX's text-mode symbols (`\\textless` for `<`, as Zotero's exports escape it in an
abstract's `100 \\textless y+`)."""


class _Latex:
    """pylatexenc's LaTeX-to-text converter, built on first use (sites without a
    bibliography do not pay for it, nor for importing bibtexparser): `\\url{…}` is its
    text, `&` stays `&` (a column separator only in tables; `\\&` is `&` too), `%` stays
    (BibTeX has no comments inside a field), and an unknown macro stays as written and is
    recorded, to be reported."""

    def __init__(self) -> None:
        from pylatexenc import latexwalker  # type: ignore[import-untyped]
        from pylatexenc.latex2text import (  # type: ignore[import-untyped]
            LatexNodes2Text,
            MacroTextSpec,
            SpecialsTextSpec,
            get_default_latex_context_db,
        )
        from pylatexenc.macrospec import MacroSpec  # type: ignore[import-untyped]

        context = get_default_latex_context_db()
        context.add_context_category(
            "lanting", prepend=True, macros=[
                MacroTextSpec("url", simplify_repl="%s"),
                # `{\relax Ch}ristopher`: a two-letter initial
                MacroTextSpec("relax", simplify_repl=""),
                # plain TeX's quotes (`graph{\rq}s`, a DBLP export) and `\@`, which only
                # tells TeX that a period ends no sentence (`i.\ e.\@,`)
                MacroTextSpec("lq", simplify_repl="‘"),
                MacroTextSpec("rq", simplify_repl="’"),
                MacroTextSpec("@", simplify_repl=""),
                *(MacroTextSpec(name, simplify_repl=text)
                  for name, text in AAS_JOURNALS.items()),
                # text-mode symbols pylatexenc lacks (Zotero writes `<` as `\textless`)
                *(MacroTextSpec(name, simplify_repl=text)
                  for name, text in _TEXT_SYMBOLS.items()),
                # fonts, which plain text has none of (`\texttt{vLLM}`, `{\em x}`)
                *(MacroTextSpec(name, simplify_repl="%s")
                  for name in ("texttt", "textsf", "textrm", "textup", "textmd", "textnormal",
                               "mbox", "hbox")),
                *(MacroTextSpec(name, simplify_repl="")
                  for name in ("em", "bf", "it", "sc", "tt", "sf", "rm", "sl", "upshape",
                               "itshape", "bfseries", "ttfamily", "scshape")),
                # a box moved up or down (`z\raisebox{-0.5ex}\textasciitilde1`, an ADS
                # title's "z ~ 1"): its text, the last argument
                MacroTextSpec("raisebox", simplify_repl=_last_argument),
                # csquotes' and biblatex's quotation marks (`the \enquote{divide-and-
                # conquer} method`), the starred one the inner quotes
                *(MacroTextSpec(name, simplify_repl=_quoted) for name in _QUOTES)],
            specials=[SpecialsTextSpec("&", "&")])
        context.set_unknown_macro_spec(MacroTextSpec("", simplify_repl=self._unknown))
        # The parser's own macros: its defaults lack `\href`, whose two arguments the
        # converter then asked for and failed on ("list index out of range": an arXiv
        # abstract's `\href{https://github.com/x}{github.com/x}` failed a build).
        self.parsing = latexwalker.get_default_latex_context_db()
        self.parsing.add_context_category("lanting", prepend=True,
                                          macros=[MacroSpec("href", "{{"),
                                                  MacroSpec("raisebox", "{[[{"),
                                                  *(MacroSpec(name, arguments)
                                                    for name, arguments in _QUOTES.items())])
        self.unknown: list[str] = []
        self.field = LatexNodes2Text(latex_context=context, math_mode="verbatim")
        self.name = LatexNodes2Text(latex_context=context, math_mode="verbatim",
                                    strict_latex_spaces=True)

    def _unknown(self, node: Any, macroname: str) -> str:
        self.unknown.append(macroname)
        text = str(node.latex_verbatim())
        after = node.parsing_state.s[node.pos + node.len : node.pos + node.len + 1]
        if text[-1:].isspace() or not (after == "{" or after.isalnum()):
            return text
        return text + " "  # \foo{x}: "\foo x"

    def decode(self, text: str, name: bool = False) -> tuple[str, list[str]]:
        """`text` as plain text (math kept as written), and the unknown macros in it;
        raises ValueError when pylatexenc cannot read it."""
        self.unknown = []
        if brace_depth(text) > MAX_BRACE_DEPTH:
            raise ValueError(f"braces nest more than {MAX_BRACE_DEPTH} deep")
        text = _PERCENT.sub(lambda m: m.group(1) or "\\%", text)
        try:
            decoded = (self.name if name else self.field).latex_to_text(
                text, latex_context=self.parsing)
        except RecursionError:
            raise ValueError("its LaTeX nests too deep") from None
        except Exception as error:  # pylatexenc fails on some odd macros
            raise ValueError(f"its LaTeX cannot be read ({error})") from None
        return str(decoded), sorted(set(self.unknown))


def _last_argument(node: Any, l2tobj: Any) -> str:
    return str(l2tobj.nodelist_to_text([node.nodeargd.argnlist[-1]]))


_QUOTES = {"enquote": "*{", "textquote": "*[[{", "mkbibquote": "{"}
"""Macros that put their text in quotation marks, with the arguments each takes."""


def _quoted(node: Any, l2tobj: Any) -> str:
    """“text” (‘text’ for a starred `\\enquote*`): a macro of `_QUOTES`."""
    arguments = node.nodeargd.argnlist
    inner = _last_argument(node, l2tobj)
    starred = len(arguments) > 1 and arguments[0] is not None
    return f"‘{inner}’" if starred else f"“{inner}”"


@functools.cache
def latex_decoder() -> _Latex:
    return _Latex()


def brace_depth(text: str) -> int:
    """How deep `{…}` nest in `text` (escaped `\\{` and `\\}` are not braces)."""
    depth = deepest = 0
    for match in re.finditer(r"\\.|[{}]", text):
        if match.group(0) == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif match.group(0) == "}":
            depth = max(0, depth - 1)
    return deepest
