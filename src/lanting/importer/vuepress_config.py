"""The literal settings of a VitePress or VuePress configuration, read without running it.

`.vitepress/config.mts` and `.vuepress/config.ts` are programs: a setting may be computed
(`base: process.env.BASE`), imported from another file (`import theme from "./theme"`) or
spread from a function. Running them would need Node and the site's dependencies, and
would run a stranger's code, so the import reads only what is written as a literal —
`title: "梯度笔记"`, `lang: 'zh-CN'`, `base: "/notes/"`, `cleanUrls: true`, the
`locales` object, `{ text: "指南", link: "/guide/" }` entries of a `nav` or `navbar`
array, `{ icon: "github", link: "…" }` social links — and names what it could not read.
The files a config imports with `./` (hope's `theme.ts`), and the files they import
(its `navbar.ts`), are read the same way, after the config, for the keys the config
lacks; a setting written as a member of an object they declare (`title: metaData.title`,
`export const metaData = { title: "…" }`) is that object's literal, and a `navbar`
written as a name (`navbar: zhNavbar`, or `navbar` alone) is the array of that name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lanting.importer.common import read_text
from lanting.importer.js_literals import (
    QUOTED,
    Depths,
    depths_of,
    keys_at,
    literal_entries,
    literal_value,
    local_modules,
    named_arrays,
    strip_comments,
)
from lanting.importer.vuepress_plume import plume_collections

CONFIG_NAMES = ("config.mts", "config.ts", "config.mjs", "config.js", "config.cjs",
                "config.cts", "config/index.mts", "config/index.ts", "config/index.js")
"""Where VitePress and VuePress look for the configuration, in their order."""
READ_KEYS = ("title", "description", "lang", "base", "srcDir", "cleanUrls", "hostname",
             "author", "locales", "nav", "navbar", "socialLinks", "blog", "type", "rewrites",
             "srcExclude")
"""Keys whose literal values the import uses."""
_MATH = re.compile(r"\bmath\s*:\s*(?:true|\{)|katex|mathjax|markdownMath|texmath",
                   re.IGNORECASE)
_PLUME = re.compile(r"""['"]vuepress-theme-plume['"]""")
_NO_MATH = re.compile(r"\b(?:math|markdownMath)\s*:\s*false\b")
"""vuepress-theme-plume turns KaTeX on by itself, unless told `math: false`."""
_BLOG = re.compile(r"\bblog\s*:\s*(?:true\b|\{)")



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


def config_file(config_dir: Path) -> Path | None:
    for name in CONFIG_NAMES:
        if (config_dir / name).is_file():
            return config_dir / name
    return None


def read_config(config_dir: Path) -> JsConfig:
    found = JsConfig()
    main = config_file(config_dir)
    if main is None:
        return found
    # (hope's sites import the theme's options, `import theme from "./theme.js"`, whose
    # file imports the navbar's, `import navbar from "./navbar.js"`: followed in turn)
    texts = {main: strip_comments(read_text(main))}
    found.files.append(main)
    # (plume reads its theme's options from `plume.config.ts` beside the config itself)
    for plume in (config_dir / f"plume.config.{e}" for e in ("ts", "mts", "js", "mjs")):
        if plume.is_file():
            texts[plume] = strip_comments(read_text(plume))
            found.files.append(plume)
    for path in found.files:
        for module in local_modules(texts[path], path.parent):
            if module not in texts and len(texts) < _MODULES:
                texts[module] = strip_comments(read_text(module))
                found.files.append(module)
    codes = [texts[path] for path in found.files]
    found.arrays = named_arrays(texts)
    for each in codes:  # (before any setting is read: the config names them first)
        _constants(each, found)
    for number, each in enumerate(codes):
        _read_object(each, found, top=number == 0)
    if any(_PLUME.search(c) for c in codes):
        found.math = found.math or not any(_NO_MATH.search(c) for c in codes)
        blog, found.notes_dir = plume_collections(codes)
        found.blog = found.blog or blog
    return found


