"""The settings of a Docusaurus site, read without running them.

`docusaurus.config.js` (or `.ts`, `.mjs`) is a JavaScript module: running it would need
Node, the site's `node_modules` and trust in its code. So only the fields written as
plain string literals are read — `title`, `tagline`, `url`, `baseUrl`, `trailingSlash`,
`i18n: {defaultLocale, locales}`, the blog's and the docs' `path` and `routeBasePath`
(`blog: false`, `docs: false` too), the navbar's links, in the config or the modules it
imports by a relative path (`import presets from "./config/presets"`) — and every field
that is not such a literal (a template string, a variable, a function call) is named in
the report, as are the settings Lanting has no place for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lanting.importer.js_literals import QUOTED, depths_of, local_modules, strip_comments
from lanting.importer.js_literals import key_object as _object
from lanting.importer.js_literals import key_string as _literal
from lanting.importer.report import Report

CONFIG_NAMES = ("docusaurus.config.js", "docusaurus.config.ts", "docusaurus.config.mjs",
                "docusaurus.config.mts", "docusaurus.config.cjs")
_LEFT_OUT = ("favicon", "organizationName", "projectName", "deploymentBranch", "onBrokenLinks",
             "onBrokenMarkdownLinks", "themeConfig", "stylesheets", "scripts", "themes",
             "customFields", "markdown", "future", "headTags", "clientModules",
             "staticDirectories")
"""Top-level settings only Docusaurus, its theme or its deployment read."""


@dataclass(frozen=True, slots=True)
class Route:
    """Where one content plugin (the blog, the docs) reads files and serves them."""

    enabled: bool
    path: str
    """The folder of its files, from the site's root (`blog`, `docs`)."""
    route: str
    """Its URL prefix from `baseUrl`, without slashes (`blog`, `docs`; `` at the root)."""


@dataclass
class DocusaurusConfig:
    """What could be read from `docusaurus.config.*`."""

    file: str = ""
    """Its name (`docusaurus.config.ts`), empty when the site has none."""
    title: str = ""
    tagline: str = ""
    url: str = ""
    base_url: str = "/"
    trailing_slash: bool | None = None
    default_locale: str = ""
    locales: list[str] = field(default_factory=list)
    locales_known: bool = True
    """Whether `locales` are the languages Docusaurus built: the config's literal list,
    or none but the default one when it has no `i18n` (not when the list is code)."""
    blog: Route = Route(True, "blog", "blog")
    docs: Route = Route(True, "docs", "docs")
    navbar: list[dict[str, Any]] = field(default_factory=list)
    """The navbar's items: `label` with `to` or `href`; a drop-down's `children`."""
    math: bool = False
    """`remark-math` among its plugins: `$…$` was a formula."""
    mermaid: bool = False
    """`@docusaurus/theme-mermaid` (with `markdown: {mermaid: true}`): ```` ```mermaid ````
    blocks were diagrams."""
    admonition_keywords: list[str] = field(default_factory=list)
    """The admonitions' `keywords` (`['quiz']`, kinds of the site's own beside the
    default ones)."""
    mdx: bool = True
    """Every file was MDX (Docusaurus 2, and 3 by default); `markdown: {format:
    'detect'}` made `.md` files CommonMark."""


def _route(text: str, key: str, report: Report, file: str) -> Route:
    if re.search(rf"(?<![\w.$]){key}\s*:\s*false\b", text):
        return Route(False, key, key)
    options = _object(text, key)
    return Route(True, key, key) if options is None else _options_route(options, key,
                                                                        report, file)


def _options_route(options: str, key: str, report: Report, file: str) -> Route:
    """The route of a content plugin given its options' text (inside the braces)."""
    path, _ = _literal(options, "path")
    route, has_route = _literal(options, "routeBasePath")
    if has_route and route is None:
        report.warn(file, None, f"`{key}.routeBasePath` is not a plain string: read as "
                    f"`{key}` (the default)")
    return Route(True, (path or key).strip("./").strip("/") or key,
                 (route if route is not None else key).strip("/"))


