"""jekyll-spaceship, the plugin the YAT theme suggests: which of its processors changed
what the old pages showed. Its MathJax processor read `$…$` (and `$$…$$`) in every page
as math, passing the TeX through kramdown untouched; its Mermaid processor drew
```` ```mermaid! ```` blocks (`bang_fences`); its emoji processor made `:smile:` an
emoji."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lanting.importer.common import read_text

PLUGIN = "jekyll-spaceship"
DEFAULT_PROCESSORS = frozenset({
    "table-processor", "mathjax-processor", "plantuml-processor", "mermaid-processor",
    "polyfill-processor", "media-processor", "emoji-processor", "element-processor"})
"""What the plugin runs when `_config.yml` names none (its `DEFAULT_CONFIG`)."""


def _settings(config: dict[str, Any]) -> dict[str, Any]:
    settings = config.get(PLUGIN)
    return settings if isinstance(settings, dict) else {}


def spaceship_processors(source: Path, config: dict[str, Any]) -> frozenset[str]:
    """The processors of jekyll-spaceship the site ran: none without the plugin (in
    `plugins:`, or Jekyll's `gems:` before 3.5, or the Gemfile's plugins), else those
    `jekyll-spaceship: processors:` lists (a list replaces the default one)."""
    plugins = config.get("plugins") or config.get("gems") or []
    gemfile = source / "Gemfile"
    named = isinstance(plugins, list) and PLUGIN in [str(p) for p in plugins]
    if not named and not (gemfile.is_file() and PLUGIN in read_text(gemfile)):
        return frozenset()
    listed = _settings(config).get("processors")
    if isinstance(listed, list):
        return frozenset(str(p) for p in listed)
    return DEFAULT_PROCESSORS


def spaceship_dollar_math(source: Path, config: dict[str, Any]) -> bool:
    """Whether jekyll-spaceship's MathJax processor read `$…$` as inline math: it did
    unless its `config: tex: inlineMath:` lists no `$` pair (its own `tex2jax` ones
    add to them)."""
    if "mathjax-processor" not in spaceship_processors(source, config):
        return False
    mathjax = _settings(config).get("mathjax-processor")
    setup = mathjax.get("config") if isinstance(mathjax, dict) else None
    setup = setup if isinstance(setup, dict) else {}
    pairs: list[Any] = []
    for key, default in (("tex", [["$", "$"]]), ("tex2jax", [])):
        part = setup.get(key)
        found = part.get("inlineMath") if isinstance(part, dict) else None
        pairs += found if isinstance(found, list) else default
    return any(isinstance(pair, list) and pair and pair[0] == "$" for pair in pairs)


_BANG_FENCE = re.compile(r"^([ \t]*(?:`{3,}|~{3,})[ \t]*)(mermaid)!([ \t]*)$",
                         re.MULTILINE)


def bang_fences(text: str) -> tuple[str, int]:
    """The processors' own fences, ```` ```mermaid! ```` (the `!` asks the plugin to draw
    it): a ```` ```mermaid ```` block, which Lanting draws; it was code of an unknown
    language `mermaid!`. Returns (text, how many)."""
    return _BANG_FENCE.subn(r"\1\2\3", text)
