"""mhchem's `\\pu{…}` (physical units; MathJax loads mhchem by itself) as plain TeX
math-core converts: a number, then units.

- the number: a sign (`-`, `+-`, `\\pm`), a decimal point or comma (`1,2`), an
  uncertainty (`1.234(5)`), a power of ten (`1.2e3`, `1.2E-3`, `1.2x10^3`,
  `1.2 \\times 10^3`, `1.2*10^3`, `10^-3`); digits grouped by threes past four;
- the units: a product with `*` or `.` (`kJ*mol-1`, `m.s^-2`) or a space (`J mol-1`),
  powers (`mol-1`, `m2`, `s^-2`, `m^{2}`), TeX inside a unit (`\\mu m`, `\\Omega`),
  degrees (`°C`, `^\\circ C`, `^{\\circ}C`, `^oC`), `%`; `a/b` a slash, `a//b` a
  fraction (as mhchem sets them).

What it does not read is a TexError naming the part, never a unit drawn wrong.
"""

from __future__ import annotations

import re

from lanting.markdown.tex_scan import TexError

_NUMBER = re.compile(
    r"\s*(\+-|\+/-|\\pm\s?|[-+])?\s*(\d+(?:[,.]\d+)?|\d*\.\d+)?(\((?:\d+(?:[,.]\d+)?)\))?"
    r"(?:(?:([eE])|\s*(\*|x|\\times|×|\\cdot)\s*10\^)([-+]?\d+|\{[-+]?\d+\}))?"
    r"(?:\^([-+]?\d+|\{[-+]?\d+\}))?")
"""A number: its sign, digits, uncertainty, power of ten (after `e`, or `x10^`), or a
power of its own (`10^-3`, as mhchem reads it)."""
_DEGREES = re.compile(r"(?:°|\^\s*\{\s*(?:\\circ|o)\s*\}|\^\s*\\circ(?![A-Za-z])\s*"
                      r"|\^o(?=\s*[CF]\b))\s*")
"""A degree written as a character, a script (`^\\circ`, `^{\\circ}`) or a letter o
before C or F (`^oC`), as mhchem reads each: `°`."""
_UNIT = re.compile(r"((?:\\[A-Za-z]+\s*|\\%|[A-Za-zµμΩ°Å%\u0391-\u03c9])+)"
                   r"(?:\^?\{([-+]?\d+)\}|\^?([-+]?\d+))?")
"""A unit, its letters and commands (`\\mu m`: a command takes the space after it, as
mhchem reads it), and its power (`mol-1`, `s^-2`, `m^{2}`)."""


def _digits(number: str) -> str:
    """A number as mhchem sets it: a decimal comma as `{,}`, digits past four in groups
    of three, apart by a thin space."""
    mark = "," if "," in number else "." if "." in number else ""
    whole, _, fraction = number.replace(",", ".").partition(".")

    def grouped(digits: str, from_left: bool) -> str:
        if len(digits) <= 4:
            return digits
        if from_left:
            return "\\,".join(digits[i:i + 3] for i in range(0, len(digits), 3))
        head = len(digits) % 3 or 3
        return "\\,".join([digits[:head]] + [digits[i:i + 3]
                                             for i in range(head, len(digits), 3)])
    return (grouped(whole, False) + {"": "", ".": ".", ",": "{,}"}[mark]
            + grouped(fraction, True))


def _number(content: str) -> tuple[str, str]:
    """The TeX of the number `content` starts with, and the rest (the units)."""
    found = _NUMBER.match(content)
    assert found is not None  # (every part is optional)
    sign, digits, error, e, times, exponent, power = found.groups()
    if not (digits or power or e or times):
        return ("", content) if not sign else (sign, content[found.end():])
    tex = "\\pm " if sign in ("+-", "+/-") or (sign or "").startswith("\\pm") else sign or ""
    tex += _digits(digits or "")
    if error:
        tex += "(" + _digits(error[1:-1]) + ")"
    if exponent:
        tex += ("\\cdot " if e == "e" or times == "*" or times == "\\cdot" else "\\times ")
        tex += "10^{" + exponent.strip("{}") + "}"
    if power:
        tex += "^{" + power.strip("{}") + "}"
    return tex, content[found.end():]


_PLUS_MINUS = re.compile(r"\\pm(?![A-Za-z])\s*|\+-\s*|\+/-\s*|±\s*")
"""A number's uncertainty after it, `8.00001 \\pm 0.00005 nm`."""
_PRODUCT = re.compile(r"\s*(?:\*|\.|\\cdot(?![A-Za-z])|·|⋅)\s*")


def _units(units: str) -> str:
    """The TeX of units without a slash: a product (`*`, `.`, `\\cdot`) or units apart (a
    space: mhchem's small space between them)."""
    tex: list[str] = []
    pos, units = 0, units.strip()
    while pos < len(units):
        if product := _PRODUCT.match(units, pos):  # (`kJ*mol-1`, `m.s^-2`)
            tex.append("\\cdot ")
            pos = product.end()
        elif unit := _UNIT.match(units, pos):
            name = unit.group(1).strip().replace("\\%", "%").replace("%", "\\%")
            power = unit.group(2) or unit.group(3)
            tex.append(f"\\mathrm{{{name}}}" + (f"^{{{power}}}" if power else ""))
            pos = unit.end()
        elif units[pos].isspace():
            tex.append("\\,")  # (`J mol-1`)
            pos = len(units) - len(units[pos:].lstrip())
        else:
            piece = units[pos:].split()[0]
            raise TexError(f"`\\pu` reads units like `kJ*mol-1`; not `{piece}`", 0,
                           hint="write the unit with `\\mathrm`, e.g. "
                           "`\\mathrm{kJ\\,mol^{-1}}`")
    return "".join(tex)


def pu(content: str) -> str:
    """The TeX of `\\pu{content}`: a number and its units (`kJ*mol-1`, `m/s`, `J//mol`)."""
    content = _DEGREES.sub("°", content)
    number, units = _number(content)
    units = units.strip()
    if number and (error := _PLUS_MINUS.match(units)):  # (`8.00001 \pm 0.00005 nm`)
        more, units = _number(units[error.end():])
        number, units = number + "\\pm " + more, units.strip()
    if "//" in units:  # (`J // mol K`: mhchem's fraction; `l//100km`, a number under it)
        over, _, under = units.partition("//")
        count, under = _number(under)
        count += "\\," if count else ""
        tex = f"\\frac{{{_units(over)}}}{{{count}{_units(under)}}}"
    else:
        tex = "/".join(_units(part) for part in re.split(r"\s*/\s*", units)) if units else ""
    space = "\\," if number and tex and not tex.startswith("\\mathrm{°}") else ""
    return "{" + number + space + tex + "}"
