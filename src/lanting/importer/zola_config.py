"""A Zola site's `config.toml`, read and told in the words of the Hugo importer (whose
reading of `content/` Zola's importer shares): `base_url`, `default_language`,
`[languages.zh]`, `taxonomies`, `ignored_content`, `[extra]` (the theme's settings:
author, menu, social links, the KaTeX switch), `[markdown]` and `[slugify]`; and Zola's
way of making a page's URL name (`slugify.paths`)."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path
from typing import Any

from text_unidecode import unidecode

from lanting.importer.common import bool_of, read_text
from lanting.importer.hugo_settings import lower_keys
from lanting.importer.text import load_mapping

BASE_URL = re.compile(r"^[ \t]*base_url[ \t]*=", re.MULTILINE)
"""Zola's one required setting (Hugo spells it `baseURL`, and reads it in any case)."""

MATH_KEYS = frozenset({"katex", "katex_enable", "enable_katex", "math", "mathjax", "latex",
                       "math_auto_render", "katex_auto_render", "mathjax_enable", "tex"})
"""`[extra]` switches by which Zola's themes load KaTeX or MathJax on a page or on every
page (after-dark's and Even's `katex_enable`, tabi's and DeepThought's `katex`,
serene's and duckquill's `math`, the sites' own `latex`)."""

_MENU_KEYS = ("menu", "main_menu", "menu_items", "navbar_items", "nav", "navigation",
              "header_nav", "even_menu", "after_dark_menu", "hyde_links", "menu_links")
"""`[extra]` lists of the themes' main menus (each entry a name and a URL)."""
_SOCIAL_KEYS = ("socials", "social", "social_links", "links", "author_links", "social_media")


def config_path(source: Path) -> Path:
    """Zola's settings: `zola.toml` (its newer name), else `config.toml`."""
    return next((p for p in (source / "zola.toml", source / "config.toml") if p.is_file()),
                source / "config.toml")


def is_zola(source: Path) -> bool:
    """A `zola.toml` or `config.toml` with Zola's `base_url`, beside `content/`."""
    config = config_path(source)
    return config.is_file() and (source / "content").is_dir() \
        and bool(BASE_URL.search(read_text(config)))


def read_zola(source: Path) -> tuple[dict[str, Any], list[str]]:
    """The settings as written (Zola's keys are case-sensitive), and what was not read."""
    path = config_path(source)
    if not path.is_file():
        return {}, ["no config.toml: the site's settings are Zola's defaults"]
    data, error = load_mapping("toml", read_text(path))
    return data, [f"{path.name}: {error}"] if error else []


def zola_slug(text: str, strategy: str = "on") -> str:
    """A URL name as Zola makes it: `on` (its default) spells the text in ASCII and keeps
    letters and digits, lowercased, each run of anything else one `-`; `safe` drops what
    no path may hold and turns spaces into `-`; `off` drops `/` and `#` alone."""
    if strategy == "off":
        return re.sub(r"[/#?]", "", text)
    if strategy == "safe":
        return re.sub(r"\s+", "-", re.sub(r"[<>:/|?*#\\()\[\]\n\r\t]", "", text).strip())
    return re.sub(r"[^a-z0-9]+", "-", unidecode(text).lower()).strip("-")


def slug_strategy(zola: dict[str, Any]) -> str:
    slugify = zola.get("slugify")
    given = slugify.get("paths") if isinstance(slugify, dict) else None
    return str(given).lower() if str(given).lower() in ("on", "safe", "off") else "on"


def math_on(extra: Any, keys: frozenset[str] = MATH_KEYS) -> bool | None:
    """Whether an `[extra]` table turns math on (True), off (False) or says nothing."""
    if not isinstance(extra, dict):
        return None
    said = [v for k, v in extra.items() if str(k).lower() in keys]
    if not said:
        return None
    return any(bool_of(v) or isinstance(v, dict) and bool_of(v.get("enable", True))
               for v in said)


def _site_path(url: str, base: str) -> str:
    """A menu URL as a path of the site (`$BASE_URL/blog`, the base URL written out)."""
    url = url.replace("$BASE_URL", "").replace("{{ base_url }}", "")
    if base and url.startswith(base):
        url = url[len(base):]
    if url.startswith(("http://", "https://", "mailto:", "#")):
        return url
    return "/" + url.lstrip("/")


def _entries(given: Any, base: str) -> list[dict[str, str]]:
    entries = []
    for entry in given if isinstance(given, list) else []:
        if not isinstance(entry, dict):
            continue
        name = entry.get("name") or entry.get("title") or entry.get("text")
        url = entry.get("url") or entry.get("path") or entry.get("link") or entry.get("href")
        if isinstance(name, str) and isinstance(url, str):
            entries.append({"name": name, "url": _site_path(url, base)})
    return entries


def hugo_shaped(zola: dict[str, Any]) -> dict[str, Any]:
    """Zola's settings under the (lowercased) keys the Hugo importer reads."""
    given_extra = zola.get("extra")
    extra: dict[str, Any] = given_extra if isinstance(given_extra, dict) else {}
    base = str(zola.get("base_url") or "").rstrip("/")
    params: dict[str, Any] = lower_keys(extra)
    if isinstance(zola.get("description"), str):
        params["description"] = zola["description"]
    author = zola.get("author") or extra.get("author")
    if isinstance(author, dict):
        author = author.get("name")
    if isinstance(author, str):
        params["author"] = author
    socials: list[dict[str, str]] = []
    for key in _SOCIAL_KEYS:
        given = extra.get(key)
        if isinstance(given, dict):  # (`social = {github = "https://…"}`)
            given = [{"name": k, "url": v} for k, v in given.items()]
        socials += [e for e in _entries(given, base) if e["url"].startswith("http")]
    params["socialicons"] = socials
    config: dict[str, Any] = {"baseurl": zola.get("base_url"), "title": zola.get("title"),
                              "params": params}
    default = str(zola.get("default_language") or "en")
    config["languagecode"] = config["defaultcontentlanguage"] = default
    languages = zola.get("languages")
    if isinstance(languages, dict) and any(k != default for k in languages):
        config["languages"] = {default: {"weight": 0, "title": zola.get("title")}}
        for n, (key, table) in enumerate(sorted(languages.items()), 1):
            if key != default and isinstance(table, dict):
                config["languages"][key] = {"weight": n, **lower_keys(table)}
    taxonomies = [t.get("name") for t in zola.get("taxonomies") or [] if isinstance(t, dict)]
    config["taxonomies"] = {str(n): str(n) for n in taxonomies if n}
    ignored = zola.get("ignored_content")
    if isinstance(ignored, list):
        config["ignorefiles"] = [fnmatch.translate(str(p)).replace(r"\Z", "$")
                                 for p in ignored]
    menu = next((m for m in (_entries(extra.get(k), base) for k in _MENU_KEYS) if m), [])
    if menu:
        config["menu"] = {"main": menu}
    theme = zola.get("theme")
    if isinstance(theme, str):
        config["theme"] = theme
    return config
