"""mhchem's `\\ce{…}` and `\\pu{…}` (MathJax loads them by itself, so posts written for
MathJax use them) as plain TeX math-core converts: the common part of the syntax.

- formulae: `H2O`, `SO4^2-`, `Fe^{3+}`, `Na+`, `[AgCl2]-`, `Ca(OH)2`, `CuSO4*5H2O`,
  counts as TeX's subscripts `SiO_{2}`, isotopes `^{227}_{90}Th`, states `(aq)`,
  coefficients `2H2`, `1/2O2`, bonds `C6H5-CHO`, `CH2=CH2`, `HC#CH`, hyphens
  (`\\eta^2-C2H4`, `n-Pr`), lists `Si,Ge` and `GaAs/InP`, words (`{Gluconic acid}`,
  `HCl(浓)`), Kröger–Vink's defects (`V^{..}_{O}`), TeX commands set as written
  (`SiC\\stackrel{高温}{=>}Si`, `O2 \\rightarrow`), `\\ca` (∼);
- equations: `+`, arrows `->` `<-` `<->` `<=>` `<=>>` `<<=>` `<-->` (with text or a
  formula above and below: `->[\\Delta][\\text{cat.}]`), `^` (a gas) and `v` (a precipitate),
  `$…$` math as written;
- units, `\\pu{123 kJ*mol-1}`, in `tex_units.py`.

What it does not read is a TexError naming the part, never a formula drawn wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lanting.markdown.tex_scan import TexError, group_end, replace_command
from lanting.markdown.tex_units import pu

_ARROWS = {"->": "\\xrightarrow", "<-": "\\xleftarrow", "<->": "\\xleftrightarrow",
           "<-->": "\\xleftrightarrow", "<=>": "\\xrightleftharpoons",
           "⇌": "\\xrightleftharpoons", "→": "\\xrightarrow", "⟶": "\\xrightarrow"}
_LEANING = {"<=>>": "\\underset{{{below}}}{{\\underset{{\\scriptstyle\\leftharpoondown}}"
                    "{{\\xrightharpoonup{{{above}}}}}}}",
            "<<=>": "\\overset{{{above}}}{{\\overset{{\\scriptstyle\\rightharpoonup}}"
                    "{{\\xleftharpoondown[{below}]{{}}}}}}"}
"""An equilibrium lying to the right (`<=>>`: a long harpoon to the right over a short one
to the left, as mhchem draws it) or to the left (`<<=>`), the texts over and under it."""
_ARROW = re.compile(r"(<-->|<=>>|<<=>|<=>|<->|->|<-|⇌|→|⟶)([CMT](?=\[))?"
                    r"((?:\[[^\[\]]*\]){0,2})$")
"""An arrow, typed too (`⇌`, as mhchem reads it), how its texts are read (`->T[…]`:
text, `M`: math, `C`: formulae; else as `_label` guesses), and its texts over and
under it."""
_READ_AS: dict[str, Callable[[str], str]] = {
    "T": lambda text: f"\\text{{{text}}}", "M": lambda text: text,
    "C": lambda text: ce(text) if text.strip() else ""}
_COEFFICIENT = re.compile(r"(\d+/\d+|[a-z]/\d+|\d+(?:\.\d+)?|\(\d+/\d+\))(?=[A-Z(\[]|$)")
"""A coefficient before its formula (`2H2`, `1/2O2`) or apart from it (`1/2 H2O`,
`0.5 H2O`)."""
_ISOTOPE = re.compile(r"\^\{?(\d+)\}?_\{?(-?\d+)\}?(?=[A-Za-z]|$)")
"""A nuclide's mass and atomic numbers before its symbol (`^{227}_{90}Th`, `^0_-1n-`), or
before a TeX command (`^0_-1\\beta{}`, a beta particle)."""
_STATE = re.compile(r"(_\{)?\((aq|s|l|g|sln|cr|ads)\)(?(1)\})$")
"""A state, `(aq)`, or one as a subscript, `_{(aq)}` (`CO3^2-_{(aq)}`, mhchem's manual)."""
_CHARGE = re.compile(r"\^(?:\{([^{}]*)\}|([a-z]?\d*[+-]|\d+|\*))$")
_TRAILING_CHARGE = re.compile(r"(?<=[A-Za-z0-9)\]])([+-])$")
"""`Na+`, `NO3-` (the 3 is a count: NO₃⁻), `[AgCl2]-`."""
_JOINS = {"*": "\\cdot ", ".": "\\cdot ", "-": "{-}", "=": "{=}", "#": "{\\equiv}"}
"""A hydrate's dot, and single, double and triple bonds."""
_SIGNS = {"+": "+", "^": "\\uparrow", "v": "\\downarrow", "(^)": "\\uparrow",
          "(v)": "\\downarrow"}
"""Between species: a plus, a gas given off, a precipitate (bracketed too, `(v)`)."""
_GROUP = r"\{(?:[^{}]|\{[^{}]*\})*\}"
_PART = re.compile(rf"([\^_]{_GROUP}|\^\d*[+-]|\^\d+|\^[x.*](?![A-Za-z])|'+|_[+-]?\d+"
                   r"|_[0-9A-Za-z]|[A-Z][a-z]?|[a-z]+|\\[{}]|\{[^{}]*\}|[()\[\]{}]|\d+|\.|\*"
                   r"|-|=|#|[^\x00-\x7f]+)")
"""A part of a formula: an oxidation state or charge inside it (`[Hg^{II}I4]`), a
Kröger–Vink charge (`^x`, `^.`, `''`), a count written as TeX's subscript (`SiO_{2}`,
`Fe(CN)_{\\frac62}`, `_589`), an element, letters, a bracket (braces escaped,
`[\\{(x2)3\\}2]`, shown), a braced group (`{}` nothing), a count, a hydrate's dot, a
bond, other characters (`HCl(浓)`, Chinese notes' concentrated acid: text, as mhchem
copies them)."""
_BONDS = {"-": "{-}", "1": "{-}", "=": "{=}", "2": "{=}", "#": "{\\equiv}",
          "3": "{\\equiv}", "~": "{\\text{┄}}", "~-": "\\overset{\\text{┄}}{-}",
          "~=": "\\overset{\\text{┄}}{=}", "~--": "\\overset{\\text{┄}}{=}",
          "-~-": "\\overset{-}{\\underset{-}{\\text{┄}}}", "...": "{\\cdot}{\\cdot}{\\cdot}",
          "....": "{\\cdot}{\\cdot}{\\cdot}{\\cdot}", "->": "{\\rightarrow}",
          "<-": "{\\leftarrow}", "<": "{<}", ">": "{>}"}
"""mhchem's `\\bond{…}`: its dashed line (`\\tripledash`) is `┄`, set over or between the
solid ones it draws beside it (lossy: in a smaller size)."""
_COMMAND = re.compile(r"\\[A-Za-z]+")
_MATH = re.compile(r"\$([^$]*)\$")
_GREEK = ("alpha|beta|gamma|delta|epsilon|zeta|eta|theta|iota|kappa|lambda|mu|nu|xi|"
          "omicron|pi|rho|sigma|tau|upsilon|phi|chi|psi|omega")
_HYPHEN = re.compile(rf"(\\(?:{_GREEK}))(?![A-Za-z])(?:\^(\d+|\{{\d+\}}))?-(?=[^\s_}},;\]/])")
"""A lowercase Greek letter, its script, then a hyphen (mhchem's hapticity `\\eta^2-C2H4`,
a bridging ligand `\\mu-Cl`): no bond, and no charge (`η²⁻`)."""


def _bond(kind: str) -> str:
    if kind.strip() not in _BONDS:
        raise TexError(f"`\\bond` draws the bonds {', '.join(_BONDS)}; not `{kind}`", 0,
                       hint="write the bond with TeX, e.g. `\\cdots` for a partial bond")
    return _BONDS[kind.strip()]


def _chunks(item: str) -> list[str]:
    """The TeX of an item holding TeX (`SiC\\stackrel{高温}{=>}Si`, `O2\\rightarrow`) or
    math (`$cis${-}CH3`): mhchem sets a command with its braced arguments and `$…$` as
    written, `\\bond{…}` as its bond, the rest as formulae (a script holding a command,
    `Fe(CN)_{\\frac62}`, and an escaped brace are the formula's)."""
    out: list[str] = []
    text, i = "", 0
    while i < len(item):
        command = _COMMAND.match(item, i)
        if command is None and item[i] != "$":
            end = i + _formula_token(item, i)
            text, i = text + item[i:end], end
            continue
        script = text[-1] if text[-1:] in ("^", "_") else ""  # (`X_$i$`, `X_\mathit{i}`)
        text = text[:-1] if script else text
        out.append(_formula(text) if text else "")
        text = ""
        if command is None:
            end = item.find("$", i + 1) % (len(item) + 1)  # an unclosed `$` runs to the end
            out.append(f"{{}}{script}{{{item[i + 1:end]}}}" if script else item[i + 1:end])
            i = end + 1
            continue
        if hyphen := _HYPHEN.match(item, i):  # (`\eta^2-C2H4`: a hapticity's hyphen)
            out.append(hyphen.group(1) + (f"^{{{hyphen.group(2).strip('{}')}}}"
                                          if hyphen.group(2) else "") + "\\text{-}")
            i = hyphen.end()
            continue
        i = command.end()
        while i < len(item) and item[i] == "{" and (close := group_end(item, i)):
            i = close
        if script:
            out.append(f"{{}}{script}{{{item[command.start():i]}}}")
        elif command.group() == "\\ca":  # (mhchem's circa)
            out.append("{\\sim}")
        elif command.group() == "\\bond":
            out.append(_bond(item[command.end() + 1:i - 1]))
        elif command.group() == "\\frac" and len(args := _groups(item, command.end())) == 2:
            out.append("\\frac{" + _inner(args[0]) + "}{" + _inner(args[1]) + "}")
        else:
            out.append(item[command.start():i])
    return [*out, _formula(text)] if text else out


def _groups(item: str, i: int) -> list[str]:
    """The braced groups at `i`, their insides."""
    found: list[str] = []
    while i < len(item) and item[i] == "{" and (close := group_end(item, i)):
        found.append(item[i + 1:close - 1])
        i = close
    return found


def _inner(text: str) -> str:
    """A fraction's part inside `\\ce`: formulae, as mhchem reads it (`\\frac{[H+][F-]}
    {[HF]}`, an equilibrium constant beside its reaction), or TeX as written."""
    try:
        return ce(text)
    except TexError:
        return text


def _formula_token(item: str, i: int) -> int:
    """The length of the formula's token at `i`: a script's braced group whole, an escaped
    character, else one character."""
    if item[i] in "^_" and item[i + 1:i + 2] == "{":
        end = group_end(item, i + 1)
        return end - i if end else 1
    return 2 if item[i] == "\\" else 1


_LEADING_HYPHEN = re.compile(r"(\d{0,2}(?:sp\d?|[spdfgh])|[a-z\u03b1-\u03c9])(?:\^(\d+|\{\d+\}))?-"
                             r"(?=[A-Za-z(\[])")
"""An orbital or a lone lowercase letter, then a hyphen, `1s^2-N`, `n-Pr` (mhchem's
manual), `α-Fe2O3`, which is no bond and no charge."""
_KROGER_VINK = {"x": "\\times", ".": "\\bullet", "*": "*"}
_SITE = re.compile(r"(?<![A-Za-z\\])([A-Z][a-z]{0,2}|i)(?=,|$)")
"""A site in a Kröger–Vink subscript, `_{Li,x}` or `_{Ti}`, as mhchem sets it: upright."""


def _superscript(script: str) -> str:
    """A charge or superscript: `$…$` as its math, a Kröger–Vink charge (`^x`: neutral,
    `^.`: positive) and a radical's dot (`^{.-}`) as mhchem draws them."""
    if script in _KROGER_VINK:
        return _KROGER_VINK[script]
    script = _MATH.sub(r"\1", script)
    return re.sub(r"\.(?!\d)", lambda _: "\\bullet ", script) if "\\" not in script else script


def _subscript(script: str) -> str:
    """A subscript: `$…$` as its math, `{red}` words, a site and its fraction upright
    (`_{Li,1-2x}`)."""
    script = _MATH.sub(r"\1", script)
    if script.startswith("{") and script.endswith("}"):
        return f"\\text{{{script[1:-1]}}}"
    if "\\" in script:
        return script
    return _SITE.sub(r"\\mathrm{\1}", script).replace(",", "{,}\\,")


def _braced(content: str) -> str:
    """A braced group: a formula (`[{(x2)3}2]`), or words and what no formula holds,
    `{Gluconic acid}`, `{(+)}` or `{-}` (a hyphen), as text (mhchem's escape)."""
    if re.search(r"\w", content) and not re.search(r"\s", content):
        try:
            return _subscript_or_charge(content)
        except TexError:
            pass
    return f"\\text{{{content}}}"


def _subscript_or_charge(formula: str) -> str:
    """One species (no spaces): elements upright, counts as subscripts, charges up."""
    out: list[str] = []
    state = _STATE.search(formula)
    if state:
        formula = formula[:state.start()]
    isotope = _ISOTOPE.match(formula)
    if isotope:
        out.append(f"{{}}^{{{isotope.group(1)}}}_{{{isotope.group(2)}}}")
        formula = formula[isotope.end():]
    if lead := _LEADING_HYPHEN.match(formula):  # (`1s^2-N`, `n-Pr`: mhchem's hyphen)
        orbital = lead.group(1)[:-1] + f"\\mathrm{{{lead.group(1)[-1]}}}"
        out.append((orbital if len(lead.group(1)) > 1 else lead.group(1))
                   + (f"^{{{lead.group(2).strip('{}')}}}" if lead.group(2) else "")
                   + "\\text{-}")
        formula = formula[lead.end():]
    charge = ""
    if found := _CHARGE.search(formula):
        charge = _superscript(found.group(1) if found.group(1) is not None
                              else found.group(2))
        formula = formula[:found.start()]
    elif trailing := _TRAILING_CHARGE.search(formula):
        charge = trailing.group(1)
        formula = formula[:trailing.start()]
    pos, previous = 0, ""
    while pos < len(formula):
        part = _PART.match(formula, pos)
        if part is None:
            raise TexError(f"`\\ce` reads common formulae; not `{formula[pos:]}`", 0,
                           hint="write the formula with `\\mathrm`, e.g. `\\mathrm{H_2O}`")
        text = part.group()
        if text[0] in "^_":
            script = text[2:-1] if text[1:2] == "{" else text[1:]
            out.append(text[0] + "{" + (_superscript(script) if text[0] == "^"
                                        else _subscript(script)) + "}")
        elif text[0] == "'":
            out.append("^{" + "\\prime" * len(text) + "}")
        elif text[0] == "{" and len(text) > 2:
            out.append("{" + _braced(text[1:-1]) + "}")
        elif not text.isascii():
            out.append(f"\\text{{{text}}}")
        elif text.isdigit() and previous and (previous[-1].isalpha() or previous[-1] in ")]}"):
            out.append(f"_{{{text}}}")
        elif text in _JOINS:
            out.append(_JOINS[text])
        else:
            out.append(f"\\mathrm{{{text}}}" if text[0].isalpha() else text)
        previous, pos = text, part.end()
    if charge:
        out.append(f"^{{{charge}}}")
    if state and state.group(1):
        out.append(f"{{}}_{{(\\mathrm{{{state.group(2)}}})}}")
    elif state:
        out.append(f"\\,(\\mathrm{{{state.group(2)}}})")
    return "".join(out)


def _species(item: str) -> str:
    if len(item) > 1 and item[0] == "+":  # `->[\ce{+H2O}]`: water added
        return "+" + _species(item[1:])
    coefficient = _COEFFICIENT.match(item)
    if coefficient:
        number = coefficient.group(1).strip("()")
        lead = (f"\\tfrac{{{number.split('/')[0]}}}{{{number.split('/')[1]}}}"
                if "/" in number else number)
        return lead + "\\," + _subscript_or_charge(item[coefficient.end():])
    return _subscript_or_charge(item)


_LIST = re.compile(r"([,;](?![^{}]*\})|(?<=[A-Za-z\d)\]])/(?=[A-Z(\[]))")
"""Formulae in a list (`\\ce{Si,Ge,InGaAs}`, `\\ce{GaAs/InP}`: materials in notes on
semiconductors), which mhchem sets with the comma or slash between them; a `/` of a
coefficient (`1/2O2`) is none."""
_LIST_MARKS = {",": "{,}\\,", ";": "{;}\\,", "/": "/"}


_SPECIES_LIKE = r"(?:[+-]|[^\x00-\x7f]*\d*\+?[A-Z][A-Za-z0-9()\[\]^{}+-]*)"
_FORMULA_LIKE = re.compile(rf"{_SPECIES_LIKE}(?:\s+{_SPECIES_LIKE})*")
"""An arrow's text of formulae (`H2O`, `I-`, `+ 2OH-`: hydroxide added; `浓H2SO4`,
concentrated sulfuric acid), not words."""


def _formula(item: str) -> str:
    """Formulae, one or a list of them."""
    pieces = _LIST.split(item)
    return "".join(_LIST_MARKS.get(piece, "") if k % 2 else _species(piece)
                   for k, piece in enumerate(pieces))


def _label(text: str) -> str:
    """An arrow's text: `$…$` math, TeX (`\\Delta`, `\\text{…}`, a nested `\\ce`), or words."""
    text = text.strip()
    if text.startswith("$") and text.endswith("$"):
        return text[1:-1]
    if "\\" in text:
        return text
    if _FORMULA_LIKE.fullmatch(text):  # `->[I-]`, `->[+ 2OH-]`: formulae, as mhchem reads them
        return ce(text)
    return f"\\text{{{text}}}"


_ITEM = re.compile(rf"\$[^$]*\$|(?:[^\s\[{{]|\[[^\[\]]*\]|{_GROUP}|[\[{{])+")
"""An item of an equation: `$…$`, or a run of anything but spaces, a bracket's text
(`->[高温 高压]`) and a brace's (`{Gluconic acid}`) whole."""
_ESCAPE = re.compile(r"&|\\\\|\\hline(?![A-Za-z])|\\.|[{}$]")
_CONCENTRATIONS = re.compile(r"(?:\[[^\[\]]*\]){2,}|\[[^\[\]]*[ +-]\S*\]")
"""Concentrations, `[H+][F-]` or `[CO2 (g)]`: species in brackets, a charge or a state
inside (a complex's charge is outside them, `[AgCl2]-`)."""
_DASHES = re.compile("[\u2212\u2013\u2014\u2010]")
"""A minus, en or em dash or hyphen typed for `-`, as mhchem reads them (a charge, a
bond)."""


def _escaped(content: str) -> list[str]:
    """`content` cut at its `&`, `\\\\` and `\\hline` outside braces and `$…$`: one
    `\\ce` holding the rows and columns of an `align*` (mhchem passes them on to it)."""
    pieces, depth, math, start = [], 0, False, 0
    for token in _ESCAPE.finditer(content):
        text = token.group()
        if text == "$":
            math = not math
        elif text in "{}":
            depth += 1 if text == "{" else -1
        elif depth == 0 and not math and (text in ("&", "\\\\") or text.startswith("\\hline")):
            pieces += [content[start:token.start()], text]
            start = token.end()
    return [*pieces, content[start:]]


def ce(content: str) -> str:
    """The TeX of `\\ce{content}`."""
    content = _DASHES.sub("-", content).replace("…", "...")
    if len(pieces := _escaped(content)) > 1:  # (rows of an `align*`: no group around them)
        return "".join(ce(piece) if k % 2 == 0 else f" {piece} "
                       for k, piece in enumerate(pieces))
    parts: list[str] = []
    for item in _ITEM.findall(content):
        if item.startswith("$"):
            parts.append(item[1:-1])
        elif item in _SIGNS:
            parts.append(_SIGNS[item])
        elif arrow := _ARROW.fullmatch(item):
            labels = re.findall(r"\[([^\[\]]*)\]", arrow.group(3))
            read = _READ_AS.get(arrow.group(2) or "", _label)
            above = read(labels[0]) if labels else ""
            below = read(labels[1]) if len(labels) > 1 else ""
            if arrow.group(1) in _LEANING:
                drawn = _LEANING[arrow.group(1)].format(above=above, below=below)
            else:
                drawn = _ARROWS[arrow.group(1)] + (f"[{below}]" if below else "") + f"{{{above}}}"
            parts.append(f"\\mathrel{{{drawn}}}")
        elif "\\" in item or "$" in item:
            parts.append("".join(_chunks(item)))
        elif _CONCENTRATIONS.fullmatch(item):  # (`[H+][F-]`: the species, bracketed)
            parts.append("".join(f"[{ce(inside)}]" for inside in item[1:-1].split("][")))
        else:
            parts.append(_formula(item))
    return "{" + " ".join(parts) + "}"


def chemistry(s: str) -> str:
    """Every `\\ce{…}` and `\\pu{…}` of `s` as TeX (inner ones first: an arrow's text may
    hold a `\\ce`)."""
    for _ in range(8):  # nested `\ce`s, innermost first
        if "\\ce" not in s and "\\pu" not in s:
            break
        s = replace_command(s, "pu", 1, lambda o, a, i: pu(a[0])) if "\\pu" in s else s
        s = replace_command(s, "ce", 1, lambda o, a, i: ce(a[0])) if "\\ce" in s else s
    return s
