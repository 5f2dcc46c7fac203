"""The settings of a docsify site, read from its `index.html` without running it: where
the site is (the folder whose `index.html` loads docsify: the root or `docs/`), the
literal values of `window.$docsify = {…}` (`name`, `repo`, `loadSidebar`, `loadNavbar`,
`coverpage`, `homepage`, `routerMode`, `relativePath`, `alias`) and the plugins its
`<script src>` lines load (math, tabs, pagination, comments); the settings may be in a
script of the site's own the page loads (`js/docsify.js`). Commented-out scripts and
settings (`<!-- … -->`, `// …`) are not read: docsify never ran them either."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.js_literals import Depths, depths_of, keys_at, literal_value, strip_comments

_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_CONFIG = re.compile(r"window\.\$docsify\s*=\s*(?=\{)")
_ASSIGNED = re.compile(r"window\.\$docsify\.(\w+)\s*=\s*")
_SCRIPT_SRC = re.compile(r"<script\b[^>]*\bsrc\s*=\s*[\"']([^\"']+)[\"']", re.IGNORECASE)

PLUGINS = {
    "katex": ("docsify-katex", "katex"),
    "mathjax": ("docsify-mathjax", "mathjax"),
    "latex": ("docsify-latex",),
    "tabs": ("docsify-tabs",),
    "pagination": ("docsify-pagination",),
    "search": ("plugins/search",),
    "copy-code": ("docsify-copy-code",),
    "zoom-image": ("zoom-image",),
    "comments": ("gitalk", "giscus", "disqus", "utterances", "valine"),
    "mermaid": ("mermaid",),
    "alerts": ("flexible-alerts",),
}
"""Each plugin the import cares about: words of the URLs that load it."""
MATH_PLUGINS = frozenset({"katex", "mathjax", "latex"})
"""Those that made formulas of `$…$`."""


@dataclass
class DocsifySettings:
    """What `window.$docsify` said, with docsify's defaults where it said nothing."""

    path: Path
    found: bool = False
    name: str = ""
    repo: str = ""
    sidebar: str = ""
    """The sidebar file (`loadSidebar: true` is `_sidebar.md`), empty without one."""
    navbar: str = ""
    coverpage: str = ""
    footer: str = ""
    """@alertbox/docsify-footer's file (`loadFooter: true` is `_footer.md`), shown under
    every page."""
    homepage: str = "README.md"
    history: bool = False
    """`routerMode: 'history'`: pages at real paths (`/guide/intro`), not `#/guide/intro`."""
    relative_path: bool = False
    alias: dict[str, str] = field(default_factory=dict)
    plugins: set[str] = field(default_factory=set)
    code_values: list[str] = field(default_factory=list)
    """Settings whose value is code (a function, a variable), not read."""
    base_path: str = ""
    page_title: str = ""
    """`index.html`'s `<title>`: the site's title when `name` has none (an image)."""


def is_docsify_page(path: Path) -> bool:
    """An `index.html` that loads docsify (its script or its settings), outside comments."""
    if not path.is_file():
        return False
    text = _HTML_COMMENT.sub("", read_text(path))
    return "$docsify" in text or bool(_LOADS_DOCSIFY.search(text))


_LOADS_DOCSIFY = re.compile(r"src=[\"'][^\"']*\bdocsify(?:@[^/\"']*)?"
                            r"(?:/lib/docsify[^\"']*|(?:\.min)?\.js)?/?[\"']")
"""A script of docsify's own: its file (`docsify@4/lib/docsify.min.js`, a copy's
`js/docsify.min.js`), or the package
alone, which a CDN serves its main file for (`//cdn.jsdelivr.net/npm/docsify@4`, as
docsify's quick start writes it); not a plugin (`docsify-copy-code@2`)."""


def docsify_folder(source: Path) -> Path | None:
    """The folder docsify serves: the source itself, or its `docs/` (the usual place,
    GitHub Pages' `/docs` folder)."""
    for folder in (source, source / "docs"):
        if is_docsify_page(folder / "index.html"):
            return folder
    return None


