"""`[theme]` as CSS: custom properties appended to the theme's `style.css`, so the one
stylesheet a page loads already carries the site's colours, fonts and width (no extra
request, and its URL's hash changes with them).

Only custom properties are set (`--accent`, `--link`, `--accent-soft`, `--font-sans`,
`--font-serif`, `--font-mono`, `--measure`), in the same three scopes the theme defines
its palettes in — light, dark by the system's preference, dark by the reader's toggle — so
the layout rules stay the theme's.
"""

from __future__ import annotations

import re

from lanting.config.theme import GENERIC_FAMILIES
from lanting.model.config import ThemeConfig
from lanting.render.contrast import contrast, readable

PAGE_LIGHT = ("#fbfaf7", "#f3f1ec")
"""style.css light scheme: --bg, --bg-soft (links and accents stand on both)."""
PAGE_DARK = ("#15171b", "#1d2026")
"""style.css dark scheme: --bg, --bg-soft."""
AA = 4.5
"""WCAG AA for body text: links are text."""

FONT_VARIABLES = {"font_body": "--font-sans", "font_heading": "--font-serif",
                  "font_code": "--font-mono"}
"""`[theme]` key -> the theme's custom property (the body is sans-serif, titles serif)."""

_DARK_SCOPES = ('@media screen and (prefers-color-scheme: dark) {\n'
                '  :root:not([data-theme="light"]) {\n', "  }\n}\n",
                '@media screen {\n  :root[data-theme="dark"] {\n', "  }\n}\n")


def default_stacks(style_css: str) -> dict[str, str]:
    """The theme's font stacks, read from its `:root` rule (one place for them: the CSS)."""
    root = style_css.split("}", 1)[0]
    found = {}
    for variable in FONT_VARIABLES.values():
        match = re.search(rf"{re.escape(variable)}:\s*([^;]+);", root)
        if match:
            found[variable] = " ".join(match.group(1).split())
    return found


def font_stack(families: tuple[str, ...], default: str) -> str:
    """The families, quoted, then the theme's stack unless the last is generic."""
    names = [f.strip() for f in families]
    written = [name if name.lower() in GENERIC_FAMILIES else f'"{name}"' for name in names]
    if names[-1].lower() not in GENERIC_FAMILIES and default:
        written.append(default)
    return ", ".join(written)


def dark_accent(theme: ThemeConfig) -> str:
    """`accent_dark`, else `accent` lightened to read on the dark background, else ""."""
    if theme.accent_dark:
        return theme.accent_dark
    return readable(_long(theme.accent), PAGE_DARK, AA + 0.1) if theme.accent else ""


def _long(colour: str) -> str:
    text = colour.lstrip("#")
    return "#" + ("".join(c * 2 for c in text) if len(text) == 3 else text).lower()


def _accent(colour: str) -> list[str]:
    return [f"--accent: {colour};", f"--link: {colour};",
            f"--accent-soft: color-mix(in srgb, {colour} 14%, var(--bg));"]


def theme_css(theme: ThemeConfig, style_css: str) -> str:
    """The CSS to append to `style.css` for `theme` ("" when it changes nothing)."""
    light: list[str] = _accent(_long(theme.accent)) if theme.accent else []
    stacks = default_stacks(style_css)
    for key, variable in FONT_VARIABLES.items():
        families = getattr(theme, key)
        if families:
            light.append(f"{variable}: {font_stack(families, stacks.get(variable, ''))};")
    if theme.width:
        light.append(f"--measure: {theme.width};")
    css = ""
    if light:
        css += ":root {\n" + "".join(f"  {line}\n" for line in light) + "}\n"
    dark = dark_accent(theme)
    if dark:
        lines = "".join(f"    {line}\n" for line in _accent(_long(dark)))
        css += _DARK_SCOPES[0] + lines + _DARK_SCOPES[1] + _DARK_SCOPES[2] + lines \
            + _DARK_SCOPES[3]
    return "\n/* [theme] of lanting.toml */\n" + css if css else ""


def contrast_warnings(theme: ThemeConfig) -> list[tuple[str, str]]:
    """(key, message) for an accent below WCAG AA on the background of its scheme."""
    found = []
    for key, colour, backgrounds, scheme in (
            ("accent", theme.accent, PAGE_LIGHT, "light"),
            ("accent_dark", theme.accent_dark, PAGE_DARK, "dark")):
        if not colour:
            continue
        ratio = min(contrast(_long(colour), bg) for bg in backgrounds)
        if ratio < AA:
            better = readable(_long(colour), backgrounds, AA + 0.1)
            found.append((key, f"`{colour}` has a contrast of {ratio:.1f}:1 with the "
                          f"{scheme} background; links need 4.5:1 (WCAG AA) to be read "
                          f"easily — the nearest colour of its hue that has it: {better}"))
    return found
