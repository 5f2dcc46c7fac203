"""The keys of a VitePress or VuePress configuration's object, read for their literals:
its title and language, `locales`, the menu (`nav`, `navbar`, a theme's `navbar` named
or written alone), social links, hope's `blog` and `author`, VitePress's `rewrites` and
`srcExclude`, `themeConfig` and a theme written in the config (`hopeTheme({…})`). Which
files are read, and where their object is, is `vuepress_config.py`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lanting.importer.js_literals import (
    QUOTED,
    Depths,
    depths_of,
    keys_at,
    literal_entries,
    literal_value,
)

READ_KEYS = ("title", "description", "lang", "base", "srcDir", "cleanUrls", "hostname",
             "author", "locales", "nav", "navbar", "socialLinks", "blog", "type", "rewrites",
             "srcExclude")
"""Keys whose literal values the import uses."""
_MEMBER = re.compile(r"\s*([A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*)\s*[,}\n]")


@dataclass
class JsConfig:
    """What was read from the configuration files."""

    files: list[Path] = field(default_factory=list)
    values: dict[str, str | bool] = field(default_factory=dict)
    """Top-level literal strings and booleans (`title`, `lang`, `base`, `cleanUrls`, and
    the theme's `hostname` and `author` — its `name` — from the files it imports;
    `publicDir`, from `vite: {…}`)."""
    locales: dict[str, dict[str, str]] = field(default_factory=dict)
    """`locales`: path (`/`, `/en/`; VitePress's `root` as `/`) -> its literal strings."""
    nav: list[tuple[str, str]] = field(default_factory=list)
    """(text, link) of the literal top entries of `nav` / `navbar` (a drop-down's link
    empty)."""
    nav_children: dict[int, list[tuple[str, str]]] = field(default_factory=dict)
    """A drop-down's entries (`children`, `items`), by its index in `nav` (one level)."""
    exclude: list[str] = field(default_factory=list)
    """VitePress's `srcExclude`: globs of the files it made no page of."""
    rewrites: dict[str, str] = field(default_factory=dict)
    """VitePress's `rewrites` (source path pattern -> new path pattern), literal pairs."""
    social: list[tuple[str, str]] = field(default_factory=list)
    """(icon, link) of `socialLinks` (VitePress) or `medias` (hope's blog)."""
    computed: list[str] = field(default_factory=list)
    """Keys the import uses that were written as code, not literals."""
    other_keys: list[str] = field(default_factory=list)
    """Top-level keys the import does not read (`themeConfig`, `plugins`, `markdown`)."""
    arrays: dict[str, str] = field(default_factory=dict)
    """Arrays the config files name (`named_arrays`), for `navbar: zhNavbar`."""
    constants: dict[str, str | bool] = field(default_factory=dict)
    """`NAME.key` -> the literal of an object the config files declare (`export const
    metaData = { title: "…" }`), for a setting written `title: metaData.title`."""
    math: bool = False
    """A math plugin is on (VitePress's `math: true`, markdown-it-mathjax3, hope's
    `katex`/`mathjax`/`markdownMath`, markdown-it-katex, plume's by default): without
    one, `$x$` was text."""
    theme: str = ""
    """The blog theme whose listing pages the site had: `hope`, `reco`, `plume` (or
    none)."""
    blog: bool = False
    """The theme has a blog (hope's `blog:` options, reco's `type: "blog"`, a VitePress
    blog theme such as `@sugarat/theme`, plume's unless `blog: false`)."""
    notes_dir: str = ""
    """plume's notes' folder (`notes`), whose pages are no posts."""


_SHORTHAND_NAV = re.compile(r"(?:^|[{,\s])(nav|navbar)\s*(?=[,}])")
"""`navbar,` alone in an object: the imported or declared array of that name."""


def _shorthand_nav(code: str, depths: Depths, start: int, found: JsConfig) -> None:
    """The menu of `{ navbar, … }` (hope's theme file passing on `import navbar from
    "./navbar.js"`), which `keys_at` does not see: a key written without its value."""
    level, end = depths[start], start + 1
    while end < len(code) and depths[end] >= level:
        end += 1
    # (up to the closing brace, which may follow the key: `hopeTheme({ navbar })`)
    for match in _SHORTHAND_NAV.finditer(code, start, end + 1):
        at = match.start(1)
        if depths[at] == level and not depths.strings[at] and not found.nav:
            found.nav = _listed(match.group(1), depths_of(match.group(1)), 0, "nav", found)


def read_keys(code: str, depths: Depths, start: int, found: JsConfig, top: bool) -> None:
    """The keys of the object opening at `start` into `found` (`top`: the config's own,
    whose other keys are named in the report)."""
    _shorthand_nav(code, depths, start, found)
    for key, value_at in keys_at(code, depths, start, depths[start]):
        if key == "locales":
            # (the config's locales first: the theme's (navbar, sidebar) add to them)
            for path, strings in _locales(code, depths, value_at).items():
                known = found.locales.setdefault(path, {})
                for name, value in strings.items():
                    known.setdefault(name, value)
            _root_nav(code, depths, value_at, found)
        elif key in ("nav", "navbar"):
            found.nav = found.nav or _listed(code, depths, value_at, "nav", found)
        elif key == "rewrites":
            _rewrites(code, depths, value_at, found)
        elif key == "srcExclude":
            globs = re.fullmatch(r"\s*\[((?:\s*" + QUOTED + r"\s*,?)*)\s*\]\s*",
                                 code[value_at:code.find("]", value_at) + 1])
            if globs is None:
                found.computed.append(key)
            found.exclude = found.exclude or [a or b for a, b in re.findall(
                QUOTED, globs.group(1) if globs else "")]
        elif key in ("themeConfig", "theme"):
            _read_theme(code, depths, value_at, found)
        elif key == "author":
            _author(code, depths, value_at, found)
        elif key in ("socialLinks",):
            found.social = found.social or _listed(code, depths, value_at, "socialLinks",
                                                   found)
        elif key == "blog":
            found.blog = True
            _blog_options(code, depths, value_at, found)
        elif key == "type" and re.match(r"""\s*['"]blog['"]""", code[value_at:]):
            found.blog = True
        elif key == "vite" and code[value_at:].lstrip().startswith("{"):
            # (Vite's `publicDir`, from the source folder (Vite's root): served at the root)
            brace = code.find("{", value_at)
            for name, at in keys_at(code, depths, brace, depths[brace]):
                if name == "publicDir":
                    _literal(name, code, at, found)
            if top and key not in found.other_keys:
                found.other_keys.append(key)  # (its other options: the old build's)
        elif key in READ_KEYS:
            _literal(key, code, value_at, found)
        elif top and key not in found.other_keys:
            found.other_keys.append(key)


def _literal(key: str, code: str, at: int, found: JsConfig) -> None:
    value = literal_value(code, at)
    member = _MEMBER.match(code, at) if value is None else None
    if member is not None:
        value = found.constants.get(member.group(1))
    if value is None:
        if key not in found.values and key not in found.computed:
            found.computed.append(key)
    else:
        found.values.setdefault(key, value)


def _read_theme(code: str, depths: Depths, at: int, found: JsConfig) -> None:
    """VitePress's and VuePress 1's `themeConfig: {nav, socialLinks, author, …}`, and
    VuePress 2's theme written in the config, `theme: hopeTheme({…})`, `recoTheme({…})`,
    `defaultTheme({…})`."""
    brace = code.find("{", at)
    if brace < 0 or not re.fullmatch(r"\s*(?:\w+\s*\(\s*)?", code[at:brace]):
        return
    _shorthand_nav(code, depths, brace, found)
    for key, value_at in keys_at(code, depths, brace, depths[brace]):
        if key in ("nav", "navbar"):
            found.nav = found.nav or _listed(code, depths, value_at, "nav", found)
        elif key == "socialLinks":
            found.social = found.social or _listed(code, depths, value_at, "socialLinks",
                                                   found)
        elif key == "author":
            _author(code, depths, value_at, found)
        elif key in ("hostname", "copyright"):  # (hope's `copyright`, its footer's line)
            _literal(key, code, value_at, found)
        elif key == "footer" and code[value_at:].lstrip().startswith("{"):
            # (VitePress's `footer: {message, copyright}`, under every page)
            brace = code.find("{", value_at)
            for name, at in keys_at(code, depths, brace, depths[brace]):
                if name == "copyright":
                    _literal(name, code, at, found)
        elif key == "blog":
            found.blog = True
            _blog_options(code, depths, value_at, found)
        elif key == "type" and re.match(r"""\s*['"]blog['"]""", code[value_at:]):
            found.blog = True


def _author(code: str, depths: Depths, at: int, found: JsConfig) -> None:
    """`author: "Ann"` or hope's `author: { name: "Ann", url }`."""
    if code[at:].lstrip().startswith("{"):
        brace = code.find("{", at)
        for key, value_at in keys_at(code, depths, brace, depths[brace]):
            if key == "name":
                _literal("author", code, value_at, found)
    else:
        _literal("author", code, at, found)


def _blog_options(code: str, depths: Depths, at: int, found: JsConfig) -> None:
    """hope's `blog: { medias: { GitHub: "https://…" } }`: social links."""
    brace = code.find("{", at)
    if brace < 0 or code[at:brace].strip():
        return
    for key, value_at in keys_at(code, depths, brace, depths[brace]):
        if key == "medias" and code[value_at:].lstrip().startswith("{"):
            inner = code.find("{", value_at)
            for name, link_at in keys_at(code, depths, inner, depths[inner]):
                link = literal_value(code, link_at)
                if isinstance(link, str) and name not in dict(found.social):
                    found.social.append((name, link))


def _rewrites(code: str, depths: Depths, at: int, found: JsConfig) -> None:
    """`rewrites: { 'post/(.*)': '(.*)' }`: its literal pairs (a function or a computed
    object: named as computed)."""
    brace = code.find("{", at)
    if brace < 0 or code[at:brace].strip():
        found.computed.append("rewrites")
        return
    for key, value_at in keys_at(code, depths, brace, depths[brace]):
        value = literal_value(code, value_at)
        if isinstance(value, str):
            found.rewrites[key] = value
        elif "rewrites" not in found.computed:
            found.computed.append("rewrites")


def _root_nav(code: str, depths: Depths, at: int, found: JsConfig) -> None:
    """The `navbar` of the root locale (hope's `locales: { "/": { navbar: zhNavbar } }`):
    the site's menu, which Lanting's default language has."""
    brace = code.find("{", at)
    if brace < 0 or code[at:brace].strip():
        return
    for path, value_at in keys_at(code, depths, brace, depths[brace]):
        inner = code.find("{", value_at)
        if path not in ("/", "root") or inner < 0 or code[value_at:inner].strip():
            continue
        for key, where in keys_at(code, depths, inner, depths[inner]):
            if key in ("nav", "navbar"):
                found.nav = found.nav or _listed(code, depths, where, "nav", found)
        _shorthand_nav(code, depths, inner, found)


def _locales(code: str, depths: Depths, at: int) -> dict[str, dict[str, str]]:
    brace = code.find("{", at)
    if brace < 0 or code[at:brace].strip():
        return {}
    locales: dict[str, dict[str, str]] = {}
    for path, value_at in keys_at(code, depths, brace, depths[brace]):
        inner = code.find("{", value_at)
        if inner < 0 or code[value_at:inner].strip():
            continue
        strings = {key: value for key, where in keys_at(code, depths, inner, depths[inner])
                   if isinstance(value := literal_value(code, where), str)}
        locales["/" if path == "root" else path] = strings
    return locales


def _listed(code: str, depths: Depths, at: int, key: str,
            found: JsConfig) -> list[tuple[str, str]]:
    """The literal entries of a `nav` or `socialLinks` array, or of the array a config
    file names so (hope's `navbar: zhNavbar`); one written as code (`nav: nav()`) is
    named as computed."""
    first, second = ("text", "link") if key == "nav" else ("icon", "link")
    named = re.match(r"\s*([A-Za-z_$][\w$]*)\s*(?:[,}\n]|$)", code[at:])
    # (a nav's drop-downs: kept for the first nav read, the one the menu is made of)
    dropdowns: dict[int, list[tuple[str, str]]] | None = \
        found.nav_children if key == "nav" and not found.nav else None
    if named and named.group(1) in found.arrays:
        array = found.arrays[named.group(1)]
        return literal_entries(array, depths_of(array), 0, first, second, key == "nav",
                               dropdowns)
    if not code[at:].lstrip().startswith("["):
        if key not in found.computed:
            found.computed.append(key)
        return []
    return literal_entries(code, depths, at, first, second, key == "nav", dropdowns)
