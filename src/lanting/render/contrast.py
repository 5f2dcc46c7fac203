"""Readable code colours: Pygments palettes adjusted to WCAG AA contrast on the theme's
code backgrounds.

Pygments' stock styles were not designed for our backgrounds: `default` puts #AA22FF
(`and`, `in`) and its comment colour below 4.5:1 on the light code background. Each token
colour is darkened (light scheme) or lightened (dark scheme) just enough, keeping its hue,
so any style a site picks stays readable.
"""

from __future__ import annotations

import colorsys
import re

LIGHT_BACKGROUNDS = ("#f5f3ee", "#fbfaf7", "#ebdcd6")
"""style.css light scheme: --bg-code, --bg (notebook output), a highlighted line."""
DARK_BACKGROUNDS = ("#1b1e24", "#15171b", "#352b2e")
"""style.css dark scheme: --bg-code, --bg, a highlighted line."""
TARGET = 4.6
"""WCAG AA asks 4.5:1 for body text; a little margin for rounding in browsers."""

_COLOR = re.compile(r"(?<![-\w])color:\s*#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})\b")


def _rgb(hex_color: str) -> tuple[float, float, float]:
    text = hex_color.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(min(max(c, 0.0), 1.0) * 255):02x}" for c in rgb)


def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two `#rrggbb` colours (1 to 21)."""
    a, b = _luminance(_rgb(foreground)), _luminance(_rgb(background))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def readable(color: str, backgrounds: tuple[str, ...], target: float = TARGET) -> str:
    """`color`, or the nearest colour of the same hue and saturation whose contrast with
    every background is at least `target`."""
    if min(contrast(color, bg) for bg in backgrounds) >= target:
        return color
    dark_backgrounds = _luminance(_rgb(backgrounds[0])) < 0.2
    hue, lightness, saturation = colorsys.rgb_to_hls(*_rgb(color))
    step = 0.01 if dark_backgrounds else -0.01
    candidate = color
    for _ in range(100):
        lightness = min(max(lightness + step, 0.0), 1.0)
        candidate = _hex(colorsys.hls_to_rgb(hue, lightness, saturation))
        if min(contrast(candidate, bg) for bg in backgrounds) >= target:
            break
    return candidate


def readable_highlight_css(css: str) -> str:
    """Adjust every token colour of `markdown.code.highlight_css` output; rules of the dark
    palette are recognised by their `data-theme` scope. Rules that set their own
    background are left alone."""
    def fix(line: str) -> str:
        if "color:" not in line or "background" in line:
            return line
        backgrounds = DARK_BACKGROUNDS if "data-theme" in line else LIGHT_BACKGROUNDS
        return _COLOR.sub(lambda m: "color: " + readable("#" + m.group(1), backgrounds), line)

    lines = [fix(line) for line in css.splitlines()]
    return "\n".join(lines) + ("\n" if css.endswith("\n") else "")