_MODULES = 24
"""The most config files read (one importing another), against an import cycle."""
_CONST_OBJECT = re.compile(r"\bconst\s+([A-Za-z_$][\w$]*)\s*(?::\s*[\w.$<>\[\]]+\s*)?=\s*\{")
_MEMBER = re.compile(r"\s*([A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*)\s*[,}\n]")


def _constants(code: str, found: JsConfig) -> None:
    """The literal values of each `const NAME = { key: "…" }` of a config file (the
    templates many notes sites start from keep `title` and `lang` in a `metaData`
    object of `./config/constants.ts`)."""
    depths = depths_of(code)
    for match in _CONST_OBJECT.finditer(code):
        start = match.end() - 1
        for key, at in keys_at(code, depths, start, depths[start]):
            value = literal_value(code, at)
            if value is not None:
                found.constants.setdefault(f"{match.group(1)}.{key}", value)


_CALLED = re.compile(r"\b(?:define\w*Config\w*|\w+Theme|getThemeConfig)\s*(?:<[^>\n]*>)?\s*"
                     r"\(\s*\{")
"""`defineConfig({`, `defineUserConfig({`, vdoing's `defineConfig4CustomTheme<T>({`,
`hopeTheme({`, `recoTheme({`, `@sugarat/theme`'s `getThemeConfig({`."""
_EXPORTED = re.compile(r"(?:module\.exports\s*=|export\s+default)\s*(?:<[^>\n]*>\s*)?\{")
"""`module.exports = {`, `export default {`, vdoing's `export default <T>{`."""


_DEFAULT = re.compile(r"(?:export\s+default|module\.exports\s*=)\s*")
_WRAPPED_OBJECT = re.compile(r"(?:[\w.$]+\s*(?:<[^>\n]*>)?\s*\(\s*)*(?:<[^>\n]*>\s*)?\{")
"""The object a default export is, inside calls (`withMermaid(defineConfig({`)."""


def _object_start(code: str) -> int:
    """Where the configuration's object `{` is: the default export's (a file may build
    another config first, `defineTeekConfig({…})`, which the default `extends`), else the
    first `defineConfig({`-like call's; -1 if none."""
    for export in _DEFAULT.finditer(code):
        wrapped = _WRAPPED_OBJECT.match(code, export.end())
        if wrapped:
            return wrapped.end() - 1
    found = _CALLED.search(code) or _EXPORTED.search(code)
    return found.end() - 1 if found else -1


def _read_object(code: str, found: JsConfig, top: bool) -> None:
    if re.search(r"""(?:from\s+|require\(\s*)['"][^'"]*(?:sugarat/theme|vuepress-theme-vdoing|"""
                 r"""vitepress-theme-teek|theme-blog|blog-theme)[^'"]*['"]|"""
                 r"""\btheme:\s*['"]vdoing['"]""", code):
        found.blog = True  # (a blog theme: its home page lists every dated page)
    if _MATH.search(code):
        found.math = True
    if _BLOG.search(code):  # (hope's `plugins: { blog: true }`, nested where no key is read)
        found.blog = True
    named = re.search(r"""['"](?:vuepress-theme-(hope|reco|plume)|@vuepress-reco/theme)\b|"""
                      r"""\btheme:\s*['"](reco)['"]""", code)
    if named and not found.theme:
        found.theme = named.group(1) or named.group(2) or "reco"
    start = _object_start(code)
    if start < 0:
        return
    depths = depths_of(code)
    _read_keys(code, depths, start, found, top)
    for call in _CALLED.finditer(code):
        # (`const teekConfig = defineTeekConfig({…})` beside the config that `extends`
        # it: read after it, for the keys it lacks)
        if call.end() - 1 != start and depths[call.start()] == 0:
            _read_keys(code, depths, call.end() - 1, found, top=False)


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


def _read_keys(code: str, depths: Depths, start: int, found: JsConfig, top: bool) -> None:
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
