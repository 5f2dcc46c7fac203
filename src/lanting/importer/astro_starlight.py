"""Starlight, Astro's docs theme, as notes sites and blogs use it: the `starlight({…})`
integration in `astro.config.*` holds the site's `title`, `description`, language
(`locales.root.lang`, or `defaultLocale`) and `social` links, and its `docs` collection
(`src/content/docs/`, read by `docsLoader()` or, before Astro 5, by the folder's name)
is published from the root: `docs/guides/intro.md` at `/guides/intro/`, `docs/index.mdx`
the home page. No route of `src/pages/` says so (the integration injects it)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from lanting.importer.astro_settings import AstroConfig, Collection, read_config, text_of
from lanting.importer.js_literals import QUOTED, key_object, key_string
from lanting.importer.report import Report

_STARLIGHT = re.compile(r"(?<![\w$.])starlight\s*\(\s*\{")


def _string_or_first(options: str, key: str) -> str:
    """`title: 'x'`, or the first value of `title: {en: 'x', 'zh-CN': 'y'}`."""
    value, _ = key_string(options, key)
    if value is not None:
        return value
    given = key_object(options, key)
    found = re.search(r":\s*" + QUOTED, given or "")
    return (found.group(1) if found.group(1) is not None else found.group(2) or "") \
        if found else ""


def read_starlight(source: Path, code: str, config: AstroConfig) -> None:
    """The integration's settings and the docs collection's route, into `config`."""
    found = _STARLIGHT.search(code)
    if not found:
        return
    options = key_object("o: " + code[found.end() - 1:], "o") or ""
    config.starlight = True
    config.title = _string_or_first(options, "title") or config.title
    config.description = _string_or_first(options, "description") or config.description
    root = key_object(key_object(options, "locales") or "", "root") or ""
    config.language = key_string(root, "lang")[0] or config.language
    listed = re.search(r"(?<![\w$.])social\s*:\s*\[(.*?)\]", options, re.DOTALL)
    # (Starlight 0.33's `[{icon, label, href}]`; before it, `{github: 'https://…'}`)
    pairs = [(key_string(o, "label")[0], key_string(o, "href")[0]) for o in re.findall(
        r"\{([^{}]*)\}", listed.group(1))] if listed else [
        (name.title(), url) for name, url in re.findall(
            r"""(\w+)\s*:\s*['"](https?://[^'"\s]+)['"]""", key_object(options, "social") or "")]
    for label, href in pairs:
        if label and href and href.startswith("http") and \
                href not in [link["url"] for link in config.links]:
            config.links.append({"name": label.replace("Github", "GitHub"), "url": href})
    docs = source / "src" / "content" / "docs"
    if docs.is_dir():
        config.collections = [c for c in config.collections if c.folder.resolve() !=
                              docs.resolve()] + [Collection("docs", docs, "")]
    config.collections = [replace(c, route="") if c.folder == docs else c
                          for c in config.collections]


def read_astro_config(source: Path, report: Report) -> AstroConfig:
    """An Astro site's settings (`read_config`), Starlight's among them."""
    config = read_config(source, report)
    read_starlight(source, text_of(source, config.file), config)
    return config
