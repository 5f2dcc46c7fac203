"""xcolor's colour expressions, `red!80` (80 % red, the rest white) and `red!30!blue`
(30 % red, the rest blue), as the `#RRGGBB` they mix: MathJax hands such a name to the
browser, which ignores it (the formula is drawn in black); math-core refused it
("Unknown color") and the formula failed the build. A rule of `tex_style.colors`."""

from __future__ import annotations

import re

_BASE = {
    "red": (1, 0, 0), "green": (0, 1, 0), "blue": (0, 0, 1), "cyan": (0, 1, 1),
    "magenta": (1, 0, 1), "yellow": (1, 1, 0), "black": (0, 0, 0), "white": (1, 1, 1),
    "gray": (.5, .5, .5), "darkgray": (.25, .25, .25), "lightgray": (.75, .75, .75),
    "brown": (.75, .5, .25), "lime": (.75, 1, 0), "olive": (.5, .5, 0),
    "orange": (1, .5, 0), "pink": (1, .75, .75), "purple": (.75, 0, .25),
    "teal": (0, .5, .5), "violet": (.5, 0, .5),
}
"""xcolor's base colours, in its `rgb` model (where they differ from CSS's colours of
the same name: `green`, `lightgray`, `purple`, …)."""

_NAME = r"[A-Za-z][A-Za-z0-9]*"
_PERCENT = r"\s*!\s*\d{1,3}(?:\.\d+)?\s*"
_EXPRESSION = re.compile(rf"(\\(?:color|textcolor|colorbox|fcolorbox)\s*\{{)\s*"
                         rf"({_NAME}(?:{_PERCENT}(?:!\s*{_NAME}\s*)?)+)\}}")
"""A colour argument that is an expression of xcolor: a name, then `!percent`, each
but the last followed by `!name` (`red!30!blue!50`: 30 % red in blue, that at 50 %
in white)."""

Rgb = tuple[float, float, float]


def _named(name: str) -> Rgb | None:
    if name.lower() in _BASE:
        return _BASE[name.lower()]
    from PIL import ImageColor  # Pillow's start-up is paid only by a post with such a name

    try:
        red, green, blue, *_alpha = ImageColor.getrgb(name)
    except ValueError:
        return None
    return red / 255, green / 255, blue / 255


def mix(expression: str) -> str | None:
    """`#RRGGBB` of an xcolor expression (`red!80`, `red!30!blue`), or None when a name
    in it is no colour or a percentage is over 100."""
    parts = [part.strip() for part in expression.split("!")]
    color = _named(parts[0])
    for at in range(1, len(parts), 2):
        share = float(parts[at]) / 100
        other = _named(parts[at + 1]) if at + 1 < len(parts) else (1.0, 1.0, 1.0)
        if color is None or other is None or share > 1:
            return None
        color = (share * color[0] + (1 - share) * other[0],
                 share * color[1] + (1 - share) * other[1],
                 share * color[2] + (1 - share) * other[2])
    if color is None:
        return None
    return "#" + "".join(f"{round(channel * 255):02X}" for channel in color)


def mixed_colors(s: str) -> str:
    """Each colour expression of xcolor in `s` written as the `#RRGGBB` it mixes."""
    if "!" not in s:
        return s
    return _EXPRESSION.sub(lambda m: m.group(1) + (mix(m.group(2)) or m.group(2)) + "}", s)