_PLUGIN = re.compile(r"""\[\s*(['"])([^'"\n]+)\1\s*,\s*\{""")
"""A plugin with its options in `plugins: [...]`: `['./src/plugin/blog', {path: 'blog'}]`."""


def _plugin_blog(text: str, folder: Path, report: Report,
                 file: str) -> tuple[str, Route] | None:
    """A blog the `plugins` list serves: `@docusaurus/plugin-content-blog` itself, or a
    module of the site's own wrapping it (`./src/plugin/plugin-content-blog`, whose code
    requires it to sort posts or to share them with the home page, as a much-forked
    Chinese blog does): (the plugin's name as written, its route). The first one without
    an `id` (the default instance), else the first."""
    found: list[tuple[str, str, bool]] = []
    for match in _PLUGIN.finditer(text):
        name = match.group(2)
        if not (name == "@docusaurus/plugin-content-blog" or name.startswith(".") and (
                "plugin-content-blog" in name or _wraps_blog(folder, name))):
            continue
        options = _object("o: " + text[match.end() - 1:], "o") or ""
        ident, _ = _literal(options, "id")
        found.append((name, options, ident not in (None, "default")))
    found.sort(key=lambda entry: entry[2])
    if not found:
        return None
    name, options, _named = found[0]
    return name, _options_route(options, "blog", report, file)


def _wraps_blog(folder: Path, name: str) -> bool:
    """Whether a module of the site (`./plugins/blog`: the file, with a suffix, or its
    folder's `index`) requires or imports `@docusaurus/plugin-content-blog`."""
    module = folder / name
    if not module.resolve().is_relative_to(folder.resolve()):
        return False
    candidates = [module, *(module.with_name(module.name + s) for s in (".js", ".ts", ".mjs",
                                                                        ".cjs")),
                  *(module / f"index{s}" for s in (".js", ".ts", ".mjs", ".cjs"))]
    return any(path.is_file() and "@docusaurus/plugin-content-blog" in path.read_text(
        encoding="utf-8", errors="replace") for path in candidates)


def _navbar(text: str) -> list[dict[str, Any]]:
    """The navbar's items that are plain links (`{to: '/blog', label: 'Blog'}`), docs
    (`type: 'doc'`), and drop-downs (`type: 'dropdown'`, their `items` such links)."""
    navbar = _object(text, "navbar")
    if navbar is None:
        return []
    depths = depths_of(navbar)
    items: list[dict[str, Any]] = []
    for brace in (m.start() for m in re.finditer(r"\{", navbar)):
        level = depths[brace]
        if depths.strings[brace] or level not in (_ITEM_LEVEL, _ITEM_LEVEL + 2):
            continue
        end = brace + 1
        while end < len(navbar) and depths[end] >= level:
            end += 1
        # (the object's own keys: nested objects and arrays left out)
        own = "".join(navbar[j] for j in range(brace + 1, end) if depths[j] == level)
        label, _ = _literal(own, "label")
        to, _ = _literal(own, "to")
        href, _ = _literal(own, "href")
        kind, _ = _literal(own, "type")
        link = {"name": label, "url": to or href or ""} if label and (to or href) else None
        if level > _ITEM_LEVEL:  # (an entry of the drop-down before it)
            if link and items and items[-1].get("type") == "dropdown":
                items[-1]["children"].append(link)
        elif label and kind == "dropdown":
            items.append({"name": label, **({"url": link["url"]} if link else {}),
                          "type": "dropdown", "children": []})
        elif link:
            items.append(link)
        elif label and kind in ("doc", "docSidebar"):
            items.append({"name": label, "url": "", "type": kind})
    return items


_ITEM_LEVEL = 2
"""The depth of the navbar's items (`items: [{…}]` inside the navbar's object)."""


