"""Colours a page's formulas define with `\\definecolor` (MathJax's color extension,
which it loads by itself): a definition holds for the rest of the page, as in MathJax,
and math-core has no such command. Used by `math_page.convert_page`."""

from __future__ import annotations

import re
from collections.abc import Sequence

_DEFINE = re.compile(r"\\definecolor\s*\{\s*([A-Za-z][\w.-]*)\s*\}\s*\{\s*(rgb|RGB|HTML|gray)"
                     r"\s*\}\s*\{([^{}]*)\}")
_NUMBER = r"\s*(\d+(?:\.\d*)?|\.\d+)\s*"


def _hex(model: str, spec: str) -> str | None:
    """`#RRGGBB` of a colour as `\\definecolor` gives it, in its model (`rgb`: three
    numbers from 0 to 1, `RGB`: from 0 to 255, `gray`: one from 0 to 1, `HTML`: six hex
    digits), or None when the spec is none of the model's."""
    if model == "HTML":
        return "#" + spec.strip().upper() if re.fullmatch(r"\s*[0-9A-Fa-f]{6}\s*", spec) \
            else None
    found = re.fullmatch(",".join([_NUMBER] * (1 if model == "gray" else 3)), spec)
    if found is None:
        return None
    values = [float(v) for v in found.groups()] * (3 if model == "gray" else 1)
    scale = 1.0 if model == "RGB" else 255.0
    if any(v * scale > 255 for v in values):
        return None
    return "#" + "".join(f"{round(v * scale):02X}" for v in values)


def _uses(names: Sequence[str]) -> re.Pattern[str]:
    """A colour argument naming one of `names`: `\\color{n}`, `\\textcolor{n}`,
    `\\colorbox{n}`, and either of `\\fcolorbox{n}{m}`'s."""
    name = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
    return re.compile(r"(\\(?:color|textcolor|colorbox|fcolorbox)\s*\{\s*)(" + name
                      + r")(\s*\}(?:\s*\{\s*(?:" + name + r")\s*\})?)")


def page_colors(latexes: Sequence[str]) -> list[str | None]:
    r"""Each formula with the page's `\definecolor{name}{RGB}{18,110,213}` blanked out
    (a post defines its colours in a formula of their own, or beside its
    `\newcommand`s, and uses them in later formulas) and each use of a colour it
    defines written as its hex value, which math-core takes: it knew no
    `\definecolor`, and the formula failed the build, and so did every `\color` of
    such a name (a definition before the first holds for the formulas before it too,
    as the page's macros do). None for a formula with nothing of that."""
    if not any("\\definecolor" in latex for latex in latexes):
        return [None] * len(latexes)
    defined: list[tuple[int, str, str]] = []
    for index, latex in enumerate(latexes):
        for m in _DEFINE.finditer(latex):
            value = _hex(m.group(2), m.group(3))
            if value is not None:
                defined.append((index, m.group(1), value))
    out: list[str | None] = []
    for index, latex in enumerate(latexes):
        colours: dict[str, str] = {}
        for at, name, value in defined:  # (in order: a later one holds from its formula)
            if at <= index or name not in colours:
                colours[name] = value
        body = _DEFINE.sub(lambda m: " " * len(m.group()) if _hex(m.group(2), m.group(3))
                           else m.group(), latex)
        if colours:
            body = _written(body, colours)
        out.append(body if body != latex else None)
    return out


def written_colours(body: str, colours: dict[str, str]) -> str:
    """`body` with each use of a colour of `colours` written as its value (also for a
    site's macros, whose colours its MathJax setup named)."""
    return _written(body, colours) if colours else body


def _written(body: str, colours: dict[str, str]) -> str:
    """`body` with each use of a colour of `colours` written as its value."""
    return _uses(list(colours)).sub(lambda m: m.group(1) + colours[m.group(2)]
                                    + _second(m.group(3), colours), body)


def _second(rest: str, colours: dict[str, str]) -> str:
    """The rest of an `\\fcolorbox`'s colours, its second name written as its value."""
    return re.sub(r"\{\s*([A-Za-z][\w.-]*)\s*\}",
                  lambda m: "{" + colours.get(m.group(1), m.group(1)) + "}", rest)