def read_settings(folder: Path) -> DocsifySettings:
    page = folder / "index.html"
    html = _HTML_COMMENT.sub("", read_text(page) if page.is_file() else "")
    settings = DocsifySettings(page)
    scripts = "\n".join(m.group(1).lower() for m in _SCRIPT_SRC.finditer(html))
    settings.plugins = {name for name, words in PLUGINS.items()
                        if any(word in scripts for word in words)}
    code = strip_comments("\n".join(re.findall(r"<script\b[^>]*>(.*?)</script>", html,
                                               re.DOTALL | re.IGNORECASE)
                                    + _local_scripts(folder, html)))
    values: dict[str, str | bool | None] = {}
    found = _CONFIG.search(code)
    depths = depths_of(code)
    if found:
        settings.found = True
        brace = found.end()
        for key, at in keys_at(code, depths, brace, depths[brace]):
            values[key] = literal_value(code, at)
            if key == "alias":
                settings.alias = _string_object(code, depths, at)
            elif values[key] is None and not re.match(r"\s*(?:-?[\d.]+\s*[,}\n]|[\[{])",
                                                     code[at:]) and key != "plugins":
                # (a variable or a function; a number, an object or a list is a value)
                settings.code_values.append(key)
    for match in _ASSIGNED.finditer(code):
        if match.group(1) != "plugins":
            values[match.group(1)] = literal_value(code, match.end())
    title = re.search(r"<title>(.*?)</title>", html, re.DOTALL | re.IGNORECASE)
    settings.page_title = " ".join(title.group(1).split()) if title else ""
    settings.name = _text(values.get("name"))
    settings.repo = _text(values.get("repo"))
    settings.sidebar = _file_setting(values.get("loadSidebar"), "_sidebar.md")
    settings.navbar = _file_setting(values.get("loadNavbar"), "_navbar.md")
    settings.coverpage = _file_setting(values.get("coverpage"), "_coverpage.md")
    settings.footer = _file_setting(values.get("loadFooter"), "_footer.md")
    settings.homepage = _text(values.get("homepage")) or "README.md"
    settings.history = _text(values.get("routerMode")) == "history"
    settings.relative_path = values.get("relativePath") is True
    settings.base_path = _text(values.get("basePath"))
    return settings


def _local_scripts(folder: Path, html: str) -> list[str]:
    """The site's own scripts the page loads, `<script src="js/docsify.js">`: where some
    sites write `window.$docsify = {…}` (the settings were not read, docsify's defaults
    taken: a `homepage: "_index.md"` lost)."""
    texts: list[str] = []
    for match in _SCRIPT_SRC.finditer(html):
        src = match.group(1).split("?")[0].split("#")[0]
        if re.match(r"(?:[a-z][\w+.-]*:)?//", src, re.IGNORECASE) or not src.endswith(".js"):
            continue
        path = (folder / src.lstrip("/")).resolve()
        if path.is_file() and path.is_relative_to(folder.resolve()):
            texts.append(read_text(path))
    return texts


def _text(value: str | bool | None) -> str:
    return value.strip() if isinstance(value, str) else ""


def _file_setting(value: str | bool | None, default: str) -> str:
    """`true` is docsify's default file, a string names one (`.md` added if missing)."""
    if value is True:
        return default
    if isinstance(value, str) and value.strip():
        name = value.strip().lstrip("/")
        return name if name.endswith(".md") else name + ".md"
    return ""


def _string_object(code: str, depths: Depths, at: int) -> dict[str, str]:
    """The string entries of the object literal at `at` (`alias: {'/a': '/b'}`)."""
    brace = code.find("{", at)
    if brace < 0 or code[at:brace].strip():
        return {}
    entries: dict[str, str] = {}
    for key, where in keys_at(code, depths, brace, depths[brace]):
        value = literal_value(code, where)
        if isinstance(value, str):
            entries[key] = value
    return entries


def footer_line(folder: Path, settings: DocsifySettings) -> str:
    """The footer file's Markdown as the line of text Lanting's footer shows (its
    `copyright`): links as their text, HTML tags and bold marks left out, entities
    read; empty without one."""
    path = folder / settings.footer
    if not settings.footer or not path.is_file():
        return ""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", read_text(path))
    text = re.sub(r"<[^>]*>|\*\*|__|`", "", text)
    return " ".join(html.unescape(text).split())