def read_config(source: Path, report: Report) -> DocusaurusConfig:
    config = DocusaurusConfig()
    file = next((source / n for n in CONFIG_NAMES if (source / n).is_file()), None)
    if file is None:
        report.warn(source, None, "no docusaurus.config.js: the site's title, URL and "
                    "language are not known")
        return config
    config.file = file.name
    raw = file.read_text(encoding="utf-8", errors="replace")
    text = strip_comments(raw)
    # (the site's own fields come before `themeConfig`, whose navbar has a `title` too)
    head = re.split(r"(?<![\w.$])themeConfig\s*:", text, maxsplit=1)[0]
    unread: list[str] = []
    for key in ("title", "tagline", "url", "baseUrl"):
        value, present = _literal(head, key)
        if value is not None:
            setattr(config, {"baseUrl": "base_url"}.get(key, key), value)
        elif present:
            unread.append(key)
    slash = re.search(r"(?<![\w.$])trailingSlash\s*:\s*(true|false)\b", head)
    if slash:
        config.trailing_slash = slash.group(1) == "true"
    # (`i18n` is the config's own too, but often written last, after `themeConfig`)
    i18n = _object(head, "i18n") or _object(text, "i18n")
    if i18n is not None:
        locale, present = _literal(i18n, "defaultLocale")
        if locale is not None:
            config.default_locale = locale
        elif present:
            unread.append("i18n.defaultLocale")
        listed = re.search(r"locales\s*:\s*\[([^\]]*)\]", i18n)
        if listed:
            config.locales = [a or b for a, b in re.findall(QUOTED, listed.group(1))]
        config.locales_known = listed is not None
    # (the presets, plugins and theme config are often modules of their own:
    # `import presets from "./config/presets"`, where remark-math is turned on)
    own = text
    for module in local_modules(own, file.parent):
        text += "\n" + strip_comments(module.read_text(encoding="utf-8", errors="replace"))
    config.blog = _route(text, "blog", report, file.name)
    own_blog = _plugin_blog(text, file.parent, report, file.name)
    if config.blog.enabled:
        own_blog = None
    elif own_blog is not None:
        config.blog = own_blog[1]  # (the preset's blog off, a plugin of its `plugins` on)
    config.docs = _route(text, "docs", report, file.name)
    config.navbar = _navbar(text)
    config.math = bool(re.search(r"remark-math|remarkMath", text))
    keywords = re.search(r"admonitions\s*:\s*\{[^{}]*?keywords\s*:\s*\[([^\]]*)\]", text)
    if keywords:
        config.admonition_keywords = [a or b for a, b in re.findall(QUOTED, keywords.group(1))]
    config.mdx = not re.search(r"""(?<![\w.$])format\s*:\s*['"]detect['"]""", text)
    config.mermaid = bool(re.search(r"theme-mermaid", text)) and bool(
        re.search(r"(?<![\w.$])mermaid\s*:\s*true\b", text))
    if unread:
        report.warn(file.name, None, "not read (not a plain string: Lanting does not run "
                    "JavaScript): " + ", ".join(f"`{k}`" for k in unread)
                    + "; set them in lanting.toml")
    blogs = re.findall(r"['\"]@docusaurus/plugin-content-(blog|docs)['\"]", text)
    if own_blog is not None and own_blog[0] == "@docusaurus/plugin-content-blog":
        blogs.remove("blog")  # (the one instance is the blog, not another)
    if blogs:
        report.warn(file.name, None, "another instance of the blog or docs plugin "
                    f"(`plugins: ['@docusaurus/plugin-content-{blogs[0]}', …]`): only the "
                    "preset's `blog/` and `docs/` are imported; import the other folder "
                    "by hand")
    left = [k for k in _LEFT_OUT if re.search(rf"(?<![\w.$]){k}\s*:", own)]
    if re.search(r"(?<![\w.$])plugins\s*:", own):
        left.append("plugins")
    if left:
        report.note(file.name, None, "settings only Docusaurus or its theme read, left out: "
                    + ", ".join(f"`{k}`" for k in left))
    return config


def kebab(label: str) -> str:
    """A tag's URL name as Docusaurus made it from a tag written as a string (lodash's
    `kebabCase`: words split at spaces, punctuation and case changes, lower case, joined
    by `-`; CJK kept)."""
    words = re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\W\d_a-zA-Z]+",
                       label)
    return "-".join(w.lower() for w in words)
