"""Theme assets: the stylesheet, code palettes, scripts and the math font, as output
files under `assets/`, each addressed with a content hash so browsers never see a
stale copy."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from lanting.markdown.code import highlight_css
from lanting.model.config import Config
from lanting.model.output import OutputFile
from lanting.render.contrast import readable_highlight_css
from lanting.render.mathfont import cached_math_font, math_font, math_font_key
from lanting.render.templates import THEME_STATIC
from lanting.render.theme import theme_css


@dataclass(frozen=True, slots=True)
class ThemeAssets:
    files: tuple[OutputFile, ...]
    urls: dict[str, str]
    """Asset name (`style.css`, `math.woff2`, …) -> URL with a version query; a
    `[theme] custom_css` file of `static/` as `static/css/site.css`."""


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:10]


def build_assets(config: Config, math_chars: str | None, cache_dir: Path | None,
                 static_dir: Path | None = None) -> ThemeAssets:
    """The theme's files; `math_chars` are the characters of every formula (None: no math).
    `style.css` carries the site's `[theme]` settings at its end; the `custom_css` files
    of `static_dir` (copied with the other static files) get versioned URLs."""
    contents: dict[str, bytes] = {
        path.name: path.read_bytes() for path in sorted(THEME_STATIC.iterdir()) if path.is_file()
    }
    style = contents["style.css"].decode()
    contents["style.css"] = (style + theme_css(config.theme, style)).encode()
    contents["highlight.css"] = readable_highlight_css(highlight_css(
        *config.code_styles)).encode()
    files = [OutputFile(f"assets/{name}", data) for name, data in contents.items()]
    urls = {name: f"{config.base_path}assets/{name}?v={_digest(data)}"
            for name, data in contents.items()}
    for name in config.theme.custom_css:
        if static_dir is None:
            break
        rel = name.lstrip("/")
        version = _digest((static_dir / rel).read_bytes())
        urls[f"static/{rel}"] = f"{config.base_path}{rel}?v={version}"
    if math_chars is not None:
        # Subsetting takes most of a second: unless cached, it runs beside the pages
        # (`materialize`), so the URL's version names the subset rather than its bytes.
        font = cached_math_font(math_chars, cache_dir)
        files.insert(0, OutputFile("assets/math.woff2", font, make=None if font else partial(
            math_font, math_chars, cache_dir)))
        version = math_font_key(math_chars)[:10]
        urls["math.woff2"] = f"{config.base_path}assets/math.woff2?v={version}"
    return ThemeAssets(tuple(files), urls)
