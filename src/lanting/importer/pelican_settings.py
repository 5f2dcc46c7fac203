"""A Pelican site's settings: `pelicanconf.py`, with `publishconf.py` over it (its
`SITEURL` is the published one), read with Python's `ast`: only assignments of literal
values (`SITENAME = 'x'`, `STATIC_PATHS = ['images']`); the site's code is never run, so
a value computed by code (`SITEURL = os.environ[…]`) is named in a notice and Pelican's
default stands. Also here: Pelican's URL patterns (`{slug}.html`,
`{date:%Y}/{date:%m}/{slug}/`) filled in for a post, and its slugs."""

from __future__ import annotations

import ast
import datetime as dt
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from text_unidecode import unidecode

from lanting.importer.report import Report

_MATH_PLUGINS = re.compile(r"render_math|katex|math|mathjax|latex", re.IGNORECASE)
_PLACEHOLDER_LINKS = frozenset({"http://getpelican.com/", "https://getpelican.com/",
                                "http://python.org/", "https://www.python.org/",
                                "http://jinja.pocoo.org/", "https://palletsprojects.com/p/jinja/",
                                "You can modify those links in your config file", "#"})
"""The links `pelican-quickstart` writes into every new site (Pelican, Python.org,
Jinja2, "You can modify those links…"): the starter's, not the writer's."""


@dataclass
class PelicanSettings:
    """What the import uses of a Pelican site's settings (Pelican's defaults else)."""

    file: Path
    found: bool = False
    values: dict[str, Any] = field(default_factory=dict)
    """Every literal setting read, by name (`publishconf.py`'s over `pelicanconf.py`'s)."""
    code: list[str] = field(default_factory=list)
    """Settings whose value is code, not a literal: not read."""

    def text(self, name: str, default: str = "") -> str:
        value = self.values.get(name)
        return value.strip() if isinstance(value, str) else default

    def paths(self, name: str, default: list[str]) -> list[str]:
        value = self.values.get(name, default)
        if isinstance(value, str):
            value = [value]
        return [str(v).strip("/") for v in value] if isinstance(value, list | tuple) \
            else default

    @property
    def content(self) -> Path:
        """The content folder (`PATH`, relative to the settings' folder)."""
        return (self.file.parent / self.text("PATH", "content")).resolve()

    @property
    def article_paths(self) -> list[str]:
        return self.paths("ARTICLE_PATHS", [""])

    @property
    def page_paths(self) -> list[str]:
        return self.paths("PAGE_PATHS", ["pages"])

    @property
    def static_paths(self) -> list[str]:
        return self.paths("STATIC_PATHS", ["images"])

    @property
    def plugins(self) -> list[str]:
        value = self.values.get("PLUGINS", [])
        return [str(v) for v in value] if isinstance(value, list | tuple) else []

    @property
    def math(self) -> bool:
        """Whether a math plugin (render_math, pelican-katex, …) made formulas of `$…$`."""
        return any(_MATH_PLUGINS.search(p.rsplit(".", 1)[-1]) for p in self.plugins) or \
            any(_MATH_PLUGINS.search(str(e)) for e in self.markdown_extensions) or \
            any(re.search(r"MATHJAX|MATH_JAX|KATEX", k) and v for k, v in self.values.items())
        # (a theme's own switch, `ENABLE_MATHJAX = True`, loaded MathJax on every page)

    @property
    def markdown_extensions(self) -> list[str]:
        markdown = self.values.get("MARKDOWN")
        configs = markdown.get("extension_configs") if isinstance(markdown, dict) else None
        listed = self.values.get("MD_EXTENSIONS", [])
        return [*(configs if isinstance(configs, dict) else {}),
                *(listed if isinstance(listed, list | tuple) else [])]

    @property
    def default_status(self) -> str:
        meta = self.values.get("DEFAULT_METADATA")
        status = meta.get("status") if isinstance(meta, dict) else None
        return str(status).strip().lower() if status else "published"

    def pairs(self, name: str) -> list[tuple[str, str]]:
        """`LINKS`, `SOCIAL`, `MENUITEMS`: (name, URL) pairs, the empty and the
        starter's placeholders left out."""
        value = self.values.get(name)
        found: list[tuple[str, str]] = []
        for entry in value if isinstance(value, list | tuple) else []:
            if isinstance(entry, list | tuple) and len(entry) >= 2 \
                    and isinstance(entry[0], str) and isinstance(entry[1], str) \
                    and entry[0].strip() and entry[1].strip() \
                    and entry[1].strip() not in _PLACEHOLDER_LINKS \
                    and entry[0].strip() not in _PLACEHOLDER_LINKS:
                found.append((entry[0].strip(), entry[1].strip()))
        return found


def read_settings(source: Path, report: Report) -> PelicanSettings:
    settings = PelicanSettings(source / "pelicanconf.py")
    for name in ("pelicanconf.py", "publishconf.py"):
        path = source / name
        if not path.is_file():
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except SyntaxError as bad:
            report.warn(path, bad.lineno, f"not read ({bad.msg}): Pelican's defaults stand")
            continue
        settings.found = True
        for node in tree.body:
            if not isinstance(node, ast.Assign):
                continue
            for target in node.targets:
                if not isinstance(target, ast.Name) or not target.id.isupper():
                    continue
                try:
                    settings.values[target.id] = ast.literal_eval(node.value)
                except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                    if target.id not in settings.code:
                        settings.code.append(target.id)
    return settings


def pelican_slug(text: str) -> str:
    """Pelican's slug of a title: transliterated into ASCII by Unidecode's table (`独立`
    → `du-li`, `é` → `e`), lower case, what is neither a word character, a space nor a
    hyphen left out, spaces and hyphens as one hyphen."""
    value = unicodedata.normalize("NFKC", re.sub(r"<[^>]*>", "", text))
    value = re.sub(r"[^\w\s-]", "", unidecode(value).lower()).strip()
    return re.sub(r"[-\s]+", "-", value)


_PLACE = re.compile(r"\{(\w+)(?::([^{}]*))?\}")


def fill_url(pattern: str, values: dict[str, Any]) -> str | None:
    """A URL pattern (`ARTICLE_URL`, `{date:%Y}/{slug}.html`) filled in as Python's
    `str.format` does with Pelican's values (a date formatted by `strftime`); None when
    a value it names is missing."""
    missing = False

    def one(match: re.Match[str]) -> str:
        nonlocal missing
        value = values.get(match.group(1))
        if value is None or value == "":
            missing = True
            return ""
        if isinstance(value, dt.date) and match.group(2):
            return value.strftime(match.group(2))
        return str(value)

    filled = _PLACE.sub(one, pattern)
    return None if missing else "/" + filled.lstrip("/")
